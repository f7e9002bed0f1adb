package rules

import (
	"slices"
	"strings"

	"m44/hex"
)

// Battle resolution (rulebook p.9-11): roll, hits, retreat, take ground,
// armor overrun.

// declareBattle: unit ui declares a battle against the unit on hex t. A close
// assault may first be answered by an Ambush (command-cards.md "Ambush").
func (s *State) declareBattle(ui int, t int16, overrun bool) {
	u := &s.units[ui]
	if overrun {
		u.overrun = true
	} else {
		// Units battle one at a time (rulebook p.9 "Attaquer"): a unit that
		// has battled and still has a shot (Artillery Bombard) gives it up
		// once another unit battles (FAQ VIII; command-cards.md ruling 34).
		for _, oi := range s.orderedBy {
			if o := &s.units[oi]; int(oi) != ui && o.battled {
				o.shots = 0
			}
		}
		u.battled = true
		u.shots--
	}
	u.camo = false // a unit that battles loses its camouflage (Winter Wars III)
	// Armor battling from a wire hex (where a retreat left it) removes the
	// wire, as armor entering it does (FAQ digest 69 [II Barbelés]).
	s.clearObstacles(u)
	ti := int(s.occ[t])
	close := hex.Distance(s.b.hexAt[u.pos], s.b.hexAt[t]) == 1
	s.push(frame{kind: frBattle, att: int8(ui), target: int8(ti), attPos: u.pos, targetPos: t, overrun: overrun, close: close})
	if close && s.canAmbush(ti, ui) {
		s.phase = PhaseAmbush
		return
	}
	s.rollBattle()
}

// canAmbush reports whether a close assault on unit ti opens the Ambush
// window: the defender could fire back at the attacker ui, and, as far as the
// attacking side can tell, the defending side might hold an Ambush. The
// window opens whether or not it does, so that its opening reveals nothing
// (the defender then may only decline).
func (s *State) canAmbush(ti, ui int) bool {
	d := &s.units[ti]
	return s.ambushHidden(d.side.Opp()) && !s.noBattleFrom(d.pos) && s.battleDice(d, s.units[ui].pos, false) > 0
}

// playAmbush: the attacked unit fires first at the declaring unit, in a
// frame of its own above the declared battle; the declared battle goes on
// only if the attacker neither died nor moved.
func (s *State) playAmbush(c CardID) {
	bt := *s.top()
	d := &s.units[bt.target]
	side := d.side
	at := s.cardPlace(side, c)
	if at == sharedPlace {
		s.shared[side] = NoCard
	} else {
		s.hands[at] = removeCard(s.hands[at], c)
	}
	s.ambushAt = int8(at)
	s.discard = append(s.discard, c)
	s.emit(Event{Kind: EvCardPlayed, Side: side, Card: c})
	s.ambusher = int8(side) + 1
	d.camo = false // it battles: camouflage lost (FAQ III Camouflage, faq-digest 109)
	a := &s.units[bt.att]
	s.push(frame{kind: frAnswer, att: bt.target, target: bt.att, attPos: d.pos, targetPos: a.pos, close: true})
	s.emitUnits(Event{Kind: EvAmbush, Side: side, From: s.b.hexAt[d.pos], To: s.b.hexAt[a.pos]}, int(bt.target), int(bt.att))
	dice := s.battleDice(d, a.pos, false)
	s.fire(side, int(bt.att), dice, s.starsHit(d, a), false)
}

// ambushHidden reports whether some Ambush card of the deck is out of
// viewer's sight: not in its side's hands, not discarded, not in play.
func (s *State) ambushHidden(viewer Side) bool {
	for id, d := range s.b.deckDef {
		if !d.Reaction {
			continue
		}
		cid := CardID(id)
		if k := s.keepCards(); cid == s.played || cid == k[0] || cid == k[1] || s.cardPlace(viewer, cid) >= 0 {
			continue
		}
		if slices.Contains(s.discard, cid) {
			continue
		}
		return true
	}
	return false
}

// ambushCard finds an Ambush that side can play: in a player's hand (either
// team mate's) or as the team's shared card (rulebook annex 5); at is -1 if none.
func (s *State) ambushCard(side Side) (c CardID, at int) {
	for p := 0; p < int(s.players[side]); p++ {
		for _, h := range s.hands[seatOf(side, p)] {
			if s.b.deckDef[h].Reaction {
				return h, seatOf(side, p)
			}
		}
	}
	if sh := s.shared[side]; sh != NoCard && s.b.deckDef[sh].Reaction {
		return sh, sharedPlace
	}
	return NoCard, -1
}

// cardPlace is where side holds card c: a seat, sharedPlace, or -1.
func (s *State) cardPlace(side Side, c CardID) int {
	for p := 0; p < int(s.players[side]); p++ {
		for _, h := range s.hands[seatOf(side, p)] {
			if h == c {
				return seatOf(side, p)
			}
		}
	}
	if s.shared[side] == c {
		return sharedPlace
	}
	return -1
}

// rollBattle rolls the declared battle on top of the stack.
func (s *State) rollBattle() {
	bt := s.top()
	if s.reactionWindow(bt) {
		s.phase = PhaseCombat // the defender's Combat cards first (winter_combat.go)
		return
	}
	u := &s.units[bt.att]
	t := bt.targetPos
	dice := max(0, s.battleDice(u, t, bt.overrun)-bt.malus)
	s.emitUnits(Event{Kind: EvBattle, Side: u.side, From: s.b.hexAt[u.pos], To: s.b.hexAt[t], N: dice}, int(bt.att), int(bt.target))
	s.fire(u.side, int(bt.target), dice, s.starsHit(u, &s.units[bt.target]) || s.combatStarsHit(u), false)
}

// fire rolls dice against unit vi and resolves the result. Stars hit when
// starsHit (Air Power); noIgnore forbids ignoring a flag (Air Power, Barrage).
func (s *State) fire(by Side, vi int, dice int8, starsHit, noIgnore bool) {
	ev := Event{Kind: EvDiceRolled, Side: by}
	var hits, flags int8
	sym, hasSym := symbolOf(s.units[vi].typ)
	hasSym = hasSym && s.symbolsHit()
	for k := int8(0); k < dice; k++ {
		f := s.roll()
		ev.addFace(f)
		switch {
		case f == FaceGrenade, hasSym && f == sym, starsHit && f == FaceStar:
			hits++
		case f == FaceFlag:
			flags++
		}
	}
	s.emit(ev)
	hits = s.hitsStanding(vi, hits)
	f := s.top()
	f.victim, f.noIgnore = int8(vi), noIgnore
	s.resolveHits(vi, hits, flags, !noIgnore)
}

// resolveHits applies hits, then flags (rulebook p.9 "Résoudre l'attaque").
func (s *State) resolveHits(ti int, hits, flags int8, ignorable bool) {
	target := &s.units[ti]
	if hits > 0 {
		lost := min(hits, target.figures)
		target.figures -= lost
		s.emitUnits(Event{Kind: EvHits, To: s.b.hexAt[target.pos], N: lost}, ti, -1)
		if target.figures == 0 {
			s.eliminate(ti)
			s.afterResolve()
			return
		}
		if s.b.anyPerFigure {
			s.updateMedals() // half-tracks give medals by figures (Winter Wars V)
		}
		if s.b.anyMarks {
			s.markTarget(ti) // a big gun's target marker (FAQ IV Artillerie lourde)
		}
	}
	if flags > 0 && ignorable && s.ignoresAllFlags(target) {
		flags = 0 // a fortress: every flag ignored (Terrain Pack 24 Forteresses)
	}
	if flags == 0 {
		s.afterResolve()
		return
	}
	f := s.top()
	f.flags = flags
	f.retreats = s.retreatOptions(target, flags, ignorable && s.canIgnoreFlag(target), f.retreats[:0])
	if len(f.retreats) == 0 {
		s.afterResolve()
		return
	}
	if len(f.retreats) == 1 && !s.tenacityOpen() {
		s.applyRetreat(f.retreats[0])
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
	s.unmark(ti)
	s.setOcc(u.pos, -1)
	s.emitUnits(Event{Kind: EvUnitEliminated, Side: u.side, To: s.b.hexAt[u.pos]}, ti, -1)
	s.leaveHex(u.pos)
	s.kills[u.side.Opp()] += u.worth
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
		if q < 0 || s.occ[q] >= 0 || s.impassableFor(u.side, u.typ, q) || s.noRetreatInto(q) {
			continue
		}
		if !s.bridgeEntryOK(pos, q) || !s.heightStepOK(pos, q) || !s.banksAllow(pos, q) {
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
		maxSteps := need * max(1, s.kind(u).RetreatPerFlag)
		// Breadth-first by steps. Every step changes the row by one, so level k
		// (the hexes exactly k steps away) is all[bound[k-1]:bound[k]].
		var all [128]int16
		var bound [32]int
		var seen [maxCells]bool
		// dice[q]: the fewest ice dice on a way to q (frozen rivers,
		// TerrainDef.EnterDice); a level's hexes are reached only from the
		// level before, so the minimum is final once the level is done.
		var dice [maxCells]int8
		ice := s.b.anyEnterDice
		var step [2]int16
		all[0], bound[0] = u.pos, 1
		prev := 0
		reached := int8(0)
		for k := 1; k <= int(maxSteps) && k < len(bound); k++ {
			m := bound[k-1]
			for _, p := range all[prev:bound[k-1]] {
				for _, q := range s.retreatSteps(u, p, step[:0]) {
					if ice {
						d := dice[p] + s.b.enterDice[q]
						if !seen[q] || d < dice[q] {
							dice[q] = d
						}
					}
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
				out = addRetreat(out, retreatOpt{to: q, steps: reached, losses: need - reached, ignore: ign, dice: dice[q]})
			}
			continue
		}
		for k := need; k <= reached; k++ {
			for _, q := range levelOf(k) {
				out = addRetreat(out, retreatOpt{to: q, steps: k, ignore: ign, dice: dice[q]})
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
	ti := int(s.top().victim)
	u := &s.units[ti]
	s.phase = PhaseBattle
	if o.ignore > 0 {
		s.emitUnits(Event{Kind: EvFlagIgnored, To: s.b.hexAt[u.pos]}, ti, -1)
	}
	if o.to != u.pos {
		from := u.pos
		u.camo = false // it moved: camouflage lost (FAQ III Camouflage, faq-digest 108)
		s.setOcc(from, -1)
		s.leaveHex(from)
		u.pos = o.to
		s.unmark(ti)
		s.setOcc(o.to, int8(ti))
		s.emitUnits(Event{Kind: EvRetreated, Side: u.side, From: s.b.hexAt[from], To: s.b.hexAt[o.to], N: o.steps}, ti, -1)
		s.updateMedals()
		if s.phase == PhaseOver {
			return
		}
	}
	if o.losses > 0 {
		lost := min(o.losses, u.figures)
		u.figures -= lost
		s.emitUnits(Event{Kind: EvFlagLosses, To: s.b.hexAt[u.pos], N: lost}, ti, -1)
		if u.figures == 0 {
			s.eliminate(ti)
		} else if s.b.anyPerFigure {
			s.updateMedals() // half-tracks give medals by figures (Winter Wars V)
		}
	}
	if o.dice > 0 && !u.dead && s.phase != PhaseOver {
		s.breakIce(ti, o.dice) // a retreat onto a frozen river (FAQ II 47)
	}
	if s.phase == PhaseOver {
		return
	}
	s.afterResolve()
}

// afterResolve goes on after one unit's hits and flags are settled, with
// the frame that fired: the next hex of a card's attack; after an answer
// (Ambush), the battle it answered if the attacker is still there (FAQ
// ruling 22: a blocked retreat leaves it in place); after a battle, take
// ground after a decisive close assault, else back to the battle step.
func (s *State) afterResolve() {
	if s.phase == PhaseOver {
		return
	}
	f := s.top()
	switch f.kind {
	case frCardFire:
		s.fireCard()
		return
	case frAnswer:
		s.pop()
		bt := s.top()
		if a := &s.units[bt.att]; !a.dead && a.pos == bt.attPos {
			s.rollBattle()
			return
		}
		s.pop()
		s.phase = PhaseBattle
		s.afterBattle()
		return
	case frBattleBack:
		s.pop()
		s.pop()
		s.phase = PhaseBattle
		s.afterBattle()
		return
	}
	if s.mayBattleBack(f) {
		s.battleBack(f)
		return
	}
	a := &s.units[f.att]
	if f.close && !a.dead && s.occ[f.targetPos] < 0 && !s.b.setup.NoTakeGround && s.canTakeGround(a, f.targetPos) {
		s.phase = PhaseTakeGround
		return
	}
	s.pop()
	s.phase = PhaseBattle
	s.afterBattle()
}

// takeGround moves the attacker into the vacated hex, then offers an armor
// overrun (rulebook p.10-11).
func (s *State) takeGround() {
	bt := *s.top()
	ui := int(bt.att)
	u := &s.units[ui]
	from, to := u.pos, bt.targetPos
	s.setOcc(from, -1)
	s.leaveHex(from)
	u.pos = to
	s.unmark(ui)
	s.setOcc(to, int8(ui))
	if s.enterStopsFor(u.typ, to) {
		u.stopped = true
	}
	if u.boat {
		s.boatMoved(u, from, to)
	}
	enteredNoBattle := s.enterForbidsBattle(u, to)
	s.emitUnits(Event{Kind: EvTookGround, Side: u.side, From: s.b.hexAt[from], To: s.b.hexAt[to]}, ui, -1)
	s.clearObstacles(u)
	s.updateMedals()
	if s.phase == PhaseOver {
		return
	}
	if s.b.anyEnterDice && s.b.enterDice[to] > 0 && !s.breakIce(ui, s.b.enterDice[to]) {
		enteredNoBattle = true // the ice broke under it
	}
	if s.phase == PhaseOver {
		return
	}
	if s.kind(u).Overruns && !bt.overrun && !u.overrun && !enteredNoBattle && !s.b.setup.NoTakeGround {
		var buf [32]Action
		if len(s.targets(ui, buf[:0])) > 0 {
			s.phase = PhaseOverrun
			return
		}
	}
	s.pop()
	s.phase = PhaseBattle
	s.afterBattle()
}

// Air Power and Barrage (command-cards.md): the card itself attacks.

// aimable reports whether the unit on hex i may be added to the card's targets.
func (s *State) aimable(i int16) bool {
	ui := s.occ[i]
	if ui < 0 || s.units[ui].side == s.active || s.units[ui].camo {
		return false // a camouflaged unit is attacked only in close combat (Winter Wars III "Camouflage")
	}
	aim := s.aimed()
	for _, a := range aim {
		if a == i {
			return false
		}
	}
	if f := s.top(); len(aim) == 0 && f != nil && f.section > 0 && s.b.section[s.active][i]&(1<<(f.section-1)) == 0 {
		// An air raid's group includes a hex of the Recon's section (ruling
		// 21): it starts there, which allows every such group.
		return false
	}
	if !s.effDef().Aim.Group || len(aim) == 0 {
		return true
	}
	// Air Power: up to 4 enemy units forming one group of adjacent hexes.
	for _, a := range aim {
		if s.adjacent(a, i) {
			return true
		}
	}
	return false
}

func (s *State) aimOptions(buf []Action) []Action {
	for i := range s.units {
		u := &s.units[i]
		if !u.dead && s.aimable(u.pos) {
			buf = append(buf, Action{Kind: ActTarget, To: s.b.hexAt[u.pos]})
		}
	}
	return buf
}

func (s *State) anyTarget() bool {
	if len(s.aimed()) >= int(s.effDef().Aim.Max) {
		return false
	}
	for i := range s.units {
		if u := &s.units[i]; !u.dead && s.aimable(u.pos) {
			return true
		}
	}
	return false
}

// fireCard resolves the next chosen hex of an Air Power or Barrage, then ends
// the turn. Terrain protection never applies and flags cannot be ignored;
// Air Power's stars hit (FAQ rulings 12-15).
func (s *State) fireCard() {
	s.phase = PhaseTarget
	f := s.top()
	for int(f.next) < len(f.aim) {
		i := f.aim[f.next]
		f.next++
		vi := s.occ[i]
		if vi < 0 {
			continue
		}
		f.target, f.targetPos = vi, i
		aim := s.effDef().Aim
		dice := aim.Dice(s)
		s.emitUnits(Event{Kind: EvCardAttack, Side: s.active, To: s.b.hexAt[i], N: dice}, -1, int(vi))
		s.fire(s.active, int(vi), dice, aim.StarsHit, true)
		return // fire resolves, then afterResolve calls fireCard again
	}
	s.pop()
	s.endTurn()
}

// airPowerDice is the dice per hex of Air Power for side: 2 for the side with
// air superiority and 1 for the other, by theatre and year (rulebook annex 4);
// a scenario may set it.
func (s *State) airPowerDice(side Side) int {
	st := s.b.setup
	if st.AirDice[side] > 0 {
		return st.AirDice[side]
	}
	if n := s.rulesetAirDice(side); n > 0 {
		return int(n) // the weather (WW II "Chutes de neige")
	}
	sup, ok := AirSuperiority(st.Front, st.Year)
	if !ok {
		return 1
	}
	if sup == side {
		return 2
	}
	return 1
}

// AirSuperiority is the side with air superiority in a theatre and year
// (rulebook annex 4); ok is false where neither has it. Unknown theatres
// and years follow the base game: the Allies, as on the Western front in 1944.
func AirSuperiority(front string, year int) (Side, bool) {
	// 1939..1945: 0 neither, 1 Allies, 2 Axis.
	table := map[string][7]int8{
		"WESTERN":       {2, 2, 2, 2, 2, 1, 1},
		"EASTERN":       {2, 2, 2, 2, 0, 0, 0},
		"PACIFIC":       {2, 2, 2, 2, 0, 1, 1},
		"MEDITERRANEAN": {0, 2, 2, 0, 0, 1, 1},
	}
	r, ok := table[strings.ToUpper(front)]
	if !ok || year < 1939 || year > 1945 {
		return Allies, true
	}
	switch r[year-1939] {
	case 1:
		return Allies, true
	case 2:
		return Axis, true
	}
	return Allies, false
}
