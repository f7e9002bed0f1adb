package rules

import (
	"fmt"
	"slices"
)

// Medals and objectives (rulebook "But du jeu", annex 3).

// objectiveHolder returns the side holding objective k now, if any.
func (s *State) objectiveHolder(k int) (Side, bool) {
	o := &s.b.setup.Objectives[k]
	var count [2]int
	for _, i := range s.b.objHex[k] {
		if ui := s.occ[i]; ui >= 0 {
			count[s.units[ui].side]++
		}
	}
	need := o.Count
	if need < 1 {
		need = 1
	}
	switch o.Kind {
	case ExclusiveMedal:
		// A unit of the side on the hexes and none of the other's (Winter
		// Wars II "Médaille-objectif exclusive").
		for side := Allies; side <= Axis; side++ {
			if o.Sides.Has(side) && count[side] > 0 && count[side.Opp()] == 0 {
				return side, true
			}
		}
	case MajorityMedal:
		// Strictly more units than the other side (FAQ I Médailles majoritaires).
		for side := Allies; side <= Axis; side++ {
			if o.Sides.Has(side) && count[side] > count[side.Opp()] {
				return side, true
			}
		}
	default:
		for side := Allies; side <= Axis; side++ {
			if o.Sides.Has(side) && count[side] >= need {
				return side, true
			}
		}
	}
	return 0, false
}

// ObjectiveStatus is who holds objective k now (ok false if nobody) and
// which sides have taken it for good (permanent medals).
func (s *State) ObjectiveStatus(k int) (holder Side, held bool, taken SideMask) {
	if k < 0 || k >= len(s.b.setup.Objectives) {
		return 0, false, 0
	}
	holder, held = s.objectiveHolder(k)
	return holder, held, s.taken[k]
}

// updateMedals recounts both sides' medals: one per enemy unit eliminated,
// plus the objectives held or taken, capped at the victory number (FAQ I
// "Fin du jeu"); the game ends the instant a side reaches its number.
func (s *State) updateMedals() {
	if s.phase == PhaseOver {
		return
	}
	total := [2]int{int(s.kills[0]) + int(s.exited[0]) + int(s.blown[0]) + s.vehicleMedals(Allies) + s.sabotageMedals(Allies),
		int(s.kills[1]) + int(s.exited[1]) + int(s.blown[1]) + s.vehicleMedals(Axis) + s.sabotageMedals(Axis)}
	sudden := -1
	for k := range s.b.setup.Objectives {
		o := &s.b.setup.Objectives[k]
		side, held := s.objectiveHolder(k)
		switch o.Kind {
		case MajorityMedal:
			if !o.AtTurnStart {
				if held {
					total[side] += o.Medals
				}
				break
			}
			// Captured at the start of a turn (turnStartObjectives), lost
			// the instant the holder no longer has the majority.
			for sd := Allies; sd <= Axis; sd++ {
				if s.taken[k].Has(sd) && (!held || side != sd) {
					s.taken[k] = 0
				}
				if s.taken[k].Has(sd) {
					total[sd] += o.Medals
				}
			}
		case TemporaryMedal, ExclusiveMedal:
			if held {
				total[side] += o.Medals
			}
		case PersistentMedal:
			// The last side to enter keeps it (Winter Wars II).
			if held {
				s.taken[k] = 1 << side
			}
			for sd := Allies; sd <= Axis; sd++ {
				if s.taken[k].Has(sd) {
					total[sd] += o.Medals
				}
			}
		case PermanentMedal:
			if s.taken[k] == 0 && held && !o.AtTurnStart {
				s.taken[k] = 1 << side
			}
			for sd := Allies; sd <= Axis; sd++ {
				if s.taken[k].Has(sd) {
					total[sd] += o.Medals
				}
			}
		case SuddenDeath:
			if held && sudden < 0 && !o.AtTurnEnd {
				sudden = int(side)
			}
		}
	}
	vic := s.b.setup.Victory
	for side := Allies; side <= Axis; side++ {
		m := int8(min(total[side], vic[side]))
		if m != s.medals[side] {
			s.medals[side] = m
			s.emit(Event{Kind: EvMedals, Side: side, N: m})
		}
	}
	switch {
	case sudden >= 0:
		s.gameOver(Side(sudden))
	case s.wins(s.active):
		s.gameOver(s.active)
	case s.wins(s.active.Opp()):
		s.gameOver(s.active.Opp())
	}
}

// wins reports whether side has won on medals: its victory number reached,
// and as many of its units gone off the board by exits as the scenario
// asks (Setup.MustExit; Breakthrough to Gembloux).
func (s *State) wins(side Side) bool {
	return int(s.medals[side]) >= s.b.setup.Victory[side] && s.exits[side] >= s.b.setup.MustExit[side]
}

func (s *State) gameOver(w Side) {
	s.phase = PhaseOver
	s.winner = w
	s.emit(Event{Kind: EvGameOver, Side: w})
}

// turnStartObjectives: at the start of the active side's turn, it captures
// the objectives counted then that it holds (Objective.AtTurnStart; Winter
// Wars II "début de tour").
func (s *State) turnStartObjectives() {
	found := false
	for k := range s.b.setup.Objectives {
		o := &s.b.setup.Objectives[k]
		if !o.AtTurnStart {
			continue
		}
		found = true
		side, held := s.objectiveHolder(k)
		if !held || side != s.active {
			continue
		}
		if o.Kind == MajorityMedal || s.taken[k] == 0 {
			s.taken[k] = 1 << side
		}
	}
	if found {
		s.updateMedals()
	}
}

// turnEndVictory: a sudden death counted at the end of the side's turn
// (Objective.AtTurnEnd) wins for the active side if it holds the hexes now.
func (s *State) turnEndVictory() {
	for k := range s.b.setup.Objectives {
		o := &s.b.setup.Objectives[k]
		if o.Kind != SuddenDeath || !o.AtTurnEnd {
			continue
		}
		if side, held := s.objectiveHolder(k); held && side == s.active {
			s.gameOver(side)
			return
		}
	}
}

// CheckMedals is for tests (issue 15, fifth pass): the medals, the
// objectives taken and the end of the game are as counting them again
// would leave them (a move off the objectives does not count them again).
func (s *State) CheckMedals() error {
	c := s.Clone()
	c.updateMedals()
	if c.medals != s.medals || c.phase != s.phase || c.winner != s.winner || !slices.Equal(c.taken, s.taken) {
		return fmt.Errorf("counted again: medals %v, phase %v, winner %v, taken %v; kept: medals %v, phase %v, winner %v, taken %v",
			c.medals, c.phase, c.winner, c.taken, s.medals, s.phase, s.winner, s.taken)
	}
	return nil
}
