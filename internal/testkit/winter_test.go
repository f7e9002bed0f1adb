package testkit

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"m44/bots"
	"m44/rules"
)

// winterSetup is Ponyri (a corpus file with Winter Wars minefields) with
// one unit of each Winter Wars V kind in place of a unit of its class, and
// a camouflaged unit: a board on which every new rule can come up.
func winterSetup(t *testing.T) *rules.Setup {
	t.Helper()
	var base *rules.Setup
	for _, sc := range corpus(t) {
		if filepath.Base(sc.File) == "1365-Ponyri.m44" && sc.Playable {
			base = sc.Setup
		}
	}
	if base == nil {
		t.Skip("no playable Ponyri in the corpus")
	}
	s := *base
	s.Units = slices.Clone(s.Units)
	if !slices.ContainsFunc(s.Rulesets, func(r *rules.Ruleset) bool { return r.Key == "winter-troops" }) {
		s.Rulesets = append(slices.Clone(s.Rulesets), rules.WinterTroops())
	}
	want := []struct {
		side rules.Side
		typ  rules.UnitType
		kind string
	}{
		{rules.Allies, rules.Infantry, "engineers"}, {rules.Allies, rules.Infantry, "infantry-machine-gun"},
		{rules.Allies, rules.Artillery, "heavy-anti-tank-gun"}, {rules.Allies, rules.Armor, "tank-destroyer"},
		{rules.Axis, rules.Infantry, "engineers"}, {rules.Axis, rules.Infantry, "infantry-mortar"},
		{rules.Axis, rules.Infantry, "infantry-anti-tank"}, {rules.Axis, rules.Armor, "half-tracks"},
		{rules.Axis, rules.Artillery, "mobile-artillery"},
	}
	for _, w := range want {
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == w.side && u.Type == w.typ && u.Kind == "" && !u.Elite {
				u.Kind, u.Figures = w.kind, 0
				break
			}
		}
	}
	s.Units[0].Camouflaged = true
	return &s
}

// The easy and medium bots play Winter Wars' minefields and troops to the
// end: they neither crash nor stall, and every answer is legal.
func TestBotsPlayWinterTroops(t *testing.T) {
	setup := winterSetup(t)
	seen := map[rules.EventKind]bool{}
	for _, level := range []string{"easy", "medium"} {
		for seed := uint64(1); seed <= 2; seed++ {
			s, err := rules.New(setup, seed)
			if err != nil {
				t.Fatal(err)
			}
			var players [2]bots.Bot
			for side := range players {
				if players[side], err = bots.New(level, seed*7+uint64(side), bots.Options{Iterations: 2}); err != nil {
					t.Fatal(err)
				}
			}
			for n := 0; ; n++ {
				if over, _ := s.Over(); over {
					break
				}
				if n > 5000 {
					t.Fatalf("%s seed %d: no end after %d decisions", level, seed, n)
				}
				side := s.ToAct()
				a, err := players[side].Choose(context.Background(), bots.NewPerspective(s, side, uint64(n)))
				if err != nil {
					t.Fatal(err)
				}
				evs, err := s.Apply(a)
				if err != nil {
					t.Fatalf("%s seed %d decision %d: %v", level, seed, n, err)
				}
				for _, e := range evs {
					seen[e.Kind] = true
				}
			}
		}
	}
	t.Logf("minefield events seen: revealed %v, cleared %v; reinforced %v", seen[rules.EvMineRevealed], seen[rules.EvMineCleared], seen[rules.EvReinforced])
}
