package match

import (
	"testing"

	"m44/hex"
	"m44/rules"
)

// rulebook p.6 "Activer des unités": a card that orders no unit ends the
// turn. The snapshot marks such a play idle (the client then asks first): a
// Probe on the flank where the side has no unit is idle, on the flank where
// it has one it is not.
func TestLegalMarksAnIdlePlay(t *testing.T) {
	at := func(s string) hex.Hex {
		h, err := hex.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	setup := &rules.Setup{Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies, Cards: [2]int{2, 2}, Victory: [2]int{4, 4},
		Units: []rules.UnitSetup{
			{Hex: at("8,2"), Type: rules.Infantry, Side: rules.Allies}, // the Allies' left flank
			{Hex: at("0,12"), Type: rules.Infantry, Side: rules.Axis},
		}}
	st, err := rules.New(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]rules.CardID{}
	for id := 0; id < st.DeckSize(); id++ {
		n := st.Card(rules.CardID(id)).Name()
		if _, ok := ids[n]; !ok && (n == "probe-left" || n == "probe-right") {
			ids[n] = rules.CardID(id)
		}
	}
	if err := st.SetHand(rules.Allies, []rules.CardID{ids["probe-left"], ids["probe-right"]}); err != nil {
		t.Fatal(err)
	}
	before := st.Hash()
	idle := map[string]bool{}
	var probe *rules.State
	for _, l := range legalOn(st, &probe) {
		if l.Kind == "play" {
			idle[l.Name] = l.Idle
		}
	}
	if len(idle) != 2 || idle["probe-left"] || !idle["probe-right"] {
		t.Errorf("idle %v, want probe-right only", idle)
	}
	if st.Hash() != before {
		t.Error("asking changed the game")
	}
}
