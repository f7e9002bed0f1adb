package rules

import (
	"fmt"
	"slices"
	"testing"
)

// FAQ rulings on Winter Wars' markers and troops (faq-digest §B), run from
// TestFAQDigestRulings.

// faq-digest 100 [II Champs de mines]: a unit that survives a minefield may
// battle, but may not take ground: entering made it stop.
func TestMinefieldSurvivorNoTakeGround(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 4,12 fig=1", "5,11 mine:axis tokens=1")
	turn(t, st, "general-advance", "6,12")
	dice(t, st, "flag")
	act(t, st, "move 6,12 5,11")
	toBattle(t, st)
	dice(t, st, "inf inf inf")
	act(t, st, "battle 5,11 4,12")
	if slices.Contains(legal(st), "take-ground 5,11 4,12") {
		t.Errorf("a unit stopped by a minefield may take ground: %v", legal(st))
	}
}

// faq-digest 105 [VIII Commandement]: Behind Enemy Lines does not stop in a
// minefield, and the mines do not go off.
func TestBehindEnemyLinesThroughMinefield(t *testing.T) {
	g := tcStart(t, "allies inf 8,10", "axis inf 0,0", "7,11 mine:axis tokens=4")
	g.hand(Allies, "behind-enemy-lines", "probe-left")
	g.play("behind-enemy-lines")
	g.do("order 8,10")
	if !g.isLegal("move 8,10 5,13") {
		t.Fatalf("the minefield stops Behind Enemy Lines: %v", dests(g.s, ActMove, "8,10"))
	}
	g.do("move 8,10 7,11") // onto the minefield: it does not go off
	if len(g.last(EvMineRevealed)) != 0 || len(g.last(EvDiceRolled)) != 0 || len(g.s.Minefields()) != 1 {
		t.Errorf("the minefield went off: %s", evString(g.evs))
	}
}

// faq-digest 107-109 [III Camouflage]: attacked without firing back, it
// keeps its camouflage; made to retreat, or answering with an Ambush, it
// loses it.
func TestCamouflageFAQ(t *testing.T) {
	// 108: retreat.
	st := game(t, "allies inf 6,12", "axis inf 5,11 camo")
	turn(t, st, "general-advance", "6,12")
	toBattle(t, st)
	dice(t, st, "flag star star")
	act(t, st, "battle 6,12 5,11")
	for st.Phase() == PhaseRetreat {
		opts := dests(st, ActRetreat, "5,11")
		act(t, st, "retreat 5,11 "+opts[0])
	}
	for _, u := range st.Units() {
		if u.Side == Axis && u.Camouflaged {
			t.Errorf("a camouflaged unit retreated and kept its camouflage")
		}
	}
	// 107: attacked, not firing back: kept.
	st = game(t, "allies inf 6,12", "axis inf 5,11 camo")
	turn(t, st, "general-advance", "6,12")
	toBattle(t, st)
	dice(t, st, "star star star")
	act(t, st, "battle 6,12 5,11")
	if !unitOn(t, st, "5,11").Camouflaged {
		t.Errorf("a camouflaged unit lost its camouflage by being attacked")
	}
	// 109: Ambush.
	g, amb := ambushStart(t, "5,9", "5,11", "allies inf 5,9", "axis inf 5,11 camo")
	g.dice("star star star")
	g.do(fmt.Sprintf("play %d", amb))
	if u, ok := g.s.UnitAt(H("5,11")); !ok || u.Camouflaged {
		t.Errorf("a unit that played Ambush kept its camouflage: %+v", u)
	}
}

// faq-digest 110 [III Camouflage]: attacked only in close assault: not by
// Air Power.
func TestCamouflageAirPower(t *testing.T) {
	g := tcStart(t, "allies inf 7,11", "axis inf 3,9 camo", "axis inf 3,11")
	g.hand(Allies, "air-power", "probe-left", "probe-right", "attack-left", "attack-right")
	g.play("air-power")
	g.wantLegal("target 3,11")
}

// faq-digest 112-113 [IV Troupes du génie]: engineers in close combat
// ignore sandbags' dice reduction, but the defender still ignores a flag.
func TestEngineersSandbags(t *testing.T) {
	st := game(t, "allies inf 6,12 kind=engineers", "axis inf 5,11", "5,11 sandbags")
	turn(t, st, "general-advance", "6,12")
	toBattle(t, st)
	dice(t, st, "flag star star")
	evs := act(t, st, "battle 6,12 5,11")
	if n := battleDiceOf(evs); n != 3 {
		t.Errorf("engineers rolled %d dice against sandbags, want 3", n)
	}
	if !slices.Contains(legal(st), "retreat 5,11 5,11 ignore") {
		t.Errorf("the defender may not ignore the flag behind sandbags: %v", legal(st))
	}
}

// faq-digest 115 [IV Troupes du génie (card)]: engineers have 4 figures.
func TestEngineersFigures(t *testing.T) {
	st := game(t, "allies inf 6,12 kind=engineers", "axis inf 0,0")
	if u := unitOn(t, st, "6,12"); u.Figures != 4 || u.Max != 4 {
		t.Errorf("engineers: %d of %d figures, want 4", u.Figures, u.Max)
	}
}
