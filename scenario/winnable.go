package scenario

import (
	"bytes"
	"fmt"

	"m44/hex"
	"m44/rules"
)

// winnable refuses a setup that cannot make a game (issue 14): no units,
// a side without units (placed or dropped), or no side able to reach its
// victory medals. A side can win if it has a sudden-death objective, wins
// when the deck runs out, can exit units, or if the medals it could gain
// (a medal per enemy unit, or what the unit is worth, and the medals of the
// objectives it may take) reach its victory count. A side that cannot win
// while the other can is a note: some scenarios are played for the
// defender's survival.
func (c *converter) winnable() {
	s := &c.s
	var units [2]int
	var worth [2]int // medals a side gains by eliminating every enemy unit
	for _, u := range s.Units {
		units[u.Side]++
		worth[u.Side.Opp()] += max(int(u.Medals), 1)
	}
	for _, a := range s.Airdrops {
		units[a.Side] += a.Count
		worth[a.Side.Opp()] += a.Count * max(int(a.Unit.Medals), 1)
	}
	if units[0]+units[1] == 0 {
		c.r.errorf(hex.None, "board.hexagons", "the scenario has no units: each side needs at least one")
		return
	}
	for _, side := range []rules.Side{rules.Allies, rules.Axis} {
		if units[side] == 0 {
			c.r.errorf(hex.None, "board.hexagons", "the %s side has no units: each side needs at least one", sideName(side))
		}
	}
	if !c.r.Loaded() {
		return
	}
	var why [2]string
	can := [2]bool{}
	for _, side := range []rules.Side{rules.Allies, rules.Axis} {
		medals := worth[side]
		for _, o := range s.Objectives {
			if !o.Sides.Has(side) {
				continue
			}
			if o.Kind == rules.SuddenDeath {
				can[side] = true
			}
			medals += o.Medals
		}
		for _, e := range s.Exits {
			if e.Side == side {
				can[side] = true
			}
		}
		if s.DeckOut && s.DeckOutWinner == side {
			can[side] = true
		}
		if medals >= s.Victory[side] {
			can[side] = true
		}
		why[side] = fmt.Sprintf("the %s need %d medals and can gain %d at most (enemy units and objectives), with no sudden death or exit",
			sideName(side), s.Victory[side], medals)
	}
	switch {
	case !can[0] && !can[1]:
		c.r.errorf(hex.None, "game_info.victory_player1", "no side can win: %s; %s", why[0], why[1])
	case !can[0]:
		c.r.notef(hex.None, "game_info", "the Allies cannot win: %s", why[0])
	case !can[1]:
		c.r.notef(hex.None, "game_info", "the Axis cannot win: %s", why[1])
	}
}

func sideName(s rules.Side) string {
	if s == rules.Axis {
		return "Axis"
	}
	return "Allies"
}

// cosmetic reports the members of "text" (names and texts by language)
// that are not what the client shows: they are ignored, but not silently.
func (c *converter) cosmetic() {
	if len(c.f.Text) == 0 || string(c.f.Text) == "null" {
		return
	}
	keys, langs, ok := members(c.f.Text)
	if !ok {
		c.r.notef(hex.None, "text", "%s, want an object of languages: ignored (the scenario has no name)", jsonKind(c.f.Text))
		return
	}
	for _, lang := range keys {
		fkeys, fields, ok := members(langs[lang])
		if !ok {
			c.r.notef(hex.None, "text."+lang, "%s, want an object of texts: ignored", jsonKind(langs[lang]))
			continue
		}
		for _, k := range fkeys {
			if v := bytes.TrimSpace(fields[k]); len(v) > 0 && v[0] != '"' && v[0] != 'n' {
				c.r.notef(hex.None, "text."+lang+"."+k, "%s, want a string: ignored", jsonKind(v))
			}
		}
	}
}
