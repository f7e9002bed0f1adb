package match

import (
	"context"
	"time"

	"m44/store"
)

// AccountStore is the persistence of accounts (issue 13), part of Store:
// accounts with their ratings, sessions of signed-in browsers, seats
// bound to an account and the seats' extra tokens (one per device).
// store.ErrNotFound and store.ErrExists as documented per method.
type AccountStore interface {
	// CreateAccount stores a new account (store.ErrExists if its NameKey
	// is taken).
	CreateAccount(ctx context.Context, a store.Account) error
	// AccountByName and Account find an account by name key or id.
	AccountByName(ctx context.Context, nameKey string) (store.Account, error)
	Account(ctx context.Context, id string) (store.Account, error)
	// TopAccounts lists up to n accounts with rated games, best first.
	TopAccounts(ctx context.Context, n int) ([]store.Account, error)
	// SetRatings stores the new ratings a finished rated game gives
	// accounts (by id) and marks the game's ratings done, atomically:
	// store.ErrExists if they were done already (nothing written),
	// store.ErrNotFound for an unknown game or account. PendingRatings
	// lists the finished rated games not done yet, oldest first (a server
	// that stopped in between rates them when it starts).
	SetRatings(ctx context.Context, game string, ratings map[string]store.Rating) error
	PendingRatings(ctx context.Context) ([]string, error)

	// PutSession stores a session; SessionAccount is its account while it
	// has not expired at at; DeleteSession ends it.
	PutSession(ctx context.Context, s store.Session) error
	SessionAccount(ctx context.Context, tokenHash string, at time.Time) (store.Account, error)
	DeleteSession(ctx context.Context, tokenHash string) error

	// BindSeat makes a seat the account's (store.ErrExists if another
	// account's); AccountSeats lists an account's seats, newest game first;
	// AddSeatToken gives a seat one more token, returned by Game in
	// store.Game.Tokens.
	BindSeat(ctx context.Context, account, game, seat string) error
	AccountSeats(ctx context.Context, account string) ([]store.AccountSeat, error)
	AddSeatToken(ctx context.Context, game, seat, tokenHash string) error

	// AppendChat stores message n of a game's chat channel (JSON; a number
	// already stored is an error); ChatTail is a channel's last limit
	// messages, oldest first, and the number of its last one.
	AppendChat(ctx context.Context, game, channel string, n int, message string) error
	ChatTail(ctx context.Context, game, channel string, limit int) ([]string, int, error)
}
