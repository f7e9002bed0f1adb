package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"m44/hex"
	"m44/rules"
)

// breakthroughUnsupported is a value of armor_breakthrough_rules the engine
// does not play: the importer reports it as unsupported, not as an error.
type breakthroughUnsupported struct{ name, feature, detail string }

func (e *breakthroughUnsupported) Error() string { return e.feature + ": " + e.detail }

// ParseArmorBreakthrough reads the value of the option
// armor_breakthrough_rules: per side, the armor that side may order onto
// the board through the opponent's baseline in one turn ({"ALLIES":
// {"name": "tank2us", "nbr_units": 2}}, the form the public BGA
// implementation reads: options['armor_breakthrough_rules'][side] with the
// unit's name and nbr_units; rules.Setup.Breakthroughs,
// rules/armor_breakthrough.go). A badge or a behavior on the unit (BGA's
// CANNOT_EXIT for one scenario), or a unit that is not armor, is not
// played.
func ParseArmorBreakthrough(raw json.RawMessage) ([]rules.ArmorBreakthrough, error) {
	var v map[string]json.RawMessage
	if json.Unmarshal(raw, &v) != nil || len(v) == 0 {
		return nil, fmt.Errorf("want {\"ALLIES\" or \"AXIS\": {\"name\": …, \"nbr_units\": N}}, got %s", clip(compact(raw), 40))
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []rules.ArmorBreakthrough
	for _, k := range keys {
		side, ok := sideOf(k)
		if !ok {
			return nil, fmt.Errorf("unknown side %q: want AXIS or ALLIES", k)
		}
		var u struct {
			Name     string `json:"name"`
			NbrUnits int    `json:"nbr_units"`
		}
		dec := json.NewDecoder(bytes.NewReader(v[k]))
		dec.DisallowUnknownFields()
		if dec.Decode(&u) != nil {
			return nil, &breakthroughUnsupported{"armor_breakthrough_rules", "armor breakthrough", k + ": value " + clip(compact(v[k]), 60)}
		}
		if u.NbrUnits < 1 || u.NbrUnits > 12 {
			return nil, fmt.Errorf("%s: %d units: want 1..12", k, u.NbrUnits)
		}
		e, ok := LookupUnit(u.Name)
		if !ok || !e.Supported() || e.Unit != rules.Armor {
			return nil, &breakthroughUnsupported{u.Name, "armor breakthrough of unit " + u.Name, "new armor units only"}
		}
		out = append(out, rules.ArmorBreakthrough{Side: side, Max: u.NbrUnits,
			Unit: rules.UnitSetup{Type: e.Unit, Side: side, Elite: e.Elite, Nation: e.Nation,
				Figures: rules.DefaultFigures(e.Unit, e.Elite, false)}})
	}
	return out, nil
}

// armorBreakthrough reads game_info.options.armor_breakthrough_rules.
func (c *converter) armorBreakthrough(raw json.RawMessage, field string) {
	b, err := ParseArmorBreakthrough(raw)
	var un *breakthroughUnsupported
	switch {
	case errors.As(err, &un):
		c.r.unsupported(hex.None, field, un.name, un.feature, un.detail)
	case err != nil:
		c.r.errorf(hex.None, field, "%v", err)
	default:
		c.s.Breakthroughs = append(c.s.Breakthroughs, b...)
	}
}
