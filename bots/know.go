package bots

import (
	"sync"

	"m44/hex"
	"m44/rules"
)

// This file is the bots' read-only model of a game state. Every rule it
// needs comes from the engine: its public queries, and its what-if queries
// (rules.State.DiceAt, IgnoresFlagAt, EntryForbidsBattle, RetreatRoom…) for
// positions a unit has not reached yet. The bots keep no copy of a rules
// table; they only ever pick from the engine's legal list.

// static is what never changes in a game, cached per setup.
type static struct {
	grid    hex.Grid
	cat     *rules.Catalog
	n       int
	hexAt   []hex.Hex
	valid   []bool
	nb      [][6]int16
	objs    []rules.Objective
	objAt   [][]int16 // objectives on each hex
	top     rules.Side
	vic     [2]int
	airDice [2]int
}

var staticCache sync.Map // *rules.Setup -> *static

func staticOf(s *rules.State) *static {
	setup := s.Setup()
	if v, ok := staticCache.Load(setup); ok {
		return v.(*static)
	}
	g := s.Grid()
	st := &static{grid: g, cat: s.Catalog(), n: g.Len(), top: setup.Top, vic: setup.Victory, objs: setup.Objectives}
	st.hexAt = make([]hex.Hex, st.n)
	st.valid = make([]bool, st.n)
	st.nb = make([][6]int16, st.n)
	st.objAt = make([][]int16, st.n)
	for i := 0; i < st.n; i++ {
		h, ok := g.At(i)
		st.hexAt[i] = h
		st.valid[i] = ok && g.Contains(h)
		for d := 0; d < 6; d++ {
			st.nb[i][d] = -1
			if q := hex.Neighbour(h, d); st.valid[i] && g.Contains(q) {
				st.nb[i][d] = int16(g.Index(q))
			}
		}
	}
	for k, o := range setup.Objectives {
		for _, h := range o.Hexes {
			if g.Contains(h) {
				i := g.Index(h)
				st.objAt[i] = append(st.objAt[i], int16(k))
			}
		}
	}
	for side := rules.Allies; side <= rules.Axis; side++ {
		st.airDice[side] = setup.AirDice[side]
		if st.airDice[side] == 0 {
			sup, ok := rules.AirSuperiority(setup.Front, setup.Year)
			st.airDice[side] = 1
			if ok && sup == side {
				st.airDice[side] = 2
			}
		}
	}
	v, _ := staticCache.LoadOrStore(setup, st)
	return v.(*static)
}

// bu is one unit as the bots see it.
type bu struct {
	pos      int16
	typ      rules.UnitType // class
	kind     rules.UnitKind
	side     rules.Side
	fig, max int8
	ordered  bool
	moved    bool
	battled  bool
}

// know is a snapshot of a state for judging positions. Knows are pooled:
// newKnow takes one (its slices keep their capacity from earlier use) and
// free gives it back once the caller is done with it.
type know struct {
	s     *rules.State
	w     *Weights
	st    *static
	units []bu
	at    []int16        // unit index on each hex, -1 if none
	eff   rules.CardKind // the card in effect this turn (NumCardKinds if none)
	room  []int8         // cached retreat room per unit (-1 unknown)
	stay  []float64      // scratch: each unit's value where it stands (move scores)
	dice  *diceCache
	infos []rules.UnitInfo // scratch: the engine's units
	hexes []hex.Hex        // scratch: the hexes a unit can reach
	act   []float64        // scratch: activity's answer
}

var knowPool = sync.Pool{New: func() any { return &know{dice: new(diceCache)} }}

func newKnow(s *rules.State, w *Weights) *know {
	st := staticOf(s)
	k := knowPool.Get().(*know)
	k.s, k.w, k.st, k.eff = s, w, st, rules.NumCardKinds
	if cap(k.at) < st.n {
		k.at = make([]int16, st.n)
	}
	k.at = k.at[:st.n]
	for i := range k.at {
		k.at[i] = -1
	}
	k.units = k.units[:0]
	k.infos = s.AppendUnits(k.infos[:0])
	for _, u := range k.infos {
		i := int16(st.grid.Index(u.Hex))
		k.at[i] = int16(len(k.units))
		k.units = append(k.units, bu{pos: i, typ: u.Type, kind: u.Kind, side: u.Side, fig: u.Figures, max: u.Max,
			ordered: u.Ordered, moved: u.Moved, battled: u.Battled})
	}
	k.room = k.room[:0]
	for range k.units {
		k.room = append(k.room, -1)
	}
	k.dice.reset()
	if c := s.Played(); c != rules.NoCard {
		k.eff = effectiveKind(s)
	}
	return k
}

// free returns k to the pool; k must not be used after.
func (k *know) free() {
	k.s, k.w, k.st = nil, nil, nil
	knowPool.Put(k)
}

// diceCache remembers the engine's dice answers (State.DiceAt) for one
// know: the same question (a kind of unit firing from a hex at a side on a
// hex) comes back for every unit of that kind weighing that hex, and each
// answer may trace a line of sight. Direct-mapped; an entry counts only in
// the generation it was written in, so a reset is a counter increment.
type diceCache struct {
	gen     uint32
	entries [1 << 10]diceEntry
}

type diceEntry struct {
	key uint64
	gen uint32
	n   int8
}

func (c *diceCache) reset() {
	c.gen++
	if c.gen == 0 { // wrapped: old entries could pass for new ones
		c.entries = [len(c.entries)]diceEntry{}
		c.gen = 1
	}
}

// effectiveKind is the kind of card in effect this turn (what a
// Counter-Attack copies, read from the public view).
func effectiveKind(s *rules.State) rules.CardKind {
	c := s.Card(s.Played())
	if c.Kind != rules.CounterAttack {
		return c.Kind
	}
	if e, ok := s.EffectCard(); ok && e.Kind < rules.NumCardKinds {
		return e.Kind // a base card's copy (the bots' tables know base kinds)
	}
	return c.Kind
}

func (k *know) hexIndex(h hex.Hex) int16 { return int16(k.st.grid.Index(h)) }

func (k *know) unitAt(h hex.Hex) int { return int(k.at[k.st.grid.Index(h)]) }

func (k *know) dist(a, b int16) int { return hex.Distance(k.st.hexAt[a], k.st.hexAt[b]) }

// canIgnoreFlag asks the engine whether unit u may ignore one flag where it stands.
func (k *know) canIgnoreFlag(u *bu) bool {
	return k.s.IgnoresFlagAt(k.st.hexAt[u.pos], u.side, u.typ)
}

// estDice estimates the dice unit a would roll from hex from against the unit
// t, with bonus extra dice from the card; 0 if it cannot (the close-combat
// obligation is the caller's).
func (k *know) estDice(a *bu, from int16, t *bu, bonus int8) int8 {
	return k.estDiceTo(a, from, t.side, t.pos, bonus)
}

// estDiceTo is estDice against a unit of side tSide standing on tPos: the
// engine's answer for a unit of a's kind on from.
func (k *know) estDiceTo(a *bu, from int16, tSide rules.Side, tPos int16, bonus int8) int8 {
	key := uint64(a.kind)<<48 | uint64(uint16(from))<<32 | uint64(uint16(tPos))<<16 | uint64(tSide)<<8 | uint64(uint8(bonus))
	e := &k.dice.entries[(key*0x9e3779b97f4a7c15)>>54]
	if e.gen == k.dice.gen && e.key == key {
		return e.n
	}
	n := int8(k.s.DiceAt(a.kind, k.st.hexAt[from], tSide, k.st.hexAt[tPos], int(bonus)))
	*e = diceEntry{key: key, gen: k.dice.gen, n: n}
	return n
}

// noBattleFrom: a unit on hex i never battles (ocean).
func (k *know) noBattleFrom(i int16) bool { return k.s.NoBattleFrom(k.st.hexAt[i]) }

// enemyAdjacent reports whether an enemy of side stands next to hex i
// (ignoring unit skip, e.g. the unit that is moving away).
func (k *know) enemyAdjacent(i int16, side rules.Side, skip int) bool {
	for _, q := range k.st.nb[i] {
		if q >= 0 {
			if o := k.at[q]; o >= 0 && int(o) != skip && k.units[o].side != side {
				return true
			}
		}
	}
	return false
}

// retreatRoom is how many hexes (up to 3) unit ui could retreat now, as the
// engine's retreat rules allow.
func (k *know) retreatRoom(ui int) int8 {
	if r := k.room[ui]; r >= 0 {
		return r
	}
	u := &k.units[ui]
	r := int8(k.s.RetreatRoom(k.st.hexAt[u.pos], 3))
	k.room[ui] = r
	return r
}
