// Package library is m44's own scenarios, shipped in the binary: battles of
// 1944 laid out by the project (not copies of the official ones), written as
// .m44 files in scenarios/ and embedded. Every one converts fully to the
// engine (scenario.Report.Playable).
package library

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"m44/rules"
	"m44/scenario"
)

//go:embed scenarios/*.m44
var files embed.FS

// Entry is one scenario of the library.
type Entry struct {
	ID       string `json:"id"` // the file name without .m44: "pegasus-bridge"
	Name     string `json:"name"`
	Subtitle string `json:"subtitle,omitempty"`
	Date     string `json:"date"`               // YYYY-MM-DD, the first day
	DateEnd  string `json:"date_end,omitempty"` // the last day, when not Date
	Front    string `json:"front"`              // western, eastern, mediterranean, pacific
	Board    string `json:"board"`              // STANDARD
	Face     string `json:"face"`               // COUNTRY, BEACH, WINTER, DESERT
	// Top is the side whose baseline is the top of the board; First the
	// side that moves first.
	Top   string `json:"top"`
	First string `json:"first"`
	// Sides, Countries, Cards and Medals are by side: "allies", "axis".
	Countries map[string]string `json:"countries"`
	Cards     map[string]int    `json:"cards"`
	Medals    map[string]int    `json:"medals"`
	// Note is the first sentence of the historical text.
	Note string `json:"note"`
	// File is the parsed scenario (a fresh copy for each call of All or
	// Get); Data the file as embedded.
	File *scenario.File `json:"-"`
	Data []byte         `json:"-"`
}

// Setup converts the scenario for the engine.
func (e Entry) Setup() (*rules.Setup, *scenario.Report) { return e.File.Setup() }

// hourOf orders the battles of one day: on 6 June 1944 the gliders landed
// at the bridges after midnight, the paratroopers stormed Merville before
// dawn and the Canadians landed at Juno in the morning.
var hourOf = map[string]int{"pegasus-bridge": 1, "merville-battery": 2, "juno-beach": 3}

// IDs lists the scenario ids in library order (by date).
func IDs() []string {
	all := All()
	out := make([]string, len(all))
	for i, e := range all {
		out[i] = e.ID
	}
	return out
}

// All is every scenario, in the order of the battles. It panics if an embedded
// file does not parse (the tests see to it that none fails).
func All() []Entry {
	names, err := fs.Glob(files, "scenarios/*.m44")
	if err != nil {
		panic(err)
	}
	var out []Entry
	for _, n := range names {
		e, err := load(n)
		if err != nil {
			panic(err)
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := strings.Compare(a.Date, b.Date); c != 0 {
			return c
		}
		if c := hourOf[a.ID] - hourOf[b.ID]; c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

// Get finds a scenario by id (case-insensitive, with or without ".m44").
func Get(id string) (Entry, bool) {
	id = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(id)), ".m44")
	if id == "" || strings.ContainsAny(id, "/\\*?[") {
		return Entry{}, false
	}
	e, err := load("scenarios/" + id + ".m44")
	if err != nil {
		return Entry{}, false
	}
	return e, true
}

func load(name string) (Entry, error) {
	data, err := files.ReadFile(name)
	if err != nil {
		return Entry{}, err
	}
	f, err := scenario.Parse(data)
	if err != nil {
		return Entry{}, fmt.Errorf("library: %s: %w", name, err)
	}
	id := strings.TrimSuffix(path.Base(name), ".m44")
	f.Path = "library:" + id
	e := Entry{ID: id, Name: f.Name(), File: f, Data: data,
		Countries: map[string]string{}, Cards: map[string]int{}, Medals: map[string]int{}}
	e.Subtitle, e.Note = texts(f)
	if b := f.Board; b != nil {
		e.Board, e.Face = strings.ToUpper(b.Type), strings.ToUpper(b.Face)
	}
	if g := f.GameInfo; g != nil {
		e.Date, e.Front = g.DateBegin, strings.ToLower(g.Front)
		if g.DateEnd != g.DateBegin {
			e.DateEnd = g.DateEnd
		}
		s1, s2 := strings.ToLower(g.SidePlayer1), strings.ToLower(g.SidePlayer2)
		e.Top = s1
		e.First = s1
		if strings.EqualFold(g.Starting, "PLAYER2") {
			e.First = s2
		}
		e.Countries[s1], e.Countries[s2] = g.CountryPlayer1, g.CountryPlayer2
		e.Cards[s1], e.Cards[s2] = g.CardsPlayer1, g.CardsPlayer2
		e.Medals[s1], e.Medals[s2] = g.VictoryPlayer1, g.VictoryPlayer2
	}
	return e, nil
}

// texts reads text.en.subtitle and the first sentence of text.en.historical.
func texts(f *scenario.File) (subtitle, note string) {
	var t struct {
		En struct {
			Subtitle   string `json:"subtitle"`
			Historical string `json:"historical"`
		} `json:"en"`
	}
	if f.Text == nil || json.Unmarshal(f.Text, &t) != nil {
		return "", ""
	}
	h := t.En.Historical
	if i := strings.Index(h, ". "); i >= 0 {
		h = h[:i+1]
	}
	return t.En.Subtitle, strings.TrimSpace(h)
}
