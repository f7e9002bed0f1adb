package rules

import (
	"slices"
	"testing"
)

// WW V: each new kind's dice by distance, with line of sight, cover and the
// "unmoved" bonuses (the kinds stand still here).
func TestWinterTroopsDice(t *testing.T) {
	cases := []struct {
		name   string
		att    string // the Allied unit on 6,12
		target string // the Axis unit's hex and its ground
		want   int
	}{
		// WW V "Canons antichars lourds": 2 dice at 1-4 hexes, ignores terrain protection.
		{"88 at 4", "art 6,12 kind=heavy-anti-tank-gun", "2,12", 2},
		{"88 at 5", "art 6,12 kind=heavy-anti-tank-gun", "1,11", 0},
		{"88 into forest", "art 6,12 kind=heavy-anti-tank-gun", "3,11 forest", 2},
		// WW V "Chasseurs de chars": 2 dice at 1-4; unmoved, ignores the target's terrain.
		{"tank destroyer at 4", "arm 6,12 kind=tank-destroyer", "2,12", 2},
		{"tank destroyer into forest, unmoved", "arm 6,12 kind=tank-destroyer", "4,12 forest", 2},
		// WW V "Artillerie mobile": battles as artillery.
		{"mobile artillery at 6", "art 6,12 kind=mobile-artillery", "0,12", 1},
		// WW V "Matériel (1942)": equipment infantry battles 3-2-1.
		{"anti-tank at 3", "inf 6,12 kind=infantry-anti-tank", "3,11", 1},
		{"anti-tank at 4", "inf 6,12 kind=infantry-anti-tank", "2,12", 0},
		{"machine gun into forest", "inf 6,12 kind=infantry-machine-gun", "5,11 forest", 2},
		// WW V "Unité d'infanterie avec mortier": unmoved, range 4 (1 die at
		// the last hex), no terrain protection, no line of sight needed.
		{"mortar unmoved at 4", "inf 6,12 kind=infantry-mortar", "2,12", 1},
		{"mortar unmoved into forest", "inf 6,12 kind=infantry-mortar", "4,12 forest", 2},
		{"mortar over a forest", "inf 6,12 kind=infantry-mortar", "4,12", 2},
		// WW V "Troupes du Génie": in close combat the target's terrain does not count.
		{"engineers close into forest", "inf 6,12 kind=engineers", "5,11 forest", 3},
		{"engineers at 2 into forest", "inf 6,12 kind=engineers", "4,12 forest", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			specs := []string{"allies " + c.att, "axis inf " + c.target[:4]}
			if len(c.target) > 4 {
				specs = append(specs, c.target)
			}
			if c.name == "mortar over a forest" {
				specs = append(specs, "5,11 forest", "5,13 forest")
			}
			st := game(t, specs...)
			checkDice(t, st, "6,12", c.target[:4], c.want)
		})
	}
}

// WW V: which stars hit, and what moving first changes.
func TestWinterTroopsStars(t *testing.T) {
	cases := []struct {
		name       string
		att, tgt   string // Allied attacker on 6,12; Axis target on 4,12
		move       bool   // the attacker first moves to 6,14 (still in range)
		wantFigure int8   // the target's figures after "star star"
	}{
		// WW V "Canons antichars lourds": a star hits armor.
		{"88 star on armor", "art kind=heavy-anti-tank-gun", "arm", false, 1},
		{"88 star on infantry", "art kind=heavy-anti-tank-gun", "inf", false, 4},
		// WW V "Chasseurs de chars": a star hits armor, moved or not.
		{"tank destroyer star on armor after moving", "arm kind=tank-destroyer", "arm", true, 1},
		// WW V "Chasseurs de chars": vulnerable: a star from armor or artillery hits it.
		{"armor star on a tank destroyer", "arm", "arm kind=tank-destroyer fig=4", false, 1},
		{"infantry star on a tank destroyer", "inf", "arm kind=tank-destroyer fig=4", false, 4},
		// WW V "Unité d'infanterie avec arme antichar": a star hits armor only if unmoved.
		{"anti-tank star on armor unmoved", "inf kind=infantry-anti-tank", "arm", false, 1},
		{"anti-tank star on armor after moving", "inf kind=infantry-anti-tank", "arm", true, 3},
		// WW V "Unité d'infanterie avec mitrailleuse": a star hits infantry only if unmoved.
		{"machine gun star on infantry unmoved", "inf kind=infantry-machine-gun", "inf", false, 2},
		{"machine gun star on armor", "inf kind=infantry-machine-gun", "arm", false, 3},
		{"machine gun star on infantry after moving", "inf kind=infantry-machine-gun", "inf", true, 4},
		// Plain infantry: stars never hit (rulebook p.10).
		{"infantry star on armor", "inf", "arm", false, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			att := splitKind(c.att)
			tgt := splitKind(c.tgt)
			st := game(t, "allies "+att[0]+" 6,12 "+att[1], "axis "+tgt[0]+" 4,12 "+tgt[1])
			turn(t, st, "general-advance", "6,12")
			from := "6,12"
			if c.move {
				act(t, st, "move 6,12 6,14")
				from = "6,14"
			}
			toBattle(t, st)
			if slices.Contains(dests(st, ActBattle, from), H("4,12").String()) == false {
				t.Fatalf("4,12 is not a target of %s: %v", from, legal(st))
			}
			dice(t, st, "star star star star")
			act(t, st, "battle "+from+" 4,12")
			if got := unitOn(t, st, "4,12").Figures; got != c.wantFigure {
				t.Errorf("target has %d figures, want %d", got, c.wantFigure)
			}
		})
	}
}

func splitKind(s string) [2]string {
	for i := range s {
		if s[i] == ' ' {
			return [2]string{s[:i], s[i+1:]}
		}
	}
	return [2]string{s, ""}
}

// WW V: movement allowances — mobile artillery moves 1 and battles or 2
// without; the 88 moves 1 or battles; equipment infantry moves 1 and battles
// or 2 (the newer 1942 rule: faq-digest §D6); tank destroyers move 2 and
// battle.
func TestWinterTroopsMoves(t *testing.T) {
	cases := []struct {
		name     string
		unit     string
		to       string
		reach    bool
		canFight bool
	}{
		{"mobile artillery 1 and battle", "art kind=mobile-artillery", "6,14", true, true},
		{"mobile artillery 2, no battle", "art kind=mobile-artillery", "6,16", true, false},
		{"88 moves 1, no battle", "art kind=heavy-anti-tank-gun", "6,14", true, false},
		{"88 never 2", "art kind=heavy-anti-tank-gun", "6,16", false, false},
		{"tank destroyer 2 and battle", "arm kind=tank-destroyer", "6,16", true, true},
		{"tank destroyer never 3", "arm kind=tank-destroyer", "6,18", false, false},
		{"mortar 1 and battle", "inf kind=infantry-mortar", "6,14", true, true},
		{"mortar 2, no battle", "inf kind=infantry-mortar", "6,16", true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := splitKind(c.unit)
			st := game(t, "allies "+u[0]+" 6,12 "+u[1], "axis inf 4,16")
			turn(t, st, "general-advance", "6,12")
			reach := slices.Contains(dests(st, ActMove, "6,12"), H(c.to).String())
			if reach != c.reach {
				t.Fatalf("%s reachable: %v, want %v", c.to, reach, c.reach)
			}
			if !reach {
				return
			}
			act(t, st, "move 6,12 "+c.to)
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			fight := st.Phase() == PhaseBattle && len(dests(st, ActBattle, c.to)) > 0
			if fight != c.canFight {
				t.Errorf("may battle after moving to %s: %v, want %v (%v)", c.to, fight, c.canFight, legal(st))
			}
		})
	}
}

// WW V "Troupes du Génie": engineers in wire battle at -1 die and may then
// remove the wire the same turn; plain infantry must choose (rulebook
// "Barbelés"); engineers that moved 2 (no battle) may not remove it (FAQ IV
// Troupes du génie).
func TestEngineersWire(t *testing.T) {
	for _, c := range []struct {
		name      string
		kind      string
		start     string // the engineers' hex before moving to 6,12
		wantAfter bool   // remove-wire is legal after battling
	}{
		{"engineers", "kind=engineers", "", true},
		{"infantry", "", "", false},
		{"engineers after 2 hexes", "kind=engineers", "8,12", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			from := "6,12"
			if c.start != "" {
				from = c.start
			}
			st := game(t, "allies inf "+from+" "+c.kind, "6,12 wire", "axis inf 4,12")
			turn(t, st, "general-advance", from)
			if c.start != "" {
				act(t, st, "move "+from+" 6,12")
				if st.Phase() != PhaseCard && slices.Contains(legal(st), "remove-wire 6,12") {
					t.Fatalf("remove-wire offered after a 2-hex move: %v", legal(st))
				}
				return
			}
			toBattle(t, st)
			dice(t, st, "star star")
			evs := act(t, st, "battle 6,12 4,12")
			if n := battleDiceOf(evs); n != 1 {
				t.Errorf("battled from wire with %d dice, want 1 (2 at range 2, -1 for the wire)", n)
			}
			after := st.Phase() == PhaseBattle && slices.Contains(legal(st), "remove-wire 6,12")
			if after != c.wantAfter {
				t.Fatalf("remove-wire after battling: %v, want %v (%v)", after, c.wantAfter, legal(st))
			}
			if after {
				act(t, st, "remove-wire 6,12")
				for _, f := range st.Features(H("6,12")) {
					if st.Catalog().Feature(f).Key == "wire" {
						t.Errorf("the wire is still there")
					}
				}
			}
		})
	}
}

// WW III "Camouflage": a camouflaged unit is attacked only in close combat
// (from an adjacent hex), by battles and by Air Power alike; it loses its
// camouflage when it moves or battles.
func TestCamouflage(t *testing.T) {
	// Out of close combat: not a target; adjacent: a target.
	st := game(t, "allies inf 6,12", "allies inf 4,16", "axis inf 3,11 camo", "axis inf 3,15 camo")
	turn(t, st, "general-advance", "6,12", "4,16")
	toBattle(t, st)
	if got := dests(st, ActBattle, "6,12"); slices.Contains(got, H("3,11").String()) {
		t.Errorf("a camouflaged unit 3 hexes away is a target: %v", got)
	}
	if q, _ := st.BattleDice(H("6,12"), H("3,11")); q != 0 {
		t.Errorf("BattleDice at a camouflaged unit 3 hexes away: %d", q)
	}
	if got := dests(st, ActBattle, "4,16"); !slices.Contains(got, H("3,15").String()) {
		t.Errorf("a camouflaged unit adjacent is not a target: %v", got)
	}
	if !unitOn(t, st, "3,11").Camouflaged {
		t.Fatal("the unit is not shown camouflaged")
	}
	// Moving loses it.
	st = game(t, "allies inf 6,12", "axis inf 2,12 camo", "first=axis")
	turn(t, st, "general-advance", "2,12")
	act(t, st, "move 2,12 3,11")
	if unitOn(t, st, "3,11").Camouflaged {
		t.Errorf("the unit moved and kept its camouflage")
	}
	// Battling loses it.
	st = game(t, "allies inf 6,12", "axis inf 4,12 camo", "first=axis")
	turn(t, st, "general-advance", "4,12")
	toBattle(t, st)
	dice(t, st, "star star")
	act(t, st, "battle 4,12 6,12")
	if unitOn(t, st, "4,12").Camouflaged {
		t.Errorf("the unit battled and kept its camouflage")
	}
}

// WW IV "Obstacles routiers enneigés": only infantry enters, and stops;
// infantry and armor attack it at -1 die, artillery without malus; it may
// ignore a flag.
func TestRoadBlock(t *testing.T) {
	for _, c := range []struct {
		name, att string
		want      int
	}{
		{"infantry at 1", "inf 5,11", 2},
		{"armor at 2", "arm 6,12", 2},
		{"artillery at 2", "art 6,12", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, "allies "+c.att, "axis inf 4,12", "4,12 road-block")
			checkDice(t, st, c.att[4:], "4,12", c.want)
		})
	}
	st := game(t, "allies inf 6,12", "allies arm 6,16", "axis inf 2,2", "5,11 road-block", "5,15 road-block")
	turn(t, st, "general-advance", "6,12", "6,16")
	if slices.Contains(dests(st, ActMove, "6,16"), H("5,15").String()) {
		t.Errorf("armor may enter a road block")
	}
	act(t, st, "move 6,12 5,11")
	if slices.Contains(dests(st, ActMove, "5,11"), H("4,10").String()) {
		t.Errorf("infantry moves on from a road block")
	}
	if !st.IgnoresFlagAt(H("5,11"), Allies, Infantry) {
		t.Errorf("a unit on a road block may not ignore a flag")
	}
}

// The StarsHit query answers from the same rule as the battle (WW V "Canons
// antichars lourds": a star hits armor), for the bots.
func TestStarsHitQuery(t *testing.T) {
	st := game(t, "allies art 6,12 kind=heavy-anti-tank-gun", "axis arm 4,12", "axis inf 4,14")
	if !st.StarsHit(H("6,12"), H("4,12")) || st.StarsHit(H("6,12"), H("4,14")) || st.StarsHit(H("6,12"), H("0,0")) {
		t.Errorf("StarsHit: armor %v, infantry %v", st.StarsHit(H("6,12"), H("4,12")), st.StarsHit(H("6,12"), H("4,14")))
	}
}

// WW V "Troupes du Génie": "Une unité du Génie se trouvant sur un obstacle
// routier et qui peut combattre peut l'enlever au lieu de combattre" — the
// newer text over FAQ II Obstacle routier (faq-digest 95, §D5: the FAQ
// allowed it only where a scenario said so). Plain infantry may not, nor
// engineers that moved in (entering stops them, but they may still battle:
// they may remove it then), nor engineers after battling.
func TestEngineersRoadBlock(t *testing.T) {
	removable := func(st *State, h string) bool {
		return slices.Contains(legal(st), "remove-wire "+H(h).String())
	}
	t.Run("engineers on it, instead of battling", func(t *testing.T) {
		st := game(t, "allies inf 5,11 kind=engineers", "5,11 road-block", "axis inf 3,11", "axis inf 0,0", "allies inf 8,24")
		turn(t, st, "general-advance", "5,11")
		toBattle(t, st)
		if !removable(st, "5,11") {
			t.Fatalf("engineers on a road block may not remove it: %v", legal(st))
		}
		act(t, st, "remove-wire 5,11")
		if st.ObstacleAt(H("5,11")) != NoObstacle {
			t.Fatal("the road block stayed")
		}
		if len(dests(st, ActBattle, "5,11")) > 0 {
			t.Fatal("the engineers still battle after removing the road block")
		}
	})
	t.Run("engineers that entered it this turn", func(t *testing.T) {
		st := game(t, "allies inf 6,12 kind=engineers", "5,11 road-block", "axis inf 3,11", "axis inf 0,0", "allies inf 8,24")
		turn(t, st, "general-advance", "6,12")
		act(t, st, "move 6,12 5,11")
		toBattle(t, st)
		if !removable(st, "5,11") {
			t.Fatalf("engineers that may battle may not remove the road block: %v", legal(st))
		}
	})
	t.Run("plain infantry may not", func(t *testing.T) {
		st := game(t, "allies inf 5,11", "5,11 road-block", "axis inf 3,11", "axis inf 0,0", "allies inf 8,24")
		turn(t, st, "general-advance", "5,11")
		toBattle(t, st)
		if removable(st, "5,11") {
			t.Fatal("plain infantry may remove a road block")
		}
		illegal(t, st, "remove-wire 5,11")
	})
	t.Run("not after battling", func(t *testing.T) {
		st := game(t, "allies inf 5,11 kind=engineers", "5,11 road-block", "axis inf 3,11", "axis inf 0,0", "allies inf 8,24", "allies inf 6,2", "axis inf 4,2")
		turn(t, st, "general-advance", "5,11", "6,2")
		toBattle(t, st)
		dice(t, st, "star star")
		act(t, st, "battle 5,11 3,11")
		if st.Phase() != PhaseBattle {
			t.Fatalf("phase %s, want battle (6,2 still to battle)", st.Phase())
		}
		if removable(st, "5,11") {
			t.Fatal("engineers remove a road block after battling")
		}
	})
}
