package rules

// Movement (rulebook p.6 "Déplacer des unités", annex 1 and 2).

// maxMove is how far unit u may move this turn.
func (s *State) maxMove(u *unit) int8 {
	m := u.kmove
	if u.fx {
		switch d := s.effDef(); {
		case d.NoMove:
			return 0 // Close Assault, Firefight, Dig In: these units may not move
		case d.MaxMove > 0:
			m = d.MaxMove // Infantry Assault 3, Behind Enemy Lines 3+3, Bombard 3
		}
	}
	if u.mcap > 0 && m > u.mcap {
		m = u.mcap // the scenario's cap (Blitz: Allied armor 2)
	}
	return m
}

// moveAndFight is how far unit u may move and still battle: the card's
// allowance (Infantry Assault 2, Behind Enemy Lines 3), else its kind's
// (elite infantry 2, rulebook annex 1 "Infanterie d'élite").
func (s *State) moveAndFight(u *unit) int8 {
	if u.fx {
		if d := s.effDef(); d.MoveAndFight > 0 {
			return d.MoveAndFight
		}
	}
	return u.kfight
}

// infiltrating: Behind Enemy Lines ignores terrain movement restrictions:
// no stops, every hex costs 1 (command-cards.md rulings 38-43).
func (s *State) infiltrating(u *unit) bool {
	return u.fx && s.effDef().Infiltrate
}

// dest is one hex a unit can reach, with the least movement it costs;
// road: that way is wholly on a road, from the start (FAQ II Routes), and
// counts one hex less against the unit's allowances.
type dest struct {
	pos  int16
	cost int8
	road bool
	dice int8 // rolled for the frozen river hexes the way enters (TerrainDef.EnterDice)
}

// eff is the movement a way counts against the unit's allowances: a way
// wholly on road gets one hex free (FAQ II Routes).
func (d dest) eff() int8 {
	if d.road {
		return d.cost - 1
	}
	return d.cost
}

// The search's table of least costs, per kind of way ([way][pos] cost+1,
// 0 = unseen): free (uncapped, not all on road), capped by a beach, or
// wholly on road from the start.
const (
	wayFree = iota
	wayCapped
	wayRoad
	numWays
)

// reach appends every hex unit ui can move to this turn (not its own hex).
// The search keeps, per hex, the cheapest way there of each kind (free,
// beach-capped, on road), so a cheaper but capped way never hides a longer
// reach, nor an off-road way the road bonus.
func (s *State) reach(ui int, out []dest) []dest {
	if s.rs != nil {
		return s.reachIn(ui, out, &s.rs.reachSearch)
	}
	var sc reachSearch // a state that never kept a reach searches on the stack: Play allocates nothing
	return s.reachIn(ui, out, &sc)
}

// reachExit is reach, and appends to exitOut the exit hexes (Setup.Exits)
// through which the unit can leave the board: reached without stopping
// there (or where it stands), with a hex of movement left for the step off
// the board (Winter Wars III "Pions Exit").
func (s *State) reachExit(ui int, out []dest, exitOut []int16) ([]dest, []int16) {
	if s.rs != nil {
		return s.reachExitIn(ui, out, exitOut, &s.rs.reachSearch)
	}
	var sc reachSearch
	return s.reachExitIn(ui, out, exitOut, &sc)
}

// reachExitIn is reachExit in the given search memory; the exits are
// looked for in a function of their own (most boards have none; issue 15,
// fifth pass).
func (s *State) reachExitIn(ui int, out []dest, exitOut []int16, sc *reachSearch) ([]dest, []int16) {
	out = s.reachIn(ui, out, sc)
	if len(s.b.exitList[s.units[ui].side]) > 0 {
		exitOut = s.exitsIn(ui, exitOut, sc)
	}
	return out, exitOut
}

// exitsIn appends to exitOut the exits unit ui can leave by, from the
// search just made in sc (reachExit).
func (s *State) exitsIn(ui int, exitOut []int16, sc *reachSearch) []int16 {
	u := &s.units[ui]
	maxM := s.maxMove(u)
	bel := s.infiltrating(u)
	// Without infiltration, a unit that starts in a hedgerow stops on its
	// first step, so only its own hex can be left by.
	startStop := !bel && s.leaveStops(u.start)
	for _, q := range s.b.exitList[u.side] {
		ok := false
		switch {
		case q == u.pos:
			ok = maxM >= 1
		case !bel && (s.enterStopsFor(u.typ, q) || startStop):
		default:
			if b := sc.best(q, wayFree); b != 0 && b-1 < maxM {
				ok = true
			}
			if b := sc.best(q, wayCapped); b != 0 && b-1 < min(maxM, 2) {
				ok = true
			}
			if b := sc.best(q, wayRoad); b != 0 && b-1 < maxM+s.roadBonus(u) {
				ok = true
			}
		}
		if ok {
			exitOut = append(exitOut, q)
		}
	}
	return exitOut
}

// reachIn is reach with the search's working memory given; it leaves there
// the least costs (reachScratch.best) and the hexes whose occupancy its
// result depends on (reachScratch.touch): the occupied hexes it met and the
// free hexes it reached. A free hex it turned away for its cost or terrain
// would be turned away occupied too.
func (s *State) reachIn(ui int, out []dest, sc *reachSearch) []dest {
	sc.begin()
	u := &s.units[ui]
	sc.look(u.pos)
	maxM := s.maxMove(u)
	if maxM <= 0 {
		return out
	}
	base := len(out)
	if u.boat && s.boatWater(u.pos) {
		return sortDests(s.boatReach(u, out, base, sc), base) // afloat: 1 hex (FAQ III Actions)
	}
	bel := s.infiltrating(u)
	// With frozen rivers on the board, among the ways of least cost the
	// search keeps the one with the fewest ice dice (docs/rules-decisions.md).
	ice := s.b.anyEnterDice && !bel
	// A move of at most 3 steps visits at most 1+6+12+18 hexes, twice; the
	// road bonus adds ways along roads only.
	startRoad := s.onRoad(u.pos) && !u.moved // Behind Enemy Lines too (faq-digest 89)
	if bel && !startRoad && !sc.noMask && maxM <= maxLevels && s.maskable(u, true) {
		// Infiltrating, off road: on bit sets too (issue 15, seventh pass).
		o, _ := s.reachMask(u, maxM, true, out, sc) // (no cap stops an infiltration)
		return o
	}
	if !bel && !ice && !startRoad {
		// Every way stays plain unless it meets a beach: the search of plain
		// ways alone, in a function of its own (issue 15: the compiler keeps
		// its few variables in registers), gives up there and the general
		// search below starts again. On bit sets when it can be
		// (reach_mask.go, issue 15's fourth pass): the same dests, listed
		// by cost and index as they come (the others are sorted so).
		if !sc.noMask && maxM <= maxLevels && s.maskable(u, false) {
			if o, ok := s.reachMask(u, maxM, false, out, sc); ok {
				return o
			}
			out = out[:base] // (it wrote nothing else)
		}
		sc.cell[uint8(u.pos)].best[wayFree] = 1
		if o, ok := s.reachPlain(u, maxM, out, sc); ok {
			if u.boat {
				o = s.boatReach(u, o, base, sc) // launching the boats (FAQ III Actions)
			}
			return sortDests(o, base)
		}
		out = out[:base]
		sc.begin()
		sc.look(u.pos)
	}
	queue := &sc.queue
	qh, qt := 0, 0
	queue[qt] = reachNode{pos: u.pos, road: startRoad}
	qt++
	cells, cur, touch := &sc.cell, sc.cur, &sc.touch
	cells[uint8(u.pos)].best[wayFree] = 1
	if startRoad {
		cells[uint8(u.pos)].best[wayRoad] = 1
	}
	startHedge := s.leaveStops(u.start)
	vehicle := u.typ != Infantry
	rb := s.roadBonus(u)
	occ := &s.occ
	nbs, stepTab, fx := s.b.nb, s.step[u.side][u.typ], &s.fx
	for qh < qt {
		n := queue[qh]
		qh++
		lim := maxM // the most a way may cost: one hex more wholly on road
		if n.road {
			lim += rb
		}
		if n.stop || n.cost >= lim {
			continue // stopped, or no movement left (every step costs at least 1)
		}
		steps := &stepTab[n.pos]
		nb := &nbs[n.pos]
		// A unit that starts in a hedgerow stops on its first step.
		firstStop := startHedge && n.pos == u.start && n.cost == 0
		if !bel && !ice && !n.road && !n.capped {
			// A plain way (no road, beach, ice or infiltration so far): the
			// general case below without them. Its cost stays within maxM,
			// it carries no ice dice, and a way on road exists only from a
			// start on a road.
			room := uint8(maxM - n.cost) // at least 1: the way was queued
			for d := 0; d < 6; d++ {
				c := steps[d]
				if uint8(c) > room {
					// off the board or forbidden (the step tables say -1
					// there: 255 as a byte), or too far, whoever stands there
					continue
				}
				cost := n.cost + c
				q := nb[d]
				qi := uint8(q) // maxCells is 256: the tables below need no bounds checks
				if occ[qi] >= 0 {
					touch[qi>>6] |= 1 << (qi & 63) // would matter if it left
					continue
				}
				cl := &cells[qi]
				if cl.stamp != cur {
					*cl = reachCell{stamp: cur}
				}
				if b := cl.best[wayFree]; b != 0 && b <= cost+1 {
					continue // already reached, uncapped, at no more cost
				}
				if startRoad && cl.best[wayRoad] != 0 && cl.best[wayRoad] <= cost+1 {
					continue // already reached on road at no more cost
				}
				k, capped, stop := wayFree, false, firstStop
				if f := fx[qi]; f&fxMoveRules != 0 {
					if f>>fxCapShift != 0 {
						if cost > 2 {
							continue // entering a beach caps the move at 2 (rulebook "Plages")
						}
						if b := cl.best[wayCapped]; b != 0 && b <= cost+1 {
							continue
						}
						k, capped = wayCapped, true
					}
					if f&fxAdjOnly != 0 && !s.adjacent(u.start, q) {
						continue // enter a hedgerow only from a hex adjacent at turn start
					}
					stop = stop || f&fxStop != 0 || f&fxVehStop != 0 && vehicle
				}
				if cl.out == 0 { // first reached (the start hex is never reached again: no way costs 0)
					out = append(out, dest{pos: q, cost: cost})
					cl.out = int16(len(out) - base)
				} else if o := &out[base+int(cl.out)-1]; cost < o.eff() || cost == o.eff() && cost < o.cost {
					*o = dest{pos: q, cost: cost}
				}
				cl.best[k] = cost + 1          // (its dice stay 0: no ice in this search)
				touch[qi>>6] |= 1 << (qi & 63) // would matter if a unit entered it
				if cost < maxM && !stop && qt < len(queue) {
					// (a way with no movement left, or stopped, goes no further)
					queue[qt] = reachNode{pos: q, cost: cost, capped: capped}
					qt++
				}
			}
			continue
		}
		for d := 0; d < 6; d++ {
			c := steps[d]
			if c < 0 {
				continue // off the board (the step tables say -1 there) or forbidden
			}
			if bel {
				c = 1
			}
			cost := n.cost + c
			if cost > lim {
				continue // too far, whoever stands there (below: the exact test)
			}
			q := nb[d]
			qi := uint8(q) // maxCells is 256: the tables below need no bounds checks
			if occ[qi] >= 0 {
				touch[qi>>6] |= 1 << (qi & 63) // would matter if it left
				continue
			}
			cl := &cells[qi]
			if cl.stamp != cur {
				*cl = reachCell{stamp: cur}
			}
			f := fx[qi]
			road := n.road && f&fxRoad != 0
			dice := n.dice
			if ice {
				dice += s.b.enterDice[q]
			}
			// worse: a way of kind w already reached q at no more cost (and,
			// with ice about, no fewer dice).
			worse := func(w int) bool {
				b := cl.best[w]
				return b != 0 && (b < cost+1 || b == cost+1 && (!ice || cl.dice[w] <= dice))
			}
			if !road && worse(wayFree) {
				continue // already reached, uncapped, at no more cost
			}
			if worse(wayRoad) {
				continue // already reached on road at no more cost: that way dominates
			}
			if cost > maxM && !(road && cost <= maxM+rb) {
				continue
			}
			capped := !bel && (n.capped || f>>fxCapShift != 0)
			if capped && cost > 2 {
				continue // entering a beach caps the move at 2 (rulebook "Plages")
			}
			if capped {
				road = false
			}
			if f&fxAdjOnly != 0 && !bel && !s.adjacent(u.start, q) {
				continue // enter a hedgerow only from a hex adjacent at turn start
			}
			stop := !bel && (f&fxStop != 0 || f&fxVehStop != 0 && vehicle || firstStop)
			k := wayFree
			switch {
			case road:
				k = wayRoad
			case capped:
				k = wayCapped
			}
			if worse(k) {
				continue
			}
			if k == wayCapped && worse(wayFree) {
				continue // an uncapped way at no more cost dominates
			}
			nd := dest{pos: q, cost: cost, road: road, dice: dice}
			switch {
			case cl.out == 0: // first reached
				out = append(out, nd)
				cl.out = int16(len(out) - base)
			case cl.out != 0:
				j := base + int(cl.out) - 1
				if o := out[j]; nd.eff() < o.eff() || nd.eff() == o.eff() && (nd.cost < o.cost || nd.cost == o.cost && nd.dice < o.dice) {
					out[j] = nd
				}
			}
			cl.best[k], cl.dice[k] = cost+1, dice
			touch[qi>>6] |= 1 << (qi & 63) // would matter if a unit entered it
			if next := cost < maxM || road && cost < maxM+rb; next && !stop && qt < len(queue) {
				queue[qt] = reachNode{pos: q, cost: cost, capped: capped, road: road, dice: dice}
				qt++
			}
		}
	}
	if u.boat {
		out = s.boatReach(u, out, base, sc) // launching the boats (FAQ III Actions)
	}
	return sortDests(out, base)
}

// sortDests puts out[base:] in the order of every search's dests: by cost,
// then by the board's index (issue 15, sixth pass: the order the bit-set
// search lists them in as it goes, reach_mask.go). The order is the legal
// moves' order, not a rule. An insertion sort: a reach is a few dozen hexes
// at most, and the searches that come here are few.
func sortDests(out []dest, base int) []dest {
	d := out[base:]
	for i := 1; i < len(d); i++ {
		x := d[i]
		j := i
		for ; j > 0 && (d[j-1].cost > x.cost || d[j-1].cost == x.cost && d[j-1].pos > x.pos); j-- {
			d[j] = d[j-1]
		}
		d[j] = x
	}
	return out
}

// reachPlain is reachIn's search when no way can be other than plain but
// for a beach: no infiltration, no ice dice on the board, no road bonus
// from the start. It lists the same hexes at the same costs as reachIn's
// loop for plain ways, and reports false, its work to be thrown away, as
// soon as a way meets a hex with a move cap (rulebook "Plages").
func (s *State) reachPlain(u *unit, maxM int8, out []dest, sc *reachSearch) ([]dest, bool) {
	base := len(out)
	queue := &sc.queue
	cells, cur, touch := &sc.cell, sc.cur, &sc.touch
	occ, fx := &s.occ, &s.fx
	nbs, stepTab := s.b.nb, s.step[u.side][u.typ]
	stepTab = stepTab[:len(nbs)] // (one table per board hex, as nbs: one bounds check below)
	vehicle := u.typ != Infantry
	// A unit that starts in a hedgerow stops on its first step.
	firstStop := s.leaveStops(u.start) && u.pos == u.start
	queue[0] = reachNode{pos: u.pos}
	qh, qt := 0, 1
	for qh < qt {
		// (every way queued has movement left and did not stop)
		n := queue[uint8(qh)] // (qh < qt <= 256)
		qh++
		p := int(uint8(n.pos))
		nb, steps := &nbs[p], &stepTab[p]
		room := uint8(maxM - n.cost)
		for d := 0; d < 6; d++ {
			c := steps[d]
			if uint8(c) > room {
				continue // off the board or forbidden (-1: 255 as a byte), or too far
			}
			cost := n.cost + c
			qi := uint8(nb[d]) // maxCells is 256: the tables below need no bounds checks
			if occ[qi] >= 0 {
				touch[qi>>6] |= 1 << (qi & 63) // would matter if it left
				continue
			}
			cl := &cells[qi]
			if cl.stamp != cur {
				*cl = reachCell{stamp: cur}
			}
			if b := cl.best[wayFree]; b != 0 && b <= cost+1 {
				continue // already reached at no more cost
			}
			stop := firstStop
			if f := fx[qi]; f&fxMoveRules != 0 {
				if f>>fxCapShift != 0 {
					return out, false // a beach: the general search
				}
				if f&fxAdjOnly != 0 && !s.adjacent(u.start, int16(qi)) {
					continue // enter a hedgerow only from a hex adjacent at turn start
				}
				stop = stop || f&fxStop != 0 || f&fxVehStop != 0 && vehicle
			}
			if cl.out == 0 { // first reached (the start hex is never reached again: no way costs 0)
				out = append(out, dest{pos: int16(qi), cost: cost})
				cl.out = int16(len(out) - base)
			} else {
				out[base+int(cl.out)-1].cost = cost // a cheaper plain way
			}
			cl.best[wayFree] = cost + 1
			touch[qi>>6] |= 1 << (qi & 63) // would matter if a unit entered it
			if cost < maxM && !stop && qt < len(queue) {
				queue[qt] = reachNode{pos: int16(qi), cost: cost}
				qt++
			}
		}
		firstStop = false
	}
	return out, true
}

// roadBonus is the hexes unit u moves more wholly on a road: 1 (FAQ II
// Routes), 2 for supply trucks ("+2 hex sur route", FAQ IV Camions de
// transport; UnitDef.RoadBonus).
func (s *State) roadBonus(u *unit) int8 {
	if b := s.kind(u).RoadBonus; b > 0 {
		return b
	}
	return 1
}

// canMove reports whether unit ui has at least one hex to move to: the
// first step of any move is a legal one-hex move; or it can leave the board
// through an exit.
func (s *State) canMove(ui int) bool {
	u := &s.units[ui]
	if u.boat {
		var buf [64]dest
		return len(s.reach(ui, buf[:0])) > 0
	}
	if len(s.b.exitList[u.side]) > 0 {
		var buf [64]dest
		var ex [8]int16
		if _, e := s.reachExit(ui, buf[:0], ex[:0]); len(e) > 0 {
			return true
		}
	}
	maxM := s.maxMove(u)
	steps := &s.step[u.side][u.typ][u.pos]
	for d, q := range s.b.nb[u.pos] {
		if q < 0 || s.occ[q] >= 0 {
			continue
		}
		c := steps[d]
		if c >= 0 && s.infiltrating(u) {
			return true
		}
		if c < 0 || c > maxM {
			continue
		}
		if s.fromAdjacentOnly(q) && !s.adjacent(u.start, q) {
			continue
		}
		return true
	}
	return false
}

// moveUnit carries out a move to a reachable hex at the given cost; road:
// the move was wholly on road (FAQ II Routes: one hex more, and one more
// before battling for a unit that may move and battle).
func (s *State) moveUnit(ui int, to int16, cost int8, road bool, dice int8) {
	u := &s.units[ui]
	from := u.pos
	s.setOcc(from, -1)
	s.leaveHex(from)
	u.pos = to
	s.unmark(ui)
	s.setOcc(to, int8(ui))
	u.moved = true
	u.camo = false // a unit that moves loses its camouflage (Winter Wars III)
	u.dist += cost
	if (s.enterStopsFor(u.typ, to) || s.fx[from]&fxLeaveStop != 0) && !s.infiltrating(u) {
		u.stopped = true // a unit that leaves a marsh or ravine stops in the next hex
	}
	if u.boat {
		s.boatMoved(u, from, to)
	}
	fight := s.moveAndFight(u)
	if road && fight > 0 {
		fight += s.roadBonus(u) // standard infantry: 2 and battle; armor: 4 and battle (FAQ II Routes); trucks 4
	}
	if s.enterForbidsBattle(u, to) || u.dist > fight {
		u.noBattle = true
	}
	s.emitUnits(Event{Kind: EvUnitMoved, Side: u.side, From: s.b.hexAt[from], To: s.b.hexAt[to]}, ui, -1)
	s.clearObstacles(u)
	if s.b.objAny.has(from) || s.b.objAny.has(to) {
		// A move changes the medals only through the objectives it leaves
		// or enters: the medals were counted after every other change
		// (issue 15, fifth pass; TestMedalsCurrentCorpus checks it).
		s.updateMedals()
	}
	if dice > 0 && s.phase != PhaseOver {
		s.breakIce(ui, dice)
	}
	if len(s.mines) > 0 && !s.infiltrating(u) && !u.dead && s.phase != PhaseOver {
		s.enterMinefield(ui)
	}
}

// canTakeGround reports whether unit u may advance into the hex its target
// vacated (rulebook p.10 "Prise de terrain"; FAQ I Prise de terrain).
func (s *State) canTakeGround(u *unit, to int16) bool {
	if !s.kind(u).TakesGround || u.stopped || s.occ[to] >= 0 {
		return false
	}
	if s.impassableFor(u.side, u.typ, to) || !s.bridgeEntryOK(u.pos, to) || !s.heightStepOK(u.pos, to) || !s.banksAllow(u.pos, to) {
		return false
	}
	if s.stepCost(u.typ, u.pos, to) < 0 {
		return false // armor cannot climb from a beach to a bluff
	}
	if !s.groundTakeable(u.pos, to) {
		return false // cliff from a beach (rulebook "Falaises")
	}
	if s.fromAdjacentOnly(to) && (u.moved || !s.adjacent(u.start, to)) {
		return false // hedgerow: only for a unit that started adjacent and has not moved
	}
	if s.fx[to]&fxNoTakeGround != 0 || s.fx[u.pos]&fxNoTakeGround != 0 {
		return false // ravines: not into nor out of one (FAQ II Balkas)
	}
	return true
}

func (s *State) adjacent(a, b int16) bool {
	for _, n := range s.b.nb[a] {
		if n == b {
			return true
		}
	}
	return false
}

// exitBoard: unit ui moves to exit hex at and leaves the board there,
// winning its side the exit's medals; it is out of the game, and no medal
// goes to the other side (Winter Wars III "Pions Exit").
func (s *State) exitBoard(ui int, at int16) {
	u := &s.units[ui]
	from := u.pos
	e := &s.b.setup.Exits[s.b.exitAt[u.side][at]-1]
	m := max(1, e.Medals[u.typ])
	s.setOcc(from, -1)
	s.leaveHex(from)
	u.pos = at
	u.dead, u.moved = true, true
	s.unmark(ui)
	s.exited[u.side] += m
	s.exits[u.side]++
	s.emitUnits(Event{Kind: EvUnitExited, Side: u.side, From: s.b.hexAt[from], To: s.b.hexAt[at], N: m}, ui, -1)
	s.updateMedals()
}
