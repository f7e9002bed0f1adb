package rules

// The 20 tactic cards and the three multi-section cards, one test (or a few)
// per card, on hand-built positions with scripted dice. The effects are
// those of command-cards.md §3; FAQ rulings are cited by their number in
// command-cards.md §4, open questions by docs/rules-decisions.md.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// toBattle plays card (with its extra words), orders the units on the given
// hexes, ends the order and move steps, and checks the game is then in the
// battle step.
func (g *tcGame) toBattle(card string, order ...string) {
	g.t.Helper()
	g.play(card)
	for _, h := range order {
		g.do("order " + h)
	}
	if g.s.Phase() == PhaseOrder {
		g.do("end-orders")
	}
	if g.s.Phase() == PhaseMove {
		g.do("end-moves")
	}
	g.wantPhase(PhaseBattle)
}

// viewEffect is what the played card acts as, seen by the Allies.
func (g *tcGame) viewEffect() string { return g.s.View(Allies).InEffect }

// --- Air Power ---------------------------------------------------------

// command-cards.md "Air Power": 1 to 4 enemy units in one group of adjacent
// hexes anywhere, dice per hex, stars hit, terrain ignored; ruling 12 (1-4
// hexes), ruling 13 (each hex its own dice); decision 5 (a connected group,
// not a chain: each new hex touches any hex already chosen).
func TestAirPowerFourHexGroup(t *testing.T) {
	g := tcStart(t, "allies inf 7,11",
		"axis inf 3,9", "axis inf 3,11", "axis inf 2,10", "axis arm 2,12", "axis inf 1,15", "axis art 0,4")
	g.hand(Allies, "air-power", "probe-left", "probe-right", "attack-left", "attack-right")
	g.play("air-power")
	g.wantPhase(PhaseTarget)
	if g.s.ToAct() != Allies {
		t.Fatalf("to act %s", g.s.ToAct())
	}
	// Any enemy unit first, with no range or line of sight; no end before a target.
	g.wantLegal("target 3,9", "target 3,11", "target 2,10", "target 2,12", "target 1,15", "target 0,4")
	g.do("target 3,11")
	g.wantLegal("target 3,9", "target 2,10", "target 2,12", "end-targets")
	g.do("target 3,9")
	// 2,12 touches 3,11 (the first hex) but not 3,9 (the last one).
	g.wantLegal("target 2,10", "target 2,12", "end-targets")
	if g.try("target 1,15") {
		t.Fatal("a hex apart from the group was accepted")
	}
	g.do("target 2,12")
	g.wantLegal("target 2,10", "end-targets")
	// Two dice per hex for the Allies (Western front 1944), in the order chosen.
	g.dice("inf star" + " grenade flag" + " arm inf" + " star flag")
	g.do("target 2,10") // the fourth hex fires at once
	var n []int
	for _, e := range g.last(EvCardAttack) {
		n = append(n, int(e.N))
	}
	if !slices.Equal(n, []int{2, 2, 2, 2}) {
		t.Fatalf("card attacks %v, want four of 2 dice", n)
	}
	g.figures("3,11", 2) // infantry symbol and star: 2 hits
	g.figures("2,8", 3)  // grenade hit, then the flag: 3,9 → 2,8 (2,10 is taken)
	g.empty("3,9")
	g.figures("2,12", 2) // the infantry symbol misses armor
	// The fourth hex: star hits, the flag cannot be ignored; the Axis chooses.
	g.wantPhase(PhaseRetreat)
	if g.s.ToAct() != Axis {
		t.Fatalf("retreat decided by %s", g.s.ToAct())
	}
	g.wantLegal("retreat 2,10 1,9", "retreat 2,10 1,11")
	g.do("retreat 2,10 1,11")
	g.figures("1,11", 3)
	if len(g.all(EvCardAttack)) != 4 || len(g.all(EvBattle)) != 0 {
		t.Fatalf("events: %s", evString(g.log))
	}
	g.diceUsed()
	if g.s.Active() != Axis || g.s.Phase() != PhaseCard {
		t.Fatalf("turn did not pass: %s %s", g.s.Active(), g.s.Phase())
	}
}

// Ruling 12: a single hex is a legal Air Power; terrain protection is
// ignored (a unit in a forest still takes both dice).
func TestAirPowerOneHexIgnoresTerrain(t *testing.T) {
	g := tcStart(t, "allies inf 7,11", "axis inf 1,15", "1,15 forest", "axis inf 1,17")
	g.hand(Allies, "air-power", "probe-left")
	g.play("air-power")
	g.dice("inf grenade")
	g.aim("1,15")
	g.figures("1,15", 2)
	if e := g.last(EvCardAttack); len(e) != 1 || e[0].N != 2 {
		t.Fatalf("card attacks %v", e)
	}
	g.diceUsed()
}

// Ruling 15: Air Power flags cannot be ignored, even in a bunker (a normal
// battle there offers to ignore one).
func TestAirPowerFlagInBunker(t *testing.T) {
	specs := []string{"allies inf 5,9", "axis inf 3,9", "3,9 bunker"}
	g := tcStart(t, specs...)
	g.hand(Allies, "air-power", "probe-left")
	g.play("air-power")
	g.dice("flag arm")
	g.aim("3,9") // the only enemy: it fires at once
	g.wantLegal("retreat 3,9 2,8", "retreat 3,9 2,10")

	// The same flag from an ordinary battle may be ignored in the bunker.
	g = tcStart(t, specs...)
	g.hand(Allies, "probe-center", "probe-left")
	g.toBattle("probe-center", "5,9")
	g.dice("flag arm")
	g.do("battle 5,9 3,9")
	g.wantLegal("retreat 3,9 2,8", "retreat 3,9 2,10", "retreat 3,9 3,9 ignore")
}

// Air Power dice per hex by side, theatre and year (rulebook annex 4;
// command-cards.md §1.10), or the scenario's own numbers (Setup.AirDice).
func TestAirPowerDiceBySideAndTheatre(t *testing.T) {
	cases := []struct {
		front string
		year  int
		air   [2]int
		side  Side
		want  int
	}{
		{"", 0, [2]int{}, Allies, 2}, // the base game: Western front 1944
		{"", 0, [2]int{}, Axis, 1},
		{"WESTERN", 1944, [2]int{}, Allies, 2},
		{"Western", 1941, [2]int{}, Axis, 2},
		{"WESTERN", 1941, [2]int{}, Allies, 1},
		{"EASTERN", 1943, [2]int{}, Allies, 1},
		{"EASTERN", 1943, [2]int{}, Axis, 1},
		{"EASTERN", 1942, [2]int{}, Axis, 2},
		{"PACIFIC", 1945, [2]int{}, Allies, 2},
		{"PACIFIC", 1943, [2]int{}, Allies, 1},
		{"MEDITERRANEAN", 1939, [2]int{}, Axis, 1},
		{"MEDITERRANEAN", 1940, [2]int{}, Axis, 2},
		{"", 0, [2]int{3, 0}, Allies, 3}, // a scenario's special rule
		{"", 0, [2]int{3, 0}, Axis, 1},
		{"EASTERN", 1941, [2]int{0, 1}, Axis, 1},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%d-%v-%s", c.front, c.year, c.air, c.side), func(t *testing.T) {
			st := tcSetup(t, "first="+c.side.String(), "allies inf 5,9", "axis inf 3,9")
			st.Front, st.Year, st.AirDice = c.front, c.year, c.air
			g := tcNew(t, st)
			g.hand(c.side, "air-power", "probe-left")
			g.play("air-power")
			if c.side == Allies {
				g.aim("3,9")
			} else {
				g.aim("5,9")
			}
			if e := g.all(EvCardAttack); len(e) != 1 || int(e[0].N) != c.want {
				t.Fatalf("card attack %v, want %d dice", e, c.want)
			}
			dice := g.all(EvDiceRolled)
			if len(dice) != 1 || int(dice[0].NDice) != c.want {
				t.Fatalf("dice %v", dice)
			}
		})
	}
}

// --- Barrage -----------------------------------------------------------

// command-cards.md "Barrage": one enemy unit anywhere (no range, no line of
// sight), 4 dice, terrain ignored, stars miss, flags cannot be ignored
// (ruling 36).
func TestBarrage(t *testing.T) {
	specs := []string{"allies inf 8,12", "axis inf 1,3", "2,2 forest", "2,4 forest", "axis inf 2,16", "2,16 sandbags", "axis arm 0,20", "0,20 town"}
	t.Run("star misses", func(t *testing.T) {
		g := tcStart(t, specs...)
		g.hand(Allies, "barrage", "probe-left")
		g.play("barrage")
		g.wantLegal("target 1,3", "target 2,16", "target 0,20")
		g.dice("star star inf flag")
		g.do("target 1,3") // one target: it fires at once
		if e := g.last(EvCardAttack); len(e) != 1 || e[0].N != 4 {
			t.Fatalf("card attack %v", e)
		}
		g.figures("1,3", 3)
		g.wantLegal("retreat 1,3 0,2", "retreat 1,3 0,4")
		g.do("retreat 1,3 0,4")
		g.diceUsed()
		if g.s.Active() != Axis {
			t.Fatal("turn did not pass")
		}
	})
	t.Run("flag not ignored on sandbags", func(t *testing.T) {
		g := tcStart(t, specs...)
		g.hand(Allies, "barrage", "probe-left")
		g.play("barrage")
		g.dice("flag star star star")
		g.do("target 2,16")
		g.wantLegal("retreat 2,16 1,15", "retreat 2,16 1,17")
	})
	t.Run("armor in a town takes all four dice", func(t *testing.T) {
		g := tcStart(t, specs...)
		g.hand(Allies, "barrage", "probe-left")
		g.play("barrage")
		g.dice("arm arm grenade inf")
		g.do("target 0,20")
		g.empty("0,20")
		if g.s.Medals()[Allies] != 1 {
			t.Fatalf("medals %v", g.s.Medals())
		}
	})
}

// --- Ambush ------------------------------------------------------------

// ambushStart: the Allies' unit on at (centre section) is ordered by a Probe
// and declares a battle on target; the Axis holds an Ambush.
func ambushStart(t *testing.T, at, target string, specs ...string) (*tcGame, CardID) {
	t.Helper()
	g := tcStart(t, specs...)
	g.hand(Allies, "probe-center", "probe-left", "probe-right", "attack-left", "attack-right")
	g.hand(Axis, "ambush", "probe-left", "probe-right", "attack-left", "attack-right")
	amb, _ := g.cardIn(g.s.Hand(Axis), "ambush")
	g.toBattle("probe-center", at)
	g.do("battle " + at + " " + target)
	return g, amb
}

// command-cards.md "Ambush": declared close assault, the defender fires
// first; an attacker that retreats loses its attack even if it ends
// adjacent (ruling 22); the ambusher draws first.
func TestAmbushRetreatLosesTheAttack(t *testing.T) {
	g, amb := ambushStart(t, "5,9", "5,11", "allies inf 5,9", "axis inf 5,11")
	g.wantPhase(PhaseAmbush)
	if g.s.ToAct() != Axis || g.s.Active() != Allies {
		t.Fatalf("to act %s, active %s", g.s.ToAct(), g.s.Active())
	}
	g.wantLegal(fmt.Sprintf("play %d", amb), "skip")
	if len(g.last(EvDiceRolled)) != 0 {
		t.Fatal("the attacker rolled before the Ambush was decided")
	}
	g.dice("flag star star")
	g.do(fmt.Sprintf("play %d", amb))
	if e := g.last(EvAmbush); len(e) != 1 || e[0].From != H("5,11") || e[0].To != H("5,9") {
		t.Fatalf("ambush events %v", e)
	}
	if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 3 || d[0].Side != Axis {
		t.Fatalf("ambush dice %v", d)
	}
	g.wantPhase(PhaseRetreat)
	if g.s.ToAct() != Allies {
		t.Fatalf("retreat decided by %s", g.s.ToAct())
	}
	g.do("retreat 5,9 6,10") // ends next to the ambusher
	if len(g.all(EvBattle)) != 0 || len(g.all(EvTookGround)) != 0 {
		t.Fatalf("the retreated attacker still battled, or the ambusher took ground: %s", evString(g.log))
	}
	g.diceUsed()
	if g.s.Active() != Axis || g.s.Phase() != PhaseCard {
		t.Fatalf("turn did not pass: %s %s", g.s.Active(), g.s.Phase())
	}
	// The ambusher's replacement card is drawn first, then the active side's.
	var drawn []Side
	for _, e := range g.evs {
		if e.Kind == EvCardDrawn {
			drawn = append(drawn, e.Side)
		}
	}
	if !slices.Equal(drawn, []Side{Axis, Allies}) {
		t.Fatalf("draw order %v", drawn)
	}
	if len(g.s.Hand(Axis)) != 5 || len(g.s.Hand(Allies)) != 5 {
		t.Fatalf("hands %d %d", len(g.s.Hand(Axis)), len(g.s.Hand(Allies)))
	}
	if !slices.Contains(g.s.Discards(), amb) {
		t.Fatal("the Ambush is not discarded")
	}
}

// The ambushed attacker that is eliminated loses its attack; the
// ambushing unit was not ordered and cannot take ground (ruling 25).
func TestAmbushEliminatesAttacker(t *testing.T) {
	g, amb := ambushStart(t, "5,9", "4,10", "allies inf 5,9 fig=1", "axis inf 4,10")
	g.dice("inf star star")
	g.do(fmt.Sprintf("play %d", amb))
	g.empty("5,9")
	g.unit("4,10")
	if g.s.Medals()[Axis] != 1 {
		t.Fatalf("medals %v", g.s.Medals())
	}
	if len(g.all(EvTookGround)) != 0 || len(g.all(EvBattle)) != 0 {
		t.Fatalf("events %s", evString(g.log))
	}
	if g.s.Active() != Axis || g.s.Phase() != PhaseCard {
		t.Fatalf("turn did not pass: %s %s", g.s.Active(), g.s.Phase())
	}
}

// Ruling 22: an attacker whose retreat is blocked takes the losses for the
// hexes it cannot retreat, stays, and then attacks normally.
func TestAmbushBlockedRetreatThenAttack(t *testing.T) {
	g, amb := ambushStart(t, "8,10", "7,11", "allies inf 8,10", "axis inf 7,11")
	g.dice("flag star star" + " star star star")
	g.do(fmt.Sprintf("play %d", amb))
	g.figures("8,10", 3)
	var kinds []EventKind
	for _, e := range g.evs {
		if e.Kind == EvFlagLosses || e.Kind == EvBattle {
			kinds = append(kinds, e.Kind)
		}
	}
	if !slices.Equal(kinds, []EventKind{EvFlagLosses, EvBattle}) {
		t.Fatalf("events %s", evString(g.evs))
	}
	if d := battleDiceOf(g.evs); d != 3 {
		t.Fatalf("attack dice %d", d)
	}
	g.diceUsed()
}

// Ruling 22: only a retreat loses the attack. An attacker that ignores the
// flag (sandbags) stays and attacks; one that retreats part of the way and
// takes a loss for the rest has moved and loses it.
func TestAmbushPartialRetreatOrIgnoredFlag(t *testing.T) {
	t.Run("flag ignored", func(t *testing.T) {
		g, amb := ambushStart(t, "5,9", "4,10", "allies inf 5,9", "5,9 sandbags", "axis inf 4,10")
		g.dice("flag star") // 3 dice less 1 for the sandbags
		g.do(fmt.Sprintf("play %d", amb))
		g.wantLegal("retreat 5,9 6,8", "retreat 5,9 6,10", "retreat 5,9 5,9 ignore")
		g.dice("star star star")
		g.do("retreat 5,9 5,9 ignore")
		if d := battleDiceOf(g.evs); d != 3 {
			t.Fatalf("events %s", evString(g.evs))
		}
		g.diceUsed()
	})
	t.Run("part of the way", func(t *testing.T) {
		g, amb := ambushStart(t, "7,11", "6,12", "allies inf 7,11", "axis inf 6,12")
		g.dice("flag flag star")
		g.do(fmt.Sprintf("play %d", amb))
		g.wantLegal("retreat 7,11 8,10", "retreat 7,11 8,12")
		g.do("retreat 7,11 8,12")
		g.figures("8,12", 3)
		if len(g.all(EvBattle)) != 0 || g.s.Active() != Axis {
			t.Fatalf("events %s", evString(g.log))
		}
	})
}

// Ruling 23: the Ambush answers one close assault; declined, it stays in
// hand for a later one. A battle at range is no close assault.
func TestAmbushKeptForALaterAssault(t *testing.T) {
	g := tcStart(t, "allies inf 5,9", "allies inf 5,13", "allies inf 6,16", "axis inf 4,10", "axis inf 4,14", "axis inf 4,16")
	g.hand(Allies, "attack-center", "probe-left")
	g.hand(Axis, "ambush", "probe-left", "probe-right", "attack-left", "attack-right")
	amb, _ := g.cardIn(g.s.Hand(Axis), "ambush")
	g.toBattle("attack-center", "5,9", "5,13", "6,16")
	g.dice("star star")
	g.do("battle 6,16 4,16") // two hexes away: no Ambush
	if g.s.Phase() == PhaseAmbush || battleDiceOf(g.evs) != 2 {
		t.Fatalf("ranged battle: phase %s, events %s", g.s.Phase(), evString(g.evs))
	}
	g.do("battle 5,9 4,10")
	g.wantPhase(PhaseAmbush)
	g.dice("star star star")
	g.do("skip")
	if battleDiceOf(g.evs) != 3 {
		t.Fatalf("declined Ambush: events %s", evString(g.evs))
	}
	g.do("battle 5,13 4,14")
	g.wantPhase(PhaseAmbush)
	g.wantLegal(fmt.Sprintf("play %d", amb), "skip")
	g.dice("star star star" + " star star star")
	g.do(fmt.Sprintf("play %d", amb))
	if len(g.last(EvAmbush)) != 1 || battleDiceOf(g.evs) != 3 {
		t.Fatalf("events %s", evString(g.evs))
	}
	g.diceUsed()
}

// Decision 8: no Ambush when the attacked unit could not fire back (its dice
// against the attacker are 0): armor in a town against infantry in a town.
func TestAmbushNotOfferedWithoutDice(t *testing.T) {
	g := tcStart(t, "allies inf 5,9", "5,9 town", "axis arm 4,10", "4,10 town")
	g.hand(Allies, "probe-center", "probe-left")
	g.hand(Axis, "ambush", "probe-left", "probe-right", "attack-left", "attack-right")
	if n, _ := g.s.BattleDice(H("4,10"), H("5,9")); n != 0 {
		t.Fatalf("armor in a town against a town: %d dice", n)
	}
	g.toBattle("probe-center", "5,9")
	g.dice("star star")
	g.do("battle 5,9 4,10")
	if g.s.Phase() == PhaseAmbush || battleDiceOf(g.evs) != 2 {
		t.Fatalf("phase %s, events %s", g.s.Phase(), evString(g.evs))
	}
}

// Decision 8: an armor overrun close assault may be ambushed; the Ambush
// uses the unit's normal dice, terrain included, and no card bonus.
func TestAmbushOverrunAndDice(t *testing.T) {
	t.Run("overrun", func(t *testing.T) {
		g, amb := ambushStart(t, "5,9", "4,10", "allies arm 5,9", "axis inf 4,10 fig=1", "axis inf 3,11")
		g.wantPhase(PhaseAmbush)
		g.dice("inf star star")
		g.do("skip")
		g.empty("4,10")
		g.do("take-ground 5,9 4,10")
		g.wantPhase(PhaseOverrun)
		g.do("battle 4,10 3,11")
		g.wantPhase(PhaseAmbush)
		g.dice("grenade star star" + " star star star")
		g.do(fmt.Sprintf("play %d", amb))
		g.figures("4,10", 2)
		if battleDiceOf(g.evs) != 3 {
			t.Fatalf("overrun after the Ambush: %s", evString(g.evs))
		}
		g.diceUsed()
	})
	t.Run("dice", func(t *testing.T) {
		g := tcStart(t, "allies inf 5,9", "5,9 forest", "axis inf 4,10")
		g.hand(Allies, "close-assault", "probe-left")
		g.hand(Axis, "ambush", "probe-left", "probe-right", "attack-left", "attack-right")
		amb, _ := g.cardIn(g.s.Hand(Axis), "ambush")
		g.play("close-assault")
		g.do("battle 5,9 4,10")
		g.wantPhase(PhaseAmbush)
		g.dice("star star" + " star star star star")
		g.do(fmt.Sprintf("play %d", amb))
		d := g.last(EvDiceRolled)
		if len(d) != 2 || d[0].NDice != 2 || d[1].NDice != 4 {
			t.Fatalf("dice %v (want the Ambush's 2 against a forest, then Close Assault's 4)", d)
		}
		g.diceUsed()
	})
}

// Ruling 24: an Ambush cannot be countered. The only way an Ambush becomes
// a side's last card is to be given up as its turn card (with nothing else
// in hand): the opponent's Counter-Attack then has nothing it may copy, and
// is not offered while another card is held (ruling 55: Ambush is no turn
// card either while another card is held).
func TestAmbushNotCountered(t *testing.T) {
	g := tcStart(t, "allies inf 7,3", "allies inf 6,14", "axis inf 1,3", "axis inf 1,21")
	g.passTurn("probe-left")
	// Axis turn: with another card in hand the Ambush is not offered.
	g.hand(Axis, "ambush", "probe-right")
	g.wantLegal(fmt.Sprintf("play %d", g.s.Hand(Axis)[1]))
	// With the Ambush alone, it is given up as the turn card.
	g.hand(Axis, "ambush")
	g.play("ambush")
	if g.s.Active() != Allies {
		t.Fatalf("active %s after the Ambush given up", g.s.Active())
	}
	g.hand(Allies, "counter-attack", "probe-center")
	ids := g.s.Hand(Allies)
	g.wantLegal(fmt.Sprintf("play %d", ids[1])) // no Counter-Attack of the Ambush
	// With the Counter-Attack alone, it is given up too, for no effect.
	g.hand(Allies, "counter-attack")
	g.play("counter-attack")
	if g.s.Active() != Axis || len(g.last(EvUnitOrdered)) != 0 || g.s.Phase() != PhaseCard {
		t.Fatalf("the Counter-Attack copied the Ambush: %s", evString(g.evs))
	}
}

// --- Armor Assault -----------------------------------------------------

// command-cards.md "Armor Assault": up to 4 armor anywhere, +1 die against
// an adjacent target only.
func TestArmorAssault(t *testing.T) {
	g := tcStart(t, "allies arm 6,10", "allies arm 6,16", "allies arm 8,2", "allies arm 8,22", "allies arm 8,14", "allies inf 7,13",
		"axis inf 5,11", "axis inf 4,16")
	g.hand(Allies, "armor-assault", "probe-left")
	g.play("armor-assault")
	g.wantKind("order", "order 6,10", "order 6,16", "order 8,2", "order 8,22", "order 8,14")
	for _, h := range []string{"6,10", "6,16", "8,2", "8,22"} {
		g.do("order " + h)
	}
	g.wantPhase(PhaseMove) // the fourth order ends the order step
	g.wantOrdered("6,10", "6,16", "8,2", "8,22")
	g.do("end-moves")
	g.dice("star star star star")
	g.do("battle 6,10 5,11")
	g.dice("star star star")
	g.do("battle 6,16 4,16")
	if d := g.all(EvBattle); len(d) != 2 || d[0].N != 4 || d[1].N != 3 {
		t.Fatalf("battles %v", d)
	}
	g.diceUsed()
}

// Ruling 30: the +1 die carries over to the overrun only against an
// adjacent target.
func TestArmorAssaultOverrun(t *testing.T) {
	for _, c := range []struct {
		target string
		want   int
	}{{"4,12", 4}, {"3,13", 3}} {
		t.Run(c.target, func(t *testing.T) {
			g := tcStart(t, "allies arm 6,10", "axis inf 5,11 fig=1", "axis inf "+c.target)
			g.hand(Allies, "armor-assault", "probe-left")
			g.toBattle("armor-assault", "6,10")
			g.dice("inf star star star")
			g.do("battle 6,10 5,11")
			g.do("take-ground 6,10 5,11")
			g.wantPhase(PhaseOverrun)
			g.do("battle 5,11 " + c.target)
			if d := battleDiceOf(g.evs); d != c.want {
				t.Fatalf("overrun dice %d, want %d", d, c.want)
			}
		})
	}
}

// --- Artillery Bombard -------------------------------------------------

// command-cards.md "Artillery Bombard": every artillery unit moves up to 3
// (terrain still applies, ruling 33) or battles twice; the two shots may go
// to different targets and the first is resolved before the second
// (ruling 34).
func TestArtilleryBombard(t *testing.T) {
	g := tcStart(t, "allies art 7,11", "allies art 8,2", "allies inf 7,13", "7,1 forest", "7,3 forest", "8,4 forest",
		"axis inf 4,10", "axis inf 3,13")
	g.hand(Allies, "artillery-bombard", "probe-left")
	g.play("artillery-bombard")
	g.wantPhase(PhaseMove)
	g.wantOrdered("7,11", "8,2")
	if got := dests(g.s, ActMove, "8,2"); !eq(got, hexes("7,1", "7,3", "8,0", "8,4")) {
		t.Fatalf("moves from 8,2 (forests stop it): %v", got)
	}
	if !g.isLegal("move 7,11 4,12") || g.isLegal("move 7,11 3,11") {
		t.Fatalf("moves from 7,11: %v", dests(g.s, ActMove, "7,11"))
	}
	g.do("move 8,2 8,0")
	g.do("end-moves")
	g.wantKind("battle", "battle 7,11 4,10", "battle 7,11 3,13") // 8,0 moved: no battle
	g.dice("flag star")
	g.do("battle 7,11 4,10")
	g.wantPhase(PhaseRetreat) // the first shot is resolved before the second
	g.do("retreat 4,10 3,11")
	g.wantKind("battle", "battle 7,11 3,11", "battle 7,11 3,13")
	g.dice("grenade grenade")
	g.do("battle 7,11 3,13")
	g.figures("3,13", 2)
	if d := g.all(EvBattle); len(d) != 2 || d[0].N != 2 || d[1].N != 2 {
		t.Fatalf("battles %v", d)
	}
	if g.s.Active() != Axis {
		t.Fatal("turn did not end after the second shot")
	}
	g.diceUsed()
}

// Ruling 34: several artillery units ordered by the card battle one after
// the other: a unit's second shot comes before another unit battles, or is
// given up (rulebook p.9 "Attaquer": each unit's attack is resolved entirely
// before the next unit's).
func TestArtilleryBombardOneUnitAtATime(t *testing.T) {
	g := tcStart(t, "allies art 7,11", "allies art 7,15", "axis inf 4,10", "axis inf 4,16")
	g.hand(Allies, "artillery-bombard", "probe-left")
	g.play("artillery-bombard")
	g.do("end-moves")
	g.dice("star star")
	g.do("battle 7,11 4,10")
	g.dice("star star")
	g.do("battle 7,11 4,16") // its second shot, right away
	g.dice("star star")
	g.do("battle 7,15 4,16")
	// 7,15 now fires its second shot or ends: 7,11 has none left.
	g.wantKind("battle", "battle 7,15 4,10", "battle 7,15 4,16")

	g = tcStart(t, "allies art 7,11", "allies art 7,15", "axis inf 4,10", "axis inf 4,16")
	g.hand(Allies, "artillery-bombard", "probe-left")
	g.play("artillery-bombard")
	g.do("end-moves")
	g.dice("star star")
	g.do("battle 7,11 4,10")
	g.dice("star star")
	g.do("battle 7,15 4,16") // 7,11 gives up its second shot
	g.wantKind("battle", "battle 7,15 4,10", "battle 7,15 4,16")
	g.dice("star star")
	g.do("battle 7,15 4,10")
	if g.s.Active() != Axis {
		t.Fatalf("turn goes on: %v", g.legal())
	}
	g.diceUsed()
}

// The two shots may also go to the same target.
func TestArtilleryBombardSameTargetTwice(t *testing.T) {
	g := tcStart(t, "allies art 7,11", "axis inf 4,10")
	g.hand(Allies, "artillery-bombard", "probe-left")
	g.play("artillery-bombard")
	g.do("end-moves")
	g.dice("grenade star")
	g.do("battle 7,11 4,10")
	g.dice("grenade star")
	g.do("battle 7,11 4,10")
	g.figures("4,10", 2)
}

// --- Behind Enemy Lines ------------------------------------------------

// command-cards.md "Behind Enemy Lines"; rulings 38-43: 1 infantry moves 3
// ignoring terrain movement restrictions, battles with +1, may take ground
// (41), then moves 3 again: 7 hexes in all.
func TestBehindEnemyLines(t *testing.T) {
	g := tcStart(t, "allies inf 8,10", "allies arm 8,14", "7,11 forest", "6,12 town", "axis inf 4,14 fig=1", "axis inf 0,0")
	g.hand(Allies, "behind-enemy-lines", "probe-left")
	g.play("behind-enemy-lines")
	g.wantKind("order", "order 8,10")
	g.do("order 8,10")
	g.wantPhase(PhaseMove)
	g.do("move 8,10 5,13") // through a forest and a town without stopping
	g.wantPhase(PhaseBattle)
	g.dice("inf star star star")
	g.do("battle 5,13 4,14")
	if d := battleDiceOf(g.evs); d != 4 {
		t.Fatalf("battle dice %d, want 3+1", d)
	}
	g.do("take-ground 5,13 4,14")
	g.wantPhase(PhaseMove) // the second move
	if !g.isLegal("move 4,14 1,15") {
		t.Fatalf("second move: %v", dests(g.s, ActMove, "4,14"))
	}
	g.do("move 4,14 1,15")
	if g.s.Active() != Axis {
		t.Fatal("turn did not end after the second move")
	}
	g.diceUsed()
}

// Ruling 39 and 43: no stop and a cost of 1 in every hex, hedgerows entered
// without starting next to them, no beach cap; rivers and units still block.
// Infantry Assault (3 hexes under the normal rules) is the comparison.
func TestBehindEnemyLinesTerrain(t *testing.T) {
	cases := []struct {
		name    string
		ground  []string
		bel, ia bool // may 8,10 reach 5,13 (one straight path)?
	}{
		{"plain", nil, true, true},
		{"forest", []string{"7,11 forest"}, true, false},
		{"town", []string{"6,12 town"}, true, false},
		{"hedgerow", []string{"6,12 hedgerow"}, true, false},
		{"leaving a hedgerow", []string{"8,10 hedgerow"}, true, false},
		{"steep hill costs 1", []string{"7,11 steephill"}, true, false},
		{"beach not capped", []string{"7,11 beach"}, true, false},
		{"beach to bluff costs 1", []string{"7,11 beach", "6,12 bluff"}, true, false},
		{"wire", []string{"6,12 wire"}, true, false},
		{"ocean", []string{"7,11 ocean"}, true, false},
		{"river", []string{"7,11 river"}, false, false},
		{"a friendly unit", []string{"allies arm 7,11"}, false, false},
		{"an enemy unit", []string{"axis arm 6,12"}, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, card := range []string{"behind-enemy-lines", "infantry-assault"} {
				g := tcStart(t, append([]string{"allies inf 8,10", "axis inf 0,0"}, c.ground...)...)
				g.hand(Allies, card, "probe-left")
				if card == "infantry-assault" {
					g.play(card, "center")
				} else {
					g.play(card)
					g.do("order 8,10")
				}
				want := c.bel
				if card == "infantry-assault" {
					want = c.ia
				}
				if got := g.isLegal("move 8,10 5,13"); got != want {
					t.Errorf("%s: move 8,10 5,13 legal = %v, want %v (%v)", card, got, want, dests(g.s, ActMove, "8,10"))
				}
			}
		})
	}
}

// Ruling 40: a unit whose first move ends where battle is forbidden after
// entering cannot battle, but still makes its second move; dice reductions
// apply (−1 in wire). Ruling 42: it is never obliged to battle.
func TestBehindEnemyLinesBattleRestrictions(t *testing.T) {
	t.Run("ends in a forest", func(t *testing.T) {
		g := tcStart(t, "allies inf 8,10", "5,13 forest", "axis inf 4,14")
		g.hand(Allies, "behind-enemy-lines", "probe-left")
		g.play("behind-enemy-lines")
		g.do("order 8,10")
		g.do("move 8,10 5,13")
		g.wantPhase(PhaseMove)
		if len(g.all(EvBattle)) != 0 || !g.isLegal("move 5,13 2,10") {
			t.Fatalf("legal %v", g.legal())
		}
	})
	t.Run("ends in wire", func(t *testing.T) {
		g := tcStart(t, "allies inf 8,10", "5,13 wire", "axis inf 4,14")
		g.hand(Allies, "behind-enemy-lines", "probe-left")
		g.play("behind-enemy-lines")
		g.do("order 8,10")
		g.do("move 8,10 5,13")
		g.dice("star star star")
		g.do("battle 5,13 4,14")
		if d := battleDiceOf(g.evs); d != 3 {
			t.Fatalf("dice %d, want 3+1-1", d)
		}
	})
	t.Run("never obliged to battle", func(t *testing.T) {
		g := tcStart(t, "allies inf 8,10", "axis inf 4,14")
		g.hand(Allies, "behind-enemy-lines", "probe-left")
		g.play("behind-enemy-lines")
		g.do("order 8,10")
		g.do("move 8,10 5,13")
		g.do("end-battles")
		g.wantPhase(PhaseMove)
		g.do("move 5,13 8,16")
		if g.s.Active() != Axis {
			t.Fatal("turn did not end")
		}
	})
}

// --- Close Assault -----------------------------------------------------

// command-cards.md "Close Assault": every infantry and armor unit adjacent
// to an enemy when the card is played, no move, adjacent targets only, +1
// die; overrun without the +1 (ruling 52).
func TestCloseAssault(t *testing.T) {
	g := tcStart(t, "allies inf 5,9", "allies arm 5,13", "allies art 5,11", "allies inf 7,17",
		"axis inf 4,10", "axis inf 4,14 fig=1", "axis inf 3,15", "axis inf 1,1")
	g.hand(Allies, "close-assault", "probe-left")
	g.play("close-assault")
	g.wantPhase(PhaseBattle) // ordered units may not move
	g.wantOrdered("5,9", "5,13")
	g.wantKind("battle", "battle 5,9 4,10", "battle 5,13 4,14")
	g.dice("star star star star")
	g.do("battle 5,9 4,10")
	if d := battleDiceOf(g.evs); d != 4 {
		t.Fatalf("close assault dice %d", d)
	}
	g.dice("inf star star star")
	g.do("battle 5,13 4,14")
	g.do("take-ground 5,13 4,14")
	g.wantPhase(PhaseOverrun)
	g.wantKind("battle", "battle 4,14 3,15")
	g.dice("star star star")
	g.do("battle 4,14 3,15")
	if d := battleDiceOf(g.evs); d != 3 {
		t.Fatalf("overrun dice %d, want 3 (ruling 52)", d)
	}
	g.diceUsed()
}

// Decision "Close Assault and the overrun": the overrun of a Close Assault
// unit targets adjacent units only; under an ordinary card the same armor
// may overrun at range.
func TestCloseAssaultOverrunAdjacentOnly(t *testing.T) {
	for _, card := range []string{"close-assault", "probe-center"} {
		t.Run(card, func(t *testing.T) {
			g := tcStart(t, "allies arm 5,13", "axis inf 4,14 fig=1", "axis inf 2,14")
			g.hand(Allies, card, "probe-left")
			g.play(card)
			if g.s.Phase() == PhaseOrder {
				g.do("order 5,13")
			}
			if g.s.Phase() == PhaseMove {
				g.do("end-moves")
			}
			g.dice("inf star star star")
			g.do("battle 5,13 4,14")
			g.do("take-ground 5,13 4,14")
			overrun := g.s.Phase() == PhaseOverrun
			if overrun != (card == "probe-center") {
				t.Fatalf("phase %s, legal %v", g.s.Phase(), g.legal())
			}
		})
	}
}

// --- Counter-Attack ----------------------------------------------------

// passTurn plays card for the active side (with fillers in hand) and ends
// the turn with end-* actions.
func (g *tcGame) passTurn(card string, extra ...string) {
	g.t.Helper()
	side := g.s.Active()
	g.hand(side, card, "probe-center", "probe-left", "probe-right", "attack-center")
	g.play(card, extra...)
	if g.s.Active() == side {
		g.endTurn()
	}
}

// command-cards.md "Counter-Attack": the opponent's last card, mirrored:
// his left (the Allies' right) becomes the Allies' right.
func TestCounterAttackMirrors(t *testing.T) {
	g := tcStart(t, "allies inf 7,19", "allies inf 7,21", "allies inf 7,3", "axis inf 1,21", "axis inf 1,3")
	g.passTurn("probe-center") // no Allied unit in the centre: nothing ordered (ruling 1)
	g.hand(Axis, "probe-left", "probe-center")
	g.play("probe-left")
	g.wantKind("order", "order 1,21")
	g.endTurn()
	g.hand(Allies, "counter-attack", "probe-center")
	g.play("counter-attack")
	if e := g.viewEffect(); e != "probe-right" {
		t.Fatalf("in effect %q", e)
	}
	g.wantKind("order", "order 7,19", "order 7,21")
}

// Ruling 54: countering a Recon draws 2 and keeps 1. Ruling 55: a
// Counter-Attack may be countered (it is the card it copied).
func TestCounterAttackReconAndChain(t *testing.T) {
	t.Run("recon", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,19", "axis inf 1,21")
		g.passTurn("probe-center")
		g.passTurn("recon-center")
		g.hand(Allies, "counter-attack", "probe-center", "probe-left", "probe-right", "attack-left")
		g.play("counter-attack")
		g.wantPhase(PhaseKeep)
		if len(g.legalKind("keep")) != 2 || len(g.s.View(Allies).Choice) != 2 {
			t.Fatalf("legal %v", g.legal())
		}
		g.do(g.legal()[1])
		if len(g.s.Hand(Allies)) != 5 {
			t.Fatalf("hand %d", len(g.s.Hand(Allies)))
		}
	})
	t.Run("counter a counter-attack", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,3", "axis inf 1,21", "axis inf 1,3")
		g.passTurn("probe-left")
		g.hand(Axis, "counter-attack", "probe-center")
		g.play("counter-attack")
		if e := g.viewEffect(); e != "probe-right" {
			t.Fatalf("axis counter-attack acts as %q", e)
		}
		g.endTurn()
		g.hand(Allies, "counter-attack", "probe-center")
		g.play("counter-attack")
		if e := g.viewEffect(); e != "probe-left" {
			t.Fatalf("allied counter-attack acts as %q", e)
		}
		g.wantKind("order", "order 7,3")
	})
}

// Decision 7: nothing to copy on the game's first turn: Counter-Attack is
// not offered, unless it is the only card, then it is given up for nothing.
func TestCounterAttackFirstTurn(t *testing.T) {
	g := tcStart(t, "allies inf 7,3", "axis inf 1,21")
	g.hand(Allies, "counter-attack", "probe-left")
	pl, _ := g.cardIn(g.s.Hand(Allies), "probe-left")
	g.wantLegal(fmt.Sprintf("play %d", pl))
	g.hand(Allies, "counter-attack")
	ca := g.s.Hand(Allies)[0]
	g.wantLegal(fmt.Sprintf("play %d", ca))
	g.do(fmt.Sprintf("play %d", ca))
	if g.s.Active() != Axis || len(g.all(EvUnitOrdered)) != 0 {
		t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
	}
}

// A countered Infantry Assault acts in the same part of the board; a
// countered Air Power rolls the counter-attacker's dice (rulings 14, 53).
func TestCounterAttackTactics(t *testing.T) {
	t.Run("infantry assault", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,19", "allies inf 7,21", "allies inf 7,3", "axis inf 1,21", "axis inf 1,3")
		g.passTurn("probe-center")
		g.hand(Axis, "infantry-assault", "probe-center")
		g.play("infantry-assault", "left")
		if e := g.s.View(Axis).InEffect; e != "infantry-assault-left" {
			t.Fatalf("axis in effect %q", e)
		}
		g.wantOrdered("1,21")
		g.endTurn()
		g.hand(Allies, "counter-attack", "probe-center")
		ca, _ := g.cardIn(g.s.Hand(Allies), "counter-attack")
		g.wantKind("play", fmt.Sprintf("play %d", ca), fmt.Sprintf("play %d", g.s.Hand(Allies)[1]))
		g.play("counter-attack")
		if e := g.viewEffect(); e != "infantry-assault-right" {
			t.Fatalf("in effect %q", e)
		}
		g.wantOrdered("7,19", "7,21")
	})
	t.Run("air power", testCounterAttackAirPower)
}

// Rulings 14 and 53: Air Power may be countered; the counter-attacker rolls
// his own side's dice.
func testCounterAttackAirPower(t *testing.T) {
	{
		g := tcStart(t, "allies inf 7,19", "axis inf 1,21")
		g.passTurn("probe-center")
		g.hand(Axis, "air-power", "probe-center")
		g.play("air-power")
		g.aim("7,19")
		if g.s.Phase() == PhaseRetreat {
			g.do(g.legal()[0])
		}
		g.hand(Allies, "counter-attack", "probe-center")
		g.play("counter-attack")
		g.wantPhase(PhaseTarget)
		g.aim("1,21")
		if e := g.all(EvCardAttack); len(e) != 2 || e[0].N != 1 || e[1].N != 2 {
			t.Fatalf("card attacks %v", e)
		}
	}
}

// Decision 7: a countered Their Finest Hour rolls the counter-attacker's
// own card count and reshuffles; a countered Medics too.
func TestCounterAttackHandCounts(t *testing.T) {
	t.Run("their finest hour", func(t *testing.T) {
		g := tcStart(t, "cards=3,5", "allies inf 7,19", "axis inf 1,21")
		g.hand(Allies, "probe-center", "probe-left", "probe-right")
		g.play("probe-center")
		g.hand(Axis, "their-finest-hour", "probe-center", "probe-left", "probe-right", "attack-left")
		g.dice("grenade grenade grenade grenade grenade")
		g.play("their-finest-hour")
		if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 5 {
			t.Fatalf("axis dice %v", d)
		}
		g.hand(Allies, "counter-attack", "probe-left", "probe-right")
		g.dice("grenade grenade grenade")
		g.play("counter-attack")
		if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 3 {
			t.Fatalf("allied dice %v", d)
		}
		if len(g.last(EvDeckReshuffled)) != 1 || len(g.s.Discards()) != 0 {
			t.Fatalf("no reshuffle: %s", evString(g.evs))
		}
	})
	t.Run("medics", func(t *testing.T) {
		g := tcStart(t, "cards=2,5", "allies inf 7,19", "axis inf 1,21")
		g.wound("7,19", 3)
		g.wound("1,21", 3)
		g.hand(Allies, "probe-center", "probe-left")
		g.play("probe-center")
		g.hand(Axis, "medics-mechanics", "probe-center", "probe-left", "probe-right", "attack-left")
		g.play("medics-mechanics")
		g.dice("grenade grenade grenade grenade grenade")
		g.do("order 1,21")
		if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 5 {
			t.Fatalf("axis dice %v", d)
		}
		g.hand(Allies, "counter-attack", "probe-left")
		g.play("counter-attack")
		g.dice("inf inf")
		g.do("order 7,19")
		if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 2 {
			t.Fatalf("allied dice %v", d)
		}
		g.figures("7,19", 3)
	})
}

// --- Dig In ------------------------------------------------------------

// command-cards.md "Dig In": up to 4 infantry place sandbags on their hexes
// and do nothing else (ruling 59).
func TestDigIn(t *testing.T) {
	g := tcStart(t, "allies inf 7,1", "allies inf 7,5", "allies inf 7,9", "allies inf 7,13", "allies inf 7,17", "allies arm 7,21",
		"axis inf 6,2")
	g.hand(Allies, "dig-in", "probe-left")
	g.play("dig-in")
	g.wantKind("order", "order 7,1", "order 7,5", "order 7,9", "order 7,13", "order 7,17")
	for _, h := range []string{"7,1", "7,5", "7,9", "7,13"} {
		g.do("order " + h)
	}
	// The fourth order ends the turn: no move, no battle (7,1 is next to an enemy).
	if g.s.Active() != Axis || len(g.all(EvUnitMoved))+len(g.all(EvBattle)) != 0 {
		t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
	}
	if n := len(g.all(EvObstaclePlaced)); n != 4 {
		t.Fatalf("%d sandbags placed", n)
	}
	for _, h := range []string{"7,1", "7,5", "7,9", "7,13"} {
		if o := g.s.ObstacleAt(H(h)); o != Sandbags {
			t.Fatalf("%s: %v", h, o)
		}
	}
	if g.s.ObstacleAt(H("7,17")) != NoObstacle {
		t.Fatal("an unordered unit dug in")
	}
}

// Ruling 60: never more than 12 sandbags; decision 11: never twice on a
// hex, nor on ocean (ruling 61 for the other obstacles).
func TestDigInLimits(t *testing.T) {
	t.Run("twelve at most", func(t *testing.T) {
		sp := []string{"allies inf 7,1", "allies inf 7,5", "allies inf 7,9", "allies inf 7,13", "axis inf 0,0"}
		for c := 0; c < 20; c += 2 {
			sp = append(sp, fmt.Sprintf("4,%d sandbags", c))
		}
		g := tcStart(t, sp...)
		g.hand(Allies, "dig-in", "probe-left")
		g.play("dig-in")
		for _, h := range []string{"7,1", "7,5", "7,9", "7,13"} {
			g.do("order " + h)
		}
		if n := len(g.all(EvObstaclePlaced)); n != 2 {
			t.Fatalf("%d placed, want 2 (10 on the board)", n)
		}
		if g.s.ObstacleAt(H("7,1")) != Sandbags || g.s.ObstacleAt(H("7,5")) != Sandbags || g.s.ObstacleAt(H("7,9")) != NoObstacle {
			t.Fatal("the first two ordered should have dug in")
		}
	})
	t.Run("not twice or on ocean", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,5", "7,5 sandbags", "allies inf 7,9", "7,9 ocean", "axis inf 0,0")
		g.hand(Allies, "dig-in", "probe-left")
		g.play("dig-in")
		g.do("order 7,5")
		g.do("order 7,9") // every infantry ordered: the turn ends
		if n := len(g.all(EvObstaclePlaced)); n != 0 {
			t.Fatalf("%d placed", n)
		}
		if fs := g.s.Features(H("7,5")); len(fs) != 1 || fs[0] != Sandbags {
			t.Fatalf("7,5: %v", fs)
		}
	})
	t.Run("fewer than four", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,1", "allies inf 7,5", "axis inf 0,0")
		g.hand(Allies, "dig-in", "probe-left")
		g.play("dig-in")
		g.do("order 7,5")
		g.do("end-orders")
		if n := len(g.all(EvObstaclePlaced)); n != 1 || g.s.Active() != Axis {
			t.Fatalf("%d placed, active %s", n, g.s.Active())
		}
	})
}

// --- Direct from HQ ----------------------------------------------------

// command-cards.md "Direct from HQ": any 4 units anywhere.
func TestDirectFromHQ(t *testing.T) {
	g := tcStart(t, "allies inf 7,1", "allies arm 7,11", "allies art 8,22", "allies inf 7,13", "allies inf 7,15", "axis inf 0,0")
	g.hand(Allies, "direct-from-hq", "probe-left")
	g.play("direct-from-hq")
	g.wantKind("order", "order 7,1", "order 7,11", "order 8,22", "order 7,13", "order 7,15")
	for _, h := range []string{"7,1", "7,11", "8,22", "7,13"} {
		g.do("order " + h)
	}
	g.wantPhase(PhaseMove)
	g.wantOrdered("7,1", "7,11", "8,22", "7,13")
	if !g.isLegal("move 7,11 4,12") {
		t.Fatal("armor moves 3 normally")
	}
}

// --- Firefight ---------------------------------------------------------

// command-cards.md "Firefight": up to 4 units not adjacent to an enemy, no
// move, +1 die, range unchanged (ruling 65).
func TestFirefight(t *testing.T) {
	g := tcStart(t, "allies inf 6,10", "allies inf 7,5", "allies inf 5,15", "allies inf 8,24",
		"axis inf 4,10", "axis inf 4,4", "axis inf 4,16", "axis inf 4,24")
	g.hand(Allies, "firefight", "probe-left")
	g.play("firefight")
	g.wantKind("order", "order 6,10", "order 7,5", "order 8,24") // 5,15 is next to 4,16
	g.do("order 6,10")
	g.do("order 7,5")
	g.do("order 8,24")       // nothing else may be ordered: the order step ends
	g.wantPhase(PhaseBattle) // no move
	// 8,24 is 4 hexes from 4,24: out of range even with the extra die.
	g.wantKind("battle", "battle 6,10 4,10", "battle 7,5 4,4")
	g.dice("star star star")
	g.do("battle 6,10 4,10")
	g.dice("star star")
	g.do("battle 7,5 4,4")
	if d := g.all(EvBattle); len(d) != 2 || d[0].N != 3 || d[1].N != 2 {
		t.Fatalf("battles %v, want 2+1 and 1+1", d)
	}
	g.diceUsed()
}

// Ruling 66: a Firefight unit that an enemy has become adjacent to (by a
// retreat) cannot battle at all, not even at range.
func TestFirefightEnemyBecomesAdjacent(t *testing.T) {
	g := tcStart(t, "allies inf 6,12", "allies inf 2,10", "axis inf 4,12", "axis inf 3,13")
	g.hand(Allies, "firefight", "probe-left")
	g.play("firefight")
	g.do("order 6,12")
	g.do("order 2,10")
	if !g.isLegal("battle 2,10 3,13") || !g.isLegal("battle 2,10 4,12") {
		t.Fatalf("legal %v", g.legal())
	}
	g.dice("flag star star")
	g.do("battle 6,12 4,12") // 4,12 must retreat to 3,11, next to 2,10
	g.unit("3,11")
	if g.s.Active() != Axis || len(g.all(EvBattle)) != 1 {
		t.Fatalf("2,10 still battled or the turn goes on: legal %v", g.legal())
	}
}

// --- Infantry Assault --------------------------------------------------

// command-cards.md "Infantry Assault": the section is chosen as the card is
// played; every infantry there moves 2 and battles or 3 without battling.
func TestInfantryAssault(t *testing.T) {
	g := tcStart(t, "allies inf 7,3", "allies inf 7,5", "allies arm 7,1", "allies inf 7,11", "allies inf 7,19",
		"axis inf 4,6", "axis inf 0,0")
	g.hand(Allies, "infantry-assault", "probe-center")
	ia, _ := g.cardIn(g.s.Hand(Allies), "infantry-assault")
	pc, _ := g.cardIn(g.s.Hand(Allies), "probe-center")
	g.wantLegal(fmt.Sprintf("play %d left", ia), fmt.Sprintf("play %d center", ia), fmt.Sprintf("play %d right", ia),
		fmt.Sprintf("play %d", pc))
	g.play("infantry-assault", "left")
	if e := g.viewEffect(); e != "infantry-assault-left" {
		t.Fatalf("in effect %q", e)
	}
	g.wantPhase(PhaseMove)
	g.wantOrdered("7,3", "7,5")
	if g.isLegal("move 7,3 3,3") {
		t.Fatal("4 hexes")
	}
	g.do("move 7,3 4,2")
	g.do("move 7,5 5,5")
	g.wantPhase(PhaseBattle)
	g.wantKind("battle", "battle 5,5 4,6") // 4,2 moved 3: no battle
}

// Ruling 68: with infantry elsewhere but none in the chosen section, the
// card orders nothing; decision 6: with no infantry at all, 1 unit of
// choice anywhere.
func TestInfantryAssaultFallback(t *testing.T) {
	t.Run("infantry elsewhere", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,11", "allies arm 7,3", "axis inf 0,0")
		g.hand(Allies, "infantry-assault", "probe-center")
		g.play("infantry-assault", "left")
		if g.s.Active() != Axis || len(g.all(EvUnitOrdered)) != 0 {
			t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
		}
	})
	t.Run("no infantry", func(t *testing.T) {
		g := tcStart(t, "allies arm 7,3", "allies arm 7,11", "allies art 8,20", "axis inf 0,0")
		g.hand(Allies, "infantry-assault", "probe-center")
		g.play("infantry-assault", "left")
		g.wantKind("order", "order 7,3", "order 7,11", "order 8,20")
		g.do("order 7,11")
		g.wantPhase(PhaseMove)
		g.wantOrdered("7,11")
	})
}

// --- Medics & Mechanics -----------------------------------------------

// command-cards.md "Medics & Mechanics": a damaged unit; a die per card held,
// this one included; its symbol or a star returns a figure (artillery: stars
// only), never above its strength; a healed unit is ordered; no figure back,
// nothing ordered.
func TestMedicsMechanics(t *testing.T) {
	specs := []string{"allies inf 6,10", "allies art 6,14", "allies arm 6,18", "allies inf 6,4", "axis inf 0,0"}
	cases := []struct {
		name    string
		unit    string
		dice    string
		figures int
		ordered bool
	}{
		{"infantry: symbol and star", "6,10", "inf star arm grenade", 4, true},
		{"never above strength", "6,10", "inf inf inf star", 4, true},
		{"one figure", "6,10", "flag arm grenade inf", 3, true},
		{"artillery: stars only", "6,14", "grenade inf arm star", 2, true},
		{"artillery: no star", "6,14", "grenade inf arm flag", 1, false},
		{"infantry: nothing", "6,10", "arm grenade flag flag", 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := tcStart(t, specs...)
			g.wound("6,10", 2)
			g.wound("6,14", 1)
			g.hand(Allies, "medics-mechanics", "probe-left", "probe-right", "attack-left") // 4 cards: 4 dice
			g.play("medics-mechanics")
			g.wantKind("order", "order 6,10", "order 6,14")
			g.dice(c.dice)
			g.do("order " + c.unit)
			if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 4 {
				t.Fatalf("dice %v", d)
			}
			g.figures(c.unit, c.figures)
			if c.ordered {
				g.wantPhase(PhaseMove)
				g.wantOrdered(c.unit)
				if len(dests(g.s, ActMove, c.unit)) == 0 {
					t.Fatal("the healed unit cannot move")
				}
			} else if g.s.Active() != Axis || len(g.last(EvHealed)) != 0 || len(g.last(EvUnitOrdered)) != 0 {
				t.Fatalf("nothing healed but active %s, events %s", g.s.Active(), evString(g.evs))
			}
			// The unit is reported ordered only once it is healed.
			var kinds []EventKind
			for _, e := range g.evs {
				switch e.Kind {
				case EvDiceRolled, EvHealed, EvUnitOrdered:
					kinds = append(kinds, e.Kind)
				}
			}
			want := []EventKind{EvDiceRolled}
			if c.ordered {
				want = append(want, EvHealed, EvUnitOrdered)
			}
			if !slices.Equal(kinds, want) {
				t.Fatalf("events %s", evString(g.evs))
			}
			g.diceUsed()
		})
	}
}

// Decision 9: Medics & Mechanics with no damaged unit may be played and
// orders nothing.
func TestMedicsNoDamagedUnit(t *testing.T) {
	g := tcStart(t, "allies inf 6,10", "axis inf 0,0")
	g.hand(Allies, "medics-mechanics", "probe-left")
	g.play("medics-mechanics")
	if g.s.Active() != Axis || len(g.all(EvDiceRolled)) != 0 {
		t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
	}
}

// --- Move Out! ---------------------------------------------------------

// command-cards.md "Move Out!": up to 4 infantry anywhere, normal rules.
func TestMoveOut(t *testing.T) {
	g := tcStart(t, "allies inf 7,1", "allies inf 7,9", "allies inf 7,13", "allies inf 7,21", "allies inf 8,16", "allies arm 7,5",
		"axis inf 0,0")
	g.hand(Allies, "move-out", "probe-left")
	g.play("move-out")
	g.wantKind("order", "order 7,1", "order 7,9", "order 7,13", "order 7,21", "order 8,16")
	for _, h := range []string{"7,1", "7,9", "7,13", "7,21"} {
		g.do("order " + h)
	}
	g.wantPhase(PhaseMove)
	if g.isLegal("move 7,1 4,2") || !g.isLegal("move 7,1 5,1") {
		t.Fatal("infantry moves 2")
	}
}

// --- Their Finest Hour -------------------------------------------------

// command-cards.md "Their Finest Hour": a die per card held, this one
// included; infantry symbols order infantry, armor symbols armor, stars any
// unit (the only way to order artillery, ruling 85), grenades and flags
// nothing; ordered units battle with +1.
func TestTheirFinestHour(t *testing.T) {
	g := tcStart(t, "allies inf 6,2", "allies inf 6,10", "allies inf 6,16", "allies arm 6,20", "allies art 8,12",
		"axis inf 5,11", "axis inf 0,0")
	g.hand(Allies, "their-finest-hour", "probe-left", "probe-right", "attack-left", "attack-right")
	g.dice("inf inf arm star grenade")
	g.play("their-finest-hour")
	if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 5 {
		t.Fatalf("dice %v", d)
	}
	g.wantKind("order", "order 6,2", "order 6,10", "order 6,16", "order 6,20", "order 8,12")
	g.do("order 8,12") // the star
	g.do("order 6,2")
	g.do("order 6,10")
	g.wantKind("order", "order 6,20") // both infantry symbols used
	g.do("order 6,20")
	g.wantPhase(PhaseMove)
	g.do("end-moves")
	g.dice("star star star star")
	g.do("battle 6,10 5,11")
	if d := battleDiceOf(g.evs); d != 4 {
		t.Fatalf("dice %d, want 3+1", d)
	}
	g.diceUsed()
}

// command-cards.md "Their Finest Hour" and "Medics & Mechanics": a die per
// card held, so a hand of 10 or more rolls 11 or more dice; the dice event
// carries every face (it kept 8 before), and the faces past the 8th order
// and heal like the others.
func TestDiceEventsCarryEveryDie(t *testing.T) {
	ten := []string{"probe-left", "probe-left", "probe-center", "probe-center", "probe-right", "probe-right",
		"attack-left", "attack-center", "attack-right", "assault-left"}
	faceWords := func(e Event) string {
		var w []string
		for _, f := range e.Faces() {
			w = append(w, f.String())
		}
		return strings.Join(w, " ")
	}
	t.Run("their finest hour, 11 cards", func(t *testing.T) {
		g := tcStart(t, "allies inf 6,2", "allies arm 6,20", "allies art 8,12", "axis inf 0,0")
		g.hand(Allies, append([]string{"their-finest-hour"}, ten...)...)
		roll := "flag flag flag flag flag flag flag flag grenade arm star"
		g.dice(roll)
		g.play("their-finest-hour")
		d := g.last(EvDiceRolled)
		if len(d) != 1 || d[0].NDice != 11 {
			t.Fatalf("dice %v", d)
		}
		if got, want := faceWords(d[0]), strings.NewReplacer("inf", "infantry", "arm", "armor").Replace(roll); got != want {
			t.Fatalf("faces %q, want %q", got, want)
		}
		// The 10th and 11th dice order the armor and one unit of choice.
		g.wantKind("order", "order 6,2", "order 6,20", "order 8,12")
		g.do("order 8,12")
		g.wantKind("order", "order 6,20")
		g.diceUsed()
	})
	t.Run("medics and mechanics, 12 cards", func(t *testing.T) {
		g := tcStart(t, "allies inf 6,10", "axis inf 0,0")
		g.wound("6,10", 3)
		g.hand(Allies, append([]string{"medics-mechanics", "attack-left"}, ten...)...)
		g.play("medics-mechanics")
		g.dice("flag flag flag flag flag flag flag flag grenade arm inf star")
		g.do("order 6,10")
		if d := g.last(EvDiceRolled); len(d) != 1 || d[0].NDice != 12 || d[0].Faces()[11] != FaceStar {
			t.Fatalf("dice %v", d)
		}
		g.figures("6,10", 3) // the 11th and 12th dice
		g.diceUsed()
	})
	t.Run("the most a side may hold", func(t *testing.T) {
		g := tcStart(t, "allies inf 6,10", "axis inf 0,0")
		var ids []CardID
		for id := range g.s.b.deck {
			if len(ids) < MaxHand+1 {
				ids = append(ids, CardID(id))
			}
		}
		if err := g.s.SetHand(Allies, ids); err == nil {
			t.Fatalf("a hand of %d accepted", len(ids))
		}
	})
}

// Ruling 85: grenades and flags order nothing: the turn ends.
func TestTheirFinestHourNothing(t *testing.T) {
	g := tcStart(t, "allies inf 6,2", "allies arm 6,20", "axis inf 0,0")
	g.hand(Allies, "their-finest-hour", "probe-left", "probe-right", "attack-left", "attack-right")
	g.dice("grenade flag grenade flag grenade")
	g.play("their-finest-hour")
	if g.s.Active() != Axis || len(g.all(EvUnitOrdered)) != 0 {
		t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
	}
}

// Ruling 87: armor keeps the +1 die in its overrun, at any range.
func TestTheirFinestHourOverrun(t *testing.T) {
	g := tcStart(t, "allies arm 6,10", "axis inf 5,11 fig=1", "axis inf 3,13")
	g.hand(Allies, "their-finest-hour", "probe-left", "probe-right", "attack-left", "attack-right")
	g.dice("arm flag flag flag flag")
	g.play("their-finest-hour")
	g.do("order 6,10")
	g.do("end-moves")
	g.dice("inf star star star")
	g.do("battle 6,10 5,11")
	g.do("take-ground 6,10 5,11")
	g.do("battle 5,11 3,13")
	if d := battleDiceOf(g.evs); d != 4 {
		t.Fatalf("overrun dice %d, want 3+1", d)
	}
}

// Ruling 86: the discards, this card included, go back into the deck before
// the draw, so the player may draw Their Finest Hour straight back.
func TestTheirFinestHourReshuffle(t *testing.T) {
	g := tcStart(t, "allies inf 6,2", "axis inf 0,0")
	g.passTurn("probe-center") // two more cards in the discards (the Ambush is there already)
	g.passTurn("probe-center")
	if len(g.s.Discards()) != 3 {
		t.Fatalf("discards %v", g.s.Discards())
	}
	g.hand(Allies, "their-finest-hour", "probe-left", "probe-right", "attack-left", "attack-right")
	fh, _ := g.cardIn(g.s.Hand(Allies), "their-finest-hour")
	g.dice("inf flag flag flag flag")
	g.play("their-finest-hour")
	g.do("order 6,2")
	g.wantPhase(PhaseMove)
	before := g.s.Clone()
	g.do("end-moves")
	var kinds []EventKind
	for _, e := range g.evs {
		switch e.Kind {
		case EvCardDiscarded, EvDeckReshuffled, EvCardDrawn:
			kinds = append(kinds, e.Kind)
		}
	}
	if !slices.Equal(kinds, []EventKind{EvCardDiscarded, EvDeckReshuffled, EvCardDrawn}) {
		t.Fatalf("events %s", evString(g.evs))
	}
	if len(g.s.Discards()) != 0 || g.s.DrawPileSize() != g.s.DeckSize()-10 {
		t.Fatalf("discards %d, draw pile %d", len(g.s.Discards()), g.s.DrawPileSize())
	}
	for seed := uint64(1); seed < 2000; seed++ {
		c := before.Clone()
		c.Reseed(seed)
		if _, err := c.Apply(Action{Kind: ActEndMoves}); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(c.Hand(Allies), fh) {
			return
		}
	}
	t.Fatal("Their Finest Hour is never drawn straight back")
}

// --- General Advance, Pincer Move, Recon in Force ----------------------

// command-cards.md §3 section cards over several sections (the quotas are
// tested in sections_test.go): up to 6 units for General Advance, nothing
// in the centre for Pincer Move, and a normal 1-card draw for Recon in Force.
func TestMultiSectionCards(t *testing.T) {
	units := []string{"allies inf 7,1", "allies inf 7,3", "allies inf 7,5", "allies inf 7,9", "allies inf 7,11", "allies inf 7,13",
		"allies inf 7,19", "allies inf 7,21", "allies inf 7,23", "axis inf 0,0"}
	t.Run("general advance", func(t *testing.T) {
		g := tcStart(t, units...)
		g.hand(Allies, "general-advance", "probe-left")
		g.play("general-advance")
		for _, h := range []string{"7,1", "7,3", "7,9", "7,11", "7,19", "7,21"} {
			g.do("order " + h)
		}
		g.wantPhase(PhaseMove)
		g.wantOrdered("7,1", "7,3", "7,9", "7,11", "7,19", "7,21")
	})
	t.Run("pincer move", func(t *testing.T) {
		g := tcStart(t, units...)
		g.hand(Allies, "pincer-move", "probe-left")
		g.play("pincer-move")
		g.wantKind("order", "order 7,1", "order 7,3", "order 7,5", "order 7,19", "order 7,21", "order 7,23")
		for _, h := range []string{"7,1", "7,3", "7,19", "7,21"} {
			g.do("order " + h)
		}
		g.wantPhase(PhaseMove)
	})
	t.Run("recon in force", func(t *testing.T) {
		g := tcStart(t, units...)
		g.hand(Allies, "recon-in-force", "probe-left", "probe-right", "attack-left", "attack-right")
		g.play("recon-in-force")
		g.do("order 7,1")
		g.do("order 7,9")
		g.do("order 7,19")
		g.wantPhase(PhaseMove)
		g.do("end-moves")
		if g.s.Phase() == PhaseBattle {
			g.do("end-battles")
		}
		if g.s.Phase() != PhaseCard || len(g.s.Hand(Allies)) != 5 || len(g.all(EvCardDrawn)) != 1 {
			t.Fatalf("phase %s, hand %d", g.s.Phase(), len(g.s.Hand(Allies)))
		}
	})
}

// --- Fallbacks ---------------------------------------------------------

// Ruling 2 (FAQ VIII): a card that orders one unit type, when its side has
// no unit of that type anywhere, orders 1 unit of the player's choice that
// moves and battles normally, without the card's bonus. Ruling 75: Move
// Out!'s fallback unit gets no benefit.
func TestTypedCardFallbacks(t *testing.T) {
	noInf := []string{"allies arm 6,10", "allies art 8,14", "axis inf 5,11"}
	noArm := []string{"allies inf 6,10", "allies art 8,14", "axis inf 5,11"}
	noArt := []string{"allies inf 6,10", "allies arm 8,14", "axis inf 5,11"}
	cases := []struct {
		card  string
		extra string
		specs []string
		units []string // orderable
		dice  int      // the ordered 6,10 against 5,11
		move  string   // the farthest normal move of 6,10
		far   string   // one hex more: not allowed
	}{
		{"armor-assault", "", noArm, []string{"6,10", "8,14"}, 3, "move 6,10 6,6", "move 6,10 3,9"},
		{"artillery-bombard", "", noArt, []string{"6,10", "8,14"}, 3, "move 6,10 6,6", "move 6,10 3,9"},
		{"behind-enemy-lines", "", noInf, []string{"6,10", "8,14"}, 3, "move 6,10 6,4", "move 6,10 2,10"},
		{"dig-in", "", noInf, []string{"6,10", "8,14"}, 3, "move 6,10 6,4", "move 6,10 2,10"},
		{"infantry-assault", "right", noInf, []string{"6,10", "8,14"}, 3, "move 6,10 6,4", "move 6,10 2,10"},
		{"move-out", "", noInf, []string{"6,10", "8,14"}, 3, "move 6,10 6,4", "move 6,10 2,10"},
	}
	for _, c := range cases {
		t.Run(c.card, func(t *testing.T) {
			g := tcStart(t, c.specs...)
			g.hand(Allies, c.card, "probe-left")
			var extra []string
			if c.extra != "" {
				extra = []string{c.extra}
			}
			g.play(c.card, extra...)
			var want []string
			for _, h := range c.units {
				want = append(want, "order "+h)
			}
			g.wantKind("order", want...)
			g.do("order 6,10")
			g.wantPhase(PhaseMove) // one unit only
			if !g.isLegal(c.move) {
				t.Fatalf("no normal move %q: %v", c.move, dests(g.s, ActMove, "6,10"))
			}
			if g.isLegal(c.far) {
				t.Fatal("the fallback unit moves beyond its own allowance")
			}
			g.do("end-moves")
			g.dice("star star star")
			g.do("battle 6,10 5,11")
			if d := battleDiceOf(g.evs); d != c.dice {
				t.Fatalf("dice %d, want %d", d, c.dice)
			}
			// One battle and no second move (Behind Enemy Lines) or second
			// shot (Artillery Bombard): the turn is over.
			if g.s.Active() != Axis {
				t.Fatalf("turn goes on in phase %s: %v", g.s.Phase(), g.legal())
			}
			g.diceUsed()
		})
	}
}
