package match

import (
	"context"
	"errors"
	"time"

	"m44/store"
)

// Seats bound to accounts (issue 13): a seat taken by a signed-in player
// belongs to their account, so that they find it again on any device. The
// seat's first token stays valid; each device the account opens it on gets
// a token of its own (TokenFor).

// SeatInfoOf names the seat a token holds and the account it belongs to
// ("" and "" for no token: a spectator).
func (m *Match) SeatInfoOf(token string) (seat, account string, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.seatOf(token)
	if err != nil || s == nil {
		return "", "", err
	}
	return s.name, s.account, nil
}

// BindSeat makes the seat token holds the account's, in the store then
// here; it answers the seat's name. A seat of another account is refused
// (CodeUnauthorized).
func (m *Match) BindSeat(ctx context.Context, token, account string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.movedLocked(); err != nil {
		return "", err
	}
	s, err := m.actingSeat(token, "bind a seat")
	if err != nil {
		return "", err
	}
	if s.account == account {
		return s.name, nil
	}
	if s.account != "" {
		return "", Errorf(CodeUnauthorized, "seat %s of game %s belongs to another account", s.name, m.id)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err = m.mgr.cfg.Store.BindSeat(ctx, account, m.id, s.name)
	if errors.Is(err, store.ErrExists) {
		return "", Errorf(CodeUnauthorized, "seat %s of game %s belongs to another account", s.name, m.id)
	}
	if err != nil {
		return "", internal(err, "cannot bind the seat")
	}
	s.account = account
	return s.name, nil
}

// TokenFor gives the account a new token of its seat (for another device):
// stored, then valid at once. A seat that is not the account's is
// CodeUnauthorized; no such seat CodeNotFound.
func (m *Match) TokenFor(ctx context.Context, account, seatName string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.movedLocked(); err != nil {
		return "", err
	}
	s := m.seatNamed(seatName)
	if s == nil {
		return "", Errorf(CodeNotFound, "no seat %q in game %s", seatName, m.id)
	}
	if account == "" || s.account != account {
		return "", Errorf(CodeUnauthorized, "seat %s of game %s is not your account's", seatName, m.id)
	}
	tok := newToken()
	h := hashToken(tok)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := m.mgr.cfg.Store.AddSeatToken(ctx, m.id, s.name, h); err != nil {
		return "", internal(err, "cannot store the token")
	}
	s.tokens = append(s.tokens, h)
	return tok, nil
}

// SeatOwner is a seat, its side, kind and account, for ratings and lists.
type SeatOwner struct {
	Seat, Side, Kind, Account string
}

// Owners lists the game's seats with their accounts, in order; and whether
// the game is over, with the winning side.
func (m *Match) Owners() (seats []SeatOwner, over bool, winner string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.seats {
		seats = append(seats, SeatOwner{Seat: s.name, Side: s.side.String(), Kind: s.kind, Account: s.account})
	}
	over, winner, _ = m.overLocked() // a draw at the action limit has no winner
	return seats, over, winner
}

// ScenarioName is the game's scenario name in lang.
func (m *Match) ScenarioName(lang string) string { return m.sc.Name(lang) }

// The error codes of accounts (docs/web-api.md, "Accounts").
const (
	CodeNameTaken       Code = "name_taken"        // 409: sign-up with a name in use
	CodeBadCredentials  Code = "bad_credentials"   // 401: wrong name or password, or not signed in
	CodeTooManyAttempts Code = "too_many_attempts" // 429: sign-in attempts over the limit
)

// Rated reports whether the game was created rated (ratings between
// accounts, issue 13).
func (m *Match) Rated() bool { return m.settings.Rated }

// ToAct is the seat to act now ("" once the game is over).
func (m *Match) ToAct() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t := m.toActLocked(); t != nil {
		return t.name
	}
	return ""
}
