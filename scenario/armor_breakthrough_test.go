package scenario

import (
	"testing"

	"m44/rules"
)

// Armor breakthrough (armor_breakthrough_rules, the form the public BGA
// implementation reads): per side, the unit's name and nbr_units.
func TestArmorBreakthroughOption(t *testing.T) {
	m := base()
	gi(m)["options"] = obj{"armor_breakthrough_rules": obj{"AXIS": obj{"name": "tank2ger", "nbr_units": 3}}}
	s, r := convert(t, m)
	if s == nil || !r.Playable() {
		t.Fatalf("%v %q", r.Errors, r.Features())
	}
	if b := s.Breakthroughs; len(b) != 1 || b[0].Side != rules.Axis || b[0].Max != 3 || b[0].Unit.Type != rules.Armor || !b[0].Unit.Elite {
		t.Fatalf("breakthroughs %+v", s.Breakthroughs)
	}
	if _, err := rules.New(s, 1); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []obj{
		{"RUSSIANS": obj{"name": "tankus", "nbr_units": 1}},
		{"ALLIES": obj{"name": "tankus", "nbr_units": 0}},
		{"ALLIES": obj{"name": "infus", "nbr_units": 1}},
		{"AXIS": obj{"name": "tankger", "nbr_units": 1, "behavior": "CANNOT_EXIT"}},
	} {
		m := base()
		gi(m)["options"] = obj{"armor_breakthrough_rules": bad}
		if _, r := convert(t, m); r.Playable() {
			t.Errorf("%v accepted", bad)
		}
	}
}
