package bots

import (
	"context"
	"testing"

	"m44/hex"
	"m44/rules"
)

// Collapsible boats (FAQ III Actions "Canots démontables & bateaux"): the
// bots play them through the legal actions alone — every level answers
// legally with boat units about, and easy bots launch the boats (a unit
// enters the river) in games that finish. Row 5 is a river with a bridge.
func TestBotsPlayBoats(t *testing.T) {
	s := tacticSetup()
	s.Name = "boats"
	s.Hexes = s.Hexes[1:] // the forest on 5,5 becomes river
	for c := int8(1); c <= 23; c += 2 {
		h := rules.HexSetup{Hex: hex.Hex{Row: 5, Col: c}, Terrain: rules.River}
		if c == 11 {
			h.Structure = rules.Bridge
		}
		s.Hexes = append(s.Hexes, h)
	}
	boats := 0
	for i := range s.Units {
		if s.Units[i].Type == rules.Infantry {
			s.Units[i].Boat = true
			boats++
		}
	}
	if boats == 0 {
		t.Fatal("no infantry to give boats")
	}
	for li, bot := range []Bot{NewGreedy(1), func() Bot { b, _ := New("medium", 2, Options{Iterations: 2}); return b }()} {
		randomPositions(t, s, uint64(li+5), 40, func(st *rules.State) {
			a, err := bot.Choose(context.Background(), NewPerspective(st, st.ToAct(), uint64(li)))
			if err != nil || !st.IsLegal(a) {
				t.Fatalf("bot %d: %q in phase %s: %v", li, a, st.Phase(), err)
			}
		})
	}
	launched, over := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := rules.New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := [2]Bot{NewGreedy(seed), NewGreedy(seed + 100)}
		for step := 0; step < 3000; step++ {
			if o, _ := st.Over(); o {
				over++
				break
			}
			side := st.ToAct()
			a, _ := bots[side].Choose(context.Background(), NewPerspective(st, side, seed*7919+uint64(step)))
			evs, err := st.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Kind == rules.EvUnitMoved && e.To.Row == 5 && e.To.Col != 11 {
					launched++
				}
			}
		}
	}
	t.Logf("6 games: %d over, %d moves into the river", over, launched)
	if over < 6 || launched == 0 {
		t.Fatalf("%d of 6 games over, %d moves into the river", over, launched)
	}
}
