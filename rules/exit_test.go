package rules

import (
	"slices"
	"testing"

	"m44/hex"
)

// Winter Wars III "Pions Exit": a unit that leaves the board through an
// exit hex (or between two exit markers) is removed and wins a medal. The
// step off the board is one more hex of movement; a unit that must stop on
// the exit hex does not go on; only the marker's side exits there; the
// other side wins nothing.
func TestExitMarkers(t *testing.T) {
	s := tcSetup(t, "allies inf 1,9", "allies inf 2,12", "allies arm 2,16", "allies inf 0,4", "axis inf 1,21", "axis inf 8,20")
	s.Exits = []Exit{{Side: Allies, Hexes: []hex.Hex{H("0,8"), H("0,10"), H("0,12"), H("0,16"), H("0,4"), H("0,20")}}}
	s.Hexes = append(s.Hexes, HexSetup{Hex: H("0,12"), Terrain: Forest})
	g := tcNew(t, s)
	g.hand(Allies, "assault-center", "assault-left")
	g.play("assault-center")
	g.wantPhase(PhaseMove)
	exits := g.legalKind("exit")
	for _, want := range []string{"exit 1,9 0,8", "exit 1,9 0,10", "exit 2,16 0,16"} {
		if !slices.Contains(exits, want) {
			t.Errorf("exits %v lack %q", exits, want)
		}
	}
	for _, no := range []string{"exit 2,12 0,12", "exit 2,12 0,10", "exit 0,4 0,4"} {
		if slices.Contains(exits, no) {
			t.Errorf("%q offered: infantry 2 hexes away has no hex left, a forest stops it, and 0,4 is in another section", no)
		}
	}
	g.do("exit 1,9 0,8")
	if e := g.last(EvUnitExited); len(e) != 1 || e[0].Side != Allies || e[0].N != 1 || e[0].To != H("0,8") {
		t.Fatalf("exit events %v", g.last(EvUnitExited))
	}
	if g.s.Medals() != [2]int{1, 0} || g.s.Kills() != [2]int{0, 0} {
		t.Fatalf("medals %v, kills %v: the exit is the Allies' medal, not an Axis kill", g.s.Medals(), g.s.Kills())
	}
	g.empty("1,9")
	g.empty("0,8")
	// Armor from 2 hexes away: 2 steps and the step off the board.
	g.do("exit 2,16 0,16")
	if g.s.Medals()[Allies] != 2 {
		t.Fatalf("medals %v", g.s.Medals())
	}
	// An Axis unit never exits by an Allied marker: the Axis infantry on
	// 1,21, next to the Allied exit 0,20, is offered moves and no exit.
	for g.s.Active() == Allies {
		g.do(g.legal()[len(g.legal())-1])
	}
	g.hand(Axis, "assault-left", "assault-right")
	g.play("assault-left")
	g.wantPhase(PhaseMove)
	if len(g.legalKind("move")) == 0 || len(g.legalKind("exit")) != 0 {
		t.Fatalf("axis moves %v, exits %v", g.legalKind("move"), g.legalKind("exit"))
	}
}

// Breakout to Lisyanka (.m44 option infantry_exit_counts_2): "infantry count
// as 2 and armor 1".
func TestExitMedalsByClass(t *testing.T) {
	s, seed := setupOf(t, "axis inf 7,9", "allies inf 0,0", "top=allies", "first=axis")
	s.Exits = []Exit{{Side: Axis, Hexes: []hex.Hex{H("8,8")}, Medals: [3]int8{Infantry: 2}}}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	turn(t, st, "probe-center", "7,9")
	act(t, st, "exit 7,9 8,8")
	if st.Medals() != [2]int{0, 2} {
		t.Fatalf("medals %v, want 2 for the Axis infantry's exit", st.Medals())
	}
	bad := *s
	bad.Exits = []Exit{{Side: Axis, Hexes: []hex.Hex{H("4,12")}}}
	if _, err := New(&bad, 1); err == nil {
		t.Error("an exit in the middle of the board was accepted")
	}
}

// Breakthrough to Gembloux (.m44 must_have_unit_exit): "12 Medals, with at
// least one collected by a German unit exiting the board through the Exit
// hex": medals alone do not win until enough units have exited.
func TestMustExitToWin(t *testing.T) {
	s := tcSetup(t, "allies inf 5,9", "allies inf 1,9", "axis inf 5,11", "axis inf 8,20", "victory=1,6")
	s.Exits = []Exit{{Side: Allies, Hexes: []hex.Hex{H("0,8")}}}
	s.MustExit = [2]int8{Allies: 1}
	g := tcNew(t, s)
	g.wound("5,11", 3)
	g.hand(Allies, "assault-center", "probe-left", "probe-right", "attack-left", "attack-right")
	g.toBattle("assault-center")
	g.dice("grenade")
	g.do("battle 5,9 5,11")
	if over, _ := g.s.Over(); over || g.s.Medals()[Allies] != 1 {
		t.Fatalf("over %v, medals %v: the kill's medal reaches 1 but no unit has exited", over, g.s.Medals())
	}
	// The exit, next turn, wins (the medal count stays capped at 1).
	for g.s.Active() == Allies {
		g.do(g.legal()[len(g.legal())-1])
	}
	for g.s.Active() == Axis && g.s.Phase() != PhaseOver {
		g.do(g.legal()[len(g.legal())-1])
	}
	g.hand(Allies, "assault-center", "probe-left", "probe-right", "attack-left", "attack-right")
	g.play("assault-center")
	g.do("exit 1,9 0,8")
	if over, w := g.s.Over(); !over || w != Allies {
		t.Fatalf("over %v, winner %s after the exit", over, w)
	}
	bad := *s
	bad.MustExit = [2]int8{Axis: 1}
	if _, err := New(&bad, 1); err == nil {
		t.Error("a side with no exit was asked to exit")
	}
}
