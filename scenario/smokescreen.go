package scenario

import (
	"encoding/json"
	"strings"

	"m44/hex"
)

// smokeScreen reads game_info.options.smoke_screen: the side that lays a
// smoke screen at its first turn (FAQ III "Écran de fumée"; rules.Setup.Smoke,
// rules/smokescreen.go). The editor's form is {"side": "ALLIES"} (the form
// the public BGA implementation reads, options['smoke_screen']['side']);
// a side's name, a list of them, or true (both) are read as
// pontoon_bridge_rules is.
func (c *converter) smokeScreen(v json.RawMessage, field string) {
	if emptyJSON(v) || isNull(v) {
		return
	}
	var o struct {
		Side json.RawMessage `json:"side"`
	}
	raw := v
	if strings.HasPrefix(strings.TrimSpace(string(v)), "{") {
		if json.Unmarshal(v, &o) != nil || emptyJSON(o.Side) {
			c.r.errorf(hex.None, field, "want {\"side\": \"ALLIES\" or \"AXIS\"}, got %s", clip(compact(v), 40))
			return
		}
		raw = o.Side
	}
	m, err := ParsePontoonSides(raw)
	if err != nil {
		c.r.errorf(hex.None, field, "%v", err)
		return
	}
	if m != 0 {
		c.s.Smoke = m
		c.use(rsTerrainPack) // the smoke screen marker's row
	}
}
