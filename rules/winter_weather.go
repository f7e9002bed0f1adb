package rules

// Winter Wars II "Règles hivernales": the weather rules a winter scenario
// switches on. Each is a ruleset without rows, whose hooks (RulesetHooks)
// the turn machine calls at its named points: a scenario plays with them by
// naming them in Setup.Rulesets (the .m44 options snowfall_rules and
// reduced_visibility_rules).

// Snowfall is Winter Wars II "Chutes de neige": armor and vehicles move 2
// hexes at most, 3 when the whole move is on a road (the road's extra hex,
// which the road rows give every unit, on top of the cap); they still take
// ground and overrun; both sides roll 1 die per hex with Air Power.
func Snowfall() *Ruleset {
	return &Ruleset{Key: "snowfall", Name: "Winter Wars: snowfall",
		Hooks: RulesetHooks{MoveCap: snowMoveCap, AirPowerDice: snowAirDice}}
}

// ReducedVisibility is Winter Wars II "Visibilité réduite": the die symbol
// of the target's class hits only in close combat; grenades always hit,
// flags are flags, a star that a unit or a card turns into a hit still
// hits, and Barrage is not affected.
func ReducedVisibility() *Ruleset {
	return &Ruleset{Key: "reduced-visibility", Name: "Winter Wars: reduced visibility",
		Hooks: RulesetHooks{SymbolsHit: symbolsHitInPoorSight}}
}

// snowMoveCap: armor and vehicles move 2 hexes at most in the snow (WW II
// "Chutes de neige"): the armor class, and the other kinds that are not
// infantry and move 2 hexes or more by themselves (self-propelled guns); a
// towed gun, which moves 1, is no vehicle (docs/rules-decisions.md).
func snowMoveCap(def *UnitDef) int8 {
	if def.Class == Armor || (def.Class != Infantry && def.MaxMove >= 2) {
		return 2
	}
	return 0
}

// snowAirDice: "Les Alliés, comme l'Axe, ne lancent plus qu'un dé par hex
// en cas d'Attaque aérienne" (WW II "Chutes de neige").
func snowAirDice(*State, Side) int8 { return 1 }

// symbolsHitInPoorSight: the unit symbols count only in close combat (an
// adjacent hex); a card's own attack is never close combat, except that
// Barrage is not affected (WW II "Visibilité réduite"; docs/rules-decisions.md).
func symbolsHitInPoorSight(s *State, f *frame) bool {
	if f.kind == frCardFire {
		return s.effDef().Key == "barrage"
	}
	return f.close
}

// rulesetMoveCap is the smallest cap the rulesets put on a unit of kind def
// (0: none), folded into the unit's own cap when the game is compiled.
func (c *Catalog) rulesetMoveCap(def *UnitDef, own int8) int8 {
	for _, h := range c.hooks {
		if h.MoveCap == nil {
			continue
		}
		if m := h.MoveCap(def); m > 0 && (own == 0 || m < own) {
			own = m
		}
	}
	return own
}

// rulesetAirDice is the smallest Air Power dice per hex the rulesets give
// side (0: none has an opinion).
func (s *State) rulesetAirDice(side Side) int8 {
	var n int8
	for _, h := range s.b.cat.hooks {
		if h.AirPowerDice == nil {
			continue
		}
		if m := h.AirPowerDice(s, side); m > 0 && (n == 0 || m < n) {
			n = m
		}
	}
	return n
}

// symbolsHit says whether the die symbol of the target's class scores a hit
// in the fire the top frame resolves (true unless a ruleset says no).
func (s *State) symbolsHit() bool {
	if !s.b.cat.symbols {
		return true
	}
	f := s.top()
	for _, h := range s.b.cat.hooks {
		if h.SymbolsHit != nil && f != nil && !h.SymbolsHit(s, f) {
			return false
		}
	}
	return true
}
