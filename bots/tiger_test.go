package bots

import (
	"fmt"
	"math"
	"testing"

	"m44/hex"
	"m44/rules"
)

// FAQ IV Tigres: each die that hits a Tiger is rolled again and only a
// grenade then stands. The bots' expected value of a battle on a Tiger
// follows the engine's rule (the row's HitsStandOn, asked of the catalog):
// the chance of a kill they compute matches the share of kills in battles
// the engine plays out, and differs from a plain one-figure armor's.
func TestBotsExpectTigerArmor(t *testing.T) {
	for _, c := range []struct {
		kind string
		lo   float64 // the kill chance must be above
	}{{"tiger", 0}, {"", 0.5}} {
		t.Run(fmt.Sprintf("kind %q", c.kind), func(t *testing.T) {
			s := &rules.Setup{Name: "tiger", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
				Cards: [2]int{4, 4}, Victory: [2]int{6, 6}, Deck: rules.SectionDeck(), Rulesets: []*rules.Ruleset{rules.Tigers()},
				Units: []rules.UnitSetup{
					{Hex: hex.Hex{Row: 5, Col: 9}, Type: rules.Infantry, Side: rules.Allies},
					{Hex: hex.Hex{Row: 4, Col: 10}, Type: rules.Armor, Side: rules.Axis, Kind: c.kind, Figures: 1},
				}}
			if c.kind != "" {
				s.Units[1].Figures = 0 // the row's one figure
			}
			st, err := rules.New(s, 1)
			if err != nil {
				t.Fatal(err)
			}
			probe := rules.CardID(0)
			for id := 0; id < st.DeckSize(); id++ {
				if st.Card(rules.CardID(id)).Name() == "probe-center" {
					probe = rules.CardID(id)
				}
			}
			if err := st.SetHand(rules.Allies, []rules.CardID{probe}); err != nil {
				t.Fatal(err)
			}
			for _, a := range []string{fmt.Sprintf("play %d", probe), "order 5,9", "end-moves"} {
				act, _ := rules.ParseAction(a)
				if _, err := st.Apply(act); err != nil && a != "end-moves" {
					t.Fatalf("%s: %v", a, err)
				}
			}
			battle, _ := rules.ParseAction("battle 5,9 4,10")
			n, err := st.BattleDice(battle.From, battle.To)
			if err != nil || n != 3 {
				t.Fatalf("dice %d, %v; want 3", n, err)
			}
			// The bots' chance of a kill: the battle's value with a kill
			// worth 1 and nothing else worth anything.
			k := newKnow(st, &DefaultWeights)
			tg := k.targetOf(k.unitAt(battle.To), rules.Allies, true)
			k.free()
			tg.killValue, tg.vacate, tg.dmg, tg.retreat = 1, 0, 0, 0
			want := battleEV(int8(n), &tg, hitFaces(rules.Armor, false))
			// The engine's: battles played out under many seeds.
			const games = 4000
			kills := 0
			for seed := uint64(1); seed <= games; seed++ {
				c := st.Clone()
				c.Reseed(seed)
				if _, err := c.Apply(battle); err != nil {
					t.Fatal(err)
				}
				if _, alive := c.UnitAt(battle.To); !alive {
					kills++
				}
			}
			got := float64(kills) / games
			if sd := math.Sqrt(want * (1 - want) / games); math.Abs(got-want) > 4*sd+0.002 || want <= c.lo {
				t.Fatalf("bots expect a kill %.3f of the time, the engine kills %.3f (4σ = %.3f)", want, got, 4*sd)
			}
		})
	}
}
