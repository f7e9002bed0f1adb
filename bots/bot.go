// Package bots holds m44's computer opponents. A bot sees only what its side
// may know: it gets a Perspective, never the live game state.
package bots

import (
	"context"
	"math/rand/v2"

	"m44/rules"
)

// Perspective is everything one side may know at a decision point: its view
// (board, own hand, sizes of the hidden piles), the legal actions, and
// samples of the hidden information consistent with what it knows.
//
// By construction it holds no hidden information: the state inside is
// already a determinization (the other hand redealt from the unseen cards,
// the dice reseeded), so not even code in this package can peek.
type Perspective struct {
	side  rules.Side
	state *rules.State
	legal []rules.Action
}

// NewPerspective is side's perspective on s. seed must not depend on hidden
// information (use the caller's own generator).
func NewPerspective(s *rules.State, side rules.Side, seed uint64) *Perspective {
	return &Perspective{side: side, state: s.Determinize(side, seed), legal: s.Legal()}
}

// Side is the side deciding.
func (p *Perspective) Side() rules.Side { return p.side }

// View is the side's view of the game.
func (p *Perspective) View() rules.View { return p.state.View(p.side) }

// Phase is the decision point.
func (p *Perspective) Phase() rules.Phase { return p.state.Phase() }

// Legal is the legal actions now (do not modify).
func (p *Perspective) Legal() []rules.Action { return p.legal }

// Determinize is a full game state consistent with the side's knowledge: the
// other hand resampled from the unseen cards, the dice reseeded.
func (p *Perspective) Determinize(seed uint64) *rules.State {
	return p.state.Determinize(p.side, seed)
}

// DeterminizeInto is Determinize into dst's memory (rules.State.CloneInto):
// a search reuses one state for its worlds. dst may be nil.
func (p *Perspective) DeterminizeInto(dst *rules.State, seed uint64) *rules.State {
	return p.state.DeterminizeInto(dst, p.side, seed)
}

// Bot chooses an action for the side of a perspective. Choose must return
// one of p.Legal(), deterministically for a given seed and perspective, and
// stop searching when ctx is done.
type Bot interface {
	Name() string
	Choose(ctx context.Context, p *Perspective) (rules.Action, error)
}

// Random picks a uniformly random legal action.
type Random struct{ rng *rand.Rand }

// NewRandom is a random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 0x6d3434))} }

func (r *Random) Name() string { return "random" }

func (r *Random) Choose(_ context.Context, p *Perspective) (rules.Action, error) {
	return p.legal[r.rng.IntN(len(p.legal))], nil
}
