package rules

import (
	"fmt"

	"m44/hex"
)

// Lines of sight on bit sets (issue 15, seventh pass). A line cuts the same
// hexes wherever it starts, up to where the board's indexes put them: from
// a hex of row parity p, a hex at offset (dr, dc) of the line is at index
// dr*Width + (p+dc)>>1 further. So the board keeps, for each row parity and
// each offset up to the longest range of its catalog's units (the disks'),
// the hexes the line cuts as a bit set of those index offsets (lineRel);
// LineOfSight shifts it to the line's start and meets it with the hexes
// that block at the line's height. A line along hex edges (blocked only by
// both sides), one that meets a hex whose rows decide by a hook
// (TerrainHooks.BlocksSight), or a board of more than maskCells hexes takes
// the line's steps one by one (lineOfSightSteps). TestLineOfSightCorpus
// compares the two.

// lineRel is one line's cut hexes, as index offsets from the start hex less
// base (bits 0..span); ok: the line runs along no edge.
type lineRel struct {
	m    cellMask
	base int16
	span int16
	ok   bool
}

// losMasks is the board's tables for the lines of sight on bit sets.
type losMasks struct {
	r   int           // offsets of up to r rows and 2r doubled columns
	rel *[2][]lineRel // [row parity][(dr+r)*(4r+1) + dc+2r] (relLines)
	// gt[h], eq[h]: the hexes higher than, as high as minH+h
	gt, eq []cellMask
	minH   int8
	bad    cellMask // the indexes of no hex (the half-hexes' slots)
}

// compileLines makes the board's lines for its disks' reach (compileDisks
// first).
func (b *board) compileLines() {
	r := 0
	for r < len(b.disk) && b.disk[r] != nil {
		r++
	}
	if r == 0 {
		return
	}
	L := &losMasks{r: r, minH: b.height[0]}
	maxH := b.height[0]
	for i := range b.n {
		L.minH, maxH = min(L.minH, b.height[i]), max(maxH, b.height[i])
		if !b.valid[i] {
			L.bad = L.bad.or(bitOf(int16(i)))
		}
	}
	for i := b.n; i < maskCells; i++ {
		L.bad = L.bad.or(bitOf(int16(i)))
	}
	L.gt = make([]cellMask, int(maxH-L.minH)+1)
	L.eq = make([]cellMask, len(L.gt))
	for h := range L.gt {
		for i := range b.n {
			switch d := b.height[i] - L.minH; {
			case int(d) > h:
				L.gt[h] = L.gt[h].or(bitOf(int16(i)))
			case int(d) == h:
				L.eq[h] = L.eq[h].or(bitOf(int16(i)))
			}
		}
	}
	L.rel = relLines(b.grid.Width, r)
	b.los = L
}

// stdLineRels are the lines of the standard board's width for each reach
// up to stdMaxReach, made once and only read: every standard board shares
// them, so a board compiled for each game (as bots and tests do) does not
// make them again. Other widths and reaches make their own (relLines).
var stdLineRels = func() (t [stdMaxReach + 1]*[2][]lineRel) {
	for r := 1; r <= stdMaxReach; r++ {
		t[r] = makeRelLines(stdWidth, r)
	}
	return t
}()

const (
	stdWidth    = 13 // hexes in an even row of the standard board
	stdMaxReach = 8  // beyond the longest range of the catalogs' units
)

// relLines is the lines, per row parity and offset of up to r rows, on a
// board w hexes wide (losMasks.rel).
func relLines(w, r int) *[2][]lineRel {
	if w == stdWidth && r >= 1 && r <= stdMaxReach {
		return stdLineRels[r]
	}
	return makeRelLines(w, r)
}

// makeRelLines makes relLines' lines.
func makeRelLines(w, r int) *[2][]lineRel {
	t := new([2][]lineRel)
	var buf [32]hex.Step
	var offs [32]int
	for p := range 2 {
		t[p] = make([]lineRel, (2*r+1)*(4*r+1))
	}
	for dr := -r; dr <= r; dr++ {
		for dc := -2 * r; dc <= 2*r; dc++ {
			if (dr+dc)&1 != 0 {
				continue
			}
			line := hex.Line(hex.Hex{}, hex.Hex{Row: int8(dr), Col: int8(dc)}, buf[:0])
			for p := range 2 {
				e := &t[p][(dr+r)*(4*r+1)+dc+2*r]
				e.ok = true
				off := offs[:0]
				for _, st := range line {
					if st.Edge() {
						e.ok = false
						break
					}
					off = append(off, int(st.A.Row)*w+(p+int(st.A.Col))>>1)
				}
				if !e.ok || len(off) == 0 {
					continue
				}
				lo, hi := off[0], off[0]
				for _, o := range off {
					lo, hi = min(lo, o), max(hi, o)
				}
				if hi-lo >= maskCells {
					e.ok = false
					continue
				}
				e.base, e.span = int16(lo), int16(hi-lo)
				for _, o := range off {
					e.m = e.m.or(bitOf(int16(o - lo)))
				}
			}
		}
	}
	return t
}

// shl is m shifted n bits up (0 <= n < maskCells; bits beyond are lost).
func (m cellMask) shl(n uint) cellMask {
	if n >= 64 {
		return cellMask{hi: m.lo << (n - 64)}
	}
	return cellMask{lo: m.lo << n, hi: m.hi<<n | m.lo>>(64-n)}
}

// losMask is LineOfSight between the hexes of indexes ia and ib on bit sets;
// ok is false when the line must be looked at step by step.
func (s *State) losMask(a, b hex.Hex, ia, ib int) (seen, ok bool) {
	L := s.b.los
	if L == nil {
		return false, false
	}
	dr, dc := int(b.Row)-int(a.Row), int(b.Col)-int(a.Col)
	if dr < -L.r || dr > L.r || dc < -2*L.r || dc > 2*L.r {
		return false, false
	}
	e := &L.rel[a.Row&1][(dr+L.r)*(4*L.r+1)+dc+2*L.r]
	if !e.ok {
		return false, false
	}
	at := ia + int(e.base)
	if at < 0 || at+int(e.span) >= maskCells {
		return false, false
	}
	m := e.m.shl(uint(at))
	if !m.and(L.bad.or(s.mb.hook.low())).empty() {
		return false, false
	}
	lo := min(s.b.height[ia], s.b.height[ib]) - L.minH
	block := L.gt[lo].or(L.eq[lo].and(s.mb.occ.low().or(s.mb.sight.low())))
	return m.and(block).empty(), true
}

// CheckLineOfSight is for tests (issue 15, seventh pass): from every unit on
// the board to every hex within the board's lines, the line of sight on bit
// sets, where it answers, must be the one taken step by step. n counts the
// lines compared.
func (s *State) CheckLineOfSight() (n int, err error) {
	L := s.b.los
	if L == nil {
		return 0, nil
	}
	g := s.b.grid
	for ui := range s.units {
		u := &s.units[ui]
		if u.dead || u.pos < 0 {
			continue
		}
		a := s.b.hexAt[u.pos]
		for ib := range s.b.n {
			b := s.b.hexAt[ib]
			if !s.b.valid[ib] || hex.Distance(a, b) > L.r {
				continue
			}
			seen, ok := s.losMask(a, b, g.Index(a), ib)
			if !ok {
				continue
			}
			n++
			if want := s.lineOfSightSteps(a, b); seen != want {
				return n, fmt.Errorf("line of sight %s-%s: bit sets say %v, the steps %v", a, b, seen, want)
			}
		}
	}
	return n, nil
}
