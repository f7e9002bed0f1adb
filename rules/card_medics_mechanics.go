package rules

// Medics & Mechanics (command-cards.md "Medics & Mechanics").

// hasLostFigures: only a unit that has lost figures may be ordered; never
// half-tracks (Winter Wars V Half-Tracks, "Médecins & Mécaniciens").
func hasLostFigures(s *State, u *unit) bool { return u.figures < u.max && !s.kind(u).NoHealing }

// heal rolls for unit i: one die per card held, this one included; each of
// the unit's symbols or a star returns a figure (artillery: stars only), up
// to its strength. A unit that gets none back is not ordered (false); one
// that does then moves and battles normally.
func heal(s *State, i int) bool {
	u := &s.units[i]
	back := s.rollFiguresBack(u, s.active)
	s.quota = Quota{}
	if back == 0 {
		return false
	}
	u.figures += back
	u.fx = false // once healed it moves and battles normally
	s.emitUnits(Event{Kind: EvHealed, To: s.b.hexAt[u.pos], N: back}, i, -1)
	return true
}

// rollFiguresBack rolls a die per command card the side holds, the card in
// play included, and returns the figures unit u gets back: one per symbol
// of its own or star, up to its strength (Medics & Mechanics; the oasis
// recovery copies the roll). The dice are emitted for side.
func (s *State) rollFiguresBack(u *unit, side Side) int8 {
	n := s.heldCards()
	ev := Event{Kind: EvDiceRolled, Side: side}
	sym, hasSym := symbolOf(u.typ)
	var back int8
	for k := 0; k < n; k++ {
		f := s.roll()
		ev.addFace(f)
		if f == FaceStar || (hasSym && f == sym) {
			back++
		}
	}
	s.emit(ev)
	return min(back, u.max-u.figures)
}
