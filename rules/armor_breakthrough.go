package rules

import "fmt"

// Armor breakthrough (.m44 option armor_breakthrough_rules). None of our
// texts words the rule; its facts come from the public Board Game Arena
// implementation's summary of it (bga-devs/bga-memoir, "Armor
// Breakthrough"): during a single game turn the side may order new armor
// units onto the board; the order must be valid and issued as normal; the
// units enter through the opponent's baseline and stop on a baseline hex;
// they may battle (unless the terrain entered forbids it) and take ground
// that turn, but may not make an armor overrun; they retreat toward their
// own side's baseline (as every unit does). Its deploy step places the
// scenario's unit ({name, nbr_units} per side) on an empty hex of that
// baseline, passable for armor, in a section the card orders, activated by
// the card, at most nbr_units and at most the units the card orders. In our
// words (docs/rules-decisions.md "Armor breakthrough"): in the order step,
// "enter r,c" brings the next waiting unit onto r,c as one of the card's
// orders; once a unit has entered, more may enter in that turn only.

// ArmorBreakthrough is the new armor Side may order onto the board through
// the opponent's baseline, in one turn of its choice.
type ArmorBreakthrough struct {
	Side Side
	Unit UnitSetup
	// Max is how many units of Unit may enter (.m44 nbr_units).
	Max int
}

// validateBreakthroughs checks the setup's armor breakthroughs: at most one
// per side.
func validateBreakthroughs(s *Setup, cat *Catalog) error {
	var seen [2]bool
	for i, a := range s.Breakthroughs {
		if a.Side > Axis || a.Max < 1 || a.Max > 12 || a.Unit.Type >= numUnitTypes || cat.badKind(&a.Unit) {
			return fmt.Errorf("armor breakthrough %d: bad side, max (1..12) or unit", i)
		}
		if seen[a.Side] {
			return fmt.Errorf("armor breakthrough %d: a second one for %s", i, a.Side)
		}
		seen[a.Side] = true
	}
	return nil
}

// breakthroughOf is the index of side's armor breakthrough, -1 if none.
func (s *State) breakthroughOf(side Side) int {
	for k, a := range s.b.setup.Breakthroughs {
		if a.Side == side {
			return k
		}
	}
	return -1
}

// nextEntering is the first unit of side's breakthrough still waiting off
// the board, -1 if none (or the breakthrough's turn has passed).
func (s *State) nextEntering(side Side) int {
	k := s.breakthroughOf(side)
	if k < 0 || s.brokeIn[side] != 0 && s.brokeIn[side] != s.turn {
		return -1
	}
	at := int(s.b.breakAt[k])
	for i := at; i < at+s.b.setup.Breakthroughs[k].Max; i++ {
		if s.units[i].reserve > 0 {
			return i
		}
	}
	return -1
}

// opponentBaseline is the row of the opponent's baseline: the top row when
// the other side is at the top.
func (s *State) opponentBaseline(side Side) int {
	if s.b.setup.Top == side.Opp() {
		return 0
	}
	return s.b.grid.Rows - 1
}

// enterOptions appends an "enter" action for each hex of the opponent's
// baseline where the active side's next breakthrough unit may enter now:
// the order step of a card in effect (not a fallback), an empty hex the
// unit may stand on, in a section the card still orders a unit in (the
// unit is ordered as any other, orderable says).
func (s *State) enterOptions(buf []Action) []Action {
	if s.b.breakAt == nil || s.phase != PhaseOrder || s.fallback || s.effd == nil {
		return buf
	}
	ui := s.nextEntering(s.active)
	if ui < 0 {
		return buf
	}
	u := &s.units[ui]
	row := s.opponentBaseline(s.active)
	for i := 0; i < s.b.n; i++ {
		h := s.b.hexAt[i]
		if int(h.Row) != row || !s.b.valid[i] || s.occ[i] >= 0 || s.impassableFor(u.side, u.typ, int16(i)) {
			continue
		}
		// Try the order with the unit standing there, then put it back.
		u.pos, u.dead = int16(i), false
		ok := s.orderable(ui)
		u.pos, u.dead = 0, true
		if ok {
			buf = append(buf, Action{Kind: ActEnter, To: h})
		}
	}
	return buf
}

// canEnter: some breakthrough unit may enter with the card in effect.
func (s *State) canEnter() bool {
	if s.b.breakAt == nil {
		return false
	}
	var buf [32]Action
	return len(s.enterOptions(buf[:0])) > 0
}

// enterBoard brings the active side's next breakthrough unit onto hex i,
// ordered by the card: it has stopped there (no further move), may battle
// unless the terrain entered forbids it, may take ground but not overrun.
func (s *State) enterBoard(i int16) {
	ui := s.nextEntering(s.active)
	u := &s.units[ui]
	u.reserve, u.dead = 0, false
	u.pos, u.start = i, i
	s.setOcc(i, int8(ui))
	u.moved, u.dist = true, 1 // stopped on the baseline: it moves no further, but may take ground
	u.noBattle = s.enterForbidsBattle(u, i)
	u.overrun = true // no armor overrun this turn
	s.brokeIn[s.active] = s.turn
	s.emitUnits(Event{Kind: EvEntered, Side: u.side, From: s.b.hexAt[i]}, ui, -1)
	s.order(ui)
	s.afterOrder()
}

// BreakthroughLeft is how many units of side's armor breakthrough may still
// enter (0 once its turn has passed).
func (s *State) BreakthroughLeft(side Side) int {
	k := s.breakthroughOf(side)
	if k < 0 || s.brokeIn[side] != 0 && s.brokeIn[side] != s.turn {
		return 0
	}
	n := 0
	at := int(s.b.breakAt[k])
	for i := at; i < at+s.b.setup.Breakthroughs[k].Max; i++ {
		if s.units[i].reserve > 0 {
			n++
		}
	}
	return n
}
