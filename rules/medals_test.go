package rules

import (
	"testing"

	"m44/hex"
)

// gameWithObjectives starts a game from specs plus objectives.
func gameWithObjectives(t *testing.T, objs []Objective, sp ...string) *State {
	t.Helper()
	s, seed := setupOf(t, sp...)
	s.Objectives = objs
	st, err := New(s, seed)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return st
}

func hexList(list ...string) []hex.Hex {
	var out []hex.Hex
	for _, h := range list {
		out = append(out, H(h))
	}
	return out
}

// annex 3 "Médaille-objectif temporaire": held while a unit of the side
// stands on the hex, lost at once when it leaves (move, retreat, elimination).
func TestTemporaryMedal(t *testing.T) {
	obj := []Objective{{Kind: TemporaryMedal, Hexes: hexList("4,12"), Sides: MaskAllies, Medals: 1}}
	st := gameWithObjectives(t, obj, "allies inf 5,11", "allies inf 5,15", "axis inf 3,13", "axis inf 0,0")
	turn(t, st, "attack-center", "5,11", "5,15")
	evs := act(t, st, "move 5,11 4,12")
	if st.Medals() != [2]int{1, 0} {
		t.Fatalf("medals %v after entering, want [1 0]", st.Medals())
	}
	if m := ofKind(evs, EvMedals); len(m) != 1 || m[0].Side != Allies || m[0].N != 1 {
		t.Errorf("events %s", evString(evs))
	}
	// The Axis drives it off with a flag: the medal goes back at once.
	endTurn(t, st, Allies)
	turn(t, st, "attack-center", "3,13")
	act(t, st, "end-moves")
	dice(t, st, "flag star star")
	evs = act(t, st, "battle 3,13 4,12")
	if st.Phase() == PhaseRetreat {
		evs = append(evs, act(t, st, st.Legal()[0].String())...)
	}
	if st.Medals() != [2]int{0, 0} {
		t.Errorf("medals %v after the holder retreated, want [0 0] (%s)", st.Medals(), evString(evs))
	}
	// An Axis unit on it gains nothing: only the Allies may take it.
	if tg := dests(st, ActTakeGround, "3,13"); len(tg) == 1 {
		act(t, st, "take-ground 3,13 4,12")
	}
	if st.Medals()[Axis] != 0 {
		t.Errorf("axis medals %d on an allies-only objective", st.Medals()[Axis])
	}
}

// Elimination of the holder loses the medal too (and gives one for the kill).
func TestTemporaryMedalLostWithHolder(t *testing.T) {
	obj := []Objective{{Kind: TemporaryMedal, Hexes: hexList("4,12"), Sides: MaskAllies, Medals: 1}}
	st := gameWithObjectives(t, obj, "first=axis", "allies inf 4,12 fig=1", "axis inf 3,13", "axis inf 0,0", "allies inf 8,0")
	if st.Medals() != [2]int{1, 0} {
		t.Fatalf("medals at the start %v, want [1 0] (a unit starts on it)", st.Medals())
	}
	attack(t, st, "3,13", "", "4,12", "inf star star")
	if st.Medals() != [2]int{0, 1} {
		t.Errorf("medals %v, want [0 1]", st.Medals())
	}
}

// annex 3 "Médaille-objectif permanente": kept for good once taken.
func TestPermanentMedal(t *testing.T) {
	obj := []Objective{{Kind: PermanentMedal, Hexes: hexList("4,12"), Sides: MaskBoth, Medals: 1}}
	st := gameWithObjectives(t, obj, "allies inf 5,11", "axis inf 3,15", "axis inf 0,0", "allies inf 8,0")
	turn(t, st, "attack-center", "5,11")
	act(t, st, "move 5,11 4,12")
	endTurn(t, st, Allies)
	pass(t, st)
	turn(t, st, "attack-center", "4,12")
	act(t, st, "move 4,12 6,12")
	if st.Medals() != [2]int{1, 0} {
		t.Errorf("medals %v after leaving, want [1 0]", st.Medals())
	}
	endTurn(t, st, Allies)
	// The Axis takes the hex now: the medal stays with the Allies.
	turn(t, st, "attack-center", "3,15")
	act(t, st, "move 3,15 4,12")
	if st.Medals() != [2]int{1, 0} {
		t.Errorf("medals %v after the axis took the hex, want [1 0]", st.Medals())
	}
}

// annex 3 "Médaille-objectif majoritaire" and FAQ digest 4: held by the side
// with strictly more units on the group, not necessarily half of it.
func TestMajorityMedal(t *testing.T) {
	group := hexList("3,11", "3,13", "3,15", "2,12", "2,14")
	cases := []struct {
		name  string
		specs []string
		want  [2]int
	}{
		{"one against none: held", []string{"allies inf 3,11"}, [2]int{1, 0}},
		{"one each: nobody", []string{"allies inf 3,11", "axis inf 3,15"}, [2]int{0, 0}},
		{"two against one", []string{"allies inf 3,11", "allies inf 2,12", "axis inf 3,15"}, [2]int{1, 0}},
		{"one against two", []string{"allies inf 3,11", "axis inf 3,15", "axis inf 2,14"}, [2]int{0, 1}},
		{"units beside the group do not count", []string{"allies inf 4,12", "axis inf 3,15"}, [2]int{0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := []Objective{{Kind: MajorityMedal, Hexes: group, Sides: MaskBoth, Medals: 1}}
			st := gameWithObjectives(t, obj, append(c.specs, "axis inf 0,0", "allies inf 8,0")...)
			if st.Medals() != c.want {
				t.Errorf("medals %v, want %v", st.Medals(), c.want)
			}
		})
	}
	// In play: losing the majority loses the medal at once.
	obj := []Objective{{Kind: MajorityMedal, Hexes: group, Sides: MaskBoth, Medals: 1}}
	st := gameWithObjectives(t, obj, "allies inf 3,11", "allies inf 4,16", "axis inf 0,0", "allies inf 8,0")
	turn(t, st, "attack-center", "4,16")
	act(t, st, "move 4,16 3,15")
	if st.Medals() != [2]int{1, 0} {
		t.Errorf("medals %v", st.Medals())
	}
}

// annex 3 "Objectif de mort subite": the game ends at once.
func TestSuddenDeath(t *testing.T) {
	obj := []Objective{{Kind: SuddenDeath, Hexes: hexList("4,12", "4,14"), Sides: MaskAllies, Count: 2}}
	st := gameWithObjectives(t, obj, "allies inf 4,12", "allies inf 5,15", "allies inf 6,16", "axis inf 0,0")
	turn(t, st, "attack-center", "5,15", "6,16")
	evs := act(t, st, "move 5,15 4,14")
	over, w := st.Over()
	if !over || w != Allies {
		t.Fatalf("over=%v winner=%s, want an allied win", over, w)
	}
	if len(ofKind(evs, EvGameOver)) != 1 || len(st.Legal()) != 0 {
		t.Errorf("events %s legal %v", evString(evs), legal(st))
	}
	illegal(t, st, "move 6,16 5,15")
}

// FAQ digest 2-3: the medal count never goes above the victory number, and
// the game ends the instant it is reached, even mid-move.
func TestMedalCap(t *testing.T) {
	obj := []Objective{{Kind: TemporaryMedal, Hexes: hexList("4,12"), Sides: MaskAllies, Medals: 3}}
	st := gameWithObjectives(t, obj, "victory=2,4", "allies inf 6,12", "allies inf 5,11", "allies inf 5,15", "axis inf 5,13 fig=1", "axis inf 0,0")
	turn(t, st, "attack-center", "6,12", "5,11", "5,15")
	act(t, st, "end-moves")
	dice(t, st, "inf star star")
	act(t, st, "battle 6,12 5,13")
	if st.Medals() != [2]int{1, 0} {
		t.Fatalf("medals %v after the kill", st.Medals())
	}
	// A new game: the kill, then the 3-medal objective: 1+3 capped at 2.
	st = gameWithObjectives(t, obj, "victory=2,4", "allies inf 5,11", "allies inf 6,16", "axis inf 5,13 fig=1", "axis inf 0,0", "allies inf 8,0")
	turn(t, st, "attack-center", "5,11", "6,16")
	act(t, st, "move 6,16 5,15")
	act(t, st, "move 5,11 4,12")
	over, w := st.Over()
	if !over || w != Allies || st.Medals() != [2]int{2, 0} {
		t.Errorf("over=%v winner=%s medals %v, want allies winning with 2 (capped)", over, w, st.Medals())
	}
}

// rulebook "But du jeu": one medal per enemy unit eliminated; medals are
// kills plus objectives.
func TestMedalsAreKillsPlusObjectives(t *testing.T) {
	obj := []Objective{{Kind: PermanentMedal, Hexes: hexList("4,10"), Sides: MaskAllies, Medals: 2}}
	st := gameWithObjectives(t, obj, "allies inf 6,12", "allies inf 5,9", "axis inf 5,11 fig=1", "axis inf 0,0")
	turn(t, st, "attack-center", "6,12", "5,9")
	act(t, st, "move 5,9 4,10")
	act(t, st, "end-moves")
	dice(t, st, "grenade")
	act(t, st, "battle 6,12 5,11")
	if st.Kills() != [2]int{1, 0} || st.Medals() != [2]int{3, 0} {
		t.Errorf("kills %v medals %v, want kills [1 0] medals [3 0]", st.Kills(), st.Medals())
	}
}

// Mont Mouchet (scenario 5, victory conditions): "Eliminating an Axis tank
// unit counts as two victory medals for the Allied player" (UnitSetup.Medals).
func TestUnitWorthTwoMedals(t *testing.T) {
	s, seed := setupOf(t, "allies inf 5,11", "axis arm 4,12", "axis inf 0,0", "victory=3,3")
	s.Units[1].Medals = 2
	s.Units[1].Figures = 1
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := st.UnitAt(H("4,12")); u.Medals != 2 {
		t.Fatalf("the tank is worth %d medals", u.Medals)
	}
	turn(t, st, "attack-center", "5,11")
	act(t, st, "end-moves")
	dice(t, st, "grenade star star")
	act(t, st, "battle 5,11 4,12")
	if st.Medals() != [2]int{2, 0} || st.Kills() != [2]int{2, 0} {
		t.Fatalf("medals %v, kills %v after eliminating a tank worth 2; want 2 for the Allies", st.Medals(), st.Kills())
	}
	bad := *s
	bad.Units = append([]UnitSetup(nil), s.Units...)
	bad.Units[0].Medals = 9
	if _, err := New(&bad, 1); err == nil {
		t.Error("a unit worth 9 medals was accepted")
	}
}

// Toulon, Saverne Gap (victory conditions): "If Allied units occupy N town
// hexes at the end of their turn, they win immediately" (Objective.AtTurnEnd):
// holding the hexes mid-turn wins nothing; ending the turn there wins.
func TestSuddenDeathAtTurnEnd(t *testing.T) {
	obj := []Objective{{Kind: SuddenDeath, Hexes: hexList("4,12"), Sides: MaskAllies, Count: 1, AtTurnEnd: true}}
	st := gameWithObjectives(t, obj, "allies inf 5,11", "allies inf 5,15", "axis inf 0,0", "axis inf 0,20")
	turn(t, st, "attack-center", "5,11", "5,15")
	act(t, st, "move 5,11 4,12")
	if over, _ := st.Over(); over {
		t.Fatal("won the instant the hex was entered, not at the end of the turn")
	}
	act(t, st, "end-moves")
	for st.Active() == Allies {
		if over, _ := st.Over(); over {
			break
		}
		act(t, st, st.Legal()[len(st.Legal())-1].String())
	}
	if over, w := st.Over(); !over || w != Allies {
		t.Fatalf("over %v, winner %s after the Allied turn ended on the hex", over, w)
	}
	bad := []Objective{{Kind: TemporaryMedal, Hexes: hexList("4,12"), Sides: MaskAllies, Medals: 1, AtTurnEnd: true}}
	s, seed := setupOf(t, "allies inf 5,11", "axis inf 0,0")
	s.Objectives = bad
	if _, err := New(s, seed); err == nil {
		t.Error("a temporary medal counted at the end of a turn was accepted")
	}
}
