// Package view builds what each viewer may see of a game, field by field,
// and owns the JSON wire form of it: the web server (package match) and
// `m44 engine` (package protocol) send the same View.
//
// A viewer is a seat (a side and a player of its team), or a spectator. A
// seat sees the board, its own hand, its team mate's hand (team mates show
// each other their cards, Operation Alliance), its team's face-up shared
// card, the other team's face-up shared card, the size (never the content)
// of the other side's hands, the size (never the order or content) of the
// draw pile, and the two cards of its own side's Recon. A spectator sees the
// board, the face-up shared cards and only the number of cards in each
// side's hands: no hand card and never a Recon choice.
//
// The wire form: sides are "allies" and "axis", hexes "row,col", per-side
// numbers {"allies": n, "axis": m}.
package view

import (
	"m44/hex"
	"m44/rules"
)

// Viewer is who a view is built for: a seat or a spectator.
type Viewer struct {
	spectator bool
	side      rules.Side
	player    int // the seat's player in its team; -1: the side's current player
}

// Seat is the viewer holding player p (0 or 1; 0 for a lone player) of
// side.
func Seat(side rules.Side, p int) Viewer { return Viewer{side: side, player: p} }

// Side is the viewer holding side's current player (a lone player, or the
// team mate whose turn it is): the side as a whole, as `m44 engine` sees it.
func Side(side rules.Side) Viewer { return Viewer{side: side, player: -1} }

// Spectator is a viewer with no seat.
func Spectator() Viewer { return Viewer{spectator: true} }

// IsSpectator reports whether v has no seat.
func (v Viewer) IsSpectator() bool { return v.spectator }

// SideOf is the seat's side (false for a spectator).
func (v Viewer) SideOf() (rules.Side, bool) { return v.side, !v.spectator }

// playerIn is the seat's player in st.
func (v Viewer) playerIn(st *rules.State) int {
	if v.player < 0 || v.player >= st.Players()[v.side] {
		return st.CurrentPlayer(v.side)
	}
	return v.player
}

// Event is engine event e as v may see it: a card drawn face down is hidden
// from everyone but the side that drew it (a team's face-up shared card is
// public).
func (v Viewer) Event(e rules.Event) rules.Event {
	if v.spectator {
		return e.For(rules.Allies).For(rules.Axis)
	}
	return e.For(v.side)
}

// PerSide is a number for each side.
type PerSide struct {
	Allies int `json:"allies"`
	Axis   int `json:"axis"`
}

// PerSideOf is v ([allies, axis]) as a PerSide.
func PerSideOf(v [2]int) PerSide { return PerSide{Allies: v[rules.Allies], Axis: v[rules.Axis]} }

// Card names a card: its id in the game's deck and its name.
type Card struct {
	ID   rules.CardID `json:"id"`
	Name string       `json:"name"`
}

// CardOf is card id of st's deck.
func CardOf(st *rules.State, id rules.CardID) Card { return Card{ID: id, Name: st.CardName(id)} }

// Cards is cards ids of st's deck, never nil.
func Cards(st *rules.State, ids []rules.CardID) []Card {
	out := make([]Card, 0, len(ids))
	for _, id := range ids {
		out = append(out, CardOf(st, id))
	}
	return out
}

// CardPtr is card id, or nil for rules.NoCard.
func CardPtr(st *rules.State, id rules.CardID) *Card {
	if id == rules.NoCard {
		return nil
	}
	c := CardOf(st, id)
	return &c
}

// SharedCards is each team's face-up shared card (null if none).
type SharedCards struct {
	Allies *Card `json:"allies"`
	Axis   *Card `json:"axis"`
}

// Unit is a unit on the board, as everyone sees it.
type Unit struct {
	Hex        hex.Hex    `json:"hex"`
	Type       string     `json:"type"`
	Side       rules.Side `json:"side"`
	Figures    int8       `json:"figures"`
	Max        int8       `json:"max"`
	Kind       string     `json:"kind"`             // the unit's catalog row ("infantry", "elite-armor", "resistance"…)
	Medals     int8       `json:"medals,omitempty"` // what eliminating it is worth, when more than 1
	Elite      bool       `json:"elite,omitempty"`
	Resistance bool       `json:"resistance,omitempty"`
	Nation     string     `json:"nation,omitempty"`
	Badge      string     `json:"badge,omitempty"`
	Ordered    bool       `json:"ordered,omitempty"`
	Moved      bool       `json:"moved,omitempty"`
	Battled    bool       `json:"battled,omitempty"`
	// Camouflaged: attacked only in close combat (Winter Wars III).
	Camouflaged bool `json:"camouflaged,omitempty"`
	// Boat: the infantry has collapsible boats (FAQ III Actions).
	Boat bool `json:"boat,omitempty"`
}

// Feature is a hex with terrain other than plain, or with a structure or an
// obstacle.
type Feature struct {
	Hex       hex.Hex `json:"hex"`
	Terrain   string  `json:"terrain,omitempty"`
	Structure string  `json:"structure,omitempty"`
	Obstacle  string  `json:"obstacle,omitempty"`
	// Markers are the hex's other features (markers, rows of other
	// rulesets), by catalog key.
	Markers []string `json:"markers,omitempty"`
	// Blown: a bridge stood here and has been blown up (rules.BlowBridges):
	// the hex is a river again.
	Blown bool `json:"blown,omitempty"`
	// Ends are the open ends of a ground entered only through them (a
	// wadi): directions of hex.Neighbour, 0 east then clockwise.
	Ends []int `json:"ends,omitempty"`
}

// Board is the public part of a position: what every viewer sees.
type Board struct {
	Turn          int         `json:"turn"`
	Active        rules.Side  `json:"active"`
	Phase         string      `json:"phase"`
	ToAct         rules.Side  `json:"to_act"`
	Over          bool        `json:"over"`
	Winner        *rules.Side `json:"winner,omitempty"`
	Medals        PerSide     `json:"medals"`
	Victory       PerSide     `json:"victory"`
	Players       PerSide     `json:"players"`        // players per side: 2 for an Operation Alliance team
	CurrentPlayer PerSide     `json:"current_player"` // each side's current player (0 or 1)
	DrawPile      int         `json:"draw_pile"`      // its size only
	Discards      []Card      `json:"discards"`
	Played        *Card       `json:"played,omitempty"`
	InEffect      string      `json:"in_effect,omitempty"`  // what the played card acts as (a Counter-Attack's copy, Infantry Assault's section)
	Targets       []hex.Hex   `json:"targets,omitempty"`    // Air Power / Barrage: the hexes chosen so far
	Visibility    int         `json:"visibility,omitempty"` // night attacks: how far units may fire (absent: no limit)
	Units         []Unit      `json:"units"`
	Features      []Feature   `json:"features"`
	// Combat is the public part of the Winter Combat cards (combat.go),
	// absent without them.
	Combat *CombatBoard `json:"combat,omitempty"`
	// Minefields are the minefields on the board (Winter Wars III): face
	// down to everyone, the side that laid them included, until an enemy
	// unit enters and turns the token over.
	Minefields []Minefield `json:"minefields,omitempty"`
	// Sabotage are the targets of a sabotage rule (Schwammenauel Dam's
	// dams) with the star tokens placed on each; absent without the rule.
	Sabotage []SabotageTarget `json:"sabotage,omitempty"`
	// TargetMarkers are the big guns' target markers (FAQ IV Artillerie
	// lourde): the gun and the unit marked; absent when there are none.
	TargetMarkers []TargetMarker `json:"target_markers,omitempty"`
	// Smoke is each side's smoke screen on the board (FAQ III "Écran de
	// fumée"; its hexes carry the marker smoke-screen): the turns of its
	// side it still lasts, 2 when laid, 1 once flipped; absent without one.
	Smoke *PerSide `json:"smoke,omitempty"`
	// Breakthrough is how many breakthrough armor units each side may still
	// order onto the board (.m44 armor_breakthrough_rules); absent when
	// none may.
	Breakthrough *PerSide `json:"breakthrough,omitempty"`

	// featJSON is Features' JSON when known (BoardAfter), written as is by
	// AppendFields.
	featJSON []byte
}

// SabotageTarget is a hex a side may sabotage: Stars tokens of Needed.
type SabotageTarget struct {
	Hex    hex.Hex    `json:"hex"`
	Side   rules.Side `json:"side"` // the saboteur
	Stars  int8       `json:"stars"`
	Needed int8       `json:"needed"`
}

// TargetMarker is a big gun's target marker on a unit: that gun's fire at
// the unit rolls 1 die more until the unit moves or is destroyed, or the
// gun moves.
type TargetMarker struct {
	Gun    hex.Hex `json:"gun"`
	Target hex.Hex `json:"target"`
}

// Minefield is a minefield as everyone sees it: Value only once revealed.
type Minefield struct {
	Hex      hex.Hex    `json:"hex"`
	Side     rules.Side `json:"side"` // who laid it
	Revealed bool       `json:"revealed,omitempty"`
	Value    *int       `json:"value,omitempty"` // the token's dice; absent while face down
}

// BoardOf is the public part of st.
func BoardOf(st *rules.State) Board { return boardOf(st, nil) }

// BoardAfter is BoardOf(st) for a caller that made prevBoard, the board of
// prev, just before: when the engine says the features did not change since
// (rules.State.SameTerrain), the board's features and their JSON are
// prevBoard's (shared: neither board may be changed) rather than built
// again, which is most of a board's work; most actions change no feature.
// The result's features' JSON is kept with it for the next position. A nil
// prev (or prevBoard) builds the board whole.
func BoardAfter(st, prev *rules.State, prevBoard *Board) Board {
	var keep *Board
	if prevBoard != nil && st.SameTerrain(prev) {
		keep = prevBoard
	}
	b := boardOf(st, keep)
	if b.featJSON == nil {
		b.featJSON = b.appendFeatures(nil)
	}
	return b
}

// boardOf is BoardOf, with keep's features (and their JSON) when not nil.
func boardOf(st *rules.State, keep *Board) Board {
	b := Board{Turn: st.Turn(), Active: st.Active(), Phase: st.Phase().String(), ToAct: st.ToAct(),
		Medals: PerSideOf(st.Medals()), Victory: PerSideOf(st.Victory()), Players: PerSideOf(st.Players()),
		CurrentPlayer: PerSide{Allies: st.CurrentPlayer(rules.Allies), Axis: st.CurrentPlayer(rules.Axis)},
		DrawPile:      st.DrawPileSize(), Discards: Cards(st, st.Discards()), Played: CardPtr(st, st.Played()),
		InEffect: st.InEffect(), Targets: st.Targets(), Visibility: st.Visibility(), Combat: combatBoardOf(st)}
	if over, w := st.Over(); over {
		b.Over, b.Winner = true, &w
	}
	cat := st.Catalog()
	var ub [48]rules.UnitInfo // (most boards: on the stack)
	units := st.AppendUnits(ub[:0])
	b.Units = make([]Unit, 0, len(units))
	for _, u := range units {
		b.Units = append(b.Units, Unit{Hex: u.Hex, Type: u.Type.String(), Kind: cat.Unit(u.Kind).Key, Side: u.Side, Figures: u.Figures, Max: u.Max, Medals: worthShown(u.Medals),
			Elite: u.Elite, Resistance: u.Resistance, Nation: u.Nation, Badge: u.Badge,
			Ordered: u.Ordered, Moved: u.Moved, Battled: u.Battled, Camouflaged: u.Camouflaged, Boat: u.Boat})
	}
	if keep != nil {
		b.Features, b.featJSON = keep.Features, keep.featJSON
	} else {
		b.Features = featuresOf(st)
	}
	for _, m := range st.TargetMarkers() {
		b.TargetMarkers = append(b.TargetMarkers, TargetMarker{Gun: m.Gun, Target: m.Target})
	}
	for _, m := range st.Minefields() {
		mf := Minefield{Hex: m.Hex, Side: m.Side, Revealed: m.Revealed}
		if m.Revealed {
			v := int(m.Value)
			mf.Value = &v
		}
		b.Minefields = append(b.Minefields, mf)
	}
	for _, tg := range st.SabotageTargets() {
		b.Sabotage = append(b.Sabotage, SabotageTarget{Hex: tg.Hex, Side: tg.Side, Stars: tg.Stars, Needed: tg.Needed})
	}
	if sm := PerSideOf([2]int{st.SmokeLeft(rules.Allies), st.SmokeLeft(rules.Axis)}); sm != (PerSide{}) {
		b.Smoke = &sm
	}
	if bt := PerSideOf([2]int{st.BreakthroughLeft(rules.Allies), st.BreakthroughLeft(rules.Axis)}); bt != (PerSide{}) {
		b.Breakthrough = &bt
	}
	return b
}

// featuresOf is the board's features: the hexes with terrain other than
// plain, features, or a blown bridge.
func featuresOf(st *rules.State) []Feature {
	cat := st.Catalog()
	out := make([]Feature, 0, len(st.Setup().Hexes)+len(st.Setup().Blow.Bridges))
	blown := map[hex.Hex]bool{}
	for _, br := range st.Setup().Blow.Bridges {
		if st.Structure(br.Hex) != rules.Bridge {
			blown[br.Hex] = true
		}
	}
	for _, h := range st.Grid().Hexes() {
		t, s, o, all := st.Terrain(h), st.Structure(h), st.ObstacleAt(h), st.Features(h)
		if t == rules.Plain && len(all) == 0 && !blown[h] {
			continue
		}
		f := Feature{Hex: h, Structure: cat.Feature(s).Key, Obstacle: cat.Feature(o).Key, Blown: blown[h]}
		if t != rules.Plain {
			f.Terrain = cat.Ground(t).Key
		}
		for _, g := range all {
			if g != s && g != o {
				f.Markers = append(f.Markers, cat.Feature(g).Key)
			}
		}
		if e := st.Ends(h); e != 0 {
			for d := 0; d < 6; d++ {
				if e&(1<<d) != 0 {
					f.Ends = append(f.Ends, d)
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// SeatCards is what a seat holds and knows of the cards.
type SeatCards struct {
	Player      int    `json:"player"`                 // the seat's player in its team (0 or 1; 0 for a lone player)
	Hand        []Card `json:"hand"`                   // the seat's own hand
	TeamHand    []Card `json:"team_hand,omitzero"`     // team play: the team mate's hand
	Shared      *Card  `json:"shared,omitempty"`       // team play: the team's face-up shared card
	OtherHand   int    `json:"other_hand"`             // how many cards the other side holds in hand(s)
	OtherShared *Card  `json:"other_shared,omitempty"` // team play: the other team's face-up shared card
	Choice      []Card `json:"choice,omitempty"`       // Recon: the two cards drawn, while the seat's side chooses
	// Winter Combat cards (combat.go): the seat's own, its team mate's.
	CombatHand     []CombatCard `json:"combat_hand,omitzero"`
	TeamCombatHand []CombatCard `json:"team_combat_hand,omitzero"`
}

// Counts is what a spectator knows of the cards: how many each side holds,
// and the face-up shared cards.
type Counts struct {
	Hands       PerSide      `json:"hands"`                  // cards in each side's hand(s)
	SharedCards *SharedCards `json:"shared_cards,omitempty"` // team play: each team's face-up shared card
}

// View is a position as one viewer may see it. Exactly one of SeatCards
// (a seat) and Counts (a spectator) is set.
type View struct {
	Viewer *rules.Side `json:"viewer"` // the seat's side; null for a spectator
	Board
	*SeatCards
	*Counts
	Legal []string `json:"legal,omitzero"` // the seat's legal actions when it is to act ([] otherwise); absent for a spectator
}

// Of is st as viewer v may see it.
func Of(st *rules.State, v Viewer) View { return of(st, v, true) }

// OfWithoutLegal is Of without the legal actions (Legal nil), for a
// caller that lists them its own way (the web server's snapshot).
func OfWithoutLegal(st *rules.State, v Viewer) View { return of(st, v, false) }

// OfBoard is OfWithoutLegal with st's board already made (BoardOf(st)),
// for a caller that shows one position to several viewers. The board is
// shared: read it, never change it.
func OfBoard(st *rules.State, v Viewer, board Board) View { return ofBoard(st, v, false, board) }

func of(st *rules.State, v Viewer, withLegal bool) View {
	return ofBoard(st, v, withLegal, BoardOf(st))
}

func ofBoard(st *rules.State, v Viewer, withLegal bool, board Board) View {
	out := View{Board: board}
	if v.spectator {
		c := &Counts{}
		var hands [2]int
		for side := rules.Allies; side <= rules.Axis; side++ {
			hands[side] = held(st, side)
		}
		c.Hands = PerSideOf(hands)
		if p := st.Players(); p[rules.Allies] == 2 || p[rules.Axis] == 2 {
			c.SharedCards = &SharedCards{Allies: CardPtr(st, st.Shared(rules.Allies)), Axis: CardPtr(st, st.Shared(rules.Axis))}
		}
		out.Counts = c
		return out
	}
	side, p := v.side, v.playerIn(st)
	out.Viewer = &side
	sc := &SeatCards{Player: p, Hand: Cards(st, st.HandOf(side, p)), OtherHand: held(st, side.Opp()),
		Shared: CardPtr(st, st.Shared(side)), OtherShared: CardPtr(st, st.Shared(side.Opp()))}
	if st.Players()[side] == 2 {
		sc.TeamHand = Cards(st, st.HandOf(side, 1-p))
	}
	seatCombat(st, sc, side, p)
	if side == st.Active() {
		if ch := st.ReconChoice(); len(ch) > 0 {
			sc.Choice = Cards(st, ch)
		}
	}
	out.SeatCards = sc
	if !withLegal {
		return out
	}
	out.Legal = []string{}
	if over, _ := st.Over(); !over && st.ToAct() == side && p == st.CurrentPlayer(side) {
		for _, a := range st.Legal() {
			out.Legal = append(out.Legal, a.String())
		}
	}
	return out
}

// held is the number of cards in side's hand(s), shared card excluded.
func held(st *rules.State, side rules.Side) int {
	n := 0
	for p := 0; p < st.Players()[side]; p++ {
		n += len(st.HandOf(side, p))
	}
	return n
}

// worthShown is a unit's medal value on the wire: only when it is not the usual 1.
func worthShown(m int8) int8 {
	if m > 1 {
		return m
	}
	return 0
}

// Young is the young players' variant (rulebook annex 5) as the web API and
// the engine protocol carry it: the tactic cards leave the deck and each
// side is dealt 6 cards; NoTakeGround also drops take ground and armor
// overrun; Stage brings tactic cards back as the rulebook suggests (0 none,
// 1 the simplest: Direct from HQ, Dig In; 2 all but the most complex:
// Behind Enemy Lines, Their Finest Hour; 3 all), Tactics more by key
// ("air-power").
type Young struct {
	NoTakeGround bool     `json:"no_take_ground,omitempty"`
	Stage        int      `json:"stage,omitempty"`
	Tactics      []string `json:"tactics,omitempty"`
}

// Rules is the engine's form of the variant.
func (y *Young) Rules() rules.Young {
	return rules.Young{NoTakeGround: y.NoTakeGround, Stage: y.Stage, Tactics: y.Tactics}
}

// UnitRef is a unit an event names, as the log words it: its kind (the
// catalog row's key), side and nation (absent if the setup gave none). The
// units on the board are public, so every viewer gets the same.
type UnitRef struct {
	Kind   string     `json:"kind"`
	Type   string     `json:"type"` // its class: "infantry", "armor", "artillery"
	Side   rules.Side `json:"side"`
	Nation string     `json:"nation,omitempty"`
}

// UnitRefOf is tag of st's catalog, or nil when the event names no unit.
func UnitRefOf(st *rules.State, tag rules.UnitTag) *UnitRef {
	u, ok := RefOf(st, tag)
	if !ok {
		return nil
	}
	return &u
}

// RefOf is UnitRefOf as a value: false when the event names no unit.
func RefOf(st *rules.State, tag rules.UnitTag) (UnitRef, bool) {
	if !tag.Known {
		return UnitRef{}, false
	}
	def := st.Catalog().Unit(tag.Kind)
	return UnitRef{Kind: def.Key, Type: def.Class.String(), Side: tag.Side, Nation: tag.Nation}, true
}
