package rules

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// playRandom plays up to n random legal actions (chosen by policy seed) and
// returns them with the hash and the events after each.
func playRandom(tb testing.TB, st *State, policy uint64, n int) (acts []Action, hashes []uint64, events []string) {
	tb.Helper()
	r := rng{policy}
	for i := 0; i < n; i++ {
		if over, _ := st.Over(); over {
			break
		}
		l := st.Legal()
		a := l[r.intn(len(l))]
		evs, err := st.Apply(a)
		if err != nil {
			tb.Fatalf("legal %s refused: %v", a, err)
		}
		acts = append(acts, a)
		hashes = append(hashes, st.Hash())
		events = append(events, evString(evs))
	}
	return
}

// The same setup, seed and actions give the same game: the same hash and
// the same events after every action, on the full deck too.
func TestDeterminismSameSeedSameGame(t *testing.T) {
	for _, full := range []bool{false, true} {
		for pi, p := range soakPositions() {
			t.Run(fmt.Sprintf("%s full=%v", p.name, full), func(t *testing.T) {
				seed := uint64(77 + pi)
				a := newSoakGame(t, p, seed, full)
				b := newSoakGame(t, p, seed, full)
				if a.Hash() != b.Hash() {
					t.Fatal("two new games hash differently")
				}
				acts, hashes, events := playRandom(t, a, 5, 3000)
				for i, act := range acts {
					evs, err := b.Apply(act)
					if err != nil {
						t.Fatalf("replay %d %s: %v", i, act, err)
					}
					if b.Hash() != hashes[i] || evString(evs) != events[i] {
						t.Fatalf("replay diverges at action %d (%s):\n%s\n%s", i, act, events[i], evString(evs))
					}
				}
				// Play (the fast path) reaches the same state as Apply.
				c := newSoakGame(t, p, seed, full)
				for _, act := range acts {
					c.Play(act)
				}
				if c.Hash() != a.Hash() {
					t.Error("Play and Apply disagree")
				}
				// Another seed gives another game (dice and draws come from it).
				d := newSoakGame(t, p, seed+1000, full)
				_, h2, _ := playRandom(t, d, 5, 3000)
				if slices.Equal(h2, hashes) {
					t.Error("two seeds gave the same game")
				}
			})
		}
	}
}

// A clone is independent: playing on it leaves the original unchanged, and
// the original then plays the same way.
func TestDeterminismCloneIndependence(t *testing.T) {
	for pi, p := range soakPositions() {
		t.Run(p.name, func(t *testing.T) {
			st := newSoakGame(t, p, uint64(300+pi), false)
			playRandom(t, st, 9, 150)
			if over, _ := st.Over(); over {
				t.Skip("game over early")
			}
			before := st.Hash()
			units, hand, discard := st.Units(), st.Hand(Allies), st.Discards()
			c := st.Clone()
			if c.Hash() != before {
				t.Fatal("clone hashes differently")
			}
			acts, hashes, _ := playRandom(t, c, 11, 200)
			c.ScriptDice(FaceFlag, FaceFlag)
			if st.Hash() != before || !slices.Equal(st.Units(), units) || !slices.Equal(st.Hand(Allies), hand) ||
				!slices.Equal(st.Discards(), discard) || st.ScriptedLeft() != 0 {
				t.Fatal("playing on the clone changed the original")
			}
			for i, a := range acts {
				if _, err := st.Apply(a); err != nil {
					t.Fatalf("original refuses %s: %v", a, err)
				}
				if st.Hash() != hashes[i] {
					t.Fatalf("original diverges from its clone at %d", i)
				}
			}
		})
	}
}

// Apply refuses an illegal action with ErrIllegal and changes nothing; after
// the end every action is refused with ErrGameOver.
func TestDeterminismIllegalActions(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 5,11 fig=1", "victory=1,1")
	for _, text := range []string{"end-moves", "move 6,12 5,13", "battle 6,12 5,11", "order 5,11", "keep 3",
		"retreat 5,11 4,10", "take-ground 6,12 5,11", "skip", "end-battles", "remove-wire 6,12"} {
		a, err := ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		h := st.Hash()
		if _, err := st.Apply(a); !errors.Is(err, ErrIllegal) {
			t.Errorf("%s in the card phase: err %v, want ErrIllegal", text, err)
		}
		if st.Hash() != h {
			t.Errorf("%s changed the state", text)
		}
	}
	// A card not in hand.
	ids := hand(t, st, Allies, "probe-center")
	other := cards(t, st, "probe-left")[0]
	illegal(t, st, fmt.Sprintf("play %d", other))
	act(t, st, fmt.Sprintf("play %d", ids[0]))
	illegal(t, st, "order 5,11") // an enemy unit
	act(t, st, "order 6,12")
	illegal(t, st, "move 6,12 5,11") // occupied
	illegal(t, st, "move 6,12 2,12") // too far
	act(t, st, "end-moves")
	illegal(t, st, "battle 5,11 6,12") // not his unit
	dice(t, st, "inf")
	act(t, st, "battle 6,12 5,11")
	if over, _ := st.Over(); !over {
		t.Fatal("game not over")
	}
	h := st.Hash()
	for _, a := range []Action{{Kind: ActEndBattles}, {Kind: ActPlay, Card: 0}} {
		if _, err := st.Apply(a); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s after the end: %v, want ErrGameOver", a, err)
		}
	}
	if st.Hash() != h {
		t.Error("state changed after the end")
	}
}

// Action text: every kind round-trips, and malformed text is refused.
func TestActionText(t *testing.T) {
	good := []string{"play 12", "play 1 left", "play 2 right", "target 4,12", "end-targets", "order 7,15", "end-orders", "move 7,15 6,14", "end-moves",
		"battle 6,14 4,12", "remove-wire 6,12", "end-battles", "retreat 4,12 3,11", "retreat 4,12 4,12 ignore",
		"take-ground 6,12 5,11", "skip", "keep 3"}
	for _, s := range good {
		a, err := ParseAction(s)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", s, err)
			continue
		}
		b, err := ParseAction(a.String())
		if err != nil || b != a {
			t.Errorf("%q -> %s -> %+v, %v", s, a, b, err)
		}
	}
	for _, s := range []string{"", "fly 1,1", "play", "play x", "play -1", "play 300", "move 7,15", "move 7,15 6,14 5,13",
		"order", "order 7", "retreat 4,12 3,11 maybe", "end-moves now", "battle 6,14 x,y"} {
		if a, err := ParseAction(s); err == nil {
			t.Errorf("ParseAction(%q) = %s, want an error", s, a)
		}
	}
}
