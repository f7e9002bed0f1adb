package testkit

import (
	"slices"
	"testing"

	"m44/rules"
)

// TestKeptReachesCorpus: the move step keeps each ordered unit's reach
// between decisions and a move invalidates only the reaches that looked at
// the hexes it changed (issue 15, incremental movement). On every corpus
// scenario, random games played with Play (which uses the kept reaches) must
// offer at every decision exactly the actions a fresh clone (which searches
// everything again) offers, and reach the same position as a game played
// with Apply on fresh clones.
func TestKeptReachesCorpus(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	moves := 0
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		for g := 0; g < games; g++ {
			s := board.NewGame(uint64(g + 1))
			r := Rng{uint64(g) * 7919}
			var buf, fresh []rules.Action
			for steps := 0; steps < 3000; steps++ {
				if over, _ := s.Over(); over {
					break
				}
				buf = s.LegalActions(buf[:0])
				c := s.Clone()
				fresh = c.LegalActions(fresh[:0])
				if !slices.Equal(buf, fresh) {
					t.Fatalf("%s game %d step %d (%s): kept reaches give\n%v\nfresh search gives\n%v", sc.File, g, steps, s.Phase(), buf, fresh)
				}
				a := buf[r.Intn(len(buf))]
				if a.Kind == rules.ActMove {
					moves++
				}
				s.Play(a)
				c.Play(a)
				if s.Hash() != c.Hash() {
					t.Fatalf("%s game %d step %d: %s leads to another position with kept reaches", sc.File, g, steps, a)
				}
			}
		}
	}
	if moves == 0 {
		t.Fatal("no move played")
	}
	t.Logf("%d moves checked", moves)
}

// TestCloneIntoCorpus: CloneInto copies a position into a state's old memory
// (issue 15: bots reuse memory across decisions). At every decision of
// random games on every corpus scenario, a copy made into the memory of a
// state left at an earlier position (of any game, of this scenario or the
// one before) must be the position, and play on exactly as a Clone does.
func TestCloneIntoCorpus(t *testing.T) {
	var spare *rules.State
	var a1, a2 []rules.Action
	checked := 0
	walkCorpus(t, 2, 2000, func(g int) (uint64, uint64) { return uint64(g + 11), uint64(g) * 104729 },
		func(sc Scenario, g, steps int, s *rules.State, legal []rules.Action, r *Rng) rules.Action {
			if steps%37 == 0 {
				spare = s.CloneInto(spare)
				c := s.Clone()
				if spare.Hash() != s.Hash() {
					t.Fatalf("%s game %d step %d: CloneInto gives another position", sc.File, g, steps)
				}
				// Play both copies on for a few random actions.
				rr := Rng{uint64(steps)}
				for k := 0; k < 8; k++ {
					if over, _ := c.Over(); over {
						break
					}
					a1 = c.LegalActions(a1[:0])
					a2 = spare.LegalActions(a2[:0])
					if !slices.Equal(a1, a2) {
						t.Fatalf("%s game %d step %d+%d: legal actions differ after CloneInto", sc.File, g, steps, k)
					}
					a := a1[rr.Intn(len(a1))]
					c.Play(a)
					spare.Play(a)
					if c.Hash() != spare.Hash() {
						t.Fatalf("%s game %d step %d+%d: %s gives another position after CloneInto", sc.File, g, steps, k, a)
					}
				}
				checked++
			}
			return legal[r.Intn(len(legal))]
		})
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Logf("%d copies checked", checked)
}

// TestKeptLevelsCorpus: the reaches the move step keeps as levels, and
// those a plain move dropped and searchAgain searched again with the
// unit's costs kept (issue 15, eighth pass), are the reaches searched now.
// At every decision of random games on every corpus scenario, played with
// Play (which keeps the reaches), every reach kept as levels must have the
// levels, the moves in order, the costs and the hexes looked at of a fresh
// search.
func TestKeptLevelsCorpus(t *testing.T) {
	again, kept := 0, 0
	positions := checkCorpus(t, 3, func(g int) (uint64, uint64) { return uint64(g + 31), uint64(g)*6151 + 3 },
		func(s *rules.State) error {
			a, k, err := s.CheckKeptLevels()
			again, kept = again+a, kept+k
			return err
		})
	if again == 0 {
		t.Fatal("no reach searched again compared")
	}
	t.Logf("%d positions, %d kept reaches compared, %d of them searched again", positions, kept, again)
}
