package testkit

import (
	"context"
	"testing"

	"m44/bots"
	"m44/rules"
)

// TestExpansionTerrainCorpus: every corpus file whose tiles need the Terrain
// Pack's or Winter Wars' terrain rows (rules.TerrainPack, rules.WinterTerrain),
// or that plays at night (rules.Setup.Night), plays to a finish between easy bots, also when the file still lacks other
// features (its setup without them): the bots judge those rows through the
// engine's queries.
func TestExpansionTerrainCorpus(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	played := 0
	seen := map[string]int{} // the new Terrain Pack rules the bots used
	for _, sc := range corpus(t) {
		uses := sc.Setup.Night.On // night attacks (FAQ III 19)
		for _, r := range sc.Setup.Rulesets {
			// special-troops: big guns and supply trucks (rules/troops_special.go).
			uses = uses || r.Key == "terrain-pack" || r.Key == "winter-terrain" || r.Key == "special-troops"
		}
		if !uses {
			continue
		}
		for g := 0; g < games; g++ {
			s, err := rules.New(sc.Setup, uint64(g+1))
			if err != nil {
				t.Fatalf("%s: %v", sc.File, err)
			}
			var players [2]bots.Bot
			for side := range players {
				if players[side], err = bots.New("easy", uint64(10*g+side+1), bots.Options{}); err != nil {
					t.Fatal(err)
				}
			}
			for n := 0; ; n++ {
				if over, _ := s.Over(); over {
					break
				}
				if n > 20000 {
					t.Fatalf("%s game %d: no end after %d decisions", sc.File, g, n)
				}
				side := s.ToAct()
				a, err := players[side].Choose(context.Background(), bots.NewPerspective(s, side, uint64(n)))
				if err != nil {
					t.Fatalf("%s game %d: %v", sc.File, g, err)
				}
				evs, err := s.Apply(a)
				if err != nil {
					t.Fatalf("%s game %d, decision %d: %v", sc.File, g, n, err)
				}
				seen[a.Kind.String()]++
				for _, e := range evs {
					if e.Kind == rules.EvTargetMarked {
						seen["target-marked"]++
					}
				}
			}
			played++
		}
	}
	if played == 0 {
		t.Fatal("no corpus file uses the Terrain Pack's or Winter Wars' terrain")
	}
	t.Logf("%d games on files with expansion terrain; oasis recoveries %d, big-gun target markers %d, reinforcements %d",
		played, seen["recover"], seen["target-marked"], seen["reinforce"])
}
