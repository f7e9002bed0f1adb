package protocol

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"m44/hex"
	"m44/rules"
	"m44/view"
)

// The JSON forms of the engine's values. Hexes are "row,col" strings (the
// form of the action text); sides are "allies" and "axis"; per-side numbers
// are objects {"allies": n, "axis": m}; hashes are 16 hex digits.

// PerSide is a number for each side.
type PerSide = view.PerSide

func perSide(v [2]int) PerSide { return view.PerSideOf(v) }

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
type CardRef = view.Card

func cardRefs(st *rules.State, ids []rules.CardID) []CardRef { return view.Cards(st, ids) }

// The "view" reply is package view's View, built for a side as a whole
// (view.Side: its current player's seat); "state" shares its public part,
// view.Board.

// FullState is everything, for tools and referees: both hands, the cards of
// the draw pile (sorted by id: the pile has no order, a draw picks at
// random), the scripted dice left and the hash. Full is always true.
type FullState struct {
	Full bool `json:"full"`
	view.Board
	Hands     HandsJSON         `json:"hands"`                // each side's current player's hand
	TeamHands *HandsJSON        `json:"team_hands,omitempty"` // team play: the other player's hand (empty for a lone player)
	Shared    *view.SharedCards `json:"shared,omitempty"`     // team play: the shared cards
	DrawCards []CardRef         `json:"draw_cards"`
	Choice    []CardRef         `json:"choice,omitempty"`
	Legal     []string          `json:"legal"`
	Kills     PerSide           `json:"kills"`
	// CombatHands and CombatPile: the Winter Combat cards of each side's
	// current player and the face-down pile (the referee's eyes only).
	CombatHands *CombatHandsJSON  `json:"combat_hands,omitempty"`
	CombatPile  []view.CombatCard `json:"combat_pile,omitempty"`
	Scripted    int               `json:"scripted_dice"`
	Hash        string            `json:"hash"`
}

// CombatHandsJSON is a Winter Combat hand for each side.
type CombatHandsJSON struct {
	Allies []view.CombatCard `json:"allies"`
	Axis   []view.CombatCard `json:"axis"`
}

// HandsJSON is a hand for each side.
type HandsJSON struct {
	Allies []CardRef `json:"allies"`
	Axis   []CardRef `json:"axis"`
}

func fullStateOf(st *rules.State) FullState {
	out := FullState{Full: true, Board: view.BoardOf(st), Legal: legalStrings(st),
		Hands:    HandsJSON{Allies: cardRefs(st, st.Hand(rules.Allies)), Axis: cardRefs(st, st.Hand(rules.Axis))},
		Kills:    perSide(st.Kills()),
		Scripted: st.ScriptedLeft(),
		Hash:     hashString(st.Hash())}
	if ch := st.ReconChoice(); len(ch) > 0 {
		out.Choice = cardRefs(st, ch)
	}
	if st.CombatOn() {
		out.CombatHands = &CombatHandsJSON{
			Allies: view.CombatCards(st, st.CombatHand(rules.Allies, st.CurrentPlayer(rules.Allies))),
			Axis:   view.CombatCards(st, st.CombatHand(rules.Axis, st.CurrentPlayer(rules.Axis)))}
		out.CombatPile = view.CombatCards(st, st.CombatPile())
	}
	if p := st.Players(); p[rules.Allies] == 2 || p[rules.Axis] == 2 {
		mate := func(side rules.Side) []CardRef {
			return cardRefs(st, st.HandOf(side, 1-st.CurrentPlayer(side)))
		}
		out.TeamHands = &HandsJSON{Allies: mate(rules.Allies), Axis: mate(rules.Axis)}
		out.Shared = &view.SharedCards{Allies: view.CardPtr(st, st.Shared(rules.Allies)), Axis: view.CardPtr(st, st.Shared(rules.Axis))}
	}
	out.DrawCards = drawPile(st)
	return out
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
	for _, c := range st.ReconChoice() {
		elsewhere[c] = true
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
	// Visibility is the night-attack visibility after a roll (0: unlimited).
	Visibility *int `json:"visibility,omitempty"`
	Cards      *int `json:"cards,omitempty"`
	// Stars is the star tokens on a sabotage target after a roll.
	Stars    *int   `json:"stars,omitempty"`
	Obstacle string `json:"obstacle,omitempty"`
	// Unit and Target are the units the event names (rules.Event.Unit and
	// Target): the one on from/hex, and the one on to.
	Unit   *view.UnitRef `json:"unit,omitempty"`
	Target *view.UnitRef `json:"target,omitempty"`
	Text   string        `json:"text"`
}

func eventOf(st *rules.State, e rules.Event) Event {
	out, _ := encodeEvent(st, e)
	return out
}

// encodeEvent is eventOf, and whether the kind is one it knows (an unknown
// kind, added to the engine later, is sent with its kind and text only).
func encodeEvent(st *rules.State, e rules.Event) (Event, bool) {
	out := Event{Kind: e.Kind.String(), Text: e.String(), Unit: view.UnitRefOf(st, e.Unit), Target: view.UnitRefOf(st, e.Target)}
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
			out.Card, out.CardName = &c, st.CardName(c)
		}
	case rules.EvUnitOrdered:
		withSide()
		out.Hex = e.From.String()
	case rules.EvUnitMoved, rules.EvTookGround:
		withSide()
		out.From, out.To = e.From.String(), e.To.String()
	case rules.EvObstacleRemoved, rules.EvObstaclePlaced:
		out.Hex, out.Obstacle = e.From.String(), st.Catalog().Feature(rules.Feature(e.N)).Key
	case rules.EvMineRevealed:
		withSide()                            // who laid it
		out.Hex, out.Dice = e.To.String(), &n // the token's value: the dice it rolls (0: a decoy)
	case rules.EvMineCleared:
		withSide()
		out.Hex = e.To.String()
	case rules.EvReinforced:
		withSide()
		out.From, out.To, out.Figures = e.From.String(), e.To.String(), &n
	case rules.EvUnitExited:
		withSide()
		out.From, out.To, out.Medals = e.From.String(), e.To.String(), &n
	case rules.EvAmbush, rules.EvBattleBack, rules.EvTargetMarked:
		withSide()
		out.From, out.To = e.From.String(), e.To.String()
	case rules.EvCardAttack:
		withSide()
		out.Hex, out.Dice = e.To.String(), &n
	case rules.EvVisibility:
		withSide()
		out.Visibility = &n
	case rules.EvAirdrop:
		withSide()
		out.Hex, out.Figures = e.To.String(), &n // figures: 1 landed, 0 lost
	case rules.EvDeployed:
		withSide()
		out.Hex, out.Figures = e.To.String(), &n // a Combat card's new full unit
	case rules.EvBridgeBlown, rules.EvPontoonBuilt, rules.EvSmoke, rules.EvEntered:
		withSide()
		out.Hex = e.From.String()
	case rules.EvSabotage:
		withSide()
		out.Hex, out.Stars = e.From.String(), &n
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
	case rules.EvDeckReshuffled, rules.EvCombatShuffled:
		out.Cards = &n
	case rules.EvCombatPlayed, rules.EvCombatDrawn:
		withSide()
		if e.Card == rules.NoCard {
			out.Hidden = true
		} else if d, ok := st.CombatCard(e.Card); ok {
			c := e.Card
			out.Card, out.CardName = &c, d.Key
		}
		if e.Kind == rules.EvCombatPlayed && e.To != hex.None {
			out.Hex = e.To.String()
		}
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
