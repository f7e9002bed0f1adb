package rules

// Barrage (command-cards.md "Barrage"): its row aims at 1 unit; no protection, no flag ignored (FAQ rulings 12-15).

// barrageDice: Barrage rolls 4 dice.
func barrageDice(s *State) int8 { return 4 }
