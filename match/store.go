package match

import (
	"context"

	"m44/store"
)

// Store is the persistence the server's games need: the operations match
// and web use (and Migrations, which they do not call yet: what a health
// check or a tool reports of the schema), so that another database can
// stand in for SQLite without touching match. Its rows are package store's types, and a
// scenario or game that is not stored is store.ErrNotFound (errors.Is).
// Package store/storetest checks an implementation against this contract.
// An implementation is safe for concurrent use.
type Store interface {
	// PutScenario stores an uploaded scenario; storing an id again keeps
	// the first.
	PutScenario(ctx context.Context, sc store.Scenario) error
	// Scenario is the uploaded scenario id (store.ErrNotFound if none).
	Scenario(ctx context.Context, id string) (store.Scenario, error)
	// Scenarios lists the uploaded scenarios, oldest first.
	Scenarios(ctx context.Context) ([]store.Scenario, error)

	// CreateGame stores a new game with its seats, in their order; a game
	// id already stored is an error.
	CreateGame(ctx context.Context, g store.Game) error
	// Game is a stored game with its seats (in the order created) and its
	// log of decisions by seq (store.ErrNotFound if none).
	Game(ctx context.Context, id string) (store.Game, []store.Action, error)
	// LiveGames lists the ids of the games that are not over, oldest first.
	LiveGames(ctx context.Context) ([]string, error)
	// Append adds one decision with its outcomes to a game's log, and marks
	// the game over with its winner if over is set, atomically and durably
	// on return. A seq already in the log, or a game not stored, is an
	// error and nothing is written.
	Append(ctx context.Context, game string, a store.Action, over bool, winner string) error
	// SetRecord brings a game's record to version: its deal, and the
	// outcomes of the actions named by seq (the others keep theirs);
	// store.ErrNotFound if the game is not stored.
	SetRecord(ctx context.Context, game string, version int, deal string, outcomes map[int]string) error

	// Migrations lists the names of the applied schema migrations, in order.
	Migrations(ctx context.Context) ([]string, error)
	// Ping checks that the database answers.
	Ping(ctx context.Context) error

	ClockStore   // games' clocks (clock.go)
	AccountStore // accounts, sessions, seats bound to accounts (accountstore.go)
	PushStore    // the server's keys, Web Push subscriptions (pushstore.go)
}

// The SQLite store is a Store. (So is the PostgreSQL one, asserted in
// package store/pgstore's tests, so that match does not import pgx.)
var _ Store = (*store.Store)(nil)
