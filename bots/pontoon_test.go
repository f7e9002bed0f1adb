package bots

import (
	"context"
	"slices"
	"testing"

	"m44/hex"
	"m44/rules"
)

// pontoonSetup is tacticSetup with a river between the lines along row 5
// (the units' rows stay dry) that both sides may bridge with pontoons
// (Winter Wars IV "Pont flottant enneigé"; the Terrain Pack's row).
func pontoonSetup() *rules.Setup {
	s := tacticSetup()
	s.Name = "pontoons"
	s.Rulesets = []*rules.Ruleset{rules.TerrainPack()}
	s.Pontoons = rules.MaskBoth
	s.Hexes = slices.DeleteFunc(s.Hexes, func(h rules.HexSetup) bool { return h.Hex.Row == 5 })
	for _, h := range s.Grid.Hexes() {
		if h.Row == 5 {
			s.Hexes = append(s.Hexes, rules.HexSetup{Hex: h, Terrain: rules.River})
		}
	}
	return s
}

// Every level answers legally where a pontoon may be built, and easy bots
// build them in games that finish.
func TestBotsBuildPontoons(t *testing.T) {
	setup := pontoonSetup()
	for li, name := range []string{"medium", "hard"} {
		bot, _ := New(name, uint64(li+1), Options{Iterations: 2, Workers: 1})
		randomPositions(t, setup, uint64(li+5), 20, func(s *rules.State) {
			a, err := bot.Choose(context.Background(), NewPerspective(s, s.ToAct(), uint64(li)))
			if err != nil || !s.IsLegal(a) {
				t.Fatalf("%s: %q in phase %s: %v", name, a, s.Phase(), err)
			}
		})
	}
	// The easy bot weighs a pontoon against its orders (pontoonGain) and
	// builds one where it opens a way.
	offered, chosen := 0, 0
	easy := NewGreedy(9)
	randomPositions(t, setup, 11, 400, func(s *rules.State) {
		if !slices.ContainsFunc(s.Legal(), func(a rules.Action) bool { return a.Kind == rules.ActPontoon }) {
			return
		}
		offered++
		a, err := easy.Choose(context.Background(), NewPerspective(s, s.ToAct(), 3))
		if err != nil || !s.IsLegal(a) {
			t.Fatalf("easy: %q: %v", a, err)
		}
		if a.Kind == rules.ActPontoon {
			chosen++
		}
	})
	t.Logf("pontoons offered in %d positions, built by the easy bot in %d", offered, chosen)
	if offered == 0 || chosen == 0 {
		t.Errorf("pontoons offered in %d positions, built by the easy bot in %d", offered, chosen)
	}
	built, over := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := rules.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		players := [2]Bot{NewGreedy(seed), NewGreedy(seed + 100)}
		for step := 0; step < 3000; step++ {
			if o, _ := s.Over(); o {
				over++
				break
			}
			side := s.ToAct()
			a, _ := players[side].Choose(context.Background(), NewPerspective(s, side, seed*7919+uint64(step)))
			evs, err := s.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Kind == rules.EvPontoonBuilt {
					built++
					if s.Catalog().Feature(s.Structure(e.From)).Key != "pontoon-bridge" || e.From == (hex.Hex{}) {
						t.Fatalf("pontoon-built on %s without the bridge", e.From)
					}
				}
			}
		}
	}
	t.Logf("easy against easy: %d of 6 games over, %d pontoons built", over, built)
	if over < 5 {
		t.Errorf("%d of 6 games over (%d pontoons built)", over, built)
	}
}
