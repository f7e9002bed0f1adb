package bots

import (
	"context"
	"testing"

	"m44/hex"
	"m44/rules"
)

// Airdrops called in during play (scenario 6687 Drop in the Night: 82nd,
// rules.CalledAirdrop): the drop is a legal action of the order step; every
// level answers legally where it is offered, and easy bots call the
// paratroopers in when they may (they are free units) in games that end.
func TestBotsCallAirdrops(t *testing.T) {
	setup := tacticSetup()
	setup.CalledAirdrops = []rules.CalledAirdrop{{Side: rules.Allies, Center: hex.Hex{Row: 6, Col: 12}, Range: 2, Max: 3,
		Unit: rules.UnitSetup{Type: rules.Infantry, Side: rules.Allies}}}
	levels := []struct {
		name string
		bot  Bot
	}{
		{"easy", NewGreedy(1)},
		{"medium", func() Bot { b, _ := New("medium", 2, Options{Iterations: 2}); return b }()},
	}
	offered := 0
	randomPositions(t, setup, 5, 200, func(s *rules.State) {
		drop := false
		for _, a := range s.Legal() {
			drop = drop || a.Kind == rules.ActDrop
		}
		if !drop {
			return
		}
		offered++
		for _, lv := range levels {
			a, err := lv.bot.Choose(context.Background(), NewPerspective(s, s.ToAct(), 3))
			if err != nil || !s.IsLegal(a) {
				t.Fatalf("%s: %q: %v (legal %v)", lv.name, a, err, s.Legal())
			}
		}
	})
	if offered == 0 {
		t.Fatal("no position offered a drop")
	}
	// Easy calls the drop in about one game in six (7 of seeds 1-40): the
	// games are played until one has called it and one has ended, so the
	// check does not hang on which seeds a change of the engine's games
	// happens to give a call.
	called, over := 0, 0
	for seed := uint64(1); seed <= 40 && (called == 0 || over == 0); seed++ {
		s, err := rules.New(setup, seed)
		if err != nil {
			t.Fatal(err)
		}
		b := [2]Bot{NewGreedy(seed), NewGreedy(seed + 10)}
		for n := 0; n < 3000; n++ {
			if o, _ := s.Over(); o {
				over++
				break
			}
			a, err := b[s.ToAct()].Choose(context.Background(), NewPerspective(s, s.ToAct(), seed+uint64(n)))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == rules.ActDrop {
				called++
			}
			if _, err := s.Apply(a); err != nil {
				t.Fatalf("%s: %v", a, err)
			}
		}
	}
	if called == 0 || over == 0 {
		t.Fatalf("easy bots called %d drops, finished %d games: want both", called, over)
	}
}
