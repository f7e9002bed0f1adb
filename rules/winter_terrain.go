package rules

// Winter Wars I "Terrains et bâtiments" as catalog rows. The snowy forest,
// hill, village, church, bridge and bunker are the base game's rows (the
// booklet: "Les effets de ces terrains sont identiques à ceux de leurs
// équivalents du jeu de base"); the rows here are the booklet's own tiles.

const ww1 = "Winter Wars I "

var winterGrounds = []TerrainDef{
	{Key: "chateau", Source: ww1 + "Château (\"identiques à ceux d'un hex de Villes & Villages\")", MustStop: true, NoBattle: true,
		BlocksSight: true, Protection: prot(1, 2), AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "a château plays as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "frozen-river", Source: ww1 + "Rivière gelée; FAQ II 47 Rivière gelée", EnterDice: 2, AirCheck: 1,
		Summary: "may be crossed: a unit that enters it, moving or retreating, has 2 dice rolled against it, each star a loss; no other movement or battle restriction; no sight block"},
	{Key: "snowy-road", Source: ww1 + "Route enneigée", Road: true, AirCheck: 0, Symbol: "road",
		Summary: tpRoadSm},
	{Key: "snowy-railway", Source: ww1 + "Voie ferrée enneigée", VehiclesStop: true, AirCheck: 1, Symbol: "railway",
		Summary: "no restriction for infantry; armor and artillery entering must stop; take ground and overrun as usual; no sight block"},
}

// WinterTerrain is the ruleset of Winter Wars' own terrain tiles.
func WinterTerrain() *Ruleset {
	return &Ruleset{Key: "winter-terrain", Name: "Winter Wars terrain", Grounds: append([]TerrainDef(nil), winterGrounds...)}
}

// breakIce: a unit that entered frozen river hexes has dice rolled against
// it, 2 per hex (TerrainDef.EnterDice); each star is a loss, and a unit
// that loses its last figure gives the other side a medal (Winter Wars I
// "Rivière gelée": "lancez deux dés. Chaque étoile jouée entraîne une
// perte"; FAQ II 47: the opponent rolls, and wins a medal). It reports
// whether the unit survives.
func (s *State) breakIce(ui int, dice int8) bool {
	u := &s.units[ui]
	stars := s.rollCount(Event{Kind: EvDiceRolled, Side: u.side.Opp(), To: s.b.hexAt[u.pos]}, dice, isStar)
	if stars == 0 {
		return true
	}
	lost := min(stars, u.figures)
	u.figures -= lost
	s.emitUnits(Event{Kind: EvHits, To: s.b.hexAt[u.pos], N: lost}, ui, -1)
	if u.figures == 0 {
		s.eliminate(ui)
		return false
	}
	return true
}
