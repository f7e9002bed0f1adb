package rules

import (
	"slices"

	"m44/hex"
)

// How the rows on a hex combine (rulebook annex 2), as small functions named
// after the rulebook's words. A hex holds its ground and up to MaxFeatures
// features; every function below reads all of them:
//   - protection: the largest of the rows, never added ("Obstacles");
//   - a move stops, a battle is forbidden, a flag may be ignored, a unit
//     may not retreat, if any row says so;
//   - a class may not enter if any row turns it away, except that a
//     crossing (a bridge) makes water rows dry land;
//   - dice lost for battling from a hex add up over the rows;
//   - the movement cost of a step is the largest of the rows' costs on
//     both hexes (1 without a hook); any row may forbid it.

// rowSet is the rows on one hex: its ground first, then its features.
type rowSet struct {
	r [1 + MaxFeatures]*TerrainDef
	n int
}

func (rs *rowSet) all() []*TerrainDef { return rs.r[:rs.n] }

// rows lists the rows on hex i.
func (s *State) rows(i int16) rowSet {
	rs := rowSet{n: 1}
	rs.r[0] = s.b.gdef[i]
	for _, f := range &s.feat[i] {
		if f != NoFeature {
			rs.r[rs.n] = s.b.cat.featureRow(f)
			rs.n++
		}
	}
	return rs
}

// Folded per-hex flags (State.fx), recomputed whenever a feature changes:
// the hot paths read them instead of the rows.
const (
	fxStop          uint16 = 1 << iota // entering ends the move
	fxNoBattle                         // entering forbids battle this turn
	fxAdjOnly                          // hedgerow rule (TerrainDef.FromAdjacentOnly)
	fxSight                            // blocks a line of sight at its height
	fxSightHook                        // a row's BlocksSight hook decides
	fxLeaveRm                          // a feature goes when its unit leaves
	fxNoBattleFrom                     // units here never battle
	fxNoRetreatInto                    // no retreat into it
	fxClear                            // a feature goes when a class enters or battles from it (wire)
	fxRoad                             // a road hex (no crossing on it): the road bonus
	fxLeaveStop                        // a unit starting here moves one hex at most (marshes)
	fxNoTakeGround                     // no taking ground into or out of it (ravines)
	fxVehStop                          // armor and artillery entering stop (railways)
	fxCapShift      = 13               // bits 13..15: the move cap, 0 if none

	// fxMoveRules: the flags the movement search must look at when a way
	// enters the hex (move.go reachIn).
	fxMoveRules = fxStop | fxAdjOnly | fxRoad | fxVehStop | 7<<fxCapShift
)

// refold recomputes the folded flags of hex i.
func (s *State) refold(i int16) {
	s.rgen++     // a hex's rows changed: no kept reach holds (reach_cache.go)
	s.terr = nil // the features' mark no longer holds (SameTerrain)
	var fx, lim uint16
	rs := s.rows(i)
	road, crossing := false, false
	for _, r := range rs.all() {
		road, crossing = road || r.Road, crossing || r.Crossing
		for _, b := range [...]struct {
			on  bool
			bit uint16
		}{{r.MustStop, fxStop}, {r.NoBattle, fxNoBattle}, {r.FromAdjacentOnly, fxAdjOnly}, {r.BlocksSight, fxSight},
			{r.Hooks.BlocksSight != nil, fxSightHook}, {r.RemovedOnLeave, fxLeaveRm}, {r.NoBattleFrom, fxNoBattleFrom},
			{r.NoRetreatInto, fxNoRetreatInto}, {r.ClearedBy != 0, fxClear}, {r.LeaveStops, fxLeaveStop},
			{r.NoTakeGround, fxNoTakeGround}, {r.VehiclesStop, fxVehStop}} {
			if b.on {
				fx |= b.bit
			}
		}
		if c := uint16(min(max(r.MoveCap, 0), 7)); c > 0 && (lim == 0 || c < lim) {
			lim = c
		}
	}
	if road && !crossing {
		fx |= fxRoad // a bridge is not a road (FAQ II Ponts)
	}
	s.fx[i] = fx | lim<<fxCapShift
	s.foldBits(i)
}

// onRoad: hex i is a road hex for the road bonus (FAQ II Routes).
func (s *State) onRoad(i int16) bool { return s.fx[i]&fxRoad != 0 }

// leaveStops: a unit that starts its move on hex i moves one hex at most
// (hedgerows, FAQ II Bocages; marshes and ravines, FAQ II Marécages, Balkas).
func (s *State) leaveStops(i int16) bool { return s.fx[i]&(fxLeaveStop|fxAdjOnly) != 0 }

// moveCap is the cap a move entering hex i gets (0 = none).
func (s *State) moveCap(i int16) int8 { return int8(s.fx[i] >> fxCapShift) }

// height of a hex (rulebook p.18 "Hauteur des terrains").
func (s *State) height(i int16) int8 { return s.b.height[i] }

// crossing: a bridge stands on hex i.
func (s *State) crossing(i int16) bool {
	for _, f := range &s.feat[i] {
		if f != NoFeature && s.b.cat.featureRow(f).Crossing {
			return true
		}
	}
	return false
}

// isWater: rivers, lakes and ocean are not "terre ferme" unless a bridge
// crosses them (rulebook "Ponts").
func (s *State) isWater(i int16) bool {
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.Water {
			return !s.crossing(i)
		}
	}
	return false
}

// isBeach: the ground of hex i is a beach (for bluffs and cliffs).
func (s *State) isBeach(i int16) bool { return s.b.gdef[i].Beach }

// impassableFor reports whether a unit of side and class t can never enter
// hex i (rivers and lakes without a bridge; bunkers, hedgehogs and
// mountains for armor and artillery; hexes a scenario closes, to everyone
// or to some classes of one side: HexSetup.ClosedTo).
func (s *State) impassableFor(side Side, t UnitType, i int16) bool {
	if s.b.closed[i] || s.b.closedTo != nil && s.b.closedTo[i][side].Has(t) {
		return true
	}
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.Impassable.Has(t) && !(r.Water && s.crossing(i)) {
			return true
		}
	}
	return false
}

// bridgeEntryOK: a bridge is entered (and left in a retreat) only from or to
// dry land, never from water or another bridge (rulebook "Ponts"; FAQ II Ponts).
// Along a bridge of several hexes (TerrainDef.Span) movement is normal, and
// the bridge is entered and left only at its ends, in line with it.
func (s *State) bridgeEntryOK(from, to int16) bool {
	if s.b.spans {
		fs, ts := s.span(from), s.span(to)
		switch {
		case fs && ts:
			return true
		case ts && !s.spanEnd(to, from):
			return false
		case fs && !s.spanEnd(from, to):
			return false
		}
	}
	if s.crossing(to) && (s.crossing(from) || s.isWater(from)) {
		return false
	}
	if s.crossing(from) && (s.crossing(to) || s.isWater(to)) {
		return false
	}
	return true
}

// heightStepOK: a unit moves between heights differing by at most 1
// (rulebook p.18 "Hauteur des terrains et déplacement").
func (s *State) heightStepOK(from, to int16) bool {
	d := s.height(from) - s.height(to)
	return d >= -1 && d <= 1
}

// stepCost is the movement cost of one step for a unit of class t, or -1 if
// a row forbids it (escarpments, cliffs, steep hills: their StepCost hooks).
func (s *State) stepCost(t UnitType, from, to int16) int8 {
	cost := int8(1)
	for _, here := range [2]int16{from, to} {
		rs := s.rows(here)
		for _, r := range rs.all() {
			if r.Hooks.StepCost == nil {
				continue
			}
			c := r.Hooks.StepCost(s, t, from, to, here)
			if c < 0 {
				return -1
			}
			cost = max(cost, c)
		}
	}
	return cost
}

// endsOn marks board.ends of a hex entered only through its open ends.
const endsOn = 1 << 7

// banksAllow: a step between the neighbours from and to crosses no bank. A
// wadi's sides are impassable banks, in and out; its open ends are not
// (FAQ II 44 Oueds & défilés: "Les berges sont infranchissables pour
// entrer/sortir", "Aucune restriction de mouvement par les extrémités").
func (s *State) banksAllow(from, to int16) bool {
	return s.b.ends == nil || s.b.endOpen(from, to) && s.b.endOpen(to, from)
}

// endOpen: hex i may be left towards its neighbour other (always, unless
// it is entered only through its ends).
func (b *board) endOpen(i, other int16) bool {
	m := b.ends[i]
	if m&endsOn == 0 {
		return true
	}
	for d, n := range b.nb[i] {
		if n == other {
			return m&(1<<d) != 0
		}
	}
	return false
}

// inWadi: hex i is entered only through its open ends (a wadi).
func (b *board) inWadi(i int16) bool { return b.ends != nil && b.ends[i]&endsOn != 0 }

// wadiTooFar: infantry and armor battling into or out of a wadi must be
// adjacent to the target (FAQ II 44: "Infanterie/blindés combattant
// depuis/vers un oued ou défilé doivent être adjacents à la cible"); a
// unit in a wadi firing at a unit in a wadi is not battling into or out of
// one (as the Board Game Arena adaptation plays it: Wadi.php
// isBlockingWadi, github.com/bga-devs/bga-memoir; docs/rules-decisions.md).
func (s *State) wadiTooFar(c UnitType, from, to int16, d int) bool {
	return d > 1 && c != Artillery && s.b.ends != nil && s.b.inWadi(from) != s.b.inWadi(to)
}

// coverFromGuns is the protection of a unit of side on hex i that holds
// against a unit that ignores terrain protection, of class t at height ah:
// the largest of the rows that cover from guns (wadis: "les Oueds &
// Défilés réduisent les tirs d'artillerie de 1 dé", FAQ IV Artillerie).
func (s *State) coverFromGuns(side Side, i int16, t UnitType, ah int8) int8 {
	if s.b.gunCover == nil || !s.b.gunCover[i] {
		return 0
	}
	var p int8
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.CoversFromGuns && s.serves(r, side, i) && !(r.ProtectedBelow && ah >= s.height(i)) {
			p = max(p, r.Protection[t])
		}
	}
	return p
}

// terrainStep is the cost of a one-hex move from -> to for a unit of side
// and class t as far as the ground allows it, or -1 if forbidden.
func (s *State) terrainStep(side Side, t UnitType, from, to int16) int8 {
	if s.impassableFor(side, t, to) || !s.bridgeEntryOK(from, to) || !s.heightStepOK(from, to) || !s.banksAllow(from, to) {
		return -1
	}
	return s.stepCost(t, from, to)
}

// enterStops reports whether entering hex i ends a unit's move (forests,
// hedgerows, towns, churches, ocean, wire).
func (s *State) enterStops(i int16) bool { return s.fx[i]&fxStop != 0 }

// enterStopsFor: entering hex i ends the move of a unit of class t (as
// enterStops, and railways for armor and artillery: Winter Wars I "Voie
// ferrée enneigée"; FAQ II Pont ferroviaire).
func (s *State) enterStopsFor(t UnitType, i int16) bool {
	return s.fx[i]&fxStop != 0 || t != Infantry && s.fx[i]&fxVehStop != 0
}

// enterForbidsBattle reports whether a unit entering hex i may not battle this
// turn (forests, hedgerows, towns, churches). French Resistance ignores it
// (rulebook annex 1 "La Résistance française").
func (s *State) enterForbidsBattle(u *unit, i int16) bool {
	return s.fx[i]&fxNoBattle != 0 && !s.kind(u).BattlesAfterEntering
}

// fromAdjacentOnly: the hedgerow rule holds on hex i.
func (s *State) fromAdjacentOnly(i int16) bool { return s.fx[i]&fxAdjOnly != 0 }

// bunkerUsable: a bunker protects units of the sides the scenario allows
// (both by default) (rulebook annex 2 "Bunkers").
func (s *State) bunkerUsable(side Side) bool {
	m := s.b.setup.BunkerUsers
	return m == 0 || m.Has(side)
}

// serves reports whether row r on hex i helps a unit of side: a bunker only
// the sides that may use it, anything on a hex the scenario gives to one
// side only that side (HexSetup.Owners).
func (s *State) serves(r *TerrainDef, side Side, i int16) bool {
	if o := s.b.owners[i]; o != 0 && !o.Has(side) {
		return false
	}
	return !r.ForUsersOnly || s.bunkerUsable(side)
}

// protection is the dice reduction a unit of side on hex i gets against an
// attacker of class t standing at height ah. Protections do not add up: the
// largest applies (rulebook annex 2 "Obstacles"); a hill's protects only
// against attackers below it.
func (s *State) protection(side Side, i int16, t UnitType, ah int8) int8 {
	var p int8
	rs := s.rows(i)
	for _, r := range rs.all() {
		if !s.serves(r, side, i) || (r.ProtectedBelow && ah >= s.height(i)) {
			continue
		}
		p = max(p, r.Protection[t])
	}
	return p
}

// attackMalus is the dice a unit of class t on hex i loses when it battles:
// armor in a town (-2), infantry in wire (-1) (rulebook annex 2).
func (s *State) attackMalus(t UnitType, i int16) int8 {
	var m int8
	rs := s.rows(i)
	for _, r := range rs.all() {
		m += r.AttackMalus[t]
	}
	return m
}

// ignoresFlagOn: a unit of class t and side on hex i may ignore one flag
// (churches, usable bunkers, sandbags, seawalls, hedgehogs for infantry);
// such sources never add up.
func (s *State) ignoresFlagOn(side Side, t UnitType, i int16) bool {
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.IgnoreFlag.Has(t) && s.serves(r, side, i) {
			return true
		}
	}
	return false
}

// canIgnoreFlag: unit u may ignore one flag, by its hex (rulebook annex 2)
// or by its own rule (UnitSetup.IgnoresFlag); never more than one.
func (s *State) canIgnoreFlag(u *unit) bool {
	return u.ignoresFlag || s.ignoresFlagOn(u.side, u.typ, u.pos)
}

// ignoresAllFlags: unit u ignores every flag rolled against it, by its hex
// (a fortress; TerrainDef.IgnoreAllFlags).
func (s *State) ignoresAllFlags(u *unit) bool {
	rs := s.rows(u.pos)
	for _, r := range rs.all() {
		if r.IgnoreAllFlags.Has(u.typ) && s.serves(r, u.side, u.pos) {
			return true
		}
	}
	return false
}

// cannotRetreat: armor and artillery that start a battle in a bunker never
// retreat (rulebook annex 2 "Bunkers"; FAQ II Bunkers).
func (s *State) cannotRetreat(u *unit) bool {
	if s.afloat(u) {
		return true // in a boat: each flag costs a figure (FAQ III Canots démontables)
	}
	rs := s.rows(u.pos)
	for _, r := range rs.all() {
		if r.NoRetreat.Has(u.typ) {
			return true
		}
	}
	return false
}

// noBattleFrom: units on hex i never battle (ocean).
func (s *State) noBattleFrom(i int16) bool { return s.fx[i]&fxNoBattleFrom != 0 }

// noRetreatInto: no retreat ends or passes on hex i (ocean).
func (s *State) noRetreatInto(i int16) bool { return s.fx[i]&fxNoRetreatInto != 0 }

// blocksSight: a hex at the line's own height blocks it (forests, towns,
// bunkers…; lakes by their hook).
func (s *State) blocksSight(i int16, line []hex.Step) bool {
	fx := s.fx[i]
	if fx&fxSight != 0 {
		return true
	}
	if fx&fxSightHook == 0 {
		return false
	}
	var sl SightLine
	sl.N = copy(sl.Steps[:], line)
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.Hooks.BlocksSight != nil && r.Hooks.BlocksSight(s, i, sl) {
			return true
		}
	}
	return false
}

// groundTakeable: the rows of hex to let a unit on from take ground there
// (cliffs: not from a beach).
func (s *State) groundTakeable(from, to int16) bool {
	rs := s.rows(to)
	for _, r := range rs.all() {
		if r.Hooks.TakeGround != nil && !r.Hooks.TakeGround(s, from, to) {
			return false
		}
	}
	return true
}

// Features on hexes.

func (s *State) hasFeature(i int16, f Feature) bool {
	for _, g := range &s.feat[i] {
		if g == f {
			return true
		}
	}
	return false
}

// featureOfLayer is the first feature of layer l on hex i, or NoFeature.
func (s *State) featureOfLayer(i int16, l Layer) Feature {
	for _, f := range &s.feat[i] {
		if f != NoFeature && s.b.cat.featureRow(f).Layer == l {
			return f
		}
	}
	return NoFeature
}

// addFeature places f on hex i; false if the hex has no room.
func (s *State) addFeature(i int16, f Feature) bool {
	for k, g := range &s.feat[i] {
		if g == NoFeature {
			s.feat[i][k] = f
			s.refold(i)
			return true
		}
	}
	return false
}

// removeFeatures removes every feature on hex i that drop selects,
// reporting each removal.
func (s *State) removeFeatures(i int16, drop func(r *TerrainDef) bool) {
	for k, f := range &s.feat[i] {
		if f != NoFeature && drop(s.b.cat.featureRow(f)) {
			s.feat[i][k] = NoFeature
			s.refold(i)
			s.emit(Event{Kind: EvObstacleRemoved, From: s.b.hexAt[i], N: int8(f)})
		}
	}
}

// removeFeature removes feature f from hex i and reports it.
func (s *State) removeFeature(i int16, f Feature) {
	for k, g := range &s.feat[i] {
		if g == f && f != NoFeature {
			s.feat[i][k] = NoFeature
			s.refold(i)
			s.emit(Event{Kind: EvObstacleRemoved, From: s.b.hexAt[i], N: int8(f)})
			return
		}
	}
}

// leaveHex removes sandbags when their unit leaves (rulebook "Sacs de sable").
// It and clearObstacles are only their test, small enough to be inlined
// where a unit moves or battles (issue 15, fifth pass).
func (s *State) leaveHex(i int16) {
	if s.fx[i]&fxLeaveRm != 0 {
		s.removeFeatures(i, removedOnLeave)
	}
}

// removedOnLeave: row r goes when its unit leaves the hex (sandbags).
func removedOnLeave(r *TerrainDef) bool { return r.RemovedOnLeave }

// clearObstacles: armor entering wire, or battling from it, removes it
// (rulebook "Barbelés"; FAQ digest 69 [II Barbelés]); a retreat never does.
func (s *State) clearObstacles(u *unit) {
	if s.fx[u.pos]&fxClear != 0 {
		s.clearObstaclesOf(u)
	}
}

// clearObstaclesOf removes the obstacles of unit u's hex that its class
// clears.
func (s *State) clearObstaclesOf(u *unit) {
	i, t := u.pos, u.typ
	s.removeFeatures(i, func(r *TerrainDef) bool { return r.ClearedBy.Has(t) })
}

// removableInstead is a feature that unit u may remove instead of battling
// (wire for infantry; a road block for engineers), or NoFeature.
func (s *State) removableInstead(u *unit) Feature {
	own := s.kind(u).RemovesInstead
	for _, f := range &s.feat[u.pos] {
		if f == NoFeature {
			continue
		}
		if r := s.b.cat.featureRow(f); r.RemovableInstead.Has(u.typ) || len(own) > 0 && slices.Contains(own, r.Key) {
			return f
		}
	}
	return NoFeature
}

// span: hex i holds a section of a long bridge.
func (s *State) span(i int16) bool {
	for _, f := range &s.feat[i] {
		if f != NoFeature && s.b.cat.featureRow(f).Span {
			return true
		}
	}
	return false
}

// spanEnd reports whether outside is the hex in line with the end section
// i of a long bridge: i has exactly one section beside it, and outside lies
// opposite it.
func (s *State) spanEnd(i, outside int16) bool {
	along := -1
	for d, n := range s.b.nb[i] {
		if n >= 0 && s.span(n) {
			if along >= 0 {
				return false // a middle section
			}
			along = d
		}
	}
	return along >= 0 && s.b.nb[i][(along+3)%6] == outside
}
