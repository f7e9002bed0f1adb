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
