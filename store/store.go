// Package store keeps the server's games in SQLite (the pure-Go driver
// modernc.org/sqlite): uploaded scenarios, games, their seats and the log of
// their decisions. A game's state is never stored: it is rebuilt by replaying
// its decisions through the engine.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// ErrNotFound is returned for a scenario or game that is not stored.
var ErrNotFound = errors.New("not found")

// ErrLocked is returned by Open for a database file that another open
// Store (in this process or another) holds.
var ErrLocked = errors.New("database in use by another server")

// ErrNotOwner is returned by a store shared by several servers (PostgreSQL,
// store/pgstore/cluster.go) for a write to a game's log by a server that no
// longer holds the game's lease: another server took the game over, and
// nothing was written.
var ErrNotOwner = errors.New("the game is owned by another server")

var errLockHeld = errors.New("lock held")

// Store is an open database. It is safe for concurrent use.
type Store struct {
	db      *sql.DB
	lock    *os.File      // the held lock file, nil for ":memory:"
	appends appender      // the appends waiting for a transaction (appends.go)
	ckpt    *checkpointer // WAL checkpoints in the background (checkpoint.go), nil for ":memory:"
}

// Open opens (creating it if needed, with its folder) the database file at
// path and brings its schema up to date. ":memory:" opens a private
// in-memory database.
//
// A database file is used by one Store at a time: Open takes an exclusive
// lock on path+".lock" (held until Close, or the process's end) and returns
// ErrLocked if another Store holds it, so that two servers never write one
// file's games. (On systems without file locks, neither unix nor Windows,
// there is no lock.)
func Open(path string) (*Store, error) {
	dsn := ":memory:"
	var lock *os.File
	if path != ":memory:" {
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("store: %w", err)
			}
		}
		lockPath := path + ".lock"
		if real, err := filepath.EvalSymlinks(path); err == nil {
			lockPath = real + ".lock" // one lock whatever the link
		}
		var err error
		if lock, err = lockFile(lockPath); err != nil {
			return nil, err
		}
		dsn = "file:" + (&url.URL{Path: path}).EscapedPath()
	}
	s, err := open(dsn, path)
	if err != nil {
		if lock != nil {
			lock.Close()
		}
		return nil, err
	}
	s.lock = lock
	return s, nil
}

// lockFile opens (creating it) and locks the lock file at path.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("store: lock: %w", err)
	}
	if err := tryLock(f); err != nil {
		f.Close()
		if errors.Is(err, errLockHeld) {
			return nil, fmt.Errorf("store: %s: %w (its lock file %s is held)", strings.TrimSuffix(path, ".lock"), ErrLocked, path)
		}
		return nil, fmt.Errorf("store: lock %s: %w", path, err)
	}
	return f, nil
}

func open(dsn, path string) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "foreign_keys(1)")
	if path != ":memory:" {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(NORMAL)")
		// Checkpoints are the checkpointer's (checkpoint.go), off the
		// appends' path.
		q.Add("_pragma", "wal_autocheckpoint(0)")
	}
	db, err := sql.Open("sqlite", dsn+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// One connection: writes are serialised in the process (never
	// SQLITE_BUSY), and an in-memory database stays one database.
	db.SetMaxOpenConns(1)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &Store{db: db}
	if err := s.migrate(context.Background(), migrations, "migrations"); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.prepareAppends(); err != nil {
		db.Close()
		return nil, err
	}
	if path != ":memory:" {
		if s.ckpt, err = startCheckpoints(dsn, walBound); err != nil {
			db.Close()
			return nil, fmt.Errorf("store: open %s: %w", path, err)
		}
	}
	return s, nil
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.db.QueryRowContext(ctx, `SELECT 1`).Scan(&one)
}

// Close closes the database and lets go of its lock.
func (s *Store) Close() error {
	if s.ckpt != nil {
		s.ckpt.close()
	}
	for _, st := range s.appends.stmts {
		if st != nil {
			st.Close()
		}
	}
	err := s.db.Close()
	if s.lock != nil {
		s.lock.Close() // closing the file releases its lock
		s.lock = nil
	}
	return err
}

// migrate applies, in order of their number, the migrations of dir that the
// database has not applied yet: files named NNNN_name.sql, each run in its
// own transaction together with its row in schema_migrations.
func (s *Store) migrate(ctx context.Context, fsys fs.FS, dir string) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	list, err := MigrationFiles(fsys, dir)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	applied := map[int]bool{}
	rows, err := s.db.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("store: migrations: %w", err)
		}
		applied[v] = true
	}
	rows.Close()
	for _, m := range list {
		if applied[m.Version] {
			continue
		}
		body, err := fs.ReadFile(fsys, dir+"/"+m.Name)
		if err != nil {
			return fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
		err = s.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`,
				m.Version, m.Name, now())
			return err
		})
		if err != nil {
			return fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// Migrations lists the applied migrations' names, in order.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }

// Scenario is an uploaded scenario.
type Scenario struct {
	ID      string
	Name    string
	Data    []byte // the .m44 file
	Created string
}

// PutScenario stores an uploaded scenario; storing the same id again keeps
// the first.
func (s *Store) PutScenario(ctx context.Context, sc Scenario) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO scenarios (id, name, data, created) VALUES (?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, sc.ID, sc.Name, sc.Data, now())
	if err != nil {
		return fmt.Errorf("store: put scenario: %w", err)
	}
	return nil
}

// Scenario is the uploaded scenario id.
func (s *Store) Scenario(ctx context.Context, id string) (Scenario, error) {
	var sc Scenario
	err := s.db.QueryRowContext(ctx, `SELECT id, name, data, created FROM scenarios WHERE id = ?`, id).
		Scan(&sc.ID, &sc.Name, &sc.Data, &sc.Created)
	if errors.Is(err, sql.ErrNoRows) {
		return sc, ErrNotFound
	}
	if err != nil {
		return sc, fmt.Errorf("store: scenario: %w", err)
	}
	return sc, nil
}

// Scenarios lists the uploaded scenarios, oldest first.
func (s *Store) Scenarios(ctx context.Context) ([]Scenario, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, data, created FROM scenarios ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("store: scenarios: %w", err)
	}
	defer rows.Close()
	var out []Scenario
	for rows.Next() {
		var sc Scenario
		if err := rows.Scan(&sc.ID, &sc.Name, &sc.Data, &sc.Created); err != nil {
			return nil, fmt.Errorf("store: scenarios: %w", err)
		}
		out = append(out, sc)
	}
	return out, rows.Err()
}

// Game is a stored game.
type Game struct {
	ID         string
	ScenarioID string
	Scenario   []byte // the .m44 file it was created from
	Seed       uint64
	Settings   []byte // JSON, owned by the caller
	// RecordVersion is the version of the game's record (rules.RecordVersion
	// when it was created; 0 for a game stored before outcomes were).
	RecordVersion int
	Deal          string // the outcomes of the opening, in the engine's text form
	Created       string
	Over          bool
	Winner        string
	Seats         []Seat
	// Tokens are the seats' tokens beyond the first (SetSeatToken: one per
	// device an account opened its seat on), in the order added.
	Tokens []SeatToken
	// Clock is the game's clock state (JSON, owned by the caller; SetClock).
	Clock string
	// Rated marks a rated game at its creation: its ratings are pending
	// until SetRatings stores them (PendingRatings lists those of the
	// finished games).
	Rated bool
}

// Seat is one seat of a game.
type Seat struct {
	Seat      string
	Kind      string // "human" or "bot:<level>"
	TokenHash string // humans only
	Account   string // the account the seat belongs to (BindSeat), "" for none
}

// Action is one entry of a game's log of decisions.
type Action struct {
	Seq     int
	Seat    string
	Action  string // engine text form, or "undo"
	Version int    // the game's version after it
	// Outcomes are the outcomes of chance the action caused, in the
	// engine's text form ("" for none, for an undo, and in a record of
	// version 0).
	Outcomes string
}

// CreateGame stores a new game with its seats.
func (s *Store) CreateGame(ctx context.Context, g Game) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO games (id, scenario_id, scenario, seed, settings, created, record_version, deal, rating_pending) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.ScenarioID, g.Scenario, int64(g.Seed), string(g.Settings), now(), g.RecordVersion, g.Deal, g.Rated)
		if err != nil {
			return fmt.Errorf("store: create game: %w", err)
		}
		for _, st := range g.Seats {
			var hash any
			if st.TokenHash != "" {
				hash = st.TokenHash
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game, seat, kind, token_hash) VALUES (?, ?, ?, ?)`,
				g.ID, st.Seat, st.Kind, hash); err != nil {
				return fmt.Errorf("store: create game: seat %s: %w", st.Seat, err)
			}
		}
		return nil
	})
}

// Game loads a game, its seats and its log.
func (s *Store) Game(ctx context.Context, id string) (Game, []Action, error) {
	var g Game
	var seed int64
	var settings string
	var winner sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT id, scenario_id, scenario, seed, settings, created, over, winner, record_version, deal, clock FROM games WHERE id = ?`, id).
		Scan(&g.ID, &g.ScenarioID, &g.Scenario, &seed, &settings, &g.Created, &g.Over, &winner, &g.RecordVersion, &g.Deal, &g.Clock)
	if errors.Is(err, sql.ErrNoRows) {
		return g, nil, ErrNotFound
	}
	if err != nil {
		return g, nil, fmt.Errorf("store: game %s: %w", id, err)
	}
	g.Seed, g.Settings, g.Winner = uint64(seed), []byte(settings), winner.String
	rows, err := s.db.QueryContext(ctx, `SELECT seat, kind, COALESCE(token_hash, ''), COALESCE(account, '') FROM seats WHERE game = ? ORDER BY rowid`, id)
	if err != nil {
		return g, nil, fmt.Errorf("store: game %s: seats: %w", id, err)
	}
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.Seat, &st.Kind, &st.TokenHash, &st.Account); err != nil {
			rows.Close()
			return g, nil, fmt.Errorf("store: game %s: seats: %w", id, err)
		}
		g.Seats = append(g.Seats, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return g, nil, err
	}
	if g.Tokens, err = s.seatTokens(ctx, id); err != nil {
		return g, nil, err
	}
	rows, err = s.db.QueryContext(ctx, `SELECT seq, seat, action, version, outcomes FROM actions WHERE game = ? ORDER BY seq`, id)
	if err != nil {
		return g, nil, fmt.Errorf("store: game %s: actions: %w", id, err)
	}
	defer rows.Close()
	var acts []Action
	for rows.Next() {
		var a Action
		if err := rows.Scan(&a.Seq, &a.Seat, &a.Action, &a.Version, &a.Outcomes); err != nil {
			return g, nil, fmt.Errorf("store: game %s: actions: %w", id, err)
		}
		acts = append(acts, a)
	}
	return g, acts, rows.Err()
}

// LiveGames lists the games that are not over, oldest first.
func (s *Store) LiveGames(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE over = 0 ORDER BY created, id`)
	if err != nil {
		return nil, fmt.Errorf("store: live games: %w", err)
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

// SetRecord rewrites a game's record at a new version: its deal and the
// outcomes of its actions by seq (an action not in outcomes keeps its own).
// The server uses it to bring a game of an older record version up to date
// once it has replayed it.
func (s *Store) SetRecord(ctx context.Context, game string, version int, deal string, outcomes map[int]string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET record_version = ?, deal = ? WHERE id = ?`, version, deal, game)
		if err != nil {
			return fmt.Errorf("store: set record of %s: %w", game, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		for seq, o := range outcomes {
			if _, err := tx.ExecContext(ctx, `UPDATE actions SET outcomes = ? WHERE game = ? AND seq = ?`, o, game, seq); err != nil {
				return fmt.Errorf("store: set record of %s: %w", game, err)
			}
		}
		return nil
	})
}
