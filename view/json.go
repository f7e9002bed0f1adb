package view

import (
	"m44/hex"
	"m44/internal/jsonenc"
)

// AppendJSON appends v's JSON to b: the same bytes as encoding/json writes
// for v (TestAppendJSONIsEncodingJSON), without its reflection. The web
// server encodes a view in every snapshot.
func (v *View) AppendJSON(b []byte) []byte { return v.AppendJSONBoard(b, nil) }

// AppendJSONBoard is AppendJSON with the board's members already encoded
// (board: v.Board.AppendFields, nil to encode them here): the board is the
// same for every viewer of a position, and encoded once for them all.
func (v *View) AppendJSONBoard(b, board []byte) []byte {
	b = append(b, `{"viewer":`...)
	if v.Viewer == nil {
		b = append(b, "null"...)
	} else {
		b = jsonenc.String(b, v.Viewer.String())
	}
	if board != nil {
		b = append(b, board...)
	} else {
		b = v.Board.appendFields(b, nil)
	}
	if sc := v.SeatCards; sc != nil {
		b = jsonenc.Key(b, false, "player")
		b = jsonenc.Int(b, sc.Player)
		b = jsonenc.Key(b, false, "hand")
		b = appendCards(b, sc.Hand)
		if sc.TeamHand != nil {
			b = jsonenc.Key(b, false, "team_hand")
			b = appendCards(b, sc.TeamHand)
		}
		if sc.Shared != nil {
			b = jsonenc.Key(b, false, "shared")
			b = sc.Shared.appendJSON(b)
		}
		b = jsonenc.Key(b, false, "other_hand")
		b = jsonenc.Int(b, sc.OtherHand)
		if sc.OtherShared != nil {
			b = jsonenc.Key(b, false, "other_shared")
			b = sc.OtherShared.appendJSON(b)
		}
		if len(sc.Choice) > 0 {
			b = jsonenc.Key(b, false, "choice")
			b = appendCards(b, sc.Choice)
		}
		if sc.CombatHand != nil {
			b = jsonenc.Key(b, false, "combat_hand")
			b = jsonenc.Value(b, sc.CombatHand)
		}
		if sc.TeamCombatHand != nil {
			b = jsonenc.Key(b, false, "team_combat_hand")
			b = jsonenc.Value(b, sc.TeamCombatHand)
		}
	}
	if c := v.Counts; c != nil {
		b = jsonenc.Key(b, false, "hands")
		b = c.Hands.appendJSON(b)
		if c.SharedCards != nil {
			b = jsonenc.Key(b, false, "shared_cards")
			b = append(b, `{"allies":`...)
			b = c.SharedCards.Allies.appendJSON(b)
			b = append(b, `,"axis":`...)
			b = c.SharedCards.Axis.appendJSON(b)
			b = append(b, '}')
		}
	}
	if v.Legal != nil {
		b = jsonenc.Key(b, false, "legal")
		b = jsonenc.Strings(b, v.Legal)
	}
	return append(b, '}')
}

// AppendFields appends the board's members, each after a comma, as View's
// JSON has them (for AppendJSONBoard). With marks not nil, the offset in b
// of each member's comma is appended to *marks as it is written (for a
// caller that splits the members, and need not read them back).
func (bd *Board) AppendFields(b []byte, marks *[]int) []byte { return bd.appendFields(b, marks) }

// appendFeatures appends the JSON of the board's features.
func (bd *Board) appendFeatures(b []byte) []byte {
	if bd.Features == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range bd.Features {
		if i > 0 {
			b = append(b, ',')
		}
		b = bd.Features[i].appendJSON(b)
	}
	return append(b, ']')
}

// appendFields appends the board's members, each after a comma (the
// board is embedded in View, after its viewer); marks: AppendFields.
func (bd *Board) appendFields(b []byte, marks *[]int) []byte {
	mark(marks, len(b))
	b = append(b, `,"turn":`...)
	b = jsonenc.Int(b, bd.Turn)
	mark(marks, len(b))
	b = append(b, `,"active":`...)
	b = jsonenc.String(b, bd.Active.String())
	mark(marks, len(b))
	b = append(b, `,"phase":`...)
	b = jsonenc.String(b, bd.Phase)
	mark(marks, len(b))
	b = append(b, `,"to_act":`...)
	b = jsonenc.String(b, bd.ToAct.String())
	mark(marks, len(b))
	b = append(b, `,"over":`...)
	b = jsonenc.Bool(b, bd.Over)
	if bd.Winner != nil {
		mark(marks, len(b))
		b = append(b, `,"winner":`...)
		b = jsonenc.String(b, bd.Winner.String())
	}
	mark(marks, len(b))
	b = append(b, `,"medals":`...)
	b = bd.Medals.appendJSON(b)
	mark(marks, len(b))
	b = append(b, `,"victory":`...)
	b = bd.Victory.appendJSON(b)
	mark(marks, len(b))
	b = append(b, `,"players":`...)
	b = bd.Players.appendJSON(b)
	mark(marks, len(b))
	b = append(b, `,"current_player":`...)
	b = bd.CurrentPlayer.appendJSON(b)
	mark(marks, len(b))
	b = append(b, `,"draw_pile":`...)
	b = jsonenc.Int(b, bd.DrawPile)
	mark(marks, len(b))
	b = append(b, `,"discards":`...)
	b = appendCards(b, bd.Discards)
	if bd.Played != nil {
		mark(marks, len(b))
		b = append(b, `,"played":`...)
		b = bd.Played.appendJSON(b)
	}
	if bd.InEffect != "" {
		mark(marks, len(b))
		b = append(b, `,"in_effect":`...)
		b = jsonenc.String(b, bd.InEffect)
	}
	if len(bd.Targets) > 0 {
		mark(marks, len(b))
		b = append(b, `,"targets":[`...)
		for i, h := range bd.Targets {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendHex(b, h)
		}
		b = append(b, ']')
	}
	if bd.Visibility != 0 {
		mark(marks, len(b))
		b = append(b, `,"visibility":`...)
		b = jsonenc.Int(b, bd.Visibility)
	}
	mark(marks, len(b))
	b = append(b, `,"units":`...)
	if bd.Units == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range bd.Units {
			if i > 0 {
				b = append(b, ',')
			}
			b = bd.Units[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	mark(marks, len(b))
	b = append(b, `,"features":`...)
	if bd.featJSON != nil {
		b = append(b, bd.featJSON...) // BoardAfter's
	} else {
		b = bd.appendFeatures(b)
	}
	// The parts of rarer rulesets: encoding/json.
	if bd.Combat != nil {
		mark(marks, len(b))
		b = append(b, `,"combat":`...)
		b = jsonenc.Value(b, bd.Combat)
	}
	if len(bd.Minefields) > 0 {
		mark(marks, len(b))
		b = append(b, `,"minefields":`...)
		b = jsonenc.Value(b, bd.Minefields)
	}
	if len(bd.Sabotage) > 0 {
		mark(marks, len(b))
		b = append(b, `,"sabotage":`...)
		b = jsonenc.Value(b, bd.Sabotage)
	}
	if len(bd.TargetMarkers) > 0 {
		mark(marks, len(b))
		b = append(b, `,"target_markers":`...)
		b = jsonenc.Value(b, bd.TargetMarkers)
	}
	if bd.Smoke != nil {
		mark(marks, len(b))
		b = append(b, `,"smoke":`...)
		b = bd.Smoke.appendJSON(b)
	}
	if bd.Breakthrough != nil {
		mark(marks, len(b))
		b = append(b, `,"breakthrough":`...)
		b = bd.Breakthrough.appendJSON(b)
	}
	return b
}

func (p PerSide) appendJSON(b []byte) []byte {
	b = append(b, `{"allies":`...)
	b = jsonenc.Int(b, p.Allies)
	b = append(b, `,"axis":`...)
	b = jsonenc.Int(b, p.Axis)
	return append(b, '}')
}

// appendJSON appends the card, or null for nil.
func (c *Card) appendJSON(b []byte) []byte {
	if c == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"id":`...)
	b = jsonenc.Int(b, c.ID)
	b = append(b, `,"name":`...)
	b = jsonenc.String(b, c.Name)
	return append(b, '}')
}

func appendCards(b []byte, cs []Card) []byte {
	if cs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = cs[i].appendJSON(b)
	}
	return append(b, ']')
}

// appendHex appends h as its JSON string "row,col" (digits, a comma and
// minus signs: nothing to escape).
func appendHex(b []byte, h hex.Hex) []byte {
	b = append(b, '"')
	b = h.Append(b)
	return append(b, '"')
}

func appendFlag(b []byte, key string, v bool) []byte {
	if v {
		b = jsonenc.Key(b, false, key)
		b = append(b, "true"...)
	}
	return b
}

func (u *Unit) appendJSON(b []byte) []byte {
	b = append(b, `{"hex":`...)
	b = appendHex(b, u.Hex)
	b = append(b, `,"type":`...)
	b = jsonenc.String(b, u.Type)
	b = append(b, `,"side":`...)
	b = jsonenc.String(b, u.Side.String())
	b = append(b, `,"figures":`...)
	b = jsonenc.Int(b, u.Figures)
	b = append(b, `,"max":`...)
	b = jsonenc.Int(b, u.Max)
	b = append(b, `,"kind":`...)
	b = jsonenc.String(b, u.Kind)
	if u.Medals != 0 {
		b = append(b, `,"medals":`...)
		b = jsonenc.Int(b, u.Medals)
	}
	b = appendFlag(b, "elite", u.Elite)
	b = appendFlag(b, "resistance", u.Resistance)
	if u.Nation != "" {
		b = append(b, `,"nation":`...)
		b = jsonenc.String(b, u.Nation)
	}
	if u.Badge != "" {
		b = append(b, `,"badge":`...)
		b = jsonenc.String(b, u.Badge)
	}
	b = appendFlag(b, "ordered", u.Ordered)
	b = appendFlag(b, "moved", u.Moved)
	b = appendFlag(b, "battled", u.Battled)
	b = appendFlag(b, "camouflaged", u.Camouflaged)
	b = appendFlag(b, "boat", u.Boat)
	return append(b, '}')
}

func (f *Feature) appendJSON(b []byte) []byte {
	b = append(b, `{"hex":`...)
	b = appendHex(b, f.Hex)
	if f.Terrain != "" {
		b = append(b, `,"terrain":`...)
		b = jsonenc.String(b, f.Terrain)
	}
	if f.Structure != "" {
		b = append(b, `,"structure":`...)
		b = jsonenc.String(b, f.Structure)
	}
	if f.Obstacle != "" {
		b = append(b, `,"obstacle":`...)
		b = jsonenc.String(b, f.Obstacle)
	}
	if len(f.Markers) > 0 {
		b = append(b, `,"markers":`...)
		b = jsonenc.Strings(b, f.Markers)
	}
	b = appendFlag(b, "blown", f.Blown)
	if len(f.Ends) > 0 {
		b = append(b, `,"ends":`...)
		b = jsonenc.Ints(b, f.Ends)
	}
	return append(b, '}')
}

// mark appends n, the offset of a member's separator, to *marks (if not nil).
func mark(marks *[]int, n int) {
	if marks != nil {
		*marks = append(*marks, n)
	}
}
