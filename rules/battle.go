package rules

import (
	"math/bits"

	"m44/hex"
)

// obstructs reports whether hex h, crossed by a line of sight whose lower end
// is at height lo, blocks it: units, blocking terrain and bunkers at a height
// at least lo; ground higher than lo (a hill between two lower units); and
// the half-hexes off the board edge (rulebook p.8 "Ligne de vue", p.18).
func (s *State) obstructs(h hex.Hex, lo int8, line []hex.Step) bool {
	g := s.b.grid
	if !g.Contains(h) {
		return true
	}
	i := int16(g.Index(h))
	hgt := s.height(i)
	if hgt > lo {
		return true
	}
	if hgt < lo {
		return false
	}
	return s.occ[i] >= 0 || s.blocksSight(i, line)
}

// LineOfSight reports whether units on a and b see each other. The hexes of a
// and b never block; a line along hex edges is blocked only by obstructions on
// both sides (rulebook p.8-9).
func (s *State) LineOfSight(a, b hex.Hex) bool {
	g := s.b.grid
	if !g.Contains(a) || !g.Contains(b) {
		return false
	}
	if seen, ok := s.losMask(a, b, g.Index(a), g.Index(b)); ok {
		return seen // on bit sets (los_mask.go)
	}
	return s.lineOfSightSteps(a, b)
}

// lineOfSightSteps is LineOfSight looking at the line's steps one by one.
func (s *State) lineOfSightSteps(a, b hex.Hex) bool {
	g := s.b.grid
	var buf [16]hex.Step
	line := hex.Line(a, b, buf[:0])
	lo := min(s.height(int16(g.Index(a))), s.height(int16(g.Index(b))))
	var left, right bool
	for _, st := range line {
		if !st.Edge() {
			if s.obstructs(st.A, lo, line) {
				return false
			}
			continue
		}
		left = left || s.obstructs(st.A, lo, line)
		right = right || s.obstructs(st.B, lo, line)
		if left && right {
			return false
		}
	}
	return true
}

// acrossFireWall reports whether a line of fire of a unit of class c
// crosses a hex that the class may not fire across (a scenario rule: Saverne
// Gap's mountains for artillery, Arnhem's wide Rhine for infantry), judged
// like a line of sight: a hex the line cuts, or hexes on both sides of an
// edge it runs along.
func (s *State) acrossFireWall(c UnitType, from, to int16) bool {
	g := s.b.grid
	wall := func(h hex.Hex) bool { return g.Contains(h) && s.b.fireWall[g.Index(h)].Has(c) }
	var buf [16]hex.Step
	var left, right bool
	for _, st := range hex.Line(s.b.hexAt[from], s.b.hexAt[to], buf[:0]) {
		if !st.Edge() {
			if wall(st.A) {
				return true
			}
			continue
		}
		left, right = left || wall(st.A), right || wall(st.B)
	}
	return left && right
}

// battleDice is the number of dice unit a rolls against the unit on hex t, or
// 0 if it cannot battle it (out of range, no line of sight). It does not check
// the close-combat obligation.
func (s *State) battleDice(a *unit, t int16, overrun bool) int8 {
	from := a.pos
	k := s.kind(a)
	still := !a.moved
	d := hex.Distance(s.b.hexAt[from], s.b.hexAt[t])
	if rd := k.rangeDice(still); d < 1 || d > len(rd) || rd[d-1] == 0 {
		return 0
	}
	if d > 1 && s.units[s.occ[t]].camo {
		return 0 // camouflaged: close combat only (Winter Wars III "Camouflage")
	}
	ti := int(s.occ[t])
	return s.diceAt(k, still, from, s.units[ti].side, t, d, s.cardBonus(a, d == 1, overrun)+s.combatBonus(a)+s.unitBonus(a, k)+s.markBonus(a, ti))
}

// diceFrom is the number of dice a unit of kind k on hex from rolls against
// a unit of side tside on hex t, with bonus dice from its card: its range,
// line of sight, the artillery walls of a scenario, the target's protection
// and the maluses of the hex it battles from (rulebook p.8-9, annex 2).
func (s *State) diceFrom(k *UnitDef, from int16, tside Side, t int16, bonus int8) int8 {
	d := hex.Distance(s.b.hexAt[from], s.b.hexAt[t])
	if d < 1 || d > len(k.RangeDice) {
		return 0
	}
	return s.diceAt(k, false, from, tside, t, d, bonus)
}

// diceAt is diceFrom at distance d, already known to be in 1..6, for a unit
// still (not moved this turn) or not.
func (s *State) diceAt(k *UnitDef, still bool, from int16, tside Side, t int16, d int, bonus int8) int8 {
	dice := k.rangeDice(still)[d-1]
	if dice == 0 || s.vis > 0 && d > int(s.vis) {
		return 0 // out of range, or beyond the night's visibility (FAQ III 19)
	}
	dice += bonus
	if k.NeedsSight && d > 1 && !s.LineOfSight(s.b.hexAt[from], s.b.hexAt[t]) {
		return 0
	}
	if d > 1 && s.b.anyWall && s.acrossFireWall(k.Class, from, t) {
		return 0
	}
	if d > 1 && s.wadiTooFar(k.Class, from, t, d) {
		return 0
	}
	if !k.IgnoresCover && !(still && k.StillIgnoresCover) && !(d == 1 && k.CloseIgnoresCover) {
		dice -= s.protection(tside, t, k.Class, s.height(from))
	} else if k.IgnoresCover {
		dice -= s.coverFromGuns(tside, t, k.Class, s.height(from))
	}
	if !(still && k.StillNoMalus) {
		dice -= s.attackMalus(k.Class, from)
	}
	if s.b.anyBoat {
		if ui := s.occ[from]; ui >= 0 && s.afloat(&s.units[ui]) {
			dice-- // battling from a boat: -1 die (FAQ III Canots démontables)
		}
	}
	if dice < 0 {
		dice = 0
	}
	return dice
}

// cardBonus is the extra die a card gives an ordered unit: Their Finest
// Hour, Behind Enemy Lines and Firefight always; Armor Assault against an
// adjacent target (its overrun too); Close Assault, but not in the overrun
// (FAQ digest 18; command-cards.md rulings 30, 52, 87).
func (s *State) cardBonus(a *unit, adjacent, overrun bool) int8 {
	if !a.fx || !a.ordered || a.side != s.active {
		return 0
	}
	d := s.effDef()
	b := d.Bonus
	if h := d.Hooks.BattleBonus; h != nil {
		b += h(s, a, adjacent, overrun)
	}
	return b
}

// inCloseCombat reports whether an enemy is adjacent to unit u (rulebook p.7
// "combat rapproché").
func (s *State) inCloseCombat(u *unit) bool {
	if adj := s.b.adjm; adj != nil {
		// On bit sets (issue 15, fifth pass): the occupied neighbours only.
		m := adj[u.pos].and(s.mb.occ.low())
		for w, word := range [2]uint64{m.lo, m.hi} {
			for ; word != 0; word &= word - 1 {
				if o := s.occ[w<<6|bits.TrailingZeros64(word)]; s.units[o].side != u.side {
					return true
				}
			}
		}
		return false
	}
	return s.enemyNext(u)
}

// enemyNext is inCloseCombat looking at the six neighbours (a board of
// more than maskCells hexes; the oracle of the bit sets, CheckFoesNear).
func (s *State) enemyNext(u *unit) bool {
	for _, n := range s.b.nb[u.pos] {
		if n >= 0 {
			if o := s.occ[n]; o >= 0 && s.units[o].side != u.side {
				return true
			}
		}
	}
	return false
}

// canBattleNow reports whether ordered unit u may still battle this turn.
func (s *State) canBattleNow(u *unit) bool {
	return !u.dead && u.ordered && u.shots > 0 && !u.noBattle && !s.noBattleFrom(u.pos)
}

// targets appends the legal battle targets of unit ui with their dice.
func (s *State) targets(ui int, buf []Action) []Action {
	u := &s.units[ui]
	close := s.inCloseCombat(u)
	from := s.b.hexAt[u.pos]
	d := s.effDef()
	if u.fx && d.NoCloseFire && close {
		return buf // Firefight never fires at an adjacent enemy (FAQ ruling 66)
	}
	k := s.kind(u)
	still := !u.moved
	rd := k.rangeDice(still)
	reach := len(rd) // the farthest distance the unit rolls dice at
	for reach > 0 && rd[reach-1] <= 0 {
		reach--
	}
	adjOnly := close || (u.fx && d.AdjacentOnly)
	if adjOnly {
		reach = min(reach, 1)
	}
	if reach == 0 {
		return buf
	}
	overrun := s.phase == PhaseOverrun
	hexAt := s.b.hexAt
	// The enemy units within reach (battle_mask.go), else every one.
	var near [64]int8
	foes, ok := s.foesNear(u.pos, reach, u.side.Opp(), near[:0])
	if !ok {
		foes = s.b.sideUnits[u.side.Opp()]
	}
	for _, ti := range foes {
		t := &s.units[ti]
		if t.dead {
			continue
		}
		dist := hex.Distance(from, hexAt[t.pos])
		if dist < 1 || dist > reach || rd[dist-1] == 0 || (dist > 1 && t.camo) {
			continue // out of range, or camouflaged beyond close combat (Winter Wars III "Camouflage")
		}
		if s.diceAt(k, still, u.pos, t.side, t.pos, dist, s.cardBonus(u, dist == 1, overrun)) > 0 {
			buf = append(buf, Action{Kind: ActBattle, From: from, To: hexAt[t.pos]})
		}
	}
	return buf
}
