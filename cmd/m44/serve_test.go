package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
