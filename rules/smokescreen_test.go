package rules

import (
	"slices"
	"strings"
	"testing"
)

// smokeGame: the sides in sides may lay a smoke screen (FAQ III "Écran de
// fumée"); an Allied armor on 4,6 sees the Axis infantry on 4,12 across
// the open hexes 4,8 and 4,10.
func smokeGame(t *testing.T, sides SideMask, specs ...string) *State {
	t.Helper()
	s, seed := setupOf(t, append([]string{"allies arm 4,6", "axis inf 4,12"}, specs...)...)
	s.Rulesets = expansionRulesets()
	s.Smoke = sides
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func smokeActions(st *State) []string {
	var out []string
	for _, a := range legal(st) {
		if strings.HasPrefix(a, "smoke ") {
			out = append(out, a)
		}
	}
	return out
}

func smokeOn(st *State, h string) bool {
	return slices.ContainsFunc(st.Features(H(h)), func(f Feature) bool { return st.Catalog().Feature(f).Key == smokeFeatureKey })
}

// FAQ III "Écran de fumée" (facts from the BGA implementation's summary of
// the rule, smoke.go): "Place Smoke Screen markers on 3 adjacent contiguous
// hexes"; "Smoke Screen blocks line of Sight"; "Unit on Smoke Screen hex may
// be seen and see out of that hex"; flipped once the side's turn has
// elapsed, removed once its second turn has elapsed.
func TestSmokeScreen(t *testing.T) {
	st := smokeGame(t, MaskAllies)
	if !st.LineOfSight(H("4,6"), H("4,12")) {
		t.Fatal("no line of sight before the smoke")
	}
	opts := smokeActions(st)
	seen := map[string]bool{}
	for _, o := range opts {
		f := strings.Fields(o)[1:]
		slices.Sort(f)
		if k := strings.Join(f, " "); seen[k] {
			t.Fatalf("the group %s is offered twice", k)
		} else {
			seen[k] = true
		}
		a, err := ParseAction(o)
		if err != nil || a.String() != o {
			t.Fatalf("%q does not round-trip: %v %q", o, err, a.String())
		}
	}
	if !slices.Contains(opts, "smoke 3,11 4,10 4,8") || !slices.Contains(opts, "smoke 4,8 3,9 4,10") {
		t.Fatalf("a line and a triangle through 4,8-4,10 not offered: %d options", len(opts))
	}
	before := st.Clone()
	evs := act(t, st, "smoke 3,11 4,10 4,8")
	if n := len(slices.DeleteFunc(slices.Clone(evs), func(e Event) bool { return e.Kind != EvSmoke || e.Side != Allies })); n != 3 {
		t.Errorf("smoke events: %s", evString(evs))
	}
	for _, h := range []string{"4,8", "4,10", "3,11"} {
		if !smokeOn(st, h) {
			t.Errorf("no smoke on %s", h)
		}
	}
	if st.LineOfSight(H("4,6"), H("4,12")) {
		t.Error("the smoke screen does not block the line of sight")
	}
	if st.Phase() != PhaseCard || st.Active() != Allies || len(smokeActions(st)) != 0 {
		t.Fatalf("after the smoke: phase %s, %s active, smoke options %v: the side then plays its card, once", st.Phase(), st.Active(), smokeActions(st))
	}
	if _, err := st.Apply(mustParse(t, "smoke 1,1 1,3 2,2")); err == nil {
		t.Error("a second smoke screen accepted")
	}
	// Units move on and through it freely.
	if r, _ := st.Reachable(H("4,6")); !slices.Contains(r, H("4,10")) {
		t.Errorf("armor cannot move through the smoke: %v", r)
	}
	pass(t, st) // the Allies' first turn ends: flipped
	if !smokeOn(st, "4,8") || st.SmokeLeft(Allies) != 1 {
		t.Fatalf("after the first turn: smoke %v, left %d", smokeOn(st, "4,8"), st.SmokeLeft(Allies))
	}
	if len(smokeActions(st)) != 0 {
		t.Error("the Axis, not named, may lay smoke")
	}
	pass(t, st) // the Axis turn
	if !smokeOn(st, "4,8") {
		t.Fatal("the smoke is lifted before the Allies' second turn ends")
	}
	if len(smokeActions(st)) != 0 {
		t.Error("smoke offered again on the second turn")
	}
	evs = passEvents(t, st) // the Allies' second turn ends: removed
	for _, h := range []string{"4,8", "4,10", "3,11"} {
		if smokeOn(st, h) {
			t.Errorf("smoke left on %s after the second turn", h)
		}
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvObstacleRemoved && e.From == H("4,10") }) {
		t.Errorf("no removal event: %s", evString(evs))
	}
	if !st.LineOfSight(H("4,6"), H("4,12")) || st.SmokeLeft(Allies) != 0 {
		t.Error("the line of sight is not back once the smoke is lifted")
	}

	// A unit on a smoke hex may be seen and see out.
	st = before.Clone()
	act(t, st, "smoke 3,11 4,12 5,11")
	if !st.LineOfSight(H("4,6"), H("4,12")) {
		t.Error("a unit on a smoke hex cannot be seen")
	}

	// Declined: the card played first, no smoke later.
	st = before.Clone()
	pass(t, st)
	pass(t, st)
	if len(smokeActions(st)) != 0 {
		t.Error("smoke offered after the first turn")
	}
}

// The side named second lays its screen at its own first turn.
func TestSmokeScreenSecondSide(t *testing.T) {
	st := smokeGame(t, MaskAxis)
	if len(smokeActions(st)) != 0 {
		t.Fatal("smoke offered to the Allies")
	}
	pass(t, st)
	if len(smokeActions(st)) == 0 {
		t.Fatal("no smoke offered to the Axis at its first turn")
	}
}

func TestSmokeScreenNeedsRow(t *testing.T) {
	s, seed := setupOf(t, "allies inf 4,6", "axis inf 0,0")
	s.Smoke = MaskAllies
	if _, err := New(s, seed); err == nil || !strings.Contains(err.Error(), "smoke") {
		t.Errorf("a smoke screen without its row: %v", err)
	}
}

func mustParse(t *testing.T, s string) Action {
	t.Helper()
	a, err := ParseAction(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
