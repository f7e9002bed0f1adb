package scenario

import (
	"encoding/json"
	"fmt"
	"strings"

	"m44/hex"
	"m44/rules"
)

// ParseSmokeSides reads the value of the option smoke_screen: the sides that
// lay a smoke screen at their first turn (FAQ III "Écran de fumée";
// rules.Setup.Smoke, rules/smokescreen.go). The editor's form is
// {"side": "ALLIES"} (the form the public BGA implementation reads,
// options['smoke_screen']['side']); a side's name, a list of them, true
// (both) or false are read as pontoon_bridge_rules is.
func ParseSmokeSides(raw json.RawMessage) (rules.SideMask, error) {
	if emptyJSON(raw) || isNull(raw) {
		return 0, nil
	}
	if strings.HasPrefix(strings.TrimSpace(string(raw)), "{") {
		var o struct {
			Side json.RawMessage `json:"side"`
		}
		if json.Unmarshal(raw, &o) != nil || emptyJSON(o.Side) {
			return 0, fmt.Errorf("want {\"side\": \"ALLIES\" or \"AXIS\"}, got %s", clip(compact(raw), 40))
		}
		raw = o.Side
	}
	return ParsePontoonSides(raw)
}

// smokeScreen reads game_info.options.smoke_screen.
func (c *converter) smokeScreen(v json.RawMessage, field string) {
	m, err := ParseSmokeSides(v)
	if err != nil {
		c.r.errorf(hex.None, field, "%v", err)
		return
	}
	if m != 0 {
		c.s.Smoke = m
		c.use(rsTerrainPack) // the smoke screen marker's row
	}
}
