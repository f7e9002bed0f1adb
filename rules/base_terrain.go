package rules

import "m44/hex"

// The base game's terrain and features (rulebook annex 2), as catalog rows.
// IDs are the rows' positions: a ruleset added later appends its rows after
// these, so the base IDs never change.

// Terrain is the ground of a hex: a row of the catalog's ground table.
type Terrain uint8

const (
	Plain Terrain = iota
	Forest
	Hedgerow
	Hill
	Town
	Church
	River
	Lake
	Beach
	Ocean
	Bluff // escarpment along a beach
	Cliff
	SteepHill
	Mountain
	// NumTerrains is the number of base-game grounds.
	NumTerrains
)

// Feature is a structure, obstacle or marker on a hex: a row of the
// catalog's feature table.
type Feature uint8

// Structure and Obstacle are features of those layers (the .m44
// rect_terrain and obstacle slots).
type (
	Structure = Feature
	Obstacle  = Feature
)

const (
	NoFeature Feature = iota
	Bridge
	Bunker
	Sandbags
	Wire
	Hedgehog
	Seawall    // permanent sandbags (rulebook "Digues")
	ExitMarker // marks an exit hex (Setup.Exits; Winter Wars III "Pions Exit")
	BridgeSpan // a section of a bridge several hexes long (Arnhem Bridge)
	numBaseFeatures

	NoStructure = NoFeature
	NoObstacle  = NoFeature
	// NumStructures and NumObstacles bound the base-game feature ids.
	NumStructures = numBaseFeatures
	NumObstacles  = numBaseFeatures
)

// prot is a protection against infantry and armor attackers (artillery
// ignores protection: UnitDef.IgnoresCover).
func prot(inf, armor int8) [numUnitTypes]int8 { return [numUnitTypes]int8{inf, armor, inf} }

const annex2 = "rulebook annex 2 "

// baseGrounds are the rows of Terrain, in its order.
var baseGrounds = [NumTerrains]TerrainDef{
	Plain: {Key: "plain", Source: "rulebook p.6", Summary: "no effect"},
	Forest: {Key: "forest", Source: annex2 + "Forêts", MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		Summary: "entering stops the move and forbids battle this turn; -1 die for infantry, -2 for armor; blocks sight"},
	Hedgerow: {Key: "hedgerow", Source: annex2 + "Bocages", MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		FromAdjacentOnly: true,
		Summary:          "as a forest; entered only from a hex next to it at the start of the turn; a unit in it moves 1 hex"},
	Hill: {Key: "hill", Source: annex2 + "Collines", Height: 1, Protection: prot(1, 1), ProtectedBelow: true,
		Summary: "height 1; -1 die for attackers from lower ground"},
	Town: {Key: "town", Source: annex2 + "Villes & villages", Building: true, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		AttackMalus: [numUnitTypes]int8{Armor: 2},
		Summary:     "as a forest; armor battles from it with 2 dice less"},
	Church: {Key: "church", Source: annex2 + "Églises", Building: true, MustStop: true, NoBattle: true, BlocksSight: true, Protection: prot(1, 2),
		AttackMalus: [numUnitTypes]int8{Armor: 2}, IgnoreFlag: AllClasses,
		Summary: "as a town; a unit in it may ignore one flag"},
	River: {Key: "river", Source: annex2 + "Fleuves & rivières", Water: true, Impassable: AllClasses, Bridgeable: true,
		Summary: "impassable except by a bridge"},
	Lake: {Key: "lake", Source: annex2 + "Lacs", Water: true, Impassable: AllClasses,
		Hooks:   TerrainHooks{BlocksSight: lakesBlockSight},
		Summary: "impassable; two lake hexes side by side on a line block sight"},
	Beach: {Key: "beach", Source: annex2 + "Plages", MoveCap: 2, Beach: true,
		Summary: "a move that enters it is of 2 hexes at most"},
	Ocean: {Key: "ocean", Source: annex2 + "Mer", Water: true, MustStop: true, NoBattleFrom: true, NoRetreatInto: true,
		Summary: "entering stops; no battle from it; no retreat into it"},
	Bluff: {Key: "bluff", Source: annex2 + "Escarpements", Height: 1, Protection: prot(1, 1), ProtectedBelow: true,
		Hooks:   TerrainHooks{StepCost: climbFromBeach},
		Summary: "height 1 like a hill; to or from a beach: infantry only, 2 hexes of movement"},
	Cliff: {Key: "cliff", Source: annex2 + "Falaises", Height: 1, Protection: prot(1, 1), ProtectedBelow: true,
		Hooks:   TerrainHooks{StepCost: climbFromBeach, TakeGround: noGroundFromBeach},
		Summary: "as a bluff; no taking ground onto it from a beach"},
	SteepHill: {Key: "steephill", Source: annex2 + "Collines escarpées", Height: 1, Protection: prot(1, 1), ProtectedBelow: true,
		Hooks:   TerrainHooks{StepCost: climbCostsTwo},
		Summary: "height 1 like a hill; climbing onto it from lower ground costs 2 hexes of movement"},
	Mountain: {Key: "mountain", Source: annex2 + "Hauteur des terrains; FAQ II Montagnes", Height: 2, Protection: prot(2, 2),
		ProtectedBelow: true, Impassable: Vehicles,
		Summary: "height 2; -2 dice for attackers from lower ground; impassable to armor and artillery"},
}

// baseFeatures are the rows of Feature, in its order (row 0, no feature,
// is the catalog's own).
var baseFeatures = [numBaseFeatures - 1]TerrainDef{
	Bridge - 1: {Key: "bridge", Layer: LayerStructure, Source: annex2 + "Ponts; FAQ II Ponts", Crossing: true,
		Summary: "crosses a river: entered and left only from and to dry land"},
	Bunker - 1: {Key: "bunker", Layer: LayerStructure, Source: annex2 + "Bunkers; FAQ II Bunkers", Building: true, Impassable: Vehicles,
		BlocksSight: true, Protection: prot(1, 2), ForUsersOnly: true, IgnoreFlag: AllClasses, NoRetreat: Vehicles,
		Summary: "infantry only; for the sides that may use it: -1 die for infantry, -2 for armor, ignore one flag; blocks sight"},
	Sandbags - 1: {Key: "sandbags", Layer: LayerObstacle, Source: annex2 + "Sacs de sable; FAQ II Sacs de sable",
		Protection: prot(1, 1), IgnoreFlag: AllClasses, RemovedOnLeave: true,
		Summary: "-1 die for infantry and armor attackers; ignore one flag; removed when the unit leaves"},
	Wire - 1: {Key: "wire", Layer: LayerObstacle, Source: annex2 + "Barbelés; FAQ II Barbelés", MustStop: true,
		AttackMalus: [numUnitTypes]int8{Infantry: 1}, ClearedBy: ArmorOnly, RemovableInstead: InfantryOnly,
		Summary: "entering stops; infantry battles from it with 1 die less or removes it instead; armor entering removes it"},
	Hedgehog - 1: {Key: "hedgehog", Layer: LayerObstacle, Source: annex2 + "Obstacles antichars", Impassable: Vehicles,
		IgnoreFlag: InfantryOnly,
		Summary:    "impassable to armor and artillery; infantry in it may ignore one flag"},
	Seawall - 1: {Key: "seawall", Layer: LayerObstacle, Source: annex2 + "Digues", Protection: prot(1, 1), IgnoreFlag: AllClasses,
		Summary: "as sandbags, never removed"},
	BridgeSpan - 1: {Key: "bridge-span", Layer: LayerStructure, Source: "Arnhem Bridge: \"Units may only enter or exit Arnhem Bridge from or onto the hexes as noted at the ends of the bridge. Movement along the span of bridge is normal.\"",
		Crossing: true, Span: true, Symbol: "bridge",
		Summary: "a section of a long bridge: move along it freely; enter or leave it only at its ends, in line with it"},
	ExitMarker - 1: {Key: "exit", Layer: LayerMarker, Source: "Winter Wars III Pions Exit",
		Summary: "exit: units of the marker's side may leave the board here, one more hex of movement, for a medal"},
}

// Base is the base game's ruleset: its terrain, features and units.
func Base() *Ruleset {
	r := &Ruleset{Key: "base", Name: "Memoir '44 base game"}
	r.Grounds = append(r.Grounds, baseGrounds[:]...)
	r.Features = append(r.Features, baseFeatures[:]...)
	r.Units = append(r.Units, baseUnits[:]...)
	r.Cards = append(r.Cards, baseCards[:]...)
	r.Decks = append(r.Decks, baseDecks...)
	return r
}

// climbFromBeach: between a beach and a bluff or cliff only infantry moves,
// and the step costs 2 (rulebook "Escarpements", "Falaises").
func climbFromBeach(s *State, t UnitType, from, to, here int16) int8 {
	other := from
	if here == from {
		other = to
	}
	if !s.isBeach(other) {
		return 1
	}
	if t != Infantry {
		return -1
	}
	return 2
}

// climbCostsTwo: climbing onto a steep hill from lower ground costs 2
// (rulebook "Collines escarpées").
func climbCostsTwo(s *State, t UnitType, from, to, here int16) int8 {
	if here == to && s.height(from) < s.height(to) {
		return 2
	}
	return 1
}

// noGroundFromBeach: no taking ground onto a cliff from a beach (rulebook
// "Falaises").
func noGroundFromBeach(s *State, from, to int16) bool { return !s.isBeach(from) }

// lakesBlockSight: two adjacent lake hexes on the line block it (rulebook
// "Lacs").
func lakesBlockSight(s *State, i int16, line SightLine) bool {
	g := s.b.grid
	h := s.b.hexAt[i]
	for k := 0; k < line.N; k++ {
		st := line.Steps[k]
		for _, o := range [2]hex.Hex{st.A, st.B} {
			if o != h && hex.Adjacent(o, h) && g.Contains(o) && s.b.ground[g.Index(o)] == s.b.ground[i] {
				return true
			}
		}
	}
	return false
}

// String is the key of a base-game ground (games with other rulesets name
// their grounds through their Catalog).
func (t Terrain) String() string {
	if t < NumTerrains {
		return baseGrounds[t].Key
	}
	return "?"
}

// Height of a base-game ground (rulebook p.18 "Hauteur des terrains").
func (t Terrain) Height() int { return int(baseCatalog.Ground(t).Height) }

func (f Feature) String() string {
	if f > NoFeature && f < numBaseFeatures {
		return baseFeatures[f-1].Key
	}
	return ""
}

// TerrainByName finds a base-game ground by its key.
func TerrainByName(name string) (Terrain, bool) { return baseCatalog.GroundByKey(name) }

// StructureByName and ObstacleByName find base-game features by key.
func StructureByName(name string) (Structure, bool) { return featureOfLayer(name, LayerStructure) }
func ObstacleByName(name string) (Obstacle, bool)   { return featureOfLayer(name, LayerObstacle) }

func featureOfLayer(name string, l Layer) (Feature, bool) {
	f, ok := baseCatalog.FeatureByKey(name)
	if !ok || baseCatalog.Feature(f).Layer != l {
		return NoFeature, false
	}
	return f, true
}
