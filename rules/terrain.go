package rules

// Terrain and obstacle rules as small functions named after the rulebook's
// words (annex 2).

func (s *State) terr(i int16) *terrainInfo { return s.b.tinfo[i] }

// height of a hex (rulebook p.18 "Hauteur des terrains").
func (s *State) height(i int16) int8 { return s.b.tinfo[i].height }

// isWater: rivers, lakes and ocean are not "terre ferme" (rulebook "Ponts").
func (s *State) isWater(i int16) bool {
	t := s.terr(i)
	return (t.impassable && s.structure[i] != Bridge) || t.ocean
}

// impassableFor reports whether a unit of type t can never enter hex i
// (rivers, lakes; bunkers and hedgehogs for armor and artillery).
func (s *State) impassableFor(t UnitType, i int16) bool {
	if s.terr(i).impassable && s.structure[i] != Bridge || s.b.closed[i] {
		return true
	}
	if t != Infantry && (s.structure[i] == Bunker || s.obstacle[i] == Hedgehog || s.terr(i).infOnly) {
		return true
	}
	return false
}

// bridgeEntryOK: a bridge is entered (and left in a retreat) only from or to
// dry land, never from water or another bridge (rulebook "Ponts"; FAQ II Ponts).
func (s *State) bridgeEntryOK(from, to int16) bool {
	if s.structure[to] == Bridge && (s.structure[from] == Bridge || s.isWater(from)) {
		return false
	}
	if s.structure[from] == Bridge && (s.structure[to] == Bridge || s.isWater(to)) {
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

// stepCost is the movement cost of one step, or -1 if the step is not allowed
// for a normal move of unit type t (escarpments, cliffs, steep hills).
func (s *State) stepCost(t UnitType, from, to int16) int8 {
	tf, tt := s.terr(from), s.terr(to)
	fromBeach := s.b.terrain[from] == Beach
	toBeach := s.b.terrain[to] == Beach
	if (tt.beachClimb && fromBeach) || (tf.beachClimb && toBeach) {
		if t != Infantry {
			return -1
		}
		return 2
	}
	if tt.climbCost2 && s.height(from) < s.height(to) {
		return 2
	}
	return 1
}

// enterStops reports whether entering hex i ends a unit's move (forests,
// hedgerows, towns, churches, ocean, wire).
func (s *State) enterStops(i int16) bool {
	return s.terr(i).mustStop || s.obstacle[i] == Wire
}

// enterForbidsBattle reports whether a unit entering hex i may not battle this
// turn (forests, hedgerows, towns, churches). French Resistance ignores it
// (rulebook annex 1 "La Résistance française").
func (s *State) enterForbidsBattle(u *unit, i int16) bool {
	return s.terr(i).noBattle && !u.resistance
}

// bunkerUsable: a bunker protects units of the sides the scenario allows
// (both by default) (rulebook annex 2 "Bunkers").
func (s *State) bunkerUsable(side Side) bool {
	m := s.b.setup.BunkerUsers
	return m == 0 || m.Has(side)
}

// protection is the dice reduction a unit on hex i gets against an attacker of
// type t standing at height ah. Terrain and obstacle protections do not add up:
// the largest applies (rulebook annex 2 "Obstacles").
func (s *State) protection(side Side, i int16, t UnitType, ah int8) int8 {
	ti := s.terr(i)
	var p int8
	if !ti.protIfBelow || ah < ti.height {
		if t == Armor {
			p = ti.protArmor
		} else {
			p = ti.protInf
		}
	}
	if s.structure[i] == Bunker && s.bunkerUsable(side) {
		bp := int8(1)
		if t == Armor {
			bp = 2
		}
		p = max(p, bp)
	}
	if o := s.obstacle[i]; o == Sandbags || o == Seawall {
		p = max(p, 1)
	}
	return p
}

// attackMalus is the dice a unit on hex i loses when it battles: armor in a
// town (-2), infantry in wire (-1) (rulebook annex 2).
func (s *State) attackMalus(t UnitType, i int16) int8 {
	var m int8
	if t == Armor {
		m += s.terr(i).armorMalus
	}
	if t == Infantry && s.obstacle[i] == Wire {
		m++
	}
	return m
}

// canIgnoreFlag: churches, usable bunkers, sandbags, seawalls, and hedgehogs
// for infantry let a unit ignore one flag; such sources never add up.
func (s *State) canIgnoreFlag(u *unit) bool {
	i := u.pos
	if s.terr(i).ignoreFlag {
		return true
	}
	if s.structure[i] == Bunker && s.bunkerUsable(u.side) {
		return true
	}
	switch s.obstacle[i] {
	case Sandbags, Seawall:
		return true
	case Hedgehog:
		return u.typ == Infantry
	}
	return false
}

// cannotRetreat: armor and artillery that start a battle in a bunker never
// retreat (rulebook annex 2 "Bunkers"; FAQ II Bunkers).
func (s *State) cannotRetreat(u *unit) bool {
	return u.typ != Infantry && s.structure[u.pos] == Bunker
}

// leaveHex removes sandbags when their unit leaves (rulebook "Sacs de sable").
func (s *State) leaveHex(i int16) {
	if s.obstacle[i] == Sandbags {
		s.obstacle[i] = NoObstacle
		s.emit(Event{Kind: EvObstacleRemoved, From: s.b.hexAt[i], N: int8(Sandbags)})
	}
}

// terrainStep is the cost of a one-hex move from -> to for unit type t as far
// as the ground allows it, or -1 if forbidden.
func (s *State) terrainStep(t UnitType, from, to int16) int8 {
	if s.impassableFor(t, to) || !s.bridgeEntryOK(from, to) || !s.heightStepOK(from, to) {
		return -1
	}
	return s.stepCost(t, from, to)
}
