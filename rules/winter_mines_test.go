package rules

import (
	"slices"
	"testing"
)

// WW III "Champs de mines": what entering a minefield does.
func TestMinefieldEntry(t *testing.T) {
	cases := []struct {
		name      string
		unit      string // the Allied unit on 6,12 (moves to 5,11, the minefield)
		layer     string
		tokens    string
		dice      string
		figures   int8 // after the move (0: eliminated)
		revealed  bool
		left      bool // the minefield is still there
		mayBattle bool
	}{
		// An enemy turns the token over and rolls its value: its symbol or
		// a grenade hits, the rest (flag, star) is ignored; it stays face up.
		{"enemy infantry, token 3", "inf", "axis", "3", "inf grenade flag", 2, true, true, true},
		{"enemy armor, token 2", "arm", "axis", "2", "inf star", 3, true, true, true},
		{"eliminated", "inf fig=1", "axis", "2", "grenade inf", 0, true, true, false},
		// A decoy (0) is removed.
		{"decoy", "inf", "axis", "0", "", 4, true, false, true},
		// The side that laid it stops but nothing is revealed.
		{"own minefield", "inf", "allies", "4", "", 4, false, true, true},
		// WW V "Troupes du Génie": engineers that may battle clear it
		// instead of battling, unrevealed (FAQ IV: even a decoy).
		{"engineers clear", "inf kind=engineers", "axis", "4", "", 4, false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, "allies "+c.unit[:3]+" 6,12 "+c.unit[3:], "axis inf 3,11", "5,11 mine:"+c.layer+" tokens="+c.tokens)
			turn(t, st, "general-advance", "6,12")
			if c.dice != "" {
				dice(t, st, c.dice)
			}
			evs := act(t, st, "move 6,12 5,11")
			if c.dice != "" && st.ScriptedLeft() != 0 {
				t.Errorf("%d scripted dice left: the minefield rolled the wrong number", st.ScriptedLeft())
			}
			u, alive := st.UnitAt(H("5,11"))
			if c.figures == 0 {
				if alive {
					t.Fatalf("the unit survived with %d figures", u.Figures)
				}
			} else if !alive || u.Figures != c.figures {
				t.Fatalf("unit on 5,11: %+v, want %d figures (%s)", u, c.figures, evString(evs))
			}
			if got := len(ofKind(evs, EvMineRevealed)) > 0; got != c.revealed {
				t.Errorf("revealed %v, want %v", got, c.revealed)
			}
			mf := st.Minefields()
			if got := len(mf) == 1; got != c.left {
				t.Fatalf("minefields left %v, want %v", mf, c.left)
			}
			if c.left && mf[0].Revealed != c.revealed {
				t.Errorf("minefield %+v: revealed should be %v", mf[0], c.revealed)
			}
			if c.left && !c.revealed && mf[0].Value != -1 {
				t.Errorf("a face-down minefield shows its value: %+v", mf[0])
			}
			if alive {
				// It stopped: it may not move on.
				if slices.Contains(dests(st, ActMove, "5,11"), H("4,10").String()) {
					t.Errorf("the unit moves on from the minefield")
				}
				if st.Phase() == PhaseMove {
					act(t, st, "end-moves")
				}
				fight := st.Phase() == PhaseBattle && len(dests(st, ActBattle, "5,11")) > 0
				if fight != c.mayBattle {
					t.Errorf("may battle: %v, want %v (FAQ II Champs de mines: a survivor still battles)", fight, c.mayBattle)
				}
			}
		})
	}
}

// FAQ IV Troupes du génie: engineers that moved 2 hexes cannot battle, so
// they cannot clear the minefield: it goes off.
func TestEngineersTooFarToClear(t *testing.T) {
	st := game(t, "allies inf 7,11 kind=engineers", "axis inf 2,12", "5,11 mine:axis tokens=1")
	turn(t, st, "general-advance", "7,11")
	dice(t, st, "grenade")
	evs := act(t, st, "move 7,11 5,11")
	if len(ofKind(evs, EvMineRevealed)) != 1 || unitOn(t, st, "5,11").Figures != 3 {
		t.Errorf("the minefield did not go off: %s", evString(evs))
	}
}

// WW III "Champs de mines", note: a retreat crosses a minefield without
// stopping or losses.
func TestMinefieldRetreat(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 4,12", "3,11 mine:allies tokens=4", "3,13 mine:allies tokens=4,4", "axis inf 2,10", "axis inf 2,14")
	turn(t, st, "general-advance", "6,12")
	toBattle(t, st)
	dice(t, st, "flag flag")
	evs := act(t, st, "battle 6,12 4,12")
	for st.Phase() == PhaseRetreat {
		opts := dests(st, ActRetreat, "4,12")
		if len(opts) == 0 {
			t.Fatalf("no retreat: %v", legal(st))
		}
		evs = append(evs, act(t, st, "retreat 4,12 "+opts[0])...)
	}
	if len(ofKind(evs, EvMineRevealed)) != 0 || len(ofKind(evs, EvDiceRolled)) != 1 {
		t.Errorf("a retreat set a minefield off: %s", evString(evs))
	}
	if len(st.Minefields()) != 2 {
		t.Errorf("minefields %v", st.Minefields())
	}
}

// WW III: the tokens are drawn at setup as recorded outcomes; a replay
// takes them from the record; a token not in the pool is refused.
func TestMinefieldTokensRecorded(t *testing.T) {
	s, _ := setupOf(t, "allies inf 6,12", "axis inf 2,12", "5,11 mine:axis", "5,13 mine:axis tokens=1,3,0")
	b, err := Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	_, outs := b.NewGameRecorded(7)
	var mines []Outcome
	for _, o := range outs {
		if o.Kind == OutMine {
			mines = append(mines, o)
		}
	}
	if len(mines) != 2 {
		t.Fatalf("deal outcomes %s: want two mine tokens", FormatOutcomes(outs))
	}
	for _, o := range mines {
		if p, err := ParseOutcome(o.String()); err != nil || p != o {
			t.Errorf("outcome %s does not round-trip: %v %v", o, p, err)
		}
	}
	// Replay the deal with the tokens 3 and 0 in that order.
	re := slices.Clone(outs)
	n := 0
	for i := range re {
		if re[i].Kind == OutMine {
			re[i] = MineOutcome([]int8{3, 0}[n])
			n++
		}
	}
	st, err := b.ReplayNewGame(7, re)
	if err != nil {
		t.Fatal(err)
	}
	if st.mines[0].value != 3 || st.mines[1].value != 0 {
		t.Errorf("replayed tokens %d %d, want 3 0", st.mines[0].value, st.mines[1].value)
	}
	// Two 3s: the pool has one.
	for i := range re {
		if re[i].Kind == OutMine {
			re[i] = MineOutcome(3)
		}
	}
	if _, err := b.ReplayNewGame(7, re); err == nil {
		t.Errorf("a deal with two tokens 3 from a pool with one was accepted")
	}
}

// Hidden information: a determinization redraws face-down tokens from the
// tokens nobody has seen, so a bot's search never reads the real one; a
// token turned over keeps its value.
func TestMinefieldDeterminize(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 2,12", "5,11 mine:axis tokens=1,3", "seed=3")
	real := st.mines[0].value
	seen := map[int8]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		seen[st.Determinize(Axis, seed).mines[0].value] = true
	}
	if !seen[1] || !seen[3] {
		t.Errorf("determinized values %v: want both 1 and 3 (the real one is %d)", seen, real)
	}
	st.mines[0].revealed = true
	for seed := uint64(0); seed < 10; seed++ {
		if v := st.Determinize(Allies, seed).mines[0].value; v != real {
			t.Fatalf("a revealed token was redrawn: %d, want %d", v, real)
		}
	}
}
