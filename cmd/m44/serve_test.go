package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"m44/store"
	"m44/store/pgstore"
	"m44/store/pgstore/pgtest"
	"m44/web"
)

func TestServeHealth(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	urls := make(chan string, 1)
	done := make(chan error, 1)
	db := filepath.Join(t.TempDir(), "data", "m44.db")
	var out strings.Builder
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: db, ready: func(u string) { urls <- u }}, &out, io.Discard)
	}()
	var url string
	select {
	case url = <-urls:
	case err := <-done:
		t.Fatalf("serve: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not start")
	}
	resp, err := http.Get(url + "api/health")
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		OK      bool   `json:"ok"`
		Version string `json:"version"`
	}
	err = json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || !h.OK || h.Version == "" {
		t.Fatalf("health: %d %+v %v", resp.StatusCode, h, err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after shutdown: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not shut down")
	}
	if !strings.Contains(out.String(), url) {
		t.Fatalf("the URL is not printed: %q", out.String())
	}
}

func TestServeFlags(t *testing.T) {
	var stderr strings.Builder
	if code := run([]string{"serve", "extra"}, nil, io.Discard, &stderr); code != 2 {
		t.Fatalf("serve with an argument: exit %d", code)
	}
	if code := run([]string{"serve", "--nope"}, nil, io.Discard, io.Discard); code != 2 {
		t.Fatalf("serve with an unknown flag: exit %d", code)
	}
}

// startServe runs serve on db until the test ends; it returns the URL.
func startServe(t *testing.T, db string) (url string, out *strings.Builder) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	out = new(strings.Builder)
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: db, ready: func(u string) { urls <- u }}, out, io.Discard)
	}()
	select {
	case url = <-urls:
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v", err)
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatal("serve did not start")
	}
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve after shutdown: %v", err)
			}
		case <-time.After(15 * time.Second):
			t.Error("serve did not shut down")
		}
	})
	return url, out
}

// A second server on the SQLite file of a running one refuses to start.
func TestServeSQLiteInUse(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m44.db")
	startServe(t, db)
	err := serve(context.Background(), serveConfig{addr: "127.0.0.1:0", db: db}, io.Discard, io.Discard)
	if !errors.Is(err, store.ErrLocked) {
		t.Fatalf("second server on %s: %v, want store.ErrLocked", db, err)
	}
}

// With a postgres:// URL the server keeps its games in PostgreSQL.
func TestServePostgres(t *testing.T) {
	db := pgtest.URL(t)
	url, out := startServe(t, db)
	if !strings.Contains(out.String(), "(database PostgreSQL postgres://") {
		t.Fatalf("the database is not named: %q", out.String())
	}
	req, _ := json.Marshal(map[string]any{"scenario": web.Library()[0].ID, "seats": map[string]string{"allies": "human", "axis": "bot:random"}})
	resp, err := http.Post(url+"api/games", "application/json", strings.NewReader(string(req)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create game: %d %s", resp.StatusCode, body)
	}
	var created struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(body, &created); err != nil || created.Game == "" {
		t.Fatalf("create game: %s %v", body, err)
	}
	st, err := pgstore.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, _, err := st.Game(context.Background(), created.Game)
	if err != nil || len(g.Seats) != 2 {
		t.Fatalf("game %s in PostgreSQL: %+v, %v", created.Game, g, err)
	}
}

func TestChooseDB(t *testing.T) {
	for _, tc := range []struct{ flag, env, want string }{
		{"", "", "data/m44.db"},
		{"", "postgres://u@h/db", "postgres://u@h/db"},
		{"games.db", "postgres://u@h/db", "games.db"},
		{"postgres://a@b/c", "", "postgres://a@b/c"},
	} {
		if got := chooseDB(tc.flag, tc.env); got != tc.want {
			t.Errorf("chooseDB(%q, %q) = %q, want %q", tc.flag, tc.env, got, tc.want)
		}
	}
}
