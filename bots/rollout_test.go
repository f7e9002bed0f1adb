package bots

import (
	"context"
	"math"
	"testing"
	"time"

	"m44/rules"
)

// apart tells two candidates apart only when their paired difference is
// beyond three standard errors over at least 16 common worlds.
func TestApart(t *testing.T) {
	nan := math.NaN()
	steady := func(v float64, n int) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = v + 0.01*float64(i%3)
		}
		return out
	}
	if apart(steady(0.6, 15), steady(0.5, 15)) {
		t.Error("apart after 15 worlds; want at least 16")
	}
	if !apart(steady(0.6, 16), steady(0.5, 16)) {
		t.Error("a steady 0.1 lead over 16 worlds is not told apart")
	}
	if apart(steady(0.5, 16), steady(0.6, 16)) {
		t.Error("the worse candidate told better")
	}
	// A lead made of noise: +0.3 and -0.28 alternately.
	a, b := make([]float64, 40), make([]float64, 40)
	for i := range a {
		a[i], b[i] = 0.5, 0.5
		if i%2 == 0 {
			a[i] += 0.3
		} else {
			a[i] -= 0.28
		}
	}
	if apart(a, b) {
		t.Error("noise told apart")
	}
	// Worlds only one of them was played in do not count.
	c := append(steady(0.6, 10), nan, nan, nan, nan, nan, nan)
	if apart(c, steady(0.5, 16)) {
		t.Error("counted worlds not played")
	}
	if m := mean([]float64{1, nan, 0}); m != 0.5 {
		t.Errorf("mean skips unplayed worlds: got %v", m)
	}
}

// The learned evaluation reads a position as the rules make it: in the
// forced-win position (the allies one medal from victory, a battle on a
// one-figure unit that cannot retreat about to be fought) the allies are
// favourites, and the two sides' chances add up to one.
func TestLearnedModelForcedWin(t *testing.T) {
	st, _ := forcedWinState(t)
	pa, px := LearnedModel.Win(st, rules.Allies), LearnedModel.Win(st, rules.Axis)
	if pa < 0.7 {
		t.Errorf("allies' chance %.2f, want them favourites (> 0.7)", pa)
	}
	if math.Abs(pa+px-1) > 1e-9 {
		t.Errorf("chances %.3f + %.3f do not add up to 1", pa, px)
	}
	f := Features(st)
	if f[4] <= 0 {
		t.Errorf("battles to come %.2f, want the battle on the weak unit counted", f[4])
	}
}

// Paired worlds: every candidate meets the same worlds, so a rollout bot's
// choice does not depend on how many cores play them.
func TestRolloutWorkersAgree(t *testing.T) {
	var runs [2][]rules.Action
	for r, workers := range []int{1, 2} {
		b := NewRollout("t", 5, RolloutConfig{Candidates: 3, Samples: 6, Model: &LearnedModel, Workers: workers})
		randomPositions(t, tacticSetup(), 4, 40, func(s *rules.State) {
			a, err := b.Choose(context.Background(), NewPerspective(s, s.ToAct(), 3))
			if err != nil {
				t.Fatal(err)
			}
			runs[r] = append(runs[r], a)
		})
	}
	for i := range runs[0] {
		if runs[0][i] != runs[1][i] {
			t.Fatalf("decision %d: one core chose %q, two chose %q", i, runs[0][i], runs[1][i])
		}
	}
}

// A time budget is kept: hard with 50 ms answers within a few times that.
func TestRolloutTimeBudget(t *testing.T) {
	b, _ := New("hard", 1, Options{Time: 50 * time.Millisecond})
	n := 0
	randomPositions(t, tacticSetup(), 6, 10, func(s *rules.State) {
		p := NewPerspective(s, s.ToAct(), 1)
		t0 := time.Now()
		if _, err := b.Choose(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if el := time.Since(t0); el > 400*time.Millisecond {
			t.Errorf("decision %d took %v with a 50 ms budget", n, el)
		}
		n++
	})
}
