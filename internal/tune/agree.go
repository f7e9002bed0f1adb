package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"m44/bots"
	"m44/rules"
	"m44/scenario"
)

// agreeBots are the bots -agree asks at each position: the levels, and a
// second medium and hard seeded otherwise (their own noise).
var agreeBots = []string{"easy", "medium", "hard", "medium'", "hard'"}

// agreeing are the pairs of agreeBots whose agreement -agree reports.
var agreeing = [][2]int{{1, 2}, {0, 2}, {0, 1}, {1, 3}, {2, 4}}

// agree plays games medium against medium on the ladder's scenarios, and at
// every fourth decision with a choice asks easy, medium and hard (budgets
// in search units, no cap) and a second medium and hard what they would
// play; it prints how often each pair chooses alike, by decision phase
// (docs/bots.md "Where hard and medium differ"). A level's agreement with
// itself otherwise seeded is the noise of its search: below it, two levels
// choose differently by design.
func agree(w io.Writer, dir string, games int, seed uint64) error {
	var setups []*rules.Setup
	for _, name := range LadderScenarios {
		f := filepath.Join(dir, name)
		s, rep := scenario.Check(f)
		if s == nil || !rep.Playable() {
			return fmt.Errorf("%s: not playable (or absent)", f)
		}
		setups = append(setups, s)
	}
	opts := bots.Options{Time: bots.NoCap, Workers: 1}
	ask := make([]bots.Bot, len(agreeBots))
	for i, name := range agreeBots {
		level, other := strings.CutSuffix(name, "'")
		s := seed
		if other {
			s = seed + 1
		}
		b, err := bots.New(level, s, opts)
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
		same [5]int
	}
	by := map[string]*tally{}
	ctx := context.Background()
	for si, setup := range setups {
		for g := range games {
			s, err := rules.New(setup, seed*1000+uint64(si*games+g))
			if err != nil {
				return err
			}
			for step := uint64(0); step < 3000; step++ {
				if over, _ := s.Over(); over {
					break
				}
				if len(s.Legal()) > 1 && step%4 == 0 {
					var acts [5]rules.Action
					for i, b := range ask {
						ps := step + 1
						if strings.HasSuffix(agreeBots[i], "'") {
							ps = step + 2
						}
						a, err := b.Choose(ctx, bots.NewPerspective(s, s.ToAct(), ps))
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
		fmt.Fprintf(w, " %s = %s |", agreeBots[p[0]], agreeBots[p[1]])
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
	for _, ph := range slices.Sorted(func(yield func(string) bool) {
		for k := range by {
			if !yield(k) {
				return
			}
		}
	}) {
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
