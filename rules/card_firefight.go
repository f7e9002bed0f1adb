package rules

// Firefight (command-cards.md "Firefight"; FAQ ruling 66): its row forbids moves and close fire and gives +1 die.

// notInCloseCombat: Firefight orders only units not adjacent to an enemy.
func notInCloseCombat(s *State, u *unit) bool { return !s.inCloseCombat(u) }
