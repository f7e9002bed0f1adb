package scenario

import (
	"fmt"
	"io"
	"strings"

	"m44/hex"
	"m44/rules"
)

// Slot is where a name occurs in a .m44 file.
type Slot string

const (
	SlotBoardType   Slot = "board.type"
	SlotBoardFace   Slot = "board.face"
	SlotTerrain     Slot = "terrain"
	SlotRectTerrain Slot = "rect_terrain"
	SlotObstacle    Slot = "obstacle"
	SlotUnit        Slot = "unit"
	SlotBadge       Slot = "badge"
	SlotTag         Slot = "tag"
	SlotBehavior    Slot = "behavior"
	SlotTagBehavior Slot = "tag behavior"
	SlotOption      Slot = "option"
	// SlotPackFeature is an equipment_packs[…].image.feature of the editor's
	// summary: some special rules are written only there.
	SlotPackFeature Slot = "pack feature"
)

// Entry is one name of the .m44 vocabulary and what the engine makes of it.
// An entry is supported when Unsupported is empty; the value fields that
// matter depend on the slot.
type Entry struct {
	Slot Slot
	Name string // as written in files (matched without regard to case)

	// Unsupported names the engine feature the name needs ("roads",
	// "minefields"): the name is reported as "not supported yet: <feature>".
	Unsupported string

	Terrain   rules.Terrain   // terrain; behaviors that refine a hill
	Structure rules.Structure // rect_terrain
	Obstacle  rules.Obstacle  // obstacle; the SEAWALL behavior
	Unit      rules.UnitType  // unit
	Elite     bool            // unit: special forces icon ("2" in the name)
	Nation    string          // unit: nation suffix
	Side      rules.Side      // unit: the nation's side
	// Sides is who can gain a medal tag.
	Sides rules.SideMask
	// Resistance marks the FRENCH_RESISTANCE behavior.
	Resistance bool
	// Medals is what eliminating a unit with this behavior is worth.
	Medals int8
	// Exit marks the exit markers' names (tags, tag behavior, options).
	Exit bool
	// Mine marks the minefield tag and behavior (rules.Setup.Mines).
	Mine bool
	// NoFireAcross: a terrain behavior that stops these classes firing
	// across the hex.
	NoFireAcross rules.ClassMask
	// Night marks the night-attack options (rules.Setup.Night).
	Night bool
	// Blitz marks the Blitz and air-strike options; MoveTwo the armor
	// behaviors that move 2; Deck the option naming a command deck.
	Blitz, MoveTwo, Deck bool
	// IgnoresFlag marks the unit behavior that lets a unit ignore one flag.
	IgnoresFlag bool
	// Camo marks the camouflage marker tags: the unit on the hex starts
	// camouflaged (rules.UnitSetup.Camouflaged).
	Camo bool
	// Ace marks the tag behavior of Wittmann's Battle Star: a marker only,
	// the unit's equipment wittmann carries his rules.
	Ace bool
	// Refines marks behaviors that turn a hill tile into another height-1
	// terrain (Terrain).
	Refines bool
	// Closes marks behaviors that make a terrain impassable.
	Closes bool
	// Blow marks the bridge behaviors of blowing up bridges (CAN_BE_BLOWN,
	// ONE_MEDAL_IF_BLOWN); BlowMedal: blowing it wins a medal.
	Blow, BlowMedal bool
	// Display marks a badge that only identifies special forces (the unit's
	// "2" icon carries the rule).
	Display bool
	// Kind is the unit row a badge makes of the unit it marks (a key of
	// rules.WinterTroops), for units of class KindClass.
	Kind      string
	KindClass rules.UnitType
	// Grid is the board of a board.type.
	Grid hex.Grid
	// PrintedBeach marks the BEACH board face.
	PrintedBeach bool

	// Row is the key of a row of an expansion ruleset (Ruleset) that the
	// name places: a ground for a terrain or a behavior that refines one
	// (On names the ground it refines: "river"), a feature for a
	// rect_terrain. The importer adds the ruleset to the setup.
	Row, Ruleset, On string
	// Marker: a behavior whose Row is a marker feature placed on the hex
	// it names, whatever its tile (OASIS_RECOVERY).
	Marker bool
	// Shape is the shape of a tile entered only through its open ends
	// (rules.TerrainDef.OpenEnds): "straight" or "bend"; the ends follow
	// from it and the tile's orientation (TileEnds).
	Shape string

	// Source says which rule, text or file decides the mapping.
	Source string
}

// Supported reports whether the engine plays the name.
func (e Entry) Supported() bool { return e.Unsupported == "" }

// Meaning is the mapping in words: the engine value, or "not supported yet: …".
func (e Entry) Meaning() string {
	if e.Unsupported != "" {
		return "not supported yet: " + e.Unsupported
	}
	switch e.Slot {
	case SlotBoardType:
		return fmt.Sprintf("grid %s %dx%d", boardName(e.Grid), e.Grid.Width, e.Grid.Rows)
	case SlotBoardFace:
		if e.PrintedBeach {
			return "printed beach and ocean where no tile is placed"
		}
		return "plain where no tile is placed"
	case SlotTerrain:
		if e.Row != "" {
			return "terrain " + e.Row + " (" + e.Ruleset + ")"
		}
		return "terrain " + e.Terrain.String()
	case SlotRectTerrain:
		if e.Row != "" {
			return "structure " + e.Row + " (" + e.Ruleset + ")"
		}
		return "structure " + e.Structure.String()
	case SlotObstacle:
		return "obstacle " + e.Obstacle.String()
	case SlotUnit:
		if e.Kind != "" {
			return fmt.Sprintf("%s (%s, class %s), nation %s (%s)", e.Kind, e.Ruleset, e.Unit, e.Nation, e.Side)
		}
		s := e.Unit.String()
		if e.Elite {
			s = "elite " + s
		}
		return fmt.Sprintf("%s, nation %s (%s)", s, e.Nation, e.Side)
	case SlotBadge:
		if e.Kind != "" && e.Ruleset != "" {
			return fmt.Sprintf("%s units become kind %s (%s)", e.KindClass, e.Kind, e.Ruleset)
		}
		if e.Kind != "" {
			return fmt.Sprintf("%s units become kind %s (rules.WinterTroops)", e.KindClass, e.Kind)
		}
		return "carried as UnitSetup.Badge (display)"
	case SlotTag:
		if e.Camo {
			return "camouflage marker: the unit on the hex starts camouflaged, attacked only in close combat until it moves or battles (UnitSetup.Camouflaged)"
		}
		if e.Exit {
			return "exit marker: units of the tag's side may leave the board there for a medal (Setup.Exits)"
		}
		if e.Mine {
			return "minefield laid by the tag's side (Setup.Mines)"
		}
		return "objective medal for " + maskName(e.Sides)
	case SlotBehavior:
		switch {
		case e.Closes && e.NoFireAcross != 0:
			return "the hex is impassable and artillery may not fire across it (HexSetup.Closed, NoFireAcross)"
		case e.Closes:
			return "the hex is impassable (HexSetup.Closed)"
		case e.Marker:
			return "the hex gets the marker " + e.Row + " (" + e.Ruleset + ")"
		case e.Row != "":
			return e.On + " becomes terrain " + e.Row + " (" + e.Ruleset + ")"
		case e.Refines:
			return "hill becomes terrain " + e.Terrain.String()
		case e.Obstacle != rules.NoObstacle:
			return "obstacle becomes " + e.Obstacle.String()
		case e.Resistance:
			return "French Resistance infantry"
		case e.Medals > 0:
			return fmt.Sprintf("the unit is worth %d medals (UnitSetup.Medals)", e.Medals)
		case e.IgnoresFlag:
			return "the unit may ignore one flag wherever it stands (UnitSetup.IgnoresFlag)"
		case e.MoveTwo:
			return "the armor moves 2 hexes at most (UnitSetup.MaxMove)"
		case e.NoFireAcross != 0:
			return "infantry may not fire across the hex (HexSetup.NoFireAcross)"
		case e.Structure == rules.BridgeSpan:
			return "a bridge becomes a section of a long bridge (rules.BridgeSpan)"
		case e.BlowMedal:
			return "blowing up the bridge wins a medal for the side that blows it (Setup.Blow)"
		case e.Blow:
			return "the bridge may be blown up by the side option blowbridge_opt2 names (Setup.Blow)"
		}
	case SlotTagBehavior:
		if e.Mine {
			return "minefield laid by the tag's side (Setup.Mines)"
		}
		if e.Ace {
			return "Wittmann's Battle Star: a marker (the unit's equipment wittmann plays his rules; the star gives no medal)"
		}
		if e.Exit {
			return "exit marker: units of the tag's side may leave the board there for a medal (Setup.Exits)"
		}
	case SlotOption:
		if e.Deck {
			return "the command deck: " + e.Source
		}
		if e.Blitz {
			return "Blitz rules: " + e.Source
		}
		if e.Exit && strings.EqualFold(e.Name, "must_have_unit_exit") {
			return "the side wins only once this many of its units have exited (Setup.MustExit)"
		}
		if e.Night {
			return "night attacks: " + e.Source
		}
		if e.Exit {
			return "an infantry unit's exit is worth 2 medals (Exit.Medals)"
		}
		if strings.EqualFold(e.Name, HandGrowthOption) {
			return "the side's hand grows to the number given (Setup.GrowTo)"
		}
		if strings.EqualFold(e.Name, YoungPlayersOption) {
			return "the young players' variant: 6 cards each, tactic cards out or brought back by stage (Setup.Young)"
		}
		if strings.EqualFold(e.Name, "airdrop") {
			return "paratroopers dropped around a hex before the side's first turn, once or several times (Setup.Airdrops)"
		}
		if strings.EqualFold(e.Name, "armor_breakthrough_rules") {
			return "the side named may, in one turn, order new armor onto the board through the opponent's baseline (Setup.Breakthroughs)"
		}
		if strings.EqualFold(e.Name, "smoke_screen") {
			return "the side named lays a smoke screen on 3 connected hexes at its first turn; it blocks sight until its second turn ends (Setup.Smoke)"
		}
		if strings.EqualFold(e.Name, "pontoon_bridge_rules") {
			return "the sides named (true: both) may build pontoon bridges with an Attack card (Setup.Pontoons)"
		}
		if strings.EqualFold(e.Name, "airdrop2") {
			return "paratroopers called in during play with a section card, built from lost figures (Setup.CalledAirdrops)"
		}
		if strings.EqualFold(e.Name, "british_commonwealth") {
			return "British Commonwealth Forces command: units of nation brit battle back on their last figure (UnitSetup.BattleBack)"
		}
		if strings.EqualFold(e.Name, "blowbridge_opt2") {
			return "the side may blow up the bridges marked CAN_BE_BLOWN with a section card and 2 dice (Setup.Blow)"
		}
		if strings.EqualFold(e.Name, "hill317") {
			return "while the Allies hold one of the hexes, they may play a Recon as Air Power (Setup.AirRaids)"
		}
	case SlotPackFeature:
		if e.Row != "" {
			return "every " + e.On + " of the file becomes terrain " + e.Row + " (" + e.Ruleset + ")"
		}
		return "already carried by the medal tags"
	}
	return "supported"
}

func maskName(m rules.SideMask) string {
	switch m {
	case rules.MaskAllies:
		return "the Allies"
	case rules.MaskAxis:
		return "the Axis"
	case rules.MaskBoth:
		return "either side"
	}
	return "no side"
}

// Sources quoted in the table.
const (
	srcRulebook = "rulebook annex 2"
	srcWW       = "Winter Wars I: snowy forest, hill, village, church, bridge and bunker have the base-game effects"
	srcFieldBkr = "field bunkers (Terrain Pack) are a different terrain: Bir Hakeim calls its dbunker hexes Field Bunkers, Peleliu says its pbunkers are Field Bunkers, Bug River its casemates"
	srcNoText   = "no rules text in ../shared/rules covers it"
)

func terrain(name string, t rules.Terrain, src string) Entry {
	return Entry{Slot: SlotTerrain, Name: name, Terrain: t, Source: src}
}

// Expansion rulesets the importer knows, in the order a setup folds them.
const (
	rsTerrainPack = "terrain-pack"
	rsWinter      = "winter-terrain"
	rsTigers      = "tigers"
	rsTroops      = "special-troops"
)

// Rulesets are the expansion rulesets a .m44 name may need, by key, in the
// order a setup folds them.
var Rulesets = []struct {
	Key  string
	Make func() *rules.Ruleset
}{
	{rsTerrainPack, rules.TerrainPack},
	{rsWinter, rules.WinterTerrain},
	{rsTigers, rules.Tigers},
	{rsTroops, rules.SpecialTroops},
}

// tp and ww place a ground row of the Terrain Pack or Winter Wars ruleset;
// tpFeature a Terrain Pack structure.
func tp(name, row, src string) Entry {
	return Entry{Slot: SlotTerrain, Name: name, Row: row, Ruleset: rsTerrainPack, Source: src}
}

func ww(name, row, src string) Entry {
	return Entry{Slot: SlotTerrain, Name: name, Row: row, Ruleset: rsWinter, Source: src}
}

func tpFeature(name, row, src string) Entry {
	return Entry{Slot: SlotRectTerrain, Name: name, Row: row, Ruleset: rsTerrainPack, Source: src}
}

func unsupported(slot Slot, name, feature, src string) Entry {
	return Entry{Slot: slot, Name: name, Unsupported: feature, Source: src}
}

func unit(name string, t rules.UnitType, elite bool, nation string) Entry {
	e := Entry{Slot: SlotUnit, Name: name, Unit: t, Elite: elite, Nation: nation, Side: nations[nation],
		Source: "name = inf|tank|gun, \"2\" for the special forces icon, nation suffix"}
	if r, ok := nationRules[nation]; ok {
		// The nation's own rules always apply to its units; a file with
		// them is not played until they are (issue: never call a file
		// playable when it is not).
		e.Unsupported, e.Source = r[0], e.Source+"; "+r[1]
	}
	return e
}

// nationRules are the nations whose rules apply to their units whatever
// the scenario says, and are not implemented yet: the feature and its source.
var nationRules = map[string][2]string{
	"jp": {"Imperial Japanese Army rules", "FAQ VII Armée impériale japonaise: Yamato Damashii, Seishin Kyoiku, Banzai"},
	"it": {"Italian Royal Army command", "FAQ VII Armée royale italienne"},
}

func medal(name string, m rules.SideMask, src string) Entry {
	return Entry{Slot: SlotTag, Name: name, Sides: m, Source: src}
}

func option(name, feature string) Entry {
	return unsupported(SlotOption, name, feature, "game_info.options: a special rule of the scenario")
}

// nations maps a unit name's nation suffix to its side.
var nations = map[string]rules.Side{
	"ger": rules.Axis, "jp": rules.Axis, "it": rules.Axis,
	"us": rules.Allies, "brit": rules.Allies, "ru": rules.Allies, "fr": rules.Allies,
}

// countries maps game_info.country_playerN codes to sides (a cross-check
// only: French Resistance units are "us" figures in files whose country is FR).
var countries = map[string]rules.Side{
	"DE": rules.Axis, "IT": rules.Axis, "JP": rules.Axis,
	"US": rules.Allies, "GB": rules.Allies, "FR": rules.Allies, "RU": rules.Allies, "CA": rules.Allies,
}

// Vocabulary is the one table of every name met in real .m44 files (see
// ../shared/scenarios/VOCABULARY.md) and what the importer does with it.
var Vocabulary = []Entry{
	// Boards.
	{Slot: SlotBoardType, Name: "STANDARD", Grid: hex.Standard(), Source: "13x9 board"},
	{Slot: SlotBoardType, Name: "BRKTHRU", Grid: hex.Breakthrough(), Unsupported: "Breakthrough command deck",
		Source: "13x17 board; Breakthrough scenarios are played with the 80-card Winter Wars Breakthrough deck or two standard decks (FAQ I Format Breakthrough), which rules.Setup cannot express"},
	{Slot: SlotBoardType, Name: "OVERLORD", Grid: hex.Overlord(), Unsupported: "Overlord rules",
		Source: "26x9 board; Overlord needs its own rules supplement (rulebook annex 5), not in ../shared/rules"},
	{Slot: SlotBoardFace, Name: "COUNTRY", Source: "plain"},
	{Slot: SlotBoardFace, Name: "WINTER", Source: "snowy plain is plain (FAQ I Désert)"},
	{Slot: SlotBoardFace, Name: "DESERT", Source: "desert is plain, not beach (FAQ I Désert)"},
	{Slot: SlotBoardFace, Name: "BEACH", PrintedBeach: true, Source: "rows 4-6 beach, 7-8 ocean (Breakthrough 11-13, 14-16) where no tile is placed; FAQ II Mer: both sea rows are ocean"},

	// Terrain tiles.
	terrain("woods", rules.Forest, srcRulebook+" Forêts"),
	terrain("wforest", rules.Forest, srcWW),
	terrain("buildings", rules.Town, srcRulebook+" Villes & villages"),
	terrain("wvillage", rules.Town, srcWW),
	terrain("bled", rules.Town, "desert village: FAQ I Désert says desert villages work as normal villages; Alam el Halfa calls its bled hexes town hexes"),
	terrain("church", rules.Church, srcRulebook+" Églises"),
	terrain("hills", rules.Hill, srcRulebook+" Collines (a behavior may make it a bluff, cliff or steep hill)"),
	terrain("whill", rules.Hill, srcWW),
	terrain("dhill", rules.Hill, "hill tile of the desert set: rulebook annex 2 Collines, height 1 like every terrain named hill"),
	terrain("hedgerow", rules.Hedgerow, srcRulebook+" Bocages"),
	terrain("river", rules.River, srcRulebook+" Fleuves & rivières"),
	terrain("curve", rules.River, srcRulebook+" Fleuves & rivières (bend)"),
	terrain("riverFR", rules.River, srcRulebook+" Fleuves & rivières (fork)"),
	terrain("wriver", rules.River, "snowy river: a river unless the scenario text freezes it (Rzhev, Strasbourg do; Braskir puts a bridge on one)"),
	terrain("wcurved", rules.River, "snowy river bend (see wriver)"),
	terrain("lakeA", rules.Lake, srcRulebook+" Lacs"),
	terrain("lakeB", rules.Lake, srcRulebook+" Lacs"),
	terrain("lakeC", rules.Lake, srcRulebook+" Lacs"),
	terrain("mountain", rules.Mountain, "rulebook annex 2 Hauteur des terrains: mountains have height 2"),
	unsupported(SlotTerrain, "pjungle", "jungles", "FAQ II Jungles"),
	tp("marshes", "marsh", "FAQ II Marécages"),
	tp("wmarshes", "marsh", "FAQ II Marécages (snowy tile)"),
	tp("road", "road", "FAQ II Routes"),
	tp("roadcurve", "road", "FAQ II Routes"),
	tp("roadFL", "road", "FAQ II Routes"),
	tp("roadFR", "road", "FAQ II Routes"),
	tp("roadX", "road", "FAQ II Routes"),
	tp("roadY", "road", "FAQ II Routes"),
	tp("droad", "road", "FAQ II Routes"),
	tp("droadcurve", "road", "FAQ II Routes"),
	tp("droadFR", "road", "FAQ II Routes"),
	ww("wroad", "snowy-road", "Winter Wars I Route enneigée"),
	ww("wroadcurve", "snowy-road", "Winter Wars I Route enneigée"),
	ww("wroadFL", "snowy-road", "Winter Wars I Route enneigée"),
	ww("wroadFR", "snowy-road", "Winter Wars I Route enneigée"),
	ww("wroadY", "snowy-road", "Winter Wars I Route enneigée"),
	tp("hillroad", "hill-road", "road over a hill: FAQ II Routes"),
	tp("hillcurve", "hill-road", "road bend over a hill (Elster's Column lays it between hillroad tiles)"),
	tp("rail", "railway", "FAQ II Voies ferrées; Winter Wars I Voie ferrée"),
	tp("railcurve", "railway", "FAQ II Voies ferrées; Winter Wars I Voie ferrée"),
	ww("wrail", "snowy-railway", "Winter Wars I Voie ferrée enneigée"),
	ww("wrailcurve", "snowy-railway", "Winter Wars I Voie ferrée enneigée"),
	tp("station", "station", "FAQ II Gare (decided: docs/rules-decisions.md)"),
	tp("pvillage", "pacific-village", "Pacific Theater village (decided: docs/rules-decisions.md)"),
	tp("pbeach", "pacific-beach", "Pacific Theater beach (decided: docs/rules-decisions.md)"),
	tp("wfactory", "factory", "factory (decided: docs/rules-decisions.md)"),
	tp("wruins", "ruins", "FAQ II Ruines urbaines"),
	tp("dridge", "erg", "the desert ergs & ridges tile: FAQ II Ergs & dunes"),
	tp("descarpment", "rocky-escarpment", "FAQ II Escarpements rocheux; rulebook p.18: height 1 (decided: docs/rules-decisions.md)"),
	tp("fortress", "fortress", "Terrain Pack 24 Fortresses, from the Board Game Arena adaptation (no text in our sources; decided: docs/rules-decisions.md)"),
	tp("oasis", "oasis", "FAQ II Oasis"),
	tp("airfieldX", "airfield", "FAQ II Aérodrome"),
	tp("pairfield", "airfield", "FAQ II Aérodrome"),
	tp("pairfieldX", "airfield", "FAQ II Aérodrome"),
	tp("dairfield", "airfield", "FAQ II Aérodrome"),
	tp("dairfieldX", "airfield", "FAQ II Aérodrome"),
	tp("wairfield", "airfield", "FAQ II Aérodrome"),
	tp("price", "rice-paddy", "FAQ II Rizières (decided: docs/rules-decisions.md)"),
	tp("cemetery", "cemetery", "FAQ II 18 Cimetière; the card's text from the Board Game Arena adaptation"),
	tp("coast", "coast", "desert coast tiles (decided: docs/rules-decisions.md)"),
	tp("coastcurve", "coast", "desert coast tiles (decided: docs/rules-decisions.md)"),
	tp("camp", "barracks", "FAQ II Baraquements (decided: docs/rules-decisions.md)"),
	unsupported(SlotTerrain, "dcamp", "field headquarters", "a field headquarters like pheadquarter (FAQ II QG de campagne)"),
	tp("palmtrees", "palm-grove", "FAQ II Palmeraie (decided: docs/rules-decisions.md)"),
	unsupported(SlotTerrain, "pcave", "caves", "FAQ II Cavernes"),
	unsupported(SlotTerrain, "pheadquarter", "field headquarters", "FAQ II QG de campagne"),
	tp("pmouth", "river-mouth", "a river meeting the sea (decided: docs/rules-decisions.md)"),
	{Slot: SlotTerrain, Name: "wadi", Row: "wadi", Ruleset: rsTerrainPack, Shape: "straight", Source: "FAQ II 44 Oueds & défilés: open at two opposite ends, by the tile's orientation (TileEnds)"},
	{Slot: SlotTerrain, Name: "wcurve", Row: "wadi", Ruleset: rsTerrainPack, Shape: "bend", Source: "wadi bend (FAQ II 44): Sidi Rezegh lays it at the end of its wadi tiles on the desert face (not a river); open at two ends one side apart, by the tile's orientation (TileEnds)"},
	tp("whillforest", "forested-hill", "two terrains in one hex: rulebook p.18 (height 1), annex 2 Forêts"),
	tp("whillvillage", "hill-village", "two terrains in one hex: rulebook p.18 (height 1), annex 2 Villes & villages"),
	tp("dam", "dam", "FAQ II Barrages"),
	tp("highground", "high-ground", "FAQ II 25 Digues & hauteurs; the card's text from the Board Game Arena adaptation"),
	tp("lighthouse", "lighthouse", "FAQ II 27 Phare: as a village, as the Board Game Arena adaptation plays it (decided: docs/rules-decisions.md)"),
	unsupported(SlotTerrain, "phospital", "hospitals", "FAQ II Hôpital"),
	unsupported(SlotTerrain, "pond", "ponds", "FAQ II Trous d'eau"),
	unsupported(SlotTerrain, "ptrenches", "trenches", srcNoText),
	unsupported(SlotTerrain, "wtrenches", "trenches", srcNoText),
	tp("wravine", "ravine", "FAQ II Balkas"),

	// Structures.
	{Slot: SlotRectTerrain, Name: "bridge", Structure: rules.Bridge, Source: srcRulebook + " Ponts"},
	{Slot: SlotRectTerrain, Name: "wbridge", Structure: rules.Bridge, Source: srcWW},
	{Slot: SlotRectTerrain, Name: "bunker", Structure: rules.Bunker, Source: srcRulebook + " Bunkers"},
	{Slot: SlotRectTerrain, Name: "wbunker", Structure: rules.Bunker, Source: srcWW + "; either side may use it"},
	tpFeature("dbunker", "field-bunker", srcFieldBkr),
	tpFeature("pbunker", "field-bunker", srcFieldBkr),
	tpFeature("casemate", "field-bunker", srcFieldBkr),
	tpFeature("ford", "ford", "FAQ II Gués & rivières guéables; Terrain Pack IV River Ford"),
	tpFeature("railbridge", "rail-bridge", "FAQ II 37 Pont ferroviaire; Winter Wars IV Pont ferroviaire enneigé"),
	unsupported(SlotRectTerrain, "loco", "trains", "FAQ IV Trains"),
	unsupported(SlotRectTerrain, "wagon", "trains", "FAQ IV Trains"),
	unsupported(SlotRectTerrain, "barge", "landing craft", "FAQ IV Barges"),
	unsupported(SlotRectTerrain, "pdestroyer", "warships", "FAQ IV Destroyers"),
	unsupported(SlotRectTerrain, "pcarrier", "warships", "FAQ IV Porte-avions"),

	// Obstacles.
	{Slot: SlotObstacle, Name: "sand", Obstacle: rules.Sandbags, Source: srcRulebook + " Sacs de sable (a SEAWALL behavior makes it a seawall)"},
	{Slot: SlotObstacle, Name: "wire", Obstacle: rules.Wire, Source: srcRulebook + " Barbelés"},
	{Slot: SlotObstacle, Name: "hedgehog", Obstacle: rules.Hedgehog, Source: srcRulebook + " Obstacles antichars"},

	// Units.
	unit("infger", rules.Infantry, false, "ger"),
	unit("inf2ger", rules.Infantry, true, "ger"),
	unit("tankger", rules.Armor, false, "ger"),
	unit("tank2ger", rules.Armor, true, "ger"),
	unit("gunger", rules.Artillery, false, "ger"),
	unit("infus", rules.Infantry, false, "us"),
	unit("inf2us", rules.Infantry, true, "us"),
	unit("tankus", rules.Armor, false, "us"),
	unit("tank2us", rules.Armor, true, "us"),
	unit("gunus", rules.Artillery, false, "us"),
	unit("infbrit", rules.Infantry, false, "brit"),
	unit("inf2brit", rules.Infantry, true, "brit"),
	unit("tankbrit", rules.Armor, false, "brit"),
	unit("tank2brit", rules.Armor, true, "brit"),
	unit("gunbrit", rules.Artillery, false, "brit"),
	unit("infru", rules.Infantry, false, "ru"),
	unit("inf2ru", rules.Infantry, true, "ru"),
	unit("tankru", rules.Armor, false, "ru"),
	unit("tank2ru", rules.Armor, true, "ru"),
	unit("gunru", rules.Artillery, false, "ru"),
	unit("infjp", rules.Infantry, false, "jp"),
	unit("inf2jp", rules.Infantry, true, "jp"),
	unit("tankjp", rules.Armor, false, "jp"),
	unit("gunjp", rules.Artillery, false, "jp"),
	vehicle("vehus", "us"),
	vehicle("vehger", "ger"),

	// Badges. The "2" in a unit name is the special forces icon (rulebook
	// annex 1); a badge tells which special forces they are. Badges that only
	// say "special forces" are display; the others mark special troops whose
	// rules the engine lacks. Meanings come from the corpus texts.
	badge("badge1", "", "British and Commonwealth special forces: commandos (Sword Beach), paratroopers (Schwammenauel), armoured cars (Saint Martin), 4 RTR tanks (Gallabat)"),
	badge("badge2", "", "US special forces: Rangers (Pointe du Hoc, First Assault Wave), elite tanks (Tunisia)"),
	badge("badge3", "", "Allied special forces: French B1-bis tanks (Abbeville)"),
	badge("badge4", "", "German special forces: elite infantry and 4-figure armor (most files)"),
	badge("badge10", "", "Afrikakorps panzers with 4 tanks (Operation Crusader)"),
	badge("badge22", "", "French elite infantry of the 4th BCP (Abbeville)"),
	badge("badge25", "", "Russian special forces tanks with 4 figures (Breakout to Lisyanka)"),
	kindBadge("badge6", "engineers", rules.Infantry, "German engineers (Alam el Halfa, Red Barricades, Bir Hakeim, Lisyanka)"),
	kindBadge("badge12", "engineers", rules.Infantry, "US engineers (Matanikau, Guam, Peleliu, Vaumicel: \"Engineer badge\")"),
	{Slot: SlotBadge, Name: "badge5", Kind: "big-gun", KindClass: rules.Artillery, Ruleset: rsTroops, Source: "the big gun (Operation Crusader: \"Both are Big Guns (Troops 3 - Big Guns)\"; Nach Moskau); FAQ IV Artillerie lourde"},
	kindBadge("badge35", "mobile-artillery", rules.Artillery, "mobile artillery (Operation Crusader, Nach Moskau, Breakthrough at Mortain)"),
	kindBadge("badge46", "heavy-anti-tank-gun", rules.Artillery, "the heavy anti-tank gun, the 88 (Operation Crusader)"),
	kindBadge("badge37", "infantry-anti-tank", rules.Infantry, "anti-tank weapons (Chaumont, Wittmann's Final Battle, 1st Armoured to the Rescue)"),
	kindBadge("badge41", "infantry-mortar", rules.Infantry, "mortar (Saint Martin and Bull Bridge)"),
	badge("badge38", "Italian Royal Army units", "found only in the files with italy_royal_army, on Axis infantry and tanks"),
	badge("badge26", "snipers", "Red Barricades (\"Snipers are described\") has one badge26 German and one badge27 Russian infantry"),
	badge("badge27", "snipers", "see badge26"),
	badge("badge29", "cavalry", "Siberian cavalry (Nach Moskau)"),
	kindBadge("badge28", "engineers", rules.Infantry, "engineers (Russian infantry in Braskir)"),
	badge("badge30", "ski troops", "Braskir: \"Ski troops are German Light infantry\""),
	kindBadge("badge8", "engineers", rules.Infantry, "engineers (no file of this corpus uses it)"),
	badge("badge9", "special unit badge9", "no file of this corpus uses it: the scenario text decides"),
	badge("badge24", "special unit badge24", "no file of this corpus uses it: the scenario text decides"),
	kindBadge("badge31", "engineers", rules.Infantry, "engineers (no file of this corpus uses it)"),
	badge("badge33", "flame-thrower tanks", "the flame-thrower tank (no file of this corpus uses it)"),

	// Tags. A medal tag's side is fixed by its picture; established from the
	// scenario texts (side_player1 is the Axis in every file).
	medal("medal0", rules.MaskBoth, "either side: Braskir (\"temporary medals for both sides\"), Sidi Rezegh's airfield (\"for both sides\"), Ponyri and Red Barricades' majority medals"),
	medal("medal1", rules.MaskAllies, "Allied objectives: Pegasus Bridge's bridges, First Assault Wave's towns, Montelimar's Rhone hexes"),
	medal("medal2", rules.MaskAxis, "Axis objectives: Bug River's bridge, Rzhev's Sweklino, Alam el Halfa's towns, Bir Hakeim's field bunkers"),
	medal("medal4", rules.MaskAllies, "British medal, Allied objectives: Sidi Rezegh (\"for the Allied forces only\"), 1st Armoured to the Rescue's Axis-edge road"),
	medal("medal6", rules.MaskAllies, "Russian medal, Allied objective: Rzhev's Noshkino"),
	unsupported(SlotTag, "medal7", "medal7 without medal.side", "no file of this corpus uses medal7, so its side is not established; a medal.side member decides"),
	unsupported(SlotTag, "tag1", "battle star markers", "a Battle Star marks a unit with special rules (Operation Crusader's Flak 88, Villers-Bocage's Wittmann)"),
	{Slot: SlotTag, Name: "tag3", Mine: true, Source: "a minefield with behavior MINE_FIELD and the side that lays it (Winter Wars III Champs de mines; rules.Setup.Mines)"},
	{Slot: SlotTag, Name: "tag4", Exit: true, Source: "exit marker (Winter Wars III Pions Exit): with behavior EXIT_MARKER and a side; without, the other end of a span another marker's group covers"},
	{Slot: SlotTag, Name: "tag5", Exit: true, Source: "exit marker pair (Winter Wars III Pions Exit): as tag4"},
	// Camouflage markers: the public BGA implementation reads tags tag14
	// and tag15 as camouflage tokens (its scenario loader: "Camouflage
	// tags ... ['tag14', 'tag15']"); no corpus file uses them.
	{Slot: SlotTag, Name: "tag14", Camo: true, Source: "camouflage marker (Winter Wars III Camouflage; FAQ III Camouflage): the unit on the hex starts camouflaged (rules.UnitSetup.Camouflaged); tag14 and tag15 are the editor's camouflage tokens as the public BGA implementation reads them"},
	{Slot: SlotTag, Name: "tag15", Camo: true, Source: "camouflage marker: as tag14"},

	// Behaviors (the public implementation's extension keys).
	{Slot: SlotBehavior, Name: "HILL", Refines: true, Terrain: rules.Hill, Source: srcRulebook + " Collines"},
	{Slot: SlotBehavior, Name: "BLUFF", Refines: true, Terrain: rules.Bluff, Source: srcRulebook + " Escarpements"},
	{Slot: SlotBehavior, Name: "CLIFF", Refines: true, Terrain: rules.Cliff, Source: srcRulebook + " Falaises"},
	{Slot: SlotBehavior, Name: "STEEP_HILL", Refines: true, Terrain: rules.SteepHill, Source: srcRulebook + " Collines escarpées"},
	{Slot: SlotBehavior, Name: "SEAWALL", Obstacle: rules.Seawall, Source: srcRulebook + " Digues"},
	{Slot: SlotBehavior, Name: "FRENCH_RESISTANCE", Resistance: true, Source: "rulebook annex 1 La Résistance française (3 figures, not elite)"},
	{Slot: SlotBehavior, Name: "FORDABLE_STREAM", Row: "fordable-stream", Ruleset: rsTerrainPack, On: "river", Source: "FAQ II 61 Ruisseaux & rivières franchissables"},
	{Slot: SlotBehavior, Name: "FORD", Row: "fordable-river", Ruleset: rsTerrainPack, On: "river", Source: "FAQ II 41 Gués & rivières guéables"},
	{Slot: SlotBehavior, Name: "WIDE_RIVER", NoFireAcross: rules.InfantryOnly, Source: "Arnhem Bridge: \"Infantry units may not target units on the opposite side of the Rhine River, which is too wide in this section\" (rules.HexSetup.NoFireAcross)"},
	{Slot: SlotBehavior, Name: "IMPASSABLE_HILL", Closes: true, Source: "scenario rule: the hex is impassable (Villers-Bocage, Montelimar, St. Vith)"},
	{Slot: SlotBehavior, Name: "IMPASSABLE_BLOCKING_HILL", Closes: true, NoFireAcross: rules.ArtilleryOnly, Source: "scenario rule: impassable, and artillery may not fire across it (Saverne Gap)"},
	{Slot: SlotBehavior, Name: "OASIS_RECOVERY", Row: "oasis-recovery", Ruleset: rsTerrainPack, Marker: true, Source: "FAQ III Soins dans l'oasis: ordered units on the hex may recover figures instead of battling (the marker oasis-recovery; rules/recovery.go)"},
	unsupported(SlotBehavior, "HEADQUARTER", "field headquarters", "FAQ III Capture du QG de campagne"),
	{Slot: SlotBehavior, Name: "BRIDGE_SECTION", Structure: rules.BridgeSpan, Source: "Arnhem Bridge: \"Units may only enter or exit Arnhem Bridge from or onto the hexes as noted at the ends of the bridge. Movement along the span of bridge is normal.\" (rules.BridgeSpan)"},
	{Slot: SlotBehavior, Name: "CAN_BE_BLOWN", Blow: true, Source: "FAQ III Faire sauter un pont: a bridge the option blowbridge_opt2's side may blow (rules.BlowBridges)"},
	{Slot: SlotBehavior, Name: "ONE_MEDAL_IF_BLOWN", Blow: true, BlowMedal: true, Source: "behavior2 of a bridge: blowing it is a permanent medal for the side that blows it (Drop in the Night: \"The destruction of the bridges [...] are Permanent Medal Objectives for the Allied forces\"; rules.BlowableBridge.Medal)"},
	{Slot: SlotBehavior, Name: "ARMOR_MOVE_TWO", MoveTwo: true, Source: "Rzhev, Tunisia: \"Allied Armor units may only move 2 hexes and battle\" (rules.UnitSetup.MaxMove)"},
	{Slot: SlotBehavior, Name: "ELITE_ARMOR_MOVE_TWO", MoveTwo: true, Source: "Tunisia: elite armor that moves 2 hexes and battles (rules.UnitSetup.MaxMove)"},
	{Slot: SlotBehavior, Name: "CAN_IGNORE_ONE_FLAG", IgnoresFlag: true, Source: "Wittmann's Final Battle: \"this unit may ignore the first flag rolled against it\"; Villers-Bocage: Wittmann \"may ignore 1 flag\" (rules.UnitSetup.IgnoresFlag)"},
	{Slot: SlotBehavior, Name: "GERMAN_2VICTANK", Medals: 2, Source: "Mont Mouchet: \"Eliminating an Axis tank unit counts as two victory medals\""},

	{Slot: SlotTagBehavior, Name: "EXIT_MARKER", Exit: true, Source: "Winter Wars III Pions Exit: the tag's hex and its group are exits for the tag's side (rules.Setup.Exits)"},
	{Slot: SlotTagBehavior, Name: "MINE_FIELD", Mine: true, Source: "Winter Wars III Champs de mines; FAQ II Champs de mines (rules.Setup.Mines)"},
	unsupported(SlotTagBehavior, "DECOY_MEDAL_MINE_FIELD", "minefields", "FAQ II Champs de mines (decoys)"),
	{Slot: SlotTagBehavior, Name: "IS_WITTMANN", Ace: true, Source: "Villers-Bocage: \"The Tiger tank marked with a Battle Star is Michael Wittmann\" (a marker; \"its Battle Star does not count as an additional Victory medal for the enemy\")"},

	// Options: each a special rule of the scenario, played or reported.
	{Slot: SlotOption, Name: "blitz_rules", Blitz: true, Source: "FAQ III Règles de Blitz: the Axis plays any Recon as Air Power in its section (rules.Setup.AirRaids); the Allied armor moves 2 hexes at most (rules.Setup.MoveLimits)"},
	{Slot: SlotOption, Name: "partial_blitz_rules", Blitz: true, Source: "the armor half of the Blitz rules for the side named (Tunisia: \"Allied Armor units may only move 2 hexes and battle\"; rules.Setup.MoveLimits)"},
	option("russian_commissar_rule", "Russian commissar"),
	{Slot: SlotOption, Name: "british_commonwealth", Source: "British Commonwealth Forces command (Mediterranean Theater): the units of nation brit battle back on their last figure (rules.UnitSetup.BattleBack)"},
	option("italy_royal_army", "Italian Royal Army command"),
	option("gung_ho", "US Marine Corps gung-ho"),
	option("north_african_desert_rules", "North African desert rules"),
	{Slot: SlotOption, Name: "night_visibility_rules", Night: true, Source: "FAQ III 19 Attaques nocturnes: the visibility starts at 1 hex; at the start of each of its turns the Allied player rolls 4 dice, each star raising it; at 6 it is unlimited (rules.Setup.Night)"},
	{Slot: SlotOption, Name: "night_visibility_reverse_rule", Night: true, Source: "Night Withdrawal: \"Use the Night Visibility chart in reverse\": the visibility starts at 6 and each star lowers it (rules.Night.Falls)"},
	{Slot: SlotOption, Name: "night_visibility_team_turn", Night: true, Source: "the side that rolls for the visibility (Night Withdrawal: \"the Axis player rolls 4 Battle dice\"; rules.Night.Roller)"},
	{Slot: SlotOption, Name: "deck_name", Deck: true, Source: "a command deck named by the file: AIR_POWER_AS_ARTILLERY_BOMBARD_DECK is the catalog deck air-power-as-artillery-bombard (Bastogne Corridor East); other names are not supported yet"},
	option("mine_deck_name", "minefields"),
	{Slot: SlotOption, Name: "airdrop", Source: "FAQ III Parachutage, FAQ XI Sainte-Mère-Église: {side, range, nbr_units, center, unit} drops infantry around the centre before the side's first turn; Drop in the Night: nbr_drops centres, nbr_units per drop, TARGET_DROP_CENTER, ONE_AT_TIME (rules.Setup.Airdrops); other forms are reported as airdrop variants"},
	{Slot: SlotOption, Name: "airdrop2", Source: "Drop in the Night: 82nd: \"Once in full daylight, the Allied player can drop up to 3 additional Infantry units (using previously lost figures) over the hex at Les Forges by playing an appropriate Command card\": {side, option NEED_FULL_DAY_VISIBILITY, option2 TARGET_DROP_CENTER, range, nbr_units, center, nbr_drops 1, unit}: a section card drops as many units as it orders, up to nbr_units over the game, built from lost figures (rules.Setup.CalledAirdrops, action drop); other forms are reported as airdrops called in during play"},
	{Slot: SlotOption, Name: "air_strikes_rules", Blitz: true, Source: "FAQ III Raids aériens: the side named may play any Recon as Air Power in its section (rules.Setup.AirRaids)"},
	{Slot: SlotOption, Name: "armor_breakthrough_rules", Source: "armor breakthrough (facts from the public BGA implementation's summary: in a single turn, new armor ordered onto the board through the opponent's baseline, as valid orders of the card; they stop there, may battle and take ground but not overrun): {SIDE: {name, nbr_units}} (rules.Setup.Breakthroughs, action enter)"},
	{Slot: SlotOption, Name: "blowbridge_opt2", Source: "FAQ III Faire sauter un pont, option 2: {side, option}: the side may play a section card for a CAN_BE_BLOWN bridge's section and roll 2 dice, a star destroys it; option NEED_NEIGHBOUR_UNIT: an infantry unit of the side must be adjacent (Drop in the Night: \"only if an Allied infantry unit is on an adjacent hex\") (rules.Setup.Blow)"},
	option("deck_reshuffling", "no deck reshuffle"),
	option("empty_section_medals", "empty section medals"),
	{Slot: SlotOption, Name: "hill317", Source: "FAQ XI Operation Lüttich: while the Allies hold a hex of the list, they may play a Recon as Air Power (rules.Setup.AirRaids)"},
	{Slot: SlotOption, Name: "infantry_exit_counts_2", Exit: true, Source: "Breakout to Lisyanka: \"infantry count as 2 and armor 1\" (rules.Exit.Medals)"},
	{Slot: SlotOption, Name: "must_have_unit_exit", Exit: true, Source: "Breakthrough to Gembloux: \"12 Medals, with at least one collected by a German unit exiting the board through the Exit hex\" ({side, min_nbr_units}; rules.Setup.MustExit)"},
	{Slot: SlotOption, Name: "smoke_screen", Source: "FAQ III Écran de fumée (facts from the public BGA implementation's summary: 3 adjacent contiguous hexes, blocks the line of sight, flipped after the side's turn, removed after its second): {\"side\": SIDE}: that side lays a smoke screen on 3 connected hexes at its first turn (rules.Setup.Smoke, action smoke)"},
	{Slot: SlotOption, Name: "pontoon_bridge_rules",
		Source: "our option (no corpus file names it): Winter Wars IV Pont flottant enneigé, FAQ II 33: the sides named (true: both) may play an Attack card to build a pontoon bridge on a river of its section instead of ordering units (rules.Setup.Pontoons)"},
	option("supply_train_rules", "supply trains"),
	// m44's own options (no editor writes them).
	{Slot: SlotOption, Name: HandGrowthOption, Source: "m44's own: {\"side\": \"AXIS\", \"to\": 4}, a hand built up during the game (Pegasus Bridge; rules.Setup.GrowTo)"},
	{Slot: SlotOption, Name: YoungPlayersOption, Source: "m44's own: the young players' variant, rulebook annex 5 (rules.Setup.Young)"},

	// equipment_packs features: the editor's summary sometimes carries a
	// rule found nowhere else in the file (Rzhev's frozen river).
	{Slot: SlotPackFeature, Name: "PERMANENT_MEDALS", Source: "the medal tags carry permanent medals"},
	{Slot: SlotPackFeature, Name: "FROZEN_RIVER", Row: "frozen-river", Ruleset: rsWinter, On: "river",
		Source: "Winter Wars I Rivière gelée: the file's rivers are frozen (Rzhev: \"The river is frozen (Terrain 47 - Frozen Rivers)\")"},
	{Slot: SlotPackFeature, Name: "EXIT_MARKER", Source: "Winter Wars III: the exit tags carry it"},
	unsupported(SlotPackFeature, "RUSSIAN_COMMISSAR", "Russian commissar", "FAQ VII Armée rouge"),
	unsupported(SlotPackFeature, "CAPTURE_HQ", "field headquarters", "FAQ III Capture du QG de campagne"),
}

// TileEnds are the open ends (bits of hex.Neighbour directions) of a tile of
// shape "straight" or "bend" laid with orientation o (1..6), by the
// convention the real files follow for rivers and roads (docs/scenarios.md
// "Writing a library scenario", render's bands): a straight tile joins
// (7-o) mod 6 and its opposite, a bend (6-o) mod 6 and two steps clockwise.
// Sidi Rezegh's wadi (orientation 2, two straight tiles going south-west,
// then a bend) joins up by it. An orientation outside 1..6 counts as 1.
func TileEnds(shape string, o int) uint8 {
	if o < 1 || o > 6 {
		o = 1
	}
	switch shape {
	case "straight":
		a := (7 - o) % 6
		return 1<<a | 1<<((a+3)%6)
	case "bend":
		a := (6 - o) % 6
		return 1<<a | 1<<((a+2)%6)
	}
	return 0
}

// vehicle is a .m44 vehicle unit of a nation: supply trucks (the only
// corpus file with them, Breakthrough at Mortain, says "Re-supply rules
// (Actions 24 - Re-Supply) are in effect for the Supply Trucks (Troops 17 -
// Supply Trucks)"; FAQ IV Camions de transport: "Considérés comme de
// l'infanterie dans tous les cas").
func vehicle(name, nation string) Entry {
	e := Entry{Slot: SlotUnit, Name: name, Unit: rules.Infantry, Nation: nation, Side: nations[nation], Kind: "supply-trucks", Ruleset: rsTroops,
		Source: "supply trucks (Breakthrough at Mortain: \"the Supply Trucks (Troops 17 - Supply Trucks)\"; FAQ IV Camions de transport)"}
	if r, ok := nationRules[nation]; ok {
		e.Unsupported, e.Source = r[0], e.Source+"; "+r[1]
	}
	return e
}

// kindBadge is a badge that makes its unit a Winter Wars kind (section V).
func kindBadge(name, kind string, class rules.UnitType, src string) Entry {
	return Entry{Slot: SlotBadge, Name: name, Kind: kind, KindClass: class, Source: src + "; Winter Wars V"}
}

func badge(name, feature, src string) Entry {
	if feature == "" {
		return Entry{Slot: SlotBadge, Name: name, Display: true, Source: src}
	}
	return unsupported(SlotBadge, name, feature, src)
}

type slotName struct {
	slot Slot
	name string
}

var vocabIndex = func() map[slotName]int {
	m := map[slotName]int{}
	for i, e := range Vocabulary {
		k := slotName{e.Slot, strings.ToLower(e.Name)}
		if _, dup := m[k]; dup {
			panic("scenario: duplicate vocabulary entry " + string(e.Slot) + " " + e.Name)
		}
		m[k] = i
	}
	return m
}()

// Lookup finds a name of a slot, without regard to case.
func Lookup(slot Slot, name string) (Entry, bool) {
	i, ok := vocabIndex[slotName{slot, strings.ToLower(name)}]
	if !ok {
		return Entry{}, false
	}
	return Vocabulary[i], true
}

// LookupUnit finds a unit name: in the table, or else by the naming scheme
// inf|tank|gun, an optional "2" (special forces icon), a nation suffix.
func LookupUnit(name string) (Entry, bool) {
	if e, ok := Lookup(SlotUnit, name); ok {
		return e, true
	}
	n := strings.ToLower(name)
	var t rules.UnitType
	switch {
	case strings.HasPrefix(n, "inf"):
		t, n = rules.Infantry, n[3:]
	case strings.HasPrefix(n, "tank"):
		t, n = rules.Armor, n[4:]
	case strings.HasPrefix(n, "gun"):
		t, n = rules.Artillery, n[3:]
	case strings.HasPrefix(n, "veh"):
		n = n[3:]
		side, ok := nations[n]
		if !ok {
			return Entry{}, false
		}
		e := vehicle(name, n)
		e.Side = side
		return e, true
	default:
		return Entry{}, false
	}
	elite := strings.HasPrefix(n, "2")
	if elite {
		n = n[1:]
	}
	if _, ok := nations[n]; !ok {
		return Entry{}, false
	}
	e := unit(name, t, elite, n)
	if elite && t == rules.Artillery {
		e.Unsupported = "special forces artillery"
		e.Source = "the special forces icon on artillery has no rule in annex 1"
	}
	return e, true
}

// WriteVocabulary writes the table as Markdown, one section per slot.
func WriteVocabulary(w io.Writer) error {
	var b strings.Builder
	var slot Slot
	for _, e := range Vocabulary {
		if e.Slot != slot {
			slot = e.Slot
			fmt.Fprintf(&b, "\n## %s\n\n| name | engine | why |\n|---|---|---|\n", slot)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", e.Name, e.Meaning(), strings.ReplaceAll(e.Source, "|", "/"))
	}
	_, err := io.WriteString(w, strings.TrimPrefix(b.String(), "\n"))
	return err
}
