package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"m44/match"
)

// The paths that name a game: forwarded to the game's node, except a
// WebSocket, which a follower copy serves where it lands.
func TestGameOfPath(t *testing.T) {
	for _, tc := range []struct {
		path string
		id   string
		ws   bool
	}{
		{"/api/games/abc", "abc", false},
		{"/api/games/abc/actions", "abc", false},
		{"/api/games/abc/chat", "abc", false},
		{"/api/games/abc/ws", "abc", true},
		{"/api/me/games/abc/token", "abc", false},
		{"/api/me/games", "", false},
		{"/api/games", "", false},
		{"/api/tables", "", false},
		{"/play/abc", "", false},
	} {
		id, ws := gameOfPath(tc.path)
		if id != tc.id || ws != tc.ws {
			t.Errorf("%s: %q %v, want %q %v", tc.path, id, ws, tc.id, tc.ws)
		}
	}
}

// A forwarded request's client address is believed only with the nodes'
// secret: anyone else's headers are dropped, so that a client cannot
// escape its rate limits by naming another address.
func TestFromNodeNeedsTheSecret(t *testing.T) {
	s := &Server{opts: Options{ClusterSecret: "s3cret"}}
	var remote string
	var forwarded bool
	var leaked bool
	h := s.fromNode(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		remote = r.RemoteAddr
		forwarded = r.Context().Value(forwardedKey{}) != nil
		leaked = r.Header.Get(hdrNodeSecret) != "" || r.Header.Get(hdrNodeClient) != ""
	}))
	for _, tc := range []struct {
		secret, client string
		want           string
		fwd            bool
	}{
		{"", "", "192.0.2.1:1234", false},
		{"", "198.51.100.7:99", "192.0.2.1:1234", false},
		{"guess", "198.51.100.7:99", "192.0.2.1:1234", false},
		{"s3cret", "198.51.100.7:99", "198.51.100.7:99", true},
		{"s3cret", "not an address", "192.0.2.1:1234", true},
	} {
		r := httptest.NewRequest("GET", "/api/games/x", nil)
		r.RemoteAddr = "192.0.2.1:1234"
		if tc.secret != "" {
			r.Header.Set(hdrNodeSecret, tc.secret)
		}
		if tc.client != "" {
			r.Header.Set(hdrNodeClient, tc.client)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if remote != tc.want || forwarded != tc.fwd || leaked {
			t.Errorf("secret %q client %q: address %s forwarded %v leaked %v, want %s %v", tc.secret, tc.client, remote, forwarded, leaked, tc.want, tc.fwd)
		}
	}
	// A server alone (no secret) believes no one.
	alone := &Server{}
	h = alone.fromNode(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { remote = r.RemoteAddr }))
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "192.0.2.1:1234"
	r.Header.Set(hdrNodeSecret, "")
	r.Header.Set(hdrNodeClient, "198.51.100.7:99")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if remote != "192.0.2.1:1234" {
		t.Errorf("alone: address %s", remote)
	}
}

// The lobby of several nodes lists a game once (its newest version: the
// owner's rather than a follower's), in the list's order.
func TestMergeTables(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ts := []match.TableInfo{
		{Game: "b", Version: 3, Created: t0.Add(time.Minute)},
		{Game: "a", Version: 1, Created: t0},
		{Game: "b", Version: 7, Created: t0.Add(time.Minute)},
		{Game: "c", Version: 2, Created: t0.Add(2 * time.Minute)},
	}
	got := mergeTables(ts, true)
	if len(got) != 3 || got[0].Game != "a" || got[1].Game != "b" || got[1].Version != 7 || got[2].Game != "c" {
		t.Errorf("oldest first: %+v", got)
	}
	got = mergeTables(ts, false)
	if len(got) != 3 || got[0].Game != "c" || got[2].Game != "a" {
		t.Errorf("newest first: %+v", got)
	}
}
