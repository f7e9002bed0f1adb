package protocol

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"m44/hex"
	"m44/rules"
)

// The JSON forms of the engine's values. Hexes are "row,col" strings (the
// form of the action text); sides are "allies" and "axis"; per-side numbers
// are objects {"allies": n, "axis": m}; hashes are 16 hex digits.

// PerSide is a number for each side.
type PerSide struct {
	Allies int `json:"allies"`
	Axis   int `json:"axis"`
}

func perSide(v [2]int) PerSide { return PerSide{Allies: v[rules.Allies], Axis: v[rules.Axis]} }

func hashString(h uint64) string { return fmt.Sprintf("%016x", h) }

func hexes(hs []hex.Hex) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.String()
	}
	return out
}

// Card is one card of the game's deck.
type Card struct {
	ID          rules.CardID `json:"id"`
	Name        string       `json:"name"`
	Kind        string       `json:"kind"`
	Section     string       `json:"section,omitempty"`
	Tactic      bool         `json:"tactic"`
	Implemented bool         `json:"implemented"`
}

func cardOf(st *rules.State, id rules.CardID) Card {
	c := st.Card(id)
	out := Card{ID: id, Name: c.Name(), Kind: c.Kind.String(), Tactic: c.Kind.Tactic(), Implemented: c.Kind.Implemented()}
	if c.Name() != c.Kind.String() {
		out.Section = c.Section.String()
	}
	return out
}

// CardRef names a card: its id in the game's deck and its name.
type CardRef struct {
	ID   rules.CardID `json:"id"`
	Name string       `json:"name"`
}

func cardRefs(st *rules.State, ids []rules.CardID) []CardRef {
	out := make([]CardRef, 0, len(ids))
	for _, id := range ids {
		out = append(out, CardRef{ID: id, Name: st.Card(id).Name()})
	}
	return out
}

func viewCards(cs []rules.CardView) []CardRef {
	out := make([]CardRef, 0, len(cs))
	for _, c := range cs {
		out = append(out, CardRef{ID: c.ID, Name: c.Name})
	}
	return out
}

func viewCard(c *rules.CardView) *CardRef {
	if c == nil {
		return nil
	}
	return &CardRef{ID: c.ID, Name: c.Name}
}

// Unit is a unit on the board, and Feature a hex with terrain other than
// plain or with a structure or an obstacle: the engine's own view types
// (hexes are "row,col" text in JSON).
type (
	Unit    = rules.UnitView
	Feature = rules.HexFeature
)

// Board is the public part of a position, shared by "view" and "state".
type Board struct {
	Turn     int         `json:"turn"`
	Active   rules.Side  `json:"active"`
	Phase    string      `json:"phase"`
	ToAct    rules.Side  `json:"to_act"`
	Over     bool        `json:"over"`
	Winner   *rules.Side `json:"winner,omitempty"`
	Medals   PerSide     `json:"medals"`
	Victory  PerSide     `json:"victory"`
	Players  PerSide     `json:"players"` // players per side: 2 for an Operation Alliance team
	DrawPile int         `json:"draw_pile"`
	Discards []CardRef   `json:"discards"`
	Played   *CardRef    `json:"played,omitempty"`
	InEffect string      `json:"in_effect,omitempty"` // what the played card acts as (a Counter-Attack's copy, Infantry Assault's section)
	Targets  []string    `json:"targets,omitempty"`   // Air Power / Barrage: the hexes chosen so far
	Units    []Unit      `json:"units"`
	Features []Feature   `json:"features"`
}

// View is what one side may know: the board, its own hand, the size of the
// other hand; the legal actions when it is to act. It is rules.View in the
// protocol's JSON form.
type View struct {
	Viewer rules.Side `json:"viewer"`
	Board
	Player      int       `json:"player"`                 // the viewer side's current player (0 or 1)
	Hand        []CardRef `json:"hand"`                   // the current player's hand
	TeamHand    []CardRef `json:"team_hand,omitempty"`    // team play: the team mate's hand
	Shared      *CardRef  `json:"shared,omitempty"`       // team play: the team's face-up shared card
	OtherHand   int       `json:"other_hand"`             // cards in the other side's hand(s)
	OtherShared *CardRef  `json:"other_shared,omitempty"` // team play: the other team's shared card
	Choice      []CardRef `json:"choice,omitempty"`
	Legal       []string  `json:"legal"`
}

// FullState is everything, for tools and referees: both hands, the cards of
// the draw pile (sorted by id: the pile has no order, a draw picks at
// random), the scripted dice left and the hash. Full is always true.
type FullState struct {
	Full bool `json:"full"`
	Board
	CurrentPlayer PerSide     `json:"current_player"`       // each side's current player (0 or 1)
	Hands         HandsJSON   `json:"hands"`                // each side's current player's hand
	TeamHands     *HandsJSON  `json:"team_hands,omitempty"` // team play: the other player's hand (empty for a lone player)
	Shared        *SharedJSON `json:"shared,omitempty"`     // team play: the shared cards
	DrawCards     []CardRef   `json:"draw_cards"`
	Choice        []CardRef   `json:"choice,omitempty"`
	Legal         []string    `json:"legal"`
	Kills         PerSide     `json:"kills"`
	Scripted      int         `json:"scripted_dice"`
	Hash          string      `json:"hash"`
}

// HandsJSON is a hand for each side.
type HandsJSON struct {
	Allies []CardRef `json:"allies"`
	Axis   []CardRef `json:"axis"`
}

// SharedJSON is a team's shared card for each side (null if none).
type SharedJSON struct {
	Allies *CardRef `json:"allies"`
	Axis   *CardRef `json:"axis"`
}

func boardOf(v *rules.View) Board {
	b := Board{Turn: v.Turn, Active: v.Active, Phase: v.Phase, ToAct: v.ToAct, Over: v.Over, Winner: v.Winner,
		Medals: perSide(v.Medals), Victory: perSide(v.Victory), Players: perSide(v.Players), DrawPile: v.DrawPile,
		Discards: viewCards(v.Discards), Played: viewCard(v.Played), InEffect: v.InEffect,
		Units: v.Units, Features: v.Features}
	if len(v.Targets) > 0 {
		b.Targets = hexes(v.Targets)
	}
	return b
}

func viewOf(st *rules.State, viewer rules.Side) View {
	v := st.View(viewer)
	out := View{Viewer: viewer, Board: boardOf(&v), Player: v.Player, Hand: viewCards(v.Hand), Shared: viewCard(v.Shared),
		OtherHand: v.OtherHand, OtherShared: viewCard(v.OtherShared), Legal: append([]string{}, v.Legal...)}
	if v.TeamHand != nil {
		out.TeamHand = viewCards(v.TeamHand)
	}
	if len(v.Choice) > 0 {
		out.Choice = viewCards(v.Choice)
	}
	return out
}

func fullStateOf(st *rules.State) FullState {
	toAct := st.ToAct()
	v := st.View(toAct) // the side to act sees the Recon choice and its legal actions
	out := FullState{Full: true, Board: boardOf(&v), Legal: legalStrings(st),
		CurrentPlayer: PerSide{Allies: st.CurrentPlayer(rules.Allies), Axis: st.CurrentPlayer(rules.Axis)},
		Hands:         HandsJSON{Allies: cardRefs(st, st.Hand(rules.Allies)), Axis: cardRefs(st, st.Hand(rules.Axis))},
		Kills:         perSide(st.Kills()),
		Scripted:      st.ScriptedLeft(),
		Hash:          hashString(st.Hash())}
	if len(v.Choice) > 0 {
		out.Choice = viewCards(v.Choice)
	}
	if p := st.Players(); p[rules.Allies] == 2 || p[rules.Axis] == 2 {
		mate := func(side rules.Side) []CardRef {
			return cardRefs(st, st.HandOf(side, 1-st.CurrentPlayer(side)))
		}
		out.TeamHands = &HandsJSON{Allies: mate(rules.Allies), Axis: mate(rules.Axis)}
		out.Shared = &SharedJSON{Allies: sharedCard(st, rules.Allies), Axis: sharedCard(st, rules.Axis)}
	}
	out.DrawCards = drawPile(st)
	return out
}

func sharedCard(st *rules.State, side rules.Side) *CardRef {
	c := st.Shared(side)
	if c == rules.NoCard {
		return nil
	}
	return &CardRef{ID: c, Name: st.Card(c).Name()}
}

// allHands is every card held by a player or a team (shared cards included).
func allHands(st *rules.State, side rules.Side) []rules.CardID {
	var out []rules.CardID
	for p := 0; p < st.Players()[side]; p++ {
		out = append(out, st.HandOf(side, p)...)
	}
	if c := st.Shared(side); c != rules.NoCard {
		out = append(out, c)
	}
	return out
}

// drawPile is the cards of the draw pile, sorted by id: every card of the
// deck that is in no hand, not discarded, not in play and not a Recon choice.
func drawPile(st *rules.State) []CardRef {
	elsewhere := map[rules.CardID]bool{st.Played(): true}
	for _, side := range []rules.Side{rules.Allies, rules.Axis} {
		for _, c := range allHands(st, side) {
			elsewhere[c] = true
		}
	}
	for _, c := range st.Discards() {
		elsewhere[c] = true
	}
	if st.Phase() == rules.PhaseKeep {
		v := st.View(st.Active())
		for _, c := range v.Choice {
			elsewhere[c.ID] = true
		}
	}
	var ids []rules.CardID
	for i := 0; i < st.DeckSize(); i++ {
		if id := rules.CardID(i); !elsewhere[id] {
			ids = append(ids, id)
		}
	}
	return cardRefs(st, ids)
}

func legalStrings(st *rules.State) []string {
	out := []string{}
	for _, a := range st.Legal() {
		out = append(out, a.String())
	}
	return out
}

// Event is one engine event. Which fields are present depends on the kind
// (docs/protocol.md, "Events"); Text is the engine's one-line form.
type Event struct {
	Kind     string        `json:"kind"`
	Side     *rules.Side   `json:"side,omitempty"`
	Card     *rules.CardID `json:"card,omitempty"`
	CardName string        `json:"card_name,omitempty"`
	Hidden   bool          `json:"hidden,omitempty"`
	Hex      string        `json:"hex,omitempty"`
	From     string        `json:"from,omitempty"`
	To       string        `json:"to,omitempty"`
	Turn     *int          `json:"turn,omitempty"`
	Dice     *int          `json:"dice,omitempty"`
	Faces    []string      `json:"faces,omitempty"`
	Figures  *int          `json:"figures,omitempty"`
	Hexes    *int          `json:"hexes,omitempty"`
	Medals   *int          `json:"medals,omitempty"`
	Cards    *int          `json:"cards,omitempty"`
	Obstacle string        `json:"obstacle,omitempty"`
	Text     string        `json:"text"`
}

func eventOf(st *rules.State, e rules.Event) Event {
	out, _ := encodeEvent(st, e)
	return out
}

// encodeEvent is eventOf, and whether the kind is one it knows (an unknown
// kind, added to the engine later, is sent with its kind and text only).
func encodeEvent(st *rules.State, e rules.Event) (Event, bool) {
	out := Event{Kind: e.Kind.String(), Text: e.String()}
	side := e.Side
	n := int(e.N)
	withSide := func() { out.Side = &side }
	switch e.Kind {
	case rules.EvTurnStarted:
		withSide()
		out.Turn = &n
	case rules.EvCardPlayed, rules.EvCardDiscarded, rules.EvCardDrawn:
		withSide()
		if e.Card == rules.NoCard {
			out.Hidden = true
		} else {
			c := e.Card
			out.Card, out.CardName = &c, st.Card(c).Name()
		}
	case rules.EvUnitOrdered:
		withSide()
		out.Hex = e.From.String()
	case rules.EvUnitMoved, rules.EvTookGround:
		withSide()
		out.From, out.To = e.From.String(), e.To.String()
	case rules.EvObstacleRemoved, rules.EvObstaclePlaced:
		out.Hex, out.Obstacle = e.From.String(), rules.Obstacle(e.N).String()
	case rules.EvAmbush:
		withSide()
		out.From, out.To = e.From.String(), e.To.String()
	case rules.EvCardAttack:
		withSide()
		out.Hex, out.Dice = e.To.String(), &n
	case rules.EvAirdrop:
		withSide()
		out.Hex, out.Figures = e.To.String(), &n // figures: 1 landed, 0 lost
	case rules.EvHealed:
		out.Hex, out.Figures = e.To.String(), &n
	case rules.EvBattle:
		withSide()
		out.From, out.To, out.Dice = e.From.String(), e.To.String(), &n
	case rules.EvDiceRolled:
		withSide()
		out.Faces = []string{}
		for _, f := range e.Faces() {
			out.Faces = append(out.Faces, f.String())
		}
	case rules.EvHits, rules.EvFlagLosses:
		out.Hex, out.Figures = e.To.String(), &n
	case rules.EvFlagIgnored:
		out.Hex = e.To.String()
	case rules.EvRetreated:
		withSide()
		out.From, out.To, out.Hexes = e.From.String(), e.To.String(), &n
	case rules.EvUnitEliminated:
		withSide()
		out.Hex = e.To.String()
	case rules.EvMedals:
		withSide()
		out.Medals = &n
	case rules.EvDeckReshuffled:
		out.Cards = &n
	case rules.EvTurnEnded, rules.EvGameOver:
		withSide()
	default:
		return out, false
	}
	return out, true
}

// Seed is a uint64 given as a JSON number or a decimal (or 0x) string, for
// clients whose numbers are doubles.
type Seed uint64

// UnmarshalJSON reads a non-negative integer or a string holding one.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := string(b)
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
	}
	v, err := strconv.ParseUint(text, 0, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want an integer 0..2^64-1 (a number or a string)", b)
	}
	*s = Seed(v)
	return nil
}

// parseSide reads "allies" or "axis".
func parseSide(field, s string) (rules.Side, *Error) {
	if s == "" {
		return 0, errf(CodeBadArgument, "missing %q (\"allies\" or \"axis\")", field)
	}
	var side rules.Side
	if err := side.UnmarshalText([]byte(s)); err != nil {
		return 0, errf(CodeBadArgument, "%s: %v", field, err)
	}
	return side, nil
}

// parseHex reads a "row,col" hex that must be on the game's board.
func parseHex(st *rules.State, field, s string) (hex.Hex, *Error) {
	if s == "" {
		return hex.None, errf(CodeBadArgument, "missing %q (a hex \"row,col\")", field)
	}
	h, err := hex.Parse(s)
	if err != nil {
		return hex.None, errf(CodeBadArgument, "%s: %v", field, err)
	}
	if !st.Grid().Contains(h) {
		return hex.None, errf(CodeBadArgument, "%s: hex %s is not on the board", field, h)
	}
	return h, nil
}

var faceNames = func() map[string]rules.Face {
	m := map[string]rules.Face{}
	for f := rules.FaceInfantry; f <= rules.FaceFlag; f++ {
		m[f.String()] = f
	}
	return m
}()

func faceList() []string {
	var out []string
	for f := rules.FaceInfantry; f <= rules.FaceFlag; f++ {
		out = append(out, f.String())
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
