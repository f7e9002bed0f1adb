package rules

// This file holds the rules that are data: sides, unit types, dice faces,
// terrain and obstacle properties (rulebook annexes 1 and 2).

// Side is one of the two camps.
type Side uint8

const (
	Allies Side = iota
	Axis
)

// Opp is the other side.
func (s Side) Opp() Side { return 1 - s }

func (s Side) String() string {
	if s == Axis {
		return "axis"
	}
	return "allies"
}

// SideMask is a set of sides (for objectives and bunker use).
type SideMask uint8

const (
	MaskAllies SideMask = 1 << Allies
	MaskAxis   SideMask = 1 << Axis
	MaskBoth            = MaskAllies | MaskAxis
)

// Has reports whether side s is in the mask.
func (m SideMask) Has(s Side) bool { return m&(1<<s) != 0 }

// Section is a part of the battlefield, named from the point of view of the
// player who orders (rulebook "Champ de bataille").
type Section uint8

const (
	Left Section = iota
	Center
	Right
)

var sectionNames = [3]string{"left", "center", "right"}

func (s Section) String() string {
	if int(s) < len(sectionNames) {
		return sectionNames[s]
	}
	return "?"
}

// UnitType is the kind of a unit (rulebook annex 1).
type UnitType uint8

const (
	Infantry UnitType = iota
	Armor
	Artillery
	numUnitTypes
)

var unitTypeNames = [numUnitTypes]string{"infantry", "armor", "artillery"}

func (t UnitType) String() string {
	if t < numUnitTypes {
		return unitTypeNames[t]
	}
	return "?"
}

// unitInfo is what a unit type can do.
type unitInfo struct {
	figures      int8    // standard strength
	maxMove      int8    // hexes it may move
	moveAndFight int8    // hexes it may move and still battle
	rangeDice    [6]int8 // dice by distance 1..6 (0 = out of range)
	needsLOS     bool
	ignoresProt  bool // ignores terrain protection (artillery)
	takesGround  bool
}

// rulebook p.6-8 "Portée de déplacement", "Portée de tir".
var unitTable = [numUnitTypes]unitInfo{
	Infantry:  {figures: 4, maxMove: 2, moveAndFight: 1, rangeDice: [6]int8{3, 2, 1}, needsLOS: true, takesGround: true},
	Armor:     {figures: 3, maxMove: 3, moveAndFight: 3, rangeDice: [6]int8{3, 3, 3}, needsLOS: true, takesGround: true},
	Artillery: {figures: 2, maxMove: 1, moveAndFight: 0, rangeDice: [6]int8{3, 3, 2, 2, 1, 1}, ignoresProt: true},
}

// DefaultFigures is the strength of a standard unit of type t; elite armor has 4
// (rulebook annex 1 "Blindés d'élite"), French Resistance infantry 3.
func DefaultFigures(t UnitType, elite, resistance bool) int8 {
	switch {
	case t == Armor && elite:
		return 4
	case t == Infantry && resistance:
		return 3
	}
	return unitTable[t].figures
}

// Face is one face of a battle die.
type Face uint8

const (
	FaceInfantry Face = iota
	FaceArmor
	FaceGrenade
	FaceStar
	FaceFlag
	numFaces
)

var faceNames = [numFaces]string{"infantry", "armor", "grenade", "star", "flag"}

func (f Face) String() string {
	if f < numFaces {
		return faceNames[f]
	}
	return "?"
}

// dieFaces are the six faces of a battle die: two infantry, one armor, one
// grenade, one star, one flag (rulebook "Matériel"; command-cards.md §1.8).
var dieFaces = [6]Face{FaceInfantry, FaceInfantry, FaceArmor, FaceGrenade, FaceStar, FaceFlag}

// FaceProbability is the chance of face f on one die.
func FaceProbability(f Face) float64 {
	n := 0
	for _, g := range dieFaces {
		if g == f {
			n++
		}
	}
	return float64(n) / 6
}

// symbolOf is the die face that hits a unit type (artillery has none; only
// grenades hit it).
func symbolOf(t UnitType) (Face, bool) {
	switch t {
	case Infantry:
		return FaceInfantry, true
	case Armor:
		return FaceArmor, true
	}
	return 0, false
}

// Terrain is the tile (or printed ground) of a hex.
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
	NumTerrains
)

// terrainInfo is one row of rulebook annex 2.
type terrainInfo struct {
	name        string
	height      int8
	impassable  bool
	mustStop    bool // a unit entering must stop
	noBattle    bool // a unit entering may not battle this turn
	blocksLOS   bool // blocks line of sight at its own height
	protInf     int8 // dice less for attacking infantry
	protArmor   int8 // dice less for attacking armor
	protIfBelow bool // protection only against attackers lower than the target
	armorMalus  int8 // dice less for armor battling from here
	ignoreFlag  bool
	beachCap    bool // entering caps the move at 2 hexes
	hedgerow    bool // enter only from a hex adjacent at turn start; leaving stops
	ocean       bool // no battle from here, no retreat into it
	beachClimb  bool // bluff/cliff: to or from a beach costs 2, infantry only
	noTGFromBch bool // cliff: no take ground onto it from a beach
	climbCost2  bool // steep hill: entering from lower ground costs 2
	lake        bool // blocks LOS only where two lake hexes are on the line
	waterway    bool // river: crossed by bridges
	infOnly     bool // mountains: impassable to armor and artillery (FAQ II Montagnes)
}

var terrainTable = [NumTerrains]terrainInfo{
	Plain:     {name: "plain"},
	Forest:    {name: "forest", mustStop: true, noBattle: true, blocksLOS: true, protInf: 1, protArmor: 2},
	Hedgerow:  {name: "hedgerow", mustStop: true, noBattle: true, blocksLOS: true, protInf: 1, protArmor: 2, hedgerow: true},
	Hill:      {name: "hill", height: 1, protInf: 1, protArmor: 1, protIfBelow: true},
	Town:      {name: "town", mustStop: true, noBattle: true, blocksLOS: true, protInf: 1, protArmor: 2, armorMalus: 2},
	Church:    {name: "church", mustStop: true, noBattle: true, blocksLOS: true, protInf: 1, protArmor: 2, armorMalus: 2, ignoreFlag: true},
	River:     {name: "river", impassable: true, waterway: true},
	Lake:      {name: "lake", impassable: true, lake: true},
	Beach:     {name: "beach", beachCap: true},
	Ocean:     {name: "ocean", mustStop: true, ocean: true},
	Bluff:     {name: "bluff", height: 1, protInf: 1, protArmor: 1, protIfBelow: true, beachClimb: true},
	Cliff:     {name: "cliff", height: 1, protInf: 1, protArmor: 1, protIfBelow: true, beachClimb: true, noTGFromBch: true},
	SteepHill: {name: "steephill", height: 1, protInf: 1, protArmor: 1, protIfBelow: true, climbCost2: true},
	Mountain:  {name: "mountain", height: 2, protInf: 2, protArmor: 2, protIfBelow: true, infOnly: true},
}

func (t Terrain) String() string {
	if t < NumTerrains {
		return terrainTable[t].name
	}
	return "?"
}

// Impassable reports whether no unit may ever enter the terrain (rivers and
// lakes, unless a bridge stands there).
func (t Terrain) Impassable() bool { return terrainTable[t].impassable }

// Height of the terrain (rulebook p.18 "Hauteur des terrains").
func (t Terrain) Height() int { return int(terrainTable[t].height) }

// TerrainByName finds a terrain by its engine name.
func TerrainByName(name string) (Terrain, bool) {
	for i := range terrainTable {
		if terrainTable[i].name == name {
			return Terrain(i), true
		}
	}
	return 0, false
}

// Structure is a placed feature that is part of the hex's ground (the .m44
// "rect_terrain" slot): bridges and bunkers.
type Structure uint8

const (
	NoStructure Structure = iota
	Bridge
	Bunker
	NumStructures
)

var structureNames = [NumStructures]string{"", "bridge", "bunker"}

func (s Structure) String() string { return structureNames[s] }

// Obstacle is a removable or permanent obstacle (the .m44 "obstacle" slot).
type Obstacle uint8

const (
	NoObstacle Obstacle = iota
	Sandbags
	Wire
	Hedgehog
	Seawall // permanent sandbags (rulebook "Digues")
	NumObstacles
)

var obstacleNames = [NumObstacles]string{"", "sandbags", "wire", "hedgehog", "seawall"}

func (o Obstacle) String() string { return obstacleNames[o] }

// StructureByName and ObstacleByName find features by engine name.
func StructureByName(name string) (Structure, bool) {
	for i, n := range structureNames {
		if i > 0 && n == name {
			return Structure(i), true
		}
	}
	return 0, false
}

func ObstacleByName(name string) (Obstacle, bool) {
	for i, n := range obstacleNames {
		if i > 0 && n == name {
			return Obstacle(i), true
		}
	}
	return 0, false
}
