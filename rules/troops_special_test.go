package rules

import (
	"slices"
	"testing"
)

// FAQ IV Artillerie lourde: "Tire à 3, 3, 2, 2, 1, 1, 1, 1"; "Placez un pion
// cible sur celle-ci quand un coup au but est réussi"; "Jusqu'à destruction
// ou mouvement, l'unité repérée subit les tirs avec un dé supplémentaire";
// "Les pions cible ne sont pas cumulables"; "Tous les jetons de cible sont
// replacés auprès de l'artillerie lorsqu'elle se déplace". The extra die is
// the marking gun's own, and a gun holds 3 markers (the Board Game Arena
// adaptation; docs/rules-decisions.md "Big guns").
func TestBigGunRangeAndMarkers(t *testing.T) {
	// Range: 8 hexes, 1 die at 7 and 8.
	st := game(t, "allies art 8,12 kind=big-gun", "axis inf 0,12", "axis inf 1,13", "axis inf 0,0")
	turn(t, st, "general-advance", "8,12")
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	if b := dests(st, ActBattle, "8,12"); !slices.Contains(b, "0,12") || !slices.Contains(b, "1,13") {
		t.Fatalf("big gun targets %v, want 0,12 (8 hexes) and 1,13 (7)", b)
	}
	dice(t, st, "inf")
	evs := act(t, st, "battle 8,12 0,12")
	if n := battleDiceOf(evs); n != 1 {
		t.Errorf("8 hexes: %d dice, want 1", n)
	}
	if m := ofKind(evs, EvTargetMarked); len(m) != 1 || m[0].To != H("0,12") {
		t.Fatalf("a hit that leaves the unit: want a marker on 0,12, events %v", evs)
	}
	if tm := st.TargetMarkers(); len(tm) != 1 || tm[0].Gun != H("8,12") || tm[0].Target != H("0,12") {
		t.Errorf("markers %v", tm)
	}
	// Next turn: the marked unit takes fire at 1 die more; a second hit
	// places no second marker (not cumulative).
	pass(t, st)
	turn(t, st, "general-advance", "8,12")
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	dice(t, st, "inf inf")
	evs = act(t, st, "battle 8,12 0,12")
	if n := battleDiceOf(evs); n != 2 {
		t.Errorf("marked target at 8 hexes: %d dice, want 2", n)
	}
	if len(ofKind(evs, EvTargetMarked)) != 0 || len(st.TargetMarkers()) != 1 {
		t.Errorf("markers are not cumulative: %v", st.TargetMarkers())
	}
	// The marked unit moves: its marker goes.
	turn(t, st, "general-advance", "0,12")
	act(t, st, "move 0,12 0,14")
	if len(st.TargetMarkers()) != 0 {
		t.Errorf("the marked unit moved: markers %v, want none", st.TargetMarkers())
	}
}

// The gun moves: its markers come back to it (FAQ IV Artillerie lourde);
// an ordinary artillery unit places none.
func TestBigGunMovesAndPlainArtillery(t *testing.T) {
	st := game(t, "allies art 8,12 kind=big-gun", "axis inf 2,12", "axis inf 0,0")
	turn(t, st, "general-advance", "8,12")
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	dice(t, st, "inf")
	act(t, st, "battle 8,12 2,12")
	if len(st.TargetMarkers()) != 1 {
		t.Fatalf("markers %v", st.TargetMarkers())
	}
	pass(t, st)
	turn(t, st, "general-advance", "8,12")
	act(t, st, "move 8,12 7,13")
	if len(st.TargetMarkers()) != 0 {
		t.Errorf("the gun moved: markers %v, want none", st.TargetMarkers())
	}
	st = game(t, "allies art 8,12", "axis inf 4,12", "axis inf 0,0")
	turn(t, st, "general-advance", "8,12")
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	dice(t, st, "inf inf")
	if evs := act(t, st, "battle 8,12 4,12"); len(ofKind(evs, EvTargetMarked)) != 0 {
		t.Error("plain artillery placed a marker")
	}
}

// FAQ IV Camions de transport: infantry in every case; move 0-2, +2 on a
// road; never battle; reinforce a damaged adjacent friendly unit (the
// half-tracks' "renforcement d'effectif", winter_halftracks.go).
func TestSupplyTrucks(t *testing.T) {
	road := fill(row(6, 0, 24), "road")
	st := game(t, append(road, "allies inf 6,8 kind=supply-trucks", "axis inf 0,0")...)
	got := moveSet(t, st, "6,8")
	if !slices.Contains(got, "6,16") || slices.Contains(got, "6,18") {
		t.Errorf("trucks on a road reach %v: want 4 hexes along it (6,16), not 5", got)
	}
	if slices.Contains(got, "4,12") {
		t.Errorf("trucks off the road move 2: 4,12 reached")
	}
	// Reinforcing: the trucks give a figure to the damaged unit beside them.
	st = game(t, "allies inf 6,12 kind=supply-trucks", "allies inf 6,14", "axis inf 3,13", "axis inf 0,0")
	st.units[1].figures = 2
	turn(t, st, "general-advance", "6,12")
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	if b := dests(st, ActBattle, "6,12"); len(b) != 0 {
		t.Errorf("trucks may battle %v", b)
	}
	act(t, st, "reinforce 6,12 6,14")
	if u := unitOn(t, st, "6,14"); u.Figures != 3 {
		t.Errorf("reinforced unit: %d figures, want 3", u.Figures)
	}
	if u := unitOn(t, st, "6,12"); u.Figures != 2 {
		t.Errorf("trucks: %d figures, want 2", u.Figures)
	}
}
