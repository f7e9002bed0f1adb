package scenario

import (
	"testing"

	"m44/rules"
)

// WW V: a badge that names a Winter Wars kind makes its unit that kind and
// brings the WinterTroops ruleset; on a unit of another class it is an
// error. German tank destroyers would have 4 figures (WW V "Chasseurs de
// chars"); the badges' meanings come from the corpus texts (vocab.go).
func TestWinterKindBadges(t *testing.T) {
	cases := []struct {
		unit, badge, kind string
		figures           int8
		bad               bool
	}{
		{"inf2us", "badge12", "engineers", 4, false},          // Vaumicel: "Engineers units"
		{"infger", "badge37", "infantry-anti-tank", 4, false}, // Drive on Caen: "Anti-Tank weapons"
		{"infger", "badge41", "infantry-mortar", 4, false},    // Saint-Martin: "a mortar"
		{"gunus", "badge35", "mobile-artillery", 2, false},    // Chaumont: "Mobile Artillery"
		{"gunger", "badge46", "heavy-anti-tank-gun", 2, false},
		{"tankger", "badge46", "", 0, true},
	}
	for _, c := range cases {
		m := base()
		addHex(m, obj{"row": 3, "col": 3, "unit": obj{"name": c.unit, "badge": c.badge}})
		s, r := convert(t, m)
		if c.bad {
			if r.Loaded() {
				t.Errorf("%s with %s: loaded, want an error", c.unit, c.badge)
			}
			continue
		}
		if !r.Playable() {
			t.Errorf("%s with %s: not playable: %v %v", c.unit, c.badge, r.Errors, r.Unsupported)
			continue
		}
		var u *rules.UnitSetup
		for i := range s.Units {
			if s.Units[i].Hex.Row == 3 && s.Units[i].Hex.Col == 3 {
				u = &s.Units[i]
			}
		}
		if u == nil || u.Kind != c.kind || u.Figures != c.figures || u.Elite {
			t.Errorf("%s with %s: unit %+v, want kind %s with %d figures, not elite", c.unit, c.badge, u, c.kind, c.figures)
			continue
		}
		if len(s.Rulesets) != 1 || s.Rulesets[0].Key != "winter-troops" {
			t.Errorf("%s with %s: rulesets %v", c.unit, c.badge, s.Rulesets)
		}
		if _, err := rules.New(s, 1); err != nil {
			t.Errorf("%s with %s: %v", c.unit, c.badge, err)
		}
	}
}
