package pgstore

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"m44/store"
	"m44/store/pgstore/pgtest"
)

// A fresh database gets every migration, listed by Migrations under the
// same names as SQLite's; migrations added later run once, in order, and a
// failing one leaves nothing behind.
func TestMigrations(t *testing.T) {
	db := pgtest.URL(t)
	ctx := context.Background()
	s, err := Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	names, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0001_init.sql", "0002_outcomes.sql", "0003_accounts.sql", "0004_push_ratings.sql", "0005_leases.sql"}; !slices.Equal(names, want) {
		t.Fatalf("migrations: %v, want %v", names, want)
	}
	lite, err := store.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	liteNames, _ := lite.Migrations(ctx)
	lite.Close()
	if !slices.Equal(names, liteNames) {
		t.Fatalf("migrations %v, SQLite's %v: each SQLite migration has its PostgreSQL twin", names, liteNames)
	}
	for _, table := range []string{"scenarios", "games", "seats", "actions"} {
		var n int
		if err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil || n != 0 {
			t.Fatalf("table %s: %d rows, %v", table, n, err)
		}
	}

	extra := fstest.MapFS{
		"m/0001_init.sql":  {Data: []byte("this is not SQL, and is already applied")},
		"m/0103_c.sql":     {Data: []byte("CREATE TABLE c (x INTEGER); INSERT INTO b VALUES (2);")},
		"m/0102_b.sql":     {Data: []byte("CREATE TABLE b (x INTEGER); INSERT INTO b VALUES (1);")},
		"m/README.txt":     {Data: []byte("ignored")},
		"m/0104_fails.sql": {Data: []byte("CREATE TABLE d (x INTEGER); INSERT INTO nowhere VALUES (1);")},
	}
	if err := s.migrate(ctx, extra, "m"); err == nil {
		t.Fatal("a failing migration: no error")
	}
	names, _ = s.Migrations(ctx)
	if want := []string{"0001_init.sql", "0002_outcomes.sql", "0003_accounts.sql", "0004_push_ratings.sql", "0005_leases.sql", "0102_b.sql", "0103_c.sql"}; !slices.Equal(names, want) {
		t.Fatalf("migrations %v, want %v", names, want)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO d VALUES (1)`); err == nil {
		t.Fatal("table of a failed migration exists")
	}
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM b`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("b rows %d, %v (2 migrations in order)", n, err)
	}
	bad := fstest.MapFS{"m/0005_x.sql": {Data: []byte("SELECT 1")}, "m/5_y.sql": {Data: []byte("SELECT 1")}}
	if err := s.migrate(ctx, bad, "m"); err == nil {
		t.Fatal("two migrations with one number: no error")
	}
	s.Close()

	// Reopening applies nothing again.
	s, err = Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if names, _ = s.Migrations(ctx); len(names) != 7 {
		t.Fatalf("after reopen: %v", names)
	}
}

// Servers starting together on a fresh database apply each migration once.
func TestMigrationsConcurrent(t *testing.T) {
	db := pgtest.URL(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	stores := make([]*Store, 4)
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, db) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("server %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	names, err := stores[0].Migrations(ctx)
	if err != nil || !slices.Equal(names, []string{"0001_init.sql", "0002_outcomes.sql", "0003_accounts.sql", "0004_push_ratings.sql", "0005_leases.sql"}) {
		t.Fatalf("migrations %v, %v", names, err)
	}
}

// Open refuses a URL it cannot parse without echoing it (it may hold a
// password), and names the server it cannot reach without the password.
func TestOpenErrors(t *testing.T) {
	_, err := Open(context.Background(), "postgres://u:secret@[::1")
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("bad URL: %v", err)
	}
	_, err = Open(context.Background(), "postgres://u:secret@127.0.0.1:1/db?connect_timeout=2")
	if err == nil || strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), "127.0.0.1:1") {
		t.Fatalf("no server: %v", err)
	}
	if got := Redact("postgres://u:secret@h:5/db?password=secret"); got != "postgres://u@h:5/db" {
		t.Fatalf("Redact: %q", got)
	}
}
