// Package rules is the Memoir '44 rules engine: pure data tables (units, dice
// faces, terrain, structures and obstacles, command cards and the deck) and
// the turn as an explicit state machine. Everything else in m44 — the
// scenario converter, the bots, the protocol, the game server — asks this
// package what is legal and what happens; none of them decides a rule.
//
// # Entry points
//
// A game starts from a Setup (board, terrain, units, objectives, card counts,
// medals to win) and a seed:
//
//   - Compile checks a Setup and prepares a Board: the immutable tables every
//     game on it shares (neighbours, sections, one-step movement costs) and
//     its opening position. A Board is safe for concurrent use.
//   - Board.NewGame(seed) deals the hands and starts a game on a Board;
//     New(setup, seed) is Compile followed by NewGame.
//   - State.LegalActions(buf) appends every legal action at the current
//     decision point, in a deterministic order, and allocates nothing given
//     a buffer with room; State.ToAct says which side decides.
//   - State.Apply(action) checks an action, carries it out and returns the
//     Events it caused; an illegal action returns an error (ErrIllegal,
//     ErrGameOver) and leaves the state untouched. State.Play is the
//     unchecked fast path for simulations that only pick from LegalActions.
//   - State.View(side) is the game as one side may see it: its own hand, only
//     the size of the other hand and of the draw pile; Event.For hides the
//     card the other side drew.
//   - State.Determinize(viewer, seed) is a copy in which everything the
//     viewer cannot know (the other hand, the cards being chosen between
//     after a Recon, the dice to come) is sampled afresh: what bots search.
//
// State.Clone copies a game; State.Hash identifies a position across runs and
// machines. ScriptDice and SetHand let tests fix the dice and the hands.
//
// # Purity
//
// The package does no I/O, reads no clock and keeps no global state that
// changes: its package-level variables are tables and sentinel errors that
// nothing writes to after initialisation. Its only source
// of chance is each State's own splitmix64 generator, seeded by the caller
// and copied with the state, so a game is fully determined by its setup, its
// seed and its actions: replaying them gives the same states and events.
// Draws take a random card from an unordered pile, so there is no deck order
// to leak.
//
// docs/architecture.md describes the state machine's phases; rule functions
// are named after the rulebook's words and cite the passages they implement.
package rules
