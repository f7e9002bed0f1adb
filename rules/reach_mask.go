package rules

import (
	"fmt"
	"math/bits"
	"slices"

	"m44/hex"
)

// The movement search on bit sets (issue 15, fourth pass). On a board of at
// most 128 hexes, a plain search — no infiltration, no ice, no road bonus
// from the start, no boat, no exit, every step of the unit's class costing
// 1 or forbidden — is worked out a level at a time: the hexes reached at
// cost k are the union of the cost-1 neighbour sets (board.nbm) of the hexes
// reached at cost k-1 that may go on, less the occupied hexes, the hexes
// already reached and the hedgerows the unit may not enter. Each level's
// hexes are written in the order of the board's indexes, which is the order
// of every search's dests (sortDests: by cost, then by index; issue 15,
// sixth pass), so the bit sets and the general search list the same dests
// the same way; the hexes whose occupancy the result depends on
// (reachSearch.touch) are the same set. A beach met (a move cap) gives the
// search back to reachIn, as reachPlain does.
//
// The position keeps the bit sets the search reads (State.mb): the occupied
// hexes (setOcc keeps them with State.occ) and the folded terrain flags
// that shape a plain way (refold keeps them with State.fx).

// maskCells bounds the boards the bit-set search serves (two words).
const maskCells = 128

// cellMask is a set of hexes of a board of at most maskCells hexes.
type cellMask struct{ lo, hi uint64 }

func (m cellMask) or(o cellMask) cellMask     { return cellMask{m.lo | o.lo, m.hi | o.hi} }
func (m cellMask) and(o cellMask) cellMask    { return cellMask{m.lo & o.lo, m.hi & o.hi} }
func (m cellMask) andNot(o cellMask) cellMask { return cellMask{m.lo &^ o.lo, m.hi &^ o.hi} }
func (m cellMask) empty() bool                { return m.lo|m.hi == 0 }

// has: hex q (as a byte; -1, off the board, is 255: never in a set) is in m.
func (m cellMask) has(q uint8) bool {
	w := m.lo
	if q >= 64 {
		w = m.hi
	}
	return q < maskCells && w>>(q&63)&1 != 0
}

// hexBits is a set of hexes of any board (maxCells).
type hexBits [maxCells / 64]uint64

func (h *hexBits) set(i int16, on bool) {
	if on {
		h[i>>6] |= 1 << (i & 63)
	} else {
		h[i>>6] &^= 1 << (i & 63)
	}
}

// has: hex i is in the set.
func (h *hexBits) has(i int16) bool { return h[i>>6]>>(i&63)&1 != 0 }

// low is the set's first maskCells hexes.
func (h *hexBits) low() cellMask { return cellMask{h[0], h[1]} }

// moveBits are the position's bit sets for the search: kept with occ and fx.
type moveBits struct {
	occ  hexBits // a unit stands there (occ >= 0)
	stop hexBits // fxStop
	veh  hexBits // fxVehStop
	adj  hexBits // fxAdjOnly
	caps hexBits // a move cap (fxCapShift)
	// for the lines of sight (los_mask.go)
	sight hexBits // fxSight
	hook  hexBits // fxSightHook
}

// setOcc puts unit ui (-1: none) on hex i.
func (s *State) setOcc(i int16, ui int8) {
	s.occ[i] = ui
	s.mb.occ.set(i, ui >= 0)
}

// foldBits keeps the search's bit sets of hex i with its folded flags.
func (s *State) foldBits(i int16) {
	f := s.fx[i]
	s.mb.stop.set(i, f&fxStop != 0)
	s.mb.veh.set(i, f&fxVehStop != 0)
	s.mb.adj.set(i, f&fxAdjOnly != 0)
	s.mb.caps.set(i, f>>fxCapShift != 0)
	s.mb.sight.set(i, f&fxSight != 0)
	s.mb.hook.set(i, f&fxSightHook != 0)
}

// compileMasks makes the board's neighbour sets: for each class and side
// whose steps all cost 1 where allowed, the hexes each hex steps into; and
// every hex's neighbours (the hedgerow rule).
func (b *board) compileMasks() {
	if b.n > maskCells {
		return
	}
	b.adjm = make([]cellMask, b.n)
	b.hexLow = new([maskCells]hex.Hex)
	copy(b.hexLow[:], b.hexAt)
	for i := range b.n {
		for _, q := range b.nb[i] {
			if q >= 0 {
				b.adjm[i] = b.adjm[i].or(bitOf(q))
			}
		}
	}
	b.compileDisks()
	b.compileLines()
	for side := range Side(2) {
		for t := range numUnitTypes {
			if side == Axis && &b.step[Axis][t][0] == &b.step[Allies][t][0] {
				b.nbm[Axis][t], b.nbmOK[Axis][t], b.nbmAny[Axis][t] = b.nbm[Allies][t], b.nbmOK[Allies][t], b.nbmAny[Allies][t]
				continue
			}
			tab := b.step[side][t]
			m, all := make([]cellMask, b.n), make([]cellMask, b.n)
			ok := true
			for i := range tab {
				for d, c := range tab[i] {
					if c >= 0 && b.nb[i][d] >= 0 {
						all[i] = all[i].or(bitOf(b.nb[i][d]))
					}
					switch {
					case c == 1:
						m[i] = m[i].or(bitOf(b.nb[i][d]))
					case c >= 0:
						ok = false // a step of another cost (escarpments): reachPlain
					}
				}
			}
			b.nbm[side][t], b.nbmOK[side][t], b.nbmAny[side][t] = m, ok, all
		}
	}
}

func bitOf(q int16) cellMask {
	if q < 64 {
		return cellMask{lo: 1 << q}
	}
	return cellMask{hi: 1 << (q - 64)}
}

// maskable: unit u's plain search, or with bel its search infiltrating
// (Behind Enemy Lines), can be made on bit sets (see above; the caller has
// checked ice and the road start).
func (s *State) maskable(u *unit, bel bool) bool {
	ok := s.b.nbmOK[u.side][u.typ]
	if bel {
		ok = s.b.nbmAny[u.side][u.typ] != nil
	}
	return ok && !s.stepOwn && !u.boat && len(s.b.exitList[u.side]) == 0
}

// maxLevels bounds the costs the bit-set search goes to (a move of more
// hexes takes the other searches).
const maxLevels = 8

// reachMask is reachPlain on bit sets; it reports false, its work to be
// thrown away, when a way meets a hex with a move cap. It lists the dests
// by cost, each level in the order of the board's indexes.
func (s *State) reachMask(u *unit, maxM int8, bel bool, out []dest, sc *reachSearch) ([]dest, bool) {
	var lv [maxLevels]cellMask
	maxM = s.levelsMax(u, maxM, bel)
	n, ok := s.reachLevels(u, maxM, bel, &lv, &sc.touch)
	if !ok {
		return out, false
	}
	for l, m := range lv[:n] {
		out = appendLevel(out, m, int8(l+1))
	}
	return out, true
}

// levelsMax is the costs the bit-set search of unit u goes to when it may
// move maxM hexes: 1 for a unit that starts in a hedgerow (it stops on its
// first step) unless it infiltrates.
func (s *State) levelsMax(u *unit, maxM int8, bel bool) int8 {
	if !bel && s.leaveStops(u.start) && u.pos == u.start {
		return min(maxM, 1)
	}
	return maxM
}

// reachLevels is the bit-set search: it leaves in lv[k] the hexes reached
// at cost k+1 and returns how many levels it filled (at most maxM, which is
// at most maxLevels and levelsMax's); it reports false, its work to be thrown away, when a
// way meets a hex with a move cap. It adds to touched the hexes whose
// occupancy the result depends on. With bel, the unit infiltrates (Behind
// Enemy Lines, infiltrating): every step its class may take costs 1
// (board.nbmAny), and no hex stops it, caps its move or is shut to it but
// the occupied ones (issue 15, seventh pass; as reachIn).
func (s *State) reachLevels(u *unit, maxM int8, bel bool, lv *[maxLevels]cellMask, touched *[maxCells / 64]uint64) (int, bool) {
	b := s.b
	occ := s.mb.occ.low()
	var nbm []cellMask
	var shut, stop cellMask
	if bel {
		nbm, shut = b.nbmAny[u.side][u.typ], occ
	} else {
		nbm = b.nbm[u.side][u.typ]
		// No way enters an occupied hex, nor a hedgerow not adjacent to
		// the start hex; seen: these and the hexes reached (the start hex
		// is occupied, by the unit).
		shut = occ.or(s.mb.adj.low().andNot(b.adjm[u.start]))
		stop = s.mb.stop.low()
		if u.typ != Infantry {
			stop = stop.or(s.mb.veh.low())
		}
	}
	acc := nbm[uint8(u.pos)] // the hexes the search stepped towards
	level := acc.andNot(shut)
	seen := shut.or(level)
	lv[0] = level
	n := 1
	for ; n < int(maxM) && n < maxLevels; n++ {
		// The hexes of the last level that may go on step to their
		// neighbours.
		var next cellMask
		on := level.andNot(stop)
		for w := on.lo; w != 0; w &= w - 1 {
			next = next.or(nbm[bits.TrailingZeros64(w)])
		}
		for w := on.hi; w != 0; w &= w - 1 {
			next = next.or(nbm[64+bits.TrailingZeros64(w)])
		}
		acc = acc.or(next)
		if level = next.andNot(seen); level.empty() {
			break
		}
		seen = seen.or(level)
		lv[n] = level
	}
	reached := seen.andNot(shut)
	if !bel && !reached.and(s.mb.caps.low()).empty() {
		return 0, false // a beach: the general search
	}
	touch := reached.or(acc.and(occ))
	touched[0] |= touch.lo
	touched[1] |= touch.hi
	return n, true
}

// appendLevel appends the hexes of m, in the order of their indexes, at the
// given cost.
func appendLevel(out []dest, m cellMask, cost int8) []dest {
	for w := m.lo; w != 0; w &= w - 1 {
		out = append(out, dest{pos: int16(bits.TrailingZeros64(w)), cost: cost})
	}
	for w := m.hi; w != 0; w &= w - 1 {
		out = append(out, dest{pos: 64 + int16(bits.TrailingZeros64(w)), cost: cost})
	}
	return out
}

// CheckReaches is for tests (issue 15, fourth pass): it searches the reach
// of every unit on the board twice, on bit sets where the position allows
// and with the general search alone, and reports the first difference in
// the dests (their order included) or in the hexes the search looked at.
// masked counts the units whose search could take the bit sets. A reach
// kept as levels (keepLevels, issue 15, seventh pass) must give the same
// moves in the same order, the same costs and the same hexes looked at.
func (s *State) CheckReaches() (masked, units int, err error) {
	var a, b reachSearch
	b.noMask = true
	var da, db [256]dest
	var kept *reachScratch
	if s.b.hexLow != nil {
		kept = new(reachScratch)
	}
	for ui := range s.units {
		u := &s.units[ui]
		if u.dead || u.pos < 0 {
			continue
		}
		units++
		bel := s.infiltrating(u)
		if m := s.maxMove(u); m > 0 && m <= maxLevels && !(s.b.anyEnterDice && !bel) && !(s.onRoad(u.pos) && !u.moved) && s.maskable(u, bel) {
			masked++
		}
		ra := s.reachIn(ui, da[:0], &a)
		rb := s.reachIn(ui, db[:0], &b)
		if !slices.Equal(ra, rb) {
			return masked, units, fmt.Errorf("unit %d at %s: bit sets give %v, the general search %v", ui, s.b.hexAt[u.pos], ra, rb)
		}
		if a.touch != b.touch {
			return masked, units, fmt.Errorf("unit %d at %s: bit sets looked at %x, the general search %x", ui, s.b.hexAt[u.pos], a.touch, b.touch)
		}
		if kept == nil {
			continue
		}
		var e reachEntry
		kept.na = 0
		if !s.keepLevels(ui, &e, kept) {
			continue
		}
		moves := kept.acts[e.aoff : e.aoff+e.n]
		if len(moves) != len(rb) {
			return masked, units, fmt.Errorf("unit %d at %s: levels give %v, the general search %v", ui, s.b.hexAt[u.pos], moves, rb)
		}
		for k, d := range rb {
			cost := int8(-1)
			for l, m := range e.lv[:e.nl] {
				if m.has(uint8(d.pos)) {
					cost = int8(l + 1)
				}
			}
			if mv := moves[k]; mv.Kind != ActMove || mv.From != s.b.hexAt[u.pos] || mv.To != s.b.hexAt[d.pos] || cost != d.cost || d.road || d.dice != 0 {
				return masked, units, fmt.Errorf("unit %d at %s: levels give %v (cost %d), the general search %v", ui, s.b.hexAt[u.pos], mv, cost, d)
			}
		}
		if e.touched != b.touch {
			return masked, units, fmt.Errorf("unit %d at %s: levels looked at %x, the general search %x", ui, s.b.hexAt[u.pos], e.touched, b.touch)
		}
	}
	return masked, units, nil
}
