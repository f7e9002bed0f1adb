package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// breakGame: the Allies (at the bottom) may bring max armor units in
// through the Axis baseline, row 0.
func breakGame(t *testing.T, max int, specs ...string) *State {
	t.Helper()
	s, seed := setupOf(t, append([]string{"allies inf 8,12"}, specs...)...)
	s.Breakthroughs = []ArmorBreakthrough{{Side: Allies, Unit: UnitSetup{Type: Armor, Side: Allies}, Max: max}}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func enterHexes(st *State) []string {
	var out []string
	for _, a := range legal(st) {
		if h, ok := strings.CutPrefix(a, "enter "); ok {
			out = append(out, h)
		}
	}
	return out
}

// Armor breakthrough (.m44 armor_breakthrough_rules; the facts from the
// public BGA implementation's summary, armor_breakthrough.go): "During a
// single game turn, you may order new Armor Units onto the board"; "Order
// must be valid and issued as normal"; "Units must enter through
// Opponent's baseline"; "Units must stop on baseline hex; they may battle
// (if no terrain restriction when entering) and Take Ground this turn, but
// may not Armor Overrun".
func TestArmorBreakthrough(t *testing.T) {
	st := breakGame(t, 3, "axis inf 1,3 fig=1", "axis inf 1,5", "axis inf 0,0", "0,6 forest")
	if n := st.BreakthroughLeft(Allies); n != 3 {
		t.Fatalf("left %d, want 3", n)
	}
	id := hand(t, st, Allies, "probe-left")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	enter := enterHexes(st)
	if !slices.Contains(enter, "0,2") || !slices.Contains(enter, "0,6") || slices.Contains(enter, "0,0") || slices.Contains(enter, "0,12") {
		t.Fatalf("enter hexes %v: want the empty Axis baseline hexes of the left section", enter)
	}
	evs := act(t, st, "enter 0,2")
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvEntered && e.From == H("0,2") && e.Side == Allies }) {
		t.Errorf("no breakthrough event: %s", evString(evs))
	}
	if u, ok := st.UnitAt(H("0,2")); !ok || u.Type != Armor || u.Side != Allies || !u.Ordered {
		t.Fatalf("unit on 0,2: %+v", u)
	}
	act(t, st, "enter 0,6") // a forest: it may not battle this turn
	if st.Phase() != PhaseMove && st.Phase() != PhaseBattle {
		t.Fatalf("the probe's two orders given: phase %s", st.Phase())
	}
	if st.Phase() == PhaseMove {
		for _, a := range legal(st) {
			if strings.HasPrefix(a, "move 0,2") || strings.HasPrefix(a, "move 0,6") {
				t.Fatalf("an entered unit moves on: %s", a)
			}
		}
		act(t, st, "end-moves")
	}
	l := legal(st)
	if !slices.Contains(l, "battle 0,2 1,3") || slices.ContainsFunc(l, func(a string) bool { return strings.HasPrefix(a, "battle 0,6") }) {
		t.Fatalf("battles %v: 0,2 may battle, 0,6 (forest) may not", l)
	}
	dice(t, st, "grenade grenade grenade")
	act(t, st, "battle 0,2 1,3")
	if !slices.Contains(legal(st), "take-ground 0,2 1,3") {
		t.Fatalf("no take ground: %v", legal(st))
	}
	act(t, st, "take-ground 0,2 1,3")
	if slices.ContainsFunc(legal(st), func(a string) bool { return strings.HasPrefix(a, "battle 1,3") }) {
		t.Errorf("an armor overrun after entering: %v", legal(st))
	}
	endTurn(t, st, Allies)
	pass(t, st) // the Axis
	// A single turn: the third unit may not enter later.
	id = hand(t, st, Allies, "probe-left")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	if e := enterHexes(st); len(e) != 0 || st.BreakthroughLeft(Allies) != 0 {
		t.Errorf("entering on a later turn: %v, left %d", e, st.BreakthroughLeft(Allies))
	}
}

// Only as many as the card orders, only the side named, and not with a
// card that orders nobody there.
func TestArmorBreakthroughLimits(t *testing.T) {
	st := breakGame(t, 1, "axis inf 0,0")
	id := hand(t, st, Allies, "probe-right")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	for _, h := range enterHexes(st) {
		if H(h).Col < 17 {
			t.Errorf("enter %s with a right probe", h)
		}
	}
	act(t, st, "enter "+enterHexes(st)[0])
	if e := enterHexes(st); len(e) != 0 {
		t.Errorf("a second unit of one: %v", e)
	}
	st = breakGame(t, 2, "axis inf 0,0")
	pass(t, st)
	id = hand(t, st, Axis, "probe-left")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	if e := enterHexes(st); len(e) != 0 {
		t.Errorf("the Axis may enter: %v", e)
	}
	if _, err := ParseAction("enter 0,2 0,4"); err == nil {
		t.Error("enter with two hexes parsed")
	}
}

// An Assault orders every unit of its section at once, unless breakthrough
// armor may enter: the player then brings it in first, and orders the
// others one by one (the quota is the whole section).
func TestArmorBreakthroughWithAssault(t *testing.T) {
	st := breakGame(t, 2, "allies inf 7,3", "allies inf 8,4", "axis inf 0,12")
	id := hand(t, st, Allies, "assault-left")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	if st.Phase() != PhaseOrder || len(enterHexes(st)) == 0 {
		t.Fatalf("phase %s, enter %v: the Assault waits for the entry", st.Phase(), enterHexes(st))
	}
	act(t, st, "enter 0,2")
	act(t, st, "enter 0,4")
	act(t, st, "order 7,3")
	act(t, st, "order 8,4")
	if st.Phase() != PhaseMove {
		t.Fatalf("phase %s, legal %v", st.Phase(), legal(st))
	}
}
