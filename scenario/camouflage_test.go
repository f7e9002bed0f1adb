package scenario

import (
	"testing"

	"m44/hex"
)

// Winter Wars III "Camouflage" (FAQ III Camouflage): the editor's camouflage
// tokens, tag14 and tag15 (as the public BGA implementation reads them),
// camouflage the unit on their hex; one on a hex without a unit, or with a
// behavior, is an error.
func TestCamouflageMarkers(t *testing.T) {
	for _, name := range []string{"tag14", "tag15"} {
		m := base()
		addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": "infger"}, "tags": []any{obj{"name": name}}})
		addHex(m, obj{"row": 3, "col": 5, "unit": obj{"name": "infger"}})
		s, r := convert(t, m)
		if s == nil || !r.Playable() {
			t.Fatalf("%s: %v %q", name, r.Errors, r.Features())
		}
		for _, u := range s.Units {
			if want := u.Hex == (hex.Hex{Row: 3, Col: 3}); u.Camouflaged != want {
				t.Errorf("%s: unit on %s camouflaged %v, want %v", name, u.Hex, u.Camouflaged, want)
			}
		}
		m = base()
		addHex(m, obj{"row": 3, "col": 3, "tags": []any{obj{"name": name}}})
		if _, r := convert(t, m); r.Loaded() {
			t.Errorf("%s without a unit: loaded", name)
		}
	}
}
