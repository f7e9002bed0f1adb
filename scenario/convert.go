package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"m44/hex"
	"m44/rules"
)

// Setup converts the file into the engine's setup and reports what it found.
//
// With errors in the report the setup is nil. With unsupported features the
// setup is built with the unsupported parts left out (a road tile shows the
// printed ground, a minefield is dropped) and does not play the scenario as
// written: check Report.Playable. In that case the setup is nil too when the
// partial setup fails rules.Setup.Validate (a unit standing in a ford that
// reads as a river). The deck is left nil (rules.PlayableDeck).
func (f *File) Setup() (*rules.Setup, *Report) {
	c := &converter{f: f, r: &Report{File: f.Path}, cells: map[hex.Hex]*cell{}}
	if c.r.File == "" {
		c.r.File = "(scenario)"
	}
	return c.convert(), c.r
}

// Check loads the file at path and converts it; a file that cannot be read
// or parsed gives a report with that error.
func Check(path string) (*rules.Setup, *Report) {
	f, r := open(path)
	if f == nil {
		return nil, r
	}
	return f.Setup()
}

// open reads and parses path; on failure the report says why.
func open(path string) (*File, *Report) {
	data, err := os.ReadFile(path)
	if err == nil {
		var f *File
		if f, err = Parse(data); err == nil {
			f.Path = path
			return f, nil
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	r := &Report{File: path}
	r.errorf(hex.None, "", "%v", err)
	return nil, r
}

type converter struct {
	f *File
	r *Report
	s rules.Setup

	grid         hex.Grid
	gridOK       bool
	printedBeach bool
	sides        [2]rules.Side // side of player 1 and player 2
	sidesOK      bool

	cells        map[hex.Hex]*cell
	bunkerOwners map[string]bool // "AXIS", "ALLIES", "" (none)
}

// cell is what the hexagons place on one hex.
type cell struct {
	index  int // in board.hexagons
	ground rules.HexSetup
	tile   bool    // a supported terrain tile is placed
	has    [4]bool // records place a terrain, structure, obstacle, unit
	// uncertain marks ground whose passability the engine cannot know (an
	// unsupported tile, structure or behavior).
	uncertain bool
	unit      *rules.UnitSetup
	unitName  string
}

var (
	// ignoredGameInfo are editor bookkeeping members that carry no rule.
	ignoredGameInfo = []string{"operationID", "operation", "expert_mode", "expert"}
	fronts          = []string{"WESTERN", "EASTERN", "MEDITERRANEAN", "PACIFIC"}
	badgeName       = regexp.MustCompile(`^badge[0-9]+$`)
	tagName         = regexp.MustCompile(`^tag[0-9]+$`)
)

func (c *converter) convert() *rules.Setup {
	f, r := c.f, c.r
	for _, k := range f.Unknown() {
		r.unsupported(hex.None, k, k, "unknown member "+k, "")
	}
	c.board()
	c.problems()
	c.gameInfo()
	if f.Options != nil {
		c.options(f.Options, "options")
	}
	if f.EquipmentPacks != nil {
		c.packs()
	}
	if f.Board != nil && c.gridOK {
		c.hexagons()
		c.fillGround()
		c.placement()
		c.bunkers()
	}
	if strings.TrimSpace(c.ruleText()) != "" {
		r.notef(hex.None, "text", "the scenario's special rules are free text, not checked: read them")
	}
	name := f.Name()
	if name == "" && f.Path != "" {
		name = strings.TrimSuffix(filepath.Base(f.Path), filepath.Ext(f.Path))
	}
	c.s.Name = name
	if !r.Loaded() {
		return nil
	}
	if err := c.s.Validate(); err != nil {
		if len(r.Unsupported) == 0 {
			r.errorf(hex.None, "setup", "rules.Setup.Validate: %v", err)
			return nil
		}
		// Unsupported parts were left out or replaced (a ford read as a
		// river): the partial setup is not given out.
		r.notef(hex.None, "setup", "no setup: with the unsupported features left out, rules.Setup.Validate fails: %v", err)
		return nil
	}
	return &c.s
}

func (c *converter) ruleText() string {
	_, langs, ok := members(c.f.Text)
	if !ok {
		return ""
	}
	var all strings.Builder
	for _, v := range langs {
		_, fields, ok := members(v)
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal(fields["rules"], &s) == nil {
			all.WriteString(s)
		}
	}
	return all.String()
}

// problems reports the members that could not be decoded.
func (c *converter) problems() {
	for _, p := range c.f.Problems() {
		h := hex.None
		if p.Hexagon >= 0 && c.f.Board != nil && p.Hexagon < len(c.f.Board.Hexagons) {
			h = c.hexOf(&c.f.Board.Hexagons[p.Hexagon])
		}
		c.r.errorf(h, p.Path, "%s", p.Msg)
	}
}

// hexOf is the hexagon's hex if it is a full hex of the board, else hex.None.
func (c *converter) hexOf(h *Hexagon) hex.Hex {
	if !c.gridOK || !h.Has("row") || !h.Has("col") || !inInt8(h.Row) || !inInt8(h.Col) {
		return hex.None
	}
	x := hex.Hex{Row: int8(h.Row), Col: int8(h.Col)}
	if !c.grid.Contains(x) {
		return hex.None
	}
	return x
}

func inInt8(v int) bool { return v >= -100 && v <= 100 }

// missing reports an absent member (an ill-typed one is already a problem).
func (c *converter) missing(raw json.RawMessage, h hex.Hex, field, what string) {
	if raw == nil {
		c.r.errorf(h, field, "missing: %s", what)
	} else if isNull(raw) {
		c.r.errorf(h, field, "null: want %s", what)
	}
}

func sideOf(s string) (rules.Side, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "AXIS":
		return rules.Axis, true
	case "ALLIES":
		return rules.Allies, true
	}
	return 0, false
}

func (c *converter) board() {
	b, r := c.f.Board, c.r
	if b == nil {
		c.missing(c.f.Member("board"), hex.None, "board", "the board object")
		return
	}
	if b.o.whole != nil {
		return
	}
	switch {
	case !b.Has("type"):
		c.missing(b.Member("type"), hex.None, "board.type", "STANDARD, BRKTHRU or OVERLORD")
	default:
		name := b.Type
		if strings.EqualFold(name, "stan") {
			r.notef(hex.None, "board.type", "%q read as STANDARD", name)
			name = "STANDARD"
		}
		e, ok := Lookup(SlotBoardType, name)
		if !ok {
			r.errorf(hex.None, "board.type", "unknown board type %q: want STANDARD, BRKTHRU or OVERLORD", b.Type)
			break
		}
		c.grid, c.gridOK = e.Grid, true
		c.s.Grid = e.Grid
		if !e.Supported() {
			r.unsupported(hex.None, "board.type", b.Type, e.Unsupported, "")
		}
	}
	switch {
	case !b.Has("face"):
		c.missing(b.Member("face"), hex.None, "board.face", "COUNTRY, BEACH, WINTER or DESERT")
	default:
		e, ok := Lookup(SlotBoardFace, b.Face)
		if !ok {
			r.errorf(hex.None, "board.face", "unknown board face %q: want COUNTRY, BEACH, WINTER or DESERT", b.Face)
			break
		}
		c.printedBeach = e.PrintedBeach
	}
	if !b.Has("hexagons") {
		c.missing(b.Member("hexagons"), hex.None, "board.hexagons", "the list of hexagons")
	}
	for _, k := range b.Unknown() {
		raw := b.Member(k)
		if k == "groups" && emptyJSON(raw) {
			continue
		}
		r.unsupported(hex.None, "board."+k, k, "unknown member board."+k, "")
	}
}

// emptyJSON reports null, false, "", 0, [] and {}.
func emptyJSON(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return v == ""
	case float64:
		return v == 0
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

func (c *converter) gameInfo() {
	g, r := c.f.GameInfo, c.r
	if g == nil {
		c.missing(c.f.Member("game_info"), hex.None, "game_info", "the game_info object")
		return
	}
	if g.o.whole != nil {
		return
	}
	// Sides.
	var ok1, ok2 bool
	c.sides[0], ok1 = c.side(g, "side_player1", g.SidePlayer1)
	c.sides[1], ok2 = c.side(g, "side_player2", g.SidePlayer2)
	if ok1 && ok2 {
		if c.sides[0] == c.sides[1] {
			r.errorf(hex.None, "game_info.side_player2", "both players are %s", strings.ToUpper(c.sides[0].String()))
		} else {
			c.sidesOK = true
			c.s.Top = c.sides[0]
		}
	}
	// First player.
	if !g.Has("starting") {
		c.missing(g.Member("starting"), hex.None, "game_info.starting", "PLAYER1 or PLAYER2 (who plays first)")
	} else {
		switch strings.ToUpper(strings.TrimSpace(g.Starting)) {
		case "PLAYER1":
			c.s.First = c.sides[0]
		case "PLAYER2":
			c.s.First = c.sides[1]
		default:
			r.errorf(hex.None, "game_info.starting", "unknown value %q: want PLAYER1 or PLAYER2", g.Starting)
		}
	}
	// Cards and medals.
	counts := []struct {
		key    string
		v      int
		player int
		dst    *[2]int
		lo, hi int
		what   string
	}{
		{"cards_player1", g.CardsPlayer1, 0, &c.s.Cards, 0, 20, "command cards"},
		{"cards_player2", g.CardsPlayer2, 1, &c.s.Cards, 0, 20, "command cards"},
		{"victory_player1", g.VictoryPlayer1, 0, &c.s.Victory, 1, 50, "medals to win"},
		{"victory_player2", g.VictoryPlayer2, 1, &c.s.Victory, 1, 50, "medals to win"},
	}
	for _, n := range counts {
		field := "game_info." + n.key
		if !g.Has(n.key) {
			c.missing(g.Member(n.key), hex.None, field, "the number of "+n.what)
			continue
		}
		if n.v < n.lo || n.v > n.hi {
			r.errorf(hex.None, field, "%d %s: want %d..%d", n.v, n.what, n.lo, n.hi)
			continue
		}
		if c.sidesOK {
			n.dst[c.sides[n.player]] = n.v
		}
	}
	// Air superiority: front and year (rulebook annex 4).
	if !g.Has("front") {
		c.missing(g.Member("front"), hex.None, "game_info.front", "WESTERN, EASTERN, MEDITERRANEAN or PACIFIC (air superiority, rulebook annex 4)")
	} else if fr := strings.ToUpper(strings.TrimSpace(g.Front)); !slices.Contains(fronts, fr) {
		r.errorf(hex.None, "game_info.front", "unknown front %q: want WESTERN, EASTERN, MEDITERRANEAN or PACIFIC", g.Front)
	} else {
		c.s.Front = fr
	}
	if !g.Has("date_begin") {
		c.missing(g.Member("date_begin"), hex.None, "game_info.date_begin", "the date YYYY-MM-DD (air superiority, rulebook annex 4)")
	} else if y, err := yearOf(g.DateBegin); err != nil {
		r.errorf(hex.None, "game_info.date_begin", "%v", err)
	} else {
		c.s.Year = y
		if y < 1939 || y > 1945 {
			r.notef(hex.None, "game_info.date_begin", "year %d is outside the air superiority table (1939-1945, rulebook annex 4)", y)
		}
	}
	// Countries: a cross-check of the sides.
	for p, cc := range []string{g.CountryPlayer1, g.CountryPlayer2} {
		field := fmt.Sprintf("game_info.country_player%d", p+1)
		code := strings.ToUpper(strings.TrimSpace(cc))
		if code == "" {
			continue
		}
		side, known := countries[code]
		switch {
		case !known:
			r.notef(hex.None, field, "unknown country %q: not cross-checked with the side", cc)
		case c.sidesOK && side != c.sides[p]:
			r.errorf(hex.None, field, "%s is an %s country but side_player%d is %s", code, side, p+1, strings.ToUpper(c.sides[p].String()))
		}
	}
	if g.VictoryConditions != nil {
		c.victoryConditions(g.VictoryConditions)
	}
	if g.Options != nil {
		c.options(g.Options, "game_info.options")
	}
	if g.Victory != nil && c.gridOK {
		c.victory(g.Victory)
	}
	for _, k := range g.Unknown() {
		if slices.Contains(ignoredGameInfo, k) {
			continue
		}
		r.unsupported(hex.None, "game_info."+k, k, "unknown member game_info."+k, "")
	}
}

func (c *converter) side(g *GameInfo, key, v string) (rules.Side, bool) {
	field := "game_info." + key
	if !g.Has(key) {
		c.missing(g.Member(key), hex.None, field, "AXIS or ALLIES")
		return 0, false
	}
	s, ok := sideOf(v)
	if !ok {
		c.r.errorf(hex.None, field, "unknown side %q: want AXIS or ALLIES", v)
	}
	return s, ok
}

var datePattern = regexp.MustCompile(`^([0-9]{4})(-[0-9]{1,2}(-[0-9]{1,2})?)?$`)

func yearOf(date string) (int, error) {
	m := datePattern.FindStringSubmatch(strings.TrimSpace(date))
	if m == nil {
		return 0, fmt.Errorf("date %q: want YYYY-MM-DD", date)
	}
	y, _ := strconv.Atoi(m[1])
	return y, nil
}

// victoryConditions reads game_info.victory_conditions: the editor writes
// [{"standard": []}]; anything else is a condition the engine lacks.
func (c *converter) victoryConditions(raw json.RawMessage) {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		c.r.errorf(hex.None, "game_info.victory_conditions", "want an array, got %s", jsonKind(raw))
		return
	}
	for i, e := range list {
		field := fmt.Sprintf("game_info.victory_conditions[%d]", i)
		keys, vals, ok := members(e)
		if !ok {
			c.r.errorf(hex.None, field, "want an object, got %s", jsonKind(e))
			continue
		}
		for _, k := range keys {
			if k == "standard" && emptyJSON(vals[k]) {
				continue
			}
			c.r.unsupported(hex.None, field+"."+k, k, "victory condition "+k, "")
		}
	}
}

// options reads an options object: every active option is a special rule.
func (c *converter) options(raw json.RawMessage, field string) {
	keys, vals, ok := members(raw)
	if !ok {
		if emptyJSON(raw) {
			return // the editor writes [] for no options
		}
		c.r.errorf(hex.None, field, "want an object, got %s", jsonKind(raw))
		return
	}
	for _, k := range keys {
		v := vals[k]
		e, known := Lookup(SlotOption, k)
		if !known {
			if emptyJSON(v) {
				continue
			}
			c.r.unsupported(hex.None, field+"."+k, k, "option "+k, "unknown option")
			continue
		}
		inactive := emptyJSON(v)
		if strings.EqualFold(k, "deck_reshuffling") {
			inactive = strings.TrimSpace(string(v)) == "true" || isNull(v)
		}
		if inactive {
			continue
		}
		c.r.unsupported(hex.None, field+"."+k, k, e.Unsupported, "value "+clip(compact(v), 60))
	}
}

// victory reads game_info.victory: {"condition": [{"group_sudden_death": …}]}.
func (c *converter) victory(raw json.RawMessage) {
	keys, vals, ok := members(raw)
	if !ok {
		if !emptyJSON(raw) {
			c.r.errorf(hex.None, "game_info.victory", "want an object, got %s", jsonKind(raw))
		}
		return
	}
	for _, k := range keys {
		if k != "condition" {
			c.r.unsupported(hex.None, "game_info.victory."+k, k, "victory condition "+k, "")
			continue
		}
		var conds []json.RawMessage
		if err := json.Unmarshal(vals[k], &conds); err != nil {
			c.r.errorf(hex.None, "game_info.victory.condition", "want an array, got %s", jsonKind(vals[k]))
			continue
		}
		for i, cond := range conds {
			field := fmt.Sprintf("game_info.victory.condition[%d]", i)
			ckeys, cvals, ok := members(cond)
			if !ok {
				c.r.errorf(hex.None, field, "want an object, got %s", jsonKind(cond))
				continue
			}
			for _, ck := range ckeys {
				if ck == "group_sudden_death" {
					c.suddenDeath(cvals[ck], field+"."+ck)
					continue
				}
				c.r.unsupported(hex.None, field+"."+ck, ck, "victory condition "+ck, "")
			}
		}
	}
}

func (c *converter) suddenDeath(raw json.RawMessage, field string) {
	keys, vals, ok := members(raw)
	if !ok {
		c.r.errorf(hex.None, field, "want an object, got %s", jsonKind(raw))
		return
	}
	o := rules.Objective{Kind: rules.SuddenDeath}
	bad := false
	var s string
	if v, has := vals["side"]; !has {
		c.r.errorf(hex.None, field+".side", "missing: AXIS or ALLIES")
		bad = true
	} else if json.Unmarshal(v, &s) != nil {
		c.r.errorf(hex.None, field+".side", "want a string, got %s", jsonKind(v))
		bad = true
	} else if side, ok := sideOf(s); !ok {
		c.r.errorf(hex.None, field+".side", "unknown side %q: want AXIS or ALLIES", s)
		bad = true
	} else {
		o.Sides = 1 << side
	}
	var names []string
	if v, has := vals["group"]; !has {
		c.r.errorf(hex.None, field+".group", "missing: the hexes to hold")
		bad = true
	} else if json.Unmarshal(v, &names) != nil {
		c.r.errorf(hex.None, field+".group", "want an array of hex names, got %s", jsonKind(v))
		bad = true
	} else {
		var ok bool
		o.Hexes, ok = c.group(nil, names, hex.None, field+".group")
		bad = bad || !ok
		if len(names) == 0 {
			c.r.errorf(hex.None, field+".group", "no hex")
			bad = true
		}
	}
	if v, has := vals["number"]; !has {
		c.r.errorf(hex.None, field+".number", "missing: how many hexes to hold")
		bad = true
	} else if n, err := intValue(v); err != nil {
		c.r.errorf(hex.None, field+".number", "%v", err)
		bad = true
	} else if !bad && (n < 1 || n > len(o.Hexes)) {
		c.r.errorf(hex.None, field+".number", "%d hexes to hold out of a group of %d", n, len(o.Hexes))
		bad = true
	} else {
		o.Count = n
	}
	for _, k := range keys {
		if k != "side" && k != "group" && k != "number" {
			c.r.unsupported(hex.None, field+"."+k, k, "unknown member "+k+" of group_sudden_death", "")
		}
	}
	if !bad {
		c.s.Objectives = append(c.s.Objectives, o)
	}
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// group converts editor hex names, appending to hexes without duplicates.
func (c *converter) group(hexes []hex.Hex, names []string, at hex.Hex, field string) ([]hex.Hex, bool) {
	ok := true
	for i, n := range names {
		h, err := ParseGroupName(n, c.grid)
		if err != nil {
			c.r.errorf(at, fmt.Sprintf("%s[%d]", field, i), "%v", err)
			ok = false
			continue
		}
		if !slices.Contains(hexes, h) {
			hexes = append(hexes, h)
		}
	}
	return hexes, ok
}

// packs reads the editor's summary for features written nowhere else.
func (c *converter) packs() {
	raw := c.f.EquipmentPacks
	keys, vals, ok := members(raw)
	if !ok {
		if !emptyJSON(raw) {
			c.r.notef(hex.None, "equipment_packs", "not understood (want an object): ignored")
		}
		return
	}
	type item struct {
		Image struct {
			Feature string `json:"feature"`
		} `json:"image"`
	}
	for _, k := range keys {
		if k != "allies_pack" && k != "axis_pack" {
			continue // base_cost and other editor bookkeeping
		}
		var items []item
		if json.Unmarshal(vals[k], &items) != nil {
			c.r.notef(hex.None, "equipment_packs."+k, "not understood (want an array of items): ignored")
			continue
		}
		for i, it := range items {
			feat := it.Image.Feature
			if feat == "" {
				continue // a unit type and badge: the units carry them
			}
			field := fmt.Sprintf("equipment_packs.%s[%d].image.feature", k, i)
			e, known := Lookup(SlotPackFeature, feat)
			switch {
			case !known:
				c.r.unsupported(hex.None, field, feat, "pack feature "+feat, "unknown feature")
			case !e.Supported():
				c.r.unsupported(hex.None, field, feat, e.Unsupported, "")
			}
		}
	}
}

func (c *converter) hexagons() {
	r := c.r
	for i := range c.f.Board.Hexagons {
		h := &c.f.Board.Hexagons[i]
		path := fmt.Sprintf("board.hexagons[%d]", i)
		if h.o.whole != nil {
			continue // reported as a problem
		}
		if !h.Has("row") || !h.Has("col") {
			c.missing(h.Member("row"), hex.None, path+".row", "the row")
			c.missing(h.Member("col"), hex.None, path+".col", "the column")
			continue
		}
		if !c.onBoard(h.Row, h.Col, path) {
			continue
		}
		x := hex.Hex{Row: int8(h.Row), Col: int8(h.Col)}
		cl, dup := c.cells[x]
		if dup {
			// The editor may write one hex in two records (Panzer Lehr
			// Counter-Attack does, for two markers): they are merged
			// unless both place the same kind of thing.
			var clash []string
			for _, s := range []struct {
				what string
				prev bool
				this bool
			}{
				{"terrains", cl.has[0], h.Terrain != nil},
				{"structures", cl.has[1], h.RectTerrain != nil},
				{"obstacles", cl.has[2], h.Obstacle != nil},
				{"units", cl.has[3], h.Unit != nil},
			} {
				if s.prev && s.this {
					clash = append(clash, "two "+s.what+" on one hex")
				}
			}
			if len(clash) > 0 {
				r.errorf(x, path, "hex listed twice (also board.hexagons[%d]): %s", cl.index, strings.Join(clash, ", "))
				continue
			}
			r.notef(x, path, "hex listed twice (also board.hexagons[%d]): the two records are merged", cl.index)
		} else {
			cl = &cell{index: i, ground: rules.HexSetup{Hex: x}}
			c.cells[x] = cl
		}
		cl.has[0] = cl.has[0] || h.Terrain != nil
		cl.has[1] = cl.has[1] || h.RectTerrain != nil
		cl.has[2] = cl.has[2] || h.Obstacle != nil
		cl.has[3] = cl.has[3] || h.Unit != nil
		if p := h.Terrain; p != nil && p.o.whole == nil {
			c.terrain(x, path+".terrain", p, cl)
		}
		if p := h.RectTerrain; p != nil && p.o.whole == nil {
			c.structure(x, path+".rect_terrain", p, cl)
		}
		if p := h.Obstacle; p != nil && p.o.whole == nil {
			c.obstacle(x, path+".obstacle", p, cl)
		}
		if u := h.Unit; u != nil && u.o.whole == nil {
			c.unit(x, path+".unit", u, cl)
		}
		for j := range h.Tags {
			if t := &h.Tags[j]; t.o.whole == nil {
				c.tag(x, fmt.Sprintf("%s.tags[%d]", path, j), t)
			}
		}
		for _, k := range h.Unknown() {
			r.unsupported(x, path+"."+k, k, "unknown member "+k+" of a hexagon", "")
		}
	}
}

// onBoard checks a hexagon's coordinates with a message that says what is
// wrong.
func (c *converter) onBoard(row, col int, path string) bool {
	g := c.grid
	switch {
	case row < 0 || row >= g.Rows:
		c.r.errorf(hex.None, path+".row", "row %d outside the %s board (rows 0..%d)", row, boardName(g), g.Rows-1)
	case col < -1 || col > g.MaxCol()+1:
		c.r.errorf(hex.None, path+".col", "col %d outside the %s board (cols 0..%d)", col, boardName(g), g.MaxCol())
	case (row+col)%2 != 0:
		c.r.errorf(hex.None, path, "row %d, col %d: wrong parity (row and col must be both even or both odd)", row, col)
	case col == -1 || col == g.MaxCol()+1:
		c.r.errorf(hex.None, path+".col", "col %d on row %d is a half-hex at the board edge: nothing can be placed there", col, row)
	default:
		return true
	}
	return false
}

// name checks a piece's name member and looks it up.
func (c *converter) lookup(slot Slot, x hex.Hex, path string, has bool, raw json.RawMessage, name string) (Entry, bool) {
	if !has {
		c.missing(raw, x, path+".name", "a "+string(slot)+" name")
		return Entry{}, false
	}
	e, ok := Lookup(slot, name)
	if !ok {
		c.r.errorf(x, path+".name", "unknown %s %q", slot, name)
	}
	return e, ok
}

// behaviors handles a piece's behavior and behavior2 members, calling apply
// for the supported ones; it returns false if one is unsupported.
func (c *converter) behaviors(x hex.Hex, path string, p *Piece, apply func(field string, e Entry) bool) bool {
	fine := true
	for _, b := range []struct{ key, v string }{{"behavior", p.Behavior}, {"behavior2", p.Behavior2}} {
		if !p.Has(b.key) {
			continue
		}
		field := path + "." + b.key
		e, ok := Lookup(SlotBehavior, b.v)
		switch {
		case !ok:
			c.r.errorf(x, field, "unknown behavior %q", b.v)
			fine = false
		case !e.Supported():
			c.r.unsupported(x, field, b.v, e.Unsupported, "")
			fine = false
		case !apply(field, e):
			fine = false
		}
	}
	return fine
}

func (c *converter) unknownMembers(x hex.Hex, path, what string, keys []string) bool {
	for _, k := range keys {
		c.r.unsupported(x, path+"."+k, k, "unknown member "+k+" of "+what, "")
	}
	return len(keys) == 0
}

func (c *converter) terrain(x hex.Hex, path string, p *Piece, cl *cell) {
	e, ok := c.lookup(SlotTerrain, x, path, p.Has("name"), p.Member("name"), p.Name)
	if !ok {
		cl.uncertain = true
		return
	}
	if !e.Supported() {
		c.r.unsupported(x, path+".name", p.Name, e.Unsupported, "")
		cl.uncertain = true
	}
	t := e.Terrain
	fine := c.behaviors(x, path, p, func(field string, b Entry) bool {
		if !b.Refines {
			c.r.errorf(x, field, "behavior %q does not apply to a terrain", b.Name)
			return false
		}
		if !e.Supported() || e.Terrain != rules.Hill {
			c.r.errorf(x, field, "behavior %q applies to a hill, not to %q", b.Name, p.Name)
			return false
		}
		t = b.Terrain
		return true
	})
	if p.Properties != nil {
		c.r.unsupported(x, path+".properties", p.Name, "terrain rules set per side", "properties "+clip(compact(p.Properties), 60))
		fine = false
	}
	if p.Has("original_owner") {
		c.r.unsupported(x, path+".original_owner", p.Name, "terrain owned by a side", "original_owner "+p.OriginalOwner)
		fine = false
	}
	fine = c.unknownMembers(x, path, "a terrain", p.Unknown()) && fine
	if !fine {
		cl.uncertain = true
	}
	if e.Supported() {
		cl.ground.Terrain = t
		cl.tile = true // the printed face no longer shows
	}
}

func (c *converter) structure(x hex.Hex, path string, p *Piece, cl *cell) {
	e, ok := c.lookup(SlotRectTerrain, x, path, p.Has("name"), p.Member("name"), p.Name)
	if !ok {
		cl.uncertain = true
		return
	}
	fine := e.Supported()
	if !fine {
		c.r.unsupported(x, path+".name", p.Name, e.Unsupported, "")
	}
	fine = c.behaviors(x, path, p, func(field string, b Entry) bool {
		c.r.errorf(x, field, "behavior %q does not apply to a %s", b.Name, SlotRectTerrain)
		return false
	}) && fine
	if p.Properties != nil {
		c.r.unsupported(x, path+".properties", p.Name, "terrain rules set per side", "properties "+clip(compact(p.Properties), 60))
		fine = false
	}
	if p.Has("original_owner") {
		if e.Supported() && e.Structure == rules.Bunker {
			if _, ok := sideOf(p.OriginalOwner); ok {
				c.bunkerOwner(strings.ToUpper(strings.TrimSpace(p.OriginalOwner)))
			} else {
				c.r.errorf(x, path+".original_owner", "unknown side %q: want AXIS or ALLIES", p.OriginalOwner)
			}
		} else {
			c.r.unsupported(x, path+".original_owner", p.Name, "structures owned by a side", "original_owner "+p.OriginalOwner)
			fine = false
		}
	} else if e.Supported() && e.Structure == rules.Bunker {
		c.bunkerOwner("")
	}
	fine = c.unknownMembers(x, path, "a rect_terrain", p.Unknown()) && fine
	if !fine {
		cl.uncertain = true
	}
	if e.Supported() {
		cl.ground.Structure = e.Structure
	}
}

func (c *converter) bunkerOwner(side string) {
	if c.bunkerOwners == nil {
		c.bunkerOwners = map[string]bool{}
	}
	c.bunkerOwners[side] = true
}

// bunkers sets who may use bunkers: rulebook annex 2 "Bunkers" lets both
// sides unless the scenario says otherwise; original_owner says otherwise.
func (c *converter) bunkers() {
	switch len(c.bunkerOwners) {
	case 0:
	case 1:
		for side := range c.bunkerOwners {
			if s, ok := sideOf(side); ok {
				c.s.BunkerUsers = 1 << s
			} else {
				c.r.notef(hex.None, "board.hexagons", "no bunker names an original_owner: both sides may use them as defensive positions (rulebook annex 2 Bunkers); scenario texts often give them to one side")
			}
		}
	default:
		c.r.unsupported(hex.None, "board.hexagons", "original_owner", "bunkers with different users", "some bunkers name an original_owner and others another or none")
	}
}

func (c *converter) obstacle(x hex.Hex, path string, p *Piece, cl *cell) {
	e, ok := c.lookup(SlotObstacle, x, path, p.Has("name"), p.Member("name"), p.Name)
	if !ok {
		return
	}
	if !e.Supported() {
		c.r.unsupported(x, path+".name", p.Name, e.Unsupported, "")
		return
	}
	o := e.Obstacle
	c.behaviors(x, path, p, func(field string, b Entry) bool {
		if b.Obstacle == rules.NoObstacle {
			c.r.errorf(x, field, "behavior %q does not apply to an obstacle", b.Name)
			return false
		}
		if e.Obstacle != rules.Sandbags {
			c.r.errorf(x, field, "behavior %q applies to sandbags, not to %q", b.Name, p.Name)
			return false
		}
		o = b.Obstacle
		return true
	})
	if p.Has("original_owner") {
		switch {
		case o == rules.Seawall:
			// "Treat the Sea Wall as a permanent improved position
			// (sandbags) for the Allied player" (First Assault Wave,
			// Omaha Beach): a seawall for one side only.
			c.r.unsupported(x, path+".original_owner", p.Name, "seawalls protecting one side", "original_owner "+p.OriginalOwner)
		case o == rules.Sandbags:
			// The colour of the sandbags: any colour may be used (FAQ II
			// Sacs de sable); the unit in them gets the protection.
			if _, ok := sideOf(p.OriginalOwner); !ok {
				c.r.errorf(x, path+".original_owner", "unknown side %q: want AXIS or ALLIES", p.OriginalOwner)
			}
		default:
			c.r.unsupported(x, path+".original_owner", p.Name, "obstacles owned by a side", "original_owner "+p.OriginalOwner)
		}
	}
	if p.Properties != nil {
		c.r.unsupported(x, path+".properties", p.Name, "terrain rules set per side", "properties "+clip(compact(p.Properties), 60))
	}
	c.unknownMembers(x, path, "an obstacle", p.Unknown())
	cl.ground.Obstacle = o
}

func (c *converter) unit(x hex.Hex, path string, u *Unit, cl *cell) {
	r := c.r
	if !u.Has("name") {
		c.missing(u.Member("name"), x, path+".name", "a unit name")
		return
	}
	e, ok := LookupUnit(u.Name)
	if !ok {
		r.errorf(x, path+".name", "unknown unit %q: want inf, tank or gun, an optional 2, and a nation (ger, us, brit, ru, jp, it, fr)", u.Name)
		return
	}
	if !e.Supported() {
		r.unsupported(x, path+".name", u.Name, e.Unsupported, "")
	}
	us := rules.UnitSetup{Hex: x, Type: e.Unit, Side: e.Side, Elite: e.Elite, Nation: e.Nation}
	if u.Has("behavior") {
		b, ok := Lookup(SlotBehavior, u.Behavior)
		switch {
		case !ok:
			r.errorf(x, path+".behavior", "unknown behavior %q", u.Behavior)
		case !b.Supported():
			r.unsupported(x, path+".behavior", u.Behavior, b.Unsupported, "")
		case !b.Resistance:
			r.errorf(x, path+".behavior", "behavior %q does not apply to a unit", u.Behavior)
		case e.Unit != rules.Infantry:
			r.errorf(x, path+".behavior", "behavior %q applies to infantry, not to %q", u.Behavior, u.Name)
		default:
			// Resistance units have the special forces icon but not the
			// elite move (rulebook annex 1: they move 1 and battle or 2).
			us.Resistance, us.Elite = true, false
		}
	}
	if u.Has("equipment") {
		r.unsupported(x, path+".equipment", u.Equipment, "unit equipment "+u.Equipment, "")
	}
	if u.Has("badge") {
		us.Badge = u.Badge
		b, ok := Lookup(SlotBadge, u.Badge)
		switch {
		case ok && !b.Supported():
			r.unsupported(x, path+".badge", u.Badge, b.Unsupported, "")
		case ok:
		case badgeName.MatchString(strings.ToLower(u.Badge)):
			r.unsupported(x, path+".badge", u.Badge, "special unit "+strings.ToLower(u.Badge), "badge not in the vocabulary: the scenario text decides")
		default:
			r.errorf(x, path+".badge", "unknown badge %q: want badgeN", u.Badge)
		}
	}
	us.Figures = rules.DefaultFigures(us.Type, us.Elite, us.Resistance)
	if u.Has("nbr_units") {
		if u.NbrUnits < 1 || u.NbrUnits > 9 {
			r.errorf(x, path+".nbr_units", "%d figures: want 1..9", u.NbrUnits)
		} else {
			us.Figures = int8(u.NbrUnits)
		}
	}
	c.unknownMembers(x, path, "a unit", u.Unknown())
	cl.unit, cl.unitName = &us, u.Name
}

func (c *converter) tag(x hex.Hex, path string, t *Tag) {
	r := c.r
	if !t.Has("name") {
		c.missing(t.Member("name"), x, path+".name", "a tag name")
		return
	}
	// Validate group names whatever the tag.
	var hexes []hex.Hex
	groupOK := true
	if t.Has("group") {
		hexes, groupOK = c.group([]hex.Hex{x}, t.Group, x, path+".group")
	} else {
		hexes = []hex.Hex{x}
	}
	isMedal := strings.HasPrefix(strings.ToLower(t.Name), "medal")
	if !isMedal {
		e, known := Lookup(SlotTag, t.Name)
		if t.Has("behavior") {
			b, ok := Lookup(SlotTagBehavior, t.Behavior)
			if !ok {
				r.errorf(x, path+".behavior", "unknown tag behavior %q", t.Behavior)
			} else {
				r.unsupported(x, path+".behavior", t.Behavior, b.Unsupported, "")
			}
		} else if known {
			r.unsupported(x, path+".name", t.Name, e.Unsupported, "")
		}
		switch {
		case known:
		case tagName.MatchString(strings.ToLower(t.Name)):
			if !t.Has("behavior") {
				r.unsupported(x, path+".name", t.Name, "marker "+strings.ToLower(t.Name), "tag not in the vocabulary: the scenario text decides")
			}
		default:
			r.errorf(x, path+".name", "unknown tag %q", t.Name)
		}
		if t.Has("side") {
			if _, ok := sideOf(t.Side); !ok {
				r.errorf(x, path+".side", "unknown side %q: want AXIS or ALLIES", t.Side)
			}
		}
		c.unknownMembers(x, path, "a tag", t.Unknown())
		return
	}

	// A medal.
	e, known := Lookup(SlotTag, t.Name)
	if !known {
		r.errorf(x, path+".name", "unknown medal %q: want medal0, medal1, medal2, medal4, medal6 or medal7", t.Name)
		return
	}
	o := rules.Objective{Kind: rules.TemporaryMedal, Medals: 1, Hexes: hexes}
	usable := groupOK
	m := t.Medal
	explicitSide := m != nil && m.o.whole == nil && m.Has("side")
	switch {
	case explicitSide:
		s, ok := sideOf(m.Side)
		if !ok {
			r.errorf(x, path+".medal.side", "unknown side %q: want AXIS or ALLIES", m.Side)
			usable = false
			break
		}
		o.Sides = 1 << s
		if e.Supported() && e.Sides != rules.MaskBoth && e.Sides != o.Sides {
			r.errorf(x, path+".medal.side", "%s is a medal for %s but medal.side is %s", t.Name, maskName(e.Sides), strings.ToUpper(m.Side))
			usable = false
		}
	case !e.Supported():
		r.unsupported(x, path+".name", t.Name, e.Unsupported, "")
		usable = false
	default:
		o.Sides = e.Sides
	}
	if t.Has("behavior") {
		if b, ok := Lookup(SlotTagBehavior, t.Behavior); ok {
			r.unsupported(x, path+".behavior", t.Behavior, b.Unsupported, "on a medal")
		} else {
			r.errorf(x, path+".behavior", "unknown tag behavior %q", t.Behavior)
		}
	}
	if t.Has("side") {
		r.unsupported(x, path+".side", t.Side, "medal tags with a tag-level side", "the side of a medal is medal.side")
	}
	c.unknownMembers(x, path, "a tag", t.Unknown())
	if m != nil && m.o.whole == nil {
		if m.Has("counts_for") {
			if m.CountsFor < 1 || m.CountsFor > 10 {
				r.errorf(x, path+".medal.counts_for", "%d medals: want 1..10", m.CountsFor)
				usable = false
			} else {
				o.Medals = m.CountsFor
			}
		}
		switch {
		case m.Permanent && m.Majority:
			r.unsupported(x, path+".medal", t.Name, "permanent majority medals", "")
		case m.Majority:
			o.Kind = rules.MajorityMedal
		case m.Permanent:
			o.Kind = rules.PermanentMedal
		}
		if m.Has("nbr_hex") && m.NbrHex != 1 {
			switch {
			case m.NbrHex < 1 || m.NbrHex > len(hexes):
				r.errorf(x, path+".medal.nbr_hex", "%d hexes to hold out of a group of %d", m.NbrHex, len(hexes))
				usable = false
			case m.Majority:
				r.unsupported(x, path+".medal.nbr_hex", t.Name, "majority medals needing several hexes", fmt.Sprintf("%d hexes", m.NbrHex))
			default:
				r.unsupported(x, path+".medal.nbr_hex", t.Name, "medals needing several hexes of a group", fmt.Sprintf("%d of %d hexes", m.NbrHex, len(hexes)))
			}
		}
		c.unknownMembers(x, path+".medal", "a medal", m.Unknown())
	}
	if usable {
		c.s.Objectives = append(c.s.Objectives, o)
	}
}

// printed is the ground the board face shows at row.
func (c *converter) printed(row int) rules.Terrain {
	if !c.printedBeach {
		return rules.Plain
	}
	beach, ocean := 4, 7 // standard and Overlord boards
	if c.grid.Rows == hex.Breakthrough().Rows {
		beach, ocean = 11, 14
	}
	switch {
	case row >= ocean:
		return rules.Ocean
	case row >= beach:
		return rules.Beach
	}
	return rules.Plain
}

// fillGround builds Setup.Hexes: placed ground, and the printed face where no
// tile is placed.
func (c *converter) fillGround() {
	for _, x := range c.grid.Hexes() {
		hs := rules.HexSetup{Hex: x, Terrain: c.printed(int(x.Row))}
		if cl, ok := c.cells[x]; ok {
			if cl.tile {
				hs.Terrain = cl.ground.Terrain
			}
			hs.Structure, hs.Obstacle = cl.ground.Structure, cl.ground.Obstacle
		}
		if hs != (rules.HexSetup{Hex: x}) {
			c.s.Hexes = append(c.s.Hexes, hs)
		}
	}
}

// impassable mirrors rules' terrain table (annex 2: rivers and lakes); a
// test checks it against rules.Setup.Validate.
func impassable(t rules.Terrain) bool { return t == rules.River || t == rules.Lake }

// placement builds Setup.Units in board order and checks that each unit
// stands where it can.
func (c *converter) placement() {
	for _, x := range c.grid.Hexes() {
		cl, ok := c.cells[x]
		if !ok || cl.unit == nil {
			continue
		}
		t := c.printed(int(x.Row))
		if cl.tile {
			t = cl.ground.Terrain
		}
		if !cl.uncertain && impassable(t) && cl.ground.Structure != rules.Bridge {
			c.r.errorf(x, fmt.Sprintf("board.hexagons[%d].unit", cl.index), "%q stands on impassable %s without a bridge", cl.unitName, t)
			continue
		}
		c.s.Units = append(c.s.Units, *cl.unit)
	}
}
