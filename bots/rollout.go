package bots

import (
	"context"
	"math"
	"sort"
	"sync"
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
// not the luck of the draw.
type Rollout struct {
	name string
	seed uint64
	n    uint64
	cfg  RolloutConfig
}

// RolloutConfig is a rollout bot's budget and judgement.
type RolloutConfig struct {
	// Candidates is how many of the greedy policy's best-ranked actions are
	// compared (0 = 4).
	Candidates int
	// Samples is how many worlds each candidate is played out in (0 = 24).
	Samples int
	// Weights and Model: the policy's judgement (zero Weights: defaults)
	// and the evaluation of the worlds (nil: the hand-written one).
	Weights Weights
	Model   *Model
	// Time, if set, makes the bot sample until it is spent, in rounds of
	// Samples worlds, keeping the better half of the candidates after each
	// round (best-effort determinism, as with any time budget).
	Time time.Duration
	// Workers play a round's worlds in parallel.
	Workers int
	// Horizon: 1 (or 0) scores each world when the opponent's battles come;
	// 2 plays through them and one's own next turn (MCTSConfig.Horizon).
	Horizon int
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

func (r *Rollout) Choose(ctx context.Context, p *Perspective) (rules.Action, error) {
	a, _ := r.Search(ctx, p)
	return a, nil
}

// Search chooses an action and tells what the search did (Iterations: the
// playouts played).
func (r *Rollout) Search(ctx context.Context, p *Perspective) (rules.Action, Stats) {
	legal := p.Legal()
	if len(legal) == 1 {
		return legal[0], Stats{}
	}
	start := time.Now()
	r.n++
	base := mix(r.seed, r.n)
	pl := policy{planCards: true, w: &r.cfg.Weights, model: r.cfg.Model}
	s0 := p.Determinize(base)
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
		return cands[0], Stats{Elapsed: time.Since(start)}
	}
	best, played := r.compare(ctx, p, base, cands)
	return cands[best], Stats{Iterations: played, Elapsed: time.Since(start)}
}

// compare plays the candidates out on the same worlds and returns the
// index of the best and the number of playouts. With a time budget it samples in rounds until the
// deadline, keeping the better half of the candidates after each round,
// and stops early once the two best are told apart (their paired
// difference beyond three standard errors).
func (r *Rollout) compare(ctx context.Context, p *Perspective, base uint64, cands []rules.Action) (int, int) {
	cfg := MCTSConfig{Reply: true, Horizon: r.cfg.Horizon, Weights: r.cfg.Weights, Model: r.cfg.Model}
	workers := max(1, r.cfg.Workers)
	trees := make([]*tree, workers)
	for w := range trees {
		trees[w] = &tree{p: p, side: p.Side(), cfg: &cfg, pl: policy{w: &cfg.Weights, model: cfg.Model}}
	}
	// vals[ci][j]: candidate ci's score in world j (NaN: not played).
	vals := make([][]float64, len(cands))
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	var deadline time.Time
	if r.cfg.Time > 0 {
		deadline = time.Now().Add(r.cfg.Time)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	over := func() bool { return ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) }
	round := r.cfg.Samples
	for first := true; ; first = false {
		next := len(vals[alive[0]])
		for _, ci := range alive {
			for j := 0; j < round; j++ {
				vals[ci] = append(vals[ci], math.NaN())
			}
		}
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				t := trees[w]
				for j := next + w; j < next+round; j += workers {
					if !(first && j == 0) && over() {
						return
					}
					seed := mix(base, uint64(j)+1)
					for _, ci := range alive {
						s := p.Determinize(seed)
						turn0 := s.Turn()
						t.luck = luck{me: t.side, w: t.pl.w}
						t.luck.before(s, cands[ci])
						s.Play(cands[ci])
						vals[ci][j] = squash(t.playout(s, turn0))
					}
				}
			}(w)
		}
		wg.Wait()
		sort.SliceStable(alive, func(i, j int) bool { return mean(vals[alive[i]]) > mean(vals[alive[j]]) })
		if deadline.IsZero() || over() || len(alive) <= 1 || apart(vals[alive[0]], vals[alive[1]]) {
			break
		}
		// Keep the better half (at least two) and sample them again.
		alive = alive[:max(2, (len(alive)+1)/2)]
	}
	played := 0
	for _, v := range vals {
		for _, x := range v {
			if !math.IsNaN(x) {
				played++
			}
		}
	}
	return alive[0], played
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

// apart reports whether a is better than b beyond three standard errors of
// their paired difference (over the worlds both were played in, at least 16).
func apart(a, b []float64) bool {
	s, ss, n := 0.0, 0.0, 0
	for j := range min(len(a), len(b)) {
		if math.IsNaN(a[j]) || math.IsNaN(b[j]) {
			continue
		}
		d := a[j] - b[j]
		s, ss, n = s+d, ss+d*d, n+1
	}
	if n < 16 {
		return false
	}
	m := s / float64(n)
	v := (ss/float64(n) - m*m) / float64(n-1)
	return m > 3*math.Sqrt(math.Max(v, 1e-12))
}
