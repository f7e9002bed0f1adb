package match

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	m44hex "m44/hex"
	"m44/rules"
	"m44/scenario"
	"m44/store"
)

// MaxScenarioSize is the largest .m44 file accepted (1 MiB).
const MaxScenarioSize = 1 << 20

// Scenario is a scenario games can be created from: a .m44 file that the
// engine plays fully.
type Scenario struct {
	ID       string
	Builtin  bool
	Note     string
	Subtitle string
	Data     []byte // the .m44 file
	File     *scenario.File
	Setup    *rules.Setup
	Report   *scenario.Report

	boards *boardCache // the compiled boards its games share (Board)
}

// boardCache keeps a scenario's compiled boards, one per way of playing it
// (players per side, young players' rules), for every game of it to share:
// a rules.Board is immutable and safe for concurrent use, and compiling one
// per game cost each game about 40 KB of memory the collector scans.
type boardCache struct {
	mu sync.Mutex
	m  map[string]*rules.Board
}

// maxBoardsKept bounds a scenario's kept boards: the young players' tactics
// are a list a request gives, so the ways of playing are not few by
// themselves. Beyond it each game compiles its own.
const maxBoardsKept = 16

// Board is the compiled board for the scenario played with these players
// per side and young players' rules (nil for none): compiled at its first
// game and shared by the later ones.
func (s *Scenario) Board(players [2]int, young *rules.Young) (*rules.Board, error) {
	key := boardKey(players, young)
	if s.boards != nil {
		s.boards.mu.Lock()
		b := s.boards.m[key]
		s.boards.mu.Unlock()
		if b != nil {
			return b, nil
		}
	}
	setup := s.Setup
	if young != nil {
		var err error
		if setup, err = setup.Young(*young); err != nil {
			return nil, &Error{Code: CodeBadRequest, Msg: "young players: " + err.Error()}
		}
	}
	cp := *setup
	cp.Players = players
	b, err := rules.Compile(&cp)
	if err != nil {
		return nil, &Error{Code: CodeBadRequest, Msg: "the scenario cannot be played this way: " + err.Error()}
	}
	if s.boards != nil {
		s.boards.mu.Lock()
		if old := s.boards.m[key]; old != nil {
			b = old // compiled meanwhile by another game: share that one
		} else if len(s.boards.m) < maxBoardsKept {
			s.boards.m[key] = b
		}
		s.boards.mu.Unlock()
	}
	return b, nil
}

// boardKey names a way of playing a scenario, for boardCache.
func boardKey(players [2]int, young *rules.Young) string {
	if young == nil {
		return fmt.Sprintf("%d,%d", players[0], players[1])
	}
	return fmt.Sprintf("%d,%d,young %t %d %q", players[0], players[1], young.NoTakeGround, young.Stage, young.Tactics)
}

// Builtin is a scenario of the built-in library, as the library gives it.
type Builtin struct {
	ID       string
	Note     string
	Subtitle string
	Data     []byte // the .m44 file
}

// Parse checks a .m44 file: it must be JSON the importer reads without
// error, with no feature the engine does not play, and give a setup the
// engine accepts. The error is a bad_scenario *Error listing the problems.
func Parse(id string, data []byte) (*Scenario, error) {
	if len(data) > MaxScenarioSize {
		return nil, Errorf(CodeTooLarge, "the file is %d bytes, at most %d", len(data), MaxScenarioSize)
	}
	f, err := scenario.Parse(data)
	if err != nil {
		return nil, &Error{Code: CodeBadScenario, Msg: err.Error(), Problems: []scenario.Issue{syntaxIssue(err)}}
	}
	if f.Path == "" {
		f.Path = id
	}
	setup, rep := f.Setup()
	if !rep.Playable() || setup == nil {
		problems := append(append([]scenario.Issue{}, rep.Errors...), groupIssues(rep.Unsupported)...)
		msg := "the scenario has errors"
		if len(rep.Errors) == 0 {
			msg = "the scenario needs features the engine does not play yet: " + strings.Join(rep.Features(), ", ")
		}
		if len(problems) == 0 {
			problems = append(problems, scenario.FileIssue("the file does not give a playable setup"))
		}
		return nil, &Error{Code: CodeBadScenario, Msg: msg, Problems: problems}
	}
	if _, err := rules.Compile(setup); err != nil {
		return nil, &Error{Code: CodeBadScenario, Msg: err.Error(), Problems: []scenario.Issue{scenario.FileIssue(err.Error())}}
	}
	return &Scenario{ID: id, Data: data, File: f, Setup: setup, Report: rep,
		boards: &boardCache{m: map[string]*rules.Board{}}}, nil
}

// syntaxIssue words a file that is not JSON: with the line and column of a
// syntax error, and without the decoder's Go type names.
func syntaxIssue(err error) scenario.Issue {
	is := scenario.FileIssue(err.Error())
	var se *scenario.SyntaxError
	if errors.As(err, &se) {
		is.Msg = "JSON syntax error: " + se.Err.Error()
		is.Line, is.Column = se.Line, se.Column
	}
	return is
}

// groupIssues says each missing feature once: the issues with the same
// feature (or, without one, the same message) become one, with how many
// there were and their hexes.
func groupIssues(in []scenario.Issue) []scenario.Issue {
	var out []scenario.Issue
	at := map[string]int{}
	for _, is := range in {
		key := is.Feature
		if key == "" {
			key = is.Field + "\x00" + is.Msg
		}
		k, ok := at[key]
		if !ok {
			at[key] = len(out)
			is.Count = 1
			if is.Hex != m44hex.None {
				is.Hexes = []m44hex.Hex{is.Hex}
			}
			out = append(out, is)
			continue
		}
		out[k].Count++
		if is.Hex != m44hex.None && !slices.Contains(out[k].Hexes, is.Hex) {
			out[k].Hexes = append(out[k].Hexes, is.Hex)
		}
	}
	for i := range out {
		if out[i].Count > 1 {
			// The first finding's hex and field stand for all: keep them out.
			out[i].Hex, out[i].Field = m44hex.None, ""
		} else {
			out[i].Count, out[i].Hexes = 0, nil
		}
	}
	return out
}

// UploadID is the id an uploaded file gets: the same file, the same id.
func UploadID(data []byte) string {
	sum := sha256.Sum256(data)
	return "up-" + hex.EncodeToString(sum[:8])
}

// Name is the scenario's name in lang if the file has one, else in English
// or the first language it has.
func (s *Scenario) Name(lang string) string {
	if n := textOf(s.File, lang, "name"); n != "" {
		return n
	}
	if n := s.File.Name(); n != "" {
		return n
	}
	return s.ID
}

func textOf(f *scenario.File, lang, key string) string {
	if lang == "" || f == nil || len(f.Text) == 0 {
		return ""
	}
	var texts map[string]map[string]json.RawMessage
	if json.Unmarshal(f.Text, &texts) != nil {
		return ""
	}
	var s string
	if json.Unmarshal(texts[lang][key], &s) != nil {
		return ""
	}
	return s
}

// Entry is a scenario as listed by GET /api/scenarios.
type Entry struct {
	ID       string             `json:"id"`
	Name     string             `json:"name"`
	Subtitle string             `json:"subtitle,omitempty"`
	Date     string             `json:"date"`
	Front    string             `json:"front"`
	Board    string             `json:"board"`
	Sides    map[string]SideInf `json:"sides"`
	Cards    PerSide            `json:"cards"`
	Medals   PerSide            `json:"medals"`
	Note     string             `json:"note"`
	Builtin  bool               `json:"builtin"`
}

// SideInf is one side of a scenario: its country, whether its baseline is
// the top of the board, whether it plays first.
type SideInf struct {
	Country string `json:"country"`
	Top     bool   `json:"top"`
	First   bool   `json:"first"`
}

// PerSide is a number for each side.
type PerSide struct {
	Allies int `json:"allies"`
	Axis   int `json:"axis"`
}

func perSide(v [2]int) PerSide { return PerSide{Allies: v[rules.Allies], Axis: v[rules.Axis]} }

// Entry describes the scenario.
func (s *Scenario) Entry(lang string) Entry {
	e := Entry{ID: s.ID, Name: s.Name(lang), Subtitle: s.Subtitle, Note: s.Note, Builtin: s.Builtin,
		Cards: perSide(s.Setup.Cards), Medals: perSide(s.Setup.Victory), Sides: map[string]SideInf{}}
	for side := rules.Allies; side <= rules.Axis; side++ {
		e.Sides[side.String()] = SideInf{Top: s.Setup.Top == side, First: s.Setup.First == side}
	}
	if gi := s.File.GameInfo; gi != nil {
		e.Date = gi.DateBegin
		e.Front = strings.ToLower(gi.Front)
		for _, p := range []struct{ side, country string }{{gi.SidePlayer1, gi.CountryPlayer1}, {gi.SidePlayer2, gi.CountryPlayer2}} {
			if si, ok := e.Sides[strings.ToLower(p.side)]; ok && p.country != "" {
				si.Country = p.country
				e.Sides[strings.ToLower(p.side)] = si
			}
		}
	}
	if b := s.File.Board; b != nil {
		e.Board = strings.ToLower(b.Type)
	}
	return e
}

// BoardInfo is the board of a scenario as a snapshot gives it.
type BoardInfo struct {
	Rows  int    `json:"rows"`
	Width int    `json:"width"`
	Type  string `json:"type"`
	Face  string `json:"face"`
}

// Label is a name printed on the map.
type Label struct {
	Hex  string   `json:"hex"`
	Text []string `json:"text"`
}

func (s *Scenario) board() BoardInfo {
	b := BoardInfo{Rows: s.Setup.Grid.Rows, Width: s.Setup.Grid.Width}
	if fb := s.File.Board; fb != nil {
		b.Type, b.Face = strings.ToLower(fb.Type), strings.ToLower(fb.Face)
	}
	return b
}

func (s *Scenario) labels() []Label {
	out := []Label{}
	if s.File.Board == nil {
		return out
	}
	var raw []struct {
		Row, Col int
		Text     json.RawMessage
	}
	if json.Unmarshal(s.File.Board.Labels, &raw) != nil {
		return out
	}
	for _, l := range raw {
		var lines []string
		if json.Unmarshal(l.Text, &lines) != nil {
			var one string
			if json.Unmarshal(l.Text, &one) != nil {
				continue
			}
			lines = []string{one}
		}
		out = append(out, Label{Hex: fmt.Sprintf("%d,%d", l.Row, l.Col), Text: lines})
	}
	return out
}

// Catalog is every scenario games can be created from: the built-in
// library, then the uploads kept in the store.
type Catalog struct {
	store    Store
	builtin  []*Scenario
	byID     map[string]*Scenario
	mu       sync.Mutex
	uploaded map[string]*Scenario // parsed uploads, by id
}

// NewCatalog checks the built-in scenarios (one that does not play fully is
// left out, and reported in the returned error) and serves them with the
// store's uploads.
func NewCatalog(st Store, lib []Builtin) (*Catalog, error) {
	c := &Catalog{store: st, byID: map[string]*Scenario{}, uploaded: map[string]*Scenario{}}
	var errs []error
	for _, b := range lib {
		sc, err := Parse(b.ID, b.Data)
		if err != nil {
			errs = append(errs, fmt.Errorf("built-in scenario %s: %w", b.ID, err))
			continue
		}
		if _, dup := c.byID[b.ID]; dup {
			errs = append(errs, fmt.Errorf("built-in scenario %s: listed twice", b.ID))
			continue
		}
		sc.Builtin, sc.Note, sc.Subtitle = true, b.Note, b.Subtitle
		c.builtin = append(c.builtin, sc)
		c.byID[b.ID] = sc
	}
	return c, errors.Join(errs...)
}

// List is every scenario: the built-ins, then the uploads oldest first.
func (c *Catalog) List(ctx context.Context) ([]*Scenario, error) {
	out := append([]*Scenario{}, c.builtin...)
	ups, err := c.store.Scenarios(ctx)
	if err != nil {
		return nil, internal(err, "cannot list the scenarios")
	}
	for _, u := range ups {
		sc, err := c.upload(u)
		if err != nil {
			continue // no longer playable by this engine
		}
		out = append(out, sc)
	}
	return out, nil
}

func (c *Catalog) upload(u store.Scenario) (*Scenario, error) {
	c.mu.Lock()
	sc, ok := c.uploaded[u.ID]
	c.mu.Unlock()
	if ok {
		return sc, nil
	}
	sc, err := Parse(u.ID, u.Data)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.uploaded[u.ID] = sc
	c.mu.Unlock()
	return sc, nil
}

// Get is the scenario id.
func (c *Catalog) Get(ctx context.Context, id string) (*Scenario, error) {
	if sc, ok := c.byID[id]; ok {
		return sc, nil
	}
	u, err := c.store.Scenario(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(CodeNotFound, "no scenario %q", id)
	}
	if err != nil {
		return nil, internal(err, "cannot read the scenario")
	}
	sc, err := c.upload(u)
	if err != nil {
		return nil, Errorf(CodeNotFound, "scenario %q is no longer playable: %v", id, err)
	}
	return sc, nil
}

// Upload checks a .m44 file and keeps it. The same file uploaded twice gets
// the same id.
func (c *Catalog) Upload(ctx context.Context, data []byte) (*Scenario, error) {
	id := UploadID(data)
	sc, err := Parse(id, data)
	if err != nil {
		return nil, err
	}
	if err := c.store.PutScenario(ctx, store.Scenario{ID: id, Name: sc.Name(""), Data: data}); err != nil {
		return nil, internal(err, "cannot store the scenario")
	}
	c.mu.Lock()
	c.uploaded[id] = sc
	c.mu.Unlock()
	return sc, nil
}
