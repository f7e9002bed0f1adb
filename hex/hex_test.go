package hex

import (
	"math"
	"slices"
	"testing"
)

func h(r, c int) Hex { return Hex{int8(r), int8(c)} }

// rulebook p.6 "Champ de bataille": the standard board is 13 hexes long and 9
// deep; odd rows have 12 full hexes and a half-hex at each end.
func TestContainsParityHalfHexes(t *testing.T) {
	g := Standard()
	cases := []struct {
		h        Hex
		contains bool
		half     bool
	}{
		{h(0, 0), true, false},
		{h(0, 24), true, false},
		{h(0, 26), false, false}, // past the last hex of an even row
		{h(0, 1), false, false},  // wrong parity
		{h(1, 0), false, false},  // wrong parity
		{h(1, 1), true, false},
		{h(1, 23), true, false},
		{h(1, -1), false, true}, // the half-hexes at both ends of an odd row
		{h(1, 25), false, true},
		{h(0, -1), false, false}, // even rows have no half-hex
		{h(0, 25), false, false},
		{h(8, 24), true, false},
		{h(9, 1), false, false}, // past the last row
		{h(-1, 1), false, false},
		{h(7, -1), false, true},
		{h(7, 25), false, true},
	}
	for _, c := range cases {
		if got := g.Contains(c.h); got != c.contains {
			t.Errorf("Contains(%s) = %v, want %v", c.h, got, c.contains)
		}
		if got := g.IsHalfHex(c.h); got != c.half {
			t.Errorf("IsHalfHex(%s) = %v, want %v", c.h, got, c.half)
		}
	}
	// 5 even rows of 13 and 4 odd rows of 12 full hexes.
	if n := len(g.Hexes()); n != 5*13+4*12 {
		t.Errorf("standard board has %d hexes, want %d", n, 5*13+4*12)
	}
	for _, hx := range g.Hexes() {
		if (int(hx.Row)+int(hx.Col))&1 != 0 {
			t.Errorf("hex %s has mixed parity", hx)
		}
	}
}

func TestIndexAtRoundTrip(t *testing.T) {
	for _, g := range []Grid{Standard(), Breakthrough(), Overlord()} {
		seen := map[int]bool{}
		for _, hx := range g.Hexes() {
			i := g.Index(hx)
			if i < 0 || i >= g.Len() {
				t.Fatalf("%v: Index(%s) = %d out of 0..%d", g, hx, i, g.Len())
			}
			if seen[i] {
				t.Fatalf("%v: Index(%s) = %d used twice", g, hx, i)
			}
			seen[i] = true
			back, ok := g.At(i)
			if !ok || back != hx {
				t.Fatalf("%v: At(Index(%s)) = %s, %v", g, hx, back, ok)
			}
		}
		// Every index is either a hex or the unused last slot of an odd row.
		for i := 0; i < g.Len(); i++ {
			hx, ok := g.At(i)
			if ok != g.Contains(hx) {
				t.Fatalf("%v: At(%d) = %s ok=%v", g, i, hx, ok)
			}
			if !ok && !(hx.Row&1 == 1 && int(hx.Col) == g.MaxCol()+1) {
				t.Fatalf("%v: unused index %d is %s, not the end of an odd row", g, i, hx)
			}
		}
	}
}

func TestParseString(t *testing.T) {
	for _, hx := range Standard().Hexes() {
		p, err := Parse(hx.String())
		if err != nil || p != hx {
			t.Fatalf("Parse(%q) = %s, %v", hx.String(), p, err)
		}
	}
	for _, bad := range []string{"", "3", "3,", "a,b", "3,4,5", "3,4x", "200,1"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestNeighbours(t *testing.T) {
	g := Standard()
	cases := []struct {
		h    Hex
		want []Hex
	}{
		{h(4, 12), []Hex{h(4, 14), h(5, 13), h(5, 11), h(4, 10), h(3, 11), h(3, 13)}},
		{h(0, 0), []Hex{h(0, 2), h(1, 1)}},                            // corner: the half-hex 1,-1 is not a neighbour
		{h(8, 24), []Hex{h(7, 23), h(8, 22)}},                         // opposite corner
		{h(1, 1), []Hex{h(1, 3), h(2, 2), h(2, 0), h(0, 0), h(0, 2)}}, // odd row, next to the half-hex
		{h(3, 23), []Hex{h(4, 24), h(4, 22), h(3, 21), h(2, 22), h(2, 24)}},
	}
	for _, c := range cases {
		got := g.Neighbours(c.h, nil)
		if !sameSet(got, c.want) {
			t.Errorf("Neighbours(%s) = %v, want %v", c.h, got, c.want)
		}
		for _, n := range got {
			if !Adjacent(c.h, n) || Distance(c.h, n) != 1 {
				t.Errorf("%s and its neighbour %s are not at distance 1", c.h, n)
			}
		}
	}
	// Neighbour directions are clockwise from east and opposite in pairs.
	for d := 0; d < 6; d++ {
		n := Neighbour(h(4, 12), d)
		if back := Neighbour(n, (d+3)%6); back != h(4, 12) {
			t.Errorf("direction %d then %d does not come back", d, (d+3)%6)
		}
	}
}

func sameSet(a, b []Hex) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	cmp := func(x, y Hex) int {
		if x.Row != y.Row {
			return int(x.Row) - int(y.Row)
		}
		return int(x.Col) - int(y.Col)
	}
	slices.SortFunc(a, cmp)
	slices.SortFunc(b, cmp)
	return slices.Equal(a, b)
}

// Distance is the length of the shortest neighbour path; checked against a
// breadth-first search on the board, plus a few hand-counted cases
// (rulebook p.8 "Portée de tir": count hexes from the first adjacent one).
func TestDistance(t *testing.T) {
	cases := []struct {
		a, b Hex
		d    int
	}{
		{h(4, 12), h(4, 12), 0},
		{h(4, 12), h(4, 14), 1},
		{h(4, 12), h(4, 18), 3},
		{h(4, 12), h(2, 12), 2}, // straight "up" in doubled coords: two steps
		{h(4, 12), h(1, 9), 3},
		{h(4, 12), h(1, 15), 3},
		{h(4, 12), h(3, 17), 3},
		{h(0, 0), h(8, 24), 8 + 8},
		{h(0, 0), h(8, 0), 8},
	}
	for _, c := range cases {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%s, %s) = %d, want %d", c.a, c.b, got, c.d)
		}
		if Distance(c.b, c.a) != c.d {
			t.Errorf("Distance is not symmetric for %s, %s", c.a, c.b)
		}
	}
	g := Standard()
	for _, a := range g.Hexes() {
		dist := map[Hex]int{a: 0}
		queue := []Hex{a}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, n := range g.Neighbours(x, nil) {
				if _, ok := dist[n]; !ok {
					dist[n] = dist[x] + 1
					queue = append(queue, n)
				}
			}
		}
		for b, d := range dist {
			if Distance(a, b) != d {
				t.Fatalf("Distance(%s, %s) = %d, BFS says %d", a, b, Distance(a, b), d)
			}
		}
	}
}

// exactCrossing classifies the point at t on the segment between the
// centres of a and b: the hex whose interior holds it (by nearest centre,
// which is exact for a hex grid), or the two hexes whose shared edge it lies on.
func exactCrossing(a, b Hex, t float64) (near, second Hex, onEdge bool) {
	ax, ay := Center(a)
	bx, by := Center(b)
	x, y := ax+(bx-ax)*t, ay+(by-ay)*t
	best, bd, sec, sd := None, math.Inf(1), None, math.Inf(1)
	r0 := int(math.Round(y / (math.Sqrt(3) / 2)))
	c0 := int(math.Round(x * 2))
	for r := r0 - 2; r <= r0+2; r++ {
		for c := c0 - 4; c <= c0+4; c++ {
			if (r+c)&1 != 0 {
				continue
			}
			cand := h(r, c)
			cx, cy := Center(cand)
			d := math.Hypot(cx-x, cy-y)
			switch {
			case d < bd:
				sec, sd = best, bd
				best, bd = cand, d
			case d < sd:
				sec, sd = cand, d
			}
		}
	}
	return best, sec, sd-bd < 1e-9
}

// rulebook p.8 "Ligne de vue": the line between the two centres is blocked
// by any hex it cuts. Line must list exactly the hexes whose interior the
// segment crosses, in order, and the two hexes of each edge it runs along.
// Checked by dense sampling for every pair of hexes up to distance 12 on the
// standard board, including pairs whose lines run along the half-hexes of
// the board edge.
func TestLineMatchesExactGeometry(t *testing.T) {
	g := Standard()
	longest := 12
	if testing.Short() {
		longest = 6
	}
	for _, a := range g.Hexes() {
		for _, b := range g.Hexes() {
			n := Distance(a, b)
			if n < 2 || n > longest {
				continue
			}
			steps := Line(a, b, nil)
			if len(steps) < n-1 {
				t.Fatalf("Line(%s, %s): %d steps, fewer than the %d hexes between", a, b, len(steps), n-1)
			}
			interior := map[Hex]bool{}
			edges := map[[2]Hex]bool{}
			const samples = 400
			for i := 1; i < samples; i++ {
				near, sec, onEdge := exactCrossing(a, b, float64(i)/samples)
				if onEdge {
					edges[edgeKey(near, sec)] = true
				} else if near != a && near != b {
					interior[near] = true
				}
			}
			got := map[Hex]bool{}
			gotEdges := map[[2]Hex]bool{}
			for _, s := range steps {
				if s.Edge() {
					if !Adjacent(s.A, s.B) {
						t.Fatalf("Line(%s, %s): edge step %v between non-neighbours", a, b, s)
					}
					gotEdges[edgeKey(s.A, s.B)] = true
				} else {
					got[s.A] = true
				}
			}
			for hx := range interior {
				if !got[hx] {
					t.Errorf("Line(%s, %s) = %v misses %s", a, b, steps, hx)
				}
			}
			for hx := range got {
				if !interior[hx] {
					t.Errorf("Line(%s, %s) = %v lists %s, which the line does not cross", a, b, steps, hx)
				}
			}
			// An edge run shows up as many boundary samples; an isolated
			// crossing of an edge or vertex is a single sample and not a run.
			for e := range gotEdges {
				if !edges[e] {
					t.Errorf("Line(%s, %s): edge step %v is not on the line", a, b, e)
				}
			}
			if len(gotEdges) > 0 && len(got) > 0 {
				for hx := range got {
					for e := range gotEdges {
						if hx == e[0] || hx == e[1] {
							t.Errorf("Line(%s, %s): %s is both crossed and grazed", a, b, hx)
						}
					}
				}
			}
			// Steps come in order from a to b.
			for i := 1; i < len(steps); i++ {
				if Distance(a, steps[i].A) < Distance(a, steps[i-1].A) {
					t.Errorf("Line(%s, %s) = %v is not in order", a, b, steps)
				}
			}
		}
	}
}

func edgeKey(x, y Hex) [2]Hex {
	if y.Row < x.Row || (y.Row == x.Row && y.Col < x.Col) {
		x, y = y, x
	}
	return [2]Hex{x, y}
}

// side is the sign of the cross product telling on which side of the line a->b
// the centre of x lies.
func side(a, b, x Hex) float64 {
	ax, ay := Center(a)
	bx, by := Center(b)
	xx, xy := Center(x)
	return (bx-ax)*(xy-ay) - (by-ay)*(xx-ax)
}

// rulebook p.8-9: a line running along hex edges is blocked only when there
// are obstructions on both sides, so every edge step must report its two
// hexes on consistent sides: A always on one side, B on the other, and the
// reverse line the same steps in reverse order.
func TestLineEdgeStepsConsistentSides(t *testing.T) {
	g := Standard()
	edgeLines := 0
	for _, a := range g.Hexes() {
		for _, b := range g.Hexes() {
			n := Distance(a, b)
			if n < 2 || n > 8 {
				continue
			}
			steps := Line(a, b, nil)
			var sa float64
			for _, s := range steps {
				if !s.Edge() {
					continue
				}
				x, y := side(a, b, s.A), side(a, b, s.B)
				if x*y >= 0 {
					t.Fatalf("Line(%s, %s): edge step %v has both hexes on one side", a, b, s)
				}
				if sa != 0 && sa*x < 0 {
					t.Fatalf("Line(%s, %s) = %v: A switches sides", a, b, steps)
				}
				sa = x
			}
			if sa != 0 {
				edgeLines++
			}
			back := Line(b, a, nil)
			slices.Reverse(back)
			if !slices.Equal(back, steps) {
				t.Fatalf("Line(%s, %s) = %v but Line(%s, %s) reversed = %v", a, b, steps, b, a, back)
			}
		}
	}
	if edgeLines == 0 {
		t.Fatal("no line along hex edges found")
	}
}

func TestLineHandPicked(t *testing.T) {
	e := func(x, y Hex) Step { return Step{x, y} }
	c := func(x Hex) Step { return Step{x, x} }
	cases := []struct {
		name string
		a, b Hex
		want []Step // edge steps given with either order of A and B
	}{
		{"adjacent: nothing between", h(4, 12), h(4, 14), nil},
		{"straight along a row", h(4, 8), h(4, 14), []Step{c(h(4, 10)), c(h(4, 12))}},
		{"diagonal", h(4, 12), h(1, 9), []Step{c(h(3, 11)), c(h(2, 10))}},
		{"along the edge of two hexes", h(4, 12), h(2, 12), []Step{e(h(3, 11), h(3, 13))}},
		{"along edges, 4 long", h(6, 12), h(2, 12), []Step{e(h(5, 11), h(5, 13)), c(h(4, 12)), e(h(3, 11), h(3, 13))}},
		{"along edges, other diagonal", h(4, 12), h(3, 15), []Step{e(h(4, 14), h(3, 13))}},
		{"along the half-hex at the left edge", h(0, 0), h(2, 0), []Step{e(h(1, -1), h(1, 1))}},
		{"along the half-hex at the right edge", h(2, 24), h(4, 24), []Step{e(h(3, 25), h(3, 23))}},
		{"along the board edge row", h(0, 0), h(0, 6), []Step{c(h(0, 2)), c(h(0, 4))}},
	}
	for _, tc := range cases {
		got := Line(tc.a, tc.b, nil)
		if len(got) != len(tc.want) {
			t.Errorf("%s: Line(%s, %s) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
			continue
		}
		for i, w := range tc.want {
			s := got[i]
			if s != w && s != (Step{w.B, w.A}) {
				t.Errorf("%s: Line(%s, %s) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
				break
			}
		}
	}
}

// Regressions of the former sampling Line (one sample per hex of distance):
// a sample falling exactly on an edge the line crosses was reported as an
// edge the line runs along, so an obstruction in one of two hexes the line
// cuts did not block it (from distance 4 on); and a long shallow line could
// miss the corner of a hex it clips (from distance 7 on).
func TestLineRegressions(t *testing.T) {
	c := func(x Hex) Step { return Step{x, x} }
	cases := []struct {
		a, b Hex
		want []Step
	}{
		{h(8, 22), h(5, 17), []Step{c(h(7, 21)), c(h(7, 19)), c(h(6, 20)), c(h(6, 18))}},
		{h(8, 24), h(4, 22), []Step{c(h(7, 23)), c(h(6, 24)), c(h(6, 22)), c(h(5, 23))}},
		{h(0, 0), h(1, 13), []Step{c(h(0, 2)), c(h(0, 4)), c(h(1, 5)), c(h(0, 6)), c(h(1, 7)), c(h(0, 8)), c(h(1, 9)), c(h(1, 11))}},
	}
	for _, tc := range cases {
		if got := Line(tc.a, tc.b, nil); !slices.Equal(got, tc.want) {
			t.Errorf("Line(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestGrids(t *testing.T) {
	for _, c := range []struct {
		g          Grid
		rows, cols int
	}{{Standard(), 9, 13}, {Breakthrough(), 17, 13}, {Overlord(), 9, 26}} {
		if c.g.Rows != c.rows || c.g.Width != c.cols || c.g.MaxCol() != 2*c.cols-2 {
			t.Errorf("grid %+v", c.g)
		}
	}
}

func TestOnEdge(t *testing.T) {
	g := Standard()
	for _, c := range []struct {
		h    Hex
		want bool
	}{{Hex{0, 8}, true}, {Hex{8, 0}, true}, {Hex{4, 24}, true}, {Hex{4, 12}, false}, {Hex{5, 1}, true}, {Hex{1, 3}, false}, {Hex{9, 1}, false}} {
		if got := g.OnEdge(c.h); got != c.want {
			t.Errorf("OnEdge(%s) = %v, want %v", c.h, got, c.want)
		}
	}
}
