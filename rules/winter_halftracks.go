package rules

// Half-tracks (Winter Wars V "Half-Tracks"): armor when targeted, 1 to 3
// figures, move 2 and battle with 2 dice at 1-2 hexes, take ground but no
// overrun; a medal for every 3 half-tracks destroyed rather than per unit;
// instead of battling, figures given to damaged adjacent units.

var halfTracks = UnitDef{Key: "half-tracks", Class: Armor, Source: wwV + "Half-Tracks", Figures: 3, MaxMove: 2, MoveAndFight: 2,
	RangeDice: [MaxRange]int8{2, 2}, NeedsSight: true, TakesGround: true, RetreatPerFlag: 1,
	MedalPerFigures: 3, Reinforces: true, NoHealing: true, Symbol: "half-tracks",
	Summary: "half-tracks: hit as armor; move 2 and battle with 2 dice at 1-2 hexes; take ground, no overrun; " +
		"a medal per 3 half-tracks destroyed; instead of battling, give figures to damaged adjacent units; Medics & Mechanics cannot order them"}

// canReinforce reports whether ordered unit u may still give figures
// instead of battling: a half-tracks unit that could battle and has not, or
// that has begun reinforcing this turn, with an adjacent unit to reinforce.
func (s *State) canReinforce(u *unit) bool {
	if !s.kind(u).Reinforces || u.dead || !u.ordered || u.noBattle || (u.battled && !u.gave) || s.noBattleFrom(u.pos) {
		return false
	}
	if !u.gave && u.shots <= 0 {
		return false
	}
	for _, n := range s.b.nb[u.pos] {
		if n >= 0 && s.occ[n] >= 0 && s.halfTrackReinforceable(u, &s.units[s.occ[n]]) {
			return true
		}
	}
	return false
}

// halfTrackReinforceable: t is a friendly unit that has lost figures, of more than
// one figure at full strength, and not half-tracks itself (Winter Wars V
// "Renforcement d'effectif": never a one-figure unit).
func (s *State) halfTrackReinforceable(u, t *unit) bool {
	return t != u && !t.dead && t.side == u.side && t.figures < t.max && t.max > 1 && !s.kind(t).Reinforces
}

// reinforceOptions appends unit u's reinforce actions.
func (s *State) reinforceOptions(u *unit, buf []Action) []Action {
	if !s.canReinforce(u) {
		return buf
	}
	for _, n := range s.b.nb[u.pos] {
		if n >= 0 && s.occ[n] >= 0 && s.halfTrackReinforceable(u, &s.units[s.occ[n]]) {
			buf = append(buf, Action{Kind: ActReinforce, From: s.b.hexAt[u.pos], To: s.b.hexAt[n]})
		}
	}
	return buf
}

// reinforce: half-tracks ui give one figure to unit ti, which may not
// battle this turn; the half-tracks give up their battle. Half-tracks used
// up are taken off the board and give no medal (Winter Wars V).
func (s *State) reinforce(ui, ti int) {
	u, t := &s.units[ui], &s.units[ti]
	u.gave, u.battled, u.shots = true, true, 0
	u.figures--
	u.given++
	t.figures++
	t.noBattle = true
	s.emitUnits(Event{Kind: EvReinforced, Side: u.side, From: s.b.hexAt[u.pos], To: s.b.hexAt[t.pos], N: 1}, ui, ti)
	if u.figures == 0 {
		u.dead = true
		s.unmark(ui)
		s.setOcc(u.pos, -1)
		s.emitUnits(Event{Kind: EvUnitEliminated, Side: u.side, To: s.b.hexAt[u.pos]}, ui, -1)
		s.leaveHex(u.pos)
	}
	s.updateMedals()
}

// vehicleMedals are the medals side has won by destroying figures of units
// whose kind gives a medal per MedalPerFigures figures (half-tracks: one per
// 3, whatever units they came from; figures given to reinforce never count).
func (s *State) vehicleMedals(side Side) int {
	if !s.b.anyPerFigure {
		return 0
	}
	var lost [8]int
	for i := range s.units {
		u := &s.units[i]
		k := s.kind(u)
		if u.side == side || k.MedalPerFigures == 0 || u.reserve > 0 {
			continue
		}
		lost[min(int(k.MedalPerFigures), 7)] += int(u.max - u.figures - u.given)
	}
	n := 0
	for per, l := range lost {
		if per > 0 {
			n += l / per
		}
	}
	return n
}
