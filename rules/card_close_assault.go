package rules

// Close Assault (command-cards.md "Close Assault"): its row forbids moves and allows adjacent targets only.

// orderUnitsInCloseCombat: Close Assault orders every infantry and armor
// unit adjacent to an enemy now (FAQ ruling 49).
func orderUnitsInCloseCombat(s *State) {
	s.quota[slotAny] = allUnits
	s.orderAll(func(u *unit) bool { return u.typ != Artillery && s.inCloseCombat(u) })
}

// closeAssaultBonus: +1 die in close combat, but not in the armor overrun
// (FAQ digest 18; command-cards.md ruling 30).
func closeAssaultBonus(s *State, u *unit, adjacent, overrun bool) int8 {
	if adjacent && !overrun {
		return 1
	}
	return 0
}
