package testkit

import (
	"errors"
	"os"
	"sort"
	"testing"

	"m44/rules"
)

func corpus(t testing.TB) []Scenario {
	sc, err := Corpus()
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("no scenario corpus at %s: %v", CorpusDir, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestSoakCorpus plays complete games of uniformly random legal actions on
// every playable corpus scenario, with the full 60-card deck, in 2-, 3- and
// 4-player configurations, checking the engine's invariants after every
// action: a legal action exists until the game ends, cards are conserved,
// figures appear only through Medics & Mechanics and airdrops, medals never pass the
// victory number, and every game ends.
func TestSoakCorpus(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 20
	}
	total := 0
	for _, sc := range corpus(t) {
		if !sc.Playable {
			continue
		}
		var turns []int
		for g := 0; g < games; g++ {
			setup := *sc.Setup
			setup.Players = [2]int{1 + g%2, 1 + (g/2)%2}
			s, err := rules.New(&setup, uint64(g+1))
			if err != nil {
				t.Fatalf("%s: %v", sc.File, err)
			}
			deck := s.DeckSize()
			r := Rng{uint64(g) * 977}
			figs := [2]int{s.Figures(rules.Allies), s.Figures(rules.Axis)}
			for steps := 0; ; steps++ {
				if over, _ := s.Over(); over {
					break
				}
				if steps > 50000 {
					t.Fatalf("%s game %d: no end after %d decisions", sc.File, g, steps)
				}
				legal := s.Legal()
				if len(legal) == 0 {
					t.Fatalf("%s game %d: no legal action in phase %s", sc.File, g, s.Phase())
				}
				a := legal[r.Intn(len(legal))]
				evs, err := s.Apply(a)
				if err != nil {
					t.Fatalf("%s game %d: legal action refused: %v", sc.File, g, err)
				}
				healed := false
				for _, e := range evs {
					if e.Kind == rules.EvHealed || (e.Kind == rules.EvAirdrop && e.N == 1) {
						healed = true
					}
				}
				if n := CardsInPlay(s); n != deck {
					t.Fatalf("%s game %d after %s: %d cards, want %d", sc.File, g, a, n, deck)
				}
				for side := rules.Allies; side <= rules.Axis; side++ {
					f := s.Figures(side)
					if f > figs[side] && !healed {
						t.Fatalf("%s game %d after %s: %s figures grew %d -> %d", sc.File, g, a, side, figs[side], f)
					}
					figs[side] = f
					if m := s.Medals()[side]; m > s.Victory()[side] || m < 0 {
						t.Fatalf("%s game %d: %s medals %d", sc.File, g, side, m)
					}
				}
			}
			turns = append(turns, s.Turn())
			total++
		}
		sort.Ints(turns)
		t.Logf("%-40s %d games, turns min %d median %d max %d", sc.File, len(turns), turns[0], turns[len(turns)/2], turns[len(turns)-1])
	}
	t.Logf("%d random games, all ended, no invariant broken", total)
}

// TestReplayCorpus: a game is (setup, seed, actions): replaying the actions
// on a fresh state gives the same hash after every one.
func TestReplayCorpus(t *testing.T) {
	for _, sc := range corpus(t) {
		if !sc.Playable {
			continue
		}
		s, err := rules.New(sc.Setup, 42)
		if err != nil {
			t.Fatal(err)
		}
		r := Rng{7}
		var actions []rules.Action
		var hashes []uint64
		for over, _ := s.Over(); !over; over, _ = s.Over() {
			legal := s.Legal()
			a := legal[r.Intn(len(legal))]
			// Through the text form, as a record would store it.
			p, err := rules.ParseAction(a.String())
			if err != nil || p != a {
				t.Fatalf("%s: action %q does not round-trip: %v %v", sc.File, a, p, err)
			}
			if _, err := s.Apply(p); err != nil {
				t.Fatal(err)
			}
			actions = append(actions, p)
			hashes = append(hashes, s.Hash())
		}
		again, _ := rules.New(sc.Setup, 42)
		for i, a := range actions {
			if _, err := again.Apply(a); err != nil {
				t.Fatalf("%s replay %d: %v", sc.File, i, err)
			}
			if again.Hash() != hashes[i] {
				t.Fatalf("%s replay diverges at action %d (%s)", sc.File, i, a)
			}
		}
	}
}

// checkCorpus checks every position of random games on every corpus
// scenario (walkCorpus: `games` games each, one in -short, of at most 3,000
// decisions, uniformly random legal actions) with check, an oracle of a
// fast path; its error fails the test, naming the scenario, game and
// decision. It returns the positions checked.
func checkCorpus(t *testing.T, games int, seed func(g int) (deal, pick uint64), check func(s *rules.State) error) int {
	t.Helper()
	if testing.Short() {
		games = 1
	}
	positions := 0
	walkCorpus(t, games, 3000, seed, func(sc Scenario, g, n int, s *rules.State, legal []rules.Action, r *Rng) rules.Action {
		if err := check(s); err != nil {
			t.Fatalf("%s game %d step %d: %v", sc.File, g, n, err)
		}
		positions++
		return legal[r.Intn(len(legal))]
	})
	return positions
}

// walkCorpus plays random games on every corpus scenario that compiles:
// `games` games each, of at most maxSteps decisions, game g started with
// seed(g)'s deal and choosing with an Rng seeded by its pick. At every
// decision of a game not over, step is given the position, its legal
// actions (listed by the position's own LegalActions) and the game's Rng,
// and returns the action to play.
func walkCorpus(t *testing.T, games, maxSteps int, seed func(g int) (deal, pick uint64),
	step func(sc Scenario, g, n int, s *rules.State, legal []rules.Action, r *Rng) rules.Action) {
	t.Helper()
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		for g := 0; g < games; g++ {
			deal, pick := seed(g)
			s := board.NewGame(deal)
			r := Rng{pick}
			var buf []rules.Action
			for n := 0; n < maxSteps; n++ {
				if over, _ := s.Over(); over {
					break
				}
				buf = s.LegalActions(buf[:0])
				s.Play(step(sc, g, n, s, buf, &r))
			}
		}
	}
}
