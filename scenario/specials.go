package scenario

import (
	"encoding/json"
	"strings"

	"m44/hex"
	"m44/rules"
)

// Special rules that official scenarios state only in their text, encoded
// as data the engine plays. Each row names the scenario (its editor id and
// English name, both must match), the file member it completes, and quotes
// the words it implements; the importer applies a row only to its own
// scenario, and a file it does not know keeps the "not supported yet"
// report. Reviewed against the scenario texts in ../shared/scenarios.
type special struct {
	id, name string // meta_data.scenario_id and the English name
	bunkers  bool   // the row says who may use the bunkers
	option   string // the game_info.options member the row completes ("" for none)
	text     string // the scenario's words
	apply    func(s *rules.Setup)
}

var specials = []special{
	{id: "42", name: "Utah Beach", bunkers: true,
		text: "An Allied unit that exits off the Axis side of the battlefield counts as one Victory Medal. [...] The Axis player is in control of the Bunkers and may claim them as a defensive position.",
		apply: func(s *rules.Setup) {
			s.BunkerUsers = rules.MaskAxis
			// The whole Axis baseline, not only the file's three markers.
			e := rules.Exit{Side: rules.Allies}
			row := int8(0)
			if s.Top == rules.Allies {
				row = int8(s.Grid.Rows - 1)
			}
			for _, h := range s.Grid.Hexes() {
				if h.Row == row {
					e.Hexes = append(e.Hexes, h)
				}
			}
			s.Exits = []rules.Exit{e}
		}},
	{id: "11", name: "First Assault Wave",
		bunkers: true,
		text:    "The Axis player is in control of the Bunkers and may claim them as a defensive position.",
		apply:   func(s *rules.Setup) { s.BunkerUsers = rules.MaskAxis }},
	{id: "19", name: "Vassieux", option: "deck_reshuffling",
		text: "When 'Their Finest Hour' command card is played, do not reshuffle the command deck. Should the command card deck run out of cards and the Allied player has not won, the battle ends as an Axis player victory.",
		apply: func(s *rules.Setup) {
			s.NoReshuffle, s.DeckOut, s.DeckOutWinner = true, true, rules.Axis
		}},
}

// scenarioID is the file's meta_data.scenario_id ("" if none).
func (f *File) scenarioID() string {
	var m struct {
		ID json.RawMessage `json:"scenario_id"`
	}
	if json.Unmarshal(f.MetaData, &m) != nil || len(m.ID) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(m.ID, &s) == nil {
		return s
	}
	return strings.Trim(string(m.ID), `"`)
}

// matches reports whether row sp is about this file.
func (c *converter) matches(sp special) bool {
	return sp.id == c.f.scenarioID() && strings.EqualFold(sp.name, c.f.Name())
}

// specialFor is the row of this file that completes option, if any.
func (c *converter) specialFor(option string) (special, bool) {
	for _, sp := range specials {
		if c.matches(sp) && strings.EqualFold(sp.option, option) {
			return sp, true
		}
	}
	return special{}, false
}

// applySpecials applies this file's rows that complete no option; it runs
// after the board, so a row may correct what the board left to a default.
func (c *converter) applySpecials() {
	for _, sp := range specials {
		if sp.option == "" && c.matches(sp) {
			sp.apply(&c.s)
			c.r.notef(hex.None, "text", "played as the scenario's text says: %q", clip(sp.text, 120))
		}
	}
}

// textSetsBunkers reports whether a row of this file says who may use the
// bunkers.
func (c *converter) textSetsBunkers() bool {
	for _, sp := range specials {
		if sp.bunkers && c.matches(sp) {
			return true
		}
	}
	return false
}
