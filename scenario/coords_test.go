package scenario

import (
	"strings"
	"testing"

	"m44/hex"
)

func TestGroupNames(t *testing.T) {
	std, bt, ol := hex.Standard(), hex.Breakthrough(), hex.Overlord()
	tests := []struct {
		g    hex.Grid
		h    hex.Hex
		name string
	}{
		{std, hex.Hex{Row: 0, Col: 0}, "A9"},
		{std, hex.Hex{Row: 8, Col: 24}, "M1"},
		{std, hex.Hex{Row: 1, Col: 1}, "a8"},
		{std, hex.Hex{Row: 7, Col: 23}, "l2"},
		// Ponyri: medal0 at 4,14 with group G5 g4 H3 G3 (the other town hexes).
		{std, hex.Hex{Row: 4, Col: 14}, "H5"},
		{std, hex.Hex{Row: 4, Col: 12}, "G5"},
		{std, hex.Hex{Row: 5, Col: 13}, "g4"},
		{std, hex.Hex{Row: 6, Col: 14}, "H3"},
		{std, hex.Hex{Row: 6, Col: 12}, "G3"},
		// Red Barricades: factory medal at 8,4 with b2 c2 d2.
		{std, hex.Hex{Row: 7, Col: 3}, "b2"},
		{std, hex.Hex{Row: 7, Col: 5}, "c2"},
		{std, hex.Hex{Row: 7, Col: 7}, "d2"},
		// Securing the Flank: medal at 2,12 with f6 g6.
		{std, hex.Hex{Row: 3, Col: 11}, "f6"},
		{std, hex.Hex{Row: 3, Col: 13}, "g6"},
		// Breakthrough (17 rows): Sword Beach's F17 and B13.
		{bt, hex.Hex{Row: 0, Col: 10}, "F17"},
		{bt, hex.Hex{Row: 4, Col: 2}, "B13"},
		{bt, hex.Hex{Row: 16, Col: 0}, "A1"},
		{bt, hex.Hex{Row: 15, Col: 1}, "a2"},
		// Overlord: 26 hexes wide, A..Z.
		{ol, hex.Hex{Row: 0, Col: 50}, "Z9"},
		{ol, hex.Hex{Row: 1, Col: 49}, "y8"},
	}
	for _, tc := range tests {
		got, err := GroupName(tc.h, tc.g)
		if err != nil || got != tc.name {
			t.Errorf("GroupName(%s, %s) = %q, %v; want %q", tc.h, boardName(tc.g), got, err, tc.name)
		}
		h, err := ParseGroupName(tc.name, tc.g)
		if err != nil || h != tc.h {
			t.Errorf("ParseGroupName(%q, %s) = %s, %v; want %s", tc.name, boardName(tc.g), h, err, tc.h)
		}
	}
}

func TestGroupNamesRoundTrip(t *testing.T) {
	for _, g := range []hex.Grid{hex.Standard(), hex.Breakthrough(), hex.Overlord()} {
		seen := map[string]bool{}
		for _, h := range g.Hexes() {
			n, err := GroupName(h, g)
			if err != nil {
				t.Fatalf("%s %s: %v", boardName(g), h, err)
			}
			if seen[n] {
				t.Fatalf("%s: name %q given twice", boardName(g), n)
			}
			seen[n] = true
			back, err := ParseGroupName(n, g)
			if err != nil || back != h {
				t.Fatalf("%s: %s -> %q -> %s, %v", boardName(g), h, n, back, err)
			}
		}
	}
}

func TestGroupNameErrors(t *testing.T) {
	std := hex.Standard()
	tests := map[string]string{
		"":    "want a letter and a row number",
		"G":   "want a letter and a row number",
		"5G":  "want a letter and a row number",
		"GG":  "want a letter and a row number",
		"G05": "want a letter and a row number",
		"G0":  "want a letter and a row number",
		"G10": "row number 10 outside 1..9",
		"G4":  "takes a lower-case letter",
		"g5":  "takes an upper-case letter",
		"a9":  "takes an upper-case letter",
		"N5":  "not on the standard board",
		"m4":  "not on the standard board", // the half-hex at the right end of an odd row
		"G5x": "want a letter and a row number",
		"É5":  "want a letter and a row number",
	}
	for in, want := range tests {
		_, err := ParseGroupName(in, std)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseGroupName(%q) error = %v, want it to say %q", in, err, want)
		}
	}
	if _, err := GroupName(hex.Hex{Row: 1, Col: -1}, std); err == nil {
		t.Errorf("a half-hex has no name")
	}
	if _, err := GroupName(hex.Hex{Row: 0, Col: 1}, std); err == nil {
		t.Errorf("a wrong-parity hex has no name")
	}
}
