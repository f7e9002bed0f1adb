package bots

import (
	"context"
	"testing"
	"time"

	"m44/rules"
)

// benchPositions are decision points (with a choice) from greedy games on
// the hand-built battle: realistic mid-game positions.
func benchPositions(b *testing.B, n int) []*rules.State { return benchPositionsT(b, n) }

func benchPositionsT(b testing.TB, n int) []*rules.State {
	var out []*rules.State
	g := [2]*Greedy{NewGreedy(1), NewGreedy(2)}
	for game := uint64(1); len(out) < n; game++ {
		s, err := rules.New(tacticSetup(), game)
		if err != nil {
			b.Fatal(err)
		}
		for step := 0; step < 3000 && len(out) < n; step++ {
			if over, _ := s.Over(); over {
				break
			}
			p := NewPerspective(s, s.ToAct(), uint64(step))
			if len(p.Legal()) > 1 && step%3 == 0 {
				out = append(out, s.Clone())
			}
			a, _ := g[s.ToAct()].Choose(context.Background(), p)
			s.Play(a)
		}
	}
	return out
}

// BenchmarkDecision measures each level's decisions per second and its
// allocations per decision, medium and hard with their budgets in playouts
// (no wall-clock cap, so every run does the same work: hard plays up to
// 1,024 playouts a decision); playouts/decision is the work done.
func BenchmarkDecision(b *testing.B) {
	pos := benchPositions(b, 64)
	for _, level := range Levels {
		b.Run(level, func(b *testing.B) {
			bot, _ := New(level, 1, Options{Time: NoCap})
			b.ReportAllocs()
			b.ResetTimer()
			t0 := time.Now()
			playouts := 0
			for i := 0; i < b.N; i++ {
				s := pos[i%len(pos)]
				p := NewPerspective(s, s.ToAct(), uint64(i))
				if r, ok := bot.(*Rollout); ok {
					_, st := r.Search(context.Background(), p)
					playouts += st.Iterations
					continue
				}
				if _, err := bot.Choose(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(t0).Seconds(), "decisions/s")
			if playouts > 0 {
				b.ReportMetric(float64(playouts)/float64(b.N), "playouts/decision")
			}
		})
	}
}

// BenchmarkMCTSIterations measures search iterations per second on one
// core (each: a determinization, a walk down the tree, a greedy playout
// and an evaluation).
func BenchmarkMCTSIterations(b *testing.B) {
	pos := benchPositions(b, 32)
	for mode, cfg := range map[string]MCTSConfig{
		"reply":         {Iterations: 400, Reply: true, Explore: 0.1},
		"exact-battles": {Iterations: 400, Explore: 0.1},
		"to-turn-end":   {Iterations: 400, Turns: 1, Explore: 0.1},
	} {
		b.Run(mode, func(b *testing.B) {
			searchRate(b, pos, NewMCTS("bench", 1, cfg).Search, "iterations/s")
		})
	}
}

// BenchmarkRolloutPlayouts measures the rollout levels' playouts per second
// on one core (each: a sampled world, the candidate, the greedy policy
// through the opponent's orders and moves, and the evaluation).
func BenchmarkRolloutPlayouts(b *testing.B) {
	pos := benchPositions(b, 32)
	r := NewRollout("bench", 1, RolloutConfig{Candidates: 4, Samples: 24, Model: &LearnedModel})
	searchRate(b, pos, r.Search, "playouts/s")
}

// searchRate runs search on the positions in turn and reports the work it
// tells of (Stats.Iterations) per second of its own time.
func searchRate(b *testing.B, pos []*rules.State, search func(context.Context, *Perspective) (rules.Action, Stats), unit string) {
	done := 0
	var el time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		_, st := search(context.Background(), NewPerspective(s, s.ToAct(), uint64(i)))
		done += st.Iterations
		el += st.Elapsed
	}
	if el > 0 {
		b.ReportMetric(float64(done)/el.Seconds(), unit)
	}
}

// TestDecisionAllocations: a rollout bot reuses its memory from one decision
// to the next (issue 15: pools and kept buffers; rules.State.CloneInto for
// its playouts), so that a medium decision allocates a few dozen objects, not
// the tens of thousands it did (34k in 2.1 MB before).
func TestDecisionAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("plays medium decisions")
	}
	pos := benchPositionsT(t, 6)
	bot, _ := New("medium", 1, Options{Time: NoCap})
	ps := make([]*Perspective, len(pos))
	for i, s := range pos {
		ps[i] = NewPerspective(s, s.ToAct(), uint64(i))
	}
	r := bot.(*Rollout)
	i := 0
	allocs := testing.AllocsPerRun(len(ps)-1, func() {
		r.Search(context.Background(), ps[i%len(ps)])
		i++
	})
	if allocs > 300 {
		t.Errorf("medium allocates %.0f objects per decision, want at most 300", allocs)
	}
	t.Logf("medium: %.0f allocations per decision", allocs)
}
