package web

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"m44/render"
)

// Issue 18: the lobby's preview is the board alone, and its key to the
// symbols comes beside it as entries the lobby words in the player's
// language: each with a message key, its arguments, the English and the
// symbol as a picture of its own.
func TestScenarioLegend(t *testing.T) {
	ts := newTestServer(t, "")
	ts.srv.opts.SVG = BoardSVG()
	var d struct {
		SVG    string              `json:"svg"`
		Legend []render.LegendItem `json:"legend"`
	}
	ts.must(200, "GET", "/api/scenarios/pegasus-bridge", nil, &d)
	got := map[string]render.LegendItem{}
	for _, it := range d.Legend {
		got[it.Key+":"+argString(it.Args)] = it
		if !strings.HasPrefix(it.SVG, "<svg") || strings.Contains(it.SVG, "<?xml") || it.Text == "" {
			t.Errorf("entry %s: text %q, svg %.40q", it.Key, it.Text, it.SVG)
		}
	}
	// Pegasus Bridge: forests, towns, the rivers and their bridges, wire and
	// sandbags, 4-figure infantry on both sides, temporary medals, sections.
	for _, want := range []string{"legend.terrain:key=forest", "legend.terrain:key=river", "legend.feature:key=bridge",
		"legend.feature:key=wire", "legend.unit:figures=4,side=allies,type=infantry", "legend.unit:figures=4,side=axis,type=infantry",
		"legend.medal:kind=temporary,sides=allies,turn_start=false", "legend.section:"} {
		if _, ok := got[want]; !ok {
			t.Errorf("no legend entry %s in %v", want, keysOf(got))
		}
	}
	if strings.Contains(d.SVG, "Legend") {
		t.Error("the board still draws its English legend")
	}
}

func argString(a map[string]any) string {
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%v", k, a[k]))
	}
	return strings.Join(parts, ",")
}

func keysOf(m map[string]render.LegendItem) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
