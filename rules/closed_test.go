package rules

import "testing"

// Scenario rules that close hexes (Villers-Bocage's forests and villages,
// Montelimar's and St. Vith's hills — FAQ XI St. Vith, digest 79: the
// corrected map's mountains, impassable both ways —, Saverne Gap's mountains): no unit may
// enter or retreat into them; a unit starting there may leave. Saverne Gap:
// artillery may not fire across them.
func TestClosedHexes(t *testing.T) {
	s, seed := setupOf(t, "allies inf 6,12", "allies art 8,12", "axis inf 2,12", "axis inf 4,14", "5,13 forest")
	for i := range s.Hexes {
		if s.Hexes[i].Hex == H("5,13") {
			s.Hexes[i].Closed = true
		}
	}
	s.Hexes = append(s.Hexes, HexSetup{Hex: H("5,11"), Closed: true}, HexSetup{Hex: H("4,12"), Terrain: Hill, Closed: true, NoFireAcross: ArtilleryOnly})
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	reach, _ := st.Reachable(H("6,12"))
	for _, h := range reach {
		if h == H("5,13") || h == H("5,11") || h == H("4,12") {
			t.Fatalf("a closed hex %s is reachable: %v", h, reach)
		}
	}
	// Artillery at 8,12 firing at 2,12 crosses the closed hill at 4,12.
	if n, _ := st.BattleDice(H("8,12"), H("2,12")); n != 0 {
		t.Fatalf("artillery fires across a closed hill with %d dice", n)
	}
	// It may fire at 4,14, whose line does not cross it.
	if n, _ := st.BattleDice(H("8,12"), H("4,14")); n == 0 {
		t.Fatalf("artillery cannot fire at 4,14")
	}
}
