package rules

// Night attacks (FAQ III 19 "Attaques nocturnes"; FAQ I "Carte de
// visibilité"): the visibility track limits how far every unit, artillery
// included, may fire. "À chacun de ses tours, le joueur Allié lance 4 dés,
// chaque étoile obtenue augmentant la visibilité"; at level 6 the day has
// risen and visibility is unlimited (FAQ I: "lorsque l'étoile atteint le
// niveau 6, la visibilité est illimitée"). A scenario may have night fall
// instead (Night Withdrawal: "Use the Night Visibility chart in reverse":
// visibility 6, each star lowers it, and once fully night only close
// assaults remain).

// Night is a scenario's night-attack rule (Setup.Night).
type Night struct {
	On bool
	// Roller is the side that rolls at the start of each of its turns.
	Roller Side
	// Falls: night falls (visibility starts at 6 and each star lowers it)
	// rather than the day rising (it starts at 1 and each star raises it).
	Falls bool
}

const (
	nightDice     = 4 // dice rolled each turn for the visibility
	maxVisibility = 6 // the track's last level
)

// startVisibility is the visibility a game with rule n starts with (0: no
// limit).
func startVisibility(n Night) int8 {
	switch {
	case !n.On:
		return 0
	case n.Falls:
		return maxVisibility
	}
	return 1
}

// visibilityRoll: at the start of each of its turns the roller rolls 4 dice
// while the track still moves; each star moves it one level. The day risen
// (level 6) lifts the limit for good; fully night (level 1) ends the rolls.
func (s *State) visibilityRoll() {
	n := s.b.setup.Night
	if !n.On || s.active != n.Roller || s.vis == 0 || n.Falls && s.vis == 1 {
		return
	}
	stars := s.rollCount(Event{Kind: EvDiceRolled, Side: n.Roller}, nightDice, isStar)
	if stars == 0 {
		return
	}
	if n.Falls {
		s.vis = max(1, s.vis-stars)
	} else if s.vis += stars; s.vis >= maxVisibility {
		s.vis = 0 // full day: "les conditions normales de visibilité sont rétablies"
	}
	s.emit(Event{Kind: EvVisibility, Side: n.Roller, N: s.vis})
}

// Visibility is how far units may fire under a night-attack rule, in hexes
// (0: no limit, the day has risen or there is no such rule).
func (s *State) Visibility() int { return int(s.vis) }
