package bots

import (
	"strings"
	"sync"

	"m44/hex"
	"m44/rules"
)

// This file is the bots' read-only model of a game state, built from the
// engine's public queries only. Where a bot must judge a position the engine
// cannot be asked about (a unit battling from a hex it has not moved to yet),
// it uses the rule tables below, which mirror rules/tables.go; the engine
// stays the authority for every action actually taken (bots only ever pick
// from the legal list).

// unitRange is the dice a unit type rolls at distance 1..6 (rulebook p.8).
var unitRange = [3][6]int8{
	rules.Infantry:  {3, 2, 1},
	rules.Armor:     {3, 3, 3},
	rules.Artillery: {3, 3, 2, 2, 1, 1},
}

// unitMoveFight is how far a unit type may move and still battle.
var unitMoveFight = [3]int{rules.Infantry: 1, rules.Armor: 3, rules.Artillery: 0}

// terrainProt is the protection a terrain gives against infantry and armor
// (artillery ignores it); byHeight marks protection only against lower attackers.
type terrainProt struct {
	inf, armor int8
	byHeight   bool
	noBattle   bool // a unit entering may not battle this turn
	stops      bool // entering ends the move
	blocked    bool // no retreat or move into it
	flagIgnore bool
	armorMalus int8
}

var terrainTable = func() [rules.NumTerrains]terrainProt {
	var t [rules.NumTerrains]terrainProt
	for _, k := range []rules.Terrain{rules.Forest, rules.Hedgerow, rules.Town, rules.Church} {
		t[k] = terrainProt{inf: 1, armor: 2, noBattle: true, stops: true}
	}
	t[rules.Town].armorMalus, t[rules.Church].armorMalus = 2, 2
	t[rules.Church].flagIgnore = true
	for _, k := range []rules.Terrain{rules.Hill, rules.Bluff, rules.Cliff, rules.SteepHill} {
		t[k] = terrainProt{inf: 1, armor: 1, byHeight: true}
	}
	t[rules.Mountain] = terrainProt{inf: 2, armor: 2, byHeight: true}
	t[rules.River].blocked, t[rules.Lake].blocked, t[rules.Ocean].blocked = true, true, true
	t[rules.Ocean].stops = true
	return t
}()

// static is what never changes in a game, cached per setup.
type static struct {
	grid    hex.Grid
	n       int
	hexAt   []hex.Hex
	valid   []bool
	terrain []rules.Terrain
	height  []int8
	bridge  []bool
	bunker  []bool
	nb      [][6]int16
	objs    []rules.Objective
	objAt   [][]int16 // objectives on each hex
	top     rules.Side
	vic     [2]int
	bunkerU rules.SideMask
	airDice [2]int
}

var staticCache sync.Map // *rules.Setup -> *static

func staticOf(s *rules.State) *static {
	setup := s.Setup()
	if v, ok := staticCache.Load(setup); ok {
		return v.(*static)
	}
	g := s.Grid()
	st := &static{grid: g, n: g.Len(), top: setup.Top, vic: setup.Victory, bunkerU: setup.BunkerUsers, objs: setup.Objectives}
	st.hexAt = make([]hex.Hex, st.n)
	st.valid = make([]bool, st.n)
	st.terrain = make([]rules.Terrain, st.n)
	st.height = make([]int8, st.n)
	st.bridge = make([]bool, st.n)
	st.bunker = make([]bool, st.n)
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
		if !st.valid[i] {
			continue
		}
		st.terrain[i] = s.Terrain(h)
		st.height[i] = int8(st.terrain[i].Height())
		st.bridge[i] = s.Structure(h) == rules.Bridge
		st.bunker[i] = s.Structure(h) == rules.Bunker
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

// bunkerFor reports whether the bunker on i protects side.
func (st *static) bunkerFor(i int, side rules.Side) bool {
	return st.bunker[i] && (st.bunkerU == 0 || st.bunkerU.Has(side))
}

// bu is one unit as the bots see it.
type bu struct {
	pos        int16
	typ        rules.UnitType
	side       rules.Side
	fig, max   int8
	elite      bool
	resistance bool
	ordered    bool
	moved      bool
	battled    bool
}

// know is a snapshot of a state for judging positions.
type know struct {
	s     *rules.State
	w     *Weights
	st    *static
	units []bu
	at    []int16 // unit index on each hex, -1 if none
	obst  []rules.Obstacle
	eff   rules.CardKind // the card in effect this turn (NumCardKinds if none)
	room  []int8         // cached retreat room per unit (-1 unknown)
}

func newKnow(s *rules.State, w *Weights) *know {
	st := staticOf(s)
	k := &know{s: s, w: w, st: st, at: make([]int16, st.n), obst: make([]rules.Obstacle, st.n), eff: rules.NumCardKinds}
	for i := range k.at {
		k.at[i] = -1
	}
	for _, u := range s.Units() {
		i := int16(st.grid.Index(u.Hex))
		k.at[i] = int16(len(k.units))
		k.units = append(k.units, bu{pos: i, typ: u.Type, side: u.Side, fig: u.Figures, max: u.Max, elite: u.Elite,
			resistance: u.Resistance, ordered: u.Ordered, moved: u.Moved, battled: u.Battled})
	}
	for i := 0; i < st.n; i++ {
		if st.valid[i] {
			k.obst[i] = s.ObstacleAt(st.hexAt[i])
		}
	}
	k.room = make([]int8, len(k.units))
	for i := range k.room {
		k.room[i] = -1
	}
	if c := s.Played(); c != rules.NoCard {
		k.eff = effectiveKind(s)
	}
	return k
}

// effectiveKind is the kind of card in effect this turn (what a
// Counter-Attack copies, read from the public view).
func effectiveKind(s *rules.State) rules.CardKind {
	c := s.Card(s.Played())
	if c.Kind != rules.CounterAttack {
		return c.Kind
	}
	name := s.View(s.Active()).InEffect
	for _, suf := range []string{"-left", "-center", "-right"} {
		if strings.HasPrefix(name, "infantry-assault") {
			name = strings.TrimSuffix(name, suf)
		}
	}
	if card, ok := rules.CardByName(name); ok {
		return card.Kind
	}
	return c.Kind
}

func (k *know) hexIndex(h hex.Hex) int16 { return int16(k.st.grid.Index(h)) }

func (k *know) unitAt(h hex.Hex) int { return int(k.at[k.st.grid.Index(h)]) }

func (k *know) dist(a, b int16) int { return hex.Distance(k.st.hexAt[a], k.st.hexAt[b]) }

// protection is the dice a unit of side on hex i is spared against an
// attacker of type t at height ah (rulebook annex 2; mirrors the engine).
func (k *know) protection(side rules.Side, i int16, t rules.UnitType, ah int8) int8 {
	if t == rules.Artillery {
		return 0
	}
	tp := &terrainTable[k.st.terrain[i]]
	var p int8
	if !tp.byHeight || ah < k.st.height[i] {
		if t == rules.Armor {
			p = tp.armor
		} else {
			p = tp.inf
		}
	}
	if k.st.bunkerFor(int(i), side) {
		bp := int8(1)
		if t == rules.Armor {
			bp = 2
		}
		p = max(p, bp)
	}
	if o := k.obst[i]; o == rules.Sandbags || o == rules.Seawall {
		p = max(p, 1)
	}
	return p
}

// canIgnoreFlag mirrors the engine: church, usable bunker, sandbags,
// seawall, hedgehog for infantry.
func (k *know) canIgnoreFlag(u *bu) bool {
	i := u.pos
	if terrainTable[k.st.terrain[i]].flagIgnore || k.st.bunkerFor(int(i), u.side) {
		return true
	}
	switch k.obst[i] {
	case rules.Sandbags, rules.Seawall:
		return true
	case rules.Hedgehog:
		return u.typ == rules.Infantry
	}
	return false
}

// estDice estimates the dice unit a would roll from hex from against the unit
// t, with bonus extra dice from the card; 0 if it cannot. ignoreClose skips
// the close-combat obligation check (the caller did it).
func (k *know) estDice(a *bu, from int16, t *bu, bonus int8) int8 {
	return k.estDiceTo(a, from, t.side, t.pos, bonus)
}

// estDiceTo is estDice against a unit of side tSide standing on tPos.
func (k *know) estDiceTo(a *bu, from int16, tSide rules.Side, tPos int16, bonus int8) int8 {
	d := k.dist(from, tPos)
	if d < 1 || d > 6 {
		return 0
	}
	dice := unitRange[a.typ][d-1]
	if dice == 0 {
		return 0
	}
	dice += bonus
	dice -= k.protection(tSide, tPos, a.typ, k.st.height[from])
	if a.typ == rules.Armor {
		dice -= terrainTable[k.st.terrain[from]].armorMalus
	}
	if a.typ == rules.Infantry && k.obst[from] == rules.Wire {
		dice--
	}
	if dice <= 0 {
		return 0
	}
	if a.typ != rules.Artillery && d > 1 && !k.s.LineOfSight(k.st.hexAt[from], k.st.hexAt[tPos]) {
		return 0
	}
	return dice
}

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

// retreatRoom is how many hexes (up to 3) unit ui could retreat now.
func (k *know) retreatRoom(ui int) int8 {
	if r := k.room[ui]; r >= 0 {
		return r
	}
	u := &k.units[ui]
	if u.typ != rules.Infantry && k.st.bunker[u.pos] {
		k.room[ui] = 0
		return 0
	}
	dirs := [2]int{1, 2}
	if u.side == k.st.top {
		dirs = [2]int{4, 5}
	}
	frontier := []int16{u.pos}
	var r int8
	for r < 3 {
		var next []int16
		for _, p := range frontier {
			for _, d := range dirs {
				q := k.st.nb[p][d]
				if q < 0 || k.at[q] >= 0 {
					continue
				}
				tp := &terrainTable[k.st.terrain[q]]
				if tp.blocked && !k.st.bridge[q] {
					continue
				}
				if u.typ != rules.Infantry && (k.st.bunker[q] || k.obst[q] == rules.Hedgehog || k.st.terrain[q] == rules.Mountain) {
					continue
				}
				dh := k.st.height[p] - k.st.height[q]
				if dh > 1 || dh < -1 {
					continue
				}
				next = append(next, q)
			}
		}
		if len(next) == 0 {
			break
		}
		r++
		frontier = next
	}
	k.room[ui] = r
	return r
}
