package rules

import (
	"fmt"
	"math/bits"
	"slices"

	"m44/hex"
)

// The movement search's working memory and the move step's cache of reaches
// (issue 15, engine speed). Neither is part of the position: Clone does not
// copy them, a State makes its own the first time it keeps a reach (the move
// step's LegalActions) or answers CardEffectFor, CloneInto hands the
// destination's own on, and a state without one searches on the stack (so
// Play on a fresh Clone allocates nothing).
//
// Incremental movement: LegalActions in the move step searches the reach of
// each ordered unit once and keeps it; Play of a move takes the way from
// there instead of searching again; and a move invalidates only the reaches
// that depend on the hex the unit left (met occupied) or the hex it entered
// (reached free). A search reads the rest of the position — terrain, the
// unit's own allowances — which a plain move does not change, and a free hex
// it turned away for its cost would be turned away occupied as well. Any
// other action, or a move that does more than change two hexes' occupancy (a
// mine, ice, an obstacle cleared: anything that refolds a hex), drops every
// kept reach (State.rgen).

// reachSlots bounds the ordered units whose reach is kept (more are searched
// each time).
const reachSlots = 16

// actPool is the room for the moves of the reaches kept as levels (a
// power of 2: levelMoves).
const actPool = 512

type reachNode struct {
	pos    int16
	cost   int8
	capped bool
	road   bool
	stop   bool
	dice   int8 // ice dice on the way so far
}

// reachCell is one hex's entry in the search's table of least costs, per
// kind of way ([way] cost+1, 0 = unseen), valid only when the hex's stamp is
// the search's.
type reachCell struct {
	stamp uint16 // the search this entry belongs to
	best  [numWays]int8
	dice  [numWays]int8 // the ice dice of that way
	out   int16         // 1 + the index of the hex's dest in the search's output, 0 if none
}

// reachEntry is one ordered unit's kept reach: its dests and exits in the
// pools, or the levels of a search on bit sets (levels: lv[:nl], the hexes
// reached at cost 1, 2...; n dests in all), and the hexes whose occupancy
// it depends on.
type reachEntry struct {
	ok     bool
	levels bool
	ui     int8
	nl     uint8
	mm     int8 // levels: the costs searched to (levelsMax)
	bel    bool // levels: the unit infiltrates
	// again: kept as levels, then dropped by a plain move of another unit
	// (movedPlainly) with the state's rgen unchanged: the unit's search
	// is to be made again on bit sets with the same mm and bel
	// (searchAgain).
	again   bool
	redone  bool   // searched by searchAgain (for tests)
	aoff    uint16 // levels: the moves, written in the pool acts[aoff:aoff+n]
	off, n  uint16
	xoff    uint16
	xn      uint8
	touched [maxCells / 64]uint64
	lv      [maxLevels]cellMask
}

// reachSearch is the movement search's working memory: a table of least
// costs whose entries count only when stamped by the current search, so
// that no search clears it.
type reachSearch struct {
	cur   uint16 // this search's stamp
	cell  [maxCells]reachCell
	queue [256]reachNode
	touch [maxCells / 64]uint64 // the hexes whose occupancy the search's result depends on
	// noMask: search without the bit sets (reach_mask.go), as a test oracle
	noMask bool
}

// reachScratch is a state's working memory: the search's, the kept reaches
// (valid while gen is the state's rgen), and CardEffectFor's made-up unit.
type reachScratch struct {
	// IsLegal's list. The one pointer of the struct comes first, so that
	// the garbage collector scans one word of it, not 15 KB (issue 14).
	legal []Action

	reachSearch

	gen   uint32
	used  int // the entries set since the last reset are ent[:used]
	ent   [reachSlots]reachEntry
	dests [512]dest
	nd    int
	exits [64]int16
	nx    int
	acts  [actPool]Action // the moves of the reaches kept as levels
	na    int

	probe unit // CardEffectFor's made-up unit

	// The battle step's options as afterBattle listed them while ending the
	// action before the decision (valid while bkey is 1 + the state's rgen),
	// for LegalActions (issue 15: not worked out twice for one decision).
	bkey  uint32
	bn    int
	bacts [96]Action
}

// scratch is the state's search memory, made on first use.
func (s *State) scratch() *reachScratch {
	if s.rs == nil {
		s.rs = new(reachScratch)
		s.rs.gen = s.rgen - 1
	}
	return s.rs
}

// begin starts a search: every hex unseen, none looked at.
func (sc *reachSearch) begin() {
	sc.cur++
	if sc.cur == 0 {
		for q := range sc.cell {
			sc.cell[q].stamp = 0
		}
		sc.cur = 1
	}
	sc.touch = [maxCells / 64]uint64{}
}

// look marks hex q looked at by the search, and unseen if it is the first
// time in this search.
func (sc *reachSearch) look(q int16) {
	if sc.cell[q].stamp != sc.cur {
		sc.cell[q] = reachCell{stamp: sc.cur}
	}
	sc.touch[q>>6] |= 1 << (q & 63)
}

// best is the least cost+1 the last search found to q by a way of kind w
// (0: none).
func (sc *reachSearch) best(q int16, w int) int8 {
	if sc.cell[q].stamp != sc.cur {
		return 0
	}
	return sc.cell[q].best[w]
}

// reset drops every kept reach.
func (sc *reachScratch) reset(gen uint32) {
	sc.gen = gen
	sc.bkey = 0
	for k := range sc.used {
		sc.ent[k].ok, sc.ent[k].again = false, false
	}
	sc.used, sc.nd, sc.nx, sc.na = 0, 0, 0, 0
}

// keptMoves is the moves of the ordered unit in slot k of orderedBy when
// its reach is kept as levels (keepLevels), searched now if it is not kept
// yet; false when its reach is kept otherwise or cannot be kept so
// (reachKept then; issue 15, seventh pass: the move step's usual case in a
// function of its own). The slice belongs to the cache: it stays valid
// until the next search.
func (s *State) keptMoves(k int) ([]Action, bool) {
	ui := s.orderedBy[k]
	sc := s.scratch()
	if sc.gen != s.rgen {
		sc.reset(s.rgen)
	}
	if k >= reachSlots {
		return nil, false
	}
	e := &sc.ent[k]
	if e.ok && e.ui == ui {
		return sc.acts[e.aoff : e.aoff+e.n], e.levels
	}
	if len(sc.acts)-sc.na < maskCells {
		sc.reset(s.rgen)
	}
	if e.again && e.ui == ui {
		if !s.searchAgain(e, sc) {
			return nil, false
		}
		return sc.acts[e.aoff : e.aoff+e.n], true
	}
	if !s.keepLevels(int(ui), e, sc) {
		return nil, false
	}
	sc.used = max(sc.used, k+1)
	return sc.acts[e.aoff : e.aoff+e.n], true
}

// reachKept is reachExit for the ordered unit in slot k of orderedBy whose
// reach keptMoves does not keep: from the cache when its reach is kept, else
// searched into the cache's pools in place, with room for a reach of 64
// hexes made first (issue 15: no copy), and kept. The slices it returns
// belong to the cache: they stay valid until the next search.
func (s *State) reachKept(k int) (dests []dest, exits []int16) {
	ui := int(s.orderedBy[k])
	sc := s.scratch()
	if sc.gen != s.rgen {
		sc.reset(s.rgen)
	}
	if k < reachSlots {
		if e := &sc.ent[k]; e.ok && !e.levels && int(e.ui) == ui {
			return sc.dests[e.off : e.off+e.n], sc.exits[e.xoff : e.xoff+uint16(e.xn)]
		}
	}
	if len(sc.dests)-sc.nd < 64 || len(sc.exits)-sc.nx < 8 {
		sc.reset(s.rgen)
	}
	d0, x0 := sc.nd, sc.nx
	out, exitOut := s.reachExitIn(ui, sc.dests[d0:d0], sc.exits[x0:x0], &sc.reachSearch)
	if k >= reachSlots || len(out) > len(sc.dests)-d0 || len(exitOut) > len(sc.exits)-x0 || len(exitOut) > 255 {
		// Not kept: in the pools' free room until the next search, or
		// grown out of them.
		return out, exitOut
	}
	e := &sc.ent[k]
	sc.used = max(sc.used, k+1)
	e.again = false
	e.ok, e.levels, e.ui, e.off, e.n, e.xoff, e.xn, e.touched = true, false, int8(ui), uint16(d0), uint16(len(out)), uint16(x0), uint8(len(exitOut)), sc.touch
	sc.nd += len(out)
	sc.nx += len(exitOut)
	return out, exitOut
}

// keepLevels searches the reach of unit ui on bit sets into entry e and
// keeps it there as levels, its moves written once in the pool (issue 15,
// seventh pass: no dest written, the move step copies the moves, Play
// finds a move's cost in the levels), when reachIn would search on bit
// sets: a plain search (no ice or road start; see reachIn) that meets no
// beach, or an infiltration off road. It reports false, e left not kept, otherwise. The
// pool has room for a board's hexes.
func (s *State) keepLevels(ui int, e *reachEntry, sc *reachScratch) bool {
	u := &s.units[ui]
	e.ok, e.again = false, false
	bel := s.infiltrating(u)
	if sc.noMask || !s.maskable(u, bel) || !bel && s.b.anyEnterDice || s.onRoad(u.pos) && !u.moved {
		return false
	}
	maxM := s.maxMove(u)
	if maxM > maxLevels {
		return false
	}
	// As reachIn: the start hex looked at, then the search's hexes.
	e.touched = [maxCells / 64]uint64{}
	e.touched[uint8(u.pos)>>6] = 1 << (u.pos & 63)
	nl := 0
	maxM = s.levelsMax(u, maxM, bel)
	if maxM > 0 {
		n, ok := s.reachLevels(u, maxM, bel, &e.lv, &e.touched)
		if !ok {
			return false
		}
		nl = n
	}
	a0 := sc.na
	sc.na = int(levelMoves(&sc.acts, uint(a0), s.b.hexAt[u.pos], e.lv[:nl], s.b.hexLow))
	e.ok, e.levels, e.ui, e.nl, e.aoff, e.n, e.mm, e.bel = true, true, int8(ui), uint8(nl), uint16(a0), uint16(sc.na-a0), maxM, bel
	e.redone = false
	return true
}

// searchAgain is keepLevels for the entry e that a plain move of another
// unit dropped (e.again; issue 15, eighth pass): what decided that the
// unit's reach is searched on bit sets, and how far (its allowance, the
// card, whether it infiltrates, its start on a road or in a hedgerow), is
// the unit's, the card's and the terrain's, which a plain move of another
// unit does not change; only the occupancy did. So the search is made at
// once with the entry's mm and bel. It reports false, e left not kept, when
// the search meets a beach (keptMoves then hands the unit to reachKept).
func (s *State) searchAgain(e *reachEntry, sc *reachScratch) bool {
	u := &s.units[e.ui]
	e.again = false
	e.touched = [maxCells / 64]uint64{}
	e.touched[uint8(u.pos)>>6] = 1 << (u.pos & 63)
	nl := 0
	if e.mm > 0 {
		n, ok := s.reachLevels(u, e.mm, e.bel, &e.lv, &e.touched)
		if !ok {
			return false
		}
		nl = n
	}
	a0 := sc.na
	sc.na = int(levelMoves(&sc.acts, uint(a0), s.b.hexAt[u.pos], e.lv[:nl], s.b.hexLow))
	e.ok, e.nl, e.aoff, e.n, e.redone = true, uint8(nl), uint16(a0), uint16(sc.na-a0), true
	return true
}

// levelMoves writes to acts from index j the moves of the unit on hex from
// to the hexes of the levels lv, by cost, then by board index (the order of
// every search's dests), and returns the index after them; acts has room
// for them (its indexes are taken modulo its size, which spares the
// bounds checks; so do the board's hexes in an array, at).
func levelMoves(acts *[actPool]Action, j uint, from hex.Hex, lv []cellMask, at *[maskCells]hex.Hex) uint {
	a := Action{Kind: ActMove, From: from}
	for _, m := range lv {
		for b := m.lo; b != 0; b &= b - 1 {
			p := &acts[j&(actPool-1)]
			*p = a
			p.To = at[bits.TrailingZeros64(b)]
			j++
		}
		for b := m.hi; b != 0; b &= b - 1 {
			p := &acts[j&(actPool-1)]
			*p = a
			p.To = at[64+bits.TrailingZeros64(b)]
			j++
		}
	}
	return j
}

// keptDest is the way to hex to of the ordered unit ui: from its kept reach
// if there is one, else searched.
func (s *State) keptDest(ui int, to int16) (dest, bool) {
	if sc := s.rs; sc != nil && sc.gen == s.rgen {
		for k, o := range s.orderedBy {
			if int(o) != ui || k >= reachSlots {
				continue
			}
			if e := &sc.ent[k]; e.ok && int(e.ui) == ui {
				if e.levels {
					for l, m := range e.lv[:e.nl] {
						if m.has(uint8(to)) {
							return dest{pos: to, cost: int8(l + 1)}, true
						}
					}
					return dest{}, false
				}
				for _, d := range sc.dests[e.off : e.off+e.n] {
					if d.pos == to {
						return d, true
					}
				}
				return dest{}, false
			}
		}
	}
	var buf [64]dest
	for _, d := range s.reach(ui, buf[:0]) {
		if d.pos == to {
			return d, true
		}
	}
	return dest{}, false
}

// movedPlainly keeps the reaches a plain move of unit ui from hex from to
// hex to leaves as they were: those that depend on neither hex.
func (s *State) movedPlainly(ui int, from, to int16) {
	sc := s.rs
	if sc == nil || sc.gen != s.rgen {
		return
	}
	fw, fb := from>>6, uint64(1)<<(from&63)
	tw, tb := to>>6, uint64(1)<<(to&63)
	for k := range sc.used {
		e := &sc.ent[k]
		if e.ok && (int(e.ui) == ui || e.touched[fw]&fb != 0 || e.touched[tw]&tb != 0) {
			e.ok, e.again = false, e.levels && int(e.ui) != ui
		}
	}
}

// CheckKeptLevels is for tests (issue 15, eighth pass): every reach the
// move step keeps as levels and would hand out (keptMoves: of a unit
// ordered that did not move) must be the reach searched now: the same
// levels, moves (in order), costs searched to and hexes looked at. again
// counts the reaches compared that searchAgain made (dropped by a plain
// move, searched again without keepLevels' checks), kept those compared in
// all.
func (s *State) CheckKeptLevels() (again, kept int, err error) {
	sc := s.rs
	if sc == nil || sc.gen != s.rgen {
		return 0, 0, nil
	}
	var fresh reachScratch
	for k := range sc.used {
		e := &sc.ent[k]
		ui := int(e.ui)
		if !e.ok || !e.levels || k >= len(s.orderedBy) || int(s.orderedBy[k]) != ui || s.units[ui].dead || s.units[ui].moved {
			continue
		}
		kept++
		if e.redone {
			again++
		}
		var f reachEntry
		fresh.na = 0
		at := s.b.hexAt[s.units[ui].pos]
		if !s.keepLevels(ui, &f, &fresh) {
			return again, kept, fmt.Errorf("unit %d at %s: kept as levels (searched again %v), not searched so now", ui, at, e.redone)
		}
		if !slices.Equal(f.lv[:f.nl], e.lv[:e.nl]) || f.mm != e.mm || f.bel != e.bel {
			return again, kept, fmt.Errorf("unit %d at %s: kept levels (searched again %v) %v (costs %d, infiltrating %v), searched now %v (%d, %v)", ui, at, e.redone, e.lv[:e.nl], e.mm, e.bel, f.lv[:f.nl], f.mm, f.bel)
		}
		if !slices.Equal(sc.acts[e.aoff:e.aoff+e.n], fresh.acts[f.aoff:f.aoff+f.n]) {
			return again, kept, fmt.Errorf("unit %d at %s: kept moves (searched again %v) %v, searched now %v", ui, at, e.redone, sc.acts[e.aoff:e.aoff+e.n], fresh.acts[f.aoff:f.aoff+f.n])
		}
		// The hexes looked at: the same, but that a reach kept need not
		// look at an occupied hedgerow it may not enter (not adjacent to
		// its start) that was free when it was searched: its occupancy
		// changes nothing, and movedPlainly looks only at the hexes a
		// move left and entered.
		var shutHedge hexBits
		if !e.bel {
			m := s.mb.adj.low().and(s.mb.occ.low()).andNot(s.b.adjm[s.units[ui].start])
			shutHedge[0], shutHedge[1] = m.lo, m.hi
		}
		for w := range f.touched {
			if e.touched[w]&^f.touched[w] != 0 || f.touched[w]&^e.touched[w]&^shutHedge[w] != 0 {
				return again, kept, fmt.Errorf("unit %d at %s: kept reach (searched again %v) looked at %x, searched now %x", ui, at, e.redone, e.touched, f.touched)
			}
		}
	}
	return again, kept, nil
}
