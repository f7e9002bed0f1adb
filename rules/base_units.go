package rules

// The base game's troops (rulebook annex 1, p.6-8 "Portée de déplacement",
// "Portée de tir"), as catalog rows.

// UnitKind is a row of the catalog's unit table.
type UnitKind uint8

var baseUnits = [...]UnitDef{
	{Key: "infantry", Class: Infantry, Source: "rulebook annex 1 Infanterie", Figures: 4, MaxMove: 2, MoveAndFight: 1,
		RangeDice: [MaxRange]int8{3, 2, 1}, NeedsSight: true, TakesGround: true, RetreatPerFlag: 1,
		Summary: "4 figures; moves 1 and battles, or 2 without battle; 3-2-1 dice at 1-3 hexes"},
	{Key: "armor", Class: Armor, Source: "rulebook annex 1 Blindés", Figures: 3, MaxMove: 3, MoveAndFight: 3,
		RangeDice: [MaxRange]int8{3, 3, 3}, NeedsSight: true, TakesGround: true, Overruns: true, RetreatPerFlag: 1,
		Summary: "3 figures; moves up to 3 and battles; 3 dice at 1-3 hexes; armor overrun"},
	{Key: "artillery", Class: Artillery, Source: "rulebook annex 1 Artillerie", Figures: 2, MaxMove: 1, MoveAndFight: 0,
		RangeDice: [MaxRange]int8{3, 3, 2, 2, 1, 1}, IgnoresCover: true, RetreatPerFlag: 1,
		Summary: "2 figures; moves 1 or battles; 3-3-2-2-1-1 dice at 1-6 hexes, no line of sight needed, ignores terrain protection"},
	{Key: "elite-infantry", Class: Infantry, Elite: true, Source: "rulebook annex 1 Infanterie d'élite", Figures: 4, MaxMove: 2,
		MoveAndFight: 2, RangeDice: [MaxRange]int8{3, 2, 1}, NeedsSight: true, TakesGround: true, RetreatPerFlag: 1,
		Summary: "special forces infantry: moves 2 and still battles"},
	{Key: "elite-armor", Class: Armor, Elite: true, Source: "rulebook annex 1 Blindés d'élite", Figures: 4, MaxMove: 3,
		MoveAndFight: 3, RangeDice: [MaxRange]int8{3, 3, 3}, NeedsSight: true, TakesGround: true, Overruns: true, RetreatPerFlag: 1,
		Summary: "special forces armor: 4 figures"},
	{Key: "elite-artillery", Class: Artillery, Elite: true, Source: "rulebook annex 1 (a special forces badge on artillery changes nothing)",
		Figures: 2, MaxMove: 1, RangeDice: [MaxRange]int8{3, 3, 2, 2, 1, 1}, IgnoresCover: true, RetreatPerFlag: 1,
		Summary: "artillery with a badge: as artillery"},
	{Key: "resistance", Class: Infantry, Source: "rulebook annex 1 La Résistance française", Figures: 3, MaxMove: 2, MoveAndFight: 1,
		RangeDice: [MaxRange]int8{3, 2, 1}, NeedsSight: true, TakesGround: true, BattlesAfterEntering: true, RetreatPerFlag: 3,
		Summary: "3 figures; battles after entering any terrain; retreats 1 to 3 hexes per flag"},
}

// DefaultFigures is the strength of a standard unit of type t; elite armor has 4
// (rulebook annex 1 "Blindés d'élite"), French Resistance infantry 3.
func DefaultFigures(t UnitType, elite, resistance bool) int8 {
	return baseCatalog.Unit(baseCatalog.KindOf(t, elite, resistance)).Figures
}
