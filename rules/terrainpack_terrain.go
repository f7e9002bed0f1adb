package rules

// The Terrain Pack and the other expansions' terrain tiles that the real
// .m44 files use, as one ruleset of catalog rows. Each row cites the terrain
// summary it comes from: the FAQ v1.3's summaries (FAQ II, by the name and
// number printed on the card) where our copy prints them, else the rule
// decided in docs/rules-decisions.md ("Terrain Pack rows without a summary
// in our sources").

const (
	faq2     = "FAQ II "
	decided  = "; docs/rules-decisions.md Terrain Pack rows"
	tpRoadSm = "a unit that starts its move on a road and moves only along it moves 1 hex more (and battles after 1 hex more if it may move and battle); no battle restriction; no sight block"
)

// terrainPackGrounds are the Terrain Pack's ground rows (and the other
// expansions' tiles that play the same way).
var terrainPackGrounds = []TerrainDef{
	{Key: "road", Source: faq2 + "42 Routes; faq-digest 86-91", Road: true,
		Summary: tpRoadSm},
	{Key: "hill-road", Source: faq2 + "42 Routes (\"Un hex de route sur colline offre-t-il la même protection qu'un hex de colline ? Oui.\"); rulebook p.18 Hauteur des terrains",
		Road: true, Height: 1, Protection: prot(1, 1), ProtectedBelow: true, AirCheck: 1,
		Summary: "a road over a hill: height 1 and -1 die for attackers from lower ground, as a hill; the road bonus along it"},
	{Key: "railway", Source: faq2 + "38 Voies ferrées; Winter Wars I Voie ferrée enneigée (\"TP p.5\")", VehiclesStop: true, AirCheck: 1,
		Summary: "no restriction for infantry; armor and artillery entering must stop; take ground and overrun as usual; no sight block"},
	{Key: "station", Source: faq2 + "39 Gare" + decided, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "a railway station plays as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "marsh", Source: faq2 + "Marécages; FAQ III Infiltration (\"ni obligée de s'y arrêter en entrant, ni obligée de s'arrêter en sortant\")" + decided,
		MustStop: true, LeaveStops: true, AirCheck: 2,
		Summary: "entering stops the move; a unit that starts in it moves 1 hex at most; no battle restriction; no sight block"},
	{Key: "fordable-river", Source: faq2 + "41 Gués & rivières guéables; FAQ III Infiltration (\"Gués & Rivières guéables - l'unité n'est pas obligée de s'y arrêter\")" + decided,
		MustStop: true, AirCheck: 1,
		Summary: "a river that can be waded: entering stops the move; no battle restriction; no sight block"},
	{Key: "fordable-stream", Source: faq2 + "61 Ruisseaux & rivières franchissables", MustStop: true, AirCheck: 1,
		Summary: "entering stops the move; take ground and overrun still allowed; no battle restriction; no sight block"},
	{Key: "airfield", Source: faq2 + "16 Aérodrome", AirCheck: 0,
		Summary: "no movement or battle restriction; no sight block (planes land and take off under the air rules)"},
	{Key: "barracks", Source: faq2 + "17 Baraquements" + decided, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "barracks play as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "dam", Source: faq2 + "20 Barrages", Impassable: Vehicles, IgnoreFlag: AllClasses, BlocksSight: true, AirCheck: 1,
		Summary: "no restriction for infantry; impassable to armor and artillery; a unit in it may ignore one flag; blocks sight"},
	{Key: "forested-hill", Source: "rulebook p.18 Hauteur des terrains (\"forêts sur collines\": height 1); annex 2 Forêts, Collines; FAQ II Bunkers (protections never add up)",
		Height: 1, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2), AirCheck: 3,
		Summary: "a forest on a hill: height 1; entering stops the move and forbids battle; -1 die for infantry, -2 for armor; blocks sight"},
	{Key: "hill-village", Source: "rulebook p.18 Hauteur des terrains (terrains named hill have height 1); annex 2 Villes & villages, Collines; FAQ II Bunkers (protections never add up)",
		Height: 1, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2), AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "a village on a hill: height 1; as a town (stops, no battle on entering, -1/-2, armor battles from it with 2 dice less, blocks sight)"},
	{Key: "ravine", Source: faq2 + "65 Balkas", MustStop: true, LeaveStops: true, NoTakeGround: true, Protection: prot(1, 1),
		AttackMalus: [numUnitTypes]int8{1, 1, 1}, AirCheck: 1,
		Summary: "a unit entering or leaving it stops; no take ground or overrun into or out of it; -1 die for infantry and armor attackers; a unit in it battles with 1 die less; no sight block"},
	{Key: "rocky-escarpment", Source: faq2 + "63 Escarpements rocheux; rulebook p.18 Hauteur des terrains (height 1)" + decided,
		Height: 1, Protection: prot(1, 1), ProtectedBelow: true, Impassable: Vehicles, AirCheck: 2,
		Summary: "height 1 like a hill (-1 die for attackers from lower ground); impassable to armor and artillery"},
	{Key: "erg", Source: faq2 + "64 Ergs & dunes; rulebook p.18 Hauteur des terrains (height 1)", Height: 1, MustStop: true,
		Protection: prot(1, 1), ProtectedBelow: true, AirCheck: 2,
		Summary: "height 1; entering stops the move; -1 die for infantry and armor attackers from lower ground"},
	{Key: "palm-grove", Source: faq2 + "32 Palmeraie" + decided, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2), AirCheck: 2,
		Summary: "plays as a forest: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; blocks sight"},
	{Key: "oasis", Source: faq2 + "31 Oasis; FAQ III Infiltration (\"Oasis - l'unité n'est pas obligée de s'y arrêter en entrant\")" + decided,
		MustStop: true, BlocksSight: true, Protection: prot(1, 1), AirCheck: 2,
		Summary: "entering stops the move; -1 die for infantry and armor attackers; blocks sight"},
	{Key: "river-mouth", Source: "the river tile where it meets the sea; annex 2 Fleuves & rivières" + decided, Water: true, Impassable: AllClasses,
		Summary: "impassable except by a bridge, as a river"},
	{Key: "coast", Source: "Mediterranean Theater coastlines" + decided, MoveCap: 2, Beach: true,
		Summary: "a desert coastline plays as a beach: a move that enters it is of 2 hexes at most"},
	{Key: "factory", Source: "Eastern Front factories" + decided, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "plays as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "ruins", Source: faq2 + "45 Ruines urbaines; FAQ III Infiltration (\"Ruines - l'unité n'est pas obligée de s'y arrêter en entrant\")" + decided,
		MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2), AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "urban ruins play as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "rice-paddy", Source: faq2 + "60 Rizières" + decided, MustStop: true, AirCheck: 1,
		Summary: "entering stops the move; no battle restriction; no sight block"},
	{Key: "pacific-village", Source: "Pacific Theater villages; annex 2 Villes & villages" + decided, MustStop: true, NoBattle: true, BlocksSight: true,
		Protection: prot(1, 2), AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "plays as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "pacific-beach", Source: "Pacific Theater beaches; annex 2 Plages" + decided, MoveCap: 2, Beach: true,
		Summary: "plays as a beach: a move that enters it is of 2 hexes at most"},
	{Key: "wadi", Source: faq2 + "44 Oueds & défilés (summary: banks impassable in and out, no restriction through the ends, infantry/armor battling into or out of one must be adjacent, no sight block; -1/-1/-1; air check 1 by its Q&A); FAQ IV Artillerie (\"les Oueds & Défilés réduisent les tirs d'artillerie de 1 dé\")",
		OpenEnds: true, Protection: [numUnitTypes]int8{1, 1, 1}, CoversFromGuns: true, AirCheck: 1,
		Summary: "the banks are impassable, in and out: units enter and leave only through its open ends; infantry and armor battling into or out of it must be adjacent to the target; -1 die for every attacker, artillery included; no sight block"},
	{Key: "cemetery", Source: "Terrain Pack 18 Cemeteries (its summary card, as the Board Game Arena adaptation prints it: \"No movement restrictions / No combat restrictions / Unit may ignore one flag / Do not block line of sight\", github.com/bga-devs/bga-memoir modules/php/Terrains/Cemetery.php); FAQ II 18 Cimetière names it, our copy lacks its text",
		IgnoreFlag: AllClasses,
		Summary:    "no movement or battle restriction; a unit in it may ignore one flag; no sight block"},
	{Key: "high-ground", Source: "Terrain Pack 25 Dikes & High Ground (its summary card, as the Board Game Arena adaptation prints it: no movement or combat restriction, no sight block; in flooded-field scenarios hills, roads, railways, towns and villages count as high ground and keep their own effects; github.com/bga-devs/bga-memoir HighGround.php); FAQ II 25 Digues & hauteurs names it, our copy lacks its text",
		Summary: "no movement or battle restriction; no sight block (what it means for flooded fields is the scenario's rule)"},
	{Key: "lighthouse", Source: "Terrain Pack 27 Lighthouses: plays as a village (the Board Game Arena adaptation, github.com/bga-devs/bga-memoir Lighthouse.php, \"class Lighthouse extends Village\"); FAQ II 27 Phare names it, our copy lacks its text" + decided,
		Building: true, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2), AttackMalus: [numUnitTypes]int8{Armor: 2}, AirCheck: 2,
		Summary: "a lighthouse plays as a town: entering stops the move and forbids battle; -1 die for infantry, -2 for armor; armor battles from it with 2 dice less; blocks sight"},
	{Key: "fortress", Source: "Terrain Pack 24 Fortresses: a bunker that protects any occupant and whose unit ignores all flags (the Board Game Arena adaptation, github.com/bga-devs/bga-memoir Fortress.php: \"Fortress extends Bunker\", isOriginalOwner false, \"Unit may ignore all flags\"; its earlier version: impassable to armor and artillery, blocks sight, -1 infantry / -2 armor); no FAQ text in our copy" + decided,
		Building: true, Impassable: Vehicles, BlocksSight: true, Protection: prot(1, 2), IgnoreAllFlags: AllClasses, NoRetreat: Vehicles, AirCheck: 2,
		Summary: "a fortress, for either side: infantry only; -1 die for infantry, -2 for armor; a unit in it ignores every flag (not those of Air Power or a Barrage); blocks sight"},
}

// terrainPackFeatures are the Terrain Pack's structures.
var terrainPackFeatures = []TerrainDef{
	{Key: "ford", Layer: LayerStructure, Source: faq2 + "41 Gués & rivières guéables; Terrain Pack IV River Ford" + decided,
		Crossing: true, MustStop: true, AirCheck: 1,
		Summary: "a ford across a river: the river hex may be entered from dry land; entering stops the move; no battle restriction"},
	// FAQ II 37 Pont ferroviaire ("Les blindés et l'artillerie qui y
	// entrent doivent stopper"; Q/R: "L'artillerie doit stopper lorsqu'elle
	// entre dans un hex de pont ferroviaire"); Winter Wars IV "Pont
	// ferroviaire enneigé": "peut permettre de franchir un hex de rivière";
	// the FAQ's Sword of Stalingrad page: entered from any hex.
	{Key: "rail-bridge", Layer: LayerStructure, Source: faq2 + "37 Pont ferroviaire; Winter Wars IV Pont ferroviaire enneigé (TP p.12)",
		Crossing: true, VehiclesStop: true, AirCheck: 1, Symbol: "bridge",
		Summary: "a railway bridge across a river: no restriction for infantry; armor and artillery entering must stop; take ground and overrun as usual; no battle restriction; no sight block"},
	// FAQ II 33 Pont flottant ("Peut uniquement être construit lorsque
	// stipulé en Règle Spéciale"; "Aucune restriction de mouvement ni de
	// combat"; "Ne bloque pas la ligne de mire"); Winter Wars IV "Pont
	// flottant enneigé": built in play (pontoon.go).
	{Key: "pontoon-bridge", Layer: LayerStructure, Source: faq2 + "33 Pont flottant; Winter Wars IV Pont flottant enneigé (TP p.12)",
		Crossing: true, Pontoon: true, AirCheck: 1, Symbol: "bridge",
		Summary: "a pontoon bridge across a river, built in play with an Attack card where the scenario allows it: no movement or battle restriction; no sight block"},
	// FAQ III Actions "Écran de fumée" (the text our copy lacks; the
	// facts from the public BGA implementation's rule summary, smokescreen.go):
	// laid by a side the scenario names, it blocks sight and nothing else.
	{Key: smokeFeatureKey, Layer: LayerMarker, Source: "FAQ III Écran de fumée (smokescreen.go)" + decided, BlocksSight: true, Symbol: "smoke",
		Summary: "smoke screen: laid on 3 connected hexes at the start of its side's first turn; blocks the line of sight across it (a unit on it sees and is seen); no movement or battle restriction; lifted after its side's second turn"},
	{Key: "field-bunker", Layer: LayerStructure, Source: "Terrain Pack IV Field Bunkers; Bir Hakeim, Peleliu, Bug River texts" + decided,
		Impassable: Vehicles, BlocksSight: true, Protection: prot(1, 2), IgnoreFlag: AllClasses, NoRetreat: Vehicles, AirCheck: 2,
		Summary: "as a bunker, for either side: infantry only; -1 die for infantry, -2 for armor; ignore one flag; blocks sight"},
	{Key: "oasis-recovery", Layer: LayerMarker, Source: "FAQ III Soins dans l'oasis (the .m44 behavior OASIS_RECOVERY); the rule from memoir44.wikia.com/wiki/Oasis (\"as long as there are no adjacent enemy units, you may activate that unit to heal it. Roll as many dice as you have command cards\", matching symbols and stars) and Winter Wars V (\"Soins dans l'Oasis\": figures regained); recovery.go" + decided,
		Recovery: true, Symbol: "recovery",
		Summary: "an ordered unit here that has lost figures, with no enemy adjacent and before it moves, may give up its move and battle to roll a die per command card held: each of its symbols or a star brings a figure back, up to its strength"},
}

// TerrainPack is the ruleset of the Terrain Pack's tiles and the other
// expansions' tiles the real files use (FAQ II terrain summaries).
func TerrainPack() *Ruleset {
	r := &Ruleset{Key: "terrain-pack", Name: "Terrain Pack terrain"}
	r.Grounds = append(r.Grounds, terrainPackGrounds...)
	r.Features = append(r.Features, terrainPackFeatures...)
	return r
}
