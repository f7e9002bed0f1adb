package match

import (
	"encoding/json"
	"sort"

	"m44/rules"
	"m44/scenario"
)

// Briefing is what a player reads before and during a game of the scenario
// (the game page's scenario panel, the lobby): the file's texts in the
// player's language when it has them, and what the engine plays — the
// medals to win, the objectives with their side and kind, the exits, the
// scenario's rules and how each is played. Everything in it is public.
type Briefing struct {
	Name     string `json:"name"`
	Subtitle string `json:"subtitle,omitempty"`
	Date     string `json:"date,omitempty"`
	DateEnd  string `json:"date_end,omitempty"`
	// Lang is the language of the texts below ("" when the file has none).
	Lang        string `json:"lang,omitempty"`
	History     string `json:"history,omitempty"`
	Description string `json:"description,omitempty"` // the setup text (cards, who moves first)
	Victory     string `json:"victory,omitempty"`     // the victory conditions as the file words them
	Rules       string `json:"rules,omitempty"`       // the special rules as the file words them

	Cards  PerSide `json:"cards"`
	Medals PerSide `json:"medals"` // medals to win
	First  string  `json:"first"`  // the side that moves first
	// Objectives are the setup's objectives (rulebook annex 3) as the engine
	// plays them.
	Objectives []BriefObjective `json:"objectives"`
	Exits      []BriefExit      `json:"exits,omitempty"`
	// Facts are the setup's rules beyond the base game, each a key the
	// client words (docs/web-api.md "Briefing") with its arguments.
	Facts []Fact `json:"facts,omitempty"`
	// Specials are the file's special rules reviewed one by one, with how
	// the engine plays each (scenario.Special); empty for a file the review
	// does not know, whose Rules text is then not checked.
	Specials []scenario.Special `json:"specials,omitempty"`
	Notes    []string           `json:"notes,omitempty"` // the importer's notes (English)
}

// BriefObjective is one objective of the setup.
type BriefObjective struct {
	Kind      string   `json:"kind"` // temporary, permanent, majority, sudden-death
	Sides     []string `json:"sides"`
	Hexes     []string `json:"hexes"`
	Medals    int      `json:"medals,omitempty"`
	Count     int      `json:"count,omitempty"`
	AtTurnEnd bool     `json:"at_turn_end,omitempty"`
}

// BriefExit is a stretch of exit hexes of a side.
type BriefExit struct {
	Side   string         `json:"side"`
	Hexes  []string       `json:"hexes"`
	Medals map[string]int `json:"medals"` // by unit class: infantry, armor, artillery
}

// Fact is one rule of the setup, for the client to word: Key with Args.
type Fact struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
}

// Briefing is the scenario's briefing with its texts in lang (else
// English, else the file's first language).
func (s *Scenario) Briefing(lang string) Briefing {
	su := s.Setup
	b := Briefing{Name: s.Name(lang), Subtitle: s.Subtitle, Cards: perSide(su.Cards), Medals: perSide(su.Victory),
		First: su.First.String(), Objectives: []BriefObjective{}}
	if gi := s.File.GameInfo; gi != nil {
		b.Date, b.DateEnd = gi.DateBegin, gi.DateEnd
		if b.DateEnd == b.Date {
			b.DateEnd = ""
		}
	}
	if tl := textLang(s.File, lang); tl != "" {
		b.Lang = tl
		if b.Subtitle == "" {
			b.Subtitle = textOf(s.File, tl, "subtitle")
		}
		b.History = textOf(s.File, tl, "historical")
		b.Description = textOf(s.File, tl, "description")
		b.Victory = textOf(s.File, tl, "victory")
		b.Rules = textOf(s.File, tl, "rules")
	}
	for _, o := range su.Objectives {
		bo := BriefObjective{Kind: o.Kind.String(), Sides: sidesOf(o.Sides), Hexes: []string{}, Medals: o.Medals, Count: o.Count, AtTurnEnd: o.AtTurnEnd}
		for _, h := range o.Hexes {
			bo.Hexes = append(bo.Hexes, h.String())
		}
		b.Objectives = append(b.Objectives, bo)
	}
	for _, e := range su.Exits {
		be := BriefExit{Side: e.Side.String(), Medals: map[string]int{}}
		for _, h := range e.Hexes {
			be.Hexes = append(be.Hexes, h.String())
		}
		for c, n := range e.Medals {
			if n == 0 {
				n = 1
			}
			be.Medals[rules.UnitType(c).String()] = int(n)
		}
		b.Exits = append(b.Exits, be)
	}
	b.Facts = factsOf(su)
	b.Specials = s.File.Specials()
	if s.Report != nil {
		for _, n := range s.Report.Notes {
			b.Notes = append(b.Notes, n.String())
		}
	}
	return b
}

// factsOf lists the setup's rules beyond the base game.
func factsOf(su *rules.Setup) []Fact {
	var out []Fact
	if su.BunkerUsers != 0 && su.BunkerUsers != rules.MaskBoth {
		out = append(out, Fact{Key: "bunkers", Args: map[string]any{"sides": sidesOf(su.BunkerUsers)}})
	}
	for side := rules.Allies; side <= rules.Axis; side++ {
		if su.GrowTo[side] > su.Cards[side] {
			out = append(out, Fact{Key: "grow-to", Args: map[string]any{"side": side.String(), "cards": su.GrowTo[side]}})
		}
		if su.AirDice[side] > 0 {
			out = append(out, Fact{Key: "air-dice", Args: map[string]any{"side": side.String(), "dice": su.AirDice[side]}})
		}
	}
	if su.NoReshuffle {
		out = append(out, Fact{Key: "no-reshuffle"})
	}
	if su.DeckOut {
		out = append(out, Fact{Key: "deck-out", Args: map[string]any{"side": su.DeckOutWinner.String()}})
	}
	for _, l := range su.MoveLimits {
		out = append(out, Fact{Key: "move-limit", Args: map[string]any{"side": l.Side.String(), "class": l.Class.String(), "hexes": int(l.Max)}})
	}
	for _, a := range su.AirRaids {
		args := map[string]any{"side": a.Side.String()}
		if len(a.While) > 0 {
			var hs []string
			for _, h := range a.While {
				hs = append(hs, h.String())
			}
			args["while"] = hs
		}
		out = append(out, Fact{Key: "air-raid", Args: args})
	}
	for _, d := range su.Airdrops {
		out = append(out, Fact{Key: "airdrop", Args: map[string]any{"side": d.Side.String(), "count": d.Count, "hex": d.Center.String(), "range": d.Range}})
	}
	for _, d := range su.CalledAirdrops {
		key := "called-airdrop"
		if !d.Daylight || !d.FromLost {
			key = "called-airdrop.any"
		}
		out = append(out, Fact{Key: key, Args: map[string]any{"side": d.Side.String(), "count": d.Max, "hex": d.Center.String(), "range": d.Range}})
	}
	for _, side := range sidesOf(su.Smoke) {
		out = append(out, Fact{Key: "smoke", Args: map[string]any{"side": side}})
	}
	for _, b := range su.Breakthroughs {
		out = append(out, Fact{Key: "breakthrough", Args: map[string]any{"side": b.Side.String(), "count": b.Max}})
	}
	if su.NoTakeGround {
		out = append(out, Fact{Key: "no-take-ground"})
	}
	return out
}

func sidesOf(m rules.SideMask) []string {
	out := []string{}
	for side := rules.Allies; side <= rules.Axis; side++ {
		if m.Has(side) {
			out = append(out, side.String())
		}
	}
	return out
}

// textLang is the language of the file's texts to show for lang: lang if
// the file has it, else English, else the first it has ("" for none).
func textLang(f *scenario.File, lang string) string {
	if f == nil || len(f.Text) == 0 {
		return ""
	}
	var texts map[string]json.RawMessage
	if json.Unmarshal(f.Text, &texts) != nil || len(texts) == 0 {
		return ""
	}
	for _, l := range []string{lang, "en"} {
		if _, ok := texts[l]; ok && l != "" {
			return l
		}
	}
	keys := make([]string, 0, len(texts))
	for k := range texts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys[0]
}

// Briefing is the briefing of the game's scenario (GET /api/games/{id}/briefing).
func (m *Match) Briefing(lang string) Briefing { return m.sc.Briefing(lang) }
