// Package hex is the geometry of Memoir '44 boards in the coordinates of the
// official .m44 scenario format: rows from the top (0..Rows-1) and "doubled"
// columns, where a hex at (row, col) always has col of the same parity as row.
// Even rows hold Width hexes (cols 0, 2, …, 2·Width-2); odd rows hold Width-1
// full hexes (cols 1, 3, …, 2·Width-3) and a half-hex at each end (cols -1 and
// 2·Width-1), which can never be entered and only obstruct line of sight.
//
// The package is pure: no I/O, no globals that change.
package hex

import (
	"fmt"
	"math"
)

// Hex is one hex of a board in .m44 coordinates.
type Hex struct {
	Row, Col int8
}

// None is a hex that is on no board; it marks "no hex" in values.
var None = Hex{-128, -128}

// String gives the hex as "row,col", the form used by the engine's text notation.
func (h Hex) String() string { return fmt.Sprintf("%d,%d", h.Row, h.Col) }

// Parse reads the "row,col" form written by String.
func Parse(s string) (Hex, error) {
	var r, c int
	var rest string
	n, _ := fmt.Sscanf(s, "%d,%d%s", &r, &c, &rest)
	if n != 2 {
		return None, fmt.Errorf("hex %q: want row,col", s)
	}
	if r < -100 || r > 100 || c < -100 || c > 100 {
		return None, fmt.Errorf("hex %q: out of range", s)
	}
	return Hex{int8(r), int8(c)}, nil
}

// Grid is the shape of a board: Rows rows, Width hexes in an even row, and the
// two doubled columns where the section lines run (a hex on a line belongs to
// both sections it touches).
type Grid struct {
	Rows, Width int
	// LeftLine and RightLine are the doubled columns of the two section lines,
	// from the bottom player's point of view: left = col <= LeftLine,
	// centre = LeftLine..RightLine, right = col >= RightLine.
	LeftLine, RightLine int
}

// Standard is the 13×9 board of the base game.
func Standard() Grid { return Grid{Rows: 9, Width: 13, LeftLine: 7, RightLine: 17} }

// Breakthrough is the 13×17 Breakthrough board.
func Breakthrough() Grid { return Grid{Rows: 17, Width: 13, LeftLine: 7, RightLine: 17} }

// Overlord is two standard boards side by side: 26×9.
func Overlord() Grid { return Grid{Rows: 9, Width: 26, LeftLine: 15, RightLine: 35} }

// MaxCol is the largest doubled column of a full hex.
func (g Grid) MaxCol() int { return 2*g.Width - 2 }

// Contains reports whether h is a full hex of the board (half-hexes are not).
func (g Grid) Contains(h Hex) bool {
	r, c := int(h.Row), int(h.Col)
	return r >= 0 && r < g.Rows && c >= 0 && c <= g.MaxCol() && (r+c)&1 == 0
}

// IsHalfHex reports whether h is one of the half-hexes at the ends of odd rows.
func (g Grid) IsHalfHex(h Hex) bool {
	r, c := int(h.Row), int(h.Col)
	return r >= 0 && r < g.Rows && r&1 == 1 && (c == -1 || c == g.MaxCol()+1)
}

// Len is the size of the dense index space used by Index (some indices, the
// last of each odd row, are unused).
func (g Grid) Len() int { return g.Rows * g.Width }

// Index maps a hex of the board to 0..Len()-1. It must only be called on a hex
// the board Contains.
func (g Grid) Index(h Hex) int { return int(h.Row)*g.Width + int(h.Col)>>1 }

// At is the inverse of Index; ok is false for an unused index.
func (g Grid) At(i int) (h Hex, ok bool) {
	r := i / g.Width
	c := (i%g.Width)*2 + r&1
	h = Hex{int8(r), int8(c)}
	return h, g.Contains(h)
}

// Hexes lists every full hex of the board in index order.
func (g Grid) Hexes() []Hex {
	out := make([]Hex, 0, g.Len())
	for i := 0; i < g.Len(); i++ {
		if h, ok := g.At(i); ok {
			out = append(out, h)
		}
	}
	return out
}

// Directions are the six neighbour offsets, clockwise from east.
var directions = [6]Hex{{0, 2}, {1, 1}, {1, -1}, {0, -2}, {-1, -1}, {-1, 1}}

// Neighbour is the hex next to h in direction d (0..5, clockwise from east);
// it may be off the board.
func Neighbour(h Hex, d int) Hex {
	o := directions[d]
	return Hex{h.Row + o.Row, h.Col + o.Col}
}

// Neighbours appends the on-board neighbours of h to buf.
func (g Grid) Neighbours(h Hex, buf []Hex) []Hex {
	for d := 0; d < 6; d++ {
		if n := Neighbour(h, d); g.Contains(n) {
			buf = append(buf, n)
		}
	}
	return buf
}

// Adjacent reports whether a and b are neighbours.
func Adjacent(a, b Hex) bool { return Distance(a, b) == 1 }

// Distance is the number of hex steps from a to b.
func Distance(a, b Hex) int {
	dr := abs(int(a.Row) - int(b.Row))
	dc := abs(int(a.Col) - int(b.Col))
	if dc <= dr {
		return dr
	}
	return dr + (dc-dr)/2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Center is the centre of h on a plane where neighbouring centres are 1 apart.
func Center(h Hex) (x, y float64) {
	return float64(h.Col) * 0.5, float64(h.Row) * math.Sqrt(3) / 2
}

// Step is one place the line between two hex centres passes: either through the
// middle of one hex (A == B) or along the edge between two hexes A and B. For
// every edge step of one line, A lies on the same side of the line.
type Step struct{ A, B Hex }

// Edge reports whether the line runs along the edge between A and B here.
func (s Step) Edge() bool { return s.A != s.B }

// Line appends to buf the steps of the straight line between the centres of a
// and b, excluding a and b themselves, sampled once per hex of distance (the
// hexes such a line crosses). Steps may name hexes off the board (half-hexes).
func Line(a, b Hex, buf []Step) []Step {
	n := Distance(a, b)
	if n < 2 {
		return buf
	}
	aq, ar := cube(a)
	bq, br := cube(b)
	// Nudge both ends the same tiny amount to either side so that a sample
	// falling exactly on an edge resolves to the two hexes that share it.
	// The nudge (1, 2, -3)·ε is parallel to no hex edge.
	const eq, er = 1e-6, 2e-6
	for i := 1; i < n; i++ {
		t := float64(i) / float64(n)
		q := aq + (bq-aq)*t
		r := ar + (br-ar)*t
		h1 := round(q+eq, r+er)
		h2 := round(q-eq, r-er)
		buf = append(buf, Step{h1, h2})
	}
	return buf
}

func cube(h Hex) (q, r float64) {
	return float64(int(h.Col)-int(h.Row)) / 2, float64(h.Row)
}

// round rounds fractional axial coordinates (q, r) to the nearest hex.
func round(q, r float64) Hex {
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	if dq > dr && dq > ds {
		rq = -rr - rs
	} else if dr > ds {
		rr = -rq - rs
	}
	row := int(rr)
	col := 2*int(rq) + row
	return Hex{int8(row), int8(col)}
}
