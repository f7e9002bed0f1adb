package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// readyToBattle orders the unit on from (General Advance), skips the move
// step and returns the legal battle targets of that unit.
func readyToBattle(t *testing.T, st *State, from string) []string {
	t.Helper()
	turn(t, st, "general-advance", from)
	if st.Phase() == PhaseMove {
		act(t, st, "end-moves")
	}
	return dests(st, ActBattle, from)
}

// checkDice asserts the dice of from against to three ways: the BattleDice
// query, the legal battle actions, and the battle's event when rolled.
func checkDice(t *testing.T, st *State, from, to string, want int) {
	t.Helper()
	targets := readyToBattle(t, st, from)
	q, err := st.BattleDice(H(from), H(to))
	if err != nil {
		t.Fatal(err)
	}
	if q != want {
		t.Errorf("BattleDice(%s, %s) = %d, want %d", from, to, q, want)
	}
	legalTarget := slices.Contains(targets, H(to).String())
	if legalTarget != (want > 0) {
		t.Fatalf("%s is a legal target: %v; want %v (dice %d)", to, legalTarget, want > 0, want)
	}
	if want == 0 {
		return
	}
	dice(t, st, "star star star star star star")
	evs := act(t, st, "battle "+from+" "+to)
	if n := battleDiceOf(evs); n != want {
		t.Errorf("battle rolled %d dice, want %d", n, want)
	}
	rolls := ofKind(evs, EvDiceRolled)
	if len(rolls) != 1 || int(rolls[0].NDice) != want || st.ScriptedLeft() != 6-want {
		t.Errorf("dice events %s, %d scripted faces left", evString(evs), st.ScriptedLeft())
	}
}

// rulebook p.8 "Portée de tir": infantry 3/2/1, armor 3/3/3, artillery
// 3/3/2/2/1/1; out of range means no battle.
func TestDiceByRange(t *testing.T) {
	table := map[string][]int{
		"inf": {3, 2, 1, 0, 0, 0, 0},
		"arm": {3, 3, 3, 0, 0, 0, 0},
		"art": {3, 3, 2, 2, 1, 1, 0},
	}
	for typ, byDist := range table {
		for d := 1; d <= 7; d++ {
			t.Run(fmt.Sprintf("%s-at-%d", typ, d), func(t *testing.T) {
				target := fmt.Sprintf("5,%d", 3+2*d)
				st := game(t, "allies "+typ+" 5,3", "axis inf "+target, "axis inf 0,24")
				checkDice(t, st, "5,3", target, byDist[d-1])
			})
		}
	}
}

// rulebook p.7 "Règles générales d'attaque": the number of figures left does
// not change the dice; an elite armor unit rolls like any armor.
func TestDiceDoNotDependOnFigures(t *testing.T) {
	for _, u := range []string{"allies inf 6,12 fig=1", "allies arm 6,12 fig=1", "allies art 6,12 fig=1", "allies arm 6,12 elite"} {
		t.Run(u, func(t *testing.T) {
			st := game(t, u, "axis inf 5,11", "axis inf 0,24")
			checkDice(t, st, "6,12", "5,11", 3)
		})
	}
	if DefaultFigures(Infantry, false, false) != 4 || DefaultFigures(Armor, false, false) != 3 ||
		DefaultFigures(Artillery, false, false) != 2 || DefaultFigures(Armor, true, false) != 4 ||
		DefaultFigures(Infantry, false, true) != 3 || DefaultFigures(Infantry, true, false) != 4 {
		t.Error("standard strengths: infantry 4, armor 3, artillery 2, elite armor 4, resistance 3 (annex 1)")
	}
}

// rulebook p.7 "combat rapproché" and its picture: a unit next to an enemy
// must battle an adjacent enemy, never a farther one. Artillery too.
func TestCloseCombatObligation(t *testing.T) {
	cases := []struct {
		name  string
		specs []string
		from  string
		want  []string
	}{
		{"the rulebook's picture", []string{"allies inf 6,12", "axis inf 5,11", "axis inf 4,14"}, "6,12", hexes("5,11")},
		{"without the adjacent enemy, the far one", []string{"allies inf 6,12", "axis inf 4,14"}, "6,12", hexes("4,14")},
		{"two adjacent enemies: either", []string{"allies arm 6,12", "axis inf 5,11", "axis inf 6,14", "axis inf 3,11"}, "6,12", hexes("5,11", "6,14")},
		{"artillery too", []string{"allies art 6,12", "axis inf 5,13", "axis inf 2,12"}, "6,12", hexes("5,13")},
		{"an adjacent enemy it cannot hurt still binds it (armor in town, FAQ 45)",
			[]string{"allies arm 6,12", "6,12 town", "axis inf 5,11", "5,11 town", "axis inf 6,16"}, "6,12", nil},
		{"an adjacent friend does not", []string{"allies inf 6,12", "allies inf 5,11", "axis inf 4,14"}, "6,12", hexes("4,14")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "axis inf 0,0")...)
			if got := readyToBattle(t, st, c.from); !eq(got, c.want) {
				t.Errorf("targets %v, want %v", got, c.want)
			}
		})
	}
}

// rulebook p.8-9 "Ligne de vue" and p.18 "Hauteur des terrains et ligne de
// vue". The two units stand on a and b; other specs add obstructions.
func TestLineOfSight(t *testing.T) {
	cases := []struct {
		name  string
		a, b  string
		specs []string
		want  bool
	}{
		{"clear", "4,8", "4,14", nil, true},
		{"a unit between blocks (picture 1)", "4,8", "4,14", []string{"allies inf 4,10"}, false},
		{"an enemy unit between blocks", "4,8", "4,14", []string{"axis inf 4,12"}, false},
		{"a forest between blocks", "4,8", "4,14", []string{"4,10 forest"}, false},
		{"target in a forest is seen (picture 2)", "4,8", "4,12", []string{"4,12 forest"}, true},
		{"target behind the forest is not (picture 2)", "4,8", "4,14", []string{"4,12 forest"}, false},
		{"attacker's own forest does not block", "4,8", "4,14", []string{"4,8 forest"}, true},
		{"town, hedgerow, church, bunker block", "4,8", "4,14", []string{"4,10 town"}, false},
		{"hedgerow blocks (FAQ 41)", "4,8", "4,14", []string{"4,10 hedgerow"}, false},
		{"church blocks", "4,8", "4,14", []string{"4,12 church"}, false},
		{"bunker blocks (FAQ 65)", "4,8", "4,14", []string{"4,12 bunker"}, false},
		{"river, bridge (FAQ 29), beach, ocean, wire, sandbags, hedgehog (FAQ 67) do not", "4,6", "4,20",
			[]string{"4,8 river", "4,10 river bridge", "4,12 beach", "4,14 ocean", "4,16 wire", "4,18 hedgehog", "5,17 sandbags"}, true},
		{"a lone lake hex does not block", "4,8", "4,14", []string{"4,10 lake"}, true},
		{"two adjacent lake hexes block (Lacs)", "4,8", "4,14", []string{"4,10 lake", "4,12 lake"}, false},
		{"an empty hill blocks lower units", "4,8", "4,14", []string{"4,12 hill"}, false},
		// FAQ digest 54: bluffs and cliffs block sight like hills (the
		// FAQ's "except from the same group" is the height rule, §D1).
		{"an empty bluff blocks lower units (FAQ 54)", "4,8", "4,14", []string{"4,12 bluff"}, false},
		{"bluff to cliff over an empty bluff (FAQ 54)", "4,10", "4,14", []string{"4,10 bluff", "4,12 bluff", "4,14 cliff"}, true},
		// Lines along hex edges: blocked only with obstructions on both sides.
		{"edge line, nothing", "4,12", "2,12", nil, true},
		{"edge line, obstruction on one side", "4,12", "2,12", []string{"3,11 forest"}, true},
		{"edge line, on the other side", "4,12", "2,12", []string{"axis inf 3,13"}, true},
		{"edge line, obstructions on both sides", "4,12", "2,12", []string{"3,11 forest", "axis inf 3,13"}, false},
		{"other edge direction, one side", "4,12", "3,15", []string{"4,14 town"}, true},
		{"other edge direction, both sides", "4,12", "3,15", []string{"4,14 town", "3,13 forest"}, false},
		{"4-hex edge line: one side near each end blocks (third picture)", "6,12", "2,12", []string{"5,11 forest", "3,13 forest"}, false},
		{"4-hex edge line: the same side twice does not", "6,12", "2,12", []string{"5,11 forest", "3,11 forest"}, true},
		{"4-hex edge line: the middle hex blocks", "6,12", "2,12", []string{"4,12 forest"}, false},
		// Half-hexes at the board edge are obstructions (FAQ digest 26).
		{"along the left half-hex, clear inside", "0,0", "2,0", nil, true},
		{"along the left half-hex, obstruction inside", "0,0", "2,0", []string{"1,1 forest"}, false},
		{"along the right half-hex, unit inside", "2,24", "4,24", []string{"allies inf 3,23"}, false},
		// A line that crosses an edge exactly at its midpoint cuts both hexes.
		{"crossing an edge at its midpoint: the first hex blocks", "8,22", "5,17", []string{"7,19 forest"}, false},
		{"crossing an edge at its midpoint: the second hex blocks", "8,22", "5,17", []string{"6,20 forest"}, false},
		// p.18, heights.
		{"height example 1: hill units see over a lower town", "4,10", "4,16", []string{"4,10 hill", "4,16 hill", "4,12 town", "4,14 town"}, true},
		{"height example 2: a lower unit between hill units does not block", "4,10", "4,14", []string{"4,10 hill", "4,14 hill", "axis inf 4,12"}, true},
		{"height example 3: a forest at the lower unit's height blocks", "4,10", "4,14", []string{"4,10 hill", "4,12 forest"}, false},
		{"hill to plain: a unit on the plain between blocks", "4,10", "4,14", []string{"4,10 hill", "axis inf 4,12"}, false},
		{"hill to plain: an empty hill between blocks", "4,10", "4,14", []string{"4,10 hill", "4,12 hill"}, false},
		{"hill to hill over an empty hill", "4,10", "4,14", []string{"4,10 hill", "4,12 hill", "4,14 hill"}, true},
		{"hill to hill over a unit on a hill", "4,10", "4,14", []string{"4,10 hill", "4,12 hill", "4,14 hill", "axis inf 4,12"}, false},
		{"hill to hill over a forest below", "4,10", "4,14", []string{"4,10 hill", "4,14 hill", "4,12 forest"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "allies arm "+c.a, "axis arm "+c.b, "allies inf 8,24", "axis inf 0,12")...)
			if got := st.LineOfSight(H(c.a), H(c.b)); got != c.want {
				t.Errorf("LineOfSight(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
			}
			if got := st.LineOfSight(H(c.b), H(c.a)); got != c.want {
				t.Errorf("LineOfSight(%s, %s) = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
			}
		})
	}
}

// p.18 example 2 in play: both Axis units may fire at the Allied armor on
// the hill; the Allied armor may only fire at the adjacent infantry.
func TestHeightExample2Battles(t *testing.T) {
	specs := []string{"4,10 hill", "4,14 hill", "allies arm 4,10", "axis inf 4,12", "axis arm 4,14", "first=axis", "allies inf 8,24", "axis inf 0,24"}
	st := game(t, specs...)
	turn(t, st, "probe-center", "4,12", "4,14")
	act(t, st, "end-moves")
	if got := dests(st, ActBattle, "4,14"); !eq(got, hexes("4,10")) {
		t.Errorf("axis armor targets %v", got)
	}
	if got := dests(st, ActBattle, "4,12"); !eq(got, hexes("4,10")) {
		t.Errorf("axis infantry targets %v", got)
	}
	// Same height (hill to hill): no protection; the infantry below loses a die.
	if n, _ := st.BattleDice(H("4,14"), H("4,10")); n != 3 {
		t.Errorf("hill to hill: %d dice, want 3", n)
	}
	if n, _ := st.BattleDice(H("4,12"), H("4,10")); n != 2 {
		t.Errorf("plain to hill: %d dice, want 2", n)
	}
	st2 := game(t, append(specs[:5], "first=allies", "allies inf 8,24", "axis inf 0,24")...)
	if got := readyToBattle(t, st2, "4,10"); !eq(got, hexes("4,12")) {
		t.Errorf("allied armor targets %v, want only the adjacent infantry", got)
	}
}

// Line of sight in play: a blocked target is not a legal target; artillery
// needs none (rulebook p.8).
func TestLineOfSightInPlay(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want []string
	}{
		{"inf", nil}, {"arm", nil}, {"art", hexes("4,14")},
	} {
		t.Run(c.typ, func(t *testing.T) {
			st := game(t, "allies "+c.typ+" 4,10", "4,12 forest", "axis inf 4,14", "axis inf 0,0")
			if got := readyToBattle(t, st, "4,10"); !eq(got, c.want) {
				t.Errorf("targets %v, want %v", got, c.want)
			}
		})
	}
}

// annex 2 protections and maluses, p.9 "Protection des terrains": the
// attacker on att (with attFeat), the Axis target next to it on 5,11.
func TestProtectionsAndMaluses(t *testing.T) {
	cases := []struct {
		name      string
		target    string // features of 5,11
		attacker  string // features of 6,12
		extra     []string
		inf, arm  int
		art       int
		attackers []string // default inf, arm, art
	}{
		{"plain", "", "", nil, 3, 3, 3, nil},
		{"forest: -1 infantry, -2 armor, artillery ignores", "forest", "", nil, 2, 1, 3, nil},
		{"hedgerow", "hedgerow", "", nil, 2, 1, 3, nil},
		{"town", "town", "", nil, 2, 1, 3, nil},
		{"church", "church", "", nil, 2, 1, 3, nil},
		{"hill, attacker below: -1 all", "hill", "", nil, 2, 2, 3, nil},
		{"hill, attacker on a hill too: none (FAQ 42)", "hill", "hill", nil, 3, 3, 3, nil},
		{"hill, attacker on a bluff (same height, FAQ 43)", "hill", "bluff", nil, 3, 3, 3, nil},
		{"bluff, attacker on the beach", "bluff", "beach", nil, 2, 2, 3, nil},
		{"steep hill", "steephill", "", nil, 2, 2, 3, nil},
		{"forest against forest (FAQ 40)", "forest", "forest", nil, 2, 1, 3, []string{"inf", "art"}},
		{"bunker", "bunker", "", nil, 2, 1, 3, nil},
		{"bunker on a hill: -2 armor, not -3 (annex 2 Obstacles; FAQ 59, 61)", "hill bunker", "", nil, 2, 1, 3, nil},
		{"bunker on a hill, attacker on a hill", "hill bunker", "hill", nil, 2, 1, 3, nil},
		{"bunker the target's side may not use: terrain only", "bunker", "", []string{"bunkers=allies"}, 3, 3, 3, nil},
		{"bunker the target's side may not use, on a hill", "hill bunker", "", []string{"bunkers=allies"}, 2, 2, 3, nil},
		{"sandbags: -1 infantry and armor", "sandbags", "", nil, 2, 2, 3, nil},
		{"sandbags in a town add nothing (annex 2; FAQ 71)", "town sandbags", "", nil, 2, 1, 3, nil},
		{"sandbags on a hill add nothing", "hill sandbags", "", nil, 2, 2, 3, nil},
		// rulebook "Digues": a seawall follows the sandbag rules, which
		// protect any occupant; the FAQ's Omaha answer that the Axis gets
		// no protection there (digest 58) is scenario-specific, and the
		// rulebook wins.
		{"seawall like sandbags, for either side", "seawall", "", nil, 2, 2, 3, nil},
		{"hedgehogs protect nothing", "hedgehog", "", nil, 3, 3, 3, []string{"inf", "art"}},
		{"wire protects nothing", "wire", "", nil, 3, 3, 3, nil},
		{"beach, ocean, bridge: nothing", "beach", "", nil, 3, 3, 3, nil},
		{"ocean target", "ocean", "", nil, 3, 3, 3, nil},
		{"bridge target", "river bridge", "", nil, 3, 3, 3, nil},
		// Maluses of the attacker's hex, which add to the target's protection.
		{"armor in a town: -2", "", "town", nil, 3, 1, 3, nil},
		{"armor in a church: -2", "", "church", nil, 3, 1, 3, nil},
		{"armor in a town against a hill: 0, no battle (p.9 example)", "hill", "town", nil, 2, 0, 3, nil},
		{"armor in a town against a town: 0, no battle (FAQ 45)", "town", "town", nil, 2, 0, 3, nil},
		{"infantry in wire: -1", "", "wire", nil, 2, 3, 3, nil},
		{"infantry in wire against a forest: 3-1-1", "forest", "wire", nil, 1, 1, 3, nil},
		{"infantry in wire against a town with sandbags", "town sandbags", "wire", nil, 1, 1, 3, nil},
	}
	for _, c := range cases {
		types := c.attackers
		if types == nil {
			types = []string{"inf", "arm", "art"}
		}
		for _, typ := range types {
			want := map[string]int{"inf": c.inf, "arm": c.arm, "art": c.art}[typ]
			t.Run(c.name+"/"+typ, func(t *testing.T) {
				sp := append([]string{"allies " + typ + " 6,12", "axis inf 5,11", "axis inf 0,0"}, c.extra...)
				if c.target != "" {
					sp = append(sp, "5,11 "+c.target)
				}
				if c.attacker != "" {
					sp = append(sp, "6,12 "+c.attacker)
				}
				st := game(t, sp...)
				checkDice(t, st, "6,12", "5,11", want)
			})
		}
	}
}

// Protection at range: the reduction comes off the range dice; 0 dice
// leaves no target (p.8-9).
func TestProtectionAtRange(t *testing.T) {
	cases := []struct {
		att, target, feat string
		want              int
	}{
		{"inf", "4,10", "forest", 1},   // 2 - 1
		{"inf", "3,9", "forest", 0},    // 1 - 1: not a target
		{"arm", "3,9", "town", 1},      // 3 - 2
		{"arm", "4,10", "hill", 2},     // 3 - 1
		{"inf", "3,9", "sandbags", 0},  // 1 - 1
		{"art", "3,9", "forest", 2},    // artillery at 3: 2, ignores it
		{"art", "1,11", "bunker", 1},   // artillery at 5: 1, ignores it
		{"inf", "4,10", "wire", 2},     // wire protects nothing
		{"arm", "4,10", "hedgerow", 1}, // 3 - 2
	}
	for _, c := range cases {
		t.Run(c.att+" "+c.target+" "+c.feat, func(t *testing.T) {
			st := game(t, "allies "+c.att+" 6,12", "axis inf "+c.target, c.target+" "+c.feat, "axis inf 0,0")
			checkDice(t, st, "6,12", c.target, c.want)
		})
	}
}

// rulebook p.9 "Pertes", "Échec": a unit's symbol and grenades hit; stars
// miss; artillery is hit by grenades only; hits beyond the figures left do
// nothing; an eliminated unit is a medal for the other side.
func TestHits(t *testing.T) {
	cases := []struct {
		target string
		faces  string
		lost   int
		dead   bool
	}{
		{"inf", "inf inf star", 2, false},
		{"inf", "grenade arm star", 1, false},
		{"inf", "star star star", 0, false},
		{"inf", "arm arm arm", 0, false},
		{"inf fig=2", "inf grenade inf", 2, true}, // a third hit does nothing
		{"arm", "arm inf star", 1, false},
		{"arm", "inf inf inf", 0, false},
		{"arm", "grenade grenade arm", 3, true},
		{"arm elite", "grenade grenade arm", 3, false},
		{"art", "inf arm star", 0, false},
		{"art", "grenade inf arm", 1, false},
		{"art", "grenade grenade grenade", 2, true},
	}
	for _, c := range cases {
		t.Run(c.target+": "+c.faces, func(t *testing.T) {
			st := game(t, "allies inf 6,12", "axis "+unitSpec(c.target, "5,11"), "axis inf 0,0")
			before := unitOn(t, st, "5,11").Figures
			readyToBattle(t, st, "6,12")
			dice(t, st, c.faces)
			evs := act(t, st, "battle 6,12 5,11")
			hits := ofKind(evs, EvHits)
			gotLost := 0
			for _, h := range hits {
				gotLost += int(h.N)
			}
			if gotLost != c.lost {
				t.Errorf("lost %d figures, want %d (%s)", gotLost, c.lost, evString(evs))
			}
			elim := ofKind(evs, EvUnitEliminated)
			if (len(elim) == 1) != c.dead {
				t.Fatalf("eliminated = %v, want %v", len(elim) == 1, c.dead)
			}
			if c.dead {
				empty(t, st, "5,11")
				if st.Medals()[Allies] != 1 || st.Kills()[Allies] != 1 {
					t.Errorf("medals %v kills %v, want 1 for the allies", st.Medals(), st.Kills())
				}
				if m := ofKind(evs, EvMedals); len(m) != 1 || m[0].Side != Allies || m[0].N != 1 {
					t.Errorf("medal events %s", evString(evs))
				}
				return
			}
			if got := unitOn(t, st, "5,11").Figures; int(got) != int(before)-c.lost {
				t.Errorf("figures %d, want %d", got, int(before)-c.lost)
			}
			if st.Medals() != [2]int{0, 0} {
				t.Errorf("medals %v, want none", st.Medals())
			}
		})
	}
}

// unitSpec builds "type hex flags" from "type flags" and a hex.
func unitSpec(typeAndFlags, h string) string {
	w := strings.Fields(typeAndFlags)
	return strings.Join(append([]string{w[0], h}, w[1:]...), " ")
}

// rulebook p.9: hits first, then flags; an eliminated unit does not retreat.
func TestFlagsAfterHits(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 5,11 fig=1", "axis inf 0,0")
	readyToBattle(t, st, "6,12")
	dice(t, st, "flag inf flag")
	evs := act(t, st, "battle 6,12 5,11")
	if len(ofKind(evs, EvRetreated)) != 0 || len(ofKind(evs, EvFlagLosses)) != 0 || len(ofKind(evs, EvUnitEliminated)) != 1 {
		t.Errorf("events %s: want the unit eliminated by the hit, no retreat", evString(evs))
	}
	if st.Phase() != PhaseTakeGround {
		t.Errorf("phase %s, want take-ground", st.Phase())
	}
}

// A die face distribution: 2 infantry, 1 armor, 1 grenade, 1 star, 1 flag.
func TestDieFaces(t *testing.T) {
	want := map[Face]float64{FaceInfantry: 2.0 / 6, FaceArmor: 1.0 / 6, FaceGrenade: 1.0 / 6, FaceStar: 1.0 / 6, FaceFlag: 1.0 / 6}
	for f, p := range want {
		if FaceProbability(f) != p {
			t.Errorf("P(%s) = %v, want %v", f, FaceProbability(f), p)
		}
	}
	// The generator's rolls follow it (loosely).
	st := game(t, "allies inf 6,12", "axis inf 0,0")
	count := map[Face]int{}
	const n = 60000
	for i := 0; i < n; i++ {
		count[st.roll()]++
	}
	for f, p := range want {
		if got := float64(count[f]) / n; got < p-0.01 || got > p+0.01 {
			t.Errorf("rolled %s %.3f of the time, want %.3f", f, got, p)
		}
	}
}

// First Assault Wave: "Treat the Sea Wall as a permanent improved position
// (sandbags) for the Allied player" (HexSetup.Owners): an Axis unit on it
// gets neither the die less nor the flag to ignore.
func TestSeawallForOneSide(t *testing.T) {
	s, seed := setupOf(t, "allies inf 5,11", "axis inf 4,12", "axis inf 0,0")
	s.Hexes = append(s.Hexes, HexSetup{Hex: H("4,12"), Obstacle: Seawall, Owners: MaskAllies},
		HexSetup{Hex: H("5,11"), Obstacle: Seawall, Owners: MaskAllies})
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := st.BattleDice(H("5,11"), H("4,12")); d != 3 {
		t.Errorf("dice at an Axis unit on the Allied seawall: %d, want 3 (no protection)", d)
	}
	if d, _ := st.BattleDice(H("4,12"), H("5,11")); d != 2 {
		t.Errorf("dice at an Allied unit on the Allied seawall: %d, want 2", d)
	}
	if st.IgnoresFlagAt(H("4,12"), Axis, Infantry) || !st.IgnoresFlagAt(H("5,11"), Allies, Infantry) {
		t.Error("the seawall lets the wrong side ignore a flag")
	}
}
