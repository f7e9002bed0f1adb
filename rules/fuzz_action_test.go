package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseAction reads arbitrary text as an action (docs/protocol.md,
// "Actions"; issue 14): it never panics, and an action it accepts writes
// back to a text that reads as the same action (Action.String is the
// canonical form), with no line break in it.
//
//	go test ./rules -run '^$' -fuzz FuzzParseAction -fuzztime 30s
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		"play 12", "play 40 left", "order 7,15", "end-orders", "move 7,15 6,14", "end-moves",
		"battle 6,14 4,12", "remove-wire 6,14", "end-battles", "retreat 4,12 3,11 ignore",
		"take-ground 5,13 4,12", "skip", "keep 33", "target 4,12", "end-targets",
		"drop 12,6 3", "drop 12,6 +03", "blow 4,12",
		"move -1,300 99999999999,1", "play 1e9", "  play\t12  ", "order 7,15,3", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			if msg := err.Error(); msg == "" {
				t.Fatalf("%q: an empty error", s)
			}
			return
		}
		canon := a.String()
		if strings.ContainsAny(canon, "\r\n") || !utf8.ValidString(canon) {
			t.Fatalf("%q: canonical form %q", s, canon)
		}
		b, err := ParseAction(canon)
		if err != nil {
			t.Fatalf("%q reads as %q, which does not read back: %v", s, canon, err)
		}
		if b != a || b.String() != canon {
			t.Fatalf("%q: %+v, then %q reads as %+v", s, a, canon, b)
		}
	})
}
