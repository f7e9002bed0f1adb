package rules

// Their Finest Hour (command-cards.md "Their Finest Hour"): its row gives
// +1 die and the reshuffle; this is its roll.

// finestHourRoll rolls one die per card held, this one included: each
// infantry symbol orders an infantry unit, each armor symbol an armor unit,
// each star a unit of choice.
func finestHourRoll(s *State) {
	n := s.heldCards()
	ev := Event{Kind: EvDiceRolled, Side: s.active}
	s.quota = Quota{}
	for k := 0; k < n; k++ {
		f := s.roll()
		ev.addFace(f)
		switch f {
		case FaceInfantry:
			s.quota[slotInf]++
		case FaceArmor:
			s.quota[slotArmor]++
		case FaceStar:
			s.quota[slotAny]++
		}
	}
	s.emit(ev)
}
