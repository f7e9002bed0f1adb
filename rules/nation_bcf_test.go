package rules

import "testing"

// bcfStart: the Allied infantry on 5,9 close assaults the Axis infantry on
// 5,11 (which battles back when marked), with the dice scripted.
func bcfStart(t *testing.T, battleBack bool, specs ...string) *tcGame {
	t.Helper()
	s := tcSetup(t, append([]string{"allies inf 5,9", "axis inf 5,11"}, specs...)...)
	for i := range s.Units {
		if s.Units[i].Hex == H("5,11") {
			s.Units[i].BattleBack = battleBack
		}
	}
	g := tcNew(t, s)
	g.hand(Allies, "probe-center", "probe-left", "probe-right", "attack-left", "attack-right")
	g.toBattle("probe-center", "5,9")
	return g
}

// British Commonwealth Forces command (Mediterranean Theater nation rules;
// FAQ VII Nations names it): a British Commonwealth unit left on its last
// figure by a close assault, neither eliminated nor retreated, battles back
// at its attacker at once; no take ground follows either battle.
func TestBritishCommonwealthBattleBack(t *testing.T) {
	t.Run("last figure, in place: battles back", func(t *testing.T) {
		g := bcfStart(t, true)
		g.dice("grenade inf inf   grenade star star")
		g.do("battle 5,9 5,11")
		g.figures("5,11", 1)
		if e := g.last(EvBattleBack); len(e) != 1 || e[0].Side != Axis || e[0].From != H("5,11") || e[0].To != H("5,9") {
			t.Fatalf("battle back events %v", e)
		}
		if d := g.last(EvDiceRolled); len(d) != 2 || d[1].Side != Axis || d[1].NDice != 3 {
			t.Fatalf("dice %v: the lone figure rolls its 3 close-assault dice", d)
		}
		g.figures("5,9", 3)
		g.diceUsed()
		if len(g.all(EvTookGround)) != 0 {
			t.Fatal("ground taken after a battle back")
		}
	})
	t.Run("its flag makes the attacker retreat", func(t *testing.T) {
		g := bcfStart(t, true)
		g.dice("grenade inf inf   flag star star")
		g.do("battle 5,9 5,11")
		g.wantPhase(PhaseRetreat)
		if g.s.ToAct() != Allies {
			t.Fatalf("the attacker's retreat is decided by %s", g.s.ToAct())
		}
		g.do(g.legalKind("retreat")[0])
		g.empty("5,9")
		g.figures("5,11", 1)
		if g.s.Phase() == PhaseRetreat || g.s.Phase() == PhaseTakeGround {
			t.Fatalf("phase %s after the battle back", g.s.Phase())
		}
	})
	for _, c := range []struct {
		name       string
		battleBack bool
		wound      int
		dice       string
	}{
		{"not a Commonwealth unit", false, 0, "grenade inf inf"},
		{"two figures left", true, 0, "grenade inf star"},
		{"retreated on its last figure", true, 1, "grenade inf flag"},
	} {
		t.Run(c.name+": no battle back", func(t *testing.T) {
			g := bcfStart(t, c.battleBack)
			if c.wound > 0 {
				g.wound("5,11", c.wound)
			}
			g.dice(c.dice)
			g.do("battle 5,9 5,11")
			if g.s.Phase() == PhaseRetreat {
				g.do(g.legalKind("retreat")[0])
			}
			if len(g.all(EvBattleBack)) != 0 || len(g.all(EvDiceRolled)) != 1 {
				t.Fatalf("battled back: %s", evString(g.log))
			}
		})
	}
	t.Run("at range: no battle back", func(t *testing.T) {
		s := tcSetup(t, "allies inf 5,9", "axis inf 4,12")
		s.Units[1].BattleBack = true
		g := tcNew(t, s)
		g.hand(Allies, "probe-center", "probe-left", "probe-right", "attack-left", "attack-right")
		g.toBattle("probe-center", "5,9")
		g.dice("grenade inf")
		g.do("battle 5,9 4,12")
		if len(g.all(EvBattleBack)) != 0 {
			t.Fatalf("battled back at range 2: %s", evString(g.log))
		}
	})
}
