package rules

import (
	"errors"
	"fmt"
	"slices"

	"m44/hex"
)

// maxCells bounds the dense hex index of any supported board (Overlord: 234).
const maxCells = 256

// board is what never changes during a game; clones share it.
type board struct {
	setup *Setup
	cat   *Catalog // the rows of the game's rulesets
	grid  hex.Grid
	n     int
	// calledAt[k] is the index of the first unit of called airdrop k
	// (Setup.CalledAirdrops; airdrop_called.go).
	calledAt []int16
	// dropZones[k], callZones[k]: the hexes where the paratroopers of
	// Setup.Airdrops[k], Setup.CalledAirdrops[k] may land (dropZone).
	dropZones, callZones [][]hex.Hex
	// dropUnits: the units Setup.Airdrops brings are units[dropUnits[0]:dropUnits[1]]
	dropUnits [2]int
	hexAt     []hex.Hex
	hexLow    *[maskCells]hex.Hex // hexAt in an array, on a board of at most maskCells hexes (levelMoves)
	orderAt   []Action            // orderAt[i]: the order of the unit on hex i (LegalActions)
	valid     []bool
	// ground and gdef are each hex's ground and its catalog row.
	ground []Terrain
	gdef   []*TerrainDef
	height []int8 // the ground's height (features that change never have one)
	closed []bool // made impassable by the scenario
	// closedTo[i][side] are the classes of side the scenario turns away
	// from hex i (HexSetup.ClosedTo); nil when no hex has any.
	closedTo [][2]ClassMask
	owners   []SideMask // the sides a hex's rows serve (HexSetup.Owners; 0: both)
	// exitAt[side][i] is 1 + the Setup.Exits row through which side's units
	// may leave the board from hex i, 0 if none.
	exitAt   [2][]int8
	exitList [2][]int16  // the exit hexes of each side, in setup order
	fireWall []ClassMask // classes that may not fire across each hex
	anyWall  bool
	anyBoat  bool // some unit starts with boats (boats.go)
	spans    bool // some hex holds a section of a long bridge
	// enterDice[i] is the dice rolled against a unit that enters hex i
	// (TerrainDef.EnterDice: frozen rivers); anyEnterDice: some hex has.
	enterDice    []int8
	anyEnterDice bool
	// ends[i] is hex i's open ends with endsOn set when its ground is
	// entered only through them (wadis); nil when no hex is.
	ends []uint8
	// anyMarks: some unit holds target markers (big guns).
	anyMarks bool
	// recovery: some hex lets ordered units recover figures (recovery.go).
	recovery bool
	// gunCover[i]: hex i's protection holds against artillery (wadis); nil
	// when no hex's does.
	gunCover []bool
	// anyPerFigure: a unit's kind gives medals per figures destroyed (half-tracks)
	anyPerFigure bool
	nb           [][6]int16 // neighbour index per direction, -1 off board
	// step[side][t][i][d] is the cost for a unit of side and class t to
	// move from hex i to its neighbour d, or -1 if terrain forbids it
	// (units aside). The rows that shape movement never change in a game
	// (the catalog refuses removable features that would), so it is
	// computed once. Both sides share one table unless the scenario sets
	// terrain rules per side (HexSetup.ClosedTo).
	step [2][numUnitTypes][][6]int8
	// nbm[side][t][i] is the set of hexes a unit of side and class t steps
	// into from hex i at a cost of 1, when nbmOK (every step of its table
	// costs 1 or is forbidden); adjm[i] is hex i's neighbours. Made only for
	// boards of at most maskCells hexes (reach_mask.go).
	nbm   [2][numUnitTypes][]cellMask
	nbmOK [2][numUnitTypes]bool
	// nbmAny[side][t][i]: the hexes a unit of side and class t may step
	// into from hex i at any cost (an infiltrating unit's steps: reachLevels)
	nbmAny [2][numUnitTypes][]cellMask
	adjm   []cellMask
	// disk[r-1][i] is the set of hexes at distance 1..r of hex i (r up to
	// MaxRange; battle_mask.go), made from adjm.
	disk [MaxRange][]cellMask
	// los: the lines of sight on bit sets (los_mask.go), nil on a board of
	// more than maskCells hexes
	los *losMasks
	// section[side][i] is the bit set of sections hex i is in, seen by side.
	section [2][maxCells]uint8
	objHex  [][]int16
	objAny  hexBits // the hexes of every objective (objHex)
	turnEnd bool    // some objective is counted at the end of a turn
	deck    Deck
	deckDef []*CardDef // the catalog row of each card of the deck
	// orderExtras: the order step's options beyond the orders, of the
	// rules the board has (LegalActions; orderStepOptions)
	orderExtras []func(*State, []Action) []Action
	// battleExtras: an ordered unit's battle step options beyond its
	// battles and wire removal, of the rules the board has (battleOptions;
	// battleStepOptions)
	battleExtras []func(*State, *unit, []Action) []Action
	// plainPlay[id]: card id is played as itself and offered once, with no
	// section to choose (not a Counter-Attack, a reaction card or a
	// Recon-like card whose section is chosen): the card step lists it
	// without asking (issue 15, third pass).
	plainPlay []bool
	// nation and badge of each unit, by unit index (display only).
	nation, badge []string
	// battleBack: the unit battles back when a close assault leaves it on
	// its last figure (UnitSetup.BattleBack; nation_bcf.go).
	battleBack []bool
	// turnStart: some objective is captured at the start of a turn.
	turnStart bool
	// pontoon is the structure a pontoon rule builds (Setup.Pontoons;
	// pontoon.go), NoFeature without the rule.
	pontoon Feature
	// smoke is the smoke screen marker's row (Setup.Smoke; smokescreen.go),
	// NoFeature without the rule.
	smoke Feature
	// breakAt[k] is the index of the first unit of armor breakthrough k
	// (Setup.Breakthroughs; armor_breakthrough.go).
	breakAt []int16
	// deploys are the units reserved for the Combat cards that deploy one
	// (winter_deploy.go).
	deploys []deployPool
	// combat is the Winter Combat card of each id of the game's Combat
	// pile (winter_combat.go); empty when the game plays without them.
	combat []*CombatCardDef
	// sideUnits are the indexes of each side's units, in order (a unit
	// never changes side): the order step looks at the active side's only.
	sideUnits [2][]int8
}

// unit is one unit's state.
type unit struct {
	pos     int16
	start   int16    // position at the start of the turn
	typ     UnitType // the kind's class
	kind    UnitKind
	side    Side
	figures int8
	max     int8
	worth   int8 // medals its elimination gives the other side
	// ignoresFlag: it may ignore one flag on any hex (UnitSetup.IgnoresFlag)
	ignoresFlag bool
	// the kind's move allowances, copied for the movement search, and the
	// scenario's cap on its moves, cards included (0: none)
	kmove, kfight, mcap int8
	dead                bool
	reserve             int8 // 1 + the airdrop that will bring this unit (Setup.Airdrops, then Setup.CalledAirdrops), 0 once on the board
	// this turn
	dist  int8 // hexes moved this turn (movement cost)
	shots int8 // battles left this turn (2 with Artillery Bombard)
	// Flags of this turn, side by side so that startTurn clears them at once.
	ordered  bool
	moved    bool
	stopped  bool // entered a hex that ends movement (no take ground after)
	noBattle bool // may not battle this turn (terrain, distance, artillery moved)
	battled  bool
	overrun  bool // has made its armor overrun this turn
	fx       bool // the card's effects apply to it (not a fallback order)
	landed   bool // dropped this turn: may not move or battle
	camo     bool // camouflaged: attacked only in close combat (Winter Wars III "Camouflage")
	boat     bool // in collapsible boats (FAQ III Actions; boats.go)
	gave     bool // half-tracks: reinforced a unit this turn (Winter Wars V)
	// marks: a big gun's target markers, each 1 + the index of the unit it
	// is on, 0 when the marker is with the gun (troops_special.go).
	marks [bigGunMarkers]int8
	given int8 // half-tracks: figures given away to reinforce units, never a medal
}

// Phase is the decision point the game is at.
type Phase uint8

const (
	PhaseCard       Phase = iota // active side plays a card
	PhaseOrder                   // active side orders units
	PhaseMove                    // active side moves ordered units
	PhaseBattle                  // active side battles with ordered units
	PhaseRetreat                 // the target's owner chooses its retreat
	PhaseTakeGround              // the attacker may take ground
	PhaseOverrun                 // the armor may battle again (armor overrun)
	PhaseKeep                    // after a Recon, keep one of the drawn cards
	PhaseTarget                  // Air Power / Barrage: choose the target hexes
	PhaseAmbush                  // the defender may answer a close assault with Ambush
	PhaseOver                    // the game is over
	PhaseCombat                  // the defender may play Winter Combat cards in reaction to an attack
)

var phaseNames = [...]string{"card", "order", "move", "battle", "retreat", "take-ground", "overrun", "keep", "target", "ambush", "over", "combat"}

func (p Phase) String() string { return phaseNames[p] }

// retreatOpt is one way for a unit to carry out its flags.
type retreatOpt struct {
	to     int16
	steps  int8
	losses int8
	ignore int8
	dice   int8 // rolled for the frozen river hexes the retreat enters (TerrainDef.EnterDice)
}

// State is a game in progress. The zero value is not usable; use New.
// A State is not safe for concurrent use; Clone it per goroutine.
type State struct {
	b *board
	// terr stands for feat as it is once marked (MarkTerrain): dropped
	// whenever a feature is placed or removed (refold), shared by clones
	// otherwise (SameTerrain).
	terr *terrainMark
	// step is the board's one-step movement costs (board.step) until a
	// feature that shapes movement changes (a bridge blown): recomputeHex
	// then gives this state its own copy.
	step      [2][numUnitTypes][][6]int8
	stepOwn   bool              // step is this state's own copy, no longer the board's
	blown     [2]int8           // medals won by blowing bridges (BlowBridges)
	sabo      [MaxSabotage]int8 // star tokens on each sabotage target (Setup.Sabotage)
	smokeLeft [2]int8           // own turn ends each side's smoke screen lasts; -1 once lifted (smokescreen.go)
	smokeAt   [2][3]int16       // the hexes of each side's smoke screen
	brokeIn   [2]int32          // the turn each side's breakthrough armor entered in, 0 before (armor_breakthrough.go)
	units     []unit
	hands     [4][]CardID // by seat: side*2 + player
	shared    [2]CardID   // a team's face-up shared card (NoCard if none)
	players   [2]int8     // players on each side (1 or 2)
	cur       [2]int8     // each side's player whose turn is next or now
	fromShrd  bool        // the card in play came from the shared place
	ambushAt  int8        // where the Ambush came from: a seat, or 4 for a shared card
	deck      []CardID    // the draw pile; unordered: a draw picks at random
	discard   []CardID
	played    CardID
	quota     [numSlots]int8 // orders left to place, by slot
	orderedBy []int8         // units ordered this turn, in order
	eff       Card           // the card in effect this turn (a Counter-Attack's copy)
	effd      *CardDef       // its catalog row (a cache of s.b.cat.card(eff.Kind))
	fallback  bool           // the card orders 1 unit of choice, without its effects
	last      [2]Card        // the card each side had in effect on its last turn
	hasLast   [2]bool
	ambusher  int8 // 1 + the side that played Ambush this turn, 0 if none
	second    bool // Behind Enemy Lines: the move after the battle
	kills     [2]int8
	exited    [2]int8    // medals won by units leaving the board through exits
	exits     [2]int8    // units that left the board through exits
	vis       int8       // the night-attack visibility in hexes, 0 = no limit (night.go)
	dropDue   [2]bool    // some of the side's paratroopers of Setup.Airdrops wait to land (airdrop)
	taken     []SideMask // permanent objectives taken, by objective
	medals    [2]int8
	active    Side
	turn      int32
	phase     Phase
	winner    Side
	stack     []frame // pending decisions inside the step (pending.go)
	rng       rng
	forced    []Outcome  // outcomes queued for the coming chance events (Force)
	strict    bool       // replaying: a chance event with no forced outcome is an error
	bad       error      // the first impossible forced outcome met
	outs      *[]Outcome // the outcomes of the action being recorded
	events    *[]Event
	// Winter Combat cards (winter_combat.go): hands by seat, the face-down
	// pile (unordered: a draw picks at random), the discards, and the
	// effects in force this turn.
	chand  [4][]CardID
	cpile  []CardID
	cdisc  []CardID
	cfx    []combatFx
	mines  []mine // the minefields (winter_mines.go)
	tokens []int8 // minefield tokens still face down in the pool, while they are drawn
	// The movement search's memory and the move step's kept reaches
	// (reach_cache.go): not part of the position, never shared by clones;
	// rgen changes whenever the kept reaches may no longer hold.
	rs   *reachScratch
	rgen uint32
	// The units that may be ordered at the order step's decision, as
	// anyOrderable found them while ending the action before it, for
	// LegalActions; valid while ordKey is 1 + rgen (every action but a move
	// changes rgen). Copied with the position.
	ordKey  uint32
	ordN    uint8
	ordList [ordListCap]int8
	// ordMask: the slots with orders left when the list was made; ordLess:
	// 1 + the unit whose order, and nothing else, is all that changed since
	// (set by do for an order; 0 otherwise).
	ordMask uint16
	ordLess int8

	// The per-hex arrays, fixed-size so that Clone copies them in one go,
	// come last, after every pointer: the garbage collector scans a state
	// up to its last pointer, and stops short of these 1.7 KB (issue 14,
	// tenth pass: a server holds several states a game).
	feat [maxCells][MaxFeatures]Feature // features on each hex
	fx   [maxCells]uint16               // each hex's rows folded for the hot paths (terrain.go)
	occ  [maxCells]int8                 // unit index on each hex, -1 if none
	mb   moveBits                       // occ and fx as bit sets for the movement search (reach_mask.go)
}

// ordListCap bounds the orderable units kept for LegalActions (more are
// asked again).
const ordListCap = 40

// Errors returned by Apply.
var (
	ErrGameOver = errors.New("the game is over")
	ErrIllegal  = errors.New("illegal action")
)

// New starts a game from a setup and a seed: hands are dealt from the seeded
// generator, which also rolls every die of the game.
func New(s *Setup, seed uint64) (*State, error) {
	b, err := Compile(s)
	if err != nil {
		return nil, err
	}
	return b.NewGame(seed), nil
}

// Board is a setup prepared for play: the immutable tables every game of
// it shares (neighbours, sections, movement costs) and its opening position.
// It is safe for concurrent use; simulations compile a setup once and start
// many games from it.
type Board struct {
	tmpl State
}

// Compile checks a setup and prepares it for play. The setup must not be
// changed afterwards.
func Compile(s *Setup) (*Board, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	g := s.Grid
	if g.Len() > maxCells {
		return nil, fmt.Errorf("board: %d cells, at most %d", g.Len(), maxCells)
	}
	cat, err := NewCatalog(s.Rulesets...)
	if err != nil {
		return nil, err
	}
	b := &board{setup: s, cat: cat, grid: g, n: g.Len()}
	b.hexAt = make([]hex.Hex, b.n)
	b.orderAt = make([]Action, b.n)
	b.valid = make([]bool, b.n)
	b.ground = make([]Terrain, b.n)
	b.nb = make([][6]int16, b.n)
	for i := 0; i < b.n; i++ {
		h, ok := g.At(i)
		b.hexAt[i], b.valid[i] = h, ok
		b.orderAt[i] = Action{Kind: ActOrder, From: h}
		for d := 0; d < 6; d++ {
			b.nb[i][d] = -1
			if n := hex.Neighbour(h, d); ok && g.Contains(n) {
				b.nb[i][d] = int16(g.Index(n))
			}
		}
		if !ok {
			continue
		}
		var bottom uint8
		c := int(h.Col)
		if c <= g.LeftLine {
			bottom |= 1 << Left
		}
		if c >= g.LeftLine && c <= g.RightLine {
			bottom |= 1 << Center
		}
		if c >= g.RightLine {
			bottom |= 1 << Right
		}
		// The top player sees the board mirrored: his left is the bottom's right.
		top := bottom & (1 << Center)
		if bottom&(1<<Left) != 0 {
			top |= 1 << Right
		}
		if bottom&(1<<Right) != 0 {
			top |= 1 << Left
		}
		b.section[s.Top][i] = top
		b.section[s.Top.Opp()][i] = bottom
	}
	st := &State{b: b, effd: cat.card(0), played: NoCard, shared: [2]CardID{NoCard, NoCard},
		active: s.First, turn: 1}
	for i := range st.occ {
		st.setOcc(int16(i), -1)
	}
	b.closed, b.fireWall, b.owners = make([]bool, b.n), make([]ClassMask, b.n), make([]SideMask, b.n)
	for _, h := range s.Hexes {
		i := g.Index(h.Hex)
		b.owners[i] = h.Owners
		b.ground[i] = h.Terrain
		b.closed[i], b.fireWall[i] = h.Closed, h.NoFireAcross
		if h.ClosedTo != [2]ClassMask{} {
			if b.closedTo == nil {
				b.closedTo = make([][2]ClassMask, b.n)
			}
			b.closedTo[i] = h.ClosedTo
		}
		b.anyWall = b.anyWall || b.fireWall[i] != 0
		k := 0
		for _, f := range h.features() {
			st.feat[i][k] = f
			k++
		}
	}
	for side := range b.exitAt {
		b.exitAt[side] = make([]int8, b.n)
	}
	if err := st.compileMines(); err != nil {
		return nil, err
	}
	if err := st.compilePontoons(); err != nil {
		return nil, err
	}
	if err := st.compileSmoke(); err != nil {
		return nil, err
	}
	for k, e := range s.Exits {
		for _, h := range e.Hexes {
			if i := g.Index(h); b.exitAt[e.Side][i] == 0 {
				b.exitAt[e.Side][i] = int8(k + 1)
				b.exitList[e.Side] = append(b.exitList[e.Side], int16(i))
			}
		}
	}
	for _, h := range s.Hexes {
		for _, f := range h.features() {
			b.spans = b.spans || cat.featureRow(f).Span
			b.recovery = b.recovery || cat.featureRow(f).Recovery
		}
		b.recovery = b.recovery || cat.groundRow(h.Terrain).Recovery
	}
	b.gdef = make([]*TerrainDef, b.n)
	b.height = make([]int8, b.n)
	for i := range b.gdef {
		b.gdef[i] = cat.groundRow(b.ground[i])
		b.height[i] = b.gdef[i].Height
		if d := b.gdef[i].EnterDice; d > 0 {
			if b.enterDice == nil {
				b.enterDice = make([]int8, b.n)
			}
			b.enterDice[i], b.anyEnterDice = d, true
		}
		for _, f := range st.feat[i] {
			b.height[i] += cat.featureRow(f).Height
		}
		if b.gdef[i].OpenEnds {
			if b.ends == nil {
				b.ends = make([]uint8, b.n)
			}
			b.ends[i] = endsOn
		}
		if b.gdef[i].CoversFromGuns {
			if b.gunCover == nil {
				b.gunCover = make([]bool, b.n)
			}
			b.gunCover[i] = true
		}
		st.refold(int16(i))
	}
	for _, h := range s.Hexes {
		if h.Ends != 0 {
			b.ends[g.Index(h.Hex)] |= h.Ends
		}
	}
	for side := range Side(2) {
		for t := UnitType(0); t < numUnitTypes; t++ {
			if side == Axis && b.closedTo == nil {
				b.step[side][t] = b.step[Allies][t] // no terrain rule per side: one table
				continue
			}
			tab := make([][6]int8, b.n)
			for i := range tab {
				for d, q := range b.nb[i] {
					tab[i][d] = -1
					if q >= 0 && b.valid[i] {
						tab[i][d] = st.terrainStep(side, t, int16(i), q)
					}
				}
			}
			b.step[side][t] = tab
		}
	}
	b.compileMasks()
	n := len(s.Units)
	for _, a := range s.Airdrops {
		n += a.Count
	}
	for _, a := range s.CalledAirdrops {
		n += a.Max
	}
	for _, a := range s.Breakthroughs {
		n += a.Max
	}
	if n > 120 {
		return nil, fmt.Errorf("units: %d, at most 120", n)
	}
	for _, us := range s.Units {
		k, err := cat.kindFor(&us)
		if err != nil {
			return nil, fmt.Errorf("unit at %s: %v", us.Hex, err)
		}
		def := cat.Unit(k)
		f := us.Figures
		if f == 0 {
			f = def.Figures
		}
		i := int16(g.Index(us.Hex))
		st.setOcc(i, int8(len(st.units)))
		st.units = append(st.units, unit{pos: i, start: i, typ: def.Class, kind: k, side: us.Side, figures: f, max: f,
			worth: max(1, us.Medals), kmove: def.MaxMove, kfight: def.MoveAndFight, mcap: cat.rulesetMoveCap(&def, moveCap(s, us.Side, def.Class, us.MaxMove)),
			ignoresFlag: us.IgnoresFlag, camo: us.Camouflaged, boat: us.Boat})
		if us.Boat && def.Class != Infantry {
			return nil, fmt.Errorf("unit at %s: only infantry uses boats (FAQ III Canots démontables & bateaux)", us.Hex)
		}
		b.anyBoat = b.anyBoat || us.Boat
		b.anyMarks = b.anyMarks || def.TargetMarkers > 0
		if def.MedalPerFigures > 0 {
			// Half-tracks: medals by figures destroyed, not by unit (Winter Wars V).
			st.units[len(st.units)-1].worth = 0
			b.anyPerFigure = true
		}
		b.nation = append(b.nation, us.Nation)
		b.badge = append(b.badge, us.Badge)
		b.battleBack = append(b.battleBack, us.BattleBack)
	}
	// Paratroopers wait off the board until their drop.
	drops := int8(0)
	reserve := func(what string, k int, side Side, us UnitSetup, count int) error {
		drops++
		kind, err := cat.kindFor(&us)
		if err != nil {
			return fmt.Errorf("%s %d: %v", what, k, err)
		}
		def := cat.Unit(kind)
		f := us.Figures
		if f == 0 {
			f = def.Figures
		}
		for n := 0; n < count; n++ {
			st.units = append(st.units, unit{typ: def.Class, kind: kind, side: side, figures: f, max: f,
				worth: max(1, us.Medals), kmove: def.MaxMove, kfight: def.MoveAndFight,
				mcap: cat.rulesetMoveCap(&def, moveCap(s, side, def.Class, us.MaxMove)), dead: true, reserve: drops, ignoresFlag: us.IgnoresFlag})
			b.nation = append(b.nation, us.Nation)
			b.badge = append(b.badge, us.Badge)
			b.battleBack = append(b.battleBack, us.BattleBack)
		}
		return nil
	}
	b.dropUnits[0] = len(st.units)
	for k, a := range s.Airdrops {
		if err := reserve("airdrop", k, a.Side, a.Unit, a.Count); err != nil {
			return nil, err
		}
	}
	b.dropUnits[1] = len(st.units)
	for i := b.dropUnits[0]; i < b.dropUnits[1]; i++ {
		st.dropDue[st.units[i].side] = true
	}
	for k, a := range s.CalledAirdrops {
		at := int16(len(st.units))
		if err := reserve("called airdrop", k, a.Side, a.Unit, a.Max); err != nil {
			return nil, err
		}
		b.calledAt = append(b.calledAt, at)
	}
	for k, a := range s.Breakthroughs {
		at := int16(len(st.units))
		if err := reserve("armor breakthrough", k, a.Side, a.Unit, a.Max); err != nil {
			return nil, err
		}
		b.breakAt = append(b.breakAt, at)
	}
	for k, p := range deploySlots(s) {
		at := int16(len(st.units))
		if err := reserve("combat card deployment", k, p.side, UnitSetup{Side: p.side, Type: p.typ, Nation: sideNation(s, p.side)}, p.n); err != nil {
			return nil, err
		}
		b.deploys = append(b.deploys, deployPool{side: p.side, typ: p.typ, at: at, n: int16(p.n)})
	}
	if len(st.units) > 127 {
		return nil, fmt.Errorf("units: %d with those waiting off the board, at most 127", len(st.units))
	}
	b.objHex = make([][]int16, len(s.Objectives))
	for k, o := range s.Objectives {
		b.turnStart = b.turnStart || o.AtTurnStart
		b.turnEnd = b.turnEnd || o.AtTurnEnd
		for _, h := range o.Hexes {
			b.objHex[k] = append(b.objHex[k], int16(g.Index(h)))
			b.objAny.set(int16(g.Index(h)), true)
		}
	}
	st.taken = make([]SideMask, len(s.Objectives))
	b.deck, _ = s.deck(cat)
	for _, c := range b.deck {
		d := cat.card(c.Kind)
		b.deckDef = append(b.deckDef, d)
		b.plainPlay = append(b.plainPlay, !d.CopiesLast && !d.Reaction && !d.ChooseSection)
	}
	for i := range b.deck {
		st.deck = append(st.deck, CardID(i))
	}
	b.combat = combatDeck(s.Combat)
	for i := range b.combat {
		st.cpile = append(st.cpile, CardID(i))
	}
	for side := Allies; side <= Axis; side++ {
		st.players[side] = int8(max(1, s.Players[side]))
	}
	st.step = b.step
	for i := range st.units {
		b.sideUnits[st.units[i].side] = append(b.sideUnits[st.units[i].side], int8(i))
	}
	b.orderExtras = b.orderStepOptions()
	for _, a := range s.Airdrops {
		b.dropZones = append(b.dropZones, dropZone(a.Center, a.Range))
	}
	for _, a := range s.CalledAirdrops {
		b.callZones = append(b.callZones, dropZone(a.Center, a.Range))
	}
	b.battleExtras = b.battleStepOptions(st.units)
	return &Board{tmpl: *st}, nil
}

// moveCap is the cap on a unit's moves: its own, and the scenario's for its
// side and class (the smallest; 0 for none).
func moveCap(s *Setup, side Side, class UnitType, own int8) int8 {
	c := own
	for _, l := range s.MoveLimits {
		if l.Side == side && l.Class == class && (c == 0 || l.Max < c) {
			c = l.Max
		}
	}
	return c
}

// Setup is the setup the board was compiled from.
func (bd *Board) Setup() *Setup { return bd.tmpl.b.setup }

// NewGame starts a game on the board with the given seed.
func (bd *Board) NewGame(seed uint64) *State {
	st, _, _ := bd.newGame(seed, nil, false, false)
	return st
}

// deal deals the hands and starts the first turn.
func (st *State) deal() {
	s := st.b.setup
	st.layMines()
	for side := Allies; side <= Axis; side++ {
		if st.players[side] == 1 {
			for k := 0; k < s.Cards[side]; k++ {
				st.hands[seatOf(side, 0)] = append(st.hands[seatOf(side, 0)], st.drawCard())
			}
			continue
		}
		// A team: 4 cards → 2+2+1 shared, 5 → 3+3+1, 6 → 4+4+1; below 4,
		// one card each and one shared (rulebook annex 5 "Mise en place").
		each := max(1, s.Cards[side]-2)
		for p := 0; p < 2; p++ {
			for k := 0; k < each; k++ {
				st.hands[seatOf(side, p)] = append(st.hands[seatOf(side, p)], st.drawCard())
			}
		}
		st.shared[side] = st.drawCard()
	}
	st.dealCombat()
	st.updateMedals()
	st.vis = startVisibility(st.b.setup.Night)
	if st.phase != PhaseOver {
		st.startTurn()
	}
}

// terrainMark stands for one value of the features (State.terr). It is
// never changed; it takes memory only so that two marks are never one
// address.
type terrainMark struct{ _ byte }

// MarkTerrain gives the state's features a mark when they have none (they
// changed since the last one, or were never marked), so that SameTerrain
// knows its clones from now on as having them. Placing or removing a
// feature drops the mark (refold), allocating nothing: a caller that wants
// to know when the features change (the web server, which shows them once
// per position) marks each position before cloning it.
func (s *State) MarkTerrain() {
	if s.terr == nil {
		s.terr = new(terrainMark)
	}
}

// SameTerrain reports whether o's features (structures, obstacles and
// markers on each hex: Features, Structure, ObstacleAt; the terrain and a
// hex's ends are the board's, which never change) are s's because neither
// placed nor removed one since they parted: one was cloned from the other,
// or both from a third, after it was marked (MarkTerrain), and no feature
// changed on either since. False says nothing: the features may still be
// alike.
func (s *State) SameTerrain(o *State) bool {
	return s != nil && o != nil && s.terr != nil && s.terr == o.terr
}

// Clone is an independent copy of the state (the board is shared: it never changes).
func (s *State) Clone() *State {
	c := *s
	c.units = append([]unit(nil), s.units...)
	// Every list of cards in one allocation, each list capped at its length
	// so that an append moves it out rather than over its neighbour.
	n := len(s.deck) + len(s.discard) + len(s.cpile) + len(s.cdisc)
	for k := range s.hands {
		n += len(s.hands[k]) + len(s.chand[k])
	}
	slab := make([]CardID, n)
	take := func(src []CardID) []CardID {
		if len(src) == 0 {
			return nil
		}
		k := copy(slab, src)
		out := slab[:k:k]
		slab = slab[k:]
		return out
	}
	for k := range c.hands {
		c.hands[k] = take(s.hands[k])
		c.chand[k] = take(s.chand[k])
	}
	c.deck, c.discard = take(s.deck), take(s.discard)
	c.cpile, c.cdisc = take(s.cpile), take(s.cdisc)
	c.orderedBy = append([]int8(nil), s.orderedBy...)
	c.taken = append([]SideMask(nil), s.taken...)
	c.stack = cloneStack(s.stack)
	c.cfx = slices.Clone(s.cfx)
	c.mines = append([]mine(nil), s.mines...)
	c.tokens = nil
	c.events = nil
	c.rs = nil
	return &c
}

// CloneNext is Clone for a caller that then replaces s by the copy (the web
// server, once per action: the copy is checked and changed, then becomes
// the game's position): the state's working memory (the movement search's
// and its kept reaches, reach_cache.go; not part of the position) moves to
// the copy, whose position is s's, rather than being made again for it. s
// stays usable: it makes its own again if asked for it.
func (s *State) CloneNext() *State {
	c := s.Clone()
	c.rs, s.rs = s.rs, nil
	return c
}

// CloneNextInto is CloneNext into dst's memory (CloneInto: nil for a new
// state, else a state of the caller's own that nothing else uses, not s):
// a caller that replaces its position at every action copies it into the
// one it replaced before, allocating nothing once that has held a position
// of the game's size.
func (s *State) CloneNextInto(dst *State) *State {
	if dst == nil || dst == s {
		return s.CloneNext()
	}
	rs := s.rs
	s.rs, dst.rs = nil, nil // (CloneInto keeps dst's own)
	c := s.CloneInto(dst)
	c.rs = rs
	return c
}

// CloneInto is Clone into dst, reusing dst's memory (its slices and its
// movement search memory), so that a caller that copies positions over and
// over (a bot's playouts) allocates nothing once dst has held a game of the
// same size. dst is overwritten; it must be a state of its own (from New,
// Clone, CloneInto or Determinize), not s. A nil dst gets a new Clone. It
// returns dst.
func (s *State) CloneInto(dst *State) *State {
	if dst == nil {
		return s.Clone()
	}
	if dst == s {
		return dst
	}
	units, hands, deck, discard, orderedBy, taken := dst.units, dst.hands, dst.deck, dst.discard, dst.orderedBy, dst.taken
	stack, chand, cpile, cdisc, cfx, mines, rs := dst.stack, dst.chand, dst.cpile, dst.cdisc, dst.cfx, dst.mines, dst.rs
	*dst = *s
	dst.units = copyInto(units, s.units)
	for k := range dst.hands {
		dst.hands[k] = copyInto(hands[k], s.hands[k])
	}
	dst.deck, dst.discard = copyInto(deck, s.deck), copyInto(discard, s.discard)
	dst.orderedBy, dst.taken = copyInto(orderedBy, s.orderedBy), copyInto(taken, s.taken)
	if cap(stack) < len(s.stack) {
		stack = make([]frame, len(s.stack), cap(s.stack))
	}
	stack = stack[:len(s.stack)]
	for i := range s.stack {
		f := s.stack[i]
		f.retreats = copyInto(stack[i].retreats, f.retreats)
		f.aim = copyInto(stack[i].aim, f.aim)
		stack[i] = f
	}
	dst.stack = stack
	for k := range dst.chand {
		dst.chand[k] = copyInto(chand[k], s.chand[k])
	}
	dst.cpile, dst.cdisc, dst.cfx = copyInto(cpile, s.cpile), copyInto(cdisc, s.cdisc), copyInto(cfx, s.cfx)
	dst.mines = copyInto(mines, s.mines)
	dst.tokens = nil
	dst.events = nil
	dst.rs = rs
	if rs != nil {
		rs.reset(dst.rgen) // its kept reaches were another position's
	}
	return dst
}

// copyInto is src copied into dst's memory when it is large enough.
func copyInto[T any](dst, src []T) []T { return append(dst[:0], src...) }

// Reseed replaces the generator's seed (bots use it to sample futures).
func (s *State) Reseed(seed uint64) { s.rng = rng{seed} }

// ScriptDice makes the next rolls come from faces, in order (Force with
// die outcomes; for tests and the protocol's test mode).
func (s *State) ScriptDice(faces ...Face) {
	outs := make([]Outcome, len(faces))
	for i, f := range faces {
		outs[i] = DieOutcome(f)
	}
	s.forced = append(s.forced[:len(s.forced):len(s.forced)], outs...)
}

// ClearDice drops any forced outcomes not yet used.
func (s *State) ClearDice() { s.forced = nil }

// ScriptedLeft is how many forced outcomes remain.
func (s *State) ScriptedLeft() int { return len(s.forced) }

// SetHand gives side exactly the given cards (taken from wherever they are:
// deck, discard or the other hand), returning its old hand to the draw pile.
// For tests and the protocol's test mode.
func (s *State) SetHand(side Side, cards []CardID) error {
	if len(cards) > MaxHand {
		return fmt.Errorf("%d cards: a side holds %d at most", len(cards), MaxHand)
	}
	seen := map[CardID]bool{}
	for _, c := range cards {
		if int(c) >= len(s.b.deck) {
			return fmt.Errorf("card %d: no such card", c)
		}
		if seen[c] {
			return fmt.Errorf("card %d: listed twice", c)
		}
		if k := s.keepCards(); c == s.played || c == k[0] || c == k[1] {
			return fmt.Errorf("card %d: in play", c)
		}
		seen[c] = true
	}
	me := s.seat(side)
	s.deck = append(s.deck, s.hands[me]...)
	s.hands[me] = s.hands[me][:0]
	remove := func(list []CardID) []CardID {
		out := list[:0]
		for _, c := range list {
			if !seen[c] {
				out = append(out, c)
			}
		}
		return out
	}
	s.deck = remove(s.deck)
	s.discard = remove(s.discard)
	for k := range s.hands {
		s.hands[k] = remove(s.hands[k])
	}
	for sd := range s.shared {
		if seen[s.shared[sd]] {
			s.shared[sd] = s.drawCard()
		}
	}
	s.hands[me] = append(s.hands[me], cards...)
	return nil
}

func (s *State) roll() Face {
	o, _ := s.chance(OutDie, len(dieFaces), nil)
	return o.Face
}

// rollCount rolls n dice as the dice event ev (its side and hex set), emits
// it, and counts the faces that score: the rolls that are not a battle (ice,
// minefields, the night's visibility, a Tiger's second roll, a bridge).
func (s *State) rollCount(ev Event, n int8, scores func(Face) bool) int8 {
	var k int8
	for range n {
		f := s.roll()
		ev.addFace(f)
		if scores(f) {
			k++
		}
	}
	s.emit(ev)
	return k
}

func isStar(f Face) bool { return f == FaceStar }

func (s *State) emit(e Event) {
	if s.events != nil {
		*s.events = append(*s.events, e)
	}
}

// emitUnits reports e naming unit ui (the one at From, or the event's one
// unit) and unit ti (the one at To); -1: none. The tags are filled only when
// events are recorded, so Play stays as fast.
func (s *State) emitUnits(e Event, ui, ti int) {
	if s.events != nil {
		s.emitTagged(e, ui, ti) // (a test small enough to be inlined: issue 15, fifth pass)
	}
}

func (s *State) emitTagged(e Event, ui, ti int) {
	e.Unit, e.Target = s.tagOf(ui), s.tagOf(ti)
	*s.events = append(*s.events, e)
}

// tagOf is unit i as the log names it (the zero tag for -1).
func (s *State) tagOf(i int) UnitTag {
	if i < 0 || i >= len(s.units) {
		return UnitTag{}
	}
	u := &s.units[i]
	return UnitTag{Kind: u.kind, Side: u.side, Nation: s.b.nation[i], Known: true}
}

// drawCard takes a random card from the draw pile, reshuffling the discards
// into it when it is empty (rulebook p.11 "Piocher").
func (s *State) drawCard() CardID {
	if len(s.deck) == 0 && s.b.setup.NoReshuffle {
		if s.b.setup.DeckOut && s.phase != PhaseOver {
			s.gameOver(s.b.setup.DeckOutWinner) // the deck has run out
		}
		return NoCard
	}
	if len(s.deck) == 0 {
		s.deck, s.discard = s.discard, s.deck[:0]
		s.emit(Event{Kind: EvDeckReshuffled, N: int8(len(s.deck))})
		if len(s.deck) == 0 {
			return NoCard
		}
	}
	o, i := s.chance(OutCard, len(s.deck), nil)
	c := o.Card
	last := len(s.deck) - 1
	s.deck[i] = s.deck[last]
	s.deck = s.deck[:last]
	return c
}

// Accessors.

// Phase is the current decision point.
func (s *State) Phase() Phase { return s.phase }

// Active is the side whose turn it is.
func (s *State) Active() Side { return s.active }

// Turn is the turn number, from 1.
func (s *State) Turn() int { return int(s.turn) }

// ToAct is the side that must decide now.
func (s *State) ToAct() Side {
	switch s.phase {
	case PhaseRetreat:
		return s.units[s.top().victim].side
	case PhaseAmbush, PhaseCombat:
		return s.units[s.top().target].side
	}
	return s.active
}

// Over reports whether the game has ended, and the winner if so.
func (s *State) Over() (over bool, winner Side) { return s.phase == PhaseOver, s.winner }

// Medals is each side's medal count (never above its victory number).
func (s *State) Medals() [2]int { return [2]int{int(s.medals[0]), int(s.medals[1])} }

// Victory is the medal count each side needs.
func (s *State) Victory() [2]int { return s.b.setup.Victory }

// Grid is the board's geometry.
func (s *State) Grid() hex.Grid { return s.b.grid }

// Setup is the setup the game started from.
func (s *State) Setup() *Setup { return s.b.setup }

// Card is the card with the given id in this game's deck.
func (s *State) Card(id CardID) Card { return s.b.deck[id] }

// DeckSize is the number of cards in the game's deck.
func (s *State) DeckSize() int { return len(s.b.deck) }

// Hand is a copy of side's hand.
func (s *State) Hand(side Side) []CardID { return append([]CardID(nil), s.hands[s.seat(side)]...) }

// HandOf is a copy of the hand of player p (0 or 1) of side.
func (s *State) HandOf(side Side, p int) []CardID {
	if p < 0 || p >= int(s.players[side]) {
		return nil
	}
	return append([]CardID(nil), s.hands[seatOf(side, p)]...)
}

// Shared is a team's face-up shared card (NoCard for a lone player).
func (s *State) Shared(side Side) CardID { return s.shared[side] }

// Players is the number of players on each side.
func (s *State) Players() [2]int { return [2]int{int(s.players[0]), int(s.players[1])} }

// CurrentPlayer is the player (0 or 1) of side whose turn it is or comes next.
func (s *State) CurrentPlayer(side Side) int { return int(s.cur[side]) }

// seatOf is the index in hands of player p of side.
func seatOf(side Side, p int) int { return int(side)*2 + p }

// seat is the hands index of side's current player.
func (s *State) seat(side Side) int { return seatOf(side, int(s.cur[side])) }

// heldCards counts the cards the active player holds for Their Finest Hour
// and Medics & Mechanics: his own hand plus his team's shared card, plus the
// card being played (rulebook annex 5 "Règles spéciales").
func (s *State) heldCards() int {
	n := len(s.hands[s.seat(s.active)]) + 1
	if s.shared[s.active] != NoCard {
		n++
	}
	return n
}

// Played is the card in play this turn (NoCard if none).
func (s *State) Played() CardID { return s.played }

// Discards is a copy of the discard pile, oldest first.
func (s *State) Discards() []CardID { return append([]CardID(nil), s.discard...) }

// DrawPileSize is how many cards are left to draw.
func (s *State) DrawPileSize() int { return len(s.deck) }

// Terrain is the terrain of h.
func (s *State) Terrain(h hex.Hex) Terrain { return s.b.ground[s.b.grid.Index(h)] }

// Catalog is the game's catalog: the rows of its rulesets.
func (s *State) Catalog() *Catalog { return s.b.cat }

// Features lists the features on h (structures, obstacles, markers).
func (s *State) Features(h hex.Hex) []Feature {
	var out []Feature
	if !s.b.grid.Contains(h) {
		return nil
	}
	for _, f := range s.feat[s.b.grid.Index(h)] {
		if f != NoFeature {
			out = append(out, f)
		}
	}
	return out
}

// Ends are the open ends of h, a hex entered only through them (a wadi):
// bit d for direction d of hex.Neighbour; 0 for other hexes.
func (s *State) Ends(h hex.Hex) uint8 {
	if s.b.ends == nil || !s.b.grid.Contains(h) {
		return 0
	}
	return s.b.ends[s.b.grid.Index(h)] &^ endsOn
}

// Height is the height of h (rulebook p.18).
func (s *State) Height(h hex.Hex) int { return int(s.b.height[s.b.grid.Index(h)]) }

// Structure and ObstacleAt are the features on h.
func (s *State) Structure(h hex.Hex) Structure {
	return s.featureOfLayer(int16(s.b.grid.Index(h)), LayerStructure)
}
func (s *State) ObstacleAt(h hex.Hex) Obstacle {
	return s.featureOfLayer(int16(s.b.grid.Index(h)), LayerObstacle)
}

// UnitInfo is the public description of a unit.
type UnitInfo struct {
	Hex        hex.Hex
	Type       UnitType // the class
	Kind       UnitKind // the catalog row
	Side       Side
	Figures    int8
	Max        int8
	Medals     int8 // what its elimination is worth
	Elite      bool
	Resistance bool
	Nation     string
	Badge      string
	Ordered    bool
	Moved      bool
	Battled    bool
	// Camouflaged: attacked only from an adjacent hex (Winter Wars III).
	Camouflaged bool
	// Boat: the unit has its collapsible boats (FAQ III Actions).
	Boat bool
}

func (s *State) info(i int) UnitInfo {
	u := &s.units[i]
	def := s.kind(u)
	return UnitInfo{Hex: s.b.hexAt[u.pos], Type: u.typ, Side: u.side, Figures: u.figures, Max: u.max, Medals: u.worth,
		Kind: u.kind, Elite: def.Elite, Resistance: def.BattlesAfterEntering, Nation: s.b.nation[i], Badge: s.b.badge[i],
		Ordered: u.ordered, Moved: u.moved, Battled: u.battled, Camouflaged: u.camo, Boat: u.boat}
}

// UnitAt describes the unit on h, if any.
func (s *State) UnitAt(h hex.Hex) (UnitInfo, bool) {
	if !s.b.grid.Contains(h) {
		return UnitInfo{}, false
	}
	i := s.occ[s.b.grid.Index(h)]
	if i < 0 {
		return UnitInfo{}, false
	}
	return s.info(int(i)), true
}

// Units lists the units on the board, in setup order.
func (s *State) Units() []UnitInfo { return s.AppendUnits(nil) }

// AppendUnits appends the units on the board to buf, in setup order (it
// allocates nothing when buf has room).
func (s *State) AppendUnits(buf []UnitInfo) []UnitInfo {
	for i := range s.units {
		if !s.units[i].dead {
			buf = append(buf, s.info(i))
		}
	}
	return buf
}

// Figures counts the figures of side on the board.
func (s *State) Figures(side Side) int {
	n := 0
	for i := range s.units {
		if u := &s.units[i]; !u.dead && u.side == side {
			n += int(u.figures)
		}
	}
	return n
}

// kind is the catalog row of unit u.
func (s *State) kind(u *unit) *UnitDef { return &s.b.cat.units[u.kind] }

// Kills is the medals each side has won by eliminating enemy units (one per
// unit, or the unit's Medals).
func (s *State) Kills() [2]int { return [2]int{int(s.kills[0]), int(s.kills[1])} }
