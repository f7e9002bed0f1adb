package rules

// Artillery Bombard (command-cards.md "Artillery Bombard"; FAQ VIII): its row gives moves of 3 or two battles.

// orderEveryArtillery: Artillery Bombard orders every artillery unit.
func orderEveryArtillery(s *State) { s.orderAll(func(u *unit) bool { return u.typ == Artillery }) }
