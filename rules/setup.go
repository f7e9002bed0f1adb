package rules

import (
	"fmt"
	"slices"

	"m44/hex"
)

// Setup is everything the engine needs to start a battle: the board, the
// forces, the objectives and the card counts. The scenario package builds it
// from .m44 files; tests build it by hand.
type Setup struct {
	Name string
	Grid hex.Grid
	// Top is the side whose baseline is row 0 (the .m44 side_player1).
	Top Side
	// First is the side that plays first.
	First Side
	// Cards and Victory are indexed by Side.
	Cards   [2]int
	Victory [2]int
	// Players is the number of players on each side: 1 (default) or 2 for an
	// Operation Alliance team (rulebook annex 5).
	Players [2]int
	// GrowTo, when above Cards, is the hand a side builds up to: at the end of
	// each of its turns it draws one extra card while its hand is smaller
	// (Pegasus Bridge: the Axis starts with 2 and draws an extra card after
	// turns 1 and 2). In a team each player builds up to GrowTo-2.
	GrowTo [2]int
	Hexes  []HexSetup
	Units  []UnitSetup
	// Objectives beyond "one medal per unit eliminated" (rulebook annex 3).
	Objectives []Objective
	// BunkerUsers are the sides that may use bunkers as defensive positions
	// (rulebook annex 2 "Bunkers"); zero means both.
	BunkerUsers SideMask
	// Front and Year give air superiority (rulebook annex 4).
	Front string
	Year  int
	// Airdrops are paratroopers dropped before a side's first turn (a
	// scenario special rule, e.g. Sainte-Mère-Église).
	Airdrops []Airdrop
	// CalledAirdrops are paratroopers a side calls in during play with a
	// command card (Drop in the Night: 82nd; airdrop_called.go).
	CalledAirdrops []CalledAirdrop
	// AirDice, when set, overrides the Air Power dice per hex of each side
	// (a scenario's special rule); zero means rulebook annex 4.
	AirDice [2]int
	// Deck is the command deck, card by card; nil means the catalog's deck
	// named DeckKey.
	Deck Deck
	// DeckKey names a catalog deck: "" or "standard" is the base game's 60
	// cards, "sections" its 40 section cards.
	DeckKey string
	// NoTakeGround plays without take ground and armor overrun (the young
	// players' variant, rulebook annex 5).
	NoTakeGround bool
	// NoReshuffle: the discards never go back into the deck, neither when
	// the draw pile runs out nor for Their Finest Hour (Vassieux).
	NoReshuffle bool
	// DeckOut, with NoReshuffle, ends the game when a draw finds the draw
	// pile empty: DeckOutWinner wins (Vassieux: "Should the command card
	// deck run out of cards and the Allied player has not won, the battle
	// ends as an Axis player victory").
	DeckOut       bool
	DeckOutWinner Side
	// Exits are the exit markers (Winter Wars III).
	Exits []Exit
	// MustExit is how many of each side's units must have left the board by
	// an exit before that side can win (0: none). Breakthrough to Gembloux:
	// "12 Medals, with at least one collected by a German unit exiting the
	// board through the Exit hex" (.m44 must_have_unit_exit).
	MustExit [2]int8
	// Mines are the minefields (Winter Wars III "Champs de mines"): each
	// hex holds the WinterTroops "minefield" feature. MineTokens are the
	// tokens shuffled face down at setup (nil: DefaultMineTokens); one is
	// drawn for each minefield, in order, as an OutMine outcome.
	Mines      []Minefield
	MineTokens []int8
	// MoveLimits cap the moves of a side's units of a class (FAQ III Blitz:
	// the Allied armor moves 2 hexes at most, whether it battles or not).
	MoveLimits []MoveLimit
	// AirRaids let a side play its Recon cards as Air Power (FAQ III Raids
	// aériens; Counter-attack on Mortain's Hill 317).
	AirRaids []AirRaid
	// Night is the night-attack rule (FAQ III 19): a visibility track
	// that limits every unit's range.
	Night Night
	// Blow lets a side blow up bridges (FAQ III "Faire sauter un pont",
	// option 2; blow_bridge.go).
	Blow BlowBridges
	// Pontoons are the sides that may build pontoon bridges (Winter Wars
	// IV "Pont flottant enneigé", where the scenario allows it: the .m44
	// option pontoon_bridge_rules; pontoon.go); the setup's catalog must
	// have a Pontoon row (the Terrain Pack's).
	Pontoons SideMask
	// Smoke are the sides that lay a smoke screen at their first turn (FAQ
	// III "Écran de fumée"; the .m44 option smoke_screen; smokescreen.go); the
	// setup's catalog must have the smoke-screen row (the Terrain Pack's).
	Smoke SideMask
	// Breakthroughs are the new armor a side may order onto the board
	// through the opponent's baseline in one turn (.m44 option
	// armor_breakthrough_rules; armor_breakthrough.go).
	Breakthroughs []ArmorBreakthrough
	// Sabotage lets a side sabotage dams (Terrain Pack; FAQ II 20
	// Barrages; sabotage.go).
	Sabotage Sabotage
	// Combat are the Winter Combat cards the game plays with (Winter Wars
	// II "Cartes Combat d'Hiver"), as their owner supplies them; none means
	// the game plays without Combat cards.
	Combat []CombatCardDef
	// Rulesets are the rulesets the scenario plays with besides the base
	// game, in order: their rows follow the base game's in the catalog.
	Rulesets []*Ruleset
}

// Catalog is the catalog of the setup's rulesets.
func (s *Setup) Catalog() (*Catalog, error) { return NewCatalog(s.Rulesets...) }

// HexSetup is the ground of one hex and its features; hexes not listed are
// plain.
type HexSetup struct {
	Hex       hex.Hex
	Terrain   Terrain
	Structure Structure // the .m44 rect_terrain slot
	Obstacle  Obstacle  // the .m44 obstacle slot
	// Features are more features on the hex (markers, or rows of other
	// rulesets); with Structure and Obstacle at most MaxFeatures in all.
	Features []Feature
	// Owners are the sides the hex's terrain and features protect and let
	// ignore a flag (a seawall for the Allies only, First Assault Wave);
	// zero means both.
	Owners SideMask
	// Closed: the scenario makes the hex impassable (no unit may enter or
	// retreat into it; one that starts there may leave).
	Closed bool
	// ClosedTo are, per side (indexed by Side), the classes the scenario
	// turns away from the hex on top of its rows: terrain rules set per
	// side (Across the River Roer: "The River Roer is a Navigable River by
	// Allied infantry units in boats. Play the river as a Ford", a
	// fordable river closed to every Axis unit and to Allied armor and
	// artillery). As Closed, no such unit may enter or retreat into it.
	ClosedTo [2]ClassMask
	// NoFireAcross are the classes that may not fire across the hex
	// (Saverne Gap's mountains: artillery; Arnhem Bridge: "Infantry units
	// may not target units on the opposite side of the Rhine River, which
	// is too wide in this section").
	NoFireAcross ClassMask
	// Ends are the open ends of a ground entered only through them
	// (TerrainDef.OpenEnds: wadis): bit d for the side towards direction d
	// of hex.Neighbour. The importer reads them from the tile's shape and
	// orientation.
	Ends uint8
}

// features lists the hex's features, Structure and Obstacle first.
func (h *HexSetup) features() []Feature {
	var out []Feature
	for _, f := range append([]Feature{h.Structure, h.Obstacle}, h.Features...) {
		if f != NoFeature {
			out = append(out, f)
		}
	}
	return out
}

// UnitSetup places one unit. Its catalog row is Kind when set, else the
// base row for Type, Elite and Resistance.
type UnitSetup struct {
	Hex        hex.Hex
	Type       UnitType
	Side       Side
	Figures    int8 // 0 = the kind's standard strength
	Elite      bool
	Resistance bool
	Kind       string // a unit row's key ("" = from Type, Elite, Resistance)
	// Medals is what eliminating the unit is worth to the other side
	// (0 means 1; Mont Mouchet's Axis tanks: 2).
	Medals int8
	// MaxMove caps the hexes the unit may move, cards included (0: no cap;
	// Tunisia's and Rzhev's armor "may only move 2 hexes and battle").
	MaxMove int8
	// Nation and Badge are carried for display (e.g. "us", "ger"; "badge4").
	Nation string
	Badge  string
	// BattleBack: the unit battles back at its attacker when a close
	// assault leaves it on its last figure, in place (British Commonwealth
	// Forces command; nation_bcf.go).
	BattleBack bool
	// IgnoresFlag: the unit may ignore one flag wherever it stands (one at
	// most, whatever its hex allows; .m44 behavior CAN_IGNORE_ONE_FLAG:
	// Wittmann's Final Battle, "this unit may ignore the first flag rolled
	// against it").
	IgnoresFlag bool
	// Camouflaged: the unit starts camouflaged (Winter Wars III
	// "Camouflage", when the scenario's special rules say so).
	Camouflaged bool
	// Boat: an infantry unit with collapsible boats (FAQ III Actions
	// "Canots démontables & bateaux"; boats.go), when the scenario gives them.
	Boat bool
}

// Minefield is a minefield hex and the side that laid it (the scenario's
// special rules say which; FAQ II Champs de mines: by default the defender).
type Minefield struct {
	Hex  hex.Hex
	Side Side
}

// Airdrop drops Count units like Unit (its Hex is ignored) before Side's
// first turn. Each lands on a hex drawn uniformly among every hex position
// within Range of Center, on the board or not; one that lands off the board,
// on a half-hex, on impassable terrain, on a unit or with another
// paratrooper is lost, and gives no medal. A unit that lands may not move or
// battle that turn (FAQ III Parachutage).
type Airdrop struct {
	Side   Side
	Center hex.Hex
	Range  int
	Count  int
	Unit   UnitSetup
}

// Exit is a stretch of board-edge hexes through which units of Side may
// leave the board, each for a victory medal (Winter Wars III "Pions Exit"):
// a unit that ends a step on one of Hexes with movement left may move off
// the board as one more hex. Medals is what an exit is worth per unit
// class (0 means 1; Breakout to Lisyanka: infantry 2).
type Exit struct {
	Side   Side
	Hexes  []hex.Hex
	Medals [3]int8
}

// MoveLimit caps the hexes Side's units of Class may move, cards included.
type MoveLimit struct {
	Side  Side
	Class UnitType
	Max   int8
}

// AirRaid lets Side play a Recon as an Air Power aimed at a group that
// includes a hex of the Recon's section (command-cards.md rulings 21, 56, 79,
// 80): always, or while a unit of Side stands on one of the While hexes
// (Hill 317).
type AirRaid struct {
	Side  Side
	While []hex.Hex
}

// ObjectiveKind is one of the objective types of rulebook annex 3.
type ObjectiveKind uint8

const (
	// TemporaryMedal is held while a unit of an eligible side occupies a hex.
	TemporaryMedal ObjectiveKind = iota
	// PermanentMedal is won for good the first time an eligible unit occupies a hex.
	PermanentMedal
	// MajorityMedal is held by the side with strictly more units on the hexes.
	MajorityMedal
	// SuddenDeath wins the game when the side occupies Count of the hexes.
	SuddenDeath
	// PersistentMedal is won the instant a unit of an eligible side enters
	// a hex and kept, even after it leaves, until a unit of the other side
	// enters one (Winter Wars II "Médaille-objectif persistante").
	PersistentMedal
	// ExclusiveMedal is held while an eligible side has a unit on the
	// hexes and the other side none (Winter Wars II "Médaille-objectif
	// exclusive").
	ExclusiveMedal
)

var objectiveNames = [...]string{"temporary", "permanent", "majority", "sudden-death", "persistent", "exclusive"}

func (k ObjectiveKind) String() string { return objectiveNames[k] }

// Objective is one objective on the board.
type Objective struct {
	Kind   ObjectiveKind
	Hexes  []hex.Hex
	Sides  SideMask // who can gain it
	Medals int      // medals it is worth (not for SuddenDeath)
	Count  int      // SuddenDeath: hexes to hold
	// AtTurnEnd: a SuddenDeath counted only at the end of the side's own
	// turn (Toulon, Saverne Gap: "occupy N town hexes at the end of their
	// turn"), not the instant the hexes are held.
	AtTurnEnd bool
	// AtTurnStart: a MajorityMedal or PermanentMedal captured only at the
	// start of the side's own turn, when it holds the hexes then (Winter
	// Wars II "Médaille-objectif majoritaire / définitive (début de
	// tour)"); a majority medal so captured is lost the instant its holder
	// no longer has the majority.
	AtTurnStart bool
}

// Validate checks the setup for contradictions, with a precise message.
func (s *Setup) Validate() error {
	if err := validateCombat(s.Combat); err != nil {
		return err
	}
	g := s.Grid
	if g.Rows <= 0 || g.Width <= 1 || g.Rows > 60 || g.Width > 60 {
		return fmt.Errorf("board: bad size %dx%d", g.Width, g.Rows)
	}
	if s.DeckOut != s.NoReshuffle {
		// Without reshuffling and without a deck-out ending, two empty hands
		// would pass turns for ever.
		return fmt.Errorf("deck: no reshuffle and a deck-out winner go together")
	}
	if s.Top > Axis || s.First > Axis || s.DeckOutWinner > Axis {
		return fmt.Errorf("sides: unknown side")
	}
	for side := Allies; side <= Axis; side++ {
		if s.Cards[side] < 0 || s.Cards[side] > MaxHand {
			return fmt.Errorf("cards %s: %d out of 0..%d", side, s.Cards[side], MaxHand)
		}
		if s.GrowTo[side] < 0 || s.GrowTo[side] > MaxHand {
			return fmt.Errorf("hand growth %s: %d out of 0..%d", side, s.GrowTo[side], MaxHand)
		}
		if s.Players[side] < 0 || s.Players[side] > 2 {
			return fmt.Errorf("players %s: %d, want 1 or 2", side, s.Players[side])
		}
		if s.Victory[side] < 1 || s.Victory[side] > 50 {
			return fmt.Errorf("victory %s: %d out of 1..50", side, s.Victory[side])
		}
	}
	cat, err := s.Catalog()
	if err != nil {
		return err
	}
	seen := make(map[hex.Hex]bool, len(s.Hexes))
	for _, h := range s.Hexes {
		if !g.Contains(h.Hex) {
			return fmt.Errorf("hex %s: not on the board", h.Hex)
		}
		if seen[h.Hex] {
			return fmt.Errorf("hex %s: listed twice", h.Hex)
		}
		seen[h.Hex] = true
		if int(h.Terrain) >= len(cat.grounds) {
			return fmt.Errorf("hex %s: unknown terrain %d", h.Hex, h.Terrain)
		}
		fs := h.features()
		if len(fs) > MaxFeatures {
			return fmt.Errorf("hex %s: %d features, at most %d", h.Hex, len(fs), MaxFeatures)
		}
		for _, f := range fs {
			if int(f) >= len(cat.features) {
				return fmt.Errorf("hex %s: unknown feature %d", h.Hex, f)
			}
		}
		if h.Owners > MaskBoth {
			return fmt.Errorf("hex %s: unknown owner", h.Hex)
		}
		if cat.grounds[h.Terrain].OpenEnds != (h.Ends != 0) || h.Ends >= 1<<6 {
			return fmt.Errorf("hex %s: open ends %06b on %s (a ground entered through its ends needs them, others take none)", h.Hex, h.Ends, cat.grounds[h.Terrain].Key)
		}
		if h.ClosedTo[0] > AllClasses || h.ClosedTo[1] > AllClasses {
			return fmt.Errorf("hex %s: closed to unknown classes", h.Hex)
		}
		if h.Structure != NoFeature && cat.features[h.Structure].Layer != LayerStructure ||
			h.Obstacle != NoFeature && cat.features[h.Obstacle].Layer != LayerObstacle {
			return fmt.Errorf("hex %s: a feature in the wrong slot", h.Hex)
		}
	}
	occupied := make(map[hex.Hex]bool, len(s.Units))
	terr := make(map[hex.Hex]HexSetup, len(s.Hexes))
	for _, h := range s.Hexes {
		terr[h.Hex] = h
	}
	for _, u := range s.Units {
		if !g.Contains(u.Hex) {
			return fmt.Errorf("unit at %s: not on the board", u.Hex)
		}
		if occupied[u.Hex] {
			return fmt.Errorf("unit at %s: two units on one hex", u.Hex)
		}
		occupied[u.Hex] = true
		if u.Type >= numUnitTypes || u.Side > Axis {
			return fmt.Errorf("unit at %s: unknown type or side", u.Hex)
		}
		k, err := cat.kindFor(&u)
		if err != nil {
			return fmt.Errorf("unit at %s: %v", u.Hex, err)
		}
		if u.Figures < 0 || u.Figures > 9 {
			return fmt.Errorf("unit at %s: %d figures", u.Hex, u.Figures)
		}
		if u.MaxMove < 0 || u.MaxMove > 9 {
			return fmt.Errorf("unit at %s: move cap %d", u.Hex, u.MaxMove)
		}
		if u.Medals < 0 || u.Medals > 5 {
			return fmt.Errorf("unit at %s: worth %d medals, want 0..5", u.Hex, u.Medals)
		}
		if h, ok := terr[u.Hex]; ok && cat.sunk(&h) && !(u.Boat && h.Terrain == River) {
			return fmt.Errorf("unit at %s: on impassable %s", u.Hex, cat.Ground(h.Terrain).Key)
		}
		if h, ok := terr[u.Hex]; ok && h.ClosedTo[u.Side].Has(cat.Unit(k).Class) {
			return fmt.Errorf("unit at %s: on a hex closed to %s %s", u.Hex, u.Side, cat.Unit(k).Class)
		}
	}
	for i, l := range s.MoveLimits {
		if l.Side > Axis || l.Class >= numUnitTypes || l.Max < 1 || l.Max > 9 {
			return fmt.Errorf("move limit %d: bad side, class or hexes (1..9)", i)
		}
	}
	for i, e := range s.Exits {
		if e.Side > Axis || len(e.Hexes) == 0 {
			return fmt.Errorf("exit %d: unknown side or no hex", i)
		}
		for _, h := range e.Hexes {
			if !g.Contains(h) || !g.OnEdge(h) {
				return fmt.Errorf("exit %d: hex %s is not on an edge of the board", i, h)
			}
		}
		for _, m := range e.Medals {
			if m < 0 || m > 5 {
				return fmt.Errorf("exit %d: %d medals", i, m)
			}
		}
	}
	for side, n := range s.MustExit {
		if n < 0 || n > 9 {
			return fmt.Errorf("must exit: %d units", n)
		}
		has := false
		for _, e := range s.Exits {
			has = has || e.Side == Side(side)
		}
		if n > 0 && !has {
			return fmt.Errorf("must exit: %s has no exit", Side(side))
		}
	}
	if err := s.Sabotage.validate(g); err != nil {
		return err
	}
	for i, a := range s.AirRaids {
		if a.Side > Axis {
			return fmt.Errorf("air raid %d: unknown side", i)
		}
		for _, h := range a.While {
			if !g.Contains(h) {
				return fmt.Errorf("air raid %d: hex %s not on the board", i, h)
			}
		}
	}
	for i, a := range s.Airdrops {
		if a.Side > Axis || a.Count < 1 || a.Count > 12 || a.Range < 0 || a.Range > 12 || a.Unit.Type >= numUnitTypes || cat.badKind(&a.Unit) {
			return fmt.Errorf("airdrop %d: bad side, count (1..12), range (0..12) or unit", i)
		}
		if !g.Contains(a.Center) {
			return fmt.Errorf("airdrop %d: centre %s not on the board", i, a.Center)
		}
	}
	if err := validateBreakthroughs(s, cat); err != nil {
		return err
	}
	if err := validateCalled(s, g, cat); err != nil {
		return err
	}
	for i, o := range s.Objectives {
		if len(o.Hexes) == 0 {
			return fmt.Errorf("objective %d: no hex", i)
		}
		for _, h := range o.Hexes {
			if !g.Contains(h) {
				return fmt.Errorf("objective %d: hex %s not on the board", i, h)
			}
		}
		if o.Sides == 0 {
			return fmt.Errorf("objective %d: no side can gain it", i)
		}
		if o.AtTurnEnd && o.Kind != SuddenDeath {
			return fmt.Errorf("objective %d: only a sudden death is counted at the end of a turn", i)
		}
		if o.AtTurnStart && o.Kind != MajorityMedal && o.Kind != PermanentMedal {
			return fmt.Errorf("objective %d: only a majority or permanent medal is captured at the start of a turn", i)
		}
		if o.Kind > ExclusiveMedal {
			return fmt.Errorf("objective %d: unknown kind %d", i, o.Kind)
		}
		if o.Kind == SuddenDeath && (o.Count < 1 || o.Count > len(o.Hexes)) {
			return fmt.Errorf("objective %d: sudden death needs 1..%d hexes, not %d", i, len(o.Hexes), o.Count)
		}
		if o.Kind != SuddenDeath && (o.Medals < 1 || o.Medals > 10) {
			return fmt.Errorf("objective %d: %d medals", i, o.Medals)
		}
	}
	deck, err := s.deck(cat)
	if err != nil {
		return err
	}
	for i, c := range deck {
		if int(c.Kind) >= len(cat.cards) || c.Section > Right {
			return fmt.Errorf("deck: card %d is of no known kind", i)
		}
	}
	if len(deck) > int(NoCard) {
		return fmt.Errorf("deck: %d cards, at most %d", len(deck), NoCard)
	}
	if a, b := s.dealt(Allies), s.dealt(Axis); a+b > len(deck) {
		return fmt.Errorf("deck: %d cards cannot deal %d+%d", len(deck), a, b)
	}
	return nil
}

// deck is the setup's command deck: Deck, or the catalog deck DeckKey names.
func (s *Setup) deck(cat *Catalog) (Deck, error) {
	if s.Deck != nil {
		return s.Deck, nil
	}
	key := s.DeckKey
	if key == "" {
		key = "standard"
	}
	d, ok := cat.Deck(key)
	if !ok {
		return nil, fmt.Errorf("deck %q: no such deck (decks: %v)", key, cat.DeckKeys())
	}
	return d, nil
}

// MaxHand is the most command cards a side may hold in all (hand, or team
// hands and shared card, at the start of a turn): the largest Cards and
// GrowTo a setup may ask. It bounds every roll of one die per card
// (MaxDice).
const MaxHand = 20

// dealt is how many cards side is dealt at the start: its scenario count,
// or for a team two hands of max(1, count-2) and a shared card (rulebook
// annex 5 "Mise en place"; the deal in NewGame).
func (s *Setup) dealt(side Side) int {
	if s.Players[side] == 2 {
		return 2*max(1, s.Cards[side]-2) + 1
	}
	return s.Cards[side]
}

// YoungPlayers is the setup changed for the young players' variant (rulebook
// annex 5): the base game's 40 section cards, 6 cards to each side, and
// optionally no take ground or armor overrun (Young brings tactic cards back
// and keeps a scenario's own deck).
func (s *Setup) YoungPlayers(noTakeGround bool) *Setup {
	c := *s
	c.Deck = SectionDeck()
	c.Cards = [2]int{6, 6}
	c.NoTakeGround = noTakeGround
	return &c
}

// Young is the young players' variant (rulebook annex 5 "Variante pour les
// plus jeunes joueurs"): the tactic cards leave the deck and each side is
// dealt 6 cards; NoTakeGround also drops take ground and armor overrun;
// the tactic cards of Stage (YoungStage) and the keys Tactics are brought
// back (every copy the deck has), since "once a child knows the game, you
// may add tactic cards gradually".
type Young struct {
	NoTakeGround bool
	Stage        int
	Tactics      []string
}

// Stages of bringing tactic cards back (rulebook annex 5: "start with the
// simplest, such as Direct from HQ and Dig In, and finish with the most
// complex, such as Behind Enemy Lines and Their Finest Hour"): stage 0 none,
// 1 the simplest, 2 every tactic card but the most complex, 3 all of them.
var (
	YoungSimplest    = []string{"direct-from-hq", "dig-in"}
	YoungMostComplex = []string{"behind-enemy-lines", "their-finest-hour"}
)

// MaxYoungStage is the last stage: every tactic card back.
const MaxYoungStage = 3

// YoungStage is the tactic cards of stage n of cat's base-game cards (see
// YoungSimplest), in catalog order.
func YoungStage(cat *Catalog, n int) ([]string, error) {
	var out []string
	switch {
	case n < 0 || n > MaxYoungStage:
		return nil, fmt.Errorf("young players: stage %d out of 0..%d", n, MaxYoungStage)
	case n == 1:
		out = append(out, YoungSimplest...)
	case n >= 2:
		for _, d := range cat.Cards() {
			if d.Tactic && (n == 3 || !slices.Contains(YoungMostComplex, d.Key)) {
				out = append(out, d.Key)
			}
		}
	}
	return out, nil
}

// Young is the setup changed for the young players' variant y: its deck
// without the tactic cards y does not bring back, 6 cards to each side.
func (s *Setup) Young(y Young) (*Setup, error) {
	cat, err := s.Catalog()
	if err != nil {
		return nil, err
	}
	deck, err := s.deck(cat)
	if err != nil {
		return nil, err
	}
	keys, err := YoungStage(cat, y.Stage)
	if err != nil {
		return nil, err
	}
	back := map[CardKind]bool{}
	for _, key := range append(keys, y.Tactics...) {
		c, ok := cat.CardByName(key)
		if !ok || !cat.card(c.Kind).Tactic {
			return nil, fmt.Errorf("young players: %q is no tactic card", key)
		}
		if !slices.ContainsFunc(deck, func(d Card) bool { return d.Kind == c.Kind }) {
			return nil, fmt.Errorf("young players: the deck has no %q", key)
		}
		back[c.Kind] = true
	}
	c := *s
	c.Deck = nil
	for _, d := range deck {
		if !cat.card(d.Kind).Tactic || back[d.Kind] {
			c.Deck = append(c.Deck, d)
		}
	}
	c.Cards, c.GrowTo = [2]int{6, 6}, [2]int{} // "instead of the scenario's"
	c.NoTakeGround = y.NoTakeGround
	return &c, nil
}
