package hex

import (
	"slices"
	"testing"
)

// The table of lines must agree with the exact computation everywhere on
// the largest boards, including off-table distances and half-hex ends.
func TestLineTableMatchesExact(t *testing.T) {
	for _, g := range []Grid{Standard(), Breakthrough(), Overlord()} {
		hexes := g.Hexes()
		for _, a := range hexes {
			for _, b := range hexes {
				got := Line(a, b, nil)
				want := lineExact(a, b, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%v -> %v: table %v, exact %v", a, b, got, want)
				}
			}
		}
	}
}
