package scenario

import (
	"encoding/json"
	"slices"
	"strings"

	"m44/hex"
	"m44/rules"
)

// Special rules that official scenarios state only in their text, reviewed
// rule by rule. Each row names the scenario (its editor id and English
// name, both must match), the text member it quotes (text.en.rules,
// .victory or .description) and the words it is about, and says how they
// are played — exactly one of:
//
//   - apply: the row sets the setup's fields the words ask for (the text
//     wins where the file's data says otherwise; the row's comment notes
//     the contradiction);
//   - data: the file's own members already play the words (the row records
//     the review and names the member);
//   - needs: the words need an engine feature that does not exist yet: the
//     importer reports the file unsupported with that feature's name, so
//     Report.Playable is false rather than the rule silently dropped;
//   - skip: the words are optional or cosmetic and are not played.
//
// The importer applies a row only to its own scenario; a file with rule
// text and no row keeps the note "special rules are free text, not
// checked". Reviewed against the scenario texts in ../shared/scenarios
// (docs/scenarios.md "Official scenarios' special rules").
type special struct {
	id, name string // meta_data.scenario_id and the English name
	from     string // the text member quoted: "rules", "victory" or "description"
	bunkers  bool   // the row says who may use the bunkers
	stars    bool   // the row says what the file's battle stars (tag1) mark
	option   string // the game_info.options member the row completes ("" for none)
	text     string // the scenario's words ("[...]" marks a cut)

	apply func(s *rules.Setup)
	data  string
	needs string
	skip  string
}

const airOptional = "Air rules (the Air Pack's Air Sortie cards) are optional and not played"

var specials = []special{
	// First Assault Wave (Omaha Beach).
	{id: "11", name: "First Assault Wave", from: "rules",
		text: "The hill that runs along the beach is a bluff. Moving up the bluff from the beach is a 2 hex move. Tanks may not move up the bluff from the beach. From the inland side, treat the bluff as a normal hill in battle and for movement.",
		data: "the hills along the beach carry behavior BLUFF (rules.Bluff)"},
	{id: "11", name: "First Assault Wave", from: "rules", bunkers: true,
		text: "The Axis player is in control of the Bunkers and may claim them as a defensive position.",
		// The file's bunkers name no original_owner (both sides by default).
		apply: axisBunkers},
	{id: "11", name: "First Assault Wave", from: "rules",
		text: "The Allied Special Force is a Ranger unit. [...] Rangers may move 1 or 2 hexes and still battle.",
		data: "unit inf2us (elite-infantry: moves 2 and battles)"},
	{id: "11", name: "First Assault Wave", from: "rules",
		text: "Treat the Sea Wall as a permanent improved position (sandbags) for the Allied player. Place sandbags in these two hexes. Units may move through the seawall as normal.",
		data: "obstacle sand with behavior SEAWALL and original_owner ALLIES (rules.Seawall, HexSetup.Owners)"},
	{id: "11", name: "First Assault Wave", from: "victory",
		text: "An Allied unit that captures a town counts as one victory medal. Place an objective medal in each town hex.",
		data: "medal1 tags on the five towns (temporary medals)"},

	// Schwammenauel Dam.
	{id: "1422", name: "Schwammenauel Dam", from: "rules",
		text: "The Allied Special Forces are Paratrooper units. [...] These units may move 1 or 2 hexes and still battle.",
		data: "units inf2us (elite-infantry: moves 2 and battles)"},
	{id: "1422", name: "Schwammenauel Dam", from: "victory",
		text: "An Allied unit that captures a Dam hex counts as one Victory Medal. Place an Objective Medal on each Dam hex.",
		data: "medal tags on the dam hexes (temporary medals)"},
	{id: "1422", name: "Schwammenauel Dam", from: "victory",
		text: "The Axis player may attempt to sabotage the Schwammenauel and Urft dams. See p. 9 to learn the rules of sabotaging a dam.",
		// FAQ II 20 Barrages and the FAQ's Schwammenauel page: the Axis
		// rolls at the start of each of its turns while a unit of its
		// own holds a dam; a star token per occupied dam and roll; four
		// tokens sabotage it (docs/rules-decisions.md "Dam sabotage").
		apply: damSabotage},

	// Counter-Attack at Arras.
	{id: "1290", name: "Counter-Attack at Arras", from: "rules",
		text: "Blitz Rules are in effect (Actions 15 - Blitz Rules).",
		data: "game_info.options.blitz_rules (rules.Setup.AirRaids for the Axis, MoveLimits for the Allied armor)"},
	{id: "1290", name: "Counter-Attack at Arras", from: "rules",
		text: "British Commonwealth Forces Command rules are in effect (British Commonwealth Forces).",
		// The file has no british_commonwealth option: the text puts them in effect.
		apply: britishCommonwealth},
	{id: "1290", name: "Counter-Attack at Arras", from: "rules",
		text: "Air Rules are optional: If used, give the Axis player one Air Sortie card and the Allied player one Air Sortie card at game start.",
		skip: airOptional},

	// Securing the Flank.
	{id: "4187", name: "Securing the Flank", from: "victory",
		text: "The three hexes of Fontenay le Pesnel are a Temporary Majority Medal Objective for the Allied forces. [...] Raury is a Temporary Medal Objective for the Allied forces.",
		// The file also puts four Allied exit markers on the Allies' own
		// baseline; neither the victory conditions nor the rules name an
		// exit, so they are not played (docs/rules-decisions.md).
		apply: noExits},
	{id: "4187", name: "Securing the Flank", from: "rules",
		text: "Place a badge on the Axis armor unit and Axis infantry units on the hills between Raury and Fontenay le Pesnel (Troops 2 - Specialized Units).",
		data: "units tank2ger (elite-armor, 4 figures) and inf2ger (elite-infantry)"},
	{id: "4187", name: "Securing the Flank", from: "rules",
		text: "Air rules are optional: If used, shuffle both Air Sortie cards into the deck, at game start.",
		skip: airOptional},

	// Night Withdrawal.
	{id: "4089", name: "Night Withdrawal", from: "victory",
		text: "The hex with an Exit marker on the Axis player's baseline is an Exit hex for the Axis forces (not for the Allied forces)!",
		data: "the exit marker on the Axis baseline is an exit for the Axis (rules.Setup.Exits)"},
	{id: "4089", name: "Night Withdrawal", from: "rules",
		text: "Night Fall: The German player benefits from Night Attack conditions (Actions 19 - Night Attacks). Use the Night Visibility chart in reverse. [...] At the start of each turn, the Axis player rolls 4 Battle dice to see if the visibility changes. For each star rolled, reduce the visibility range by 1, [...] Once fully night, put the die aside and play the remainder of the scenario limited to close assault combat.",
		data: "game_info.options night_visibility_reverse_rule and night_visibility_team_turn AXIS (rules.Setup.Night: starts at 6, the Axis rolls, each star lowers it, at 1 only close assaults)"},

	// Breakout to Lisyanka.
	{id: "1434", name: "Breakout to Lisyanka", from: "victory",
		text: "An Axis unit that crosses the frozen river exits off the Russian side of the battlefield counts as Victory Medal, [...] infantry count as 2 and armor 1. The Axis unit is removed from play.",
		data: "the tag5 EXIT_MARKER for the Axis on the Russian baseline (rules.Setup.Exits) and game_info.options.infantry_exit_counts_2 (Exit.Medals)"},
	{id: "1434", name: "Breakout to Lisyanka", from: "rules",
		text: "The Axis Special Forces tank units have 4 figures.",
		data: "units tank2ger with badge4 (elite-armor, 4 figures)"},
	{id: "1434", name: "Breakout to Lisyanka", from: "rules",
		text: "The Axis Special Forces are Engineer units.",
		data: "units infger with badge6 (engineers, Winter Wars V)"},
	{id: "1434", name: "Breakout to Lisyanka", from: "rules",
		text: "The Russian Special Forces tank units have 4 figures.",
		data: "units tank2ru with nbr_units 4 (elite-armor)"},
	{id: "1434", name: "Breakout to Lisyanka", from: "rules",
		text: "Ravine and Frozen Rivers are explained on p.3.",
		data: "terrain wravine (ravine) and the file's frozen rivers (frozen-river, Winter Wars I)"},

	// Wittmann's Final Battle.
	{id: "4085", name: "WITTMANN'S FINAL BATTLE", from: "victory",
		text: "Hill 195 and Potigny are Temporary Medal Objectives for the Allied forces.",
		data: "medal1 tags (temporary medals for the Allies)"},
	{id: "4085", name: "WITTMANN'S FINAL BATTLE", from: "rules",
		text: "Night Attack rules are in effect (Actions 19 - Night Attacks).",
		data: "game_info.options.night_visibility_rules (rules.Setup.Night)"},
	{id: "4085", name: "WITTMANN'S FINAL BATTLE", from: "rules",
		text: "Special Weapon Asset rules (SWAs 1 - Special Weapon Assets) are in effect for the units equipped with Anti-Tank Late war weapons",
		data: "units infger with badge37 (infantry-anti-tank; the newer Winter Wars V 1942 equipment rules: infantry that moves 1 and battles, stars hit armor when it has not moved)"},
	{id: "4085", name: "WITTMANN'S FINAL BATTLE", from: "rules",
		text: "Place a badge on Michael Wittmann's elite tank unit (Troops 2 - Specialized Units). Moreover, thanks to Wittmann's presence, this unit may ignore the first flag rolled against it.",
		data: "unit tank2ger with behavior CAN_IGNORE_ONE_FLAG (elite-armor; UnitSetup.IgnoresFlag)"},
	{id: "4085", name: "WITTMANN'S FINAL BATTLE", from: "rules",
		text: "Place a badge on the Allied Mechanized Infantry Kangaroo units (Troops 2 - Specialized Units).",
		data: "units inf2us with badge1 (elite-infantry)"},

	// Across the River Roer.
	{id: "1340", name: "Across the River Roer", from: "victory",
		text: "An Allied unit that captures a town or the medal on the road exit on the Axis baseline, as indicated, counts as one Victory Medal.",
		data: "medal1 tags (temporary medals for the Allies)"},
	{id: "1340", name: "Across the River Roer", from: "rules",
		text: "The River Roer is a Navigable River by Allied infantry units in boats. [...] Play the river as a Ford (see p. 6)",
		data: "river hexes with behavior FORD (fordable-river) and properties.isImpassable {AXIS: true, ALLIES: [2, 3]} (rules.HexSetup.ClosedTo: only Allied infantry may enter)"},
	{id: "1340", name: "Across the River Roer", from: "rules",
		text: "See p. 7 to learn about Minefields. The Axis lays the mines.",
		data: "tag3 MINE_FIELD tags with side AXIS (rules.Setup.Mines)"},

	// Breakthrough to Gembloux.
	{id: "3496", name: "Breakthrough to Gembloux", from: "victory",
		text: "Axis player: 12 Medals, with at least one collected by a German unit exiting the board through the Exit hex toward Gembloux.",
		data: "game_info.options.must_have_unit_exit {AXIS, 1} (rules.Setup.MustExit) and the tag4 EXIT_MARKER for the Axis (rules.Setup.Exits)"},
	{id: "3496", name: "Breakthrough to Gembloux", from: "rules", stars: true,
		text: "Most of the French infantry units are motorized (marked with a star) except the 2 infantry units at the rear in Saint-Trond and Grand Leez ; play them like Special Forces infantry (Troops 2 - Specialized Units).",
		data: "units inf2us with equipment motorized (elite-infantry); the tag1 battle stars on their hexes only mark them"},
	{id: "3496", name: "Breakthrough to Gembloux", from: "rules",
		text: "If Air Pack rules are in effect, the Air Sortie card is unusable by the French player.",
		skip: "the Air Pack's Air Sortie cards are not played"},

	// Drop in the Night: 82nd.
	{id: "6687", name: "Drop In The Night: 82nd", from: "victory",
		text: "Sainte-Mère-Eglise and the bridges of la Fière and Chef-du-Pont are Temporary Medal Objectives for the Allied forces.",
		data: "medal1 tags on the church of Sainte-Mère-Eglise and the two bridges (temporary medals)"},
	{id: "6687", name: "Drop In The Night: 82nd", from: "victory",
		text: "The destruction of the bridges next to Pont-l'Abbé and Beuzeville are Permanent Medal Objectives for the Allied forces.",
		data: "the two bridges' behavior2 ONE_MEDAL_IF_BLOWN: a medal for the side that blows each (rules.BlowableBridge.Medal)"},
	{id: "6687", name: "Drop In The Night: 82nd", from: "rules",
		text: "All Allied Infantry units are elite units (Troops 2 - Specialized Units). Badges are not required. Place a badge on the German elite infantry units (Troops 2 - Specialized units).",
		data: "units inf2us and inf2ger (elite-infantry); the airdrop's unit inf2us"},
	{id: "6687", name: "Drop In The Night: 82nd", from: "rules",
		text: "The Allied player may attempt to blow up the two bridges over the Douve River using option 2 (Actions 2 - Blowing Up Bridges). A bridge may be blown up only if an Allied infantry unit is on an adjacent hex.",
		data: "option blowbridge_opt2 {ALLIES, NEED_NEIGHBOUR_UNIT} and the bridges' behavior CAN_BE_BLOWN (rules.Setup.Blow)"},
	{id: "6687", name: "Drop In The Night: 82nd", from: "rules",
		text: "Night Attacks rules are in effect (Actions 19 - Night Attacks).",
		data: "game_info.options.night_visibility_rules (rules.Setup.Night)"},
	{id: "6687", name: "Drop In The Night: 82nd", from: "rules", stars: true,
		text: "Before his first turn, the Allied player drops 3 elite Infantry units over each hex marked with a Battle Star (9 units total). You must aim at these hexes, but you do not lose your units if they land outside of the hex.",
		data: "option airdrop: three drops of 3 inf2us within 3 hexes of f14, i12 and j6, the battle-star hexes (rules.Setup.Airdrops); the tag1 stars only mark them"},
	{id: "6687", name: "Drop In The Night: 82nd", from: "rules",
		text: "Once in full daylight, the Allied player can drop up to 3 additional Infantry units (using previously lost figures) over the hex at Les Forges by playing an appropriate Command card (so a probe in the Center allows 2 units to attempt an airdrop over Les Forges).",
		data: "option airdrop2 {ALLIES, NEED_FULL_DAY_VISIBILITY, TARGET_DROP_CENTER, range 3, 3 inf2us, centre c6 beside the Les Forges label} (rules.Setup.CalledAirdrops: once the night track reaches full daylight, a section card of any section drops as many units as it orders, 3 in all over the game, each built from 4 lost Allied infantry figures; action drop)"},
	// Vaumicel Manor.
	{id: "12509", name: "[Normandy] Vaumicel Manor", from: "rules",
		text: "Place badges on the elite infantry units (Troops 2 - Specialized Units) and [...] on the Engineers units of the two sides",
		data: "units inf2ger/inf2us with badge2 or badge4 (elite-infantry); with badge6 or badge12 (engineers, Winter Wars V: they move as standard infantry)"},
	{id: "12509", name: "[Normandy] Vaumicel Manor", from: "victory",
		text: "St Laurent-sur-mer and ferme de l'Ormel are each a temporary medal objective for the Axis player.",
		data: "medal2 tags (temporary medals for the Axis)"},

	// Drive on Caen.
	{id: "4087", name: "DRIVE ON CAEN", from: "rules",
		text: "Place a Badge on the German Panzer Grenadier unit defending Caen",
		data: "unit inf2ger with badge4 (elite-infantry)"},
	{id: "4087", name: "DRIVE ON CAEN", from: "rules",
		text: "Special Weapon Asset rules (SWAs 1 - Special Weapon Assets) are in effect for the units equipped with Anti-Tank weapons",
		data: "units with badge37 (infantry-anti-tank; the newer Winter Wars V 1942 equipment rules, faq-digest D6)"},
	{id: "4087", name: "DRIVE ON CAEN", from: "victory",
		text: "Two town hexes in Caen are Temporary Medal Objectives for the Allied forces.",
		data: "medal1 tags on the two town hexes"},

	// Saint-Martin and Bull Bridge.
	{id: "4272", name: "SAINT-MARTIN AND BULL BRIDGE", from: "rules",
		text: "Place a badge on the Allied Special Forces, which are the 2nd Household Cavalry in armored cars",
		data: "unit inf2us with badge1 (elite-infantry, as the file places it)"},
	{id: "4272", name: "SAINT-MARTIN AND BULL BRIDGE", from: "rules",
		text: "Special Weapon Asset rules (SWAs 1 - Special Weapon Assets) are in effect for the unit equipped with a mortar",
		data: "unit with badge41 (infantry-mortar; the newer Winter Wars V 1942 equipment rules, faq-digest D6)"},
	{id: "4272", name: "SAINT-MARTIN AND BULL BRIDGE", from: "victory",
		text: "Saint-Martin and Bull Bridge are both Temporary Medal Objectives for the Allied forces.",
		data: "medal1 tags"},

	// Ponyri.
	{id: "1365", name: "Ponyri", from: "rules",
		text: "The Axis Special Forces Tank units have 4 figures.",
		data: "units tank2ger (elite-armor, 4 figures)"},
	{id: "1365", name: "Ponyri", from: "rules",
		text: "Allies (Russian) player lays the mines.",
		data: "tag3 MINE_FIELD tags with side ALLIES (rules.Setup.Mines; FAQ II Champs de mines names the Allies too)"},
	{id: "1365", name: "Ponyri", from: "victory",
		text: "Control of Ponyri counts as two Victory Medals. To control Ponyri, you must occupy more Town hexes than your opponent.",
		data: "the medal0 majority tag counting 2 over the town group"},

	// German counter-attack at Chaumont.
	{id: "23806", name: "[Battle of the Bulge] German counter-attack at Chaumont [FFM44]", from: "rules",
		text: "Special Weapon Asset rules (SWAs 1) are in effect for units equipped with antitank weapons (SWAs 2).",
		data: "units with badge37 (infantry-anti-tank; Winter Wars V 1942 equipment)"},
	{id: "23806", name: "[Battle of the Bulge] German counter-attack at Chaumont [FFM44]", from: "rules",
		text: "The Axis player lays out the minefields (Terrains 29).",
		data: "tag3 MINE_FIELD tags with side AXIS (rules.Setup.Mines)"},
	{id: "23806", name: "[Battle of the Bulge] German counter-attack at Chaumont [FFM44]", from: "rules",
		text: "Use \"Mobile Artillery\" rules (Troops 14) for the US artillery unit.",
		data: "unit gunus with badge35 (mobile-artillery)"},
	{id: "23806", name: "[Battle of the Bulge] German counter-attack at Chaumont [FFM44]", from: "rules",
		text: "Use \"Winter Weather\" rules (Actions 26).",
		// Read as Winter Wars II "Règles hivernales": snowfall
		// (docs/rules-decisions.md "Winter Weather (Actions 26)").
		apply: winterWeather},

	// Tunisia.
	{id: "7272", name: "Tunisia", from: "rules",
		text: "Place a badge on German and American elite tank units (Troops 2 - Specialized Units).",
		data: "units tank2ger and tank2us (elite-armor)"},
	{id: "7272", name: "Tunisia", from: "rules",
		text: "Allied Armor units may only move 2 hexes and battle, not the normal 3 hexes.",
		data: "options.partial_blitz_rules ALLIES (rules.Setup.MoveLimits) and the units' ARMOR_MOVE_TWO behaviors (UnitSetup.MaxMove)"},

	// Arnhem Bridge.
	{id: "25", name: "Arnhem Bridge", from: "rules",
		text: "All the Allied units are Special Forces Elite Airborne units. Therefore, there is no need to place badges with the units. These units may move 1 or 2 hexes and still battle.",
		data: "units inf2us (elite-infantry); the artillery's badge changes nothing (elite-artillery)"},
	{id: "25", name: "Arnhem Bridge", from: "rules",
		text: "The Axis Special Forces tank units have 4 figures.",
		data: "units tank2ger (elite-armor, 4 figures)"},
	{id: "25", name: "Arnhem Bridge", from: "rules",
		text: "The Axis Special Forces infantry are Elite Grenadier units. Place an Axis special force token in the same hex with these units to distinguish them from the other units. The Elite Grenadier units may move 1 or 2 hexes and still battle.",
		data: "units inf2ger (elite-infantry)"},
	{id: "25", name: "Arnhem Bridge", from: "rules",
		text: "Units may only enter or exit Arnhem Bridge from or onto the hexes as noted at the ends of the bridge. Movement along the span of bridge is normal.",
		data: "the bridges' behavior BRIDGE_SECTION (rules.BridgeSpan: entered and left only at its ends, in line)"},
	{id: "25", name: "Arnhem Bridge", from: "rules",
		text: "Infantry units may not target units on the opposite side of the Rhine River, which is too wide in this section.",
		data: "the river tiles' behavior WIDE_RIVER (HexSetup.NoFireAcross: infantry)"},

	// Bastogne Corridor East.
	{id: "12493", name: "Bastogne Corridor East", from: "victory",
		text: "An Axis unit that exits off the Allied side of the battlefield from a exit hex counts as one victory medal.",
		data: "tag4 EXIT_MARKER tags for the Axis on the Allied baseline (rules.Setup.Exits)"},
	{id: "12493", name: "Bastogne Corridor East", from: "rules",
		text: "The Axis Special Forces tank unit has 4 figures.",
		data: "unit tank2ger (elite-armor, 4 figures)"},
	{id: "12493", name: "Bastogne Corridor East", from: "rules",
		text: "The 'Air Power' card is played as an 'Artillery Bombard' card.",
		data: "game_info.options.deck_name AIR_POWER_AS_ARTILLERY_BOMBARD_DECK (the catalog deck air-power-as-artillery-bombard)"},

	// Panzer Lehr Counter-Attack.
	{id: "4152", name: "PANZER LEHR COUNTER ATTACKS", from: "victory",
		text: "Exit markers are in effect on the portion of the Allied baseline in between the 2 Exit markers, for Axis forces.",
		data: "tag5 EXIT_MARKER with its group for the Axis (rules.Setup.Exits)"},
	{id: "4152", name: "PANZER LEHR COUNTER ATTACKS", from: "rules",
		text: "All Axis infantry units are Panzer Grenadiers (Troops 2 - Specialized Units).",
		data: "units inf2ger (elite-infantry)"},
	{id: "4152", name: "PANZER LEHR COUNTER ATTACKS", from: "rules",
		text: "All Axis tank units are elite armor units (Troops 2 - Specialized Units).",
		data: "units tank2ger (elite-armor)"},
	{id: "4152", name: "PANZER LEHR COUNTER ATTACKS", from: "rules",
		text: "The Allied player may call in Air Strikes (Actions 3 - Air Strikes & Blitz)",
		data: "options.air_strikes_rules ALLIES (rules.Setup.AirRaids: a Recon played as Air Power)"},

	// Moyland Wood.
	{id: "12505", name: "Moyland Wood", from: "victory",
		text: "An Allied unit that captures Moyland counts as one Victory Medal. An Axis unit that captures a Louisendorf town hex counts as one Victory Medal.",
		data: "medal1 on Moyland, medal2 on the two Louisendorf hexes (temporary medals)"},
	{id: "12505", name: "Moyland Wood", from: "rules",
		text: "The Axis Special Forces tank units have 4 figures.",
		data: "units tank2ger with nbr_units 4 (elite-armor)"},

	// Strasbourg.
	{id: "12507", name: "Strasbourg", from: "victory",
		text: "An Axis unit that captures the town hex or bridge hex, as noted, counts as one victory medal.",
		data: "medal2 tags on the town and the bridge (temporary medals)"},
	{id: "12507", name: "Strasbourg", from: "rules",
		text: "The Rhone-Rhine Canal is frozen and may be crossed. There are no other movement or battle restrictions in regard to the canal.",
		// The file draws the canal with snowy river tiles (wriver, wcurved),
		// which the importer reads as rivers, impassable: the text makes it
		// open ground. The Ill river (river and curve tiles) stays a river.
		apply: func(s *rules.Setup) {
			setGround(s, rules.River, rules.Plain, "H9", "g8", "G7", "f6", "F5", "e4", "E3", "d2", "D1")
		}},

	// Operation Cobra.
	{id: "15", name: "Operation Cobra", from: "victory",
		text: "An Allied unit that captures the town of St. Gilles or Marigny counts as one Victory Medal.",
		data: "medal1 tags on the two towns (temporary medals)"},
	{id: "15", name: "Operation Cobra", from: "rules",
		text: "The Axis Special Force tank unit has 4 figures.",
		data: "unit tank2ger (elite-armor, 4 figures)"},

	// Hill 112.
	{id: "1558", name: "HILL 112", from: "victory",
		text: "The indicated hex in the town of Maltot and Hill 112 are Temporary Medal Objectives for the Allied forces.",
		data: "medal1 tags on Maltot and Hill 112 (temporary medals)"},
	{id: "1558", name: "HILL 112", from: "rules",
		text: "Place a badge on the German elite tank unit and on the mechanized infantry unit (Troops 2 - Specialized units).",
		data: "units tank2ger (4 figures) and inf2ger (elite-infantry)"},
	{id: "1558", name: "HILL 112", from: "rules",
		text: "Air rules are optional: If used, give one Air Sortie card to the Allied player, and shuffle the other in the deck, at game start.",
		skip: airOptional},

	// Counter-attack on Mortain (FAQ XI Operation Lüttich).
	{id: "16", name: "Counter-attack on Mortain", from: "victory",
		text: "An Axis unit that captures St. Hilaire counts as one victory medal.",
		data: "medal2 tag on St. Hilaire (temporary medal)"},
	{id: "16", name: "Counter-attack on Mortain", from: "rules",
		text: "Movement up onto a hill hex is a 2 hex move. Moving down off a hill or moving from a hill to an adjacent hill hex is a 1 hex move.",
		data: "every hill carries behavior STEEP_HILL (rules.SteepHill)"},
	{id: "16", name: "Counter-attack on Mortain", from: "rules",
		text: "The Axis Special Force infantry is an elite Panzer Grenadier unit, and the Special Forces tank units have 4 figures. [...] The Panzer Grenadier unit may move 1 or 2 hexes and still battle",
		data: "units inf2ger (elite-infantry) and tank2ger (elite-armor, 4 figures)"},
	{id: "16", name: "Counter-attack on Mortain", from: "rules",
		text: "As long as either hex of Hill 317 has an allied unit on it, the Allied player may play his 'Recon' cards as an Air Power strike for that section.",
		data: "option hill317 (rules.Setup.AirRaids)"},

	// Montélimar.
	{id: "18", name: "Montélimar", from: "victory",
		text: "An Axis unit that captures the town of Bonlieu or Grane counts as one Victory Medal. [...] An Allied unit that captures any hex adjacent to the Rhone counts as one victory medal. Only one objective medal is gained, even if more than one hex is captured.",
		data: "medal2 tags on the two towns; one medal1 tag whose group holds the hexes along the Rhone (one temporary medal for any of them)"},
	{id: "18", name: "Montélimar", from: "rules",
		text: "The Hill hexes north of the Condillac pass (Allies right) are impassable.",
		data: "those hills carry behavior IMPASSABLE_HILL (HexSetup.Closed)"},
	{id: "18", name: "Montélimar", from: "rules",
		text: "The Axis Special Force infantry units are elite Panzer Grenadier units. [...] The Panzer Grenadier units may move 1 or 2 hexes and still battle. The other German infantry units only have 3 figures.",
		data: "units inf2ger (elite-infantry); the other infger have nbr_units 3"},

	// Vassieux.
	{id: "19", name: "Vassieux", from: "victory", option: "deck_reshuffling",
		text: "When 'Their Finest Hour' command card is played, do not reshuffle the command deck. Should the command card deck run out of cards and the Allied player has not won, the battle ends as an Axis player victory.",
		apply: func(s *rules.Setup) {
			s.NoReshuffle, s.DeckOut, s.DeckOutWinner = true, true, rules.Axis
		}},
	{id: "19", name: "Vassieux", from: "rules",
		text: "All the Allied units are French Resistance infantry. [...] These units only have 3 figures. A Resistance unit may move onto terrain and still battle. When retreating, the unit may move back 1, 2 or 3 hexes before it regroups.",
		data: "every Allied unit carries behavior FRENCH_RESISTANCE (the resistance unit row)"},

	// Pegasus Bridge.
	{id: "2", name: "Pegasus Bridge", from: "description",
		text: "Take 2 command cards (Germans were surprised). Draw two cards after turns 1 and 2. You will then have a hand of 4 command cards for the rest of the battle.",
		// The file has cards_player1 2 and nothing more: the Axis would keep
		// 2 cards for the whole battle.
		apply: func(s *rules.Setup) { s.GrowTo[rules.Axis] = 4 }},
	{id: "2", name: "Pegasus Bridge", from: "victory",
		text: "An Allied unit that captures a bridge hex counts as one victory medal. Place an objective medal on each of the bridges.",
		data: "medal1 tags on the two bridges (temporary medals)"},

	// St Vith (FAQ XI: the Air Pack's mountains, impassable both ways).
	{id: "20", name: "St Vith", from: "rules",
		text: "The Axis Special Forces tank units have 4 figures.",
		data: "units tank2ger with nbr_units 4 (elite-armor)"},
	{id: "20", name: "St Vith", from: "rules",
		text: "The hill slope toward St Vith is impassable.",
		data: "mountain tiles with behavior IMPASSABLE_HILL (HexSetup.Closed)"},

	// Liberation of Paris.
	{id: "22", name: "Liberation of Paris", from: "victory",
		text: "A French unit, that captures a Paris Outskirts town hex, counts as one victory medal. [...] The medal, once gained, continues to count toward the Allied victory, even if the unit moves off the hex or is eliminated.",
		data: "permanent medal1 tags on the three towns (every Allied unit is French)"},

	// Toulon.
	{id: "23", name: "Toulon", from: "victory",
		text:  "If Allied units occupy 3 town hexes in Toulon at the end of their turn, they win immediately.",
		apply: suddenDeathAtTurnEnd},
	{id: "23", name: "Toulon", from: "rules",
		text: "The Allied Special Forces are a Commando unit and a Ranger unit. [...] These units may move 1 or 2 hexes and still battle.",
		data: "units inf2us (elite-infantry)"},

	// Saverne Gap (FAQ XI: its mountains block artillery by special rule).
	{id: "29", name: "Saverne Gap", from: "victory",
		text:  "If Allied units occupy 2 town hexes in Saverne at the end of their turn, they win immediately.",
		apply: suddenDeathAtTurnEnd},
	{id: "29", name: "Saverne Gap", from: "rules",
		text: "The hills are impassable.\nArtillery may not fire over hills.",
		data: "the mountain tiles carry behavior IMPASSABLE_BLOCKING_HILL (HexSetup.Closed, NoFireAcross: artillery)"},

	// Sainte-Mère-Église.
	{id: "3", name: "Sainte-Mère-Eglise", from: "rules",
		text: "Before the Allied side takes its first turn, the Allied player has an additional airdrop.",
		data: "option airdrop (rules.Setup.Airdrops: 4 infantry around G5; one that lands on a unit or off the board is lost, no medal)"},

	// Sword Beach.
	{id: "4", name: "Sword Beach", from: "victory",
		text: "An Allied unit that captures a Town hex counts as one Victory Medal. Place an Objective Medal on each Town hex.",
		data: "medal1 tags on the three towns (temporary medals)"},
	{id: "4", name: "Sword Beach", from: "rules", bunkers: true,
		text: "The Axis player is in control of the Bunkers and may claim them as a defensive position.",
		// The file's bunkers name no original_owner (both sides by default).
		apply: axisBunkers},
	{id: "4", name: "Sword Beach", from: "rules",
		text: "The Allied Special Forces are Commando units. [...] Commandos may move 1 or 2 hexes and still battle.",
		data: "units inf2us (elite-infantry)"},

	// Martinville Ridge.
	{id: "4172", name: "MARTINVILLE RIDGE", from: "victory",
		text: "The marked hex in Saint-Lô and the ridge beside Martinville are Temporary Medal Objectives for the Allied forces.\n\nHill 122 is a Temporary Medal Objective for the Axis forces.",
		data: "medal1 tags in Saint-Lô and on the ridge, medal2 on Hill 122 (temporary medals)"},
	{id: "4172", name: "MARTINVILLE RIDGE", from: "rules",
		text: "All Axis infantry are Fallschirmjäger (Troops 2 - Specialized Units).",
		data: "every Axis infantry unit is inf2ger (elite-infantry)"},

	// Withdrawal from Hill 112.
	{id: "4186", name: "WITHDRAWAL FROM HILL 112", from: "victory",
		text: "The marked town hex is a Temporary Medal Objective for the Axis forces.",
		data: "medal2 tag on the town (temporary medal)"},
	{id: "4186", name: "WITHDRAWAL FROM HILL 112", from: "rules",
		text: "Air rules are optional: \nIf used, give the Allied player one Air sortie card and shuffle the other one in the deck, at game start.",
		skip: airOptional},

	// Utah Beach.
	{id: "42", name: "Utah Beach", from: "victory",
		text: "An Allied unit that exits off the Axis side of the battlefield counts as one Victory Medal.",
		// The file has three exit markers; the text names the whole Axis
		// baseline.
		apply: func(s *rules.Setup) {
			e := rules.Exit{Side: rules.Allies}
			row := int8(0)
			if s.Top == rules.Allies {
				row = int8(s.Grid.Rows - 1)
			}
			for _, h := range s.Grid.Hexes() {
				if h.Row == row {
					e.Hexes = append(e.Hexes, h)
				}
			}
			s.Exits = []rules.Exit{e}
		}},
	{id: "42", name: "Utah Beach", from: "rules", bunkers: true,
		text: "The Axis player is in control of the Bunkers and may claim them as a defensive position.",
		// The file's bunkers name no original_owner (both sides by default).
		apply: axisBunkers},

	// Mont Mouchet.
	{id: "5", name: "Mont Mouchet", from: "victory",
		text: "Eliminating an Axis tank unit counts as two victory medals for the Allied player.",
		data: "the Axis tanks carry behavior GERMAN_2VICTANK (UnitSetup.Medals 2)"},
	{id: "5", name: "Mont Mouchet", from: "rules",
		text: "The Axis Special Forces tank units have 4 figures.",
		data: "units tank2ger (elite-armor, 4 figures)"},
	{id: "5", name: "Mont Mouchet", from: "rules",
		text: "All the Allied units are French Resistance infantry. [...] These units only have 3 figures. A Resistance unit may move onto terrain and still battle. When retreating, the unit may move back 1, 2 or 3 hexes before it regroups.",
		data: "every Allied unit carries behavior FRENCH_RESISTANCE (the resistance unit row)"},

	// Pointe-du-Hoc.
	{id: "7", name: "Pointe-du-Hoc", from: "victory",
		text: "An Allied unit that captures a forest hex at the Axis side or the battlefield counts as one victory medal. [...] The medal, once gained, continues to count toward the Allied victory even if the unit moves off the hex or is eliminated.",
		data: "permanent medal1 tags on the two forests"},
	{id: "7", name: "Pointe-du-Hoc", from: "rules",
		text: "The hill that runs along the beach is a cliff. Moving up the cliff from the beach is a 2 hex move. From the inland side, treat it as a normal hill in battle and for movement.",
		data: "the hills along the beach carry behavior CLIFF (rules.Cliff)"},
	{id: "7", name: "Pointe-du-Hoc", from: "rules", bunkers: true,
		text: "The Axis player is in control of the Bunkers and may claim them as a defensive position.",
		// The file's bunkers name no original_owner (both sides by default).
		apply: axisBunkers},
	{id: "7", name: "Pointe-du-Hoc", from: "rules",
		text: "All the Allied units are Special Forces Ranger units. [...] Rangers may move 1 or 2 hexes and still battle.",
		data: "every Allied unit is inf2us (elite-infantry)"},

	// Gallabat & Metemma.
	{id: "7269", name: "Gallabat & Metemma", from: "rules",
		text: "The Allied Special Force tank unit has 4 figures.",
		data: "unit tank2us with nbr_units 4 (elite-armor)"},
	{id: "7269", name: "Gallabat & Metemma", from: "rules",
		text: "The Boundary Khor, although a dry river, has the same terrain effects as a river.",
		data: "the Khor is drawn with river tiles (rules.River)"},
	{id: "7269", name: "Gallabat & Metemma", from: "rules",
		text: "Bridges do not block line of sight.",
		data: "the base game's bridge row does not block sight (rulebook annex 2 Ponts)"},

	// Villers-Bocage (Operation Perch).
	{id: "17", name: "Villers-Bocage", from: "rules",
		text: "British Commonwealth Forces command rules are in effect (Nations 5 - British Commonwealth Forces).",
		// The file has no british_commonwealth option: the text puts them in effect.
		apply: britishCommonwealth},
	{id: "17", name: "Villers-Bocage", from: "rules",
		text: "Tiger tank rules are in effect (Troops 16 - Tigers).",
		// Every German tank of the file is a one-figure tank2ger: each is
		// a Tiger (rules.Tigers, FAQ IV Tigres).
		apply: axisTigers},
	{id: "17", name: "Villers-Bocage", from: "rules", stars: true,
		text: "The Tiger tank marked with a Battle Star is Michael Wittmann => It may ignore 1 flag, battle at +1d when not moving, and its Battle Star does not count as an additional Victory medal for the enemy.",
		data: "unit tank2ger with equipment wittmann (row wittmann of rules.Tigers: one die more when it has not moved), behavior CAN_IGNORE_ONE_FLAG (UnitSetup.IgnoresFlag) and a tag1 IS_WITTMANN marker (no medal: the unit is worth one)"},
	{id: "17", name: "Villers-Bocage", from: "rules",
		text: "In this battle, all forest and village hexes are considered impassable. Those Axis units that do start in a forest hex may not enter any other forest or village hex once they leave their initial position.",
		data: "every woods and buildings hex carries behavior IMPASSABLE_HILL (HexSetup.Closed: a unit that starts there may leave it, no unit may enter one)"},
	{id: "17", name: "Villers-Bocage", from: "rules",
		text: "Air Rules are not in effect. The Air Sortie cards are set aside and are not used in this mission.",
		data: "the command deck has no Air Sortie card (the Air Pack is not played)"},
	{id: "17", name: "Villers-Bocage", from: "victory",
		text: "The Victory medals on the two road hexes exiting from the village are Permanent Medal Objectives for the Axis forces.",
		data: "permanent medal2 tags on the two road hexes (permanent medals for the Axis)"},

	// Operation Goodwood.
	{id: "9579", name: "Operation Goodwood", from: "rules",
		text: "The Axis Special Forces tank units have 4 figures.",
		data: "units tank2ger with nbr_units 4 (elite-armor)"},
}

// setGround gives the named hexes (editor names, GroupName) ground to where
// they have ground from; a name off the board or a hex of other ground is
// left alone (the row's test checks every hex changed).
func setGround(s *rules.Setup, from, to rules.Terrain, names ...string) {
	for _, n := range names {
		h, err := ParseGroupName(n, s.Grid)
		if err != nil {
			continue
		}
		for i := range s.Hexes {
			if s.Hexes[i].Hex == h && s.Hexes[i].Terrain == from {
				s.Hexes[i].Terrain = to
			}
		}
	}
}

// scenarioID is the file's meta_data.scenario_id ("" if none).
func (f *File) scenarioID() string {
	var m struct {
		ID json.RawMessage `json:"scenario_id"`
	}
	if json.Unmarshal(f.MetaData, &m) != nil || len(m.ID) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(m.ID, &s) == nil {
		return s
	}
	return strings.Trim(string(m.ID), `"`)
}

// matches reports whether row sp is about this file.
func (c *converter) matches(sp special) bool {
	return sp.id == c.f.scenarioID() && strings.EqualFold(sp.name, c.f.Name())
}

// reviewed reports whether the file's special rules are reviewed here (it
// has a row).
func (c *converter) reviewed() bool {
	for _, sp := range specials {
		if c.matches(sp) {
			return true
		}
	}
	return false
}

// specialFor is the row of this file that completes option, if any.
func (c *converter) specialFor(option string) (special, bool) {
	for _, sp := range specials {
		if c.matches(sp) && strings.EqualFold(sp.option, option) {
			return sp, true
		}
	}
	return special{}, false
}

// applySpecials plays this file's rows that complete no option; it runs
// after the board, so a row may correct what the board left to a default.
// A row that needs a feature the engine lacks makes the file unsupported.
func (c *converter) applySpecials() {
	for _, sp := range specials {
		if sp.option != "" || !c.matches(sp) {
			continue
		}
		field := "text.en." + sp.from
		switch {
		case sp.needs != "":
			c.r.unsupported(hex.None, field, sp.name, sp.needs, "the scenario's text: "+clip(sp.text, 100))
		case sp.apply != nil:
			sp.apply(&c.s)
			c.r.notef(hex.None, field, "played as the scenario's text says: %q", clip(sp.text, 120))
		case sp.skip != "":
			c.r.notef(hex.None, field, "not played: %s: %q", sp.skip, clip(sp.text, 120))
		}
	}
}

// textMarksStars reports whether a row of this file says what its battle
// star markers (tag1 without behavior) mark: they are then markers only.
func (c *converter) textMarksStars() bool {
	for _, sp := range specials {
		if sp.stars && c.matches(sp) {
			return true
		}
	}
	return false
}

// textSetsBunkers reports whether a row of this file says who may use the
// bunkers.
func (c *converter) textSetsBunkers() bool {
	for _, sp := range specials {
		if sp.bunkers && c.matches(sp) {
			return true
		}
	}
	return false
}

// suddenDeathAtTurnEnd counts the setup's sudden deaths at the end of the
// side's turn (Toulon, Saverne Gap: "at the end of their turn, they win
// immediately").
func suddenDeathAtTurnEnd(s *rules.Setup) {
	for k := range s.Objectives {
		if s.Objectives[k].Kind == rules.SuddenDeath {
			s.Objectives[k].AtTurnEnd = true
		}
	}
}

// noExits removes the exits the file's markers made, and their markers.
func noExits(s *rules.Setup) {
	s.Exits = nil
	for k := range s.Hexes {
		h := &s.Hexes[k]
		h.Features = slices.DeleteFunc(h.Features, func(f rules.Feature) bool { return f == rules.ExitMarker })
	}
}

// britishCommonwealth puts the British Commonwealth Forces command in
// effect: every unit of nation brit battles back when a close assault leaves
// it on its last figure, in place (rules.UnitSetup.BattleBack;
// docs/rules-decisions.md "British Commonwealth Forces command").
func britishCommonwealth(s *rules.Setup) {
	for i := range s.Units {
		if s.Units[i].Nation == "brit" {
			s.Units[i].BattleBack = true
		}
	}
	for i := range s.Airdrops {
		if s.Airdrops[i].Unit.Nation == "brit" {
			s.Airdrops[i].Unit.BattleBack = true
		}
	}
}

// axisTigers puts the Tiger tank rules in effect (FAQ IV Tigres): every
// Axis armor unit that is not already a Tiger becomes one.
func axisTigers(s *rules.Setup) {
	if !slices.ContainsFunc(s.Rulesets, func(r *rules.Ruleset) bool { return r.Key == rsTigers }) {
		s.Rulesets = append(s.Rulesets, rules.Tigers())
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == rules.Axis && u.Type == rules.Armor && u.Kind == "" {
			u.Kind, u.Figures = "tiger", kindFigures("tiger", u.Nation)
		}
	}
}

// winterWeather puts a scenario's "Winter Weather rules (Actions 26)" in
// effect: Winter Wars II "Règles hivernales", whose rule "la plupart des
// scénarios se déroulant en hiver" play is snowfall (rules.Snowfall, the
// ruleset of the option snowfall_rules); reduced visibility is not part of
// it (docs/rules-decisions.md "Winter Weather (Actions 26)").
func winterWeather(s *rules.Setup) {
	if !slices.ContainsFunc(s.Rulesets, func(r *rules.Ruleset) bool { return r.Key == rules.Snowfall().Key }) {
		s.Rulesets = append(s.Rulesets, rules.Snowfall())
	}
}

// damSabotage lets the Axis sabotage every dam of the board (Schwammenauel
// Dam: "The Axis player may attempt to sabotage the Schwammenauel and Urft
// dams"): rules.Sabotage with 2 dice a turn, 4 star tokens per dam, a
// permanent medal per dam sabotaged (docs/rules-decisions.md "Dam
// sabotage").
func damSabotage(s *rules.Setup) {
	cat, err := s.Catalog()
	if err != nil {
		return
	}
	dam, ok := cat.GroundByKey("dam")
	if !ok {
		return
	}
	sb := rules.Sabotage{Side: rules.Axis, Stars: 4, Dice: 2, Medal: true}
	for _, h := range s.Hexes {
		if h.Terrain == dam && len(sb.Hexes) < rules.MaxSabotage {
			sb.Hexes = append(sb.Hexes, h.Hex)
		}
	}
	s.Sabotage = sb
}

// axisBunkers gives the bunkers to the Axis ("The Axis player is in control
// of the Bunkers and may claim them as a defensive position").
func axisBunkers(s *rules.Setup) { s.BunkerUsers = rules.MaskAxis }

// Special is one reviewed special rule of a scenario, as a briefing shows
// it: the scenario's words and how the engine plays them.
type Special struct {
	From string `json:"from"` // the text member quoted: rules, victory or description
	Text string `json:"text"` // the scenario's words (English; "[...]" marks a cut)
	// How: "played" (the setup is changed as the words ask), "data" (the
	// file's own data plays them), "skipped" (optional or cosmetic, not
	// played) or "unsupported" (needs an engine feature: the file does not
	// load as playable).
	How  string `json:"how"`
	Note string `json:"note,omitempty"` // what plays them, or why not
}

// Specials lists the reviewed special rules of the file (none for a file
// this table does not know), in the table's order.
func (f *File) Specials() []Special {
	c := &converter{f: f}
	var out []Special
	for _, sp := range specials {
		if !c.matches(sp) {
			continue
		}
		s := Special{From: sp.from, Text: sp.text}
		switch {
		case sp.needs != "":
			s.How, s.Note = "unsupported", sp.needs
		case sp.apply != nil:
			s.How = "played"
		case sp.skip != "":
			s.How, s.Note = "skipped", sp.skip
		default:
			s.How, s.Note = "data", sp.data
		}
		out = append(out, s)
	}
	return out
}
