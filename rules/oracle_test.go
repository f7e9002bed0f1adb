package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"m44/hex"
)

// Differential tests: the engine's legal moves and retreats against brute
// force written straight from the rulebook, on random boards.

// oracleBoard is a random position read back from a State through its
// public accessors.
type oracleBoard struct {
	st *State
	g  hex.Grid
}

func (o oracleBoard) on(h hex.Hex) bool { return o.g.Contains(h) }

func (o oracleBoard) occupied(h hex.Hex) bool {
	_, ok := o.st.UnitAt(h)
	return ok
}

func (o oracleBoard) water(h hex.Hex) bool {
	t := o.st.Terrain(h)
	return ((t == River || t == Lake) && o.st.Structure(h) != Bridge) || t == Ocean
}

// passable: rivers and lakes without a bridge never; bunkers, hedgehogs and
// mountains not for armor and artillery (annex 2; FAQ II Montagnes).
func (o oracleBoard) passable(typ UnitType, h hex.Hex) bool {
	t := o.st.Terrain(h)
	if (t == River || t == Lake) && o.st.Structure(h) != Bridge {
		return false
	}
	if typ != Infantry && (o.st.Structure(h) == Bunker || o.st.ObstacleAt(h) == Hedgehog || t == Mountain) {
		return false
	}
	return true
}

// stepCost of one step from a to b for typ, -1 if not allowed (annex 2
// "Ponts", "Escarpements", "Falaises", "Collines escarpées"; p.18 heights).
func (o oracleBoard) stepCost(typ UnitType, a, b hex.Hex) int {
	if !o.passable(typ, b) {
		return -1
	}
	if o.st.Structure(b) == Bridge && (o.st.Structure(a) == Bridge || o.water(a)) {
		return -1
	}
	if o.st.Structure(a) == Bridge && (o.st.Structure(b) == Bridge || o.water(b)) {
		return -1
	}
	ta, tb := o.st.Terrain(a), o.st.Terrain(b)
	if d := tb.Height() - ta.Height(); d > 1 || d < -1 {
		return -1
	}
	climb := func(t Terrain) bool { return t == Bluff || t == Cliff }
	if (ta == Beach && climb(tb)) || (climb(ta) && tb == Beach) {
		if typ != Infantry {
			return -1
		}
		return 2
	}
	if tb == SteepHill && ta.Height() < tb.Height() {
		return 2
	}
	return 1
}

func (o oracleBoard) stops(h hex.Hex) bool {
	switch o.st.Terrain(h) {
	case Forest, Hedgerow, Town, Church, Ocean:
		return true
	}
	return o.st.ObstacleAt(h) == Wire
}

// oracleMoves enumerates every path of the unit on start and returns the
// hexes where one may end, with the least cost to get there.
func oracleMoves(o oracleBoard, start hex.Hex) map[hex.Hex]int {
	u, _ := o.st.UnitAt(start)
	maxM := map[UnitType]int{Infantry: 2, Armor: 3, Artillery: 1}[u.Type]
	out := map[hex.Hex]int{}
	startHedge := o.st.Terrain(start) == Hedgerow
	var walk func(at hex.Hex, cost int, beach bool, first bool)
	walk = func(at hex.Hex, cost int, beach bool, first bool) {
		// Entering a stopping hex ends the move; so does the first step out
		// of a hedgerow (annex 2 "Bocages").
		if !first && (o.stops(at) || startHedge) {
			return
		}
		for d := 0; d < 6; d++ {
			n := hex.Neighbour(at, d)
			if !o.on(n) || n == start || o.occupied(n) {
				continue
			}
			c := o.stepCost(u.Type, at, n)
			if c < 0 || cost+c > maxM {
				continue
			}
			nb := beach || o.st.Terrain(n) == Beach
			if nb && cost+c > 2 {
				continue
			}
			if o.st.Terrain(n) == Hedgerow && hex.Distance(start, n) != 1 {
				continue
			}
			if old, ok := out[n]; !ok || cost+c < old {
				out[n] = cost + c
			}
			walk(n, cost+c, nb, false)
		}
	}
	walk(start, 0, false, true)
	return out
}

func randomBoardSpecs(r *rng) []string {
	terrains := []string{"forest", "hill", "hill", "steephill", "beach", "beach", "bluff", "cliff", "river", "river bridge",
		"town", "church", "hedgerow", "ocean", "mountain", "lake", "plain wire", "plain bunker", "plain hedgehog", "hill bunker",
		"beach hedgehog", "plain sandbags"}
	var sp []string
	for _, h := range hex.Standard().Hexes() {
		if r.intn(100) < 55 {
			sp = append(sp, h.String()+" "+terrains[r.intn(len(terrains))])
		}
	}
	return sp
}

func TestOracleMovement(t *testing.T) {
	boards := 1500
	if testing.Short() {
		boards = 50
	}
	r := rng{12345}
	types := []string{"inf", "inf elite", "arm", "art"}
	checked := 0
	for b := 0; b < boards; b++ {
		sp := randomBoardSpecs(&r)
		// Units on random passable hexes; the first one moves.
		s, _ := setupOf(t, sp...)
		terr := map[hex.Hex]HexSetup{}
		for _, h := range s.Hexes {
			terr[h.Hex] = h
		}
		var units []string
		used := map[hex.Hex]bool{}
		all := hex.Standard().Hexes()
		for len(units) < 8 {
			h := all[r.intn(len(all))]
			hs := terr[h]
			if used[h] || ((hs.Terrain == River || hs.Terrain == Lake) && hs.Structure != Bridge) {
				continue
			}
			typ := types[r.intn(len(types))]
			if len(units) > 0 {
				typ = "inf"
			}
			if typ != "inf" && typ != "inf elite" && (hs.Structure == Bunker || hs.Obstacle == Hedgehog) {
				continue
			}
			used[h] = true
			side := "allies"
			if len(units)%2 == 1 {
				side = "axis"
			}
			w := strings.Fields(typ) // "inf elite" -> "allies inf 3,5 elite"
			units = append(units, strings.Join(append([]string{side, w[0], h.String()}, w[1:]...), " "))
		}
		st := game(t, append(sp, units...)...)
		mover := H(strings.Fields(units[0])[2])
		o := oracleBoard{st: st, g: st.Grid()}
		want := oracleMoves(o, mover)
		turn(t, st, "general-advance", mover.String())
		got := map[hex.Hex]bool{}
		if st.Phase() == PhaseMove {
			for _, a := range st.Legal() {
				if a.Kind == ActMove && a.From == mover {
					got[a.To] = true
				}
			}
		}
		var missing, extra []string
		for h := range want {
			if !got[h] {
				missing = append(missing, h.String())
			}
		}
		for h := range got {
			if _, ok := want[h]; !ok {
				extra = append(extra, h.String())
			}
		}
		if len(missing)+len(extra) > 0 {
			slices.Sort(missing)
			slices.Sort(extra)
			t.Fatalf("board %d, %s on %s (%s): engine misses %v, has extra %v", b, units[0], mover,
				st.Terrain(mover), missing, extra)
		}
		// The cost the engine charges (its least cost, which decides whether
		// the unit may still battle) is the least cost of any path.
		ui := int(st.occ[st.b.grid.Index(mover)])
		for _, d := range st.reach(ui, nil) {
			h := st.b.hexAt[d.pos]
			if int(d.cost) != want[h] {
				t.Fatalf("board %d: move %s -> %s costs %d, want the least %d", b, mover, h, d.cost, want[h])
			}
		}
		checked += len(want)
	}
	t.Logf("%d boards, %d reachable hexes checked", boards, checked)
}

// retreatOK: one retreat step from a to b (rulebook p.9 "Retraite"): terrain
// does not slow it, but units, impassable ground, the ocean and the board
// edge block it; bridges only to and from dry land; heights differ by 1 at most.
func (o oracleBoard) retreatOK(typ UnitType, a, b hex.Hex) bool {
	if !o.on(b) || o.occupied(b) || !o.passable(typ, b) || o.st.Terrain(b) == Ocean {
		return false
	}
	if o.st.Structure(b) == Bridge && (o.st.Structure(a) == Bridge || o.water(a)) {
		return false
	}
	if o.st.Structure(a) == Bridge && (o.st.Structure(b) == Bridge || o.water(b)) {
		return false
	}
	d := o.st.Terrain(b).Height() - o.st.Terrain(a).Height()
	return d >= -1 && d <= 1
}

// oracleRetreats lists "to/losses" for every way the unit on h may carry
// out flags without ignoring any: the ends of the longest retreats toward
// its baseline (each flag one hex; French Resistance 1 to 3), losing one
// figure per hex short.
func oracleRetreats(o oracleBoard, h hex.Hex, flags int) []string {
	u, _ := o.st.UnitAt(h)
	if u.Type != Infantry && o.st.Structure(h) == Bunker {
		return []string{fmt.Sprintf("%s/%d", h, flags)}
	}
	dr := 1
	if u.Side == o.st.Setup().Top {
		dr = -1
	}
	lo, hi := flags, flags
	if u.Resistance {
		hi = 3 * flags
	}
	ends := map[int]map[hex.Hex]bool{} // by length
	var walk func(at hex.Hex, n int)
	walk = func(at hex.Hex, n int) {
		if ends[n] == nil {
			ends[n] = map[hex.Hex]bool{}
		}
		ends[n][at] = true
		if n == hi {
			return
		}
		for _, dc := range []int{-1, 1} {
			b := hex.Hex{Row: at.Row + int8(dr), Col: at.Col + int8(dc)}
			if o.retreatOK(u.Type, at, b) {
				walk(b, n+1)
			}
		}
	}
	walk(h, 0)
	longest := 0
	for n := range ends {
		longest = max(longest, n)
	}
	var out []string
	if longest < lo {
		for e := range ends[longest] {
			out = append(out, fmt.Sprintf("%s/%d", e, lo-longest))
		}
	} else {
		for n := lo; n <= longest; n++ {
			for e := range ends[n] {
				out = append(out, fmt.Sprintf("%s/%d", e, 0))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestOracleRetreat(t *testing.T) {
	boards := 1500
	if testing.Short() {
		boards = 100
	}
	r := rng{777}
	types := []string{"inf", "inf res", "arm", "art"}
	for b := 0; b < boards; b++ {
		sp := randomBoardSpecs(&r)
		if r.intn(2) == 0 {
			sp = append(sp, "top=allies")
		}
		s, _ := setupOf(t, sp...)
		terr := map[hex.Hex]HexSetup{}
		for _, h := range s.Hexes {
			terr[h.Hex] = h
		}
		all := hex.Standard().Hexes()
		used := map[hex.Hex]bool{}
		var units []string
		for len(units) < 14 {
			h := all[r.intn(len(all))]
			hs := terr[h]
			if used[h] || ((hs.Terrain == River || hs.Terrain == Lake) && hs.Structure != Bridge) {
				continue
			}
			w := strings.Fields(types[r.intn(len(types))])
			if w[0] != "inf" && (hs.Obstacle == Hedgehog || hs.Terrain == Mountain) {
				continue
			}
			used[h] = true
			side := []string{"allies", "axis"}[r.intn(2)]
			units = append(units, strings.Join(append([]string{side, w[0], h.String()}, w[1:]...), " "))
		}
		st := game(t, append(sp, units...)...)
		o := oracleBoard{st: st, g: st.Grid()}
		for k := range st.units {
			u := &st.units[k]
			flags := 1 + r.intn(3)
			h := st.b.hexAt[u.pos]
			want := oracleRetreats(o, h, flags)
			var got []string
			for _, opt := range st.retreatOptions(u, int8(flags), false, nil) {
				got = append(got, fmt.Sprintf("%s/%d", st.b.hexAt[opt.to], opt.losses))
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("board %d: %s %s with %d flag(s) on %s: engine %v, want %v",
					b, u.side, u.typ, flags, st.Terrain(h), got, want)
			}
		}
	}
}
