package rules

import "m44/hex"

// Winter Combat cards that deploy a unit (the effect kind Deploy). Winter
// Wars II "Règles des cartes Combat" defines only what a deployment draws
// on: "figurines disponibles" (figures not deployed at the start, or taken
// off the battlefield) and "unité complète" ("vous devez avoir assez de
// figurines pour être autorisé à déployer cette unité"). Where, when and in
// what state the unit enters are in the cards' texts, which no source
// prints; we decided them (docs/rules-decisions.md "Combat cards that
// deploy a unit"):
//
//   - when: as the card's timing says, before ordering, so that the unit
//     may be ordered by the command card of that turn like any other;
//   - where: an empty hex of the side's own baseline that the unit may
//     stand on; a card marked Buildings: an empty building hex of the
//     side's own half of the board instead;
//   - what: one full unit of the card's class (its standard row: 4
//     infantry figures, 3 armor, 2 artillery), of the side's nation, made
//     of the side's available figures of that class, which it uses up; it
//     is worth a medal as any unit.
//
// The units wait off the board in slots reserved when the game is compiled
// (one per copy of each deploying card, for each side), as airdrops do.

// deployPool is a block of reserved units that deploying cards bring in.
type deployPool struct {
	side Side
	typ  UnitType
	at   int16 // the first unit's index
	n    int16 // how many
}

// deploySlots reserves the units the setup's deploying Combat cards may
// bring in: for each side and class, one per copy of those cards.
func deploySlots(s *Setup) (out []struct {
	side Side
	typ  UnitType
	n    int
}) {
	for side := Allies; side <= Axis; side++ {
		for t := Infantry; t <= Artillery; t++ {
			n := 0
			for _, d := range s.Combat {
				if d.Effect == Deploy && d.Classes.Has(t) {
					n += max(1, int(d.Copies))
				}
			}
			if n > 0 {
				out = append(out, struct {
					side Side
					typ  UnitType
					n    int
				}{side, t, n})
			}
		}
	}
	return out
}

// sideNation is the nation of side's first unit in the setup (a deployed
// unit's figures are the side's), or "".
func sideNation(s *Setup, side Side) string {
	for _, u := range s.Units {
		if u.Side == side && u.Nation != "" {
			return u.Nation
		}
	}
	return ""
}

// nextDeploy is the first unit of side's class t still waiting to be
// deployed, -1 if none.
func (s *State) nextDeploy(side Side, t UnitType) int {
	for _, p := range s.b.deploys {
		if p.side != side || p.typ != t {
			continue
		}
		for i := p.at; i < p.at+p.n; i++ {
			if s.units[i].reserve > 0 {
				return int(i)
			}
		}
	}
	return -1
}

// deployedFigures are the figures of side's class t that deployed units
// took from the available figures ("figurines disponibles").
func (s *State) deployedFigures(side Side, t UnitType) int {
	n := 0
	for _, p := range s.b.deploys {
		if p.side != side || p.typ != t {
			continue
		}
		for i := p.at; i < p.at+p.n; i++ {
			if s.units[i].reserve == 0 {
				n += int(s.units[i].max)
			}
		}
	}
	return n
}

// deployClass is the class a deploying card brings in (its one class).
func deployClass(d *CombatCardDef) UnitType {
	for t := Infantry; t <= Artillery; t++ {
		if d.Classes.Has(t) {
			return t
		}
	}
	return Infantry
}

// ownHalf reports whether row r is on side's own half of the board (its
// baseline and the rows nearer it than the middle).
func (s *State) ownHalf(side Side, r int) bool {
	base := s.b.grid.Rows - 1
	if s.b.setup.Top == side {
		base = 0
	}
	return abs(r-base) < s.b.grid.Rows/2
}

// deployHexes appends a Combat action of card c for each hex where side
// may deploy the card's unit now: a full unit of the class must be among
// its available figures ("unité complète"), a reserved slot be free, and
// the hex be empty, one the unit may stand on, on side's own baseline (a
// Buildings card: a building hex of its own half).
func (s *State) deployHexes(buf []Action, c CardID, d *CombatCardDef, side Side) []Action {
	t := deployClass(d)
	ui := s.nextDeploy(side, t)
	if ui < 0 || s.availableFigures(side, t) < int(s.units[ui].max) {
		return buf
	}
	base := s.b.grid.Rows - 1
	if s.b.setup.Top == side {
		base = 0
	}
	for i := 0; i < s.b.n; i++ {
		h := s.b.hexAt[i]
		if !s.b.valid[i] || s.occ[i] >= 0 || s.impassableFor(side, t, int16(i)) {
			continue
		}
		if d.Buildings {
			if !s.building(int16(i)) || !s.ownHalf(side, int(h.Row)) {
				continue
			}
		} else if int(h.Row) != base {
			continue
		}
		buf = append(buf, Action{Kind: ActCombat, Card: c, From: h})
	}
	return buf
}

// deploy brings side's next waiting unit of the card's class onto hex h,
// full (Winter Wars II "unité complète"), its figures taken from the
// available ones.
func (s *State) deploy(d *CombatCardDef, side Side, h hex.Hex) {
	ui := s.nextDeploy(side, deployClass(d))
	i := int16(s.b.grid.Index(h))
	u := &s.units[ui]
	u.reserve, u.dead = 0, false
	u.pos, u.start = i, i
	u.figures = u.max
	s.setOcc(i, int8(ui))
	s.emitUnits(Event{Kind: EvDeployed, Side: side, To: h, N: u.figures}, ui, -1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
