package rules

import (
	"slices"
	"testing"
)

// WW V "Half-Tracks - Mouvement et Combat", "- Attaque": move 2 and battle
// with 2 dice at 1-2 hexes; targeted, they are armor (an armor symbol or a
// grenade hits).
func TestHalfTracksMoveAndBattle(t *testing.T) {
	st := game(t, "allies arm 6,12 kind=half-tracks", "axis inf 2,12", "axis inf 0,0")
	turn(t, st, "general-advance", "6,12")
	if !slices.Contains(dests(st, ActMove, "6,12"), H("4,12").String()) || slices.Contains(dests(st, ActMove, "6,12"), H("3,11").String()) {
		t.Fatalf("half-tracks reach %v, want 2 hexes", dests(st, ActMove, "6,12"))
	}
	act(t, st, "move 6,12 4,12")
	toBattle(t, st)
	dice(t, st, "inf inf")
	evs := act(t, st, "battle 4,12 2,12")
	if n := battleDiceOf(evs); n != 2 {
		t.Errorf("half-tracks rolled %d dice at 2 hexes, want 2", n)
	}
	st = game(t, "allies arm 6,12 kind=half-tracks", "axis inf 3,11")
	checkDice(t, st, "6,12", "3,11", 0)
	st = game(t, "allies inf 6,12", "axis arm 5,11 kind=half-tracks")
	turn(t, st, "general-advance", "6,12")
	toBattle(t, st)
	dice(t, st, "arm grenade inf")
	act(t, st, "battle 6,12 5,11")
	if u := unitOn(t, st, "5,11"); u.Figures != 1 {
		t.Errorf("half-tracks have %d figures after an armor symbol, a grenade and an infantry symbol, want 1", u.Figures)
	}
}

// WW V "Half-Tracks - Médailles": no medal per unit; one per 3 half-tracks
// destroyed, from one unit or several.
func TestHalfTracksMedals(t *testing.T) {
	st := game(t, "allies inf 6,12", "allies inf 6,16", "axis arm 5,11 kind=half-tracks fig=2", "axis arm 5,15 kind=half-tracks fig=2", "axis inf 0,0")
	turn(t, st, "general-advance", "6,12", "6,16")
	toBattle(t, st)
	dice(t, st, "arm grenade inf")
	act(t, st, "battle 6,12 5,11")
	if _, ok := st.UnitAt(H("5,11")); ok {
		t.Fatal("the half-tracks survived")
	}
	if m := st.Medals()[Allies]; m != 0 {
		t.Errorf("eliminating 2 half-tracks gave %d medals, want 0", m)
	}
	if st.Phase() == PhaseTakeGround {
		act(t, st, "skip")
	}
	dice(t, st, "arm inf inf")
	act(t, st, "battle 6,16 5,15")
	if m := st.Medals()[Allies]; m != 1 {
		t.Errorf("3 half-tracks destroyed gave %d medals, want 1", m)
	}
}

// WW V "Half-Tracks - Renforcement d'effectif": instead of battling,
// half-tracks next to a damaged friendly unit give it figures, one per
// half-track, up to its strength, to several units if they like; the units
// reinforced may not battle; half-tracks used up leave the board without a
// medal; never a one-figure unit.
func TestHalfTracksReinforce(t *testing.T) {
	st := game(t, "allies arm 6,12 kind=half-tracks fig=2", "allies inf 6,14", "allies inf 6,10",
		"allies inf 7,11 fig=1", "allies inf 7,13", "axis inf 4,12", "axis inf 0,0")
	wound := func(h string, n int8) { st.units[st.occ[st.b.grid.Index(H(h))]].figures -= n }
	wound("6,14", 2) // 2 of 4
	wound("6,10", 1) // 3 of 4
	// 7,11 is a one-figure unit (never reinforced), 7,13 is at full strength.
	turn(t, st, "assault-center")
	toBattle(t, st)
	want := []string{"reinforce 6,12 6,10", "reinforce 6,12 6,14"}
	var got []string
	for _, a := range legal(st) {
		if len(a) > 9 && a[:9] == "reinforce" {
			got = append(got, a)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("reinforce actions %v, want %v", got, want)
	}
	act(t, st, "reinforce 6,12 6,14")
	if slices.Contains(dests(st, ActBattle, "6,12"), H("4,12").String()) {
		t.Errorf("half-tracks battle after reinforcing")
	}
	if slices.Contains(dests(st, ActBattle, "6,14"), H("4,12").String()) {
		t.Errorf("a reinforced unit may battle")
	}
	if u := unitOn(t, st, "6,14"); u.Figures != 3 {
		t.Errorf("reinforced unit has %d figures, want 3", u.Figures)
	}
	act(t, st, "reinforce 6,12 6,10") // the last half-track
	if _, ok := st.UnitAt(H("6,12")); ok {
		t.Errorf("used-up half-tracks stay on the board")
	}
	if unitOn(t, st, "6,10").Figures != 4 {
		t.Errorf("second unit not reinforced")
	}
	if m := st.Medals()[Axis]; m != 0 {
		t.Errorf("half-tracks used to reinforce gave the Axis %d medals", m)
	}
}

// WW V Half-Tracks "Cartes de commandement": Medics & Mechanics cannot
// order half-tracks.
func TestHalfTracksNoMedics(t *testing.T) {
	g := tcStart(t, "allies arm 6,12 kind=half-tracks", "allies inf 6,16", "allies inf 6,18", "axis inf 0,0")
	g.wound("6,12", 1)
	g.wound("6,16", 1)
	g.wound("6,18", 1)
	g.hand(Allies, "medics-mechanics", "probe-left")
	g.play("medics-mechanics")
	if g.isLegal("order 6,12") || !g.isLegal("order 6,16") || !g.isLegal("order 6,18") {
		t.Errorf("Medics & Mechanics orders: %v", legal(g.s))
	}
}
