package jsonenc

import (
	"errors"
	"strings"
	"testing"
)

func TestMembers(t *testing.T) {
	in := ` { "a" : 1 , "b":"x\"}]{","c":{"d":[1,{"e":"]"}],"f":null},"g":[],"h":true,"i":-1.5e3,"j":"\\\\","k":"\\\"","l":{"m":["\\\\",{"n":"\"}]"}]} } `
	fs := Members([]byte(in))
	want := [][2]string{{"a", "1"}, {"b", `"x\"}]{"`}, {"c", `{"d":[1,{"e":"]"}],"f":null}`}, {"g", "[]"}, {"h", "true"}, {"i", "-1.5e3"}, {"j", `"\\\\"`}, {"k", `"\\\""`}, {"l", `{"m":["\\\\",{"n":"\"}]"}]}`}}
	if len(fs) != len(want) {
		t.Fatalf("%d fields: %q", len(fs), fs)
	}
	for i, f := range fs {
		if string(f.Key) != want[i][0] || string(f.Val) != want[i][1] {
			t.Errorf("field %d: %s = %s, want %s = %s", i, f.Key, f.Val, want[i][0], want[i][1])
		}
	}
	for _, bad := range []string{``, `[]`, `{"a":1`, `{"a" 1}`, `{"a":"x}`, `{"a":"x\"}`, `{a:1}`, `{"a":1,}`, `{"a":}`} {
		if fs := Members([]byte(bad)); fs != nil {
			t.Errorf("%q: %q", bad, fs)
		}
	}
	if fs := Members([]byte(`{}`)); fs == nil || len(fs) != 0 {
		t.Errorf("{}: %q", fs)
	}
}

// MemberRun reads the members of a run of them, each after a comma, as
// Members reads them in an object.
func TestMemberRun(t *testing.T) {
	in := `,"a":1,"b":"x\",}","c":{"d":[1,{"e":","}]} ,"g":[]`
	fs, ok := MemberRun([]Member{{Key: []byte("z")}}, []byte(in))
	want := [][2]string{{"z", ""}, {"a", "1"}, {"b", `"x\",}"`}, {"c", `{"d":[1,{"e":","}]}`}, {"g", "[]"}}
	if !ok || len(fs) != len(want) {
		t.Fatalf("%v, %d fields: %q", ok, len(fs), fs)
	}
	for i, f := range fs {
		if string(f.Key) != want[i][0] || string(f.Val) != want[i][1] {
			t.Errorf("field %d: %s = %s, want %s = %s", i, f.Key, f.Val, want[i][0], want[i][1])
		}
	}
	if fs, ok := MemberRun(nil, nil); !ok || len(fs) != 0 {
		t.Errorf("empty: %v %q", ok, fs)
	}
	for _, bad := range []string{`"a":1`, `,"a":1,`, `,"a" 1`, `,"a":`, `,a:1`, `,"a":1}`, `,"a":"x`} {
		if _, ok := MemberRun(nil, []byte(bad)); ok {
			t.Errorf("%q read", bad)
		}
	}
}

// EachElement walks an array's elements as Members walks an object's
// members: each value's JSON in order, white space around them skipped,
// and stops at f's error.
func TestEachElement(t *testing.T) {
	in := ` [ 1 , "x\"],[" ,{"a":[1,"]"]}, [] ,null,-2.5e1 ] `
	want := []string{"1", `"x\"],["`, `{"a":[1,"]"]}`, "[]", "null", "-2.5e1"}
	var got []string
	if err := EachElement([]byte(in), func(v []byte) error { got = append(got, string(v)); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("element %d: %s, want %s", i, got[i], want[i])
		}
	}
	none := func([]byte) error { return nil }
	if err := EachElement([]byte(`[]`), func([]byte) error { t.Error("an element of []"); return nil }); err != nil {
		t.Errorf("[]: %v", err)
	}
	for _, bad := range []string{``, `{}`, `[1`, `[1,]`, `[1 2]`, `["x]`, `[,1]`} {
		if err := EachElement([]byte(bad), none); err != ErrSyntax {
			t.Errorf("%q: %v, want ErrSyntax", bad, err)
		}
	}
	stop := errors.New("stop")
	n := 0
	if err := EachElement([]byte(`[1,2,3]`), func([]byte) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("f's error: %v after %d elements", err, n)
	}
	if err := EachMember([]byte(`{"a":1,"b":2}`), func(k, _ []byte) error { n++; return stop }); err != stop || n != 2 {
		t.Errorf("EachMember, f's error: %v after %d members", err, n-1)
	}
}

// deltaLike is JSON shaped as a WebSocket delta of a game under way: an
// event, then the board's units (most of a delta's bytes).
func deltaLike() []byte {
	b := []byte(`{"type":"delta","version":4,"base":2,"events":[{"n":3,"text":{"key":"ev.move","args":{"from":"7,7","side":"allies","to":"8,8"}},"event":{"from":"7,7","kind":"move","side":"allies","text":"move 7,7 8,8 \"quoted\\\\\"","to":"8,8"}}],"set":{"version":4,"view":{"phase":"keep","draw_pile":50,"units":[`)
	for i := range 24 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"hex":"5,21","type":"infantry","side":"axis","figures":4,"max":4,"kind":"infantry","nation":"ger"}`...)
	}
	return append(b, `]},"legal":[{"action":"end-moves","kind":"end-moves"}],"your_turn":true}}`...)
}

// Skipping a delta's members, as the load client reads every message.
func BenchmarkEachMemberDelta(b *testing.B) {
	d := deltaLike()
	b.SetBytes(int64(len(d)))
	for b.Loop() {
		n := 0
		if err := EachMember(d, func(k, v []byte) error { n++; return nil }); err != nil || n != 5 {
			b.Fatal(err, n)
		}
	}
}

// EachMemberAt reads the same members as EachMember, lets the reader read
// a member's value itself, and says where the object ends, with what
// follows it left alone.
func TestEachMemberAt(t *testing.T) {
	b := []byte(`{"type":"delta","base":3, "set":{"a":[1,{"x":"]}"}],"b":"q\"}"} ,"unset":["c"]} trailing`)
	var keys []string
	var inner []string
	end, err := EachMemberAt(b, func(k []byte, i int) (int, error) {
		keys = append(keys, string(k))
		if string(k) == "set" {
			n, err := EachMemberAt(b[i:], func(k2 []byte, j int) (int, error) {
				e := SkipValue(b[i:], j)
				inner = append(inner, string(k2)+"="+string(b[i+j:i+e]))
				return e, nil
			})
			return i + n, err
		}
		return SkipValue(b, i), nil
	})
	if err != nil || string(b[end:]) != " trailing" {
		t.Fatalf("end %d (%q), %v", end, b[end:], err)
	}
	if got := strings.Join(keys, ","); got != "type,base,set,unset" {
		t.Fatalf("keys %s", got)
	}
	if got := strings.Join(inner, " "); got != `a=[1,{"x":"]}"}] b="q\"}"` {
		t.Fatalf("set's members %s", got)
	}
	// A reader that answers an end not past its value's start, or past
	// the input, is a syntax error; so is an object not closed.
	for _, bad := range []func([]byte, int) (int, error){
		func(_ []byte, i int) (int, error) { return i, nil },
		func(_ []byte, i int) (int, error) { return len(b) + 1, nil },
	} {
		if _, err := EachMemberAt(b, bad); err != ErrSyntax {
			t.Fatalf("bad reader: %v", err)
		}
	}
	if _, err := EachMemberAt([]byte(`{"a":1`), func(_ []byte, i int) (int, error) { return i + 1, nil }); err != ErrSyntax {
		t.Fatalf("unclosed: %v", err)
	}
	if n, err := EachMemberAt([]byte(` {} x`), nil); err != nil || n != 3 {
		t.Fatalf("empty object: %d %v", n, err)
	}
}
