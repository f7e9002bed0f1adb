package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"
)

// File is a .m44 scenario as written by the official scenario editor (and
// the public implementations that extend it). Every member is kept: members
// the model does not know, null members and ill-typed members are written back
// verbatim by Marshal, in their original order.
//
// Scalar fields hold the zero value when the member is absent, null or
// ill-typed; Has tells these apart from a real zero.
type File struct {
	MetaData json.RawMessage // "meta_data": editor bookkeeping, kept as read
	GameInfo *GameInfo       // "game_info"
	Board    *Board          // "board"
	Text     json.RawMessage // "text": names and texts by language, kept as read
	Packs    json.RawMessage // "packs": expansions the scenario needs
	// EquipmentPacks ("equipment_packs") lists, for the editor's summary, the
	// special units and features of the scenario.
	EquipmentPacks json.RawMessage
	// Options is a top-level "options" object, found in one real file where
	// game_info.options was meant.
	Options json.RawMessage

	// Path is where the file was read from (not part of the JSON); reports
	// name it.
	Path string

	o        object
	problems []Problem
}

// GameInfo is the "game_info" object.
type GameInfo struct {
	Front          string // WESTERN, EASTERN, MEDITERRANEAN, PACIFIC
	Type           string // HISTORICAL, FICTIONAL
	Starting       string // PLAYER1 or PLAYER2
	SidePlayer1    string // AXIS or ALLIES; player 1's baseline is row 0
	SidePlayer2    string
	CountryPlayer1 string // DE, US, GB, RU, FR, JP, IT, CA, …
	CountryPlayer2 string
	CardsPlayer1   int
	CardsPlayer2   int
	VictoryPlayer1 int
	VictoryPlayer2 int
	DateBegin      string // YYYY-MM-DD
	DateEnd        string
	// VictoryConditions ("victory_conditions") is [{"standard": []}] in the
	// editor's files.
	VictoryConditions json.RawMessage
	// Victory ("victory") holds extra conditions: {"condition": [{"group_sudden_death": …}]}.
	Victory json.RawMessage
	// Options ("options") holds the scenario's special rules as keys (an
	// object, sometimes an empty array).
	Options json.RawMessage

	o object
}

// Board is the "board" object.
type Board struct {
	Type     string // STANDARD, BRKTHRU, OVERLORD
	Face     string // COUNTRY, BEACH, WINTER, DESERT
	Hexagons []Hexagon
	Labels   json.RawMessage // map labels: cosmetic

	o object
}

// Hexagon is one element of board.hexagons: what is placed on one hex.
type Hexagon struct {
	Row, Col    int
	Terrain     *Piece // a terrain tile
	RectTerrain *Piece // a bridge, bunker or other structure
	Obstacle    *Piece // sandbags, wire, hedgehogs
	Unit        *Unit
	Tags        []Tag // medals and markers

	o object
}

// Piece is a terrain tile, a structure ("rect_terrain") or an obstacle.
type Piece struct {
	Name          string
	Orientation   int    // 1..6, cosmetic
	Behavior      string // a rule the public implementation attaches (BLUFF, FORD, …)
	Behavior2     string
	OriginalOwner string // AXIS or ALLIES
	Properties    json.RawMessage

	o object
}

// Unit is the "unit" of a hexagon.
type Unit struct {
	Name      string // e.g. "infger", "tank2us"
	Badge     string // e.g. "badge4"
	NbrUnits  int    // "nbr_units": figures, when not the standard strength
	Behavior  string
	Equipment string

	o object
}

// Tag is a token placed on a hex: a medal or a marker.
type Tag struct {
	Name        string // medal0…medal7, tag1…tag15
	Behavior    string // EXIT_MARKER, MINE_FIELD, …
	Side        string
	Orientation int
	Group       []string // other hexes of the same objective or marker, by editor name ("G5", "g4")
	Medal       *Medal

	o object
}

// Medal is the "medal" object of a medal tag.
type Medal struct {
	CountsFor int  // "counts_for": medals it is worth
	NbrHex    int  // "nbr_hex": hexes of the group to hold
	Permanent bool // won for good once taken
	Majority  bool // held by the side with more units on the group
	TurnStart bool // "turn_start": captured at the start of the side's turn (Winter Wars)
	Side      string

	o object
}

func (f *File) object() *object { return &f.o }
func (f *File) fields() []field {
	return []field{
		{"meta_data", &f.MetaData},
		{"game_info", &f.GameInfo},
		{"board", &f.Board},
		{"text", &f.Text},
		{"packs", &f.Packs},
		{"equipment_packs", &f.EquipmentPacks},
		{"options", &f.Options},
	}
}

func (g *GameInfo) object() *object { return &g.o }
func (g *GameInfo) fields() []field {
	return []field{
		{"front", &g.Front},
		{"type", &g.Type},
		{"starting", &g.Starting},
		{"side_player1", &g.SidePlayer1},
		{"side_player2", &g.SidePlayer2},
		{"country_player1", &g.CountryPlayer1},
		{"country_player2", &g.CountryPlayer2},
		{"cards_player1", &g.CardsPlayer1},
		{"cards_player2", &g.CardsPlayer2},
		{"victory_player1", &g.VictoryPlayer1},
		{"victory_player2", &g.VictoryPlayer2},
		{"date_begin", &g.DateBegin},
		{"date_end", &g.DateEnd},
		{"victory_conditions", &g.VictoryConditions},
		{"victory", &g.Victory},
		{"options", &g.Options},
	}
}

func (b *Board) object() *object { return &b.o }
func (b *Board) fields() []field {
	return []field{
		{"type", &b.Type},
		{"face", &b.Face},
		{"hexagons", &b.Hexagons},
		{"labels", &b.Labels},
	}
}

func (h *Hexagon) object() *object { return &h.o }
func (h *Hexagon) fields() []field {
	return []field{
		{"row", &h.Row},
		{"col", &h.Col},
		{"terrain", &h.Terrain},
		{"rect_terrain", &h.RectTerrain},
		{"obstacle", &h.Obstacle},
		{"unit", &h.Unit},
		{"tags", &h.Tags},
	}
}

func (p *Piece) object() *object { return &p.o }
func (p *Piece) fields() []field {
	return []field{
		{"name", &p.Name},
		{"orientation", &p.Orientation},
		{"behavior", &p.Behavior},
		{"behavior2", &p.Behavior2},
		{"original_owner", &p.OriginalOwner},
		{"properties", &p.Properties},
	}
}

func (u *Unit) object() *object { return &u.o }
func (u *Unit) fields() []field {
	return []field{
		{"name", &u.Name},
		{"badge", &u.Badge},
		{"nbr_units", &u.NbrUnits},
		{"behavior", &u.Behavior},
		{"equipment", &u.Equipment},
	}
}

func (t *Tag) object() *object { return &t.o }
func (t *Tag) fields() []field {
	return []field{
		{"name", &t.Name},
		{"behavior", &t.Behavior},
		{"side", &t.Side},
		{"orientation", &t.Orientation},
		{"group", &t.Group},
		{"medal", &t.Medal},
	}
}

func (m *Medal) object() *object { return &m.o }
func (m *Medal) fields() []field {
	return []field{
		{"counts_for", &m.CountsFor},
		{"nbr_hex", &m.NbrHex},
		{"permanent", &m.Permanent},
		{"majority", &m.Majority},
		{"turn_start", &m.TurnStart},
		{"side", &m.Side},
	}
}

// Has reports whether the member key was present with a value of the right
// type (absent, null and ill-typed members are not).
func (f *File) Has(key string) bool     { return f.o.has(key) }
func (g *GameInfo) Has(key string) bool { return g.o.has(key) }
func (b *Board) Has(key string) bool    { return b.o.has(key) }
func (h *Hexagon) Has(key string) bool  { return h.o.has(key) }
func (p *Piece) Has(key string) bool    { return p.o.has(key) }
func (u *Unit) Has(key string) bool     { return u.o.has(key) }
func (t *Tag) Has(key string) bool      { return t.o.has(key) }
func (m *Medal) Has(key string) bool    { return m.o.has(key) }

// Unknown lists, in input order, the members the model does not know (they
// are kept and written back as read).
func (f *File) Unknown() []string     { return f.o.unknown(f) }
func (g *GameInfo) Unknown() []string { return g.o.unknown(g) }
func (b *Board) Unknown() []string    { return b.o.unknown(b) }
func (h *Hexagon) Unknown() []string  { return h.o.unknown(h) }
func (p *Piece) Unknown() []string    { return p.o.unknown(p) }
func (u *Unit) Unknown() []string     { return u.o.unknown(u) }
func (t *Tag) Unknown() []string      { return t.o.unknown(t) }
func (m *Medal) Unknown() []string    { return m.o.unknown(m) }

// Member returns a member as read (nil if absent); for unknown members this
// is the only access.
func (f *File) Member(key string) json.RawMessage     { return f.o.raw[key] }
func (g *GameInfo) Member(key string) json.RawMessage { return g.o.raw[key] }
func (b *Board) Member(key string) json.RawMessage    { return b.o.raw[key] }
func (h *Hexagon) Member(key string) json.RawMessage  { return h.o.raw[key] }
func (p *Piece) Member(key string) json.RawMessage    { return p.o.raw[key] }
func (u *Unit) Member(key string) json.RawMessage     { return u.o.raw[key] }
func (t *Tag) Member(key string) json.RawMessage      { return t.o.raw[key] }
func (m *Medal) Member(key string) json.RawMessage    { return m.o.raw[key] }

// SyntaxError is a file that is not JSON: where, and why.
type SyntaxError struct {
	Line, Column int   // from 1; the column in characters
	Err          error // encoding/json's error (it may quote the character at fault)
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// ErrNotScenario is returned by Parse for data that is not a JSON object.
var ErrNotScenario = errors.New("not a .m44 scenario: want a JSON object")

// Parse reads a .m44 file. It fails only on invalid JSON or a top-level value
// that is not an object; values of the wrong type inside are kept and listed
// by Problems (Setup reports them as errors).
//
// A UTF-8 byte order mark at the start is skipped (some editors write
// one); a JSON syntax error names its line and column.
func Parse(data []byte) (*File, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		var syn *json.SyntaxError
		off := int64(len(data)) + 1 // just after the last character
		if errors.As(err, &syn) && !strings.Contains(syn.Error(), "unexpected end") {
			off = syn.Offset
		}
		line, col := lineCol(data, off)
		return nil, fmt.Errorf("not a .m44 scenario: %w", &SyntaxError{Line: line, Column: col, Err: err})
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return nil, ErrNotScenario
	}
	f := &File{}
	d := &decoder{hexagon: -1}
	d.decodeNode(f, data, "")
	f.problems = d.problems
	return f, nil
}

// Load reads and parses the .m44 file at path.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f.Path = path
	return f, nil
}

// Problems lists the members whose value could not be decoded.
func (f *File) Problems() []Problem { return f.problems }

// Marshal writes the file as indented JSON (4 spaces, like the editor).
// Parse followed by Marshal gives the same JSON value: same members, same
// values, same member order.
func (f *File) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	if err := encodeNode(&buf, f); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, buf.Bytes(), "", "    "); err != nil {
		return nil, fmt.Errorf("scenario: marshal: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// MarshalJSON makes File usable with encoding/json.
func (f *File) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	if err := encodeNode(&buf, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// UnmarshalJSON makes File usable with encoding/json (see Parse).
func (f *File) UnmarshalJSON(data []byte) error {
	g, err := Parse(data)
	if err != nil {
		return err
	}
	g.Path = f.Path
	*f = *g
	return nil
}

// Name is the scenario's English name (text.en.name), or the first name found
// in another language, or "".
func (f *File) Name() string {
	keys, vals, ok := members(f.Text)
	if !ok {
		return ""
	}
	name := func(lang string) string {
		_, v, ok := members(vals[lang])
		if !ok {
			return ""
		}
		var s string
		if json.Unmarshal(v["name"], &s) != nil {
			return ""
		}
		return s
	}
	if s := name("en"); s != "" {
		return s
	}
	for _, k := range keys {
		if s := name(k); s != "" {
			return s
		}
	}
	return ""
}

// lineCol is the line and column (from 1, in characters) of the byte
// before offset, as json.SyntaxError.Offset counts: the offending
// character.
func lineCol(data []byte, offset int64) (line, col int) {
	n := int(min(max(offset-1, 0), int64(len(data))))
	before := data[:n]
	line = 1 + bytes.Count(before, []byte{'\n'})
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return line, 1 + utf8.RuneCount(before)
}
