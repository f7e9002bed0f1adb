package rules

// Air Power (command-cards.md "Air Power"; FAQ rulings 12-15): its row aims at up to 4 adjacent units; stars hit.

// airPowerDiceNow: Air Power rolls the active side's dice per hex.
func airPowerDiceNow(s *State) int8 { return int8(s.airPowerDice(s.active)) }
