package rules

import (
	"slices"
	"testing"

	"m44/hex"
)

// sabotageGame: two dams on 2,6 and 2,22 that the Axis may sabotage
// (scenario 1422 Schwammenauel Dam; FAQ II 20 Barrages).
func sabotageGame(t *testing.T, specs ...string) *State {
	t.Helper()
	s, seed := setupOf(t, append([]string{"2,6 dam", "2,22 dam", "allies inf 8,0"}, specs...)...)
	s.Sabotage = Sabotage{Side: Axis, Hexes: []hex.Hex{H("2,6"), H("2,22")}, Stars: 4, Dice: 2, Medal: true}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func tokens(st *State) []int8 {
	var out []int8
	for _, tg := range st.SabotageTargets() {
		out = append(out, tg.Stars)
	}
	return out
}

// FAQ II 20 Barrages: "Au début de chacun de vos tours, si une de vos unités
// occupe le barrage, lancez les dés de sabotage. Vous n'avez pas
// nécessairement besoin de jouer une carte dans la section correspondante";
// FAQ Schwammenauel: each occupied dam gets one star token per roll, a
// second star with one dam occupied is lost; four tokens sabotage a dam;
// the unit on it stays. Scenario 1422: the Axis may sabotage both dams.
func TestDamSabotage(t *testing.T) {
	st := sabotageGame(t, "axis inf 2,6", "axis inf 0,0")
	// The Allies' turn: they do not roll.
	if got := tokens(st); !slices.Equal(got, []int8{0, 0}) {
		t.Fatalf("tokens before any Axis turn: %v", got)
	}
	dice(t, st, "star star")
	evs := passEvents(t, st) // the Axis turn begins with the roll
	if got := tokens(st); !slices.Equal(got, []int8{1, 0}) {
		t.Fatalf("after two stars with one dam occupied: %v, want [1 0] (the second star is lost)", got)
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvSabotage && e.From == H("2,6") && e.N == 1 }) {
		t.Errorf("no sabotage event: %s", evString(evs))
	}
	pass(t, st) // the Axis plays any card: the roll needs none
	dice(t, st, "inf flag")
	pass(t, st)
	if got := tokens(st); !slices.Equal(got, []int8{1, 0}) {
		t.Fatalf("after a roll without a star: %v", got)
	}
	for range 3 {
		pass(t, st)
		dice(t, st, "star grenade")
		pass(t, st)
	}
	if got := tokens(st); !slices.Equal(got, []int8{4, 0}) {
		t.Fatalf("after three more stars: %v", got)
	}
	if st.Medals()[Axis] != 1 {
		t.Errorf("Axis medals %v, want 1 for the sabotaged dam", st.Medals())
	}
	if u, ok := st.UnitAt(H("2,6")); !ok || u.Side != Axis || st.Terrain(H("2,6")) == Plain {
		t.Errorf("the dam and its unit must stay after the sabotage (FAQ II 20)")
	}
	// A sabotaged dam is not rolled for again.
	pass(t, st)
	left := st.ScriptedLeft()
	dice(t, st, "star star")
	pass(t, st)
	if st.ScriptedLeft() != left+2 || st.Medals()[Axis] != 1 {
		t.Errorf("rolled again for a sabotaged dam: %d dice left, medals %v", st.ScriptedLeft(), st.Medals())
	}
}

// FAQ Schwammenauel: "Lorsque les deux barrages sont occupés [...] si deux
// étoiles sont obtenues sur les dés, chaque barrage reçoit un jeton étoile";
// a single star goes to the dam nearest to success (docs/rules-decisions.md
// "Dam sabotage"). An Allied unit on a dam rolls nothing; an empty dam gets
// no token.
func TestDamSabotageTwoDams(t *testing.T) {
	st := sabotageGame(t, "axis inf 2,6", "axis inf 2,22")
	dice(t, st, "star star")
	pass(t, st)
	if got := tokens(st); !slices.Equal(got, []int8{1, 1}) {
		t.Fatalf("two stars, two dams occupied: %v, want [1 1]", got)
	}
	pass(t, st)
	st.sabo[1] = 2 // the Urft dam nearer to success
	dice(t, st, "star inf")
	pass(t, st)
	if got := tokens(st); !slices.Equal(got, []int8{1, 3}) {
		t.Fatalf("one star: %v, want it on the dam nearest to success [1 3]", got)
	}

	nobody := sabotageGame(t, "allies inf 2,6", "axis inf 0,0")
	pass(t, nobody)
	left := nobody.ScriptedLeft()
	dice(t, nobody, "star star")
	pass(t, nobody)
	pass(t, nobody)
	if got := tokens(nobody); !slices.Equal(got, []int8{0, 0}) || nobody.ScriptedLeft() != left+2 {
		t.Errorf("no Axis unit on a dam: tokens %v, dice used %d", got, left+2-nobody.ScriptedLeft())
	}
}

// The fourth token that gives the Axis its last medal ends the game at the
// start of its turn.
func TestDamSabotageWins(t *testing.T) {
	st := sabotageGame(t, "axis inf 2,6", "axis inf 0,0", "victory=6,1")
	st.sabo[0] = 3
	dice(t, st, "star inf")
	pass(t, st)
	if over, w := st.Over(); !over || w != Axis {
		t.Fatalf("over %v winner %v, want an Axis victory by sabotage", over, w)
	}
}
