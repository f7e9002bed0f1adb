package rules

// This file holds the core's own data: sides, sections, unit classes and
// dice faces. Terrain, features and troops are catalog rows (catalog.go,
// base_terrain.go, base_units.go).

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

// UnitType is a unit's class (rulebook annex 1): the die symbol that hits
// it and the class a card orders. A unit's kind (UnitKind) says the rest.
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

// Faces lists the die's faces, each once, in their order.
func Faces() []Face {
	out := make([]Face, numFaces)
	for f := range out {
		out[f] = Face(f)
	}
	return out
}

// FaceSet is a set of die faces.
type FaceSet uint8

// FacesOf is the set of the given faces.
func FacesOf(fs ...Face) FaceSet {
	var set FaceSet
	for _, f := range fs {
		set |= 1 << f
	}
	return set
}

// Has reports whether face f is in the set.
func (set FaceSet) Has(f Face) bool { return set&(1<<f) != 0 }

// Chance is the chance that one die shows a face of the set.
func (set FaceSet) Chance() float64 {
	n := 0
	for _, g := range dieFaces {
		if set.Has(g) {
			n++
		}
	}
	return float64(n) / 6
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
