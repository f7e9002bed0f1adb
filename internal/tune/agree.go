package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"m44/bots"
	"m44/rules"
)

// agreeBots are the bots -agree asks at each position: the levels, and a
// second medium and hard seeded otherwise (their own noise: other seeds
// for the bot and for its perspective).
var agreeBots = [...]struct {
	name, level string
	other       uint64 // added to the bot's seed and its perspective's
}{{"easy", "easy", 0}, {"medium", "medium", 0}, {"hard", "hard", 0}, {"medium'", "medium", 1}, {"hard'", "hard", 1}}

// agreeing are the pairs of agreeBots whose agreement -agree reports.
var agreeing = [...][2]int{{1, 2}, {0, 2}, {0, 1}, {1, 3}, {2, 4}}

// agree plays games medium against medium on the ladder's scenarios, and at
// every fourth decision with a choice asks easy, medium and hard (budgets
// in search units, no cap) and a second medium and hard what they would
// play; it prints how often each pair chooses alike, by decision phase
// (docs/bots.md "Where hard and medium differ"). A level's agreement with
// itself otherwise seeded is the noise of its search: below it, two levels
// choose differently by design.
func agree(w io.Writer, dir string, games int, seed uint64) error {
	battles, err := ladderBattles(dir)
	if err != nil {
		return err
	}
	opts := bots.Options{Time: bots.NoCap, Workers: 1}
	ask := make([]bots.Bot, len(agreeBots))
	for i, ab := range agreeBots {
		b, err := bots.New(ab.level, seed+ab.other, opts)
		if err != nil {
			return err
		}
		ask[i] = b
	}
	var players [2]bots.Bot
	for i := range players {
		b, err := bots.New("medium", seed+100+uint64(i), opts)
		if err != nil {
			return err
		}
		players[i] = b
	}
	type tally struct {
		n    int
		same [len(agreeing)]int
	}
	by := map[string]*tally{}
	ctx := context.Background()
	for si, battle := range battles {
		for g := range games {
			s, err := rules.New(battle.Setup, seed*1000+uint64(si*games+g))
			if err != nil {
				return err
			}
			for step := uint64(0); step < 3000; step++ {
				if over, _ := s.Over(); over {
					break
				}
				if len(s.Legal()) > 1 && step%4 == 0 {
					var acts [len(agreeBots)]rules.Action
					for i, b := range ask {
						a, err := b.Choose(ctx, bots.NewPerspective(s, s.ToAct(), step+1+agreeBots[i].other))
						if err != nil {
							return err
						}
						acts[i] = a
					}
					ph := s.Phase().String()
					t := by[ph]
					if t == nil {
						t = &tally{}
						by[ph] = t
					}
					t.n++
					for k, p := range agreeing {
						if acts[p[0]] == acts[p[1]] {
							t.same[k]++
						}
					}
				}
				a, err := players[s.ToAct()].Choose(ctx, bots.NewPerspective(s, s.ToAct(), step))
				if err != nil {
					return err
				}
				if _, err := s.Apply(a); err != nil {
					return err
				}
			}
		}
	}
	fmt.Fprintf(w, "| decision | positions |")
	for _, p := range agreeing {
		fmt.Fprintf(w, " %s = %s |", agreeBots[p[0]].name, agreeBots[p[1]].name)
	}
	fmt.Fprintf(w, "\n|---|---|%s\n", strings.Repeat("---|", len(agreeing)))
	var all tally
	row := func(name string, t *tally) {
		fmt.Fprintf(w, "| %s | %d |", name, t.n)
		for _, n := range t.same {
			fmt.Fprintf(w, " %.0f %% |", 100*float64(n)/float64(t.n))
		}
		fmt.Fprintln(w)
	}
	for _, ph := range slices.Sorted(maps.Keys(by)) {
		t := by[ph]
		row(ph, t)
		all.n += t.n
		for k := range all.same {
			all.same[k] += t.same[k]
		}
	}
	row("all", &all)
	return nil
}
