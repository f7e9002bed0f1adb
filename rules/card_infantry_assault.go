package rules

// Infantry Assault (command-cards.md "Infantry Assault"): its row gives the chosen section, moves of 3 and battles after 2.

// orderInfantryOfSection: Infantry Assault orders every infantry unit in the
// section chosen as it is played.
func orderInfantryOfSection(s *State) {
	s.quota[s.eff.Section] = allUnits
	s.orderAll(func(u *unit) bool { return u.typ == Infantry })
}
