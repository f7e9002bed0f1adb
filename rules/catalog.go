package rules

import (
	"fmt"
	"slices"

	"m44/hex"
)

// The catalog is the engine's one source of knowledge about terrain, features
// and troops. Every ruleset (the base game here, an expansion later) brings
// its rows; Compile folds the rows of the rulesets a scenario names into the
// per-game tables the turn machine reads. Bots, the renderer, the scenario
// importer and the browser client read the same rows through Catalog.

// Layer is where a terrain row sits on a hex. A hex holds one ground tile
// and up to MaxFeatures features (structures, obstacles, markers); how their
// effects combine is written in terrain.go.
type Layer uint8

const (
	LayerGround    Layer = iota // the tile or the board's printed face
	LayerStructure              // bridges, bunkers (the .m44 rect_terrain slot)
	LayerObstacle               // sandbags, wire, hedgehogs (the .m44 obstacle slot)
	LayerMarker                 // tokens placed on a hex by a rule
)

var layerNames = [...]string{"ground", "structure", "obstacle", "marker"}

func (l Layer) String() string {
	if int(l) < len(layerNames) {
		return layerNames[l]
	}
	return "?"
}

// MaxFeatures is how many features a hex holds at most.
const MaxFeatures = 3

// ClassMask is a set of unit classes (UnitType).
type ClassMask uint8

const (
	InfantryOnly  ClassMask = 1 << Infantry
	ArmorOnly     ClassMask = 1 << Armor
	ArtilleryOnly ClassMask = 1 << Artillery
	// Vehicles are armor and artillery: the classes bunkers, hedgehogs and
	// mountains turn away (rulebook annex 2).
	Vehicles   ClassMask = ArmorOnly | ArtilleryOnly
	AllClasses ClassMask = InfantryOnly | Vehicles
)

// Has reports whether class t is in the set.
func (m ClassMask) Has(t UnitType) bool { return m&(1<<t) != 0 }

// TerrainDef is one row of the terrain catalog: a ground tile or a feature,
// with every effect it has in the rules. The zero value is plain ground: no
// effect at all. Effects of the rows on one hex combine by the rules of
// terrain.go ("largest protection, never added"; any layer that stops a move
// stops it; a crossing makes water dry land).
type TerrainDef struct {
	Key     string // stable identifier: .m44 mapping, wire format, i18n key "terrain.<Key>"
	Layer   Layer
	Source  string // the rule that decides the row, e.g. "rulebook annex 2 Forêts"
	Summary string // the row's effects in one line of English, for help texts
	Symbol  string // the renderer's and the client's drawing hint (a glyph name); "" draws the key

	Height int8 // rulebook p.18 "Hauteur des terrains"

	// Movement.
	Water      bool      // not dry land (rivers, lakes, ocean) unless a crossing stands there
	Impassable ClassMask // classes that may never enter (nor retreat into)
	Crossing   bool      // a bridge: water becomes dry land, entered only from dry land and not from another crossing
	// Bridgeable: a pontoon bridge may be built on it where the scenario
	// allows (rivers: Winter Wars IV "placez un pont flottant sur une
	// rivière"); Pontoon: the structure so built (pontoon.go).
	Bridgeable, Pontoon bool
	// Span: a section of a bridge several hexes long: movement along the
	// span is normal; it is entered and left only at its ends, in line.
	Span     bool
	MustStop bool // a unit entering must stop
	// VehiclesStop: armor and artillery entering must stop (railways).
	VehiclesStop bool
	NoBattle     bool // a unit entering may not battle this turn
	MoveCap      int8 // entering caps the whole move at this many hexes (beaches: 2; at most 7)
	Beach        bool // a beach: bluffs and cliffs are climbed from it
	// FromAdjacentOnly: entered only by a unit that started its turn next
	// to it, and a unit that starts in it moves one hex at most (hedgerows).
	FromAdjacentOnly bool
	// LeaveStops: a unit that starts its move in it moves one hex at most
	// (marshes, ravines: "en sortant, elle doit s'arrêter").
	LeaveStops bool
	// Road: a unit that starts its move on a road and moves only along
	// road hexes may move one hex more (FAQ II Routes; Winter Wars I "Route
	// enneigée"). A crossing (bridge) on the hex cancels it (FAQ II Ponts).
	Road bool
	// NoTakeGround: no unit takes ground into it nor out of it (ravines,
	// FAQ II Balkas).
	NoTakeGround bool
	// EnterDice: a unit that enters it, by a move, a retreat or taking
	// ground, has this many dice rolled against it; each star is a loss
	// (frozen rivers: 2, Winter Wars I "Rivière gelée"). Only for a ground
	// row. Behind Enemy Lines' infiltration does not roll (FAQ III).
	EnterDice int8

	// Battle.
	Protection     [numUnitTypes]int8 // dice less for an attacker of each class
	ProtectedBelow bool               // protection only against attackers lower than the hex (hills)
	ForUsersOnly   bool               // protects and steadies only the sides the scenario allows (Setup.BunkerUsers)
	AttackMalus    [numUnitTypes]int8 // dice less for a unit of each class battling from here
	IgnoreFlag     ClassMask          // units of these classes may ignore one flag
	// IgnoreAllFlags: units of these classes ignore every flag rolled
	// against them, where flags may be ignored at all (fortresses).
	IgnoreAllFlags ClassMask
	// CoversFromGuns: its protection holds against units that ignore
	// terrain protection (artillery): wadis (FAQ II 44, FAQ IV Artillerie).
	CoversFromGuns bool
	// OpenEnds: entered and left only through the hex's open ends
	// (HexSetup.Ends); its other sides are banks no unit crosses, and
	// infantry and armor battle into or out of it only at an adjacent
	// target, unless both hexes are such hexes (wadis, FAQ II 44).
	OpenEnds bool
	// Recovery: an ordered unit that has lost figures, on a hex without an
	// adjacent enemy, may give up its move and battle to roll for lost
	// figures (FAQ III Soins dans l'oasis; recovery.go).
	Recovery      bool
	NoRetreat     ClassMask // units of these classes that battle from here never retreat
	NoBattleFrom  bool      // units here never battle (ocean)
	NoRetreatInto bool      // no retreat into it (ocean)

	// Sight.
	BlocksSight bool // blocks a line of sight at its own height

	// AirCheck is the terrain's air-check value (the number printed on its
	// summary card for the Air Pack's air checks; informative until the air
	// rules are played).
	AirCheck int8

	// Life of an obstacle.
	RemovedOnLeave   bool      // removed when its unit leaves or dies (sandbags)
	ClearedBy        ClassMask // removed when a unit of these classes enters or battles from it (wire: armor)
	RemovableInstead ClassMask // a unit of these classes may give up its battle to remove it (wire: infantry)

	// Building: a building hex for the Winter Combat cards: towns and
	// villages and every man-made construction (Winter Wars II "hex de
	// Bâtiments": stations, ruins…).
	Building bool

	// Hooks: the rules of a row that are logic rather than values. nil means
	// no effect.
	Hooks TerrainHooks
}

// TerrainHooks are a terrain row's named rule points.
type TerrainHooks struct {
	// StepCost is the movement cost for a unit of class t to step from
	// hex from to hex to, called for the rows of both hexes (here is the
	// hex that holds the row); -1 forbids the step. Costs of several rows:
	// the largest; any -1 forbids.
	StepCost func(s *State, t UnitType, from, to, here int16) int8
	// TakeGround says whether a unit on from may take ground onto to, called
	// for the rows of to (cliffs from a beach).
	TakeGround func(s *State, from, to int16) bool
	// BlocksSight decides whether the hex i, at the line's own height, blocks
	// a line of sight (lakes: only two lake hexes side by side on the line).
	BlocksSight func(s *State, i int16, line SightLine) bool
}

// SightLine is the line of sight a BlocksSight hook judges: the hexes it
// crosses, in order (hex.Line's steps). A hook gets a copy, so the engine's
// own line stays on its stack.
type SightLine struct {
	N     int
	Steps [16]hex.Step
}

// MaxRange is the farthest any unit fires: big guns, 8 hexes (FAQ IV
// Artillerie lourde: "Tire à 3, 3, 2, 2, 1, 1, 1, 1").
const MaxRange = 8

// UnitDef is one row of the unit catalog: a kind of troops.
type UnitDef struct {
	Key     string
	Class   UnitType // the die symbol that hits it and the unit class cards order
	Source  string
	Summary string
	Symbol  string
	Elite   bool // shown with the special forces badge

	Figures      int8           // standard strength
	MaxMove      int8           // hexes it may move
	MoveAndFight int8           // hexes it may move and still battle
	RangeDice    [MaxRange]int8 // dice by distance 1..MaxRange (0 = out of range)
	NeedsSight   bool
	IgnoresCover bool // ignores terrain protection (artillery)
	TakesGround  bool
	Overruns     bool // may battle again after taking ground (armor overrun)
	// BattlesAfterEntering: may battle after entering terrain that forbids
	// it (French Resistance).
	BattlesAfterEntering bool
	RetreatPerFlag       int8 // hexes it may retreat per flag at most (1; French Resistance 3)

	// Special troops (Winter Wars V). "Still" is a unit that has not moved
	// this turn before battling.
	StarsHit          ClassMask      // a star it rolls hits targets of these classes (heavy anti-tank guns, tank destroyers: armor)
	StillStarsHit     ClassMask      // the same, only when still (anti-tank weapon: armor; machine gun: infantry)
	StarsHitBy        ClassMask      // a star rolled against it by these classes hits it (tank destroyers: all but infantry)
	StillRangeDice    [MaxRange]int8 // dice by distance when still, if any (mortar: 4 hexes)
	StillIgnoresCover bool           // ignores the target's terrain protection when still (tank destroyers, mortar)
	StillNoMalus      bool           // ignores the maluses of its own hex when still (tank destroyers)
	CloseIgnoresCover bool           // ignores the target's terrain protection in close combat (engineers)
	// SweepsMines: entering a minefield with its battle still to come, it
	// clears the minefield instead of battling (engineers).
	SweepsMines bool
	// ClearsAfterBattle: it may remove an obstacle it may remove instead of
	// battling (wire) after battling too (engineers).
	ClearsAfterBattle bool
	// RemovesInstead: the obstacle rows (by key) it may remove instead of
	// battling, beyond those its class may (engineers: a road block, WW V
	// Troupes du Génie; the newer text over FAQ II, faq-digest §D5).
	RemovesInstead []string
	// MedalPerFigures: its units give no medal when eliminated; instead the
	// other side wins a medal for every this many figures of such units it
	// destroys over the battle (half-tracks: 3).
	MedalPerFigures int8
	// Reinforces: instead of battling it may give its figures to damaged
	// adjacent friendly units (half-tracks).
	Reinforces bool
	// TargetMarkers: it holds this many target markers; a unit it hits and
	// leaves on the board gets one, and its fire at a unit carrying one of
	// its markers rolls 1 die more (big guns; troops_special.go).
	TargetMarkers int8
	// RoadBonus: the hexes it moves more wholly on a road, if not the
	// usual 1 (supply trucks: 2; FAQ II Routes).
	RoadBonus int8
	// NoHealing: it never gets figures back (half-tracks: Medics & Mechanics
	// may not order it).
	NoHealing bool
	// HitsStandOn: each die that scores a hit on it, in a battle or from a
	// minefield, is rolled again by its enemy, and the hit stands only on
	// these faces; every other face is ignored (a Tiger: a grenade, FAQ IV
	// Tigres, FAQ II Champs de mines). Zero: every hit stands.
	HitsStandOn FaceSet
	// Hooks are the row's logic; nil fields mean none (tigers.go).
	Hooks UnitHooks
}

// rangeDice is the kind's dice by distance, for a unit still or not.
func (k *UnitDef) rangeDice(still bool) *[MaxRange]int8 {
	if still && k.StillRangeDice != [MaxRange]int8{} {
		return &k.StillRangeDice
	}
	return &k.RangeDice
}

// UnitHooks are a unit row's rules at named points, called only for units
// of that row.
type UnitHooks struct {
	// BattleBonus is extra dice for unit u's battles (Wittmann: +1 when
	// not moving).
	BattleBonus func(s *State, u *unit) int8
}

// Ruleset is a module of rules: the base game, or an expansion. It brings
// rows to the catalog.
type Ruleset struct {
	Key      string
	Name     string
	Grounds  []TerrainDef
	Features []TerrainDef
	Units    []UnitDef
	Cards    []CardDef
	Decks    []DeckDef
	// Hooks are the ruleset's rules that belong to no row: a weather that
	// caps moves or changes what the dice hit (winter_weather.go).
	Hooks RulesetHooks
}

// RulesetHooks are a ruleset's rule points that no row carries; nil means
// none. Several rulesets' hooks combine as each point says.
type RulesetHooks struct {
	// MoveCap caps the moves of a unit of kind def, cards included (0: no
	// cap), once when the game is compiled; the smallest cap applies
	// (Winter Wars II "Chutes de neige").
	MoveCap func(def *UnitDef) int8
	// AirPowerDice replaces the Air Power dice per hex of side (0: no
	// opinion); the smallest applies (Winter Wars II "Chutes de neige").
	AirPowerDice func(s *State, side Side) int8
	// SymbolsHit says whether the unit symbols of the dice score hits in
	// the fire being resolved (the top frame); any false wins (Winter Wars
	// II "Visibilité réduite").
	SymbolsHit func(s *State, f *frame) bool
	// TargetMarkers gives unit rows target markers (a big gun's rule, see
	// UnitDef.TargetMarkers), folded into the rows when the catalog is
	// built; the most any ruleset gives applies (FAQ III Actions
	// "Repérage pour bombardement", spotting.go).
	TargetMarkers func(def *UnitDef) int8
}

// Catalog is the folded rows of a set of rulesets, the base game first.
// It never changes once built; games and tools share it.
type Catalog struct {
	rulesets []string
	grounds  []TerrainDef
	features []TerrainDef // index 0 is "no feature"
	units    []UnitDef
	cards    []CardDef
	decks    map[string]Deck
	hooks    []RulesetHooks // the rulesets' own hooks, in order
	symbols  bool           // some ruleset has a SymbolsHit hook
}

// NewCatalog folds the base game and the given rulesets, in order. Keys must
// be unique within each table.
func NewCatalog(extra ...*Ruleset) (*Catalog, error) {
	if len(extra) == 0 {
		return baseCatalog, nil
	}
	return buildCatalog(append([]*Ruleset{Base()}, extra...))
}

func buildCatalog(sets []*Ruleset) (*Catalog, error) {
	c := &Catalog{features: []TerrainDef{{Key: "", Layer: LayerStructure}}, decks: map[string]Deck{}}
	seen := map[string]bool{}
	for _, r := range sets {
		if r == nil {
			return nil, fmt.Errorf("ruleset: nil")
		}
		if seen["ruleset "+r.Key] {
			return nil, fmt.Errorf("ruleset %q: named twice", r.Key)
		}
		seen["ruleset "+r.Key] = true
		c.rulesets = append(c.rulesets, r.Key)
		if h := r.Hooks; h.MoveCap != nil || h.AirPowerDice != nil || h.SymbolsHit != nil || h.TargetMarkers != nil {
			c.hooks = append(c.hooks, h)
			c.symbols = c.symbols || h.SymbolsHit != nil
		}
		for _, t := range r.Grounds {
			if t.Layer != LayerGround || t.Key == "" || seen["ground "+t.Key] {
				return nil, fmt.Errorf("ruleset %s: ground %q is empty, twice, or not a ground row", r.Key, t.Key)
			}
			seen["ground "+t.Key] = true
			c.grounds = append(c.grounds, t)
		}
		for _, t := range r.Features {
			if t.Layer == LayerGround || t.Key == "" || seen["feature "+t.Key] {
				return nil, fmt.Errorf("ruleset %s: feature %q is empty, twice, or a ground row", r.Key, t.Key)
			}
			if (t.RemovedOnLeave || t.ClearedBy != 0 || t.RemovableInstead != 0) &&
				(t.Impassable != 0 || t.Crossing || t.Water || t.Hooks.StepCost != nil || t.Height != 0) {
				// Movement costs are computed once per game (board.step).
				return nil, fmt.Errorf("ruleset %s: feature %q can be removed, so it may not change movement costs", r.Key, t.Key)
			}
			if t.EnterDice != 0 {
				return nil, fmt.Errorf("ruleset %s: feature %q: EnterDice is for ground rows", r.Key, t.Key)
			}
			seen["feature "+t.Key] = true
			c.features = append(c.features, t)
		}
		for _, u := range r.Units {
			if u.Key == "" || seen["unit "+u.Key] || u.Class >= numUnitTypes || u.Figures < 1 {
				return nil, fmt.Errorf("ruleset %s: unit %q is empty, twice, of no class or without figures", r.Key, u.Key)
			}
			seen["unit "+u.Key] = true
			c.units = append(c.units, u)
		}
	}
	for _, r := range sets {
		for _, d := range r.Cards {
			if d.Key == "" || seen["card "+d.Key] {
				return nil, fmt.Errorf("ruleset %s: card %q is empty or twice", r.Key, d.Key)
			}
			seen["card "+d.Key] = true
			c.cards = append(c.cards, d)
		}
	}
	for _, r := range sets {
		for _, d := range r.Decks {
			if _, dup := c.decks[d.Key]; dup || d.Key == "" {
				return nil, fmt.Errorf("ruleset %s: deck %q is empty or twice", r.Key, d.Key)
			}
			deck, err := c.buildDeck(d)
			if err != nil {
				return nil, fmt.Errorf("ruleset %s: deck %s: %v", r.Key, d.Key, err)
			}
			c.decks[d.Key] = deck
		}
	}
	c.foldTargetMarkers(c.hooks)
	if len(c.grounds) > 255 || len(c.features) > 255 || len(c.units) > 255 || len(c.cards) > 255 {
		return nil, fmt.Errorf("catalog: more than 255 rows in a table")
	}
	return c, nil
}

// baseCatalog is the base game's catalog, built once: it never changes.
var baseCatalog = func() *Catalog {
	c, err := buildCatalog([]*Ruleset{Base()})
	if err != nil {
		panic(err)
	}
	return c
}()

// Expansions are the rulesets the engine ships besides the base game, in
// the order a setup folds them: every row a game may meet is in the base
// game or in one of them (the web client's tests check that each has its
// words).
func Expansions() []*Ruleset {
	return []*Ruleset{TerrainPack(), WinterTerrain(), Tigers(), SpecialTroops(), WinterTroops(), Snowfall(), ReducedVisibility()}
}

// BaseCatalog is the catalog of the base game alone.
func BaseCatalog() *Catalog { return baseCatalog }

// Rulesets are the keys of the folded rulesets, in order.
func (c *Catalog) Rulesets() []string { return append([]string(nil), c.rulesets...) }

// Grounds, Features and Units are copies of the rows (Features without the
// "no feature" row 0), in ID order.
func (c *Catalog) Grounds() []TerrainDef  { return append([]TerrainDef(nil), c.grounds...) }
func (c *Catalog) Features() []TerrainDef { return append([]TerrainDef(nil), c.features[1:]...) }
func (c *Catalog) Units() []UnitDef       { return append([]UnitDef(nil), c.units...) }

// Ground is the row of ground t (plain for an unknown id).
func (c *Catalog) Ground(t Terrain) TerrainDef {
	if int(t) < len(c.grounds) {
		return c.grounds[t]
	}
	return c.grounds[Plain]
}

// Feature is the row of feature f (the empty row for NoFeature or an unknown id).
func (c *Catalog) Feature(f Feature) TerrainDef {
	if int(f) < len(c.features) {
		return c.features[f]
	}
	return c.features[0]
}

// Unit is the row of unit kind k.
func (c *Catalog) Unit(k UnitKind) UnitDef {
	if int(k) < len(c.units) {
		return c.units[k]
	}
	return c.units[0]
}

// GroundByKey, FeatureByKey and UnitByKey find a row by its key.
func (c *Catalog) GroundByKey(key string) (Terrain, bool) {
	for i := range c.grounds {
		if c.grounds[i].Key == key {
			return Terrain(i), true
		}
	}
	return 0, false
}

func (c *Catalog) FeatureByKey(key string) (Feature, bool) {
	for i := 1; i < len(c.features); i++ {
		if c.features[i].Key == key {
			return Feature(i), true
		}
	}
	return NoFeature, false
}

func (c *Catalog) UnitByKey(key string) (UnitKind, bool) {
	for i := range c.units {
		if c.units[i].Key == key {
			return UnitKind(i), true
		}
	}
	return 0, false
}

// KindOf is the base row for a unit of class t, elite (special forces) or
// French Resistance, as the .m44 files describe units.
func (c *Catalog) KindOf(t UnitType, elite, resistance bool) UnitKind {
	key := t.String()
	switch {
	case resistance && t == Infantry:
		key = "resistance"
	case elite:
		key = "elite-" + key
	}
	if k, ok := c.UnitByKey(key); ok {
		return k
	}
	k, _ := c.UnitByKey(t.String())
	return k
}

func (c *Catalog) groundRow(t Terrain) *TerrainDef  { return &c.grounds[t] }
func (c *Catalog) featureRow(f Feature) *TerrainDef { return &c.features[f] }

// kindFor is the unit row of a unit setup: its Kind key, or the base row
// for its class, elite badge and French Resistance mark.
func (c *Catalog) kindFor(u *UnitSetup) (UnitKind, error) {
	if u.Kind == "" {
		return c.KindOf(u.Type, u.Elite, u.Resistance), nil
	}
	k, ok := c.UnitByKey(u.Kind)
	if !ok {
		return 0, fmt.Errorf("unknown unit kind %q", u.Kind)
	}
	return k, nil
}

func (c *Catalog) badKind(u *UnitSetup) bool {
	_, err := c.kindFor(u)
	return err != nil
}

// sunk reports whether no unit can stand on the hex: its ground turns every
// class away and no crossing stands there (a unit on a river without a bridge).
func (c *Catalog) sunk(h *HexSetup) bool {
	if c.Ground(h.Terrain).Impassable != AllClasses {
		return false
	}
	for _, f := range h.features() {
		if c.Feature(f).Crossing {
			return false
		}
	}
	return true
}

// Cards.

// card is the row of card kind k (the first row for an unknown kind).
func (c *Catalog) card(k CardKind) *CardDef {
	if int(k) < len(c.cards) {
		return &c.cards[k]
	}
	return &c.cards[0]
}

// Cards is a copy of the card rows, in CardKind order.
func (c *Catalog) Cards() []CardDef { return append([]CardDef(nil), c.cards...) }

// Card is the row of card kind k.
func (c *Catalog) Card(k CardKind) CardDef { return *c.card(k) }

// CardName is a card's stable text name: its key, and for a one-section
// card the section ("probe-left").
func (c *Catalog) CardName(card Card) string {
	d := c.card(card.Kind)
	if d.Section {
		return d.Key + "-" + card.Section.String()
	}
	return d.Key
}

// CardByName finds a card kind (and section) from CardName's form.
func (c *Catalog) CardByName(name string) (Card, bool) {
	for k := range c.cards {
		d := &c.cards[k]
		if !d.Section {
			if d.Key == name {
				return Card{Kind: CardKind(k)}, true
			}
			continue
		}
		for s := Left; s <= Right; s++ {
			if d.Key+"-"+s.String() == name {
				return Card{Kind: CardKind(k), Section: s}, true
			}
		}
	}
	return Card{}, false
}

// Deck is the composition of the deck with the given key ("standard": the
// base game's 60 cards; "sections": its 40 section cards).
func (c *Catalog) Deck(key string) (Deck, bool) {
	d, ok := c.decks[key]
	return append(Deck(nil), d...), ok
}

// DeckKeys are the catalog's decks.
func (c *Catalog) DeckKeys() []string {
	var out []string
	for k := range c.decks {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (c *Catalog) buildDeck(d DeckDef) (Deck, error) {
	var deck Deck
	for _, l := range d.Lines {
		k := -1
		for i := range c.cards {
			if c.cards[i].Key == l.Card {
				k = i
			}
		}
		if k < 0 {
			return nil, fmt.Errorf("no card %q", l.Card)
		}
		if c.cards[k].Section {
			for s := Left; s <= Right; s++ {
				for i := int8(0); i < l.Copies[s]; i++ {
					deck = append(deck, Card{Kind: CardKind(k), Section: s})
				}
			}
			continue
		}
		for i := int8(0); i < l.Copies[0]; i++ {
			deck = append(deck, Card{Kind: CardKind(k)})
		}
	}
	if len(deck) > int(NoCard) {
		return nil, fmt.Errorf("%d cards, at most %d", len(deck), NoCard)
	}
	return deck, nil
}
