package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"m44/view"
)

func TestCatalogTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"catalog"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"rulesets: base", "GROUNDS", "FEATURES", "UNITS", "CARDS", "DECKS",
		"forest ", "blocks sight", "protection 1/2", "rulebook annex 2 Forêts",
		"bunker ", "impassable: armor+artillery", "elite-armor ", "3-3-2-2-1-1",
		"probe ", "Order 2 units in the section on the card.", "standard ", "60"} {
		if !strings.Contains(s, want) {
			t.Errorf("the table lacks %q", want)
		}
	}
}

func TestCatalogJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"catalog", "--json", "pegasus-bridge"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var c view.Catalog
	if err := json.Unmarshal(out.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Grounds) != 14 || c.Grounds[1].Key != "forest" || len(c.Features) != 8 || len(c.Units) != 7 || len(c.Cards) != 22 || len(c.Decks) != 3 {
		t.Errorf("%d grounds, %d features, %d units, %d cards, %d decks", len(c.Grounds), len(c.Features), len(c.Units), len(c.Cards), len(c.Decks))
	}
	if code := run([]string{"catalog", "no-such-file.m44"}, nil, &out, &errb); code != 1 {
		t.Errorf("a missing file: exit %d, want 1", code)
	}
	if code := run([]string{"catalog", "a", "b"}, nil, &out, &errb); code != 2 {
		t.Errorf("two scenarios: exit %d, want 2", code)
	}
}
