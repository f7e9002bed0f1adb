package rules

import (
	"slices"
	"testing"

	"m44/hex"
)

// Arnhem Bridge: "Units may only enter or exit Arnhem Bridge from or onto
// the hexes as noted at the ends of the bridge. Movement along the span of
// bridge is normal." (BridgeSpan), and "Infantry units may not target units
// on the opposite side of the Rhine River, which is too wide in this
// section." (HexSetup.NoFireAcross).
func TestArnhemBridge(t *testing.T) {
	s, seed := setupOf(t, "allies inf 6,12", "allies inf 5,11", "allies arm 6,14", "axis inf 1,15", "axis inf 0,0")
	// A span of three sections from 5,13 to 3,15 over a river row 3.
	s.Hexes = append(s.Hexes,
		HexSetup{Hex: H("5,13"), Structure: BridgeSpan},
		HexSetup{Hex: H("4,14"), Structure: BridgeSpan},
		HexSetup{Hex: H("3,15"), Terrain: River, Structure: BridgeSpan, NoFireAcross: InfantryOnly},
		HexSetup{Hex: H("3,13"), Terrain: River, NoFireAcross: InfantryOnly},
		HexSetup{Hex: H("3,17"), Terrain: River, NoFireAcross: InfantryOnly})
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	reach := func(h string) []hex.Hex {
		r, err := st.Reachable(H(h))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// In line with the south end (6,12 → 5,13): on and along the span.
	if r := reach("6,12"); !slices.Contains(r, H("5,13")) || !slices.Contains(r, H("4,14")) {
		t.Errorf("from the end in line: %v", r)
	}
	// From beside the span (5,11 is next to 5,13 but not in line): no way on.
	if r := reach("5,11"); slices.Contains(r, H("5,13")) {
		t.Errorf("entered the span from its side: %v", r)
	}
	// Armor from 6,14 (beside 5,13): not on the span either.
	if r := reach("6,14"); slices.Contains(r, H("5,13")) || slices.Contains(r, H("4,14")) {
		t.Errorf("armor entered the span from its side: %v", r)
	}
	// Infantry does not fire across the wide river; armor does.
	inf, _ := BaseCatalog().UnitByKey("infantry")
	arm, _ := BaseCatalog().UnitByKey("armor")
	if d := st.DiceAt(inf, H("4,14"), Axis, H("2,16"), 0); d != 0 {
		t.Errorf("infantry fires across the wide river with %d dice", d)
	}
	if d := st.DiceAt(arm, H("4,14"), Axis, H("2,16"), 0); d == 0 {
		t.Error("armor does not fire across the wide river")
	}
}
