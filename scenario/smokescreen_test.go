package scenario

import (
	"slices"
	"testing"

	"m44/rules"
)

// FAQ III "Écran de fumée": smoke_screen names the side that lays the
// screen ({"side": ...}, the form the public BGA implementation reads);
// the Terrain Pack's smoke-screen row comes with it, and the game starts.
func TestSmokeScreenOption(t *testing.T) {
	for _, c := range []struct {
		v    any
		want rules.SideMask
	}{{obj{"side": "ALLIES"}, rules.MaskAllies}, {obj{"side": "AXIS"}, rules.MaskAxis}, {"AXIS", rules.MaskAxis}, {true, rules.MaskBoth}, {false, 0}} {
		m := base()
		gi(m)["options"] = obj{"smoke_screen": c.v}
		s, r := convert(t, m)
		if !r.Playable() || s == nil {
			t.Fatalf("%v: not playable: %v %+v", c.v, r.Features(), r.Errors)
		}
		has := slices.ContainsFunc(s.Rulesets, func(rs *rules.Ruleset) bool { return rs.Key == "terrain-pack" })
		if s.Smoke != c.want || has != (c.want != 0) {
			t.Errorf("%v: smoke %v, terrain pack %v", c.v, s.Smoke, has)
		}
		if _, err := rules.New(s, 1); err != nil {
			t.Errorf("%v: %v", c.v, err)
		}
	}
	for _, bad := range []any{obj{"side": "RUSSIANS"}, obj{"range": 2}, 3} {
		m := base()
		gi(m)["options"] = obj{"smoke_screen": bad}
		if _, r := convert(t, m); r.Playable() {
			t.Errorf("%v accepted", bad)
		}
	}
}
