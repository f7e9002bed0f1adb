package scenario

import (
	"bytes"
	"encoding/json"
	"sort"

	"m44/hex"
	"m44/rules"
)

// armorBreakthrough reads game_info.options.armor_breakthrough_rules: per
// side, the armor that side may order onto the board through the
// opponent's baseline in one turn ({"ALLIES": {"name": "tank2us",
// "nbr_units": 2}}, the form the public BGA implementation reads:
// options['armor_breakthrough_rules'][side] with the unit's name and
// nbr_units; rules.Setup.Breakthroughs, rules/armor_breakthrough.go). A
// badge or a behavior on the unit (BGA's CANNOT_EXIT for one scenario) is
// reported as unsupported, as is a unit that is not armor.
func (c *converter) armorBreakthrough(raw json.RawMessage, field string) {
	var v map[string]json.RawMessage
	if json.Unmarshal(raw, &v) != nil || len(v) == 0 {
		c.r.errorf(hex.None, field, "want {\"ALLIES\" or \"AXIS\": {\"name\": …, \"nbr_units\": N}}, got %s", clip(compact(raw), 40))
		return
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := field + "." + k
		side, ok := sideOf(k)
		if !ok {
			c.r.errorf(hex.None, f, "unknown side %q: want AXIS or ALLIES", k)
			continue
		}
		var u struct {
			Name     string `json:"name"`
			NbrUnits int    `json:"nbr_units"`
		}
		dec := json.NewDecoder(bytes.NewReader(v[k]))
		dec.DisallowUnknownFields()
		if dec.Decode(&u) != nil {
			c.r.unsupported(hex.None, f, "armor_breakthrough_rules", "armor breakthrough", "value "+clip(compact(v[k]), 60))
			continue
		}
		if u.NbrUnits < 1 || u.NbrUnits > 12 {
			c.r.errorf(hex.None, f+".nbr_units", "%d units: want 1..12", u.NbrUnits)
			continue
		}
		e, ok := LookupUnit(u.Name)
		if !ok || !e.Supported() || e.Unit != rules.Armor {
			c.r.unsupported(hex.None, f+".name", u.Name, "armor breakthrough of unit "+u.Name, "new armor units only")
			continue
		}
		c.s.Breakthroughs = append(c.s.Breakthroughs, rules.ArmorBreakthrough{Side: side, Max: u.NbrUnits,
			Unit: rules.UnitSetup{Type: e.Unit, Side: side, Elite: e.Elite, Nation: e.Nation,
				Figures: rules.DefaultFigures(e.Unit, e.Elite, false)}})
	}
}
