package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
)

// GET /api/games/{id}?since=N: the snapshot's log holds the entries after
// version N only; a bad since is refused.
func TestSnapshotSinceParam(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": Library()[0].ID, "seed": 3, "hotseat": true, "seats": map[string]string{"allies": "human", "axis": "human"}})
	tokens := map[string]string{"allies": c.Tokens["allies"], "axis": c.Tokens["axis"]}
	ts.playRandom(c.Game, tokens, rand.New(rand.NewPCG(1, 2)), 20)
	full, _ := ts.snapshot(c.Game, tokens["allies"])
	if full.Version < 5 || len(full.Log) != full.Version {
		t.Fatalf("version %d, %d entries", full.Version, len(full.Log))
	}
	var s snap
	ts.must(200, "GET", "/api/games/"+c.Game+"?token="+tokens["allies"]+"&since=3", nil, &s)
	if s.Version != full.Version || len(s.Log) != full.Version-3 || s.Log[0].N != 4 {
		t.Fatalf("since=3: version %d, %d entries from %d", s.Version, len(s.Log), s.Log[0].N)
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"?token="+tokens["allies"]+"&since=999", nil, &s)
	if len(s.Log) != 0 || s.Version != full.Version {
		t.Fatalf("since past the version: %d entries", len(s.Log))
	}
	for _, bad := range []string{"-1", "x"} {
		if code, raw := ts.call("GET", "/api/games/"+c.Game+"?token="+tokens["allies"]+"&since="+bad, nil, nil); code != 400 || errCode(raw) != "bad_request" {
			t.Fatalf("since=%s: %d %s", bad, code, raw)
		}
	}
}

// Snapshots compressed at once (the gzip writers and buffers are reused)
// each read back as the same snapshot as an uncompressed one.
func TestSnapshotGzipConcurrent(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": Library()[0].ID, "seed": 4, "hotseat": true, "seats": map[string]string{"allies": "human", "axis": "human"}})
	ts.playRandom(c.Game, map[string]string{"allies": c.Tokens["allies"], "axis": c.Tokens["axis"]}, rand.New(rand.NewPCG(3, 4)), 30)
	get := func(seat string, gz bool) []byte {
		req, _ := http.NewRequest("GET", ts.hs.URL+"/api/games/"+c.Game+"?token="+c.Tokens[seat], nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Error(err)
			return nil
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if gz != (resp.Header.Get("Content-Encoding") == "gzip") {
			t.Errorf("gzip %v: Content-Encoding %q", gz, resp.Header.Get("Content-Encoding"))
			return nil
		}
		if gz {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Error(err)
				return nil
			}
			body, _ = io.ReadAll(zr)
		}
		if !json.Valid(body) {
			t.Errorf("not JSON: %.200s", body)
		}
		return body
	}
	want := map[string][]byte{"allies": get("allies", false), "axis": get("axis", false)}
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seat := []string{"allies", "axis"}[i%2]
			if got := get(seat, true); !bytes.Equal(got, want[seat]) {
				t.Errorf("%s: gzip snapshot differs", seat)
			}
		}()
	}
	wg.Wait()
}
