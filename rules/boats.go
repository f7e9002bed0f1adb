package rules

// Collapsible rafts and boats (FAQ III Actions "Canots démontables &
// bateaux", ../shared/rules/faq-fr.txt; the same card and its questions in
// Days of Wonder's cards compendium, action 5:
// https://www.daysofwonder.com/memoir44/en/content/cards_compendium/?id=action_5).
// An infantry unit the scenario puts in boats (UnitSetup.Boat):
//   - may enter a river hex, and stops there;
//   - afloat, moves 1 hex a turn: along the river, or onto either bank,
//     where the boat is removed for good;
//   - never enters a bridge from the river, nor passes under one (FAQ II
//     Ponts; XI Ponts de Nimègue, faq-digest 52), nor takes ground onto one
//     (the bridge rows' rule: a crossing is entered only from dry land);
//   - afloat, battles with 1 die less and never retreats: each flag costs
//     a figure.
// Half-tracks are never loaded (Winter Wars V): only infantry units.

// boatWater: hex i is river a boat floats on (no bridge there).
func (s *State) boatWater(i int16) bool { return s.b.ground[i] == River && !s.crossing(i) }

// afloat: unit u is in its boat on a river.
func (s *State) afloat(u *unit) bool { return u.boat && s.boatWater(u.pos) }

// boatReach adds the hexes a unit with a boat reaches by it: afloat, the
// adjacent river and bank hexes (1 hex a turn, never a bridge); ashore, a
// river hex next to its start or to a hex its move reaches with a hex of
// movement left and no stop (dests out[base:]).
func (s *State) boatReach(u *unit, out []dest, base int, sc *reachSearch) []dest {
	maxM := s.maxMove(u)
	if maxM <= 0 {
		return out
	}
	add := func(q int16, cost int8) {
		for _, d := range out[base:] {
			if d.pos == q {
				return
			}
		}
		out = append(out, dest{pos: q, cost: cost})
	}
	if s.boatWater(u.pos) {
		for _, q := range s.b.nb[u.pos] {
			if q < 0 {
				continue
			}
			sc.touch[q>>6] |= 1 << (q & 63)
			if s.occ[q] >= 0 || s.crossing(q) || !s.boatWater(q) && s.impassableFor(u.side, u.typ, q) {
				continue
			}
			add(q, 1)
		}
		return out
	}
	n := len(out)
	for j := base - 1; j < n; j++ {
		from, cost := u.pos, int8(0)
		if j >= base {
			from, cost = out[j].pos, out[j].cost
			if s.fx[from]&fxStop != 0 {
				continue // the move ended there
			}
		}
		if cost+1 > maxM {
			continue
		}
		for _, q := range s.b.nb[from] {
			if q < 0 {
				continue
			}
			sc.touch[q>>6] |= 1 << (q & 63)
			if s.occ[q] < 0 && s.boatWater(q) {
				add(q, cost+1)
			}
		}
	}
	return out
}

// boatMoved: a unit with a boat that enters a river stops there; one that
// leaves the river lands, and the boat is removed.
func (s *State) boatMoved(u *unit, from, to int16) {
	switch {
	case s.boatWater(to):
		u.stopped = true
	case s.boatWater(from):
		u.boat = false
		u.stopped = true
	}
}
