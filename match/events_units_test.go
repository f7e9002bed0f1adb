package match

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"m44/rules"
	"m44/view"
)

// TestEntriesNameUnitsPublicly: the log names the units an event is about
// (kind, side, nation) so that the client can word "British infantry
// battles German armor"; what it names is only what every viewer sees on
// the board before or after the action (the units are public), and it reads
// the same for every viewer. A payload scan over a game played with random
// legal actions.
func TestEntriesNameUnitsPublicly(t *testing.T) {
	sc := libraryScenario(t)
	st, err := rules.New(sc.Setup, 7)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	public := func(b view.Board) map[view.UnitRef]bool {
		out := map[view.UnitRef]bool{}
		for _, u := range b.Units {
			out[view.UnitRef{Kind: u.Kind, Type: u.Type, Side: u.Side, Nation: u.Nation}] = true
		}
		return out
	}
	named, battles := 0, 0
	for step := 0; step < 400; step++ {
		if over, _ := st.Over(); over {
			break
		}
		legal := st.Legal()
		before := public(view.BoardOf(st))
		evs, err := st.Apply(legal[rng.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		after := public(view.BoardOf(st))
		for _, e := range evs {
			en := eventEntry(st, step+1, e)
			var first map[string]json.RawMessage
			for v := viewer(0); v < numViewers; v++ {
				var le LogEntry
				if err := json.Unmarshal(en.json[v], &le); err != nil {
					t.Fatal(err)
				}
				for _, k := range []string{"unit", "target"} {
					raw, ok := le.Text.Args[k]
					if !ok {
						continue
					}
					b, _ := json.Marshal(raw)
					var u view.UnitRef
					if err := json.Unmarshal(b, &u); err != nil {
						t.Fatalf("%s %s: %v", e, k, err)
					}
					if !before[u] && !after[u] {
						t.Errorf("%s names %s %+v, on no public board", e, k, u)
					}
					if v == 0 {
						if first == nil {
							first = map[string]json.RawMessage{}
						}
						first[k] = b
						named++
					} else if string(first[k]) != string(b) {
						t.Errorf("%s: %s reads %s for viewer %d, %s for the first", e, k, b, v, first[k])
					}
				}
			}
			if e.Kind == rules.EvBattle {
				battles++
				if !e.Unit.Known || !e.Target.Known {
					t.Errorf("%s: a battle without its units", e)
				}
			}
		}
	}
	if named == 0 || battles == 0 {
		t.Fatalf("the game named %d units in %d battles", named, battles)
	}
}
