package rules

// The base game's command cards and decks (command-cards.md §2-3), as
// catalog rows. A card's hooks live in its own file, card_<key>.go.

const cc = "command-cards.md "

var baseCards = [NumCardKinds]CardDef{
	Recon:          {Key: "recon", Source: cc + "Recon; rulings 21, 79", Section: true, Quota: Quota{1}, DrawTwo: true, AirRaid: true, CombatDraw: true},
	Probe:          {Key: "probe", Source: cc + "Probe", Section: true, Quota: Quota{2}},
	Attack:         {Key: "attack", Source: cc + "Attack", Section: true, Quota: Quota{3}, BuildsPontoon: true},
	Assault:        {Key: "assault", Source: cc + "Assault", Section: true, Quota: Quota{allUnits}, Hooks: CardHooks{OnPlay: orderEveryUnit}},
	GeneralAdvance: {Key: "general-advance", Source: cc + "General Advance", Quota: Quota{2, 2, 2}},
	PincerMove:     {Key: "pincer-move", Source: cc + "Pincer Move", Quota: Quota{2, 0, 2}},
	ReconInForce:   {Key: "recon-in-force", Source: cc + "Recon in Force", Quota: Quota{1, 1, 1}},

	AirPower: {Key: "air-power", Source: cc + "Air Power; FAQ rulings 12-15", Tactic: true,
		Aim: &AimRule{Max: 4, Group: true, Dice: airPowerDiceNow, StarsHit: true}},
	Ambush: {Key: "ambush", Source: cc + "Ambush", Tactic: true, Reaction: true},
	ArmorAssault: {Key: "armor-assault", Source: cc + "Armor Assault", Tactic: true, Quota: Quota{slotArmor: 4},
		Typed: true, Class: Armor, Hooks: CardHooks{BattleBonus: armorAssaultBonus}},
	ArtilleryBombard: {Key: "artillery-bombard", Source: cc + "Artillery Bombard; FAQ VIII", Tactic: true,
		Quota: Quota{slotArt: allUnits}, Typed: true, Class: Artillery, MaxMove: 3, Shots: 2,
		Hooks: CardHooks{OnPlay: orderEveryArtillery}},
	Barrage: {Key: "barrage", Source: cc + "Barrage", Tactic: true, Aim: &AimRule{Max: 1, Dice: barrageDice}},
	BehindEnemyLines: {Key: "behind-enemy-lines", Source: cc + "Behind Enemy Lines; rulings 38-43", Tactic: true,
		Quota: Quota{slotInf: 1}, Typed: true, Class: Infantry, MaxMove: 3, MoveAndFight: 3, Infiltrate: true, Bonus: 1,
		Hooks: CardHooks{AfterBattles: moveAgainBehindLines}},
	CloseAssault: {Key: "close-assault", Source: cc + "Close Assault; FAQ ruling 49", Tactic: true, NoMove: true,
		AdjacentOnly: true, Hooks: CardHooks{OnPlay: orderUnitsInCloseCombat, BattleBonus: closeAssaultBonus}},
	CounterAttack: {Key: "counter-attack", Source: cc + "Counter-Attack; FAQ rulings 53-55", Tactic: true, CopiesLast: true},
	DigIn: {Key: "dig-in", Source: cc + "Dig In; FAQ rulings 59-61", Tactic: true, Quota: Quota{slotInf: 4},
		Typed: true, Class: Infantry, NoMove: true, Hooks: CardHooks{AfterOrders: digIn}},
	DirectFromHQ: {Key: "direct-from-hq", Source: cc + "Direct from HQ", Tactic: true, Quota: Quota{slotAny: 4}},
	Firefight: {Key: "firefight", Source: cc + "Firefight; FAQ ruling 66", Tactic: true, Quota: Quota{slotAny: 4},
		NoMove: true, Bonus: 1, NoCloseFire: true, Hooks: CardHooks{MayOrder: notInCloseCombat}},
	InfantryAssault: {Key: "infantry-assault", Source: cc + "Infantry Assault", Tactic: true, ChooseSection: true,
		Typed: true, Class: Infantry, MaxMove: 3, MoveAndFight: 2, Hooks: CardHooks{OnPlay: orderInfantryOfSection}},
	MedicsMechanics: {Key: "medics-mechanics", Source: cc + "Medics & Mechanics", Tactic: true, Quota: Quota{slotAny: 1},
		Hooks: CardHooks{MayOrder: hasLostFigures, OnOrder: heal}},
	MoveOut: {Key: "move-out", Source: cc + "Move Out!", Tactic: true, Quota: Quota{slotInf: 4}, Typed: true, Class: Infantry},
	FinestHour: {Key: "their-finest-hour", Source: cc + "Their Finest Hour", Tactic: true, Bonus: 1, Reshuffle: true,
		Hooks: CardHooks{OnPlay: finestHourRoll}},
}

// baseDecks: the 60-card deck (command-cards.md §2) and its 40 section
// cards alone (the young players' variant, rulebook annex 5).
var baseDecks = func() []DeckDef {
	lines := []DeckLine{
		{"recon", [3]int8{2, 2, 2}}, {"probe", [3]int8{4, 5, 4}}, {"attack", [3]int8{3, 4, 3}},
		{"assault", [3]int8{2, 2, 2}}, {"general-advance", [3]int8{1}}, {"pincer-move", [3]int8{1}},
		{"recon-in-force", [3]int8{3}},
	}
	sections := DeckDef{Key: "sections", Lines: lines}
	standard := DeckDef{Key: "standard", Lines: append(append([]DeckLine(nil), lines...),
		DeckLine{"air-power", [3]int8{1}}, DeckLine{"ambush", [3]int8{1}}, DeckLine{"armor-assault", [3]int8{2}},
		DeckLine{"artillery-bombard", [3]int8{1}}, DeckLine{"barrage", [3]int8{1}},
		DeckLine{"behind-enemy-lines", [3]int8{1}}, DeckLine{"close-assault", [3]int8{1}},
		DeckLine{"counter-attack", [3]int8{2}}, DeckLine{"dig-in", [3]int8{1}}, DeckLine{"direct-from-hq", [3]int8{2}},
		DeckLine{"firefight", [3]int8{1}}, DeckLine{"infantry-assault", [3]int8{2}},
		DeckLine{"medics-mechanics", [3]int8{1}}, DeckLine{"move-out", [3]int8{2}},
		DeckLine{"their-finest-hour", [3]int8{1}})}
	// Bastogne Corridor East, Suomussalmi (.m44 deck_name
	// AIR_POWER_AS_ARTILLERY_BOMBARD_DECK): "The 'Air Power' card is played
	// as an 'Artillery Bombard' card".
	bombard := DeckDef{Key: "air-power-as-artillery-bombard"}
	for _, l := range standard.Lines {
		switch l.Card {
		case "air-power":
			continue
		case "artillery-bombard":
			l.Copies[0]++
		}
		bombard.Lines = append(bombard.Lines, l)
	}
	return []DeckDef{standard, sections, bombard}
}()
