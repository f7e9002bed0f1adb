package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Issue 18 "Serving": the client's files go out gzip-compressed with an
// ETag; a browser that has them is answered 304 with no body.
func TestStaticGzipAndETag(t *testing.T) {
	ts := newTestServer(t, "")
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path string, hdr map[string]string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.hs.URL+path, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	plainResp, plain := get("/js/game.js", nil)
	if plainResp.StatusCode != 200 || plainResp.Header.Get("Content-Encoding") != "" || !strings.Contains(string(plain), "class Game") {
		t.Fatalf("plain: %d %q", plainResp.StatusCode, plainResp.Header.Get("Content-Encoding"))
	}
	resp, body := get("/js/game.js", map[string]string{"Accept-Encoding": "br, gzip"})
	etag := resp.Header.Get("ETag")
	if resp.Header.Get("Content-Encoding") != "gzip" || etag == "" || resp.Header.Get("Cache-Control") != "no-cache" ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("headers %v", resp.Header)
	}
	zr, err := gzip.NewReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(zr)
	if string(unz) != string(plain) || len(body)*3 > len(plain) {
		t.Errorf("gzip: %d bytes for %d, same content %v", len(body), len(plain), string(unz) == string(plain))
	}
	// A warm cache: 304, no body.
	resp, body = get("/js/game.js", map[string]string{"If-None-Match": etag, "Accept-Encoding": "gzip"})
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("revalidation: %d, %d bytes", resp.StatusCode, len(body))
	}
	// gzip;q=0 is a refusal.
	if resp, _ := get("/css/app.css", map[string]string{"Accept-Encoding": "gzip;q=0"}); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got %q", resp.Header.Get("Content-Encoding"))
	}
	// The page itself, at / and at /play/{game}, carries the same ETag.
	r1, _ := get("/", nil)
	r2, _ := get("/play/abc", nil)
	if r1.StatusCode != 200 || r1.Header.Get("ETag") == "" || r1.Header.Get("ETag") != r2.Header.Get("ETag") ||
		!strings.HasPrefix(r2.Header.Get("Content-Type"), "text/html") {
		t.Errorf("page: %d %v / %v", r1.StatusCode, r1.Header, r2.Header)
	}
	if resp, _ := get("/nope.js", nil); resp.StatusCode != 404 {
		t.Errorf("unknown file: %d", resp.StatusCode)
	}
	if resp, _ := get("/js", nil); resp.StatusCode != 404 {
		t.Errorf("a folder: %d", resp.StatusCode)
	}
}

// The API's large replies (a catalog, a snapshot with its log) are
// gzip-compressed for a client that accepts it, and decode to the same JSON.
func TestLargeRepliesGzip(t *testing.T) {
	ts := newTestServer(t, "")
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path, enc string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.hs.URL+path, nil)
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	plainResp, plain := get("/api/catalog", "")
	zResp, z := get("/api/catalog", "gzip")
	if plainResp.Header.Get("Content-Encoding") != "" || zResp.Header.Get("Content-Encoding") != "gzip" || len(z)*3 > len(plain) {
		t.Fatalf("plain %d bytes (%q), gzip %d bytes (%q)", len(plain), plainResp.Header.Get("Content-Encoding"), len(z), zResp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(strings.NewReader(string(z)))
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(zr)
	if string(unz) != string(plain) {
		t.Error("the gzip reply decodes to other JSON")
	}
	// A small reply stays plain.
	if resp, _ := get("/api/health", "gzip"); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("health gzip %q", resp.Header.Get("Content-Encoding"))
	}
}
