package bots

import (
	"context"
	"testing"

	"m44/rules"
)

// winterSetup is tacticSetup with Winter Wars' snowfall, reduced
// visibility and Combat cards written for the tests (WW II; the real
// texts are not shipped).
func winterSetup() *rules.Setup {
	s := tacticSetup()
	s.Name = "winter"
	s.Rulesets = []*rules.Ruleset{rules.Snowfall(), rules.ReducedVisibility()}
	s.Combat = []rules.CombatCardDef{
		{Key: "b-fire", Timing: rules.BeforeOrdering, Effect: rules.BonusDice, N: 1, Tenacity: true, Copies: 4},
		{Key: "b-stars", Timing: rules.BeforeOrdering, Effect: rules.StarsHit, Copies: 2},
		{Key: "b-orders", Timing: rules.BeforeOrdering, Effect: rules.ExtraOrders, N: 1, Copies: 2},
		{Key: "b-men", Timing: rules.BeforeOrdering, Effect: rules.Reinforce, N: 2, Copies: 2},
		{Key: "b-cover", Timing: rules.InReaction, Effect: rules.AttackMalus, N: 1, Tenacity: true, Copies: 4},
		{Key: "b-new-men", Timing: rules.BeforeOrdering, Effect: rules.Deploy, N: 1, Classes: rules.InfantryOnly, Copies: 3},
	}
	return s
}

// WW II "Cartes Combat d'Hiver": every level answers legally in the
// reaction window and with Combat cards in hand, and easy bots play the
// cards (they do not ignore them, a card that deploys a unit included) in
// games that finish.
func TestBotsPlayCombatCards(t *testing.T) {
	setup := winterSetup()
	levels := []struct {
		name string
		make func(seed uint64) Bot
		n    int
	}{
		{"easy", func(seed uint64) Bot { return NewGreedy(seed) }, 300},
		{"medium", func(seed uint64) Bot { b, _ := New("medium", seed, Options{Iterations: 2}); return b }, 40},
		{"hard", func(seed uint64) Bot { b, _ := New("hard", seed, Options{Iterations: 2, Workers: 2}); return b }, 20},
	}
	phases := map[rules.Phase]int{}
	for li, lv := range levels {
		bot := lv.make(uint64(li + 1))
		randomPositions(t, setup, uint64(li+3), lv.n, func(s *rules.State) {
			p := NewPerspective(s, s.ToAct(), uint64(li))
			a, err := bot.Choose(context.Background(), p)
			if err != nil || !s.IsLegal(a) {
				t.Fatalf("%s: %q in phase %s: %v (legal %v)", lv.name, a, s.Phase(), err, s.Legal())
			}
			phases[s.Phase()]++
		})
	}
	if phases[rules.PhaseCombat] == 0 {
		t.Fatalf("no decision in the reaction window: %v", phases)
	}
	// Easy against easy: the games end and Combat cards are played.
	played, tenacity, over, deployed := 0, 0, 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := rules.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := [2]Bot{NewGreedy(seed), NewGreedy(seed + 100)}
		for step := 0; step < 3000; step++ {
			if o, _ := s.Over(); o {
				over++
				break
			}
			side := s.ToAct()
			a, _ := bots[side].Choose(context.Background(), NewPerspective(s, side, seed*7919+uint64(step)))
			evs, err := s.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Kind == rules.EvDeployed {
					deployed++
				}
				if e.Kind == rules.EvCombatPlayed {
					played++
					if e.N == rules.ArgTenacity {
						tenacity++
					}
				}
			}
		}
	}
	t.Logf("6 games: %d over, %d Combat cards played (%d as Tenacity), %d units deployed", over, played, tenacity, deployed)
	if over < 6 || played < 6 || deployed == 0 {
		t.Fatalf("%d of 6 games over, %d Combat cards played, %d units deployed", over, played, deployed)
	}
}
