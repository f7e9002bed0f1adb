package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// ErrExists is returned for an account name already taken, and for a seat
// that belongs to another account.
var ErrExists = errors.New("already exists")

// Account is a player's account (issue 13: optional; play needs none).
type Account struct {
	ID      string
	Name    string // as the player wrote it
	NameKey string // the name folded to lower case: unique
	Hash    string // the password's argon2id hash, PHC form
	Created string
	Rating  Rating
}

// Rating is a Glicko-2 rating on the Glicko scale, and the rated games
// played.
type Rating struct {
	Rating, RD, Vol float64
	Games           int
}

// Session is a signed-in browser: the SHA-256 of its cookie's secret.
type Session struct {
	TokenHash string
	Account   string
	Expires   time.Time
}

// SeatToken is a seat's token beyond the first.
type SeatToken struct {
	Seat      string
	TokenHash string
}

// AccountSeat is a seat an account holds, with its game's state.
type AccountSeat struct {
	Game       string
	Seat       string
	ScenarioID string
	Created    string // the game's
	Over       bool
	Winner     string
}

// FoldName is an account name's key: trimmed and lower-cased, so that
// "Rommel" and "rommel" are one account.
func FoldName(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// CreateAccount stores a new account; ErrExists if its NameKey is taken.
func (s *Store) CreateAccount(ctx context.Context, a Account) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO accounts (id, name, name_key, hash, created) VALUES (?, ?, ?, ?, ?)`,
		a.ID, a.Name, a.NameKey, a.Hash, now())
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return ErrExists
	}
	if err != nil {
		return fmt.Errorf("store: create account: %w", err)
	}
	return nil
}

const accountCols = `id, name, name_key, hash, created, rating, rd, vol, rated`

func scanAccount(row interface{ Scan(...any) error }) (Account, error) {
	var a Account
	err := row.Scan(&a.ID, &a.Name, &a.NameKey, &a.Hash, &a.Created, &a.Rating.Rating, &a.Rating.RD, &a.Rating.Vol, &a.Rating.Games)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

// AccountByName is the account of a name key (ErrNotFound if none).
func (s *Store) AccountByName(ctx context.Context, nameKey string) (Account, error) {
	return scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE name_key = ?`, nameKey))
}

// Account is the account id (ErrNotFound if none).
func (s *Store) Account(ctx context.Context, id string) (Account, error) {
	return scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = ?`, id))
}

// TopAccounts lists up to n accounts that have played rated games, best
// rating first.
func (s *Store) TopAccounts(ctx context.Context, n int) ([]Account, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE rated > 0 ORDER BY rating DESC, name_key LIMIT ?`, n)
	if err != nil {
		return nil, fmt.Errorf("store: top accounts: %w", err)
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// SetRatings stores the ratings a finished rated game gives accounts, by
// id, and marks the game's ratings done, in one transaction: ErrNotFound
// for an unknown account or game, ErrExists if the game's ratings were
// already stored (or it is not rated); nothing is written then. An empty
// map only marks the game done (a rated game that rates no one).
func (s *Store) SetRatings(ctx context.Context, game string, ratings map[string]Rating) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var pending bool
		err := tx.QueryRowContext(ctx, `SELECT rating_pending FROM games WHERE id = ?`, game).Scan(&pending)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: set ratings: %w", err)
		}
		if !pending {
			return ErrExists
		}
		for id, r := range ratings {
			res, err := tx.ExecContext(ctx, `UPDATE accounts SET rating = ?, rd = ?, vol = ?, rated = ? WHERE id = ?`, r.Rating, r.RD, r.Vol, r.Games, id)
			if err != nil {
				return fmt.Errorf("store: set rating: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET rating_pending = 0 WHERE id = ?`, game)
		return err
	})
}

// PendingRatings lists the finished rated games whose ratings are not
// stored yet, oldest first.
func (s *Store) PendingRatings(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE over = 1 AND rating_pending = 1 ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("store: pending ratings: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// PutSession stores a signed-in browser's session.
func (s *Store) PutSession(ctx context.Context, se Session) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (token_hash, account, created, expires) VALUES (?, ?, ?, ?)`,
		se.TokenHash, se.Account, now(), se.Expires.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return fmt.Errorf("store: put session: %w", err)
	}
	return nil
}

// SessionAccount is the account of a session that has not expired at now
// (ErrNotFound otherwise).
func (s *Store) SessionAccount(ctx context.Context, tokenHash string, at time.Time) (Account, error) {
	var expires string
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT account, expires FROM sessions WHERE token_hash = ?`, tokenHash).Scan(&id, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("store: session: %w", err)
	}
	if t, err := time.Parse(time.RFC3339Nano, expires); err != nil || !at.Before(t) {
		return Account{}, ErrNotFound
	}
	return s.Account(ctx, id)
}

// DeleteSession ends a session (none is no error).
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// BindSeat makes a game's seat the account's: ErrNotFound for no such
// seat, ErrExists if it belongs to another account (binding it again to
// the same account is no error).
func (s *Store) BindSeat(ctx context.Context, account, game, seat string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var cur sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT account FROM seats WHERE game = ? AND seat = ?`, game, seat).Scan(&cur)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: bind seat: %w", err)
		}
		if cur.Valid && cur.String != account {
			return ErrExists
		}
		_, err = tx.ExecContext(ctx, `UPDATE seats SET account = ? WHERE game = ? AND seat = ?`, account, game, seat)
		return err
	})
}

// AccountSeats lists the seats of an account's games, newest game first.
func (s *Store) AccountSeats(ctx context.Context, account string) ([]AccountSeat, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT s.game, s.seat, g.scenario_id, g.created, g.over, COALESCE(g.winner, '')
		FROM seats s JOIN games g ON g.id = s.game WHERE s.account = ? ORDER BY g.created DESC, s.game, s.rowid`, account)
	if err != nil {
		return nil, fmt.Errorf("store: account seats: %w", err)
	}
	defer rows.Close()
	var out []AccountSeat
	for rows.Next() {
		var a AccountSeat
		if err := rows.Scan(&a.Game, &a.Seat, &a.ScenarioID, &a.Created, &a.Over, &a.Winner); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AddSeatToken gives a seat one more token (ErrNotFound for no such seat).
func (s *Store) AddSeatToken(ctx context.Context, game, seat, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO seat_tokens (game, seat, token_hash, created) VALUES (?, ?, ?, ?)`, game, seat, tokenHash, now())
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: add seat token: %w", err)
	}
	return nil
}

func (s *Store) seatTokens(ctx context.Context, game string) ([]SeatToken, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seat, token_hash FROM seat_tokens WHERE game = ? ORDER BY created, token_hash`, game)
	if err != nil {
		return nil, fmt.Errorf("store: game %s: tokens: %w", game, err)
	}
	defer rows.Close()
	var out []SeatToken
	for rows.Next() {
		var t SeatToken
		if err := rows.Scan(&t.Seat, &t.TokenHash); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// SetClock stores a game's clock state (ErrNotFound for no such game).
func (s *Store) SetClock(ctx context.Context, game, state string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE games SET clock = ? WHERE id = ?`, state, game)
	if err != nil {
		return fmt.Errorf("store: set clock: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// AppendChat stores message number n of a game's chat channel (a number
// already stored, or a game not stored, is an error).
func (s *Store) AppendChat(ctx context.Context, game, channel string, n int, message string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO chats (game, channel, n, message) VALUES (?, ?, ?, ?)`, game, channel, n, message); err != nil {
		return fmt.Errorf("store: append chat: %w", err)
	}
	return nil
}

// ChatTail is the last limit messages of a game's chat channel, oldest
// first, and the number of the last one (0 for none).
func (s *Store) ChatTail(ctx context.Context, game, channel string, limit int) ([]string, int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT n, message FROM chats WHERE game = ? AND channel = ? ORDER BY n DESC LIMIT ?`, game, channel, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("store: chat: %w", err)
	}
	defer rows.Close()
	var out []string
	last := 0
	for rows.Next() {
		var n int
		var m string
		if err := rows.Scan(&n, &m); err != nil {
			return nil, 0, err
		}
		last = max(last, n)
		out = append(out, m)
	}
	slices.Reverse(out)
	return out, last, rows.Err()
}
