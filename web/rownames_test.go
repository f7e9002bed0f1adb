package web

import (
	"os"
	"regexp"
	"testing"

	"m44/rules"
)

// TestRowNames: every ground, feature and unit kind of every ruleset the
// engine ships has a name in each of the four dictionaries, so the lobby's
// legend, the hover help and the log never fall back to a word made from
// the row's key (issue 18, "translated feature names").
func TestRowNames(t *testing.T) {
	cat, err := rules.NewCatalog(rules.Expansions()...)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		key      string
		prefixes []string
	}
	var rows []row
	for _, g := range cat.Grounds() {
		rows = append(rows, row{g.Key, []string{"terrain"}})
	}
	for _, f := range cat.Features() {
		rows = append(rows, row{f.Key, []string{"structure", "obstacle", "marker", "feature", "terrain"}})
	}
	for _, u := range cat.Units() {
		rows = append(rows, row{u.Key, []string{"unit"}})
	}
	dictKey := regexp.MustCompile(`['"]((?:terrain|structure|obstacle|marker|feature|unit)\.[a-z0-9-]+)['"]\s*:`)
	for _, lang := range []string{"en", "fr", "de", "cs"} {
		b, err := os.ReadFile("static/js/i18n/" + lang + ".js")
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, m := range dictKey.FindAllSubmatch(b, -1) {
			have[string(m[1])] = true
		}
		for _, r := range rows {
			named := false
			for _, p := range r.prefixes {
				named = named || have[p+"."+r.key]
			}
			if !named {
				t.Errorf("%s: no name for the row %q (%s.%s)", lang, r.key, r.prefixes[0], r.key)
			}
		}
	}
}
