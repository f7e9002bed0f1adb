package accounts

import (
	"strings"
	"testing"
	"time"
)

var cheap = Params{Memory: 64, Time: 1, Threads: 1}

// Issue 13 "Accounts": passwords are stored as argon2id hashes (PHC form,
// salted: the same password twice gives two hashes), and checked.
func TestHashAndCheck(t *testing.T) {
	h1, h2 := Hash("correct horse", cheap), Hash("correct horse", cheap)
	if !strings.HasPrefix(h1, "$argon2id$v=19$m=64,t=1,p=1$") || h1 == h2 || strings.Contains(h1, "correct") {
		t.Fatalf("hashes %q %q", h1, h2)
	}
	for _, tc := range []struct {
		pw, hash string
		ok       bool
		err      bool
	}{
		{"correct horse", h1, true, false},
		{"correct horse", h2, true, false},
		{"correct horsE", h1, false, false},
		{"", h1, false, false},
		{"correct horse", "plain", false, true},
		{"correct horse", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5", false, true},
		{"correct horse", "$argon2id$v=19$m=99999999,t=1,p=1$c2FsdA$a2V5", false, true},
	} {
		ok, err := Check(tc.pw, tc.hash)
		if ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("Check(%q, %q) = %v, %v", tc.pw, tc.hash, ok, err)
		}
	}
	// The default cost hashes and checks too.
	if ok, err := Check("s3cret-pass", Hash("s3cret-pass", Default)); !ok || err != nil {
		t.Fatalf("default params: %v %v", ok, err)
	}
}

func TestNamesAndPasswords(t *testing.T) {
	for name, ok := range map[string]bool{"Rommel": true, "Žižka 44": true, "a": false, " lead": false,
		"x<script>": false, "abcdefghijklmnopqrstuvwxy": false, "de_Gaulle-1.": true} {
		if got := CheckName(name) == ""; got != ok {
			t.Errorf("CheckName(%q): %q", name, CheckName(name))
		}
	}
	if CheckPassword("short") == "" || CheckPassword("long enough") != "" || CheckPassword(strings.Repeat("x", 129)) == "" {
		t.Fatal("password lengths")
	}
}

// Issue 13 "Rate-limit sign-in": Max failures within the window lock the
// key until the oldest of them leaves it; a success resets it.
func TestLimiter(t *testing.T) {
	now := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	l := NewLimiter(3, 10*time.Minute)
	l.Now = func() time.Time { return now }
	for i := 0; i < 3; i++ {
		if ok, _ := l.Allowed("rommel"); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
		l.Add("rommel")
		now = now.Add(time.Minute)
	}
	ok, wait := l.Allowed("rommel")
	if ok || wait != 7*time.Minute {
		t.Fatalf("4th attempt: %v, wait %v; want refused for 7m", ok, wait)
	}
	if ok, _ := l.Allowed("patton"); !ok {
		t.Fatal("another key refused")
	}
	now = now.Add(7 * time.Minute)
	if ok, _ := l.Allowed("rommel"); !ok {
		t.Fatal("still refused once the first failure left the window")
	}
	l.Add("rommel")
	if ok, _ := l.Allowed("rommel"); ok {
		t.Fatal("a new failure within the window: allowed")
	}
	l.Reset("rommel")
	if ok, _ := l.Allowed("rommel"); !ok {
		t.Fatal("refused after a reset")
	}
}
