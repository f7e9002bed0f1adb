package match

import (
	"encoding/json"
	"testing"

	"m44/hex"
	"m44/rules"
)

// command-cards.md "Their Finest Hour": a roll of one die per card held may
// have more than 8 dice; the log entry and the dice tray carry every face,
// for every viewer (rules.MaxDice).
func TestDiceEntryEveryFace(t *testing.T) {
	st, err := rules.New(&rules.Setup{Grid: hex.Standard(), Cards: [2]int{1, 1}, Victory: [2]int{1, 1}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	e := rules.Event{Kind: rules.EvDiceRolled, Side: rules.Allies, Card: rules.NoCard, NDice: 12}
	for k := range 12 {
		e.Dice[k] = rules.FaceStar
	}
	en := eventEntry(st, 1, e)
	if en.dice == nil || len(en.dice.Faces) != 12 {
		t.Fatalf("dice %+v", en.dice)
	}
	for v := viewer(0); v < numViewers; v++ {
		var l struct {
			Event struct {
				Faces []string `json:"faces"`
			} `json:"event"`
		}
		if err := json.Unmarshal(en.json[v], &l); err != nil || len(l.Event.Faces) != 12 {
			t.Fatalf("viewer %d: %s (%v)", v, en.json[v], err)
		}
	}
}
