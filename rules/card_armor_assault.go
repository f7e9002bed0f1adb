package rules

// Armor Assault (command-cards.md "Armor Assault").

// armorAssaultBonus: armor gets +1 die against an adjacent target, its
// overrun included (command-cards.md rulings 52, 87).
func armorAssaultBonus(s *State, u *unit, adjacent, overrun bool) int8 {
	if adjacent && u.typ == Armor {
		return 1
	}
	return 0
}
