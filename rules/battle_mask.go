package rules

import (
	"fmt"
	"math/bits"
	"slices"

	"m44/hex"
)

// The battle step's targets on bit sets (issue 15, fifth pass). A unit
// battles the enemy units within its range; rather than measuring the
// distance to every enemy unit, targets looks only at the units on the hexes
// of the board's disk of that radius around the unit (board.disk), on a
// board of at most maskCells hexes. The units are listed in the order of
// the side's units, as before, so the legal actions do not change.

// compileDisks makes the board's disks: the hexes at distance 1..r of each
// hex, for r up to the longest range of the catalog's units. The board is a
// full rectangle of hexes, so the hexes within r steps of neighbour to
// neighbour are those within distance r (hex.Distance; TestFoesNearCorpus
// checks it).
func (b *board) compileDisks() {
	reach := 0
	for k := range b.cat.units {
		u := &b.cat.units[k]
		for _, rd := range [2]*[MaxRange]int8{&u.RangeDice, &u.StillRangeDice} {
			for i, n := range rd {
				if n > 0 {
					reach = max(reach, i+1)
				}
			}
		}
	}
	n := b.n
	all := make([]cellMask, reach*n) // (one allocation for every radius)
	prev := b.adjm
	for r := range reach {
		d := all[r*n : (r+1)*n : (r+1)*n]
		for i := range d {
			m := prev[i]
			if r > 0 {
				for _, q := range b.nb[i] {
					if q >= 0 {
						m.lo, m.hi = m.lo|prev[q].lo, m.hi|prev[q].hi
					}
				}
				m = m.andNot(bitOf(int16(i))) // (distance 1..r: not the hex itself)
			}
			d[i] = m
		}
		b.disk[r], prev = d, d
	}
}

// foesNear appends to buf the units of side foe on the hexes at distance
// 1..r of hex at, in the order of the side's units (board.sideUnits), and
// reports false when the board has no disks or r is out of their range
// (the caller then looks at every unit of the side).
func (s *State) foesNear(at int16, r int, foe Side, buf []int8) ([]int8, bool) {
	if r < 1 || r > MaxRange || s.b.disk[r-1] == nil {
		return buf, false
	}
	m := s.b.disk[r-1][at].and(s.mb.occ.low())
	for w, word := range [2]uint64{m.lo, m.hi} {
		for ; word != 0; word &= word - 1 {
			q := w<<6 | bits.TrailingZeros64(word)
			ui := s.occ[q]
			if s.units[ui].side != foe {
				continue
			}
			// In the order of the side's units (by index): insert.
			k := len(buf)
			buf = append(buf, ui)
			for ; k > 0 && buf[k-1] > ui; k-- {
				buf[k] = buf[k-1]
			}
			buf[k] = ui
		}
	}
	return buf, true
}

// CheckFoesNear is for tests (issue 15, fifth pass): for every unit on the
// board and every radius, the units foesNear lists must be the live units
// of the other side at distance 1..r (hex.Distance), in the side's order;
// and inCloseCombat on bit sets must agree with the unit's neighbours.
// checked counts the units looked at (0 on a board without disks).
func (s *State) CheckFoesNear() (checked int, err error) {
	for ui := range s.units {
		u := &s.units[ui]
		if u.dead || u.pos < 0 {
			continue
		}
		foe := u.side.Opp()
		checked++
		if a, b := s.inCloseCombat(u), s.enemyNext(u); a != b {
			return checked, fmt.Errorf("unit %d at %s: in close combat %v on bit sets, %v by its neighbours", ui, s.b.hexAt[u.pos], a, b)
		}
		for r := 1; r <= MaxRange; r++ {
			var a, b [64]int8
			got, ok := s.foesNear(u.pos, r, foe, a[:0])
			if !ok {
				if r == 1 {
					return 0, nil // no disks on this board
				}
				break // beyond the ranges of the catalog's units
			}
			want := b[:0]
			for _, ti := range s.b.sideUnits[foe] {
				t := &s.units[ti]
				if t.dead {
					continue
				}
				if d := hex.Distance(s.b.hexAt[u.pos], s.b.hexAt[t.pos]); d >= 1 && d <= r {
					want = append(want, ti)
				}
			}
			if !slices.Equal(got, want) {
				return checked, fmt.Errorf("unit %d at %s, radius %d: foesNear gives %v, every unit's distance %v", ui, s.b.hexAt[u.pos], r, got, want)
			}
		}
	}
	return checked, nil
}
