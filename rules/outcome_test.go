package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// recordGame plays a random game to the end (or limit actions) with
// ApplyRecorded: its deal, actions, each action's outcomes and events.
func recordGame(t *testing.T, bd *Board, seed uint64, limit int) (*State, []Outcome, []Action, [][]Outcome, []string) {
	t.Helper()
	st, deal := bd.NewGameRecorded(seed)
	var acts []Action
	var outs [][]Outcome
	var evs []string
	r := seed*2654435761 + 1
	for i := 0; i < limit; i++ {
		if over, _ := st.Over(); over {
			break
		}
		legal := st.Legal()
		r = r*6364136223846793005 + 1442695040888963407
		a := legal[(r>>33)%uint64(len(legal))]
		e, o, err := st.ApplyRecorded(a)
		if err != nil {
			t.Fatalf("action %d %s: %v", i, a, err)
		}
		acts, outs, evs = append(acts, a), append(outs, o), append(evs, evString(e))
	}
	return st, deal, acts, outs, evs
}

// Outcomes round-trip: a game replayed from its deal and its actions'
// outcomes on another seed reaches the same positions with the same
// events; on its own seed, the same states (generator included).
func TestOutcomesRoundTrip(t *testing.T) {
	type game struct {
		name    string
		players [2]int
		drop    bool
		winter  bool
		mines   bool // WW III minefields: their tokens are deal outcomes
	}
	var kinds [numOutcomeKinds]int
	for pi, p := range soakPositions() {
		for _, g := range []game{{"1v1", [2]int{1, 1}, false, false, false}, {"teams", [2]int{2, 2}, false, false, false}, {"airdrop", [2]int{1, 1}, true, false, false},
			{"winter", [2]int{1, 1}, false, true, false}, {"winter teams", [2]int{2, 2}, false, true, false}, {"mines", [2]int{1, 1}, false, false, true}} {
			t.Run(p.name+" "+g.name, func(t *testing.T) {
				specs := append(append([]string(nil), p.specs...), "deck=full")
				if g.mines {
					specs = append(specs, "4,10 mine:axis", "4,16 mine:allies", "5,13 mine:axis")
				}
				setup, _ := setupOf(t, specs...)
				setup.Objectives, setup.Players = p.objs, g.players
				if g.winter {
					// WW II: the Combat cards, snowfall and reduced visibility.
					setup.Combat, setup.Rulesets = testCombatCards(), []*Ruleset{Snowfall(), ReducedVisibility()}
				}
				if g.drop {
					setup.Airdrops = []Airdrop{{Side: setup.First, Center: H("4,12"), Range: 2, Count: 3,
						Unit: UnitSetup{Type: Infantry, Side: setup.First}}}
				}
				bd, err := Compile(setup)
				if err != nil {
					t.Fatal(err)
				}
				for n := uint64(0); n < 8; n++ {
					seed := uint64(pi)*100 + n + 1
					end, deal, acts, outs, evs := recordGame(t, bd, seed, 4000)
					for _, o := range deal {
						kinds[o.Kind]++
					}
					for _, list := range outs {
						for _, o := range list {
							kinds[o.Kind]++
						}
					}
					for _, replaySeed := range []uint64{seed, seed ^ 0xdeadbeef} {
						st, err := bd.ReplayNewGame(replaySeed, deal)
						if err != nil {
							t.Fatalf("seed %d: deal: %v", seed, err)
						}
						for i, a := range acts {
							e, err := st.Replay(a, outs[i])
							if err != nil {
								t.Fatalf("seed %d: replay %d %s: %v", seed, i, a, err)
							}
							if evString(e) != evs[i] {
								t.Fatalf("seed %d: action %d %s: events\n%s\nwant\n%s", seed, i, a, evString(e), evs[i])
							}
						}
						if st.PositionHash() != end.PositionHash() {
							t.Fatalf("seed %d on seed %d: replay reaches another position", seed, replaySeed)
						}
						if replaySeed == seed && st.Hash() != end.Hash() {
							t.Fatalf("seed %d: replay on its own seed: another generator state", seed)
						}
					}
				}
			})
		}
	}
	for k := OutDie; k < numOutcomeKinds; k++ {
		if kinds[k] == 0 {
			t.Errorf("no %s outcome in the round trips", k)
		}
	}
}

// The text form of outcomes round-trips.
func TestOutcomeText(t *testing.T) {
	outs := []Outcome{DieOutcome(FaceGrenade), DieOutcome(FaceFlag), CardOutcome(0), CardOutcome(59), DropOutcome(H("-1,3")), DropOutcome(H("4,12"))}
	text := FormatOutcomes(outs)
	if text != "die:grenade die:flag card:0 card:59 drop:-1,3 drop:4,12" {
		t.Fatalf("text %q", text)
	}
	back, err := ParseOutcomes(text)
	if err != nil || !slices.Equal(back, outs) {
		t.Fatalf("parsed %v, %v", back, err)
	}
	for _, bad := range []string{"die", "die:six", "card:x", "card:-1", "drop:4", "roll:3"} {
		if _, err := ParseOutcome(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// A forged outcome that cannot happen is refused with an error naming it,
// and the state is unchanged; so is a record with an outcome missing or
// left over.
func TestForgedOutcomeRejected(t *testing.T) {
	setup, _ := setupOf(t, "allies inf 5,5", "axis inf 4,4", "cards=2,2")
	bd, err := Compile(setup)
	if err != nil {
		t.Fatal(err)
	}
	st := bd.NewGame(3)
	ids := cards(t, st, "assault-left")
	if err := st.SetHand(Allies, ids); err != nil {
		t.Fatal(err)
	}
	act(t, st, fmt.Sprintf("play %d", ids[0]))
	act(t, st, "end-moves")
	// Battle 5,5 → 4,4: three dice (infantry at distance 1).
	battle := Action{Kind: ActBattle, From: H("5,5"), To: H("4,4")}
	inHand := st.Hand(Axis)[0]
	_, real, err := st.Clone().ApplyRecorded(battle)
	if err != nil {
		t.Fatal(err)
	}
	if len(real) != 4 || real[0].Kind != OutDie || real[3].Kind != OutCard {
		t.Fatalf("outcomes %v: want three dice and the turn's draw", real)
	}
	with := func(edit func([]Outcome) []Outcome) []Outcome { return edit(slices.Clone(real)) }
	for _, tc := range []struct {
		name string
		outs []Outcome
		want string
	}{
		{"face out of range", with(func(o []Outcome) []Outcome { o[1] = DieOutcome(Face(9)); return o }), "not a face"},
		{"a die missing", with(func(o []Outcome) []Outcome { return o[1:] }), "no die outcome"},
		{"a die too many", with(func(o []Outcome) []Outcome { return append(o, DieOutcome(FaceStar)) }), "not used"},
		{"a card held by Axis", with(func(o []Outcome) []Outcome { o[3] = CardOutcome(inHand); return o }), "not in the draw pile"},
		{"a card of no deck", with(func(o []Outcome) []Outcome { o[3] = CardOutcome(200); return o }), "deck has ids"},
		{"no card", with(func(o []Outcome) []Outcome { return o[:3] }), "no card outcome"},
		{"a drop with no airdrop", with(func(o []Outcome) []Outcome { return append(o, DropOutcome(H("4,4"))) }), "not used"},
	} {
		h, hand := st.Hash(), st.Hand(Axis)
		_, err := st.Replay(battle, tc.outs)
		if !errors.Is(err, ErrOutcome) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an ErrOutcome naming %q", tc.name, err, tc.want)
		}
		if st.Hash() != h || !slices.Equal(st.Hand(Axis), hand) {
			t.Errorf("%s: the state changed", tc.name)
		}
	}
	// A card draw forced to a card held by the other side: the battle ends
	// the turn (no other unit), so Allies draws.
	if _, err := st.Clone().Replay(battle, real); err != nil {
		t.Fatalf("the true outcomes: %v", err)
	}
	c := st.Clone()
	c.ScriptDice(FaceArmor, FaceArmor, FaceArmor) // no hit on infantry
	if err := c.Force(CardOutcome(inHand)); err != nil {
		t.Fatal(err)
	}
	h := c.Hash()
	for {
		legal := c.Legal()
		if len(legal) == 0 {
			t.Fatal("game over")
		}
		a := legal[0]
		if c.Phase() == PhaseBattle {
			a = battle
		}
		_, err := c.Apply(a)
		if err == nil {
			h = c.Hash()
			continue
		}
		if !errors.Is(err, ErrOutcome) || !strings.Contains(err.Error(), "not in the draw pile") {
			t.Fatalf("apply %s: %v, want the forced card refused", a, err)
		}
		if c.Hash() != h {
			t.Fatal("a refused forced card changed the state")
		}
		break
	}
	// The deal: a forced card dealt twice.
	bd2, _ := Compile(setup)
	_, deal := bd2.NewGameRecorded(5)
	forged := slices.Clone(deal)
	forged[1] = forged[0]
	if _, err := bd2.ReplayNewGame(5, forged); !errors.Is(err, ErrOutcome) || !strings.Contains(err.Error(), "not in the draw pile") {
		t.Errorf("a card dealt twice: %v", err)
	}
	if _, err := bd2.ReplayNewGame(5, deal[:len(deal)-1]); !errors.Is(err, ErrOutcome) {
		t.Errorf("a deal short of a card: %v", err)
	}
	if _, err := bd2.ReplayNewGame(99, deal); err != nil {
		t.Errorf("the deal on another seed: %v", err)
	}
}

// A drop forced outside the drop zone is refused.
func TestForgedDropRejected(t *testing.T) {
	s, _ := setupOf(t, "allies inf 8,0", "axis inf 1,1", "first=axis")
	s.Airdrops = []Airdrop{{Side: Allies, Center: H("4,12"), Range: 1, Count: 2, Unit: UnitSetup{Type: Infantry, Side: Allies}}}
	bd, err := Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	_, deal := bd.NewGameRecorded(1)
	if slices.ContainsFunc(deal, func(o Outcome) bool { return o.Kind == OutDrop }) {
		t.Fatal("the Allies drop in the Axis's first turn, not at the deal")
	}
	st := bd.NewGame(1)
	ok := []Outcome{DropOutcome(H("4,12")), DropOutcome(H("3,11"))}
	bad := []Outcome{DropOutcome(H("4,12")), DropOutcome(H("1,1"))}
	// Play the Axis's turn to its last action, then force the landings.
	for st.Active() == Axis {
		legal := st.Legal()
		next := st.Clone()
		next.Play(legal[len(legal)-1])
		if next.Active() == Allies {
			a := legal[len(legal)-1]
			h := st.Hash()
			if err := st.Force(bad...); err != nil {
				t.Fatal(err)
			}
			_, err := st.Apply(a)
			if !errors.Is(err, ErrOutcome) || !strings.Contains(err.Error(), "not in the drop zone") {
				t.Fatalf("forged drop: %v", err)
			}
			st.ClearDice()
			if st.Hash() != h {
				t.Fatal("the refused drop changed the state")
			}
			if err := st.Force(ok...); err != nil {
				t.Fatal(err)
			}
			_, outs, err := st.ApplyRecorded(a)
			if err != nil {
				t.Fatal(err)
			}
			var drops []Outcome
			for _, o := range outs {
				if o.Kind == OutDrop {
					drops = append(drops, o)
				}
			}
			if !slices.Equal(drops, ok) {
				t.Fatalf("drops %v, want %v", drops, ok)
			}
			if u, found := st.UnitAt(H("3,11")); !found || u.Side != Allies {
				t.Fatalf("no paratrooper on 3,11: %v", st.Units())
			}
			return
		}
		if _, err := st.Apply(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
}
