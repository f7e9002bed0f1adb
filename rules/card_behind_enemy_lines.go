package rules

// Behind Enemy Lines (command-cards.md "Behind Enemy Lines"): its row gives moves of 3 without terrain limits and +1 die.

// moveAgainBehindLines: Behind Enemy Lines' unit moves again after its
// battle (command-cards.md rulings 38-43).
func moveAgainBehindLines(s *State) bool {
	if s.second {
		return false
	}
	for _, ui := range s.orderedBy {
		u := &s.units[ui]
		if !u.dead && u.fx {
			s.second = true
			u.moved, u.dist, u.stopped = false, 0, false
			s.phase = PhaseMove
			s.afterMove()
			return true
		}
	}
	return false
}
