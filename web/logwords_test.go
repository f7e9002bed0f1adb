package web

import (
	"os"
	"regexp"
	"testing"

	"m44/rules"
)

// TestPlacePhrases: the log says where a unit is in words ("in the marsh",
// "on the railway", "on the frozen river"; issue 18), so every ground and
// feature of the base game and of every ruleset the engine ships has a
// place phrase in each of the client's four languages (js/logwords.js
// placeKey: "at.<key>", plain ground "at.open"). A row added without its
// phrase fails here.
func TestPlacePhrases(t *testing.T) {
	cat, err := rules.NewCatalog(rules.Expansions()...)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, g := range cat.Grounds() {
		keys = append(keys, g.Key)
	}
	for _, f := range cat.Features() {
		keys = append(keys, f.Key)
	}
	if len(keys) < 60 {
		t.Fatalf("only %d rows: the catalog of every ruleset is missing some", len(keys))
	}
	for _, want := range []string{"marsh", "railway", "frozen-river", "wadi", "rice-paddy", "pontoon-bridge", "minefield"} {
		found := false
		for _, k := range keys {
			found = found || k == want
		}
		if !found {
			t.Errorf("the catalog lacks %q", want)
		}
	}
	dictKey := regexp.MustCompile(`'(at\.[a-z0-9-]+)'\s*:\s*"[^"]+"`)
	for _, lang := range []string{"en", "fr", "de", "cs"} {
		b, err := os.ReadFile("static/js/i18n/" + lang + ".js")
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]int{}
		for _, m := range dictKey.FindAllSubmatch(b, -1) {
			have[string(m[1])]++
		}
		for _, k := range keys {
			pk := "at." + k
			if k == "plain" {
				pk = "at.open"
			}
			switch have[pk] {
			case 0:
				t.Errorf("%s: no place phrase %q for the row %q", lang, pk, k)
			case 1:
			default:
				t.Errorf("%s: %q given %d times", lang, pk, have[pk])
			}
		}
	}
}
