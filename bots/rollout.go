package bots

import (
	"context"
	"sort"

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
	legal := p.Legal()
	if len(legal) == 1 {
		return legal[0], nil
	}
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
		return cands[0], nil
	}
	cfg := MCTSConfig{Reply: true, Weights: r.cfg.Weights, Model: r.cfg.Model}
	t := &tree{p: p, side: p.Side(), cfg: &cfg, pl: policy{w: &cfg.Weights, model: cfg.Model}}
	sum := make([]float64, len(cands))
	for j := 0; j < r.cfg.Samples; j++ {
		if ctx.Err() != nil && j > 0 {
			break
		}
		seed := mix(base, uint64(j)+1)
		for ci, a := range cands {
			s := p.Determinize(seed)
			turn0 := s.Turn()
			t.luck = luck{me: t.side, w: t.pl.w}
			t.luck.before(s, a)
			s.Play(a)
			sum[ci] += squash(t.playout(s, turn0))
		}
	}
	best := 0
	for ci := range cands {
		if sum[ci] > sum[best] {
			best = ci
		}
	}
	return cands[best], nil
}
