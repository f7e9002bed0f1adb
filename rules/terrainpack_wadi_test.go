package rules

import (
	"slices"
	"testing"
)

// FAQ II 44 Oueds & défilés: "Les berges sont infranchissables pour
// entrer/sortir" and "Aucune restriction de mouvement par les extrémités".
// The wadi on 5,11 is open towards directions 0 (5,13) and 3 (5,9).
func TestWadiBanks(t *testing.T) {
	wadi := "5,11 wadi ends=0,3"
	cases := []struct {
		name  string
		specs []string
		from  string
		want  []string
	}{
		{"artillery beside a bank cannot step in", []string{wadi, "allies art 6,12"}, "6,12", disk("6,12", 1, "5,11")},
		{"artillery at an open end steps in", []string{wadi, "allies art 5,13"}, "5,13", disk("5,13", 1)},
		{"artillery in the wadi leaves only by its ends", []string{wadi, "allies art 5,11"}, "5,11", hexes("5,13", "5,9")},
		// A wadi of two hexes joined by their ends: movement along it is normal.
		{"along a wadi", []string{wadi, "5,13 wadi ends=3,0", "allies art 5,13"}, "5,13", hexes("5,11", "5,15")},
		// Infantry goes round by an end: 6,12 -> 5,13 -> 5,11.
		{"infantry goes round by an end", []string{wadi, "allies inf 6,12"}, "6,12", disk("6,12", 2, "4,10")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "axis inf 0,0")...)
			got := moveSet(t, st, c.from)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !eq(got, want) {
				t.Errorf("reach from %s:\n got %v\nwant %v", c.from, got, want)
			}
		})
	}
}

// FAQ II 44: a retreat does not cross a bank either; a unit that cannot
// retreat loses a figure per flag (rulebook p.9 "Retraite").
func TestWadiRetreatAndTakeGround(t *testing.T) {
	// The Allies retreat towards row 8: from 5,11 by 6,10 or 6,12, both banks.
	st := game(t, "5,11 wadi ends=0,3", "allies inf 5,11", "axis inf 4,12", "first=axis")
	turn(t, st, "attack-center", "4,12")
	toBattle(t, st)
	dice(t, st, "flag inf") // 3 dice, 1 less for the wadi
	act(t, st, "battle 4,12 5,11")
	if u := unitOn(t, st, "5,11"); u.Figures != 2 {
		t.Errorf("the unit held in the wadi has %d figures, want 2 (a hit, and a flag it cannot retreat from)", u.Figures)
	}
	// Taking ground into the wadi through a bank is a move through it.
	st = game(t, "5,11 wadi ends=0,3", "allies inf 5,11 fig=1", "axis inf 4,12", "first=axis")
	turn(t, st, "attack-center", "4,12")
	toBattle(t, st)
	dice(t, st, "inf inf inf")
	act(t, st, "battle 4,12 5,11")
	for _, a := range st.Legal() {
		if a.Kind == ActTakeGround {
			t.Fatalf("take ground into the wadi through a bank offered: %v", a)
		}
	}
}

// FAQ II 44: "Infanterie/blindés combattant depuis/vers un oued ou défilé
// doivent être adjacents à la cible"; the wadi protects by -1 die, against
// artillery too (FAQ IV Artillerie: "les Oueds & Défilés réduisent les tirs
// d'artillerie de 1 dé").
func TestWadiBattle(t *testing.T) {
	cases := []struct {
		name       string
		side, kind string
		from, tgt  string
		extra      []string
		dice       int // 0: no battle
	}{
		{"infantry into a wadi from 2 hexes: no", "axis", "inf", "3,11", "5,11", nil, 0},
		{"infantry into a wadi from next to it: -1", "axis", "inf", "4,12", "5,11", nil, 2},
		{"armor into a wadi from 2 hexes: no", "axis", "arm", "3,11", "5,11", nil, 0},
		{"artillery into a wadi from 4 hexes: 2-1", "axis", "art", "1,11", "5,11", nil, 1},
		{"infantry out of a wadi at 2 hexes: no", "allies", "inf", "5,11", "3,11", nil, 0},
		{"infantry out of a wadi next to it", "allies", "inf", "5,11", "4,12", nil, 3},
		{"wadi to wadi at 2 hexes: allowed, -1", "axis", "inf", "5,15", "5,11", []string{"5,15 wadi ends=0,3"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sp := append([]string{"5,11 wadi ends=0,3", c.side + " " + c.kind + " " + c.from}, c.extra...)
			if c.side == "allies" {
				sp = append(sp, "axis inf "+c.tgt)
			} else {
				sp = append(sp, "allies inf "+c.tgt, "first=axis")
			}
			st := game(t, sp...)
			turn(t, st, "general-advance", c.from)
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			if c.dice == 0 && st.Phase() == PhaseCard && st.Active() == sideOf(t, c.side).Opp() {
				return // no battle: the turn ended
			}
			toBattle(t, st)
			if c.dice == 0 {
				if b := dests(st, ActBattle, c.from); slices.Contains(b, H(c.tgt).String()) {
					t.Fatalf("%s may battle %s", c.from, c.tgt)
				}
				return
			}
			dice(t, st, "star star star star")
			if n := battleDiceOf(act(t, st, "battle "+c.from+" "+c.tgt)); n != c.dice {
				t.Errorf("battle rolled %d dice, want %d", n, c.dice)
			}
		})
	}
}

// Terrain Pack 24 Fortresses (docs/rules-decisions.md, from the Board Game
// Arena adaptation): either side's unit in a fortress ignores all flags, not
// those of a Barrage; Terrain Pack 18 Cemeteries: a unit may ignore one flag.
func TestFortressAndCemeteryFlags(t *testing.T) {
	st := game(t, "5,11 fortress", "allies inf 5,11", "axis inf 4,12", "first=axis")
	turn(t, st, "attack-center", "4,12")
	toBattle(t, st)
	dice(t, st, "flag flag flag")
	act(t, st, "battle 4,12 5,11")
	if u := unitOn(t, st, "5,11"); u.Figures != 4 || st.Phase() == PhaseRetreat {
		t.Errorf("in a fortress: %d figures, phase %s; want 4 and no retreat", u.Figures, st.Phase())
	}
	st = game(t, "5,11 cemetery", "allies inf 5,11", "axis inf 4,12", "first=axis")
	turn(t, st, "attack-center", "4,12")
	toBattle(t, st)
	dice(t, st, "flag inf inf")
	act(t, st, "battle 4,12 5,11")
	if st.Phase() != PhaseRetreat || !slices.Contains(legal(st), "retreat 5,11 5,11 ignore") {
		t.Errorf("in a cemetery: want the flag ignorable, legal %v", legal(st))
	}
}
