package rules

// Winter Wars' troops (booklet section V "Nouveaux badges & unités"): the
// special units a scenario's special rules mark with a badge, as catalog
// rows. A scenario that uses them plays with WinterTroops() besides the base
// game; the scenario importer adds it when a badge names one of these kinds.

const wwV = "Winter Wars V "

var winterUnits = [...]UnitDef{
	{Key: "engineers", Class: Infantry, Source: wwV + "Troupes du Génie; FAQ IV Troupes du génie", Figures: 4, MaxMove: 2, MoveAndFight: 1,
		RangeDice: [MaxRange]int8{3, 2, 1}, NeedsSight: true, TakesGround: true, RetreatPerFlag: 1,
		CloseIgnoresCover: true, SweepsMines: true, ClearsAfterBattle: true, RemovesInstead: []string{"road-block"}, Symbol: "engineers",
		Summary: "combat engineers: infantry that ignores the target's terrain protection in close combat; in wire battles at -1 and may still remove it; on a road block may remove it instead of battling; clears a minefield it enters instead of battling"},
	{Key: "mobile-artillery", Class: Artillery, Source: wwV + "Artillerie mobile", Figures: 2, MaxMove: 2, MoveAndFight: 1,
		RangeDice: [MaxRange]int8{3, 3, 2, 2, 1, 1}, IgnoresCover: true, RetreatPerFlag: 1, Symbol: "mobile-artillery",
		Summary: "artillery that moves 1 and battles, or 2 without battle"},
	{Key: "heavy-anti-tank-gun", Class: Artillery, Source: wwV + "Canons antichars lourds", Figures: 2, MaxMove: 1,
		RangeDice: [MaxRange]int8{2, 2, 2, 2}, NeedsSight: true, IgnoresCover: true, StarsHit: ArmorOnly, RetreatPerFlag: 1, Symbol: "88",
		Summary: "the 88: artillery that moves 1 or battles with 2 dice at 1-4 hexes, with line of sight; a star hits armor; ignores terrain protection; never takes ground"},
	{Key: "tank-destroyer", Class: Armor, Source: wwV + "Chasseurs de chars", Figures: 3, MaxMove: 2, MoveAndFight: 2,
		RangeDice: [MaxRange]int8{2, 2, 2, 2}, NeedsSight: true, TakesGround: true, RetreatPerFlag: 2, StarsHit: ArmorOnly,
		StarsHitBy: Vehicles, StillIgnoresCover: true, StillNoMalus: true, Symbol: "tank-destroyer",
		Summary: "armor that moves 2 and battles with 2 dice at 1-4 hexes; a star hits armor; a star from any enemy but infantry hits it; unmoved, ignores terrain; takes ground, no overrun; retreats 1-2 hexes per flag"},
	{Key: "infantry-anti-tank", Class: Infantry, Source: wwV + "Matériel (1942) Unité d'infanterie avec arme antichar; FAQ IX Matériel (no take ground)",
		Figures: 4, MaxMove: 2, MoveAndFight: 1, RangeDice: [MaxRange]int8{3, 2, 1}, NeedsSight: true, RetreatPerFlag: 1,
		StillStarsHit: ArmorOnly, Symbol: "anti-tank",
		Summary: "infantry with an anti-tank weapon: moves 1 and battles or 2; 3-2-1 dice; unmoved, a star hits armor; never takes ground"},
	{Key: "infantry-machine-gun", Class: Infantry, Source: wwV + "Matériel (1942) Unité d'infanterie avec mitrailleuse; FAQ IX Matériel (no take ground)",
		Figures: 4, MaxMove: 2, MoveAndFight: 1, RangeDice: [MaxRange]int8{3, 2, 1}, NeedsSight: true, RetreatPerFlag: 1,
		StillStarsHit: InfantryOnly, Symbol: "machine-gun",
		Summary: "infantry with a machine gun: moves 1 and battles or 2; 3-2-1 dice; unmoved, a star hits infantry; never takes ground"},
	{Key: "infantry-mortar", Class: Infantry, Source: wwV + "Matériel (1942) Unité d'infanterie avec mortier; FAQ IX Matériel (no take ground)",
		Figures: 4, MaxMove: 2, MoveAndFight: 1, RangeDice: [MaxRange]int8{3, 2, 1}, StillRangeDice: [MaxRange]int8{3, 2, 1, 1},
		RetreatPerFlag: 1, StillIgnoresCover: true, Symbol: "mortar",
		Summary: "infantry with a mortar: moves 1 and battles or 2; 3-2-1 dice without line of sight; unmoved, 3-2-1-1 at 1-4 hexes ignoring terrain protection; never takes ground"},
}

// WinterTroops is the ruleset of Winter Wars' special units (section V).
func WinterTroops() *Ruleset {
	r := &Ruleset{Key: "winter-troops", Name: "Winter Wars: new units, markers and obstacles"}
	r.Units = append(r.Units, winterUnits[:]...)
	r.Units = append(r.Units, halfTracks)
	r.Features = append(r.Features, mineFeature, roadBlock)
	return r
}

// starsHit reports whether a star rolled by unit a against unit t hits
// (Winter Wars V): the attacker's kind hits t's class with stars (heavy
// anti-tank guns and tank destroyers against armor; when it has not moved
// this turn, infantry with an anti-tank weapon against armor and with a
// machine gun against infantry), or t's kind is hit by stars from a's class
// (tank destroyers, by every enemy but infantry).
func (s *State) starsHit(a, t *unit) bool {
	ka, kt := s.kind(a), s.kind(t)
	return ka.StarsHit.Has(t.typ) || !a.moved && ka.StillStarsHit.Has(t.typ) || kt.StarsHitBy.Has(a.typ)
}

// roadBlock is the snowy road block (Winter Wars IV "Obstacles routiers
// enneigés", the same as the Terrain Pack's): only infantry enters, and
// stops; a unit on it is protected from every side, -1 die for infantry and
// armor attackers, none for artillery; it may ignore the first flag; it
// does not block sight. Engineers may remove one instead of battling only
// where the scenario's special rules allow it (FAQ, faq-digest D5): no
// scenario we have does, so the row is not removable.
var roadBlock = TerrainDef{Key: "road-block", Layer: LayerObstacle, Source: "Winter Wars IV Obstacles routiers enneigés (TP p.12)",
	Impassable: Vehicles, MustStop: true, Protection: [numUnitTypes]int8{Infantry: 1, Armor: 1}, IgnoreFlag: AllClasses,
	Summary: "road block: only infantry enters, and stops; -1 die for infantry and armor attacking it, none for artillery; ignore one flag; does not block sight"}
