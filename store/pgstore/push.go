package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"m44/store"
)

// ServerKey is the server's key name: value is stored unless one is, and
// the stored one returned (see store.Store's).
func (s *Store) ServerKey(ctx context.Context, name, value string) (string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	if _, err := s.pool.Exec(ctx, `INSERT INTO server_keys (name, value, created) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`, name, value, time.Now()); err != nil {
		return "", fmt.Errorf("pgstore: server key: %w", err)
	}
	var v string
	if err := s.pool.QueryRow(ctx, `SELECT value FROM server_keys WHERE name = $1`, name).Scan(&v); err != nil {
		return "", fmt.Errorf("pgstore: server key: %w", err)
	}
	return v, nil
}

// AddPushSub stores a subscription, or renews it; store.ErrLimit if the
// owner holds max others.
func (s *Store) AddPushSub(ctx context.Context, p store.PushSub, max int) error {
	ctx, cancel := op(ctx)
	defer cancel()
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// One owner's subscriptions are counted and added one at a time.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, p.Owner); err != nil {
			return fmt.Errorf("pgstore: push subscription: %w", err)
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM push_subscriptions WHERE owner = $1 AND endpoint <> $2`, p.Owner, p.Endpoint).Scan(&n); err != nil {
			return fmt.Errorf("pgstore: push subscription: %w", err)
		}
		if n >= max {
			return store.ErrLimit
		}
		_, err := tx.Exec(ctx, `INSERT INTO push_subscriptions (endpoint, owner, p256dh, auth, lang, created) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (endpoint, owner) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang`,
			p.Endpoint, p.Owner, p.P256dh, p.Auth, p.Lang, time.Now())
		if err != nil {
			return fmt.Errorf("pgstore: push subscription: %w", err)
		}
		return nil
	})
}

// DeletePushSub removes the endpoint's subscription of owner, or of every
// owner when owner is "".
func (s *Store) DeletePushSub(ctx context.Context, endpoint, owner string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	var err error
	if owner == "" {
		_, err = s.pool.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1`, endpoint)
	} else {
		_, err = s.pool.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1 AND owner = $2`, endpoint, owner)
	}
	if err != nil {
		return fmt.Errorf("pgstore: delete push subscription: %w", err)
	}
	return nil
}

// PushSubs lists the subscriptions of the owners, oldest first.
func (s *Store) PushSubs(ctx context.Context, owners ...string) ([]store.PushSub, error) {
	if len(owners) == 0 {
		return nil, nil
	}
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT endpoint, owner, p256dh, auth, lang, created FROM push_subscriptions
		WHERE owner = ANY($1) ORDER BY created, endpoint, owner`, owners)
	if err != nil {
		return nil, fmt.Errorf("pgstore: push subscriptions: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.PushSub, error) {
		var p store.PushSub
		var created time.Time
		err := r.Scan(&p.Endpoint, &p.Owner, &p.P256dh, &p.Auth, &p.Lang, &created)
		p.Created = created.UTC().Format(time.RFC3339Nano)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("pgstore: push subscriptions: %w", err)
	}
	return out, nil
}
