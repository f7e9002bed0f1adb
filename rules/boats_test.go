package rules

import (
	"slices"
	"testing"
)

// FAQ III Actions "Canots démontables & bateaux" (faq-fr.txt; Days of
// Wonder's cards compendium, action 5) and FAQ XI Ponts de Nimègue
// (faq-digest 52). Row 4 is a river with a bridge on 4,16.
func boatGame(t *testing.T, extra ...string) *State {
	t.Helper()
	sp := specs(fill(row(4, 0, 24), "river"), []string{"4,16 river bridge", "axis inf 0,0", "allies inf 8,24"}, extra)
	return game(t, sp...)
}

func TestBoats(t *testing.T) {
	t.Run("infantry with boats enters the river and stops", func(t *testing.T) {
		st := boatGame(t, "allies inf 6,12 boat", "allies inf 6,8")
		turn(t, st, "general-advance", "6,12", "6,8")
		d := dests(st, ActMove, "6,12")
		if !slices.Contains(d, H("4,12").String()) || !slices.Contains(d, H("5,11").String()) {
			t.Fatalf("a boat unit reaches %v; want the river 2 hexes away (4,12) too", d)
		}
		if slices.Contains(dests(st, ActMove, "6,8"), H("4,8").String()) {
			t.Fatal("infantry without boats enters the river")
		}
		act(t, st, "move 6,12 5,11")
		if len(dests(st, ActMove, "5,11")) != 0 {
			t.Fatal("a unit moves on after its move")
		}
		act(t, st, "move 6,8 6,10")
		st2 := boatGame(t, "allies inf 5,11 boat")
		turn(t, st2, "general-advance", "5,11")
		act(t, st2, "move 5,11 4,10")
		if u := unitOn(t, st2, "4,10"); !u.Boat {
			t.Fatalf("in the river: %+v, want its boat", u)
		}
		if st2.Phase() == PhaseMove && len(dests(st2, ActMove, "4,10")) != 0 {
			t.Fatal("a unit that entered the river moves on (it must stop)")
		}
	})
	t.Run("afloat: one hex, along the river or ashore, never a bridge", func(t *testing.T) {
		st := boatGame(t, "allies inf 4,14 boat")
		turn(t, st, "general-advance", "4,14")
		got := dests(st, ActMove, "4,14")
		want := hexes("4,12", "3,13", "5,13", "3,15", "5,15")
		if !eq(got, want) {
			t.Fatalf("afloat reaches %v, want %v (1 hex; not the bridge 4,16)", got, want)
		}
		act(t, st, "move 4,14 3,13")
		if u := unitOn(t, st, "3,13"); u.Boat {
			t.Fatal("the boat stays after landing (FAQ: removed, not used again)")
		}
	})
	t.Run("after landing the unit is plain infantry", func(t *testing.T) {
		st := boatGame(t, "allies inf 4,14 boat")
		turn(t, st, "general-advance", "4,14")
		act(t, st, "move 4,14 5,13")
		endTurn(t, st, Allies)
		pass(t, st)
		turn(t, st, "general-advance", "5,13")
		if slices.Contains(dests(st, ActMove, "5,13"), H("4,12").String()) {
			t.Fatal("the unit re-enters the river without its boat")
		}
	})
	t.Run("afloat battles with 1 die less", func(t *testing.T) {
		st := boatGame(t, "allies inf 4,14 boat", "axis inf 3,13")
		checkDice(t, st, "4,14", "3,13", 2)
		st = boatGame(t, "allies inf 5,13 boat", "axis inf 5,11")
		checkDice(t, st, "5,13", "5,11", 3) // ashore, the boats carried: no malus
	})
	t.Run("afloat never retreats: a flag costs a figure", func(t *testing.T) {
		st := boatGame(t, "allies inf 4,14 boat", "axis inf 2,14")
		pass(t, st)
		attack(t, st, "2,14", "", "4,14", "flag flag")
		if u := unitOn(t, st, "4,14"); u.Figures != 2 || !u.Boat {
			t.Fatalf("after 2 flags afloat: %+v, want 2 figures, still in the river", u)
		}
	})
	t.Run("no take ground from a boat onto a bridge (digest 52)", func(t *testing.T) {
		st := boatGame(t, "allies inf 4,14 boat", "axis inf 4,16 fig=1")
		attack(t, st, "4,14", "", "4,16", "inf")
		empty(t, st, "4,16")
		for _, a := range legal(st) {
			if a == "take-ground 4,14 4,16" {
				t.Fatal("took ground from a boat onto a bridge")
			}
		}
	})
	t.Run("only infantry (half-tracks are never loaded, WW V)", func(t *testing.T) {
		s, seed := setupOf(t, "allies arm 6,12 boat", "axis inf 0,0")
		if _, err := New(s, seed); err == nil {
			t.Fatal("armor with boats accepted")
		}
	})
}
