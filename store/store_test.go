package store

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"
)

func TestMigrationsRunOnceInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "m44.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	names, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0001_init.sql", "0002_outcomes.sql", "0003_accounts.sql", "0004_push_ratings.sql", "0005_leases.sql"}; !slices.Equal(names, want) {
		t.Fatalf("migrations: %v, want %v", names, want)
	}
	extra := fstest.MapFS{
		"m/0001_init.sql":  {Data: []byte("this is not SQL, and is already applied")},
		"m/0103_c.sql":     {Data: []byte("CREATE TABLE c (x INTEGER); INSERT INTO b VALUES (2);")},
		"m/0102_b.sql":     {Data: []byte("CREATE TABLE b (x INTEGER); INSERT INTO b VALUES (1);")},
		"m/README.txt":     {Data: []byte("ignored")},
		"m/0104_fails.sql": {Data: []byte("CREATE TABLE d (x INTEGER); INSERT INTO nowhere VALUES (1);")},
	}
	err = s.migrate(ctx, extra, "m")
	if err == nil {
		t.Fatal("a failing migration: no error")
	}
	names, _ = s.Migrations(ctx)
	if want := []string{"0001_init.sql", "0002_outcomes.sql", "0003_accounts.sql", "0004_push_ratings.sql", "0005_leases.sql", "0102_b.sql", "0103_c.sql"}; !slices.Equal(names, want) {
		t.Fatalf("migrations %v, want %v", names, want)
	}
	// The failed migration left nothing behind.
	if _, err := s.db.Exec(`INSERT INTO d VALUES (1)`); err == nil {
		t.Fatal("table of a failed migration exists")
	}
	var n int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM b`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("b rows %d, %v (2 migrations in order)", n, err)
	}
	s.Close()
	// Reopening applies nothing again.
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	names, _ = s.Migrations(ctx)
	if len(names) != 7 {
		t.Fatalf("after reopen: %v", names)
	}
	bad := fstest.MapFS{"m/0005_x.sql": {Data: []byte("SELECT 1")}, "m/5_y.sql": {Data: []byte("SELECT 1")}}
	if err := s.migrate(ctx, bad, "m"); err == nil {
		t.Fatal("two migrations with one number: no error")
	}
}

// The operations of the match.Store contract are tested by
// package storetest (suite_test.go).

// A database made before outcomes were stored migrates: its games read as
// record version 0 with no outcomes, and SetRecord brings one up to date.
func TestMigrateOldGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Back to the first schema, with a game stored then.
	for _, q := range []string{
		`DROP TABLE cluster`, `DROP TABLE game_leases`, `DROP TABLE push_subscriptions`, `DROP TABLE server_keys`, `DROP TABLE chats`, `DROP TABLE seat_tokens`, `DROP TABLE sessions`, `DROP TABLE actions`, `DROP TABLE seats`, `DROP TABLE accounts`, `DROP TABLE games`, `DROP TABLE scenarios`, `DELETE FROM schema_migrations`,
	} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	init, _ := migrations.ReadFile("migrations/0001_init.sql")
	if err := s.migrate(ctx, fstest.MapFS{"m/0001_init.sql": {Data: init}}, "m"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO games (id, scenario_id, scenario, seed, settings, created) VALUES ('old', 'x', '{}', 7, '{}', 'then')`,
		`INSERT INTO seats (game, seat, kind) VALUES ('old', 'allies', 'bot:easy')`,
		`INSERT INTO actions (game, seq, seat, action, version, created) VALUES ('old', 1, 'allies', 'play 3', 1, 'then')`,
		`INSERT INTO games (id, scenario_id, scenario, seed, settings, created) VALUES ('rated', 'x', '{}', 7, '{"players":{"allies":1,"axis":1},"rated":true}', 'then')`,
	} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	s.Close()
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, acts, err := s.Game(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if g.RecordVersion != 0 || g.Deal != "" || g.Seed != 7 || len(acts) != 1 || acts[0].Outcomes != "" || acts[0].Action != "play 3" {
		t.Fatalf("old game %+v %+v", g, acts)
	}
	if err := s.SetRecord(ctx, "old", 1, "card:1", map[int]string{1: "die:star"}); err != nil {
		t.Fatal(err)
	}
	g, acts, _ = s.Game(ctx, "old")
	if g.RecordVersion != 1 || g.Deal != "card:1" || acts[0].Outcomes != "die:star" {
		t.Fatalf("after SetRecord: %+v %+v", g, acts)
	}
	if err := s.SetRecord(ctx, "nope", 1, "", nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetRecord of no game: %v", err)
	}
	// A rated game in progress at the migration has its ratings pending
	// (issue 13: rated when it ends); the unrated one has none.
	for _, id := range []string{"old", "rated"} {
		if err := s.Append(ctx, id, Action{Seq: 9, Seat: "allies", Action: "end-battles", Version: 9}, true, "allies"); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := s.PendingRatings(ctx); err != nil || !slices.Equal(ids, []string{"rated"}) {
		t.Fatalf("pending ratings after the migration: %v, %v", ids, err)
	}
}
