package rules

import "m44/hex"

// Battle resolution (rulebook p.9-11): roll, hits, retreat, take ground,
// armor overrun.

// battle resolves unit ui's battle against the unit on hex t.
func (s *State) battle(ui int, t int16, overrun bool) {
	u := &s.units[ui]
	if overrun {
		u.overrun = true
	} else {
		u.battled = true
	}
	dice := s.battleDice(u, t)
	ti := int(s.occ[t])
	s.bt = battleCtx{att: int8(ui), target: int8(ti), targetPos: t, overrun: overrun,
		close: hex.Distance(s.b.hexAt[u.pos], s.b.hexAt[t]) == 1}
	s.emit(Event{Kind: EvBattle, Side: u.side, From: s.b.hexAt[u.pos], To: s.b.hexAt[t], N: dice})
	var faces [8]Face
	ev := Event{Kind: EvDiceRolled, Side: u.side}
	var hits, flags int8
	for k := int8(0); k < dice; k++ {
		f := s.roll()
		if k < 8 {
			faces[k] = f
		}
		h, fl := hitsOn(s.units[ti].typ, []Face{f})
		hits += h
		flags += fl
	}
	ev.Dice, ev.NDice = faces, min(dice, 8)
	s.emit(ev)
	s.resolveHits(ti, hits, flags, true)
}

// resolveHits applies hits, then flags (rulebook p.9 "Résoudre l'attaque").
func (s *State) resolveHits(ti int, hits, flags int8, ignorable bool) {
	target := &s.units[ti]
	if hits > 0 {
		lost := min(hits, target.figures)
		target.figures -= lost
		s.emit(Event{Kind: EvHits, To: s.b.hexAt[target.pos], N: lost})
		if target.figures == 0 {
			s.eliminate(ti)
			s.afterResolve()
			return
		}
	}
	if flags == 0 {
		s.afterResolve()
		return
	}
	s.bt.retreats = s.retreatOptions(target, flags, ignorable && s.canIgnoreFlag(target), s.bt.retreats[:0])
	if len(s.bt.retreats) == 1 {
		s.applyRetreat(s.bt.retreats[0])
		return
	}
	s.phase = PhaseRetreat
}

// eliminate removes a unit whose last figure is lost; the other side gains a
// medal (rulebook "But du jeu").
func (s *State) eliminate(ti int) {
	u := &s.units[ti]
	u.dead = true
	u.figures = 0
	s.occ[u.pos] = -1
	s.emit(Event{Kind: EvUnitEliminated, Side: u.side, To: s.b.hexAt[u.pos]})
	s.leaveHex(u.pos)
	s.kills[u.side.Opp()]++
	s.updateMedals()
}

// retreatStep lists the hexes one retreat step from pos may reach: toward the
// owner's baseline, never into or through units, impassable terrain or
// ocean, nor off the board; terrain does not slow it (rulebook p.9 "Retraite").
func (s *State) retreatSteps(u *unit, pos int16, out []int16) []int16 {
	// Directions toward the bottom (row+1) are 1 and 2; toward the top 4 and 5.
	dirs := [2]int{1, 2}
	if u.side == s.b.setup.Top {
		dirs = [2]int{4, 5}
	}
	for _, d := range dirs {
		q := s.b.nb[pos][d]
		if q < 0 || s.occ[q] >= 0 || s.impassableFor(u.typ, q) || s.terr(q).ocean {
			continue
		}
		if !s.bridgeEntryOK(pos, q) || !s.heightStepOK(pos, q) {
			continue
		}
		out = append(out, q)
	}
	return out
}

// retreatOptions lists the ways unit u may carry out flags: the unit must
// retreat as far as any path allows and loses a figure per flag it cannot
// apply (FAQ I Retraite); one flag may be ignored where the hex allows it,
// never more; French Resistance retreats 1 to 3 hexes per flag (annex 1).
func (s *State) retreatOptions(u *unit, flags int8, ignorable bool, out []retreatOpt) []retreatOpt {
	for ign := int8(0); ign <= 1; ign++ {
		if ign == 1 && !ignorable {
			break
		}
		need := flags - ign
		if need == 0 {
			out = addRetreat(out, retreatOpt{to: u.pos, ignore: ign})
			continue
		}
		if s.cannotRetreat(u) {
			out = addRetreat(out, retreatOpt{to: u.pos, losses: need, ignore: ign})
			continue
		}
		maxSteps := need
		if u.resistance {
			maxSteps = 3 * need
		}
		// Breadth-first by steps. Every step changes the row by one, so level k
		// (the hexes exactly k steps away) is all[bound[k-1]:bound[k]].
		var all [128]int16
		var bound [32]int
		var seen [maxCells]bool
		var step [2]int16
		all[0], bound[0] = u.pos, 1
		prev := 0
		reached := int8(0)
		for k := 1; k <= int(maxSteps) && k < len(bound); k++ {
			m := bound[k-1]
			for _, p := range all[prev:bound[k-1]] {
				for _, q := range s.retreatSteps(u, p, step[:0]) {
					if !seen[q] && m < len(all) {
						seen[q] = true
						all[m] = q
						m++
					}
				}
			}
			if m == bound[k-1] {
				break
			}
			bound[k] = m
			prev = bound[k-1]
			reached = int8(k)
		}
		levelOf := func(k int8) []int16 { return all[bound[k-1]:bound[k]] }
		if reached < need {
			if reached == 0 {
				out = addRetreat(out, retreatOpt{to: u.pos, losses: need, ignore: ign})
				continue
			}
			for _, q := range levelOf(reached) {
				out = addRetreat(out, retreatOpt{to: q, steps: reached, losses: need - reached, ignore: ign})
			}
			continue
		}
		for k := need; k <= reached; k++ {
			for _, q := range levelOf(k) {
				out = addRetreat(out, retreatOpt{to: q, steps: k, ignore: ign})
			}
		}
	}
	return out
}

// addRetreat adds an option unless the same end and losses are already offered.
func addRetreat(out []retreatOpt, o retreatOpt) []retreatOpt {
	for _, p := range out {
		if p.to == o.to && p.losses == o.losses {
			return out
		}
	}
	return append(out, o)
}

// applyRetreat carries out a chosen retreat option.
func (s *State) applyRetreat(o retreatOpt) {
	ti := int(s.bt.target)
	u := &s.units[ti]
	s.phase = PhaseBattle
	if s.bt.overrun {
		s.phase = PhaseOverrun
	}
	if o.ignore > 0 {
		s.emit(Event{Kind: EvFlagIgnored, To: s.b.hexAt[u.pos]})
	}
	if o.to != u.pos {
		from := u.pos
		s.occ[from] = -1
		s.leaveHex(from)
		u.pos = o.to
		s.occ[o.to] = int8(ti)
		s.emit(Event{Kind: EvRetreated, Side: u.side, From: s.b.hexAt[from], To: s.b.hexAt[o.to], N: o.steps})
		s.updateMedals()
		if s.phase == PhaseOver {
			return
		}
	}
	if o.losses > 0 {
		lost := min(o.losses, u.figures)
		u.figures -= lost
		s.emit(Event{Kind: EvFlagLosses, To: s.b.hexAt[u.pos], N: lost})
		if u.figures == 0 {
			s.eliminate(ti)
		}
	}
	s.afterResolve()
}

// afterResolve offers take ground after a decisive close assault, or goes on
// with the battle step.
func (s *State) afterResolve() {
	if s.phase == PhaseOver {
		return
	}
	a := &s.units[s.bt.att]
	if s.bt.close && !a.dead && s.occ[s.bt.targetPos] < 0 && s.canTakeGround(a, s.bt.targetPos) {
		s.phase = PhaseTakeGround
		return
	}
	s.phase = PhaseBattle
	s.afterBattle()
}

// takeGround moves the attacker into the vacated hex, then offers an armor
// overrun (rulebook p.10-11).
func (s *State) takeGround() {
	ui := int(s.bt.att)
	u := &s.units[ui]
	from, to := u.pos, s.bt.targetPos
	s.occ[from] = -1
	s.leaveHex(from)
	u.pos = to
	s.occ[to] = int8(ui)
	if s.enterStops(to) {
		u.stopped = true
	}
	enteredNoBattle := s.enterForbidsBattle(u, to)
	s.emit(Event{Kind: EvTookGround, Side: u.side, From: s.b.hexAt[from], To: s.b.hexAt[to]})
	s.armorClearsWire(u)
	s.updateMedals()
	if s.phase == PhaseOver {
		return
	}
	if u.typ == Armor && !s.bt.overrun && !u.overrun && !enteredNoBattle {
		var buf [32]Action
		if len(s.targets(ui, buf[:0])) > 0 {
			s.phase = PhaseOverrun
			return
		}
	}
	s.phase = PhaseBattle
	s.afterBattle()
}
