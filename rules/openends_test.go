package rules

// The base game's open ends (issue 17): behaviour the engine had without a
// test that pins it. Each test cites its rule.

import (
	"fmt"
	"slices"
	"testing"
)

// rulebook p.6 "Piocher une carte" and FAQ I Passer (command-cards.md ruling
// 1): a side that holds no card at the start of its turn plays none; its
// turn passes straight to the draw, and the other side plays next.
func TestNoCardPassesToTheDraw(t *testing.T) {
	t.Run("dealt none", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,3", "axis inf 0,0", "cards=0,5")
		if g.s.Active() != Axis || g.s.Phase() != PhaseCard || len(g.s.Hand(Allies)) != 1 || g.s.Turn() != 2 {
			t.Fatalf("active %s, phase %s, allied hand %d, turn %d", g.s.Active(), g.s.Phase(), len(g.s.Hand(Allies)), g.s.Turn())
		}
	})
	t.Run("emptied during the game", func(t *testing.T) {
		g := tcStart(t, "allies inf 7,3", "axis inf 0,0")
		g.passTurn("probe-left")
		if err := g.s.SetHand(Allies, nil); err != nil {
			t.Fatal(err)
		}
		turn := g.s.Turn()
		g.hand(Axis, "probe-left", "probe-center")
		g.play("probe-left") // the Axis: nothing to order on its left, its turn ends
		if g.s.Active() != Axis || g.s.Turn() != turn+2 || len(g.s.Hand(Allies)) != 1 {
			t.Fatalf("active %s, turn %d (want %d), allied hand %d", g.s.Active(), g.s.Turn(), turn+2, len(g.s.Hand(Allies)))
		}
		var played, drawn int
		from := 0
		for k, e := range g.log {
			if e.Kind == EvTurnStarted && e.Side == Allies {
				from = k
			}
		}
		for _, e := range g.log[from:] {
			if e.Side == Allies && e.Kind == EvCardPlayed {
				played++
			}
			if e.Side == Allies && e.Kind == EvCardDrawn {
				drawn++
			}
		}
		if played != 0 || drawn != 1 {
			t.Fatalf("allied turn: %d played, %d drawn: %s", played, drawn, evString(g.log))
		}
		g.checkCards()
	})
}

// command-cards.md "Air Power" and "Barrage": the card targets enemy units;
// with none on the board it has nothing to aim at and the turn ends (the
// player draws).
func TestAimCardWithNoEnemyEndsTheTurn(t *testing.T) {
	for _, card := range []string{"air-power", "barrage"} {
		t.Run(card, func(t *testing.T) {
			// The Axis has no unit on the board.
			g := tcStart(t, "allies inf 7,3", "victory=6,6")
			g.hand(Allies, card, "probe-left")
			g.play(card)
			if g.s.Active() != Axis || g.s.Phase() != PhaseCard || len(g.all(EvCardAttack)) != 0 {
				t.Fatalf("active %s, phase %s: %s", g.s.Active(), g.s.Phase(), evString(g.log))
			}
			if d := g.all(EvCardDrawn); len(d) != 1 || d[0].Side != Allies {
				t.Fatalf("draws %v", d)
			}
		})
	}
}

// command-cards.md "Ambush" (and annex 2 "Mer": no battle from the sea): the
// unit attacked must be able to fire back; a defender in the ocean cannot,
// so no Ambush window opens.
func TestNoAmbushFromTheOcean(t *testing.T) {
	g, _ := ambushStart(t, "5,9", "4,10", "allies inf 5,9", "axis inf 4,10", "4,10 ocean")
	if g.s.Phase() == PhaseAmbush || len(g.last(EvDiceRolled)) != 1 {
		t.Fatalf("phase %s: %s", g.s.Phase(), evString(g.evs))
	}
	// Against the same defender on land, the window opens.
	g, _ = ambushStart(t, "5,9", "4,10", "allies inf 5,9", "axis inf 4,10")
	g.wantPhase(PhaseAmbush)
}

// command-cards.md "Ambush" ("when a close assault is declared") and
// docs/rules-decisions.md decision 8: an overrun is a close assault only
// against an adjacent target; an overrun at range opens no Ambush window.
func TestNoAmbushAgainstAnOverrunAtRange(t *testing.T) {
	for _, c := range []struct {
		target string
		window bool
	}{{"3,13", false}, {"4,12", true}} {
		t.Run(c.target, func(t *testing.T) {
			g := tcStart(t, "allies arm 6,10", "axis inf 5,11 fig=1", "axis inf "+c.target, "axis inf 0,0")
			g.hand(Axis, "ambush", "probe-left", "probe-right", "attack-left", "attack-right")
			g.toBattle("probe-center", "6,10")
			g.dice("inf")
			g.do("battle 6,10 5,11")
			g.wantPhase(PhaseAmbush) // the first, adjacent, battle: declined
			g.do("skip")
			g.do("take-ground 6,10 5,11")
			g.wantPhase(PhaseOverrun)
			g.do("battle 5,11 " + c.target)
			if got := g.s.Phase() == PhaseAmbush; got != c.window {
				t.Fatalf("ambush window %v, want %v (phase %s)", got, c.window, g.s.Phase())
			}
		})
	}
}

// command-cards.md "Recon": draw 2 cards, keep 1. When only one card can be
// drawn (the draw pile empty and the discards holding only the Recon just
// played, which the empty pile reshuffles back), the player takes it: there
// is no choice to make and the turn passes.
func TestReconDrawingOneCard(t *testing.T) {
	st := tcSetup(t, "allies inf 7,19", "axis inf 1,21", "cards=1,1")
	recon, _ := CardByName("recon-right")
	probe, _ := CardByName("probe-left")
	st.Deck = Deck{recon, probe}
	s, err := New(st, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := &tcGame{t: t, s: s}
	if err := s.SetHand(Allies, []CardID{0}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetHand(Axis, []CardID{1}); err != nil {
		t.Fatal(err)
	}
	if s.DrawPileSize() != 0 || len(s.Hand(Axis)) != 1 {
		t.Fatalf("draw pile %d", s.DrawPileSize())
	}
	g.play("recon-right")
	g.endTurn()
	if g.s.Phase() == PhaseKeep || g.s.Active() != Axis {
		t.Fatalf("phase %s, active %s", g.s.Phase(), g.s.Active())
	}
	if h := g.s.Hand(Allies); len(h) != 1 || h[0] != 0 {
		t.Fatalf("allied hand %v, want the Recon back", h)
	}
	if d := g.all(EvCardDrawn); len(d) != 1 {
		t.Fatalf("draws %v", d)
	}
	g.checkCards()
}

// FAQ XI Pegasus Bridge (command-cards.md ruling 76; faq-digest 75): an Axis
// Recon on turn 1 or 2 first draws 2 and keeps 1, then the scenario's extra
// card is drawn (the Axis builds its hand up from 2 to 4: Setup.GrowTo).
func TestPegasusBridgeReconThenExtraCard(t *testing.T) {
	st := tcSetup(t, "allies inf 8,0", "axis inf 0,24", "cards=6,2", "first=axis")
	st.GrowTo = [2]int{0, 4}
	g := tcNew(t, st)
	g.hand(Axis, "recon-center", "probe-left")
	g.play("recon-center")
	for _, step := range []struct {
		p Phase
		a string
	}{{PhaseOrder, "end-orders"}, {PhaseMove, "end-moves"}, {PhaseBattle, "end-battles"}} {
		if g.s.Phase() == step.p {
			g.do(step.a)
		}
	}
	g.wantPhase(PhaseKeep)
	if len(g.s.Hand(Axis)) != 1 {
		t.Fatalf("the extra card came before the Recon's choice: hand %d", len(g.s.Hand(Axis)))
	}
	choice := g.s.ReconChoice()
	before := len(g.log)
	g.do(fmt.Sprintf("keep %d", choice[1]))
	h := g.s.Hand(Axis)
	if len(h) != 3 || !slices.Contains(h, choice[1]) || slices.Contains(h, choice[0]) {
		t.Fatalf("hand %v after keeping %d of %v", h, choice[1], choice)
	}
	var drawn []Event
	for _, e := range g.log[before:] {
		if e.Kind == EvCardDrawn && e.Side == Axis {
			drawn = append(drawn, e)
		}
	}
	if len(drawn) != 2 || drawn[0].Card != choice[1] || drawn[1].Card == choice[0] {
		t.Fatalf("draws %v: want the kept card, then the extra one", drawn)
	}
	g.checkCards()
}

// command-cards.md ruling 2 (FAQ VIII Commandement): the fallback of a card
// that orders one unit type applies once the side has no unit of that type
// anywhere, also when its last one was eliminated during the game: 1 unit
// of the player's choice, without the card's bonus.
func TestFallbackAfterTheTypeIsEliminated(t *testing.T) {
	g := tcStart(t, "allies arm 6,10 fig=1", "allies inf 6,14", "axis inf 5,11", "axis inf 5,15")
	g.hand(Allies, "armor-assault", "probe-left")
	g.hand(Axis, "probe-center", "probe-left")
	// Allied turn: the armor is still there, so the card orders armor only.
	if !g.isLegal(fmt.Sprintf("play %d", g.s.Hand(Allies)[0])) {
		t.Fatal("armor-assault not playable")
	}
	g.play("probe-left") // 6,10 and 6,14 are not in the Allied left section: nothing ordered
	// Axis turn: 5,11 eliminates the armor.
	g.toBattle("probe-center", "5,11")
	g.dice("arm")
	g.do("battle 5,11 6,10")
	g.empty("6,10")
	g.endTurn()
	g.hand(Allies, "armor-assault", "probe-left")
	g.play("armor-assault")
	g.wantKind("order", "order 6,14")
	g.do("order 6,14")
	g.wantPhase(PhaseMove) // one unit only
	g.do("end-moves")
	g.dice("star star star")
	g.do("battle 6,14 5,15")
	if d := battleDiceOf(g.evs); d != 3 {
		t.Fatalf("dice %d, want 3 (no bonus)", d)
	}
}

// command-cards.md "Their Finest Hour": an infantry symbol orders an
// infantry unit and nothing else (an armor or artillery unit needs its own
// symbol or a star).
func TestTheirFinestHourInfantrySymbol(t *testing.T) {
	g := tcStart(t, "allies inf 6,2", "allies arm 6,20", "allies art 8,12", "axis inf 0,0")
	g.hand(Allies, "their-finest-hour", "probe-left")
	g.dice("inf grenade")
	g.play("their-finest-hour")
	g.wantKind("order", "order 6,2")
	g.do("order 6,2")
	g.wantPhase(PhaseMove)
	g.diceUsed()
}

// command-cards.md "Firefight": up to 4 units; a fifth that may fire is not
// ordered.
func TestFirefightFourUnitsAtMost(t *testing.T) {
	g := tcStart(t, "allies inf 7,1", "allies inf 7,5", "allies inf 7,9", "allies inf 7,13", "allies inf 7,17",
		"axis inf 4,4", "axis inf 4,12")
	g.hand(Allies, "firefight", "probe-left")
	g.play("firefight")
	g.wantKind("order", "order 7,1", "order 7,5", "order 7,9", "order 7,13", "order 7,17")
	for _, h := range []string{"7,1", "7,5", "7,9", "7,13"} {
		g.do("order " + h)
	}
	if g.s.Phase() == PhaseOrder {
		t.Fatalf("a fifth unit may be ordered: %v", g.legal())
	}
	g.wantOrdered("7,1", "7,5", "7,9", "7,13")
}

// command-cards.md "Behind Enemy Lines": 1 infantry unit, however many may
// be ordered.
func TestBehindEnemyLinesOneUnit(t *testing.T) {
	g := tcStart(t, "allies inf 7,1", "allies inf 7,5", "allies inf 7,9", "axis inf 0,0")
	g.hand(Allies, "behind-enemy-lines", "probe-left")
	g.play("behind-enemy-lines")
	g.wantKind("order", "order 7,1", "order 7,5", "order 7,9")
	g.do("order 7,5")
	g.wantPhase(PhaseMove)
	g.wantOrdered("7,5")
}
