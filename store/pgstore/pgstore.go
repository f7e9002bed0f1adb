// Package pgstore keeps the server's games in PostgreSQL (jackc/pgx v5, a
// pool of connections): the same rows as package store's SQLite, behind the
// same match.Store contract (checked by store/storetest), with its own
// embedded migrations mirroring SQLite's (the same names, in PostgreSQL's
// types). Several servers may share one database: migrations are applied
// under an advisory lock, and every write is one transaction.
package pgstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"m44/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Timeout bounds each operation of the store (on top of the caller's
// context), and connecting when the URL sets no connect_timeout.
const Timeout = 10 * time.Second

// migrationLock is the key of the advisory lock under which a server applies
// migrations, so that servers starting together apply each one once.
const migrationLock int64 = 0x6d34345f6d6967 // "m44_mig"

// Store is an open PostgreSQL database. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	node string // the node whose writes these are (Join), "" alone
	// nameLock is the connection holding the node name's advisory lock
	// (Join), closed by Leave or Close; nil alone.
	nameMu   sync.Mutex
	nameLock *pgx.Conn
}

// IsURL reports whether db names a PostgreSQL database
// (postgres://… or postgresql://…) rather than a file.
func IsURL(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Open connects to the PostgreSQL database at db (postgres://user@host/db;
// the pool's size and the other settings pgxpool reads from the URL, such as
// pool_max_conns, apply), checks that it answers and brings its schema up to
// date.
func Open(ctx context.Context, db string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(db)
	if err != nil {
		// pgx's message may quote the URL, password included.
		return nil, errors.New("pgstore: the database URL does not parse")
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	s := &Store{pool: pool}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgstore: connect to %s: %w", Redact(db), err)
	}
	if err := s.migrate(ctx, migrations, "migrations"); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Redact is a database URL without its password or parameters, for
// messages and logs.
func Redact(db string) string {
	u, err := url.Parse(db)
	if err != nil || u.Host == "" {
		return "(a PostgreSQL URL)"
	}
	r := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}
	if u.User != nil {
		r.User = url.User(u.User.Username())
	}
	return r.String()
}

// Close closes the pool's connections.
func (s *Store) Close() error {
	s.releaseName()
	s.pool.Close()
	return nil
}

func op(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, Timeout)
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := op(ctx)
	defer cancel()
	return s.pool.Ping(ctx)
}

// migrate applies, in order of their number, the migrations of dir that the
// database has not applied yet: files named NNNN_name.sql, each run in its
// own transaction together with its row in schema_migrations, all under an
// advisory lock held by one connection.
func (s *Store) migrate(ctx context.Context, fsys fs.FS, dir string) error {
	list, err := store.MigrationFiles(fsys, dir)
	if err != nil {
		return fmt.Errorf("pgstore: %w", err)
	}

	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("pgstore: migrations: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("pgstore: migrations: lock: %w", err)
	}
	defer func() {
		// On a failed unlock (the connection is gone) the session's lock
		// goes with it.
		unlock, cancel := context.WithTimeout(context.WithoutCancel(ctx), Timeout)
		defer cancel()
		conn.Exec(unlock, `SELECT pg_advisory_unlock($1)`, migrationLock)
	}()
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TIMESTAMPTZ NOT NULL)`); err != nil {
		return fmt.Errorf("pgstore: migrations table: %w", err)
	}
	applied := map[int]bool{}
	rows, err := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("pgstore: migrations: %w", err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		return fmt.Errorf("pgstore: migrations: %w", err)
	}
	for _, v := range versions {
		applied[v] = true
	}
	for _, m := range list {
		if applied[m.Version] {
			continue
		}
		body, err := fs.ReadFile(fsys, dir+"/"+m.Name)
		if err != nil {
			return fmt.Errorf("pgstore: migration %s: %w", m.Name, err)
		}
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			// No arguments: the simple protocol, several statements.
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)`,
				m.Version, m.Name, time.Now())
			return err
		})
		if err != nil {
			return fmt.Errorf("pgstore: migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// Migrations lists the applied migrations' names, in order.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT name FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, fmt.Errorf("pgstore: migrations: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// stamp is a creation time as the rows carry it (as SQLite's store writes it).
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// PutScenario stores an uploaded scenario; storing the same id again keeps
// the first.
func (s *Store) PutScenario(ctx context.Context, sc store.Scenario) error {
	ctx, cancel := op(ctx)
	defer cancel()
	data := sc.Data
	if data == nil {
		data = []byte{}
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO scenarios (id, name, data, created) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, sc.ID, sc.Name, data, time.Now())
	if err != nil {
		return fmt.Errorf("pgstore: put scenario: %w", err)
	}
	return nil
}

func scanScenario(row pgx.Row) (store.Scenario, error) {
	var sc store.Scenario
	var created time.Time
	err := row.Scan(&sc.ID, &sc.Name, &sc.Data, &created)
	sc.Created = stamp(created)
	return sc, err
}

// Scenario is the uploaded scenario id.
func (s *Store) Scenario(ctx context.Context, id string) (store.Scenario, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	sc, err := scanScenario(s.pool.QueryRow(ctx, `SELECT id, name, data, created FROM scenarios WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Scenario{}, store.ErrNotFound
	}
	if err != nil {
		return store.Scenario{}, fmt.Errorf("pgstore: scenario: %w", err)
	}
	return sc, nil
}

// Scenarios lists the uploaded scenarios, oldest first.
func (s *Store) Scenarios(ctx context.Context) ([]store.Scenario, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT id, name, data, created FROM scenarios ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("pgstore: scenarios: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Scenario, error) { return scanScenario(r) })
	if err != nil {
		return nil, fmt.Errorf("pgstore: scenarios: %w", err)
	}
	return out, nil
}

// CreateGame stores a new game with its seats, in one transaction.
func (s *Store) CreateGame(ctx context.Context, g store.Game) error {
	ctx, cancel := op(ctx)
	defer cancel()
	scenario := g.Scenario
	if scenario == nil {
		scenario = []byte{}
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var b pgx.Batch
		pending := 0
		if g.Rated {
			pending = 1
		}
		b.Queue(`INSERT INTO games (id, scenario_id, scenario, seed, settings, created, record_version, deal, rating_pending) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			g.ID, g.ScenarioID, scenario, int64(g.Seed), string(g.Settings), time.Now(), g.RecordVersion, g.Deal, pending)
		for i, st := range g.Seats {
			var hash *string
			if st.TokenHash != "" {
				hash = &st.TokenHash
			}
			b.Queue(`INSERT INTO seats (game, seat, kind, token_hash, ord) VALUES ($1, $2, $3, $4, $5)`,
				g.ID, st.Seat, st.Kind, hash, i)
		}
		if err := tx.SendBatch(ctx, &b).Close(); err != nil {
			return fmt.Errorf("pgstore: create game %s: %w", g.ID, err)
		}
		return nil
	})
}

// Game loads a game, its seats and its log, from one snapshot.
func (s *Store) Game(ctx context.Context, id string) (store.Game, []store.Action, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	var g store.Game
	var acts []store.Action
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var b pgx.Batch
		b.Queue(`SELECT id, scenario_id, scenario, seed, settings, created, over, COALESCE(winner, ''), record_version, deal, clock FROM games WHERE id = $1`, id).
			QueryRow(func(row pgx.Row) error {
				var seed int64
				var settings string
				var created time.Time
				err := row.Scan(&g.ID, &g.ScenarioID, &g.Scenario, &seed, &settings, &created, &g.Over, &g.Winner, &g.RecordVersion, &g.Deal, &g.Clock)
				if errors.Is(err, pgx.ErrNoRows) {
					return store.ErrNotFound
				}
				g.Seed, g.Settings, g.Created = uint64(seed), []byte(settings), stamp(created)
				return err
			})
		b.Queue(`SELECT seat, kind, COALESCE(token_hash, ''), COALESCE(account, '') FROM seats WHERE game = $1 ORDER BY ord`, id).
			Query(func(rows pgx.Rows) error {
				var err error
				g.Seats, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Seat, error) {
					var st store.Seat
					err := r.Scan(&st.Seat, &st.Kind, &st.TokenHash, &st.Account)
					return st, err
				})
				return err
			})
		b.Queue(`SELECT seat, token_hash FROM seat_tokens WHERE game = $1 ORDER BY created, token_hash`, id).
			Query(func(rows pgx.Rows) error {
				var err error
				g.Tokens, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.SeatToken, error) {
					var st store.SeatToken
					err := r.Scan(&st.Seat, &st.TokenHash)
					return st, err
				})
				return err
			})
		b.Queue(`SELECT seq, seat, action, version, outcomes FROM actions WHERE game = $1 ORDER BY seq`, id).
			Query(func(rows pgx.Rows) error {
				var err error
				acts, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Action, error) {
					var a store.Action
					err := r.Scan(&a.Seq, &a.Seat, &a.Action, &a.Version, &a.Outcomes)
					return a, err
				})
				return err
			})
		return tx.SendBatch(ctx, &b).Close()
	})
	if errors.Is(err, store.ErrNotFound) {
		return store.Game{}, nil, store.ErrNotFound
	}
	if err != nil {
		return store.Game{}, nil, fmt.Errorf("pgstore: game %s: %w", id, err)
	}
	return g, acts, nil
}

// LiveGames lists the games that are not over, oldest first.
func (s *Store) LiveGames(ctx context.Context) ([]string, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE NOT over ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("pgstore: live games: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("pgstore: live games: %w", err)
	}
	return out, nil
}

// Append adds one entry to a game's log, and marks the game over (with its
// winner) if over is set; both in one transaction, committed on return.
// The entry's Seq must be the next one: a conflict means another writer got
// there first and nothing is written. On a node's store (Join), the node
// must hold the game's lease (store.ErrNotOwner otherwise), and the other
// nodes are notified.
func (s *Store) Append(ctx context.Context, game string, a store.Action, over bool, winner string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if s.node != "" {
			// A node's append is fenced by its lease (cluster.go): the
			// share lock makes a takeover wait for this transaction.
			var owner string
			err := tx.QueryRow(ctx, `SELECT node FROM game_leases WHERE game = $1 FOR SHARE`, game).Scan(&owner)
			if errors.Is(err, pgx.ErrNoRows) || err == nil && owner != s.node {
				return store.ErrNotOwner
			}
			if err != nil {
				return err
			}
		}
		var b pgx.Batch
		b.Queue(`INSERT INTO actions (game, seq, seat, action, version, created, outcomes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			game, a.Seq, a.Seat, a.Action, a.Version, time.Now(), a.Outcomes)
		if over {
			b.Queue(`UPDATE games SET over = TRUE, winner = $1 WHERE id = $2`, winner, game)
		}
		if s.node != "" {
			// Delivered to the other nodes when the transaction commits.
			b.Queue(`SELECT pg_notify($1, $2)`, Channel, payload(s.node, game, a.Seq))
		}
		return tx.SendBatch(ctx, &b).Close()
	})
	if errors.Is(err, store.ErrNotOwner) {
		return store.ErrNotOwner
	}
	if err != nil {
		return fmt.Errorf("pgstore: append to %s: %w", game, err)
	}
	return nil
}

// SetRecord rewrites a game's record at a new version: its deal and the
// outcomes of its actions by seq (an action not in outcomes keeps its own).
func (s *Store) SetRecord(ctx context.Context, game string, version int, deal string, outcomes map[int]string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	seqs := make([]int32, 0, len(outcomes))
	outs := make([]string, 0, len(outcomes))
	for seq, o := range outcomes {
		seqs = append(seqs, int32(seq))
		outs = append(outs, o)
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET record_version = $1, deal = $2 WHERE id = $3`, version, deal, game)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		if len(seqs) == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE actions SET outcomes = u.outcomes
			FROM unnest($2::integer[], $3::text[]) AS u(seq, outcomes)
			WHERE actions.game = $1 AND actions.seq = u.seq`, game, seqs, outs)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("pgstore: set record of %s: %w", game, err)
	}
	return nil
}
