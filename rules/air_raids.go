package rules

// Air raids (FAQ III Raids aériens; FAQ XI Operation Lüttich; command-cards.md
// rulings 21, 56, 79, 80): where a scenario allows it, a side may play a
// Recon as an Air Power. It is then exactly an Air Power (no draw-2) whose
// group must include a hex of the Recon's section; a Counter-Attack copies
// the Recon, which the counter-player may play as Air Power only if he may
// raid himself; a Recon in Force never counts.

// ArgAsAirPower is the Arg of a "play" action that plays a Recon as Air
// Power ("play 12 as-air-power").
const ArgAsAirPower = 4

// mayRaid reports whether side may play a Recon as Air Power now.
func (s *State) mayRaid(side Side) bool {
	for _, r := range s.b.setup.AirRaids {
		if r.Side != side {
			continue
		}
		if len(r.While) == 0 {
			return true
		}
		for _, h := range r.While {
			if ui := s.occ[s.b.grid.Index(h)]; ui >= 0 && s.units[ui].side == side {
				return true
			}
		}
	}
	return false
}

// raidable reports whether card c, acting as eff, may be played as Air
// Power now: a Recon, a side that may raid, and an enemy in its section to
// aim at first.
func (s *State) raidable(eff Card) bool {
	if !s.cardDef(eff.Kind).AirRaid || !s.mayRaid(s.active) {
		return false
	}
	for i := range s.units {
		u := &s.units[i]
		if !u.dead && u.side != s.active && s.b.section[s.active][u.pos]&(1<<eff.Section) != 0 {
			return true
		}
	}
	return false
}

// airPowerCard is the card an air raid acts as.
func airPowerCard() Card { return Card{Kind: AirPower} }
