package testkit

import (
	"testing"

	"m44/rules"
)

// TestPlayDoesNothingOnCorpus: PlayDoesNothingOn, one copy reused for every
// card of a hand and from position to position, answers as PlayDoesNothing
// (a fresh copy each time) at every card decision of random corpus games,
// and leaves the position as it was.
func TestPlayDoesNothingOnCorpus(t *testing.T) {
	var tmp *rules.State
	asked, idle := 0, 0
	walkCorpus(t, 1, 3000, func(g int) (uint64, uint64) { return uint64(g + 41), uint64(g)*7907 + 3 },
		func(sc Scenario, g, n int, s *rules.State, legal []rules.Action, r *Rng) rules.Action {
			if s.Phase() == rules.PhaseCard {
				h := s.Hash()
				for _, a := range legal {
					var got bool
					got, tmp = s.PlayDoesNothingOn(a, tmp)
					if want := s.PlayDoesNothing(a); got != want {
						t.Fatalf("%s step %d %s: PlayDoesNothingOn %v, PlayDoesNothing %v", sc.File, n, a, got, want)
					}
					asked++
					if got {
						idle++
					}
				}
				if s.Hash() != h {
					t.Fatalf("%s step %d: the position changed", sc.File, n)
				}
			}
			return legal[r.Intn(len(legal))]
		})
	if idle == 0 {
		t.Fatalf("%d plays asked, none idle", asked)
	}
	t.Logf("%d plays asked, %d idle", asked, idle)
}

// TestCloneNextCorpus: random corpus games played as the web server plays
// them (each action checked and applied on CloneNext of the position, which
// takes its working memory along) list the same legal actions, and reach
// the same positions, as the same games played on plain clones.
func TestCloneNextCorpus(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	positions := 0
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		for g := 0; g < games; g++ {
			st := board.NewGame(uint64(g) + 77)
			plain := st.Clone()
			r := Rng{uint64(g)*31 + 9}
			for n := 0; n < 3000; n++ {
				if over, _ := st.Over(); over {
					break
				}
				legal, want := st.Legal(), plain.Clone().Legal()
				if len(legal) != len(want) {
					t.Fatalf("%s game %d step %d: %d legal actions, %d on a plain clone", sc.File, g, n, len(legal), len(want))
				}
				for i := range legal {
					if legal[i] != want[i] {
						t.Fatalf("%s game %d step %d: legal action %d is %s, %s on a plain clone", sc.File, g, n, i, legal[i], want[i])
					}
				}
				a := legal[r.Intn(len(legal))]
				next := st.CloneNext()
				if _, err := next.Apply(a); err != nil {
					t.Fatalf("%s game %d step %d: %s: %v", sc.File, g, n, a, err)
				}
				if _, err := plain.Apply(a); err != nil {
					t.Fatalf("%s game %d step %d: %s on a plain clone: %v", sc.File, g, n, a, err)
				}
				if next.Hash() != plain.Hash() {
					t.Fatalf("%s game %d step %d: %s: positions differ", sc.File, g, n, a)
				}
				st = next
				positions++
			}
		}
	}
	t.Logf("%d positions", positions)
}
