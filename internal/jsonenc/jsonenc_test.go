package jsonenc

import (
	"bytes"
	"encoding/json"
	"testing"
)

// Each helper writes what encoding/json writes for the same value.
func TestSameAsEncodingJSON(t *testing.T) {
	strs := []string{"", "plain", "row,col 3,4", `quote " and \ backslash`, "<script>&amp;</script>", "tab\there\nnewline\x01\x7f",
		"Aufklärung Übermacht", "Pz.Kpfw. IV – «tank»", "\u2028\u2029", "bad \xff utf-8", "emoji 🙂"}
	for _, s := range strs {
		want, _ := json.Marshal(s)
		if got := String(nil, s); !bytes.Equal(got, want) {
			t.Errorf("String(%q) = %s, want %s", s, got, want)
		}
	}
	for _, ss := range [][]string{nil, {}, strs} {
		want, _ := json.Marshal(ss)
		if got := Strings(nil, ss); !bytes.Equal(got, want) {
			t.Errorf("Strings(%q) = %s, want %s", ss, got, want)
		}
	}
	for _, ns := range [][]int{nil, {}, {0, -3, 1 << 40}} {
		want, _ := json.Marshal(ns)
		if got := Ints(nil, ns); !bytes.Equal(got, want) {
			t.Errorf("Ints(%v) = %s, want %s", ns, got, want)
		}
	}
	if got := Int(nil, int8(-128)); string(got) != "-128" {
		t.Errorf("Int(-128) = %s", got)
	}
	if got := Key(Key([]byte("{"), true, "a"), false, "b"); string(got) != `{"a":,"b":` {
		t.Errorf("Key: %s", got)
	}
}
