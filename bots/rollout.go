package bots

import (
	"context"
	"math"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"m44/rules"
)

// Rollout is policy improvement by paired rollouts: at each decision it
// takes the greedy policy's few best-ranked actions and plays each of them
// out on the same sampled worlds (the other hand redealt and the dice
// reseeded identically for every candidate: common random numbers), the
// greedy policy finishing the turn and playing the opponent's card, orders
// and moves; each world is scored when the opponent's battles are next,
// with their expectation computed exactly and the luck of one's own dice
// taken out. The candidate with the best mean is played. Because every
// candidate meets the same worlds, the comparison measures the actions,
// not the luck of the draw. A Rollout decides for one game at a time (its
// seed counter and scratch space are its own): not safe for concurrent use.
type Rollout struct {
	name    string
	seed    uint64
	n       uint64
	cfg     RolloutConfig
	scratch []*tree
	// top and world: the ranking of the candidates' policy and world, kept
	// from one decision to the next with their memory (issue 15).
	top   policy
	world *rules.State
	// clock is the bot's clock for its cap (nil: time.Now); tests give
	// it one that advances by a fixed step at every reading, so that the
	// cap is checked on what the search does, not on the machine's load.
	clock func() time.Time
	// steps and work: the last decision's playout steps counted against
	// the step budget, and all it played (more with several workers).
	steps, work int
}

// RolloutConfig is a rollout bot's budget and judgement.
//
// The budget is in search units (playouts), so that a bot plays the same
// on any machine for the same seed; Time is only a wall-clock cap, a safety
// net for live games, and a caller's context deadline is another cap: neither
// is ever taken as the budget.
type RolloutConfig struct {
	// Candidates is how many of the greedy policy's best-ranked actions are
	// compared (0 = 4).
	Candidates int
	// Samples is how many worlds each candidate is played out in per round
	// (0 = 24).
	Samples int
	// FirstSamples is how many worlds the first round (all the
	// candidates) is played in (0 = Samples); the later rounds, with the
	// better half, have Samples.
	FirstSamples int
	// Playouts is the budget: the playouts one decision may play in all
	// (0 = one round: Candidates × Samples). Beyond one round, the search
	// goes on in rounds of Samples worlds, keeping the better half of the
	// candidates (at least two) after each round, until the budget is
	// spent or the best two are told apart.
	Playouts int
	// Weights and Model: the policy's judgement (zero Weights: defaults)
	// and the evaluation of the worlds (nil: the hand-written one).
	Weights Weights
	Model   *Model
	// Time caps a decision's wall-clock time (0 = no cap). The cap is
	// checked before every playout step and every card planned; when it
	// strikes, the choice is made from the worlds every remaining
	// candidate was played in. A decision cut by the cap depends on the
	// machine: the budget, not the cap, should decide in games that must
	// reproduce.
	Time time.Duration
	// Workers play a round's worlds in parallel.
	Workers int
	// Steps bounds the work of a decision, in playout steps (actions the
	// policy chooses in the playouts; 0 = no bound): a playout starts only
	// while the steps of those before it (in a fixed order) are under
	// Steps, so a decision plays at most Steps plus one playout's length
	// (maxPlayoutSteps) steps on one worker. Playouts vary in length, so
	// Playouts alone does not bound the time a decision takes; Steps does,
	// in search units: the same playouts on any machine.
	Steps int
	// CardSamples, CardSteps and CardPlayouts, when positive, are the
	// worlds per round and the budget of the card's choice (a decision in
	// the card step), Samples, Steps and Playouts then being the other
	// decisions' (0: Samples, Steps and Playouts for all).
	CardSamples, CardSteps, CardPlayouts int
	// Horizon: 1 (or 0) scores each world when the opponent's battles come;
	// 2 plays through them and one's own next turn (MCTSConfig.Horizon).
	Horizon int
	// StepHorizon, when positive, is the horizon of the decisions that
	// carry a played card out (orders, moves, battles and their steps),
	// Horizon then being the card's choice's alone (0: Horizon for all).
	StepHorizon int
	// Mix, with a horizon of 2, mixes Horizon 1's score into each
	// playout's (MCTSConfig.Mix: that weight; 0 none).
	Mix float64
	// Plan: how the playouts choose cards (MCTSConfig.Plan): 0 by the
	// greedy's quick estimate, 1 the opponent's card planned through its
	// orders and moves, 2 every card planned.
	Plan int
	// Race, when positive, replaces the halving by racing: after each
	// round every candidate whose paired difference with the best (over
	// the worlds both were played in, at least 16) trails it by more than
	// Race standard errors is dropped, and so is one that scored exactly
	// as the best in every world (the same outcome: the greedy's earlier
	// choice is kept); the search stops when one candidate remains or the
	// budget is spent. 0: halving.
	Race float64
	// Prefer, when positive, plays the greedy's choice unless it is told
	// apart: of the candidates still compared at the end, the one first in
	// the greedy's order among the best and those whose paired difference
	// with it (over at least 16 worlds both were played in) trails it by at
	// most Prefer standard errors. 0: the best mean.
	Prefer float64
	// MaterialLuck: a rolled battle's luck (taken out of the playout's
	// score) is the material it brought less the material it was expected
	// to bring, a kill counted as its medal (battleMaterial). Off, the
	// expectation is the greedy's value of the battle (battleValue), which
	// counts a kill that would win the game as the game (40 medals) and a
	// retreat as a little: a battle that might have won the game and did
	// not then adds up to 40 × its chance to the score (the game won ends
	// the playout with no luck taken out), so every candidate giving a shot
	// at the last medal looks won, and, at horizon 2, every one giving the
	// opponent such a shot looks lost.
	MaterialLuck bool
}

// NewRollout is a rollout bot named name.
func NewRollout(name string, seed uint64, cfg RolloutConfig) *Rollout {
	if cfg.Candidates <= 0 {
		cfg.Candidates = 4
	}
	if cfg.Samples <= 0 {
		cfg.Samples = 24
	}
	if cfg.Weights == (Weights{}) {
		cfg.Weights = DefaultWeights
	}
	return &Rollout{name: name, seed: seed, cfg: cfg}
}

func (r *Rollout) Name() string { return r.name }

// Config is the bot's budget and judgement.
func (r *Rollout) Config() RolloutConfig { return r.cfg }

func (r *Rollout) Choose(ctx context.Context, p *Perspective) (rules.Action, error) {
	a, _ := r.Search(ctx, p)
	return a, nil
}

// Search chooses an action and tells what the search did (Iterations: the
// playouts played; Capped: the wall-clock cap or the context stopped it).
func (r *Rollout) Search(ctx context.Context, p *Perspective) (rules.Action, Stats) {
	legal := p.Legal()
	if len(legal) == 1 {
		return legal[0], Stats{}
	}
	now := r.clock
	if now == nil {
		now = time.Now
	}
	start := now()
	stop := newStopper(ctx, now, start, r.cfg.Time)
	r.n++
	base := mix(r.seed, r.n)
	r.top = policy{planCards: true, w: &r.cfg.Weights, model: r.cfg.Model, stop: stop,
		buf: r.top.buf, spares: r.top.spares, obuf: r.top.obuf}
	pl := &r.top
	r.world = p.DeterminizeInto(r.world, base)
	s0 := r.world
	sc := pl.scores(s0, legal, true, nil)
	order := make([]int, len(legal))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return sc[order[i]] > sc[order[j]] })
	// The candidates: the best-ranked actions, one per distinct card.
	var cands []rules.Action
	seen := map[cardKey]bool{}
	for _, i := range order {
		if len(cands) == r.cfg.Candidates {
			break
		}
		a := legal[i]
		if a.Kind == rules.ActPlay && s0.Phase() == rules.PhaseCard {
			c := s0.Card(a.Card)
			key := cardKey{c.Kind, c.Section, a.Arg}
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		cands = append(cands, a)
	}
	if len(cands) == 1 {
		return cands[0], Stats{Elapsed: now().Sub(start)}
	}
	best, played := r.compare(stop, p, base, cands)
	return cands[best], Stats{Iterations: played, Steps: r.steps, Work: r.work, Elapsed: now().Sub(start), Capped: stop.stopped.Load()}
}

// stopper tells a search to stop: its context is done or its wall-clock
// cap (the earlier of the bot's own and the context's deadline) is past.
// Once it has said stop it keeps saying so, to every worker.
type stopper struct {
	ctx      context.Context
	now      func() time.Time
	deadline time.Time
	stopped  atomic.Bool
}

func newStopper(ctx context.Context, now func() time.Time, start time.Time, cap time.Duration) *stopper {
	st := &stopper{ctx: ctx, now: now}
	if cap > 0 {
		st.deadline = start.Add(cap)
	}
	if d, ok := ctx.Deadline(); ok && (st.deadline.IsZero() || d.Before(st.deadline)) {
		st.deadline = d
	}
	return st
}

// over reports whether the search must stop (cheap: a clock read).
func (st *stopper) over() bool {
	if st.stopped.Load() {
		return true
	}
	if st.ctx.Err() != nil || (!st.deadline.IsZero() && !st.now().Before(st.deadline)) {
		st.stopped.Store(true)
		return true
	}
	return false
}

// compare plays the candidates out on the same worlds and returns the
// index of the best and the number of playouts. It plays rounds of
// Samples worlds until the budget (Playouts) is spent, keeping the better
// half of the candidates after each round, and stops early once the two
// best are told apart (their paired difference beyond three standard
// errors). The stopper is asked before every playout step; when it says
// stop, the candidates are judged on the worlds all of them were played in
// (none: the greedy's first choice).
func (r *Rollout) compare(stop *stopper, p *Perspective, base uint64, cands []rules.Action) (int, int) {
	cfg := MCTSConfig{Reply: true, Horizon: r.horizon(p), Plan: r.cfg.Plan, Weights: r.cfg.Weights, Model: r.cfg.Model,
		MaterialLuck: r.cfg.MaterialLuck, Mix: r.cfg.Mix}
	workers := max(1, r.cfg.Workers)
	trees := r.trees(p, &cfg, workers)
	for _, t := range trees {
		t.stop = stop
	}
	// vals[ci][j]: candidate ci's score in world j (NaN: not played).
	vals := make([][]float64, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	samples, budget, limit := r.budget(p)
	if budget <= 0 {
		budget = len(cands) * samples
	}
	steps := 0 // the steps of the playouts counted (the step budget's)
	played := 0
	var work atomic.Int64 // every step played, counted or not
	for {
		// This round's worlds: Samples, or what the budget has left.
		per := samples
		if played == 0 && r.cfg.FirstSamples > 0 {
			per = r.cfg.FirstSamples
		}
		worlds := min(per, (budget-played)/len(alive))
		if worlds <= 0 || (limit > 0 && steps >= limit) {
			break
		}
		next := len(vals[alive[0]])
		for _, ci := range alive {
			for j := 0; j < worlds; j++ {
				vals[ci] = append(vals[ci], math.NaN())
			}
		}
		// The round's playouts in a fixed order, world by world: playout k
		// is candidate alive[k%len(alive)] in world next+k/len(alive).
		// Workers take them in that order; they stop taking more once the
		// playouts done have spent the step budget, and the round then
		// counts the playouts in that order up to the first that starts
		// with the budget spent: the same playouts whatever the number of
		// workers and their speed.
		n := worlds * len(alive)
		cost := make([]int, n)
		var taken, done atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				t := trees[w]
				for {
					if limit > 0 && steps+int(done.Load()) >= limit {
						return
					}
					k := int(taken.Add(1) - 1)
					if k >= n || stop.over() {
						return
					}
					j, ci := next+k/len(alive), alive[k%len(alive)]
					seed := mix(base, uint64(j)+1)
					t.world = p.DeterminizeInto(t.world, seed)
					s := t.world
					turn0 := s.Turn()
					t.luck = luck{me: t.side, w: t.pl.w, material: r.cfg.MaterialLuck}
					t.luck.before(s, cands[ci])
					s.Play(cands[ci])
					t.steps = 0
					vals[ci][j] = squash(t.playout(s, turn0))
					cost[k] = t.steps
					done.Add(int64(t.steps))
					work.Add(int64(t.steps))
				}
			}(w)
		}
		wg.Wait()
		for k := 0; k < n; k++ {
			if limit > 0 && steps >= limit {
				// Beyond the budget: not counted (a playout a faster
				// worker played ahead is dropped).
				vals[alive[k%len(alive)]][next+k/len(alive)] = math.NaN()
				continue
			}
			steps += cost[k]
		}
		played += worlds * len(alive)
		rankAlive(alive, vals)
		if stop.stopped.Load() || len(alive) <= 1 || (r.cfg.Race <= 0 && apart(vals[alive[0]], vals[alive[1]])) {
			break
		}
		if limit > 0 && steps >= limit {
			played = -1 // recounted below
			break
		}
		if r.cfg.Race > 0 {
			// Racing: drop the candidates told apart from the best.
			alive = race(alive, vals, r.cfg.Race)
			if len(alive) <= 1 {
				break
			}
			continue
		}
		// Keep the better half (at least two) and sample them again.
		alive = alive[:max(2, (len(alive)+1)/2)]
	}
	if stop.stopped.Load() || played < 0 {
		played = 0
		for _, v := range vals {
			for _, x := range v {
				if !math.IsNaN(x) {
					played++
				}
			}
		}
	}
	r.steps, r.work = steps, int(work.Load())
	if r.cfg.Prefer > 0 {
		return prefer(alive, vals, r.cfg.Prefer), played
	}
	return alive[0], played
}

// prefer is, of the candidates still compared (best first), the first in
// the greedy's order (the lowest index) among the best and those not told
// apart from it: whose paired difference with the best trails it by at most
// z standard errors, over at least 16 worlds both were played in.
func prefer(alive []int, vals [][]float64, z float64) int {
	best := alive[0]
	choice := best
	for _, ci := range alive[1:] {
		if ci > choice {
			continue
		}
		if m, se, n, _ := paired(vals[best], vals[ci]); n >= minPaired && m <= z*se {
			choice = ci
		}
	}
	return choice
}

// rankAlive sorts the candidates still compared, best first, by their mean
// over the worlds all of them were played in (the same worlds for each: a
// round cut short by the cap leaves some worlds unplayed for some); ties
// keep the greedy's order. With no such world the order is left alone.
func rankAlive(alive []int, vals [][]float64) {
	n := len(vals[alive[0]])
	means := make([]float64, len(vals))
	common := 0
	for j := 0; j < n; j++ {
		all := true
		for _, ci := range alive {
			if j >= len(vals[ci]) || math.IsNaN(vals[ci][j]) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		common++
		for _, ci := range alive {
			means[ci] += vals[ci][j]
		}
	}
	if common == 0 {
		return
	}
	sort.SliceStable(alive, func(i, j int) bool { return means[alive[i]] > means[alive[j]] })
}

// budget is the worlds per round, and the playouts and steps, the decision
// of p may spend: the card's own in the card step, where set.
func (r *Rollout) budget(p *Perspective) (samples, playouts, steps int) {
	samples, playouts, steps = r.cfg.Samples, r.cfg.Playouts, r.cfg.Steps
	if p.Phase() == rules.PhaseCard {
		if r.cfg.CardSamples > 0 {
			samples = r.cfg.CardSamples
		}
		if r.cfg.CardPlayouts > 0 {
			playouts = r.cfg.CardPlayouts
		}
		if r.cfg.CardSteps > 0 {
			steps = r.cfg.CardSteps
		}
	}
	return samples, playouts, steps
}

// horizon is the playouts' horizon for the decision of p: StepHorizon's
// after the card is played, if set.
func (r *Rollout) horizon(p *Perspective) int {
	if r.cfg.StepHorizon > 0 && p.Phase() != rules.PhaseCard {
		return r.cfg.StepHorizon
	}
	return r.cfg.Horizon
}

// trees are the workers' scratch space, kept from one decision to the next
// (their buffers grow once).
func (r *Rollout) trees(p *Perspective, cfg *MCTSConfig, workers int) []*tree {
	for len(r.scratch) < workers {
		r.scratch = append(r.scratch, &tree{})
	}
	for _, t := range r.scratch[:workers] {
		t.p, t.side, t.cfg, t.stop = p, p.Side(), cfg, nil
		t.pl = policy{w: &cfg.Weights, model: cfg.Model, buf: t.pl.buf, sc: t.pl.sc, spares: t.pl.spares, obuf: t.pl.obuf}
	}
	return r.scratch[:workers]
}

// mean is the mean of the played worlds' scores.
func mean(v []float64) float64 {
	s, n := 0.0, 0
	for _, x := range v {
		if !math.IsNaN(x) {
			s, n = s+x, n+1
		}
	}
	if n == 0 {
		return math.Inf(-1)
	}
	return s / float64(n)
}

// race keeps, of the candidates still compared (best first), the best and
// those not told apart from it: whose paired difference with the best
// trails it by at most z standard errors, over at least 16 worlds both were
// played in. A candidate that scored exactly as the best in every such world
// is dropped too (the same outcome), unless it comes before it in the
// greedy's order (a lower index), in which case the best is (ties keep the
// greedy's choice).
func race(alive []int, vals [][]float64, z float64) []int {
	best := alive[0]
	out := alive[:1]
	for _, ci := range alive[1:] {
		m, se, n, same := paired(vals[best], vals[ci])
		switch {
		case n < minPaired:
			out = append(out, ci)
		case same:
			if ci < out[0] {
				out[0] = ci
			}
		case m > z*se:
		default:
			out = append(out, ci)
		}
	}
	return out
}

// minPaired is the fewest worlds two candidates must both have been played
// in for their paired difference to tell them apart (apart, race, prefer).
const minPaired = 16

// paired is the mean and standard error of a - b over the worlds both
// were played in, their number, and whether a and b were equal in all.
func paired(a, b []float64) (m, se float64, n int, same bool) {
	s, ss := 0.0, 0.0
	same = true
	for j := range min(len(a), len(b)) {
		if math.IsNaN(a[j]) || math.IsNaN(b[j]) {
			continue
		}
		d := a[j] - b[j]
		if d != 0 {
			same = false
		}
		s, ss, n = s+d, ss+d*d, n+1
	}
	if n < 2 {
		return 0, math.Inf(1), n, false
	}
	m = s / float64(n)
	v := (ss/float64(n) - m*m) / float64(n-1)
	return m, math.Sqrt(math.Max(v, 1e-12)), n, same
}

// apart reports whether a is better than b beyond three standard errors of
// their paired difference (over the worlds both were played in, at least 16).
func apart(a, b []float64) bool {
	m, se, n, _ := paired(a, b)
	return n >= minPaired && m > 3*se
}
