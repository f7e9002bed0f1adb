package rules

// Oasis recovery (FAQ III "Soins dans l'oasis"; the .m44 behavior
// OASIS_RECOVERY, the Terrain Pack marker oasis-recovery). Our copy of the
// FAQ names the action without its text; the fact is taken from
// memoir44.wikia.com/wiki/Oasis: "When in an oasis, as long as there are no
// adjacent enemy units, you may activate that unit to heal it. Roll as many
// die as you have command cards, and for all matching symbols and stars,
// [add] one figurine. You may not surpass the original amount." Winter Wars
// V ("Soins hospitaliers / Soins dans l'Oasis") confirms that units regain
// figures there (half-tracks never do). docs/rules-decisions.md "Oasis
// recovery" records what we decided where the text is short: the roll is
// Medics & Mechanics' (a die per card held, the card in play included;
// artillery heals on stars), and a unit that rolls gives up its move and
// its battle.

// recoveryHex: hex i carries a row that lets ordered units recover figures.
func (s *State) recoveryHex(i int16) bool {
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.Recovery {
			return true
		}
	}
	return false
}

// recoverOptions appends unit u's recovery roll if it may make one.
func (s *State) recoverOptions(u *unit, buf []Action) []Action {
	if s.canRecover(u) {
		buf = append(buf, Action{Kind: ActRecover, From: s.b.hexAt[u.pos]})
	}
	return buf
}

// canRecover: ordered unit u may roll for lost figures instead of battling:
// it has not moved nor battled, it could still battle, it has lost figures
// and may regain them, it stands where recovery is allowed, and no enemy is
// adjacent to it.
func (s *State) canRecover(u *unit) bool {
	if !s.b.recovery || u.moved || !s.canBattleNow(u) || u.battled || u.figures >= u.max || s.kind(u).NoHealing {
		return false
	}
	return s.recoveryHex(u.pos) && !s.inCloseCombat(u)
}

// recover: unit ui rolls a die per command card its side holds, the card
// in play included; each of its symbols or a star brings back a figure, up
// to its strength. The unit neither moves nor battles this turn.
func (s *State) recover(ui int) {
	u := &s.units[ui]
	u.battled, u.shots, u.moved = true, 0, true
	back := s.rollFiguresBack(u, u.side)
	u.figures += back
	s.emit(Event{Kind: EvHealed, Side: u.side, To: s.b.hexAt[u.pos], N: back})
}
