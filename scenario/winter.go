package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"m44/hex"
	"m44/rules"
)

// Winter Wars II "Nouvelles règles" switched on by a file: no corpus file
// names them as data, so they are options in the style of blitz_rules
// (docs/scenarios.md "Winter Wars options"):
//
//	"snowfall_rules": true            rules.Snowfall
//	"reduced_visibility_rules": true  rules.ReducedVisibility
//	"winter_combat_cards": [ {...} ]  rules.Setup.Combat, the cards' rows
//	"pontoon_bridge_rules": true      rules.Setup.Pontoons (both sides; or
//	                                  "ALLIES", "AXIS", or a list of them)
//
// and, in the same style, FAQ III Actions 4 "Repérage pour bombardement",
// which no corpus file names either:
//
//	"spotting_for_bombardment_rules": true  rules.SpottingForBombardment
//
// The Winter Combat cards' texts are not shipped: a file (or a player who
// owns the cards) supplies each card as a CombatCardJSON; "true" alone names
// the rule without its cards, which the importer reports as unsupported.

// WinterOptions are the option names this file reads.
var WinterOptions = []string{"snowfall_rules", "reduced_visibility_rules", "winter_combat_cards", "pontoon_bridge_rules", SpottingOption}

// SpottingOption is the option of FAQ III Actions 4 "Repérage pour
// bombardement" (rules.SpottingForBombardment).
const SpottingOption = "spotting_for_bombardment_rules"

// ParsePontoonSides reads the value of pontoon_bridge_rules: true (both
// sides), false or null (none), a side name ("ALLIES", "AXIS") or a list
// of them: the sides that may build pontoon bridges (Winter Wars IV "Pont
// flottant enneigé").
func ParsePontoonSides(raw json.RawMessage) (rules.SideMask, error) {
	if emptyJSON(raw) {
		return 0, nil
	}
	var on bool
	if json.Unmarshal(raw, &on) == nil {
		if on {
			return rules.MaskBoth, nil
		}
		return 0, nil
	}
	var names []string
	var one string
	if json.Unmarshal(raw, &one) == nil {
		names = []string{one}
	} else if json.Unmarshal(raw, &names) != nil {
		return 0, fmt.Errorf("want true, a side (\"ALLIES\", \"AXIS\") or a list of sides, got %s", clip(compact(raw), 40))
	}
	var m rules.SideMask
	for _, n := range names {
		side, ok := SideOf(n)
		if !ok {
			return 0, fmt.Errorf("unknown side %q: want ALLIES or AXIS", n)
		}
		m |= 1 << side
	}
	return m, nil
}

// CombatCardJSON is one Winter Combat card as a file or an engine client
// writes it.
type CombatCardJSON struct {
	Key       string   `json:"key"`
	Name      string   `json:"name,omitempty"`
	Text      string   `json:"text,omitempty"`
	Timing    string   `json:"timing"`            // before-ordering | in-reaction
	Effect    string   `json:"effect,omitempty"`  // none | bonus-dice | stars-hit | extra-orders | reinforce | attack-malus
	N         int      `json:"n,omitempty"`       // the effect's number
	Classes   []string `json:"classes,omitempty"` // infantry, armor, artillery (none: every class)
	Buildings bool     `json:"buildings,omitempty"`
	Tenacity  bool     `json:"tenacity,omitempty"`
	Copies    int      `json:"copies,omitempty"`
}

// ParseCombatCards reads a list of CombatCardJSON into the engine's rows.
func ParseCombatCards(raw json.RawMessage) ([]rules.CombatCardDef, error) {
	var list []CombatCardJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("want a list of Combat cards ({key, timing, effect, n, classes, buildings, tenacity, copies}): %v", err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("no Combat card in the list")
	}
	var out []rules.CombatCardDef
	for i, j := range list {
		d, err := j.def()
		if err != nil {
			return nil, fmt.Errorf("card %d (%q): %v", i, j.Key, err)
		}
		out = append(out, d)
	}
	return out, nil
}

func (j CombatCardJSON) def() (rules.CombatCardDef, error) {
	d := rules.CombatCardDef{Key: j.Key, Name: j.Name, Text: j.Text, Buildings: j.Buildings, Tenacity: j.Tenacity}
	var ok bool
	if d.Timing, ok = rules.CombatTimingByName(j.Timing); !ok {
		return d, fmt.Errorf("timing %q: want before-ordering or in-reaction", j.Timing)
	}
	eff := j.Effect
	if eff == "" {
		eff = "none"
	}
	if d.Effect, ok = rules.CombatEffectByName(eff); !ok {
		return d, fmt.Errorf("effect %q: want none, bonus-dice, stars-hit, extra-orders, reinforce or attack-malus", j.Effect)
	}
	if j.N < 0 || j.N > 9 || j.Copies < 0 || j.Copies > 20 {
		return d, fmt.Errorf("n %d or copies %d out of range", j.N, j.Copies)
	}
	d.N, d.Copies = int8(j.N), int8(j.Copies)
	for _, c := range j.Classes {
		t, ok := rules.UnitTypeByName(strings.ToLower(c))
		if !ok {
			return d, fmt.Errorf("class %q: want infantry, armor or artillery", c)
		}
		d.Classes |= 1 << t
	}
	return d, nil
}

// CombatCardsJSON is the file form of rows (for writing a setup back).
func CombatCardsJSON(defs []rules.CombatCardDef) []CombatCardJSON {
	var out []CombatCardJSON
	for _, d := range defs {
		j := CombatCardJSON{Key: d.Key, Name: d.Name, Text: d.Text, Timing: d.Timing.String(), Effect: d.Effect.String(),
			N: int(d.N), Buildings: d.Buildings, Tenacity: d.Tenacity, Copies: int(d.Copies)}
		for t := rules.Infantry; t <= rules.Artillery; t++ {
			if d.Classes.Has(t) {
				j.Classes = append(j.Classes, t.String())
			}
		}
		out = append(out, j)
	}
	return out
}

// winterOption reads one of WinterOptions; false if k is none of them.
func (c *converter) winterOption(k string, v json.RawMessage, field string) bool {
	switch strings.ToLower(k) {
	case "snowfall_rules", "reduced_visibility_rules", SpottingOption:
		if emptyJSON(v) {
			return true
		}
		var on bool
		if json.Unmarshal(v, &on) != nil {
			c.r.errorf(hex.None, field, "want true or false, got %s", clip(compact(v), 40))
			return true
		}
		if !on {
			return true
		}
		switch strings.ToLower(k) {
		case "snowfall_rules":
			c.s.Rulesets = append(c.s.Rulesets, rules.Snowfall())
		case SpottingOption:
			c.s.Rulesets = append(c.s.Rulesets, rules.SpottingForBombardment())
		default:
			c.s.Rulesets = append(c.s.Rulesets, rules.ReducedVisibility())
		}
		return true
	case "pontoon_bridge_rules":
		m, err := ParsePontoonSides(v)
		if err != nil {
			c.r.errorf(hex.None, field, "%v", err)
			return true
		}
		if m != 0 {
			c.s.Pontoons = m
			c.use(rsTerrainPack) // the pontoon bridge's row
		}
		return true
	case "winter_combat_cards":
		if emptyJSON(v) {
			return true
		}
		if strings.TrimSpace(string(v)) == "true" {
			c.r.unsupported(hex.None, field, k, "Winter Combat card texts",
				"the 20 cards' texts are not shipped: supply them as a list of cards (docs/scenarios.md)")
			return true
		}
		defs, err := ParseCombatCards(v)
		if err != nil {
			c.r.errorf(hex.None, field, "%v", err)
			return true
		}
		c.s.Combat = defs
		return true
	}
	return false
}
