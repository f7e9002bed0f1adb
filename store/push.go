package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ErrLimit is returned when an owner already holds the most push
// subscriptions it may.
var ErrLimit = errors.New("limit reached")

// PushSub is a browser's Web Push subscription (RFC 8030, its keys RFC
// 8291) bound to an owner: "a:<account>" (every seat of an account) or
// "s:<game>/<seat>" (one seat).
type PushSub struct {
	Endpoint string // the push service's URL for this browser
	Owner    string
	P256dh   string // the browser's P-256 public key, base64url
	Auth     string // the authentication secret, base64url
	Lang     string // the language of its messages
	Created  string
}

// ServerKey is the server's key name: value is stored under name unless
// a value is already stored, and the stored one is returned (the first
// server to start makes the key, the others read it).
func (s *Store) ServerKey(ctx context.Context, name, value string) (string, error) {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO server_keys (name, value, created) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`, name, value, now()); err != nil {
		return "", fmt.Errorf("store: server key: %w", err)
	}
	var v string
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM server_keys WHERE name = ?`, name).Scan(&v); err != nil {
		return "", fmt.Errorf("store: server key: %w", err)
	}
	return v, nil
}

// AddPushSub stores a subscription, or renews its keys and language if
// the owner has it already; ErrLimit if the owner holds max others.
func (s *Store) AddPushSub(ctx context.Context, p PushSub, max int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM push_subscriptions WHERE owner = ? AND endpoint <> ?`, p.Owner, p.Endpoint).Scan(&n); err != nil {
			return fmt.Errorf("store: push subscription: %w", err)
		}
		if n >= max {
			return ErrLimit
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO push_subscriptions (endpoint, owner, p256dh, auth, lang, created) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (endpoint, owner) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang`,
			p.Endpoint, p.Owner, p.P256dh, p.Auth, p.Lang, now())
		if err != nil {
			return fmt.Errorf("store: push subscription: %w", err)
		}
		return nil
	})
}

// DeletePushSub removes the endpoint's subscription of owner, or of every
// owner when owner is "" (the push service said the endpoint is gone).
// None is no error.
func (s *Store) DeletePushSub(ctx context.Context, endpoint, owner string) error {
	var err error
	if owner == "" {
		_, err = s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
	} else {
		_, err = s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ? AND owner = ?`, endpoint, owner)
	}
	if err != nil {
		return fmt.Errorf("store: delete push subscription: %w", err)
	}
	return nil
}

// PushSubs lists the subscriptions of the owners, oldest first.
func (s *Store) PushSubs(ctx context.Context, owners ...string) ([]PushSub, error) {
	if len(owners) == 0 {
		return nil, nil
	}
	args := make([]any, len(owners))
	for i, o := range owners {
		args[i] = o
	}
	rows, err := s.db.QueryContext(ctx, `SELECT endpoint, owner, p256dh, auth, lang, created FROM push_subscriptions
		WHERE owner IN (?`+strings.Repeat(", ?", len(owners)-1)+`) ORDER BY created, endpoint, owner`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: push subscriptions: %w", err)
	}
	defer rows.Close()
	var out []PushSub
	for rows.Next() {
		var p PushSub
		if err := rows.Scan(&p.Endpoint, &p.Owner, &p.P256dh, &p.Auth, &p.Lang, &p.Created); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
