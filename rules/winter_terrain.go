package rules

// Winter Wars I "Terrains et bâtiments" as catalog rows. The snowy forest,
// hill, village, church, bridge and bunker are the base game's rows (the
// booklet: "Les effets de ces terrains sont identiques à ceux de leurs
// équivalents du jeu de base"); the rows here are the booklet's own tiles.
// The frozen river is not played yet (docs/implemented.md).

const ww1 = "Winter Wars I "

var winterGrounds = []TerrainDef{
	{Key: "chateau", Source: ww1 + "Château (\"identiques à ceux d'un hex de Villes & Villages\")", MustStop: true, NoBattle: true,
		BlocksSight: true, Protection: prot(1, 2), AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "a château plays as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "snowy-road", Source: ww1 + "Route enneigée", Road: true, AirCheck: 0, Symbol: "road",
		Summary: tpRoadSm},
	{Key: "snowy-railway", Source: ww1 + "Voie ferrée enneigée", VehiclesStop: true, AirCheck: 1, Symbol: "railway",
		Summary: "no restriction for infantry; armor and artillery entering must stop; take ground and overrun as usual; no sight block"},
}

// WinterTerrain is the ruleset of Winter Wars' own terrain tiles.
func WinterTerrain() *Ruleset {
	return &Ruleset{Key: "winter-terrain", Name: "Winter Wars terrain", Grounds: append([]TerrainDef(nil), winterGrounds...)}
}
