package bots

import (
	"context"

	"m44/rules"
)

// Greedy is the "easy" level: the greedy policy on one determinization of
// its perspective (which matters only where hidden cards or future dice
// would; the greedy computes battles exactly over the dice faces).
type Greedy struct {
	seed uint64
	n    uint64
	pl   policy
}

// NewGreedy is an easy bot seeded with seed.
func NewGreedy(seed uint64) *Greedy { return NewGreedyWeights(seed, DefaultWeights, nil) }

// NewGreedyWeights is a greedy bot judging with weights w and, if m is not
// nil, choosing its cards by the learned evaluation m.
func NewGreedyWeights(seed uint64, w Weights, m *Model) *Greedy {
	return &Greedy{seed: seed, pl: policy{planCards: true, w: &w, model: m}}
}

func (g *Greedy) Name() string { return "easy" }

func (g *Greedy) Choose(_ context.Context, p *Perspective) (rules.Action, error) {
	legal := p.Legal()
	if len(legal) == 1 {
		return legal[0], nil
	}
	g.n++
	s := p.Determinize(mix(g.seed, g.n))
	return g.pl.choose(s, legal), nil
}

// mix derives a seed from a base and a counter (splitmix64 finaliser).
func mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
