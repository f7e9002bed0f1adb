package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"m44/rules"
	"m44/scenario"
	"m44/view"
)

// handler answers one command: its result, or an error and no change.
type handler func(s *Session, line []byte) (any, *Error)

var commands map[string]handler

func init() {
	commands = map[string]handler{
		"hello":  cmdHello,
		"new":    cmdNew,
		"legal":  cmdLegal,
		"apply":  cmdApply,
		"state":  cmdState,
		"view":   cmdView,
		"dice":   cmdDice,
		"hand":   cmdHand,
		"undo":   cmdUndo,
		"clone":  cmdClone,
		"close":  cmdClose,
		"games":  cmdGames,
		"los":    cmdLOS,
		"attack": cmdAttack,
		"reach":  cmdReach,
		"cards":  cmdCards,
		"quit":   cmdQuit,
	}
}

// base is the fields every request may carry.
type base struct {
	ID  json.RawMessage `json:"id"`
	Cmd string          `json:"cmd"`
}

// gameReq is a request that addresses a game.
type gameReq struct {
	base
	Game string `json:"game"`
}

func (r *gameReq) gameHandle() string { return r.Game }

// withGame decodes a request that names a game (or none: the current one)
// into p and finds that game.
func (s *Session) withGame(line []byte, p interface{ gameHandle() string }) (*game, *Error) {
	if err := decode(line, p); err != nil {
		return nil, err
	}
	return s.gameFor(p.gameHandle())
}

// --- hello

// HelloResult describes the engine.
type HelloResult struct {
	Engine   string   `json:"engine"`
	Protocol int      `json:"protocol"`
	Commands []string `json:"commands"`
	Faces    []string `json:"faces"`
}

func cmdHello(s *Session, line []byte) (any, *Error) {
	var p base
	if err := decode(line, &p); err != nil {
		return nil, err
	}
	return HelloResult{Engine: "m44", Protocol: Version, Commands: sortedKeys(commands), Faces: faceList()}, nil
}

// --- new, clone, close, games

// Summary describes a game: sent by "new" and "clone".
type Summary struct {
	Game        string        `json:"game"`
	Scenario    string        `json:"scenario"`
	Source      string        `json:"source"`
	Seed        uint64        `json:"seed"`
	Board       BoardSize     `json:"board"`
	Top         rules.Side    `json:"top"`
	First       rules.Side    `json:"first"`
	Sides       SidesSummary  `json:"sides"`
	Deck        int           `json:"deck"`
	Objectives  int           `json:"objectives"`
	Unsupported []Unsupported `json:"unsupported"`
	Notes       []string      `json:"notes"`
	// Deal is the outcomes of the opening (the cards dealt, an opening
	// airdrop): sent by "new" only, to be given back to replay the game.
	Deal []rules.Outcome `json:"deal,omitempty"`
	Position
}

// Unsupported is a feature of a scenario file that the engine does not play
// (the game is played without it).
type Unsupported struct {
	Feature string `json:"feature"`
	Hex     string `json:"hex,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// BoardSize is the board's geometry.
type BoardSize struct {
	Rows      int `json:"rows"`
	Width     int `json:"width"`
	LeftLine  int `json:"left_line"`
	RightLine int `json:"right_line"`
}

// SidesSummary is one SideSummary per side.
type SidesSummary struct {
	Allies SideSummary `json:"allies"`
	Axis   SideSummary `json:"axis"`
}

// SideSummary is a side's numbers at the start.
type SideSummary struct {
	Players int `json:"players"`
	Cards   int `json:"cards"`
	Victory int `json:"victory"`
	Units   int `json:"units"`
	Figures int `json:"figures"`
}

// Position is where a game stands: after every change.
type Position struct {
	Turn   int         `json:"turn"`
	Phase  string      `json:"phase"`
	ToAct  rules.Side  `json:"to_act"`
	Over   bool        `json:"over"`
	Winner *rules.Side `json:"winner,omitempty"`
	Medals PerSide     `json:"medals"`
	Hash   string      `json:"hash,omitempty"`
}

func positionOf(st *rules.State, withHash bool) Position {
	p := Position{Turn: st.Turn(), Phase: st.Phase().String(), ToAct: st.ToAct(), Medals: perSide(st.Medals())}
	if over, w := st.Over(); over {
		p.Over, p.Winner = true, &w
	}
	if withHash {
		p.Hash = hashString(st.Hash())
	}
	return p
}

func summaryOf(g *game) Summary {
	st := g.st
	su := st.Setup()
	sides := func(side rules.Side) SideSummary {
		n := 0
		for _, u := range su.Units {
			if u.Side == side {
				n++
			}
		}
		return SideSummary{Players: st.Players()[side], Cards: su.Cards[side], Victory: su.Victory[side], Units: n, Figures: st.Figures(side)}
	}
	gr := st.Grid()
	return Summary{Game: g.handle, Scenario: g.title, Source: g.source, Seed: g.seed,
		Board: BoardSize{Rows: gr.Rows, Width: gr.Width, LeftLine: gr.LeftLine, RightLine: gr.RightLine},
		Top:   su.Top, First: su.First,
		Sides:       SidesSummary{Allies: sides(rules.Allies), Axis: sides(rules.Axis)},
		Deck:        st.DeckSize(),
		Objectives:  len(su.Objectives),
		Unsupported: append([]Unsupported{}, g.unsupported...),
		Notes:       append([]string{}, g.notes...),
		Position:    positionOf(st, true)}
}

type newReq struct {
	base
	Name     string          `json:"name"`
	Scenario string          `json:"scenario"`
	M44      json.RawMessage `json:"m44"`
	Setup    *SetupJSON      `json:"setup"`
	Seed     *Seed           `json:"seed"`
	Options  NewOptions      `json:"options"`
	// Deal replays a recorded opening: the outcomes "new" sent.
	Deal []string `json:"deal"`
}

// NewOptions are the options of "new".
type NewOptions struct {
	// Strict refuses a scenario that uses features the engine does not
	// play, instead of playing it without them.
	Strict bool `json:"strict"`
	// Deck replaces the scenario's deck: "playable" (the standard deck
	// without the cards the engine does not play yet) or "section" (the 40
	// section cards).
	Deck string `json:"deck"`
	// Young plays the young players' variant (rulebook annex 5).
	Young *YoungOptions `json:"young"`
	// Winter Wars II rules, as the .m44 options of the same names
	// (docs/scenarios.md "Winter Wars options"): snowfall, reduced
	// visibility, and the Winter Combat cards as a list of card rows
	// (their texts are not shipped; the client supplies them).
	SnowfallRules          bool            `json:"snowfall_rules"`
	ReducedVisibilityRules bool            `json:"reduced_visibility_rules"`
	WinterCombatCards      json.RawMessage `json:"winter_combat_cards"`
	// PontoonBridgeRules: the sides that may build pontoon bridges (Winter
	// Wars IV), as the .m44 option: true (both), "ALLIES", "AXIS" or a list.
	PontoonBridgeRules json.RawMessage `json:"pontoon_bridge_rules"`
	// SmokeScreen: the sides that lay a smoke screen at their first turn
	// (FAQ III "Écran de fumée"), as the .m44 option smoke_screen:
	// {"side": "ALLIES"}, a side, a list or true (both).
	SmokeScreen json.RawMessage `json:"smoke_screen"`
	// ArmorBreakthroughRules: per side, the armor it may order onto the
	// board through the opponent's baseline in one turn, as the .m44
	// option armor_breakthrough_rules: {"ALLIES": {"name": "tank2us",
	// "nbr_units": 2}}.
	ArmorBreakthroughRules json.RawMessage `json:"armor_breakthrough_rules"`
	// SpottingForBombardmentRules: FAQ III Actions 4 "Repérage pour
	// bombardement", as the .m44 option of the same name: the artillery
	// holds the big guns' target markers (rules.SpottingForBombardment).
	SpottingForBombardmentRules bool `json:"spotting_for_bombardment_rules"`
}

// winter applies the Winter Wars options of "new" to a copy of setup.
func (o NewOptions) winter(setup *rules.Setup) (*rules.Setup, *Error) {
	if !o.SnowfallRules && !o.ReducedVisibilityRules && len(o.WinterCombatCards) == 0 && len(o.PontoonBridgeRules) == 0 && len(o.SmokeScreen) == 0 && len(o.ArmorBreakthroughRules) == 0 && !o.SpottingForBombardmentRules {
		return setup, nil
	}
	cp := *setup
	cp.Rulesets = slices.Clone(setup.Rulesets)
	has := func(key string) bool {
		return slices.ContainsFunc(cp.Rulesets, func(r *rules.Ruleset) bool { return r.Key == key })
	}
	if o.SnowfallRules && !has("snowfall") {
		cp.Rulesets = append(cp.Rulesets, rules.Snowfall())
	}
	if o.ReducedVisibilityRules && !has("reduced-visibility") {
		cp.Rulesets = append(cp.Rulesets, rules.ReducedVisibility())
	}
	if o.SpottingForBombardmentRules && !has("spotting") {
		cp.Rulesets = append(cp.Rulesets, rules.SpottingForBombardment())
	}
	if len(o.WinterCombatCards) > 0 && string(o.WinterCombatCards) != "null" {
		defs, err := scenario.ParseCombatCards(o.WinterCombatCards)
		if err != nil {
			return nil, errf(CodeBadArgument, "options.winter_combat_cards: %v", err)
		}
		cp.Combat = defs
	}
	// sidesOption reads an option naming the sides a Terrain Pack rule is
	// given to (the pontoon bridge's and the smoke screen's rows live in
	// that ruleset, added when a side has the rule).
	sidesOption := func(name string, raw json.RawMessage, parse func(json.RawMessage) (rules.SideMask, error), into *rules.SideMask) *Error {
		if len(raw) == 0 {
			return nil
		}
		m, err := parse(raw)
		if err != nil {
			return errf(CodeBadArgument, "options.%s: %v", name, err)
		}
		if m != 0 && !has("terrain-pack") {
			cp.Rulesets = append(cp.Rulesets, rules.TerrainPack())
		}
		*into = m
		return nil
	}
	if err := sidesOption("pontoon_bridge_rules", o.PontoonBridgeRules, scenario.ParsePontoonSides, &cp.Pontoons); err != nil {
		return nil, err
	}
	if err := sidesOption("smoke_screen", o.SmokeScreen, scenario.ParseSmokeSides, &cp.Smoke); err != nil {
		return nil, err
	}
	if len(o.ArmorBreakthroughRules) > 0 {
		b, err := scenario.ParseArmorBreakthrough(o.ArmorBreakthroughRules)
		if err != nil {
			return nil, errf(CodeBadArgument, "options.armor_breakthrough_rules: %v", err)
		}
		cp.Breakthroughs = b
	}
	return &cp, nil
}

// YoungOptions are the young players' variant (rulebook annex 5), in the
// wire form the web API shares.
type YoungOptions = view.Young

func cmdNew(s *Session, line []byte) (any, *Error) {
	var p newReq
	if err := decode(line, &p); err != nil {
		return nil, err
	}
	if p.Seed == nil {
		return nil, errf(CodeBadArgument, "missing \"seed\" (an integer 0..2^64-1)")
	}
	sources := 0
	for _, given := range []bool{p.Scenario != "", len(p.M44) > 0, p.Setup != nil} {
		if given {
			sources++
		}
	}
	if sources != 1 {
		return nil, errf(CodeBadArgument, "give exactly one of \"scenario\" (a file), \"m44\" (inline .m44) or \"setup\" (an engine setup)")
	}
	var deck rules.Deck
	switch p.Options.Deck {
	case "":
	case "playable":
		deck = rules.PlayableDeck()
	case "section":
		deck = rules.SectionDeck()
	default:
		return nil, errf(CodeBadArgument, "options.deck %q: want \"playable\" or \"section\"", p.Options.Deck)
	}
	g := &game{seed: uint64(*p.Seed)}
	var setup *rules.Setup
	switch {
	case p.Setup != nil:
		var err error
		if setup, err = p.Setup.toSetup(); err != nil {
			return nil, errf(CodeBadScenario, "setup: %v", err)
		}
		g.source = "setup"
	case p.Scenario != "":
		data, err := s.ReadFile(p.Scenario)
		if err != nil {
			return nil, errf(CodeBadScenario, "%v", err)
		}
		if err := checkScenarioFile(p.Scenario, data); err != nil {
			return nil, errf(CodeBadScenario, "%v", err)
		}
		if setup, g.unsupported, g.notes, err = loadM44(p.Scenario, data); err != nil {
			return nil, errf(CodeBadScenario, "%v", err)
		}
		g.source = p.Scenario
	default:
		data := []byte(p.M44)
		var text string
		if json.Unmarshal(p.M44, &text) == nil {
			data = []byte(text) // the .m44 file as a JSON string
		}
		var err error
		if setup, g.unsupported, g.notes, err = loadM44("m44", data); err != nil {
			return nil, errf(CodeBadScenario, "%v", err)
		}
		g.source = "m44"
	}
	if len(p.Options.WinterCombatCards) > 0 {
		// The cards the file named without their texts are supplied here.
		g.unsupported = slices.DeleteFunc(g.unsupported, func(u Unsupported) bool { return u.Feature == "Winter Combat card texts" })
	}
	if p.Options.Strict && len(g.unsupported) > 0 {
		var features, msgs []string
		for _, u := range g.unsupported {
			if !slices.Contains(features, u.Feature) {
				features = append(features, u.Feature)
			}
			msgs = append(msgs, u.Message)
		}
		return nil, errf(CodeBadScenario, "strict: the scenario uses features the engine does not play (%s): %s",
			strings.Join(features, ", "), strings.Join(msgs, "; "))
	}
	if deck != nil {
		cp := *setup
		cp.Deck = deck
		setup = &cp
	}
	if p.Options.Young != nil {
		var err error
		y := p.Options.Young
		if setup, err = setup.Young(y.Rules()); err != nil {
			return nil, errf(CodeBadArgument, "options.young: %v", err)
		}
	}
	setup, werr := p.Options.winter(setup)
	if werr != nil {
		return nil, werr
	}
	board, err := rules.Compile(setup)
	if err != nil {
		return nil, errf(CodeBadScenario, "%v", err)
	}
	var st *rules.State
	var deal []rules.Outcome
	if p.Deal != nil {
		if deal, err = parseOutcomes("deal", p.Deal); err == nil {
			st, err = board.ReplayNewGame(g.seed, deal)
		}
		if err != nil {
			return nil, errf(CodeBadArgument, "%v", err)
		}
	} else {
		st, deal = board.NewGameRecorded(g.seed)
	}
	g.st, g.title = st, setup.Name
	g.handle = p.Name
	if g.handle == "" {
		g.handle = s.newHandle()
	}
	s.games[g.handle] = g
	s.current = g.handle
	sum := summaryOf(g)
	sum.Deal = append([]rules.Outcome{}, deal...)
	return sum, nil
}

// parseOutcomes reads a list of outcomes in their text form.
func parseOutcomes(field string, list []string) ([]rules.Outcome, error) {
	out := make([]rules.Outcome, 0, len(list))
	for i, text := range list {
		o, err := rules.ParseOutcome(text)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %v", field, i, err)
		}
		out = append(out, o)
	}
	return out, nil
}

func (s *Session) newHandle() string {
	for {
		s.next++
		h := "g" + strconv.Itoa(s.next)
		if _, taken := s.games[h]; !taken {
			return h
		}
	}
}

type cloneReq struct {
	gameReq
	Name string `json:"name"`
}

func cmdClone(s *Session, line []byte) (any, *Error) {
	var p cloneReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	if p.Name == g.handle {
		return nil, errf(CodeBadArgument, "name %q: a game cannot replace itself", p.Name)
	}
	c := *g
	c.st = g.st.Clone()
	c.history = g.history[:len(g.history):len(g.history)] // shared: past states are never changed
	c.handle = p.Name
	if c.handle == "" {
		c.handle = s.newHandle()
	}
	s.games[c.handle] = &c
	return summaryOf(&c), nil
}

func cmdClose(s *Session, line []byte) (any, *Error) {
	var p gameReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	delete(s.games, g.handle)
	if s.current == g.handle {
		s.current = ""
	}
	return struct {
		Closed string `json:"closed"`
	}{g.handle}, nil
}

// GameInfo is one game in the "games" list.
type GameInfo struct {
	Game     string `json:"game"`
	Scenario string `json:"scenario"`
	Current  bool   `json:"current"`
	Position
}

func cmdGames(s *Session, line []byte) (any, *Error) {
	var p base
	if err := decode(line, &p); err != nil {
		return nil, err
	}
	out := []GameInfo{}
	for _, h := range sortedKeys(s.games) {
		g := s.games[h]
		out = append(out, GameInfo{Game: h, Scenario: g.title, Current: h == s.current, Position: positionOf(g.st, true)})
	}
	return struct {
		Games []GameInfo `json:"games"`
	}{out}, nil
}

// --- legal, apply, undo

// LegalResult is the decision point and its legal actions.
type LegalResult struct {
	Position
	Actions []string `json:"actions"`
}

func cmdLegal(s *Session, line []byte) (any, *Error) {
	var p gameReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	return LegalResult{Position: positionOf(g.st, true), Actions: legalStrings(g.st)}, nil
}

type applyReq struct {
	gameReq
	Action  *string  `json:"action"`
	Actions []string `json:"actions"`
	As      string   `json:"as"`
	// Outcomes replays recorded chance: for "action" the list of its
	// outcomes, for "actions" one such list per action.
	Outcomes json.RawMessage `json:"outcomes"`
}

// ApplyResult is the events an action caused and the position after it.
type ApplyResult struct {
	Applied int     `json:"applied"`
	Events  []Event `json:"events"`
	// Outcomes is the outcomes of chance of each action applied (left out
	// when redacted with "as": they name the cards either side drew).
	Outcomes [][]rules.Outcome `json:"outcomes,omitempty"`
	Position
}

func cmdApply(s *Session, line []byte) (any, *Error) {
	var p applyReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	var list []string
	single := p.Action != nil
	switch {
	case single && p.Actions != nil:
		return nil, errf(CodeBadArgument, "give \"action\" or \"actions\", not both")
	case single:
		list = []string{*p.Action}
	case p.Actions != nil:
		list = p.Actions
	default:
		return nil, errf(CodeBadArgument, "missing \"action\" (e.g. \"play 3\")")
	}
	redact := p.As != ""
	var viewer rules.Side
	if redact {
		if viewer, err = parseSide("as", p.As); err != nil {
			return nil, err
		}
	}
	at := func(e *Error, i int) *Error {
		if !single {
			e.Index = &i
		}
		return e
	}
	var recorded [][]string
	if len(p.Outcomes) > 0 && string(p.Outcomes) != "null" {
		var perr error
		if single {
			var one []string
			perr = json.Unmarshal(p.Outcomes, &one)
			recorded = [][]string{one}
		} else {
			perr = json.Unmarshal(p.Outcomes, &recorded)
		}
		if perr != nil || recorded[0] == nil && single {
			return nil, errf(CodeBadArgument, "outcomes: want a list of outcomes for \"action\", one list per action for \"actions\" (e.g. \"die:star\", \"card:12\", \"drop:4,12\")")
		}
		if len(recorded) != len(list) {
			return nil, errf(CodeBadArgument, "outcomes: %d lists for %d actions", len(recorded), len(list))
		}
	}
	next := g.st.Clone()
	var events []rules.Event
	var outcomes [][]rules.Outcome
	for i, text := range list {
		a, perr := rules.ParseAction(text)
		if perr != nil {
			return nil, at(errf(CodeBadAction, "%v", perr), i)
		}
		var evs []rules.Event
		var outs []rules.Outcome
		var aerr error
		if recorded != nil {
			if outs, aerr = parseOutcomes("outcomes", recorded[i]); aerr != nil {
				return nil, at(errf(CodeBadArgument, "%v", aerr), i)
			}
			evs, aerr = next.Replay(a, outs)
		} else {
			evs, outs, aerr = next.ApplyRecorded(a)
		}
		switch {
		case errors.Is(aerr, rules.ErrGameOver):
			return nil, at(errf(CodeGameOver, "the game is over: %q not applied", text), i)
		case errors.Is(aerr, rules.ErrOutcome):
			return nil, at(errf(CodeBadOutcome, "%v", aerr), i)
		case aerr != nil:
			return nil, at(errf(CodeIllegalAction, "%v", aerr), i)
		}
		events = append(events, evs...)
		outcomes = append(outcomes, append([]rules.Outcome{}, outs...))
	}
	if len(list) > 0 {
		g.commit(next)
	}
	out := ApplyResult{Applied: len(list), Events: []Event{}, Position: positionOf(g.st, !redact)}
	if !redact {
		out.Outcomes = outcomes
	}
	for _, e := range events {
		if redact {
			e = view.Side(viewer).Event(e)
		}
		out.Events = append(out.Events, eventOf(g.st, e))
	}
	return out, nil
}

func cmdUndo(s *Session, line []byte) (any, *Error) {
	var p gameReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	n := len(g.history)
	if n == 0 {
		return nil, errf(CodeNothingToUndo, "game %q has no earlier state", g.handle)
	}
	g.st = g.history[n-1].Clone()
	g.history = g.history[: n-1 : n-1] // a clone may share the array: never write into it again
	return positionOf(g.st, true), nil
}

// --- state, view

func cmdState(s *Session, line []byte) (any, *Error) {
	var p gameReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	return fullStateOf(g.st), nil
}

type viewReq struct {
	gameReq
	As     string `json:"as"`
	Player *int   `json:"player"`
}

// cmdView is the position as one viewer may see it (package view): "as" a
// side (its current player, or "player" 0 or 1 of a team), or "spectator".
func cmdView(s *Session, line []byte) (any, *Error) {
	var p viewReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	if p.As == "spectator" {
		if p.Player != nil {
			return nil, errf(CodeBadArgument, "a spectator has no \"player\"")
		}
		return view.Of(g.st, view.Spectator()), nil
	}
	side, err := parseSide("as", p.As)
	if err != nil {
		return nil, err
	}
	if p.Player == nil {
		return view.Of(g.st, view.Side(side)), nil
	}
	if n := g.st.Players()[side]; *p.Player < 0 || *p.Player >= n {
		return nil, errf(CodeBadArgument, "player %d: %s has %d player(s) (0..%d)", *p.Player, side, n, n-1)
	}
	return view.Of(g.st, view.Seat(side, *p.Player)), nil
}

// --- dice, hand (test hooks)

type diceReq struct {
	gameReq
	Faces []string `json:"faces"`
}

func cmdDice(s *Session, line []byte) (any, *Error) {
	var p diceReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	if p.Faces == nil {
		return nil, errf(CodeBadArgument, "missing \"faces\" (a list of %v)", faceList())
	}
	faces := make([]rules.Face, 0, len(p.Faces))
	for i, name := range p.Faces {
		f, ok := faceNames[name]
		if !ok {
			return nil, errf(CodeBadArgument, "faces[%d]: unknown face %q (want one of %v)", i, name, faceList())
		}
		faces = append(faces, f)
	}
	if len(faces) > 0 {
		next := g.st.Clone()
		next.ScriptDice(faces...)
		g.commit(next)
	}
	return struct {
		Scripted int    `json:"scripted"`
		Hash     string `json:"hash"`
	}{g.st.ScriptedLeft(), hashString(g.st.Hash())}, nil
}

type handReq struct {
	gameReq
	Side  string            `json:"side"`
	Cards []json.RawMessage `json:"cards"`
}

func cmdHand(s *Session, line []byte) (any, *Error) {
	var p handReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	side, err := parseSide("side", p.Side)
	if err != nil {
		return nil, err
	}
	if p.Cards == nil {
		return nil, errf(CodeBadArgument, "missing \"cards\" (card ids or names)")
	}
	ids, err := resolveCards(g.st, side, p.Cards)
	if err != nil {
		return nil, err
	}
	next := g.st.Clone()
	if e := next.SetHand(side, ids); e != nil {
		return nil, errf(CodeBadArgument, "cards: %v", e)
	}
	g.commit(next)
	return struct {
		Side rules.Side `json:"side"`
		Hand []CardRef  `json:"hand"`
		Hash string     `json:"hash"`
	}{side, cardRefs(g.st, g.st.Hand(side)), hashString(g.st.Hash())}, nil
}

// resolveCards turns card ids and names into ids of the game's deck. A name
// takes a card of that name not chosen yet, preferring one already in the
// hand, then the draw pile, the discards, the other hands (lowest id first
// in each), so that the fewest cards move.
func resolveCards(st *rules.State, side rules.Side, cards []json.RawMessage) ([]rules.CardID, *Error) {
	where := map[rules.CardID]int{} // 0 = own hand, 1 = draw pile, 2 = discards, 3 = other hand, 4 = in play
	for _, c := range drawPile(st) {
		where[c.ID] = 1
	}
	for _, c := range st.Discards() {
		where[c] = 2
	}
	for _, sd := range []rules.Side{rules.Allies, rules.Axis} {
		for _, c := range allHands(st, sd) {
			where[c] = 3
		}
	}
	for _, c := range st.Hand(side) {
		where[c] = 0
	}
	if c := st.Played(); c != rules.NoCard {
		where[c] = 4
	}
	for _, c := range st.ReconChoice() {
		where[c] = 4
	}
	used := map[rules.CardID]bool{}
	var out []rules.CardID
	for i, raw := range cards {
		var id rules.CardID
		var n int
		var name string
		switch {
		case json.Unmarshal(raw, &n) == nil:
			if n < 0 || n >= st.DeckSize() {
				return nil, errf(CodeBadArgument, "cards[%d]: no card %d (the deck has ids 0..%d)", i, n, st.DeckSize()-1)
			}
			id = rules.CardID(n)
		case json.Unmarshal(raw, &name) == nil:
			if v, e := strconv.Atoi(name); e == nil && v >= 0 && v < st.DeckSize() {
				id = rules.CardID(v)
				break
			}
			best, bestWhere := rules.NoCard, 4
			known := false
			for k := 0; k < st.DeckSize(); k++ {
				c := rules.CardID(k)
				if st.Card(c).Name() != name {
					continue
				}
				known = true
				if !used[c] && where[c] < bestWhere {
					best, bestWhere = c, where[c]
				}
			}
			if !known {
				return nil, errf(CodeBadArgument, "cards[%d]: no card named %q in this game's deck", i, name)
			}
			if best == rules.NoCard {
				return nil, errf(CodeBadArgument, "cards[%d]: no free card named %q left", i, name)
			}
			id = best
		default:
			return nil, errf(CodeBadArgument, "cards[%d]: want a card id or name, not %s", i, raw)
		}
		if used[id] {
			return nil, errf(CodeBadArgument, "cards[%d]: card %d listed twice", i, id)
		}
		used[id] = true
		out = append(out, id)
	}
	return out, nil
}

// --- queries

type pairReq struct {
	gameReq
	From string `json:"from"`
	To   string `json:"to"`
}

func (s *Session) pair(line []byte) (*game, [2]string, *Error) {
	var p pairReq
	if err := decode(line, &p); err != nil {
		return nil, [2]string{}, err
	}
	g, err := s.gameFor(p.Game)
	if err != nil {
		return nil, [2]string{}, err
	}
	return g, [2]string{p.From, p.To}, nil
}

func cmdLOS(s *Session, line []byte) (any, *Error) {
	g, hs, err := s.pair(line)
	if err != nil {
		return nil, err
	}
	from, err := parseHex(g.st, "from", hs[0])
	if err != nil {
		return nil, err
	}
	to, err := parseHex(g.st, "to", hs[1])
	if err != nil {
		return nil, err
	}
	return struct {
		From string `json:"from"`
		To   string `json:"to"`
		LOS  bool   `json:"los"`
	}{from.String(), to.String(), g.st.LineOfSight(from, to)}, nil
}

func cmdAttack(s *Session, line []byte) (any, *Error) {
	g, hs, err := s.pair(line)
	if err != nil {
		return nil, err
	}
	from, err := parseHex(g.st, "from", hs[0])
	if err != nil {
		return nil, err
	}
	to, err := parseHex(g.st, "to", hs[1])
	if err != nil {
		return nil, err
	}
	n, e := g.st.BattleDice(from, to)
	if e != nil {
		return nil, errf(CodeBadArgument, "%v", e)
	}
	return struct {
		From string `json:"from"`
		To   string `json:"to"`
		Dice int    `json:"dice"`
	}{from.String(), to.String(), n}, nil
}

type reachReq struct {
	gameReq
	Hex string `json:"hex"`
}

func cmdReach(s *Session, line []byte) (any, *Error) {
	var p reachReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	h, err := parseHex(g.st, "hex", p.Hex)
	if err != nil {
		return nil, err
	}
	hs, e := g.st.Reachable(h)
	if e != nil {
		return nil, errf(CodeBadArgument, "%v", e)
	}
	return struct {
		Hex   string   `json:"hex"`
		Hexes []string `json:"hexes"`
	}{h.String(), hexes(hs)}, nil
}

func cmdCards(s *Session, line []byte) (any, *Error) {
	var p gameReq
	g, err := s.withGame(line, &p)
	if err != nil {
		return nil, err
	}
	out := make([]Card, 0, g.st.DeckSize())
	for i := 0; i < g.st.DeckSize(); i++ {
		out = append(out, cardOf(g.st, rules.CardID(i)))
	}
	return struct {
		Cards []Card `json:"cards"`
	}{out}, nil
}

func cmdQuit(s *Session, line []byte) (any, *Error) {
	var p base
	if err := decode(line, &p); err != nil {
		return nil, err
	}
	s.quit = true
	return struct {
		Bye bool `json:"bye"`
	}{true}, nil
}
