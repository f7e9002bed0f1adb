package bots

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"m44/hex"
	"m44/internal/testkit"
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

// tickClock is a bot clock that advances by step at every reading (safe
// for concurrent use): time on it is the search's own work between its
// looks at the clock, whatever the machine's load.
type tickClock struct {
	t0    time.Time
	step  time.Duration
	reads atomic.Int64
}

func (c *tickClock) now() time.Time { return c.t0.Add(time.Duration(c.reads.Add(1)) * c.step) }

// capOnBotClock asks level for a decision in every position, with the cap
// on a tickClock of 1 ms a reading, and checks what the bot controls: it
// stops at its first look at the clock past the cap (each worker at most
// one look too many, then one to tell the time spent), and it looks at the
// clock before every playout (no more playouts than looks), so a round
// that has started is interrupted. It returns the decisions the cap cut.
func capOnBotClock(t *testing.T, level string, ctx context.Context, cap time.Duration, workers int, seed uint64, n int) (capped int) {
	t.Helper()
	const tick = time.Millisecond
	randomPositions(t, tacticSetup(), seed, n, func(s *rules.State) {
		b, _ := New(level, 1, Options{Time: cap, Workers: workers})
		c := &tickClock{t0: time.Now(), step: tick}
		b.(*Rollout).clock = c.now
		_, st := b.(*Rollout).Search(ctx, NewPerspective(s, s.ToAct(), 1))
		if st.Elapsed == 0 {
			return // a single legal action or a single candidate: no search
		}
		if limit := cap + time.Duration(workers+1)*tick; st.Elapsed > limit {
			t.Errorf("%s, %d workers, %v cap: %v on the bot's clock (%d readings), want at most %v",
				level, workers, cap, st.Elapsed, c.reads.Load(), limit)
		}
		if looks := int(cap / tick); st.Capped && st.Iterations > looks {
			t.Errorf("%s, %d workers: %d playouts in %d looks at the clock: the cap is not checked before every playout",
				level, workers, st.Iterations, looks)
		}
		if st.Capped {
			capped++
		}
	})
	return capped
}

// A caller's deadline is only an upper bound: a bot given a 10 s context
// deadline (as the server gives every bot) and a 15 ms cap answers within
// its cap, not the caller's deadline (on its own clock, exactly; in real
// time, far below the deadline whatever the load); and without a cap,
// medium plays its budget of playouts and chooses as it would with no
// deadline at all.
func TestDeadlineIsNotBudget(t *testing.T) {
	const cap = 15 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, level := range []string{"medium", "hard"} {
		if capped := capOnBotClock(t, level, ctx, cap, 1, 8, 12); capped == 0 {
			t.Errorf("%s: the 15 ms cap never struck on the bot's clock", level)
		}
		// Real time: the cap holds on the machine's clock too. The
		// tolerance (1 s, 66 times the cap, a tenth of the deadline) is
		// one that no load seen on the shared machine reaches, and that a
		// bot taking the caller's deadline as its budget exceeds (hard's
		// budget is raised so that only a cap stops it).
		var worst time.Duration
		randomPositions(t, tacticSetup(), 8, 12, func(s *rules.State) {
			b, _ := New(level, 1, Options{Time: cap, Playouts: 1 << 20})
			t0 := time.Now()
			if _, err := b.Choose(ctx, NewPerspective(s, s.ToAct(), 1)); err != nil {
				t.Fatal(err)
			}
			worst = max(worst, time.Since(t0))
		})
		if worst > time.Second {
			t.Errorf("%s with a 15 ms cap and a 10 s deadline: a decision took %v", level, worst)
		}
		t.Logf("%s, 15 ms cap, 10 s deadline: slowest decision %v in real time", level, worst)
	}
	free, _ := New("medium", 3, Options{Time: NoCap})
	bound, _ := New("medium", 3, Options{})
	randomPositions(t, tacticSetup(), 9, 10, func(s *rules.State) {
		a, st := free.(*Rollout).Search(context.Background(), NewPerspective(s, s.ToAct(), 2))
		b, st2 := bound.(*Rollout).Search(ctx, NewPerspective(s, s.ToAct(), 2))
		if a != b || st.Iterations != st2.Iterations || st2.Capped {
			t.Errorf("medium with a 10 s deadline chose %q after %d playouts (capped %v), without %q after %d",
				b, st2.Iterations, st2.Capped, a, st.Iterations)
		}
		if st.Iterations > MediumCandidates*MediumSamples {
			t.Errorf("medium played %d playouts, its budget is %d", st.Iterations, MediumCandidates*MediumSamples)
		}
	})
}

// The wall-clock cap holds at the 100th percentile: hard with a 30 ms cap
// stops at its first look at the clock past the cap, and looks before
// every playout, over many positions, with one core or two (on the bot's
// clock, which counts its own looks: load cannot change it). In real time
// no decision exceeds 1 s (hard uncapped would take seconds here: its
// budget is raised); a shared machine at load average 30 stretches a
// 30 ms decision by its stalls, not by 30 times.
func TestHardCapHolds(t *testing.T) {
	const limit = 30 * time.Millisecond
	n := 60
	if testing.Short() {
		n = 20
	}
	for _, workers := range []int{1, 2} {
		if capped := capOnBotClock(t, "hard", context.Background(), limit, workers, 6, n/2); capped == 0 {
			t.Errorf("%d workers: the cap never struck on the bot's clock", workers)
		}
	}
	var all []time.Duration
	capped := 0
	for _, workers := range []int{1, 2} {
		randomPositions(t, tacticSetup(), 6, n/2, func(s *rules.State) {
			b, _ := New("hard", 1, Options{Time: limit, Workers: workers, Playouts: 1 << 20})
			t0 := time.Now()
			_, st := b.(*Rollout).Search(context.Background(), NewPerspective(s, s.ToAct(), 1))
			el := time.Since(t0)
			all = append(all, el)
			if st.Capped {
				capped++
			}
			if el > time.Second {
				t.Errorf("decision %d (%d workers) took %v with a %v cap", len(all), workers, el, limit)
			}
		})
	}
	slices.Sort(all)
	t.Logf("hard, %v cap, real time: median %v, p90 %v, max %v over %d decisions (%d capped)",
		limit, all[len(all)/2], all[len(all)*9/10], all[len(all)-1], len(all), capped)
}

// Budgets in search units reproduce: the same seeds give the same actions
// on repeated runs, whatever the cores and the load (here: one core, then
// two with two goroutines spinning beside them, which slows every playout).
func TestSearchUnitsReproduce(t *testing.T) {
	run := func(workers int, busy bool) (acts []rules.Action) {
		if busy {
			defer testkit.Spin(2)()
		}
		for _, level := range []string{"medium", "hard"} {
			b, _ := New(level, 7, Options{Iterations: 6, Playouts: 60, Time: NoCap, Workers: workers})
			randomPositions(t, tacticSetup(), 11, 12, func(s *rules.State) {
				a, st := b.(*Rollout).Search(context.Background(), NewPerspective(s, s.ToAct(), 5))
				if st.Capped {
					t.Fatalf("%s: capped without a cap", level)
				}
				acts = append(acts, a)
			})
		}
		return acts
	}
	a, b := run(1, false), run(2, true)
	if len(a) != len(b) {
		t.Fatalf("%d decisions, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("decision %d: %q on one idle core, %q on two loaded ones", i, a[i], b[i])
		}
	}
}

// TestStepBudgetBoundsWork: a rollout's step budget bounds the work of a
// decision, not only its playouts (which vary in length): on one worker a
// decision plays at most its budget plus one playout's length of steps,
// and counts every step it plays; on two workers, beside busy goroutines,
// it counts the same playouts and chooses the same action (the budget's
// end is fixed by the playouts' order, not by which worker is faster),
// playing ahead at most one playout per worker more. The budget binds: the
// same searches without it play several times the steps.
func TestStepBudgetBoundsWork(t *testing.T) {
	const budget = 700
	type result struct {
		a            rules.Action
		steps, plays int
	}
	run := func(level string, workers, steps int, busy bool) (out []result) {
		if busy {
			defer testkit.Spin(2)()
		}
		b, _ := New(level, 3, Options{Playouts: 4096, Steps: steps, Time: NoCap, Workers: workers})
		randomPositions(t, tacticSetup(), 17, 10, func(s *rules.State) {
			a, st := b.(*Rollout).Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
			if st.Capped {
				t.Fatalf("%s: capped without a cap", level)
			}
			if steps > 0 {
				if st.Steps > budget-1+maxPlayoutSteps {
					t.Errorf("%s, %d workers: %d steps counted, budget %d + one playout's %d", level, workers, st.Steps, budget, maxPlayoutSteps)
				}
				if st.Work > budget-1+workers*maxPlayoutSteps {
					t.Errorf("%s, %d workers: %d steps played, budget %d + %d playouts of %d", level, workers, st.Work, budget, workers, maxPlayoutSteps)
				}
				if workers == 1 && st.Work != st.Steps {
					t.Errorf("%s, one worker: %d steps played, %d counted", level, st.Work, st.Steps)
				}
			}
			out = append(out, result{a, st.Steps, st.Iterations})
		})
		return out
	}
	for _, level := range []string{"medium", "hard"} {
		one, two := run(level, 1, budget, false), run(level, 2, budget, true)
		free := run(level, 1, -1, false)
		total, freeTotal := 0, 0
		for i := range one {
			if one[i] != two[i] {
				t.Errorf("%s decision %d: %+v on one idle core, %+v on two loaded ones", level, i, one[i], two[i])
			}
			total += one[i].steps
			freeTotal += free[i].steps
		}
		if freeTotal < 3*total {
			t.Errorf("%s: %d steps without the budget, %d with it: the budget does not bind", level, freeTotal, total)
		}
	}
}

// steadyScores are n worlds' scores close to v; noisyScores n worlds'
// scores of mean v that swing 0.2 either way (race's and prefer's tests).
func steadyScores(v float64, n int) []float64 {
	out := make([]float64, n)
	for j := range out {
		out[j] = v + 0.01*float64(j%3)
	}
	return out
}

func noisyScores(v float64, n int) []float64 {
	out := make([]float64, n)
	for j := range out {
		out[j] = v + 0.2*float64(j%2*2-1)
	}
	return out
}

// race drops the candidates that trail the best beyond z standard errors
// and those that scored exactly as the best, keeping the greedy's earlier.
func TestRace(t *testing.T) {
	steady, noisy := steadyScores, noisyScores
	vals := [][]float64{steady(0.5, 16), steady(0.6, 16), steady(0.6, 16), noisy(0.55, 16), steady(0.5, 15)}
	got := race([]int{1, 2, 3, 0, 4}, vals, 2)
	// 2 is 1's twin and 1 comes first; 3 is noisy (not apart); 0 trails
	// steadily (dropped); 4 has too few worlds.
	want := []int{1, 3, 4}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("race = %v, want %v", got, want)
	}
	if got := race([]int{2, 1}, vals, 2); fmt.Sprint(got) != "[1]" {
		t.Errorf("twins: race = %v, want [1] (the greedy's earlier)", got)
	}
}

// With MaterialLuck the luck of a battle averages to nothing over its
// dice: battleMaterial is the material the battle brings on average (the
// currency the luck is counted in), position by position, whereas the
// greedy's value of a battle (a retreat worth a little, a winning kill the
// game) is not.
func TestMaterialLuckAveragesOut(t *testing.T) {
	pos := benchPositionsT(t, 400)
	g := NewGreedy(3)
	checked := 0
	for pi, s0 := range pos {
		if s0.Phase() != rules.PhaseBattle || checked >= 12 {
			continue
		}
		var battle rules.Action
		found := false
		for _, a := range s0.LegalActions(nil) {
			if a.Kind == rules.ActBattle && hex.Distance(a.From, a.To) > 1 { // no Ambush
				battle, found = a, true
				break
			}
		}
		if !found {
			continue
		}
		p := NewPerspective(s0, s0.ToAct(), 1)
		me := s0.Active()
		const n = 3000
		sum, ss := 0.0, 0.0
		var w *rules.State
		for j := 0; j < n; j++ {
			w = p.DeterminizeInto(w, uint64(j)*7919+uint64(pi))
			l := luck{me: me, w: &DefaultWeights, material: true}
			l.before(w, battle)
			w.Play(battle)
			for k := 0; k < 20; k++ {
				if ph := w.Phase(); ph != rules.PhaseRetreat && ph != rules.PhaseAmbush && ph != rules.PhaseCombat {
					break
				}
				if over, _ := w.Over(); over {
					break
				}
				a, _ := g.Choose(context.Background(), NewPerspective(w, w.ToAct(), uint64(k)))
				w.Play(a)
			}
			l.settle(w)
			sum, ss = sum+l.sum, ss+l.sum*l.sum
		}
		m := sum / n
		se := math.Sqrt((ss/n - m*m) / (n - 1))
		if math.Abs(m) > 4*se+0.01 {
			t.Errorf("position %d, %v: the luck averages %.3f (se %.3f), want 0", pi, battle, m, se)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d battles checked", checked)
	}
}

// StepHorizon gives the decisions that carry a card out their own
// horizon, the card's choice keeping Horizon: with Horizon 2 and
// StepHorizon 1, a card decision searches exactly as at horizon 2 and any
// other exactly as at horizon 1 (the same choice, the same playout steps).
func TestStepHorizon(t *testing.T) {
	cfg := func(h, sh int) RolloutConfig {
		return RolloutConfig{Candidates: 4, Samples: 6, Playouts: 48, Horizon: h, StepHorizon: sh, Model: HardModel, Workers: 1}
	}
	// Fresh bots for each decision: a bot's worlds depend on how many
	// decisions it made before.
	mixed := func() *Rollout { return NewRollout("mixed", 3, cfg(2, 1)) }
	two := func() *Rollout { return NewRollout("two", 3, cfg(2, 0)) }
	one := func() *Rollout { return NewRollout("one", 3, cfg(1, 0)) }
	cards, steps := 0, 0
	randomPositions(t, tacticSetup(), 5, 40, func(s *rules.State) {
		want := one
		if s.Phase() == rules.PhaseCard {
			want, cards = two, cards+1
		} else {
			steps++
		}
		w := want()
		a, st := mixed().Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
		wa, wst := w.Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
		if a != wa || st.Steps != wst.Steps || st.Iterations != wst.Iterations {
			t.Errorf("%v decision: %v after %d steps (%d playouts), want %v after %d (%d) as %s", s.Phase(), a, st.Steps, st.Iterations, wa, wst.Steps, wst.Iterations, w.Name())
		}
	})
	if cards == 0 || steps == 0 {
		t.Fatalf("%d card decisions and %d others: want both", cards, steps)
	}
	// The two horizons differ where the test looks: horizon 2 plays more
	// steps than horizon 1 on the same decisions.
	var s1, s2 int
	randomPositions(t, tacticSetup(), 5, 40, func(s *rules.State) {
		_, st1 := one().Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
		_, st2 := two().Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
		s1, s2 = s1+st1.Steps, s2+st2.Steps
	})
	if s2 <= s1 {
		t.Errorf("horizon 2 played %d steps, horizon 1 %d: the test cannot tell them apart", s2, s1)
	}
}

// CardSamples, CardPlayouts and CardSteps are the card's choice's worlds
// and budget, the other decisions keeping Samples, Playouts and Steps: a
// card decision searches exactly as a bot given those for all, and any
// other exactly as the bot without them.
func TestCardBudget(t *testing.T) {
	base := RolloutConfig{Candidates: 4, Samples: 6, Playouts: 48, Steps: 900, Horizon: 1, Model: HardModel, Workers: 1}
	card := base
	card.CardSamples, card.CardPlayouts, card.CardSteps = 10, 80, 2000
	big := base
	big.Samples, big.Playouts, big.Steps = 10, 80, 2000
	cards, others, differ := 0, 0, 0
	randomPositions(t, tacticSetup(), 5, 40, func(s *rules.State) {
		want := NewRollout("base", 3, base)
		if s.Phase() == rules.PhaseCard {
			want, cards = NewRollout("big", 3, big), cards+1
		} else {
			others++
		}
		a, st := NewRollout("card", 3, card).Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
		wa, wst := want.Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
		if a != wa || st.Steps != wst.Steps || st.Iterations != wst.Iterations {
			t.Errorf("%v decision: %v after %d steps (%d playouts), want %v after %d (%d) as %s", s.Phase(), a, st.Steps, st.Iterations, wa, wst.Steps, wst.Iterations, want.Name())
		}
		if s.Phase() == rules.PhaseCard {
			_, bst := NewRollout("base", 3, base).Search(context.Background(), NewPerspective(s, s.ToAct(), 9))
			if bst.Iterations != st.Iterations {
				differ++
			}
		}
	})
	if cards == 0 || others == 0 {
		t.Fatalf("%d card decisions and %d others: want both", cards, others)
	}
	if differ == 0 {
		t.Errorf("no card decision played otherwise with the card's budget: the test cannot tell it")
	}
}

// prefer plays the greedy's earliest candidate among the best and those
// not told apart from it; one trailing steadily, or with too few worlds, is
// not chosen.
func TestPrefer(t *testing.T) {
	steady, noisy := steadyScores, noisyScores
	cases := []struct {
		alive []int
		vals  [][]float64
		want  int
	}{
		// 0 (the greedy's first) trails the best steadily: the best.
		{[]int{2, 0}, [][]float64{steady(0.5, 16), nil, steady(0.6, 16)}, 2},
		// 1 is not told apart from the best (noisy): the greedy's earlier.
		{[]int{2, 1}, [][]float64{nil, noisy(0.58, 16), steady(0.6, 16)}, 1},
		// 0 has too few worlds to be judged: the best.
		{[]int{3, 0}, [][]float64{steady(0.6, 15), nil, nil, steady(0.6, 16)}, 3},
		// the best comes first in the greedy's order already.
		{[]int{0, 1}, [][]float64{steady(0.6, 16), noisy(0.55, 16)}, 0},
	}
	for _, c := range cases {
		if got := prefer(c.alive, c.vals, 1); got != c.want {
			t.Errorf("prefer(%v) = %d, want %d", c.alive, got, c.want)
		}
	}
}

// mixScore is one world's playout score of action a at p, as compare
// plays it, with cfg.
func mixScore(p *Perspective, cfg MCTSConfig, a rules.Action, seed uint64) float64 {
	r := NewRollout("mix", 1, RolloutConfig{Workers: 1})
	t := r.trees(p, &cfg, 1)[0]
	t.world = p.DeterminizeInto(t.world, seed)
	s := t.world
	turn0 := s.Turn()
	t.luck = luck{me: t.side, w: t.pl.w}
	t.luck.before(s, a)
	s.Play(a)
	return t.playout(s, turn0)
}

// Mix scores a horizon-2 playout by the λ-return of its two scores: Mix 1
// gives horizon 1's score exactly, Mix 0.5 the mean of horizon 1's and
// horizon 2's, in every world.
func TestMix(t *testing.T) {
	h1 := MCTSConfig{Reply: true, Horizon: 1, Weights: DefaultWeights, Model: HardModel}
	h2 := h1
	h2.Horizon = 2
	all, half := h2, h2
	all.Mix, half.Mix = 1, 0.5
	worlds, differ := 0, 0
	randomPositions(t, tacticSetup(), 7, 30, func(s *rules.State) {
		legal := s.Legal()
		if len(legal) < 2 {
			return
		}
		p := NewPerspective(s, s.ToAct(), 11)
		a := legal[len(legal)/2]
		for seed := uint64(1); seed <= 3; seed++ {
			v1, v2 := mixScore(p, h1, a, seed), mixScore(p, h2, a, seed)
			worlds++
			if v1 != v2 {
				differ++
			}
			if got := mixScore(p, all, a, seed); got != v1 {
				t.Errorf("%v %v, world %d: Mix 1 scored %v, horizon 1 %v", s.Phase(), a, seed, got, v1)
			}
			if got, want := mixScore(p, half, a, seed), 0.5*v2+0.5*v1; math.Abs(got-want) > 1e-12 {
				t.Errorf("%v %v, world %d: Mix 0.5 scored %v, want (%v + %v)/2", s.Phase(), a, seed, got, v2, v1)
			}
		}
	})
	if differ == 0 {
		t.Fatalf("horizons 1 and 2 scored alike in all %d worlds: the test cannot tell Mix", worlds)
	}
	t.Logf("%d worlds, %d scored otherwise at the two horizons", worlds, differ)
}
