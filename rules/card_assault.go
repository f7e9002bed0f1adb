package rules

// Assault (command-cards.md "Assault").

// orderEveryUnit: Assault orders every unit in its section.
func orderEveryUnit(s *State) { s.orderAll(func(u *unit) bool { return true }) }
