package jsonenc

import "testing"

func TestMembers(t *testing.T) {
	in := ` { "a" : 1 , "b":"x\"}]{","c":{"d":[1,{"e":"]"}],"f":null},"g":[],"h":true,"i":-1.5e3,"j":"\\\\","k":"\\\"" } `
	fs := Members([]byte(in))
	want := [][2]string{{"a", "1"}, {"b", `"x\"}]{"`}, {"c", `{"d":[1,{"e":"]"}],"f":null}`}, {"g", "[]"}, {"h", "true"}, {"i", "-1.5e3"}, {"j", `"\\\\"`}, {"k", `"\\\""`}}
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
