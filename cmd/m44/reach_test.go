package main

import (
	"io"
	"net"
	"strings"
	"testing"
)

// Issue 13 "Reachable invites": a bad --public-url is refused before the
// server starts, and the server tells where others can reach it.
func TestServePublicURLFlag(t *testing.T) {
	var stderr strings.Builder
	if code := run([]string{"serve", "--public-url", "m44.example.org"}, nil, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "public URL") {
		t.Fatalf("bad --public-url: exit %d, %q", code, stderr.String())
	}
	for _, tc := range []struct {
		addr   net.Addr
		public string
		want   string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8044}, "", "this machine only"},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8044}, "https://m44.example.org", "invite links point at https://m44.example.org"},
	} {
		var out strings.Builder
		printReach(&out, tc.addr, tc.public)
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v %q: %q, want %q", tc.addr, tc.public, out.String(), tc.want)
		}
	}
}
