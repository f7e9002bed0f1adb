package view

import (
	"encoding/json"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

// The view carries a wadi's open ends (FAQ II 44) and the big guns' target
// markers (FAQ IV Artillerie lourde), public to every viewer.
func TestTerrainPackView(t *testing.T) {
	cat, err := rules.NewCatalog(rules.TerrainPack(), rules.SpecialTroops())
	if err != nil {
		t.Fatal(err)
	}
	wadi, _ := cat.GroundByKey("wadi")
	s := &rules.Setup{Name: "view", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies, Cards: [2]int{4, 4}, Victory: [2]int{6, 6},
		Deck: rules.SectionDeck(), Rulesets: []*rules.Ruleset{rules.TerrainPack(), rules.SpecialTroops()},
		Hexes: []rules.HexSetup{{Hex: hex.Hex{Row: 5, Col: 3}, Terrain: wadi, Ends: 1<<0 | 1<<3}},
		Units: []rules.UnitSetup{
			{Hex: hex.Hex{Row: 8, Col: 12}, Type: rules.Artillery, Side: rules.Allies, Kind: "big-gun"},
			{Hex: hex.Hex{Row: 4, Col: 12}, Type: rules.Infantry, Side: rules.Axis},
			{Hex: hex.Hex{Row: 0, Col: 0}, Type: rules.Infantry, Side: rules.Axis},
		}}
	st, err := rules.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	var card rules.CardID = rules.NoCard
	for id := 0; id < st.DeckSize(); id++ {
		if st.Card(rules.CardID(id)).Name() == "attack-center" {
			card = rules.CardID(id)
			break
		}
	}
	if err := st.SetHand(rules.Allies, []rules.CardID{card}); err != nil {
		t.Fatal(err)
	}
	step := func(a string) {
		t.Helper()
		act, err := rules.ParseAction(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(act); err != nil {
			t.Fatalf("%s: %v (legal %v)", a, err, st.Legal())
		}
	}
	step("play " + itoa(int(card)))
	step("order 8,12")
	for st.Phase() == rules.PhaseOrder || st.Phase() == rules.PhaseMove {
		if st.Phase() == rules.PhaseOrder {
			step("end-orders")
		} else {
			step("end-moves")
		}
	}
	st.ScriptDice(rules.FaceInfantry, rules.FaceStar) // 2 dice at 4 hexes: a hit (a flag would move it, and the marker would go)
	step("battle 8,12 4,12")
	for st.Phase() == rules.PhaseRetreat {
		step(st.Legal()[0].String())
	}
	for _, v := range []Viewer{Spectator(), Seat(rules.Allies, 0), Seat(rules.Axis, 0)} {
		b, err := json.Marshal(Of(st, v))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"ends":[0,3]`) {
			t.Errorf("%v: no wadi ends in %s", v, b)
		}
		if !strings.Contains(string(b), `"target_markers":[{"gun":"8,12","target":`) {
			t.Errorf("%v: no target marker in %s", v, b)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
