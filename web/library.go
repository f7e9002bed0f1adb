package web

import (
	"strings"
	"sync"

	"m44/library"
	"m44/match"
	"m44/render"
)

// Library is the built-in scenario library (package library) for
// Options.Library.
func Library() []match.Builtin {
	var out []match.Builtin
	for _, e := range library.All() {
		out = append(out, match.Builtin{ID: e.ID, Note: e.Note, Subtitle: e.Subtitle, Data: e.Data})
	}
	return out
}

// BoardSVG draws a scenario's board (package render) for Options.SVG; each
// scenario is drawn once.
func BoardSVG() func(*match.Scenario) ([]byte, error) {
	var mu sync.Mutex
	cache := map[*match.Scenario][]byte{}
	return func(sc *match.Scenario) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if b, ok := cache[sc]; ok {
			return b, nil
		}
		// The board alone: the lobby words the title, the sides, the medals
		// and the cards beside it in the player's language (the renderer's
		// legend and panels are English).
		b, err := render.SVG(sc.Setup, render.Options{File: sc.File, NoTitle: true, NoLegend: true})
		if err != nil {
			return nil, err
		}
		cache[sc] = b
		return b, nil
	}
}

// boardLegend is the key to the symbols of the board BoardSVG draws, each
// symbol a picture of its own (no XML declaration, to sit in a page); nil
// when the board cannot be drawn.
func boardLegend(sc *match.Scenario) []render.LegendItem {
	items, err := render.Legend(sc.Setup, render.Options{File: sc.File}, 40)
	if err != nil {
		return nil
	}
	for i := range items {
		items[i].SVG = strings.TrimSpace(strings.TrimPrefix(items[i].SVG, `<?xml version="1.0" encoding="UTF-8"?>`))
	}
	return items
}
