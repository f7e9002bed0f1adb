// Package pgtest gives a test its own PostgreSQL database: created with a
// unique name on the server that M44_TEST_POSTGRES names, dropped when the
// test ends; the test is skipped when no server answers.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the environment variable holding the URL of the server the
// tests use, as a user who may create databases.
const Env = "M44_TEST_POSTGRES"

// Default is the server the tests use when Env is not set.
const Default = "postgres://postgres@127.0.0.1:5432/postgres"

// Wait is how long a server has to answer before the tests skip.
const Wait = 2 * time.Second

// Server is the URL of the tests' server (Env, else Default).
func Server() string {
	if s := os.Getenv(Env); s != "" {
		return s
	}
	return Default
}

var (
	mu      sync.Mutex
	checked = map[string]error{} // server → why it does not answer (nil: it does)
)

// reachable tells, once per server and process, whether it answers within Wait.
func reachable(server string) error {
	mu.Lock()
	defer mu.Unlock()
	if err, ok := checked[server]; ok {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), Wait)
	defer cancel()
	conn, err := pgx.Connect(ctx, server)
	if err == nil {
		err = conn.Ping(ctx)
		conn.Close(ctx)
	}
	checked[server] = err
	return err
}

// URL creates a database with a unique name on the tests' server and
// returns its URL; the database is dropped (its connections closed) when
// t's test and its cleanups registered later are done. When no server
// answers within Wait, t is skipped with a message naming the address and
// Env.
func URL(t testing.TB) string {
	t.Helper()
	server := Server()
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s=%q: want a postgres:// URL", Env, server)
	}
	if err := reachable(server); err != nil {
		t.Skipf("PostgreSQL tests skipped: no PostgreSQL server answers at %s within %v (set %s to a postgres:// URL of a server where the user may create databases): %v",
			redact(u), Wait, Env, err)
	}
	var b [8]byte
	rand.Read(b[:])
	name := "m44_test_" + hex.EncodeToString(b[:])
	admin := func(sql string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, server)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := admin("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create test database %s on %s: %v", name, redact(u), err)
	}
	t.Cleanup(func() {
		if err := admin("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	db := *u
	db.Path = "/" + name
	return db.String()
}

func redact(u *url.URL) string {
	r := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}
	if u.User != nil {
		r.User = url.User(u.User.Username())
	}
	return fmt.Sprint(&r)
}
