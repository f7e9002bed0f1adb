package rules

// Tigers (FAQ v1.3 IV Troupes "Tigres", the Troops 16 card) and Michael
// Wittmann's Tiger (Villers-Bocage), as unit rows of their own ruleset.
//
// The FAQ's summary card: "1 figurine; Se déplace de 0 à 3 et combat;
// Lorsque le Tigre est touché, l'adversaire relance les dés qui ont touché;
// S'il obtient une grenade, le Tigre est effectivement détruit. Tous les
// autres résultats sont ignorés." The re-roll follows every roll of dice
// against the Tiger (battles, Ambush, Air Power, Barrage); the flags of the
// first roll still count. It does not follow the frozen river's ice test,
// whose star sinks a Tiger at once (FAQ II Rivière gelée: "il coule à pic").
//
// Villers-Bocage's special rules: "The Tiger tank marked with a Battle Star
// is Michael Wittmann => It may ignore 1 flag, battle at +1d when not
// moving, and its Battle Star does not count as an additional Victory medal
// for the enemy." The flag is the unit's own (UnitSetup.IgnoresFlag, the
// file's CAN_IGNORE_ONE_FLAG); the star gives no medal because a unit is
// worth one medal unless its setup says otherwise; the extra die is
// aceStill. A Wittmann that took ground has moved, and its armor overrun
// rolls no extra die (FAQ IV Tigres: "De fait, il s'est déplacé, et ne peut
// plus bénéficier de cet avantage").

const srcTigers = "FAQ IV Tigres (Troops 16 - Tigers)"

var tigerUnits = []UnitDef{
	{Key: "tiger", Class: Armor, Elite: true, Source: srcTigers, Figures: 1, MaxMove: 3, MoveAndFight: 3,
		RangeDice: [MaxRange]int8{3, 3, 3}, NeedsSight: true, TakesGround: true, Overruns: true, RetreatPerFlag: 1,
		HitsStandOn: FacesOf(FaceGrenade),
		Summary:     "Tiger: 1 figure; moves up to 3 and battles; each die that hits it is rolled again, and only a grenade then removes the figure"},
	{Key: "wittmann", Class: Armor, Elite: true, Source: srcTigers + "; Villers-Bocage: Michael Wittmann",
		Figures: 1, MaxMove: 3, MoveAndFight: 3,
		RangeDice: [MaxRange]int8{3, 3, 3}, NeedsSight: true, TakesGround: true, Overruns: true, RetreatPerFlag: 1,
		HitsStandOn: FacesOf(FaceGrenade), Hooks: UnitHooks{BattleBonus: aceStill},
		Summary: "Wittmann's Tiger: as a Tiger, and battles with 1 die more when it has not moved"},
}

// Tigers is the ruleset of the Tiger tanks (rows "tiger" and "wittmann").
func Tigers() *Ruleset {
	return &Ruleset{Key: "tigers", Name: "Tigers", Units: append([]UnitDef(nil), tigerUnits...)}
}

// hitsStanding is what remains of hits scored on unit vi: all of them,
// unless its row has HitsStandOn. "Lorsque le Tigre est touché,
// l'adversaire relance les dés qui ont touché. S'il obtient une grenade, le
// Tigre est effectivement détruit. Tous les autres résultats sont ignorés"
// (FAQ IV Tigres): the unit's enemy rolls one die per hit, and the hits
// that stand are the dice showing a face of HitsStandOn.
func (s *State) hitsStanding(vi int, hits int8) int8 {
	u := &s.units[vi]
	stand := s.kind(u).HitsStandOn
	if stand == 0 || hits <= 0 {
		return hits
	}
	return s.rollCount(Event{Kind: EvDiceRolled, Side: u.side.Opp(), To: s.b.hexAt[u.pos]}, hits, stand.Has)
}

// aceStill: Wittmann "battle[s] at +1d when not moving" (Villers-Bocage):
// one die more while the unit has neither moved nor taken ground this turn.
func aceStill(_ *State, u *unit) int8 {
	if u.moved || u.pos != u.start {
		return 0
	}
	return 1
}

// unitBonus is the extra dice unit a's own row gives its battles.
func (s *State) unitBonus(a *unit, k *UnitDef) int8 {
	if h := k.Hooks.BattleBonus; h != nil {
		return h(s, a)
	}
	return 0
}
