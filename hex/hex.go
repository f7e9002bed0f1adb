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
	"strconv"
	"strings"
)

// Hex is one hex of a board in .m44 coordinates.
type Hex struct {
	Row, Col int8
}

// None is a hex that is on no board; it marks "no hex" in values.
var None = Hex{-128, -128}

// String gives the hex as "row,col", the form used by the engine's text notation.
func (h Hex) String() string {
	var a [12]byte
	return string(h.Append(a[:0]))
}

// Append appends the hex's "row,col" form to b.
func (h Hex) Append(b []byte) []byte {
	b = strconv.AppendInt(b, int64(h.Row), 10)
	b = append(b, ',')
	return strconv.AppendInt(b, int64(h.Col), 10)
}

// MarshalText writes the hex as "row,col" (so JSON carries hexes as strings).
func (h Hex) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads the "row,col" form.
func (h *Hex) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*h = p
	return nil
}

// Parse reads the "row,col" form written by String.
func Parse(s string) (Hex, error) {
	r, c, ok := strings.Cut(s, ",")
	if !ok {
		return None, fmt.Errorf("hex %q: want row,col", s)
	}
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		return None, fmt.Errorf("hex %q: want row,col", s)
	}
	if row < -100 || row > 100 || col < -100 || col > 100 {
		return None, fmt.Errorf("hex %q: out of range", s)
	}
	return Hex{int8(row), int8(col)}, nil
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

// OnEdge reports whether h is a full hex of the board with a side on the
// board's edge: one of its neighbours is off the board or a half-hex.
func (g Grid) OnEdge(h Hex) bool {
	if !g.Contains(h) {
		return false
	}
	for d := 0; d < 6; d++ {
		if !g.Contains(Neighbour(h, d)) {
			return true
		}
	}
	return false
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
// and b, excluding a and b themselves, in order from a: every hex whose
// interior the line cuts (A == B), and every edge the line runs along
// (A != B, the two hexes sharing it). A line that merely passes through a
// corner does not cut the hexes meeting there only at that point. Steps may
// name hexes off the board (half-hexes).
//
// The computation is exact (integers only): in cube coordinates a point p is
// inside the cell of hex h iff (p-h)·d < 1 for each of the six unit
// directions d, which along the segment p = a + t(b-a) is one linear
// constraint on t per direction.
func Line(a, b Hex, buf []Step) []Step {
	dr, dc := int(b.Row)-int(a.Row), int(b.Col)-int(a.Col)
	if dr >= -lineMax && dr <= lineMax && dc >= -2*lineMax && dc <= 2*lineMax {
		// Lines are the same under translation: use the precomputed table.
		for _, s := range lineTable[dr+lineMax][dc+2*lineMax] {
			buf = append(buf, Step{
				Hex{a.Row + s.A.Row, a.Col + s.A.Col},
				Hex{a.Row + s.B.Row, a.Col + s.B.Col}})
		}
		return buf
	}
	return lineExact(a, b, buf)
}

// lineMax bounds the offsets whose lines are precomputed.
const lineMax = 8

// lineTable holds, for every offset (dr, dc) up to lineMax rows, the steps of
// the line from (0,0) to that offset. It is computed once and never changes.
var lineTable = func() (t [2*lineMax + 1][4*lineMax + 1][]Step) {
	for dr := -lineMax; dr <= lineMax; dr++ {
		for dc := -2 * lineMax; dc <= 2*lineMax; dc++ {
			if (dr+dc)&1 != 0 {
				continue
			}
			t[dr+lineMax][dc+2*lineMax] = lineExact(Hex{0, 0}, Hex{int8(dr), int8(dc)}, nil)
		}
	}
	return t
}()

// lineExact computes Line without the table.
func lineExact(a, b Hex, buf []Step) []Step {
	if Distance(a, b) < 2 {
		return buf
	}
	type item struct {
		s        Step
		num, den int // where the step starts on the segment: t = num/den
	}
	var arr [32]item
	items := arr[:0]
	aq, ar := axial(a)
	bq, br := axial(b)
	rmin, rmax := min(int(a.Row), int(b.Row))-1, max(int(a.Row), int(b.Row))+1
	cmin, cmax := min(int(a.Col), int(b.Col))-2, max(int(a.Col), int(b.Col))+2
	for row := rmin; row <= rmax; row++ {
		for col := cmin; col <= cmax; col++ {
			if (row+col)&1 != 0 {
				continue
			}
			h := Hex{int8(row), int8(col)}
			if h == a || h == b {
				continue
			}
			hq, hr := axial(h)
			// The part of the segment in the (closed) cell: lo < t < hi.
			loN, loD, hiN, hiD := 0, 1, 1, 1
			onEdge, empty := -1, false
			for d := 0; d < 6; d++ {
				e, f := axialDirs[d][0], axialDirs[d][1]
				alpha := cubeDot(aq-hq, ar-hr, e, f)
				beta := cubeDot(bq-aq, br-ar, e, f)
				switch {
				case beta == 0 && alpha == 1:
					onEdge = d // the line lies on the edge shared with the neighbour in direction d
				case beta == 0 && alpha > 1:
					empty = true
				case beta > 0: // t < (1-alpha)/beta
					if n := 1 - alpha; n*hiD < hiN*beta {
						hiN, hiD = n, beta
					}
				case beta < 0: // t > (alpha-1)/-beta
					if n := alpha - 1; n*loD > loN*(-beta) {
						loN, loD = n, -beta
					}
				}
			}
			if empty || loN*hiD >= hiN*loD {
				continue // no stretch of the segment of positive length
			}
			s := Step{h, h}
			if onEdge >= 0 {
				// Report each edge once, with A on the side of the line that
				// the fixed axial vector (1, 2) points to: every edge step
				// of a line then has A on the same side, and the reverse
				// line gives the same steps in reverse order.
				e, f := axialDirs[onEdge][0], axialDirs[onEdge][1]
				if 4*e+5*f > 0 {
					continue
				}
				s.B = Neighbour(h, onEdge)
			}
			items = append(items, item{s, loN, loD})
		}
	}
	// Steps never overlap: order them by where they start.
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && items[j].num*items[j-1].den < items[j-1].num*items[j].den; j-- {
			items[j], items[j-1] = items[j-1], items[j]
		}
	}
	for _, it := range items {
		buf = append(buf, it.s)
	}
	return buf
}

// axialDirs are Neighbour's six directions in axial coordinates (q, r).
var axialDirs = [6][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// axial is h in axial coordinates (q, r); its cube coordinates are (q, -q-r, r).
func axial(h Hex) (q, r int) { return (int(h.Col) - int(h.Row)) / 2, int(h.Row) }

// cubeDot is the dot product of two vectors given in axial coordinates, taken
// in cube coordinates, where it is proportional to the Euclidean one.
func cubeDot(q1, r1, q2, r2 int) int { return q1*q2 + (q1+r1)*(q2+r2) + r1*r2 }
