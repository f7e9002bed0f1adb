package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"m44/store"
)

// pgCode is the SQLSTATE of a PostgreSQL error, "" for another error.
func pgCode(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

// CreateAccount stores a new account; store.ErrExists if its NameKey is
// taken.
func (s *Store) CreateAccount(ctx context.Context, a store.Account) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO accounts (id, name, name_key, hash, created) VALUES ($1, $2, $3, $4, $5)`,
		a.ID, a.Name, a.NameKey, a.Hash, time.Now())
	if pgCode(err) == uniqueViolation {
		return store.ErrExists
	}
	if err != nil {
		return fmt.Errorf("pgstore: create account: %w", err)
	}
	return nil
}

const accountCols = `id, name, name_key, hash, created, rating, rd, vol, rated`

func scanAccount(row pgx.Row) (store.Account, error) {
	var a store.Account
	var created time.Time
	err := row.Scan(&a.ID, &a.Name, &a.NameKey, &a.Hash, &created, &a.Rating.Rating, &a.Rating.RD, &a.Rating.Vol, &a.Rating.Games)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, store.ErrNotFound
	}
	a.Created = stamp(created)
	return a, err
}

// AccountByName is the account of a name key (store.ErrNotFound if none).
func (s *Store) AccountByName(ctx context.Context, nameKey string) (store.Account, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	return scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE name_key = $1`, nameKey))
}

// Account is the account id (store.ErrNotFound if none).
func (s *Store) Account(ctx context.Context, id string) (store.Account, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	return scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = $1`, id))
}

// TopAccounts lists up to n accounts that have played rated games, best
// rating first.
func (s *Store) TopAccounts(ctx context.Context, n int) ([]store.Account, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT `+accountCols+` FROM accounts WHERE rated > 0 ORDER BY rating DESC, name_key LIMIT $1`, n)
	if err != nil {
		return nil, fmt.Errorf("pgstore: top accounts: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Account, error) { return scanAccount(r) })
	if err != nil {
		return nil, fmt.Errorf("pgstore: top accounts: %w", err)
	}
	return out, nil
}

// SetRatings stores the ratings a finished rated game gives accounts and
// marks the game's ratings done, in one transaction (see store.Store's).
func (s *Store) SetRatings(ctx context.Context, game string, ratings map[string]store.Rating) error {
	ctx, cancel := op(ctx)
	defer cancel()
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var pending int
		err := tx.QueryRow(ctx, `SELECT rating_pending FROM games WHERE id = $1 FOR UPDATE`, game).Scan(&pending)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("pgstore: set ratings: %w", err)
		}
		if pending == 0 {
			return store.ErrExists
		}
		for id, r := range ratings {
			tag, err := tx.Exec(ctx, `UPDATE accounts SET rating = $1, rd = $2, vol = $3, rated = $4 WHERE id = $5`, r.Rating, r.RD, r.Vol, r.Games, id)
			if err != nil {
				return fmt.Errorf("pgstore: set rating: %w", err)
			}
			if tag.RowsAffected() == 0 {
				return store.ErrNotFound
			}
		}
		_, err = tx.Exec(ctx, `UPDATE games SET rating_pending = 0 WHERE id = $1`, game)
		return err
	})
}

// PendingRatings lists the finished rated games whose ratings are not
// stored yet, oldest first.
func (s *Store) PendingRatings(ctx context.Context) ([]string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE over AND rating_pending = 1 ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("pgstore: pending ratings: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("pgstore: pending ratings: %w", err)
	}
	return out, nil
}

// PutSession stores a signed-in browser's session.
func (s *Store) PutSession(ctx context.Context, se store.Session) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO sessions (token_hash, account, created, expires) VALUES ($1, $2, $3, $4)`,
		se.TokenHash, se.Account, time.Now(), se.Expires)
	if err != nil {
		return fmt.Errorf("pgstore: put session: %w", err)
	}
	return nil
}

// SessionAccount is the account of a session that has not expired at at
// (store.ErrNotFound otherwise).
func (s *Store) SessionAccount(ctx context.Context, tokenHash string, at time.Time) (store.Account, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	var id string
	var expires time.Time
	err := s.pool.QueryRow(ctx, `SELECT account, expires FROM sessions WHERE token_hash = $1`, tokenHash).Scan(&id, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Account{}, store.ErrNotFound
	}
	if err != nil {
		return store.Account{}, fmt.Errorf("pgstore: session: %w", err)
	}
	if !at.Before(expires) {
		return store.Account{}, store.ErrNotFound
	}
	return scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = $1`, id))
}

// DeleteSession ends a session (none is no error).
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return err
}

// BindSeat makes a game's seat the account's: store.ErrNotFound for no
// such seat, store.ErrExists if it belongs to another account.
func (s *Store) BindSeat(ctx context.Context, account, game, seat string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var cur *string
		err := tx.QueryRow(ctx, `SELECT account FROM seats WHERE game = $1 AND seat = $2 FOR UPDATE`, game, seat).Scan(&cur)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("pgstore: bind seat: %w", err)
		}
		if cur != nil && *cur != account {
			return store.ErrExists
		}
		_, err = tx.Exec(ctx, `UPDATE seats SET account = $1 WHERE game = $2 AND seat = $3`, account, game, seat)
		return err
	})
	if err == nil {
		s.notify(ctx, game)
	}
	return err
}

// AccountSeats lists the seats of an account's games, newest game first.
func (s *Store) AccountSeats(ctx context.Context, account string) ([]store.AccountSeat, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT s.game, s.seat, g.scenario_id, g.created, g.over, COALESCE(g.winner, '')
		FROM seats s JOIN games g ON g.id = s.game WHERE s.account = $1 ORDER BY g.created DESC, s.game, s.ord`, account)
	if err != nil {
		return nil, fmt.Errorf("pgstore: account seats: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.AccountSeat, error) {
		var a store.AccountSeat
		var created time.Time
		err := r.Scan(&a.Game, &a.Seat, &a.ScenarioID, &created, &a.Over, &a.Winner)
		a.Created = stamp(created)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("pgstore: account seats: %w", err)
	}
	return out, nil
}

// AddSeatToken gives a seat one more token (store.ErrNotFound for no such
// seat).
func (s *Store) AddSeatToken(ctx context.Context, game, seat, tokenHash string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO seat_tokens (game, seat, token_hash, created) VALUES ($1, $2, $3, $4)`, game, seat, tokenHash, time.Now())
	if pgCode(err) == foreignKeyViolation {
		return store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("pgstore: add seat token: %w", err)
	}
	s.notify(ctx, game)
	return nil
}

// SetClock stores a game's clock state (store.ErrNotFound for no such game).
func (s *Store) SetClock(ctx context.Context, game, state string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `UPDATE games SET clock = $1 WHERE id = $2`, state, game)
	if err != nil {
		return fmt.Errorf("pgstore: set clock: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	s.notify(ctx, game)
	return nil
}

// AppendChat stores message number n of a game's chat channel (a number
// already stored, or a game not stored, is an error).
func (s *Store) AppendChat(ctx context.Context, game, channel string, n int, message string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	if _, err := s.pool.Exec(ctx, `INSERT INTO chats (game, channel, n, message) VALUES ($1, $2, $3, $4)`, game, channel, n, message); err != nil {
		return fmt.Errorf("pgstore: append chat: %w", err)
	}
	return nil
}

// ChatTail is the last limit messages of a game's chat channel, oldest
// first, and the number of the last one (0 for none).
func (s *Store) ChatTail(ctx context.Context, game, channel string, limit int) ([]string, int, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT n, message FROM chats WHERE game = $1 AND channel = $2 ORDER BY n DESC LIMIT $3`, game, channel, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("pgstore: chat: %w", err)
	}
	type row struct {
		n int
		m string
	}
	got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.n, &x.m)
		return x, err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("pgstore: chat: %w", err)
	}
	out := make([]string, len(got))
	last := 0
	for i, x := range got {
		out[len(got)-1-i] = x.m
		last = max(last, x.n)
	}
	return out, last, nil
}
