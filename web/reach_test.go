package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Issue 13 "Reachable invites": invite and spectator links carry the
// address the other player reaches the server at: --public-url, else the
// proxy's X-Forwarded-* headers when trusted, else the request's Host; a
// loopback address is reported as local only.
func TestInviteLinksReachable(t *testing.T) {
	id := firstScenario(t)
	body, _ := json.Marshal(map[string]any{"scenario": id, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 3})
	for _, tc := range []struct {
		name       string
		public     string
		trust      bool
		host       string
		headers    map[string]string
		base       string
		localOnly  bool
		publicFlag bool
	}{
		{name: "request host on the LAN", host: "192.168.1.20:8044", base: "http://192.168.1.20:8044"},
		{name: "loopback", host: "127.0.0.1:8044", base: "http://127.0.0.1:8044", localOnly: true},
		{name: "localhost", host: "localhost:8044", base: "http://localhost:8044", localOnly: true},
		{name: "public URL wins over host and headers", public: "https://m44.example.org/", trust: true, host: "127.0.0.1:8044",
			headers: map[string]string{"X-Forwarded-Host": "evil.example"}, base: "https://m44.example.org", publicFlag: true},
		{name: "proxy headers ignored unless trusted", host: "127.0.0.1:8044",
			headers: map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "m44.example.org"}, base: "http://127.0.0.1:8044", localOnly: true},
		{name: "trusted proxy", trust: true, host: "127.0.0.1:8044",
			headers: map[string]string{"X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "m44.example.org"}, base: "https://m44.example.org"},
		{name: "trusted proxy, bad host refused", trust: true, host: "10.0.0.5:8044",
			headers: map[string]string{"X-Forwarded-Proto": "gopher", "X-Forwarded-Host": "a.example/<script>"}, base: "http://10.0.0.5:8044"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t, "", func(o *Options) { o.PublicURL, o.TrustProxy = tc.public, tc.trust })
			do := func(method, path string, b []byte) *httptest.ResponseRecorder {
				req := httptest.NewRequest(method, path, bytes.NewReader(b))
				req.Host = tc.host
				for k, v := range tc.headers {
					req.Header.Set(k, v)
				}
				rec := httptest.NewRecorder()
				ts.srv.Handler().ServeHTTP(rec, req)
				return rec
			}
			rec := do("GET", "/api/server", nil)
			var re Reach
			if err := json.Unmarshal(rec.Body.Bytes(), &re); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("GET /api/server: %d %s", rec.Code, rec.Body)
			}
			if re != (Reach{BaseURL: tc.base, LocalOnly: tc.localOnly, Public: tc.publicFlag}) {
				t.Fatalf("reach %+v, want base %s local %v", re, tc.base, tc.localOnly)
			}
			rec = do("POST", "/api/games", body)
			var c struct {
				Game      string            `json:"game"`
				Tokens    map[string]string `json:"tokens"`
				Links     map[string]string `json:"links"`
				URLs      map[string]string `json:"urls"`
				Spectate  string            `json:"spectate"`
				LocalOnly bool              `json:"local_only"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil || rec.Code != http.StatusCreated {
				t.Fatalf("create: %d %s", rec.Code, rec.Body)
			}
			for _, seat := range []string{"allies", "axis"} {
				if want := tc.base + "/play/" + c.Game + "#" + c.Tokens[seat]; c.URLs[seat] != want || c.Links[seat] != "/play/"+c.Game+"#"+c.Tokens[seat] {
					t.Errorf("%s: url %q link %q, want %q", seat, c.URLs[seat], c.Links[seat], want)
				}
			}
			if c.Spectate != tc.base+"/play/"+c.Game || c.LocalOnly != tc.localOnly {
				t.Errorf("spectate %q local %v", c.Spectate, c.LocalOnly)
			}
		})
	}
}

func TestValidPublicURL(t *testing.T) {
	for _, tc := range []struct {
		url string
		ok  bool
	}{
		{"https://m44.example.org", true},
		{"http://192.168.1.20:8044/", true},
		{"m44.example.org", false},
		{"ftp://m44.example.org", false},
		{"https://m44.example.org/?x=1", false},
		{"https://user@m44.example.org", false},
		{"https://example.org/m44", false},
	} {
		if err := ValidPublicURL(tc.url); (err == nil) != tc.ok {
			t.Errorf("%q: %v, want ok=%v", tc.url, err, tc.ok)
		}
	}
}
