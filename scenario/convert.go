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
	c := &converter{f: f, r: &Report{File: f.Path}, cells: map[hex.Hex]*cell{}, cat: rules.BaseCatalog()}
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
	// used are the expansion rulesets the names need (Rulesets keys); cat
	// is the catalog of the setup's rulesets once they are known.
	used map[string]bool
	cat  *rules.Catalog
	// freeze is the pack feature that turns the file's rivers into another
	// row (FROZEN_RIVER), if any.
	freeze Entry
	// nightRoller: night_visibility_team_turn named the side that rolls.
	nightRoller bool
	// blowable: the bridges marked CAN_BE_BLOWN, true when blowing one
	// wins a medal; blowOpt: option blowbridge_opt2 is set.
	blowable map[hex.Hex]bool
	blowOpt  bool

	// Exit markers: the exits the tags define, the markers without a side
	// (the other end of a span), and whether infantry exits count 2.
	exits         []rules.Exit
	looseExits    []hex.Hex
	infantryExit2 bool
	// commonwealth: the British Commonwealth Forces command rules are in
	// effect (option british_commonwealth).
	commonwealth bool

	// young is the young players' variant the file asks for
	// (YoungPlayersOption), applied once the setup is complete.
	young *rules.Young
}

// cell is what the hexagons place on one hex.
type cell struct {
	index  int // in board.hexagons
	ground rules.HexSetup
	tile   bool // a supported terrain tile is placed
	// groundRow and featRow are expansion rows' keys, turned into ids once
	// the setup's rulesets are known (resolveRows).
	groundRow, featRow string
	// markerRows are marker features' keys a behavior places (OASIS_RECOVERY).
	markerRows []string
	has        [4]bool // records place a terrain, structure, obstacle, unit
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
	c.cosmetic()
	if f.Options != nil {
		c.options(f.Options, "options")
	}
	if f.EquipmentPacks != nil {
		c.packs()
	}
	if f.Board != nil && c.gridOK {
		c.hexagons()
		c.resolveRows()
		c.fillGround()
		c.placement()
		c.bunkers()
		c.finishExits()
		c.finishBlow()
		if c.commonwealth {
			britishCommonwealth(&c.s)
		}
	}
	c.applySpecials()
	switch {
	case c.reviewed():
		r.notef(hex.None, "text", "the scenario's special rules are reviewed rule by rule in scenario/specials.go")
	case strings.TrimSpace(c.ruleText()) != "":
		r.notef(hex.None, "text", "the scenario's special rules are free text, not checked: read them")
	}
	name := f.Name()
	if name == "" && f.Path != "" {
		name = strings.TrimSuffix(filepath.Base(f.Path), filepath.Ext(f.Path))
	}
	c.s.Name = name
	if r.Loaded() && f.Board != nil && c.gridOK {
		c.winnable()
	}
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
	if c.young != nil {
		y, err := c.s.Young(*c.young)
		if err != nil {
			r.errorf(hex.None, "game_info.options."+YoungPlayersOption, "%v", err)
			return nil
		}
		r.notef(hex.None, "game_info.options."+YoungPlayersOption, "the young players' variant (rulebook annex 5): 6 cards each, tactic cards of stage %d%s back", c.young.Stage, extraTactics(c.young.Tactics))
		return y
	}
	return &c.s
}

func extraTactics(keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	return " and " + strings.Join(keys, ", ")
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

func sideOf(s string) (rules.Side, bool) { return SideOf(s) }

// SideOf reads a side as the format writes it ("AXIS", "allies", …).
func SideOf(s string) (rules.Side, bool) {
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
		if strings.EqualFold(k, HandGrowthOption) {
			c.handGrowth(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, YoungPlayersOption) {
			c.youngPlayers(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "airdrop") && !emptyJSON(v) {
			c.airdrop(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "airdrop2") && !emptyJSON(v) {
			c.calledAirdrop(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "deck_name") && !emptyJSON(v) {
			c.deckName(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "air_strikes_rules") && !emptyJSON(v) {
			var name string
			if json.Unmarshal(v, &name) != nil {
				c.r.errorf(hex.None, field+"."+k, "want a side, got %s", clip(compact(v), 40))
				continue
			}
			if side, ok := sideOf(name); ok {
				c.s.AirRaids = append(c.s.AirRaids, rules.AirRaid{Side: side})
			} else if strings.TrimSpace(name) != "" {
				c.r.errorf(hex.None, field+"."+k, "unknown side %q: want AXIS or ALLIES", name)
			}
			continue
		}
		if strings.EqualFold(k, "blitz_rules") || strings.EqualFold(k, "partial_blitz_rules") {
			c.blitz(k, v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "must_have_unit_exit") && !emptyJSON(v) {
			c.mustExit(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "british_commonwealth") {
			c.commonwealth = strings.TrimSpace(string(v)) == "true"
			continue
		}
		if e, ok := Lookup(SlotOption, k); ok && e.Night {
			c.night(k, v, field+"."+k)
			continue
		}
		if c.winterOption(k, v, field+"."+k) {
			continue
		}
		if strings.EqualFold(k, "armor_breakthrough_rules") && !emptyJSON(v) && !isNull(v) {
			c.armorBreakthrough(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "smoke_screen") {
			c.smokeScreen(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "infantry_exit_counts_2") {
			c.infantryExit2 = strings.TrimSpace(string(v)) == "true"
			continue
		}
		if strings.EqualFold(k, "blowbridge_opt2") && !emptyJSON(v) {
			c.blowOption(v, field+"."+k)
			continue
		}
		if strings.EqualFold(k, "hill317") && !emptyJSON(v) {
			c.hill317(v, field+"."+k)
			continue
		}
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
		if sp, ok := c.specialFor(k); ok {
			sp.apply(&c.s)
			c.r.notef(hex.None, field+"."+k, "played as the scenario's text says: %q", clip(sp.text, 120))
			continue
		}
		c.r.unsupported(hex.None, field+"."+k, k, e.Unsupported, "value "+clip(compact(v), 60))
	}
}

// deckNames maps the decks .m44 files name to catalog decks.
var deckNames = map[string]string{"AIR_POWER_AS_ARTILLERY_BOMBARD_DECK": "air-power-as-artillery-bombard"}

// deckName reads game_info.options.deck_name: a command deck the catalog
// knows, or an unsupported one.
// night reads the night-attack options (FAQ III 19): night_visibility_rules
// and night_visibility_reverse_rule (true or false) turn the rule on, day
// rising or night falling; night_visibility_team_turn names the side that
// rolls (the Allies by default).
func (c *converter) night(k string, v json.RawMessage, field string) {
	if emptyJSON(v) || isNull(v) {
		return
	}
	if strings.EqualFold(k, "night_visibility_team_turn") {
		var name string
		side, ok := rules.Side(0), false
		if json.Unmarshal(v, &name) == nil {
			side, ok = sideOf(name)
		}
		if !ok {
			c.r.errorf(hex.None, field, "want AXIS or ALLIES, got %s", clip(compact(v), 40))
			return
		}
		c.s.Night.Roller, c.nightRoller = side, true
		return
	}
	var on bool
	if json.Unmarshal(v, &on) != nil {
		c.r.errorf(hex.None, field, "want true or false, got %s", clip(compact(v), 40))
		return
	}
	if !on {
		return
	}
	c.s.Night.On = true
	if strings.EqualFold(k, "night_visibility_reverse_rule") {
		c.s.Night.Falls = true
	}
	if !c.nightRoller {
		c.s.Night.Roller = rules.Allies
	}
}

func (c *converter) deckName(v json.RawMessage, field string) {
	var name string
	if json.Unmarshal(v, &name) != nil {
		c.r.errorf(hex.None, field, "want a deck name, got %s", clip(compact(v), 40))
		return
	}
	key, ok := deckNames[strings.ToUpper(strings.TrimSpace(name))]
	if !ok {
		c.r.unsupported(hex.None, field, "deck_name", "special command decks", "deck "+name)
		return
	}
	c.s.DeckKey = key
}

// blitz reads the Blitz options (FAQ III Règles de Blitz): blitz_rules
// true gives the Axis air raids (any Recon as Air Power, in the Recon's
// section) and caps the Allied armor at 2 hexes; partial_blitz_rules names
// the side whose armor is capped (Tunisia: ALLIES), without air raids.
func (c *converter) blitz(k string, v json.RawMessage, field string) {
	switch {
	case strings.EqualFold(k, "blitz_rules"):
		var on bool
		if json.Unmarshal(v, &on) != nil {
			c.r.errorf(hex.None, field, "want true or false, got %s", clip(compact(v), 40))
			return
		}
		if on {
			c.s.AirRaids = append(c.s.AirRaids, rules.AirRaid{Side: rules.Axis})
			c.s.MoveLimits = append(c.s.MoveLimits, rules.MoveLimit{Side: rules.Allies, Class: rules.Armor, Max: 2})
		}
	default:
		var name string
		if json.Unmarshal(v, &name) != nil {
			c.r.errorf(hex.None, field, "want a side, got %s", clip(compact(v), 40))
			return
		}
		if strings.TrimSpace(name) == "" {
			return
		}
		side, ok := sideOf(name)
		if !ok {
			c.r.errorf(hex.None, field, "unknown side %q: want AXIS or ALLIES", name)
			return
		}
		c.s.MoveLimits = append(c.s.MoveLimits, rules.MoveLimit{Side: side, Class: rules.Armor, Max: 2})
	}
}

// hill317 reads Counter-attack on Mortain's option: the hexes of Hill 317,
// while an Allied unit holds one of which the Allies may play a Recon as
// Air Power (FAQ XI Operation Lüttich: the Allies only).
func (c *converter) hill317(raw json.RawMessage, field string) {
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil || len(names) == 0 {
		c.r.errorf(hex.None, field, "want a list of hex names like [\"L5\", \"k4\"], got %s", clip(compact(raw), 60))
		return
	}
	if !c.gridOK {
		return
	}
	raid := rules.AirRaid{Side: rules.Allies}
	for i, n := range names {
		h, err := ParseGroupName(n, c.s.Grid)
		if err != nil {
			c.r.errorf(hex.None, fmt.Sprintf("%s[%d]", field, i), "%v", err)
			return
		}
		raid.While = append(raid.While, h)
	}
	c.s.AirRaids = append(c.s.AirRaids, raid)
}

// YoungPlayersOption is m44's own option key for the young players' variant
// (rulebook annex 5 "Variante pour les plus jeunes joueurs"; rules.Young):
// true, or {"no_take_ground": true, "stage": 0..3, "tactics": ["dig-in"]}
// (the same fields as m44 engine's options.young and the lobby's). false
// or null leaves the scenario as it is.
const YoungPlayersOption = "young_players"

func (c *converter) youngPlayers(raw json.RawMessage, field string) {
	var on bool
	if json.Unmarshal(raw, &on) == nil {
		if on {
			c.young = &rules.Young{}
		}
		return
	}
	if isNull(raw) {
		return
	}
	var v struct {
		NoTakeGround bool     `json:"no_take_ground"`
		Stage        int      `json:"stage"`
		Tactics      []string `json:"tactics"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		c.r.errorf(hex.None, field, "want true or {\"no_take_ground\": bool, \"stage\": 0..%d, \"tactics\": [card keys]}: %v", rules.MaxYoungStage, err)
		return
	}
	c.young = &rules.Young{NoTakeGround: v.NoTakeGround, Stage: v.Stage, Tactics: v.Tactics}
}

// HandGrowthOption is m44's own option key for a side that builds its hand
// up during the game (rules.Setup.GrowTo): {"side": "AXIS", "to": 4}.
const HandGrowthOption = "hand_growth"

func (c *converter) handGrowth(raw json.RawMessage, field string) {
	var v struct {
		Side string `json:"side"`
		To   int    `json:"to"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		c.r.errorf(hex.None, field, "want {\"side\": \"AXIS\"|\"ALLIES\", \"to\": N}: %v", err)
		return
	}
	side, ok := sideOf(v.Side)
	if !ok {
		c.r.errorf(hex.None, field+".side", "unknown side %q: want AXIS or ALLIES", v.Side)
		return
	}
	if v.To < 1 || v.To > 20 {
		c.r.errorf(hex.None, field+".to", "%d cards: want 1..20", v.To)
		return
	}
	c.s.GrowTo[side] = v.To
}

// airdrop reads the airdrop option: {"side": "ALLIES", "range": 4,
// "nbr_units": 4, "center": "G5", "unit": {"name": "infus"}} (Sainte-Mère-
// Église): paratroopers dropped around the centre before the side's first
// turn (rules.Airdrop).
func (c *converter) airdrop(raw json.RawMessage, field string) {
	var v struct {
		Side     string          `json:"side"`
		Range    int             `json:"range"`
		NbrUnits json.RawMessage `json:"nbr_units"`
		Center   string          `json:"center"`
		// Several drops (Drop in the Night: 82nd): nbr_drops centres, a
		// count per drop, dropped one unit at a time at the centres.
		NbrDrops int    `json:"nbr_drops"`
		Option2  string `json:"option2"`
		Behavior string `json:"behavior"`
		Unit     struct {
			Name string `json:"name"`
		} `json:"unit"`
	}
	var keys map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if json.Unmarshal(raw, &keys) != nil || dec.Decode(&v) != nil ||
		v.Option2 != "" && v.Option2 != "TARGET_DROP_CENTER" || v.Behavior != "" && v.Behavior != "ONE_AT_TIME" {
		// Drops conditioned on daylight, units that wait some turns…:
		// other scenarios' variants of the rule.
		c.r.unsupported(hex.None, field, "airdrop", "airdrop variants", "value "+clip(compact(raw), 60))
		return
	}
	side, ok := sideOf(v.Side)
	if !ok {
		c.r.errorf(hex.None, field+".side", "unknown side %q: want AXIS or ALLIES", v.Side)
		return
	}
	if !c.gridOK {
		return
	}
	centres, ok := c.dropCentres(v.Center, field+".center")
	if !ok {
		return
	}
	drops := max(1, v.NbrDrops)
	if len(centres) != drops {
		c.r.errorf(hex.None, field+".center", "%d centres for %d drops", len(centres), drops)
		return
	}
	counts := make([]int, drops)
	var one int
	var many []int
	switch {
	case json.Unmarshal(v.NbrUnits, &one) == nil:
		for k := range counts {
			counts[k] = one
		}
	case json.Unmarshal(v.NbrUnits, &many) == nil && len(many) == drops:
		copy(counts, many)
	default:
		c.r.errorf(hex.None, field+".nbr_units", "want a number or %d numbers, got %s", drops, clip(compact(v.NbrUnits), 40))
		return
	}
	e, ok := LookupUnit(v.Unit.Name)
	if !ok || !e.Supported() {
		c.r.unsupported(hex.None, field+".unit.name", v.Unit.Name, "airdrop of unit "+v.Unit.Name, "")
		return
	}
	for k, n := range counts {
		if n < 1 || n > 12 || v.Range < 0 || v.Range > 12 {
			c.r.errorf(hex.None, field, "%d units within %d hexes: want 1..12 units, range 0..12", n, v.Range)
			return
		}
		// Each drop aims at its centre; a unit that lands on another hex
		// is kept (Drop in the Night: "You must aim at these hexes, but
		// you do not lose your units if they land outside of the hex"),
		// as every landing within the range is (rules.Airdrop).
		c.s.Airdrops = append(c.s.Airdrops, rules.Airdrop{Side: side, Center: centres[k], Range: v.Range, Count: n,
			Unit: rules.UnitSetup{Type: e.Unit, Side: side, Elite: e.Elite, Nation: e.Nation,
				Figures: rules.DefaultFigures(e.Unit, e.Elite, false)}})
	}
}

// dropCentres reads an airdrop's centres: "F14, I12, J6 (stars tokens)"
// names one per drop; a parenthesis is a comment.
func (c *converter) dropCentres(text, field string) ([]hex.Hex, bool) {
	names := text
	if k := strings.IndexByte(names, '('); k >= 0 {
		names = names[:k]
	}
	var centres []hex.Hex
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		centre, err := ParseGroupName(n, c.s.Grid)
		if err != nil && len(n) > 1 {
			// The centre is free text typed by hand: Drop in the Night's
			// "F14, I12, J6" names the battle-star hexes f14, i12, j6
			// (the letter's case is the row parity, coords.go).
			swapped := strings.ToLower(n[:1])
			if swapped == n[:1] {
				swapped = strings.ToUpper(n[:1])
			}
			if h, err2 := ParseGroupName(swapped+n[1:], c.s.Grid); err2 == nil {
				centre, err = h, nil
			}
		}
		if err != nil {
			c.r.errorf(hex.None, field, "%v", err)
			return nil, false
		}
		centres = append(centres, centre)
	}
	return centres, true
}

// calledAirdrop reads option airdrop2, paratroopers called in during play
// (Drop in the Night: 82nd): {"side": "ALLIES", "option":
// "NEED_FULL_DAY_VISIBILITY", "option2": "TARGET_DROP_CENTER", "range": 3,
// "nbr_units": 3, "center": "C6 (Les Forges)", "nbr_drops": 1, "unit":
// {"name": "inf2us", "behavior": "CANNOT_BE_ACTIVATED_TILL_TURN", "turn":
// 1}} (rules.CalledAirdrop). The units are built from the side's lost
// figures: the scenario's text says so ("using previously lost figures"),
// and no file drops fresh units during play.
func (c *converter) calledAirdrop(raw json.RawMessage, field string) {
	var v struct {
		Side     string `json:"side"`
		Option   string `json:"option"`
		Option2  string `json:"option2"`
		Range    int    `json:"range"`
		NbrUnits int    `json:"nbr_units"`
		Center   string `json:"center"`
		NbrDrops int    `json:"nbr_drops"`
		Unit     struct {
			Name string `json:"name"`
			// CANNOT_BE_ACTIVATED_TILL_TURN 1: the unit is not ordered on
			// its landing turn, as every paratrooper (FAQ III Parachutage).
			Behavior string `json:"behavior"`
			Turn     int    `json:"turn"`
		} `json:"unit"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if dec.Decode(&v) != nil || v.Option != "" && v.Option != "NEED_FULL_DAY_VISIBILITY" ||
		v.Option2 != "" && v.Option2 != "TARGET_DROP_CENTER" || v.NbrDrops > 1 ||
		v.Unit.Behavior != "" && (v.Unit.Behavior != "CANNOT_BE_ACTIVATED_TILL_TURN" || v.Unit.Turn > 1) {
		c.r.unsupported(hex.None, field, "airdrop2", "airdrops called in during play", "value "+clip(compact(raw), 60))
		return
	}
	side, ok := sideOf(v.Side)
	if !ok {
		c.r.errorf(hex.None, field+".side", "unknown side %q: want AXIS or ALLIES", v.Side)
		return
	}
	if !c.gridOK {
		return
	}
	centres, ok := c.dropCentres(v.Center, field+".center")
	if !ok {
		return
	}
	if len(centres) != 1 {
		c.r.errorf(hex.None, field+".center", "%d centres for 1 drop", len(centres))
		return
	}
	if v.NbrUnits < 1 || v.NbrUnits > 12 || v.Range < 0 || v.Range > 12 {
		c.r.errorf(hex.None, field, "%d units within %d hexes: want 1..12 units, range 0..12", v.NbrUnits, v.Range)
		return
	}
	e, ok := LookupUnit(v.Unit.Name)
	if !ok || !e.Supported() {
		c.r.unsupported(hex.None, field+".unit.name", v.Unit.Name, "airdrop of unit "+v.Unit.Name, "")
		return
	}
	c.s.CalledAirdrops = append(c.s.CalledAirdrops, rules.CalledAirdrop{Side: side, Center: centres[0], Range: v.Range, Max: v.NbrUnits,
		Unit: rules.UnitSetup{Type: e.Unit, Side: side, Elite: e.Elite, Nation: e.Nation,
			Figures: rules.DefaultFigures(e.Unit, e.Elite, false)},
		Daylight: v.Option == "NEED_FULL_DAY_VISIBILITY", FromLost: true})
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
			case e.Row != "":
				c.freeze = e // the rivers become this row (resolveRows)
			}
		}
	}
}

// blowOption reads option blowbridge_opt2 (FAQ III "Faire sauter un pont",
// option 2): {"side": "ALLIES", "option": "NEED_NEIGHBOUR_UNIT"}. The only
// file of the corpus that uses it, Drop in the Night: 82nd, says "only if an
// Allied infantry unit is on an adjacent hex": NEED_NEIGHBOUR_UNIT asks for
// an infantry unit (docs/rules-decisions.md).
func (c *converter) blowOption(raw json.RawMessage, field string) {
	var o struct {
		Side   string `json:"side"`
		Option string `json:"option"`
	}
	if json.Unmarshal(raw, &o) != nil {
		c.r.errorf(hex.None, field, "want {side, option}, got %s", clip(compact(raw), 60))
		return
	}
	side, ok := sideOf(o.Side)
	if !ok {
		c.r.errorf(hex.None, field+".side", "unknown side %q: want AXIS or ALLIES", o.Side)
		return
	}
	switch strings.ToUpper(strings.TrimSpace(o.Option)) {
	case "":
	case "NEED_NEIGHBOUR_UNIT":
		c.s.Blow.Beside = rules.InfantryOnly
	default:
		c.r.unsupported(hex.None, field+".option", o.Option, "blowing up bridges", "option "+o.Option)
		return
	}
	c.s.Blow.Side, c.blowOpt = side, true
}

// finishBlow puts the bridges marked CAN_BE_BLOWN in the setup when the
// option names the side that may blow them; a marked bridge without the
// option, or the option without a marked bridge, is reported.
func (c *converter) finishBlow() {
	switch {
	case c.blowOpt && len(c.blowable) == 0:
		c.r.unsupported(hex.None, "options.blowbridge_opt2", "blowbridge_opt2", "blowing up bridges", "no bridge is marked CAN_BE_BLOWN")
		c.s.Blow = rules.BlowBridges{}
		return
	case !c.blowOpt && len(c.blowable) > 0:
		c.r.notef(hex.None, "options", "bridges are marked CAN_BE_BLOWN but no option blowbridge_opt2 names a side: nobody may blow them")
		return
	case !c.blowOpt:
		return
	}
	hexes := make([]hex.Hex, 0, len(c.blowable))
	for h := range c.blowable {
		hexes = append(hexes, h)
	}
	slices.SortFunc(hexes, func(a, b hex.Hex) int {
		if a.Row != b.Row {
			return int(a.Row) - int(b.Row)
		}
		return int(a.Col) - int(b.Col)
	})
	for _, h := range hexes {
		c.s.Blow.Bridges = append(c.s.Blow.Bridges, rules.BlowableBridge{Hex: h, Medal: c.blowable[h]})
	}
}
