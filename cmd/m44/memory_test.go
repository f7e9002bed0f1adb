package main

import (
	"io"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1200MiB": 1200 << 20, "2GiB": 2 << 30, "64 MiB": 64 << 20, "512KiB": 512 << 10, "3GB": 3e9, "100MB": 1e8} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "1200", "MiB", "-5MiB", "0GiB", "1.5GiB", "12 TiB", "99999999999GiB"} {
		if n, err := parseSize(bad); err == nil {
			t.Errorf("%q: %d, want an error", bad, n)
		}
	}
}

// Collections are off while the live heap is under three eighths of the
// budget, at serveGOGC over half of it, and between the two stay as they
// were.
func TestGCPercentFor(t *testing.T) {
	const limit = 800
	for _, c := range []struct {
		live uint64
		cur  int
		want int
	}{
		{0, -1, -1}, {200, -1, -1}, {299, serveGOGC, -1},
		{300, -1, -1}, {300, serveGOGC, serveGOGC}, {400, -1, -1}, {400, serveGOGC, serveGOGC},
		{401, -1, serveGOGC}, {800, -1, serveGOGC}, {5000, serveGOGC, serveGOGC},
	} {
		if got := gcPercentFor(c.live, limit, c.cur); got != c.want {
			t.Errorf("live %d of %d, GOGC %d: %d, want %d", c.live, limit, c.cur, got, c.want)
		}
	}
}

func TestServeMemoryFlag(t *testing.T) {
	for _, bad := range []string{"10MiB", "lots", "-1GiB"} {
		var stderr strings.Builder
		if code := run([]string{"serve", "--memory", bad}, nil, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "--memory") {
			t.Errorf("--memory %s: exit %d, %q", bad, code, stderr.String())
		}
	}
}
