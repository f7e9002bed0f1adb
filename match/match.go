// Package match runs the server's games: one Match per game holds the
// engine state, the seats and their tokens, the versioned log each seat sees
// its own way, and the bots that take their seats' turns. Every decision goes
// through the engine (rules.State.Apply) and is committed to the store before
// it is acknowledged or pushed.
package match

import (
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"m44/bots"
	"m44/rules"
	"m44/store"
)

// Config is what a Manager needs.
type Config struct {
	Store   *store.Store
	Catalog *Catalog
	Logger  *slog.Logger
	// NewBot makes the bot of a seat; nil means bots.New with the level's
	// default budget.
	NewBot func(level string, seed uint64) (bots.Bot, error)
	// BotDelay is a pause before each bot decision, so that people can
	// follow the bots' moves.
	BotDelay time.Duration
}

// Manager holds the games being played.
type Manager struct {
	cfg    Config
	log    *slog.Logger
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	games  map[string]*Match
	closed bool
}

// NewManager starts a manager. Call Start to resume the stored games.
func NewManager(cfg Config) *Manager {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.NewBot == nil {
		cfg.NewBot = DefaultBot
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Manager{cfg: cfg, log: cfg.Logger, ctx: ctx, cancel: cancel, games: map[string]*Match{}}
}

// DefaultBot is a bot of the given level with the level's default budget
// (hard thinks about one second), searching on one core.
func DefaultBot(level string, seed uint64) (bots.Bot, error) {
	return bots.New(level, seed, bots.Options{Workers: 1})
}

// botTimeout bounds a bot's decision, whatever its own budget.
func botTimeout(level string) time.Duration {
	if level == "hard" {
		return 3 * bots.HardTime
	}
	return 10 * time.Second
}

// Start loads the games that are not over, so that their bots play on.
func (g *Manager) Start(ctx context.Context) error {
	ids, err := g.cfg.Store.LiveGames(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := g.Get(ctx, id); err != nil {
			g.log.Error("cannot resume game", "game", id, "err", err)
		}
	}
	return nil
}

// Close stops the bots and waits for them.
func (g *Manager) Close() {
	g.mu.Lock()
	g.closed = true
	games := make([]*Match, 0, len(g.games))
	for _, m := range g.games {
		games = append(games, m)
	}
	g.mu.Unlock()
	g.cancel()
	for _, m := range games {
		m.mu.Lock()
		m.closed = true
		m.notifyLocked()
		m.mu.Unlock()
	}
	g.wg.Wait()
}

// Get is the game id, loaded from the store (and replayed) if needed.
func (g *Manager) Get(ctx context.Context, id string) (*Match, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if m, ok := g.games[id]; ok {
		return m, nil
	}
	if g.closed {
		return nil, Errorf(CodeInternal, "the server is shutting down")
	}
	row, acts, err := g.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(CodeNotFound, "no game %q", id)
	}
	if err != nil {
		return nil, internal(err, "cannot read the game")
	}
	m, upgrade, err := g.load(row, acts)
	if err != nil {
		return nil, internal(err, "cannot rebuild the game")
	}
	if upgrade != nil {
		// A game of an older record: replayed with its seed, its outcomes
		// are now known; store them so that it no longer depends on the
		// order the engine draws random numbers in.
		if err := g.cfg.Store.SetRecord(ctx, id, rules.RecordVersion, rules.FormatOutcomes(m.deal), upgrade); err != nil {
			g.log.Error("cannot update the game's record", "game", id, "err", err)
		}
	}
	g.games[id] = m
	m.mu.Lock()
	m.kickLocked()
	m.mu.Unlock()
	return m, nil
}

// Settings are a game's settings, stored as JSON with it.
type Settings struct {
	Players PerSide `json:"players"`
	Hotseat bool    `json:"hotseat"`
	Lang    string  `json:"lang,omitempty"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Scenario string            `json:"scenario"`
	Seats    map[string]string `json:"seats"`
	Players  *PerSide          `json:"players"`
	Hotseat  bool              `json:"hotseat"`
	Seed     *uint64           `json:"seed"`
	Lang     string            `json:"lang"`
}

// Created is the reply to POST /api/games.
type Created struct {
	Game   string            `json:"game"`
	Tokens map[string]string `json:"tokens"`
	Links  map[string]string `json:"links"`
}

// seatDef is a seat of a game before it is taken.
type seatDef struct {
	name   string
	side   rules.Side
	player int
}

// seatDefs are the seats of a game with the given players per side:
// "allies" and "axis" for a lone player, "allies-1", "allies-2" (and so on
// for the Axis) for an Operation Alliance team.
func seatDefs(players [2]int) []seatDef {
	var out []seatDef
	for side := rules.Allies; side <= rules.Axis; side++ {
		if players[side] == 1 {
			out = append(out, seatDef{side.String(), side, 0})
			continue
		}
		for p := 0; p < players[side]; p++ {
			out = append(out, seatDef{fmt.Sprintf("%s-%d", side, p+1), side, p})
		}
	}
	return out
}

// Create starts a new game.
func (g *Manager) Create(ctx context.Context, req CreateRequest) (*Created, error) {
	if req.Scenario == "" {
		return nil, Errorf(CodeBadRequest, "scenario: missing")
	}
	sc, err := g.cfg.Catalog.Get(ctx, req.Scenario)
	if err != nil {
		return nil, err
	}
	set := Settings{Players: PerSide{1, 1}, Hotseat: req.Hotseat, Lang: req.Lang}
	if req.Players != nil {
		set.Players = *req.Players
	}
	for _, n := range []int{set.Players.Allies, set.Players.Axis} {
		if n != 1 && n != 2 {
			return nil, Errorf(CodeBadRequest, "players: %d on a side, want 1 or 2 (2: an Operation Alliance team)", n)
		}
	}
	if len(req.Lang) > 8 {
		return nil, Errorf(CodeBadRequest, "lang: %q is not a language code", req.Lang)
	}
	defs := seatDefs([2]int{set.Players.Allies, set.Players.Axis})
	var names []string
	for _, d := range defs {
		names = append(names, d.name)
	}
	for name := range req.Seats {
		if !slices.Contains(names, name) {
			return nil, Errorf(CodeBadRequest, "seats: no seat %q in this game (its seats: %s)", name, strings.Join(names, ", "))
		}
	}
	var seed uint64
	if req.Seed != nil {
		seed = *req.Seed
	} else {
		seed = rand.Uint64() >> 11 // fits a JSON number exactly
	}
	row := store.Game{ID: newID(), ScenarioID: sc.ID, Scenario: sc.Data, Seed: seed, Settings: mustJSON(set),
		RecordVersion: rules.RecordVersion}
	out := &Created{Game: row.ID, Tokens: map[string]string{}, Links: map[string]string{}}
	for _, d := range defs {
		kind, ok := req.Seats[d.name]
		if !ok {
			return nil, Errorf(CodeBadRequest, "seats: %q is missing (give \"human\" or \"bot:<level>\" for each of %s)", d.name, strings.Join(names, ", "))
		}
		st := store.Seat{Seat: d.name, Kind: kind}
		switch {
		case kind == "human":
			tok := newToken()
			out.Tokens[d.name] = tok
			out.Links[d.name] = "/play/" + row.ID + "#" + tok
			st.TokenHash = hashToken(tok)
		case strings.HasPrefix(kind, "bot:") && slices.Contains(bots.Levels, strings.TrimPrefix(kind, "bot:")):
		default:
			return nil, Errorf(CodeBadRequest, "seats: %s is %q, want \"human\" or \"bot:<level>\" with a level of %s",
				d.name, kind, strings.Join(bots.Levels, ", "))
		}
		row.Seats = append(row.Seats, st)
	}
	m, err := g.newMatch(row, sc, true)
	if err != nil {
		return nil, err
	}
	row.Deal = rules.FormatOutcomes(m.deal)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return nil, Errorf(CodeInternal, "the server is shutting down")
	}
	if err := g.cfg.Store.CreateGame(ctx, row); err != nil {
		return nil, internal(err, "cannot store the game")
	}
	g.games[row.ID] = m
	m.mu.Lock()
	m.kickLocked()
	m.mu.Unlock()
	g.log.Info("game created", "game", row.ID, "scenario", sc.ID, "seats", req.Seats, "seed", seed)
	return out, nil
}

func newID() string {
	b := make([]byte, 6)
	crand.Read(b) // never fails
	return hex.EncodeToString(b)
}

func newToken() string {
	b := make([]byte, 16)
	crand.Read(b)
	return hex.EncodeToString(b)
}

func hashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

// Match is one game being played. It is safe for concurrent use.
type Match struct {
	mgr      *Manager
	id       string
	sc       *Scenario
	board    *rules.Board
	seed     uint64
	deal     []rules.Outcome // the outcomes of the opening
	settings Settings
	seats    []*seat

	mu       sync.Mutex
	st       *rules.State
	record   []played // the actions in effect (undone ones removed)
	log      []entry  // every log entry; the version is len(log)
	seq      int      // entries in the store's log of decisions
	lastRoll *Roll
	subs     map[*Sub]struct{}
	botBusy  bool
	closed   bool
}

type seat struct {
	name      string
	side      rules.Side
	player    int
	kind      string // "human" or "bot:<level>"
	tokenHash string
	bot       bots.Bot
	level     string
	conns     int
	last      *reply // the seat's last applied action, to answer its duplicate
	lastUndo  *reply
}

// reply remembers an applied request: its action, the version it was made
// at and the version it led to.
type reply struct {
	action        string
	before, after int
}

// played is an action in effect.
type played struct {
	seat     string
	action   rules.Action
	outcomes []rules.Outcome // the chance it revealed: with any, it cannot be undone
}

// newMatch makes the match of a game row: a new one (fresh) deals from its
// seed, a stored one replays its recorded deal.
func (g *Manager) newMatch(row store.Game, sc *Scenario, fresh bool) (*Match, error) {
	var set Settings
	if err := json.Unmarshal(row.Settings, &set); err != nil {
		return nil, internal(err, "bad game settings")
	}
	setup := *sc.Setup
	setup.Players = [2]int{set.Players.Allies, set.Players.Axis}
	board, err := rules.Compile(&setup)
	if err != nil {
		return nil, &Error{Code: CodeBadRequest, Msg: "the scenario cannot be played this way: " + err.Error()}
	}
	if row.RecordVersion > rules.RecordVersion {
		return nil, internal(fmt.Errorf("record version %d, this engine reads up to %d", row.RecordVersion, rules.RecordVersion), "the game was stored by a newer server")
	}
	m := &Match{mgr: g, id: row.ID, sc: sc, board: board, seed: row.Seed, settings: set,
		subs: map[*Sub]struct{}{}}
	if fresh || row.RecordVersion == 0 {
		// A new game, or one stored before outcomes were: deal with the seed.
		m.st, m.deal = board.NewGameRecorded(row.Seed)
	} else {
		deal, err := rules.ParseOutcomes(row.Deal)
		if err == nil {
			m.st, err = board.ReplayNewGame(row.Seed, deal)
		}
		if err != nil {
			return nil, internal(err, "cannot replay the deal")
		}
		m.deal = deal
	}
	defs := seatDefs(setup.Players)
	if len(row.Seats) != len(defs) {
		return nil, internal(fmt.Errorf("%d seats stored, %d expected", len(row.Seats), len(defs)), "bad game seats")
	}
	for i, d := range defs {
		rs := row.Seats[i]
		if rs.Seat != d.name {
			return nil, internal(fmt.Errorf("seat %s stored where %s was expected", rs.Seat, d.name), "bad game seats")
		}
		s := &seat{name: d.name, side: d.side, player: d.player, kind: rs.Kind, tokenHash: rs.TokenHash}
		if lv, ok := strings.CutPrefix(rs.Kind, "bot:"); ok {
			b, err := g.cfg.NewBot(lv, mix(row.Seed, uint64(i)+1))
			if err != nil {
				return nil, &Error{Code: CodeBadRequest, Msg: err.Error()}
			}
			s.bot, s.level = b, lv
		}
		m.seats = append(m.seats, s)
	}
	return m, nil
}

// load rebuilds a stored game by replaying its log of decisions: with the
// recorded outcomes of chance, or for a game of record version 0 with its
// seed, in which case the outcomes found are returned by seq, to be stored.
func (g *Manager) load(row store.Game, acts []store.Action) (*Match, map[int]string, error) {
	sc, err := Parse(row.ScenarioID, row.Scenario)
	if err != nil {
		return nil, nil, err
	}
	if b, ok := g.cfg.Catalog.byID[row.ScenarioID]; ok {
		sc.Builtin, sc.Note, sc.Subtitle = true, b.Note, b.Subtitle
	}
	m, err := g.newMatch(row, sc, false)
	if err != nil {
		return nil, nil, err
	}
	var upgrade map[int]string
	if row.RecordVersion < rules.RecordVersion {
		upgrade = map[int]string{}
	}
	replay := row.RecordVersion > 0
	ctx := context.Background()
	for _, a := range acts {
		s := m.seatNamed(a.Seat)
		if s == nil {
			return nil, nil, fmt.Errorf("decision %d: no seat %q", a.Seq, a.Seat)
		}
		if a.Action == "undo" {
			err = m.undoLocked(ctx, s, false)
		} else {
			var act rules.Action
			var outs []rules.Outcome
			act, err = rules.ParseAction(a.Action)
			if err == nil && replay {
				outs, err = rules.ParseOutcomes(a.Outcomes)
			}
			if err == nil {
				_, err = m.applyLocked(ctx, s, act, false, replay, outs)
			}
			if err == nil && upgrade != nil {
				if o := m.record[len(m.record)-1].outcomes; len(o) > 0 {
					upgrade[a.Seq] = rules.FormatOutcomes(o)
				}
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("decision %d (%s %s): %w", a.Seq, a.Seat, a.Action, err)
		}
		if len(m.log) != a.Version {
			return nil, nil, fmt.Errorf("decision %d (%s %s): version %d, stored %d", a.Seq, a.Seat, a.Action, len(m.log), a.Version)
		}
	}
	return m, upgrade, nil
}

// ID is the game's id.
func (m *Match) ID() string { return m.id }

// Version is the number of log entries so far.
func (m *Match) Version() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.log)
}

// Hash is the engine state's hash.
func (m *Match) Hash() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Hash()
}

// Over reports whether the game is over.
func (m *Match) Over() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	over, _ := m.st.Over()
	return over
}

func (m *Match) seatNamed(name string) *seat {
	for _, s := range m.seats {
		if s.name == name {
			return s
		}
	}
	return nil
}

// seatOf is the seat a token holds: nil for no token (a spectator).
// actingSeat is the seat of token, which must name one, to do what.
func (m *Match) actingSeat(token, what string) (*seat, error) {
	s, err := m.seatOf(token)
	if err == nil && s == nil {
		err = Errorf(CodeUnauthorized, "a seat's token is needed to %s", what)
	}
	return s, err
}

func (m *Match) seatOf(token string) (*seat, error) {
	if token == "" {
		return nil, nil
	}
	h := hashToken(token)
	for _, s := range m.seats {
		if s.tokenHash != "" && subtle.ConstantTimeCompare([]byte(s.tokenHash), []byte(h)) == 1 {
			return s, nil
		}
	}
	return nil, Errorf(CodeUnauthorized, "this token holds no seat of game %s", m.id)
}

// toAct is the seat to decide now (nil once the game is over). For a team,
// it is the side's current player, also when the side answers a decision in
// the other side's turn (a retreat, an Ambush).
func (m *Match) toActLocked() *seat {
	if over, _ := m.st.Over(); over {
		return nil
	}
	side := m.st.ToAct()
	p := 0
	if m.st.Players()[side] == 2 {
		p = m.st.CurrentPlayer(side)
	}
	for _, s := range m.seats {
		if s.side == side && s.player == p {
			return s
		}
	}
	return nil
}

// applyLocked applies a on behalf of s: checked by the engine, committed to
// the store (when persist is set) with the outcomes of chance it caused,
// then made the game's state. Chance comes from the generator, or when
// replay is set from the recorded outcomes.
func (m *Match) applyLocked(ctx context.Context, s *seat, a rules.Action, persist, replay bool, recorded []rules.Outcome) (int, error) {
	before := len(m.log)
	next := m.st.Clone()
	var evs []rules.Event
	var outs []rules.Outcome
	var err error
	if replay {
		evs, err = next.Replay(a, recorded)
		outs = recorded
	} else {
		evs, outs, err = next.ApplyRecorded(a)
	}
	if err != nil {
		return 0, Errorf(CodeIllegal, "%v", err)
	}
	entries := make([]entry, 0, max(1, len(evs)))
	for i, e := range evs {
		entries = append(entries, eventEntry(next, before+i+1, e))
	}
	if len(entries) == 0 {
		args := map[string]any{"seat": s.name, "side": s.side.String()}
		if a.Kind != rules.ActPlay && a.Kind != rules.ActKeep {
			args["action"] = a.String()
		}
		entries = append(entries, serverEntry(before+1, "step", args))
	}
	after := before + len(entries)
	if persist {
		over, w := next.Over()
		winner := ""
		if over {
			winner = w.String()
		}
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		rec := store.Action{Seq: m.seq + 1, Seat: s.name, Action: a.String(), Version: after, Outcomes: rules.FormatOutcomes(outs)}
		if err := m.mgr.cfg.Store.Append(ctx, m.id, rec, over, winner); err != nil {
			return 0, internal(err, "cannot record the action")
		}
	}
	m.seq++
	m.record = append(m.record, played{seat: s.name, action: a, outcomes: outs})
	m.st = next
	m.log = append(m.log, entries...)
	for _, e := range entries {
		if e.dice != nil {
			m.lastRoll = e.dice
		}
	}
	s.last = &reply{action: a.String(), before: before, after: after}
	return after, nil
}

// Act is a seat's action: POST /api/games/{id}/actions.
func (m *Match) Act(ctx context.Context, token, action string, version int) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.actingSeat(token, "act")
	if err != nil {
		return 0, err
	}
	a, perr := rules.ParseAction(action)
	canon := action
	if perr == nil {
		canon = a.String()
	}
	if l := s.last; l != nil && l.action == canon && l.before == version {
		return l.after, nil // a duplicate of the seat's last action
	}
	if over, _ := m.st.Over(); over {
		return 0, Errorf(CodeIllegal, "the game is over")
	}
	if version != len(m.log) {
		return 0, Errorf(CodeStale, "the game is at version %d, not %d", len(m.log), version)
	}
	if t := m.toActLocked(); t != s {
		return 0, Errorf(CodeNotYourTurn, "%s is to act, not %s", t.name, s.name)
	}
	if perr != nil {
		return 0, Errorf(CodeIllegal, "%v", perr)
	}
	after, err := m.applyLocked(ctx, s, a, true, false, nil)
	if err != nil {
		return 0, err
	}
	m.changedLocked()
	return after, nil
}

// Undo takes back the seat's last action: POST /api/games/{id}/undo.
func (m *Match) Undo(ctx context.Context, token string, version int) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.actingSeat(token, "undo")
	if err != nil {
		return 0, err
	}
	if l := s.lastUndo; l != nil && l.before == version {
		return l.after, nil // a duplicate of the seat's last undo
	}
	if version != len(m.log) {
		return 0, Errorf(CodeStale, "the game is at version %d, not %d", len(m.log), version)
	}
	if err := m.undoLocked(ctx, s, true); err != nil {
		return 0, err
	}
	m.changedLocked()
	return len(m.log), nil
}

// whyNoUndoLocked says why s may not undo now ("" if it may).
func (m *Match) whyNoUndoLocked(s *seat) string {
	if over, _ := m.st.Over(); over {
		return "the game is over"
	}
	if len(m.record) == 0 {
		return "there is nothing to undo"
	}
	last := m.record[len(m.record)-1]
	if last.seat != s.name {
		return fmt.Sprintf("only %s, who made the last action, may undo it", last.seat)
	}
	if len(last.outcomes) > 0 {
		return "the last action rolled dice or drew cards: it cannot be undone"
	}
	return ""
}

func (m *Match) undoLocked(ctx context.Context, s *seat, persist bool) error {
	if why := m.whyNoUndoLocked(s); why != "" {
		return Errorf(CodeUndoRefused, "%s", why)
	}
	keep := m.record[:len(m.record)-1]
	st, err := m.board.ReplayNewGame(m.seed, m.deal)
	if err != nil {
		return internal(err, "cannot replay the game")
	}
	for _, p := range keep {
		if _, err := st.Replay(p.action, p.outcomes); err != nil {
			return internal(err, "cannot replay the game")
		}
	}
	after := len(m.log) + 1
	if persist {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if err := m.mgr.cfg.Store.Append(ctx, m.id, store.Action{Seq: m.seq + 1, Seat: s.name, Action: "undo", Version: after}, false, ""); err != nil {
			return internal(err, "cannot record the undo")
		}
	}
	m.seq++
	m.st = st
	m.record = keep
	m.log = append(m.log, serverEntry(after, "undo", map[string]any{"seat": s.name, "side": s.side.String()}))
	s.last = nil
	s.lastUndo = &reply{action: "undo", before: after - 1, after: after}
	return nil
}

// Record is a finished game's record: GET /api/games/{id}/record. It
// replays with rules.Board.ReplayNewGame(seed, deal), then rules.State.Replay
// of each action with its outcomes, on any seed: the outcomes decide chance.
type Record struct {
	Version    int             `json:"version"` // rules.RecordVersion
	ScenarioID string          `json:"scenario_id"`
	Scenario   json.RawMessage `json:"scenario"` // the .m44 file
	Seed       uint64          `json:"seed"`
	Players    PerSide         `json:"players"`
	Deal       []rules.Outcome `json:"deal"` // the outcomes of the opening
	Actions    []string        `json:"actions"`
	Outcomes   [][]string      `json:"outcomes"` // each action's, in order ([] for none)
	Winner     string          `json:"winner"`
	Hash       string          `json:"hash"` // the final state's hash, to check a replay
}

// Record is the record of the game once it is over (at the current record
// version, also for a game stored at an older one: its outcomes are known
// once it is replayed).
func (m *Match) Record() (*Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	over, w := m.st.Over()
	if !over {
		return nil, Errorf(CodeNotOver, "the game is not over: its record is given once it is")
	}
	r := &Record{Version: rules.RecordVersion, ScenarioID: m.sc.ID, Scenario: m.sc.Data, Seed: m.seed, Players: m.settings.Players,
		Deal: append([]rules.Outcome{}, m.deal...), Actions: make([]string, 0, len(m.record)), Outcomes: make([][]string, 0, len(m.record)),
		Winner: w.String(), Hash: fmt.Sprintf("%016x", m.st.Hash())}
	if !json.Valid(r.Scenario) {
		r.Scenario = nil
	}
	for _, p := range m.record {
		r.Actions = append(r.Actions, p.action.String())
		outs := make([]string, len(p.outcomes))
		for i, o := range p.outcomes {
			outs[i] = o.String()
		}
		r.Outcomes = append(r.Outcomes, outs)
	}
	return r, nil
}

// LogTail is how many of the last log entries a snapshot carries (unless
// it is asked for the whole log).
const LogTail = 250

// Snapshot is the game as the token's holder may see it ("" for a
// spectator): GET /api/games/{id}. Its log is the last LogTail entries, or
// every entry if fullLog is set.
func (m *Match) Snapshot(token string, fullLog bool) (*Snapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.seatOf(token)
	if err != nil {
		return nil, err
	}
	return m.snapshotLocked(s, fullLog), nil
}

func (m *Match) snapshotLocked(s *seat, fullLog bool) *Snapshot {
	v := viewSpectator
	if s != nil {
		v = viewerOf(s.side)
	}
	from := len(m.log) - LogTail
	if fullLog {
		from = 0
	}
	snap := &Snapshot{Game: m.id, Version: len(m.log), Spectator: s == nil, Hotseat: m.settings.Hotseat,
		Scenario: ScenarioInfo{ID: m.sc.ID, Name: m.sc.Name(m.settings.Lang), Board: m.sc.board(), Labels: m.sc.labels(),
			Top: m.st.Setup().Top.String(), Objectives: objectivesOf(m.st)},
		View: viewFor(m.st, s), Log: m.logLocked(v, from), LastRoll: m.lastRoll}
	if s != nil {
		seatName, side := s.name, s.side.String()
		snap.Seat, snap.Side = &seatName, &side
	}
	for _, st := range m.seats {
		si := SeatInfo{Seat: st.name, Side: st.side.String(), Kind: st.kind}
		if st.bot == nil {
			c := st.conns > 0
			si.Connected = &c
		}
		snap.Seats = append(snap.Seats, si)
	}
	if over, w := m.st.Over(); over {
		snap.Over = true
		ws := w.String()
		snap.Winner = &ws
	}
	if t := m.toActLocked(); t != nil {
		name, side := t.name, t.side.String()
		snap.ToAct, snap.ToActSide = &name, &side
		if t == s {
			snap.YourTurn = true
			snap.Legal = legalOf(m.st)
		}
	}
	snap.Undo = s != nil && m.whyNoUndoLocked(s) == ""
	return snap
}

// logLocked is the JSON array of the log entries after version since, as
// viewer v sees them.
func (m *Match) logLocked(v viewer, since int) json.RawMessage {
	since = min(max(since, 0), len(m.log))
	n := 2
	for _, e := range m.log[since:] {
		n += len(e.json[v]) + 1
	}
	b := make([]byte, 0, n)
	b = append(b, '[')
	for i, e := range m.log[since:] {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e.json[v]...)
	}
	return append(b, ']')
}

// Update is a message pushed over the WebSocket.
type Update struct {
	Type     string          `json:"type"`
	Version  int             `json:"version"`
	Events   json.RawMessage `json:"events"`
	Snapshot *Snapshot       `json:"snapshot"`
}

// Sub is a subscription to a game's changes (a WebSocket).
type Sub struct {
	m    *Match
	seat *seat
	c    chan struct{}
}

// Subscribe follows the game as the token's holder ("" for a spectator).
// The subscription's channel gets a signal after each change; Update tells
// what changed. Close it when done.
func (m *Match) Subscribe(token string) (*Sub, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.seatOf(token)
	if err != nil {
		return nil, err
	}
	sub := &Sub{m: m, seat: s, c: make(chan struct{}, 1)}
	m.subs[sub] = struct{}{}
	if s != nil {
		s.conns++
		if s.conns == 1 {
			m.notifyLocked() // the others see the seat connected
		}
	}
	return sub, nil
}

// C signals changes.
func (sub *Sub) C() <-chan struct{} { return sub.c }

// Closed reports whether the game was closed (the server shuts down).
func (sub *Sub) Closed() bool {
	sub.m.mu.Lock()
	defer sub.m.mu.Unlock()
	return sub.m.closed
}

// Close ends the subscription.
func (sub *Sub) Close() {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.subs[sub]; !ok {
		return
	}
	delete(m.subs, sub)
	if sub.seat != nil {
		sub.seat.conns--
		if sub.seat.conns == 0 {
			m.notifyLocked()
		}
	}
}

// Update is the update for a subscriber that has seen the log up to
// version since: the entries after it, as it may see them, and its snapshot.
// A negative since gives no entries (the snapshot's log has them all).
func (sub *Sub) Update(since int) *Update {
	m := sub.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if since < 0 {
		since = len(m.log)
	}
	snap := m.snapshotLocked(sub.seat, false)
	v := viewSpectator
	if sub.seat != nil {
		v = viewerOf(sub.seat.side)
	}
	return &Update{Type: "update", Version: len(m.log), Events: m.logLocked(v, since), Snapshot: snap}
}

func (m *Match) notifyLocked() {
	for sub := range m.subs {
		select {
		case sub.c <- struct{}{}:
		default: // a signal is already waiting
		}
	}
}

// changedLocked follows a change of the game: subscribers are told, and a
// bot to act is set thinking.
func (m *Match) changedLocked() {
	m.notifyLocked()
	m.kickLocked()
}

// kickLocked starts the bot loop if a bot is to act and none is running.
func (m *Match) kickLocked() {
	if m.closed || m.botBusy {
		return
	}
	if t := m.toActLocked(); t == nil || t.bot == nil {
		return
	}
	m.botBusy = true
	m.mgr.wg.Add(1)
	go m.runBots()
}

// runBots plays the bots' turns for as long as a bot is to act. The bots
// think outside the lock, on a copy of the state seen from their side; a
// decision made on a version that is no longer the game's is dropped.
func (m *Match) runBots() {
	defer m.mgr.wg.Done()
	for {
		m.mu.Lock()
		t := m.toActLocked()
		if m.closed || t == nil || t.bot == nil {
			m.botBusy = false
			m.mu.Unlock()
			return
		}
		st, version := m.st.Clone(), len(m.log)
		m.mu.Unlock()

		if d := m.mgr.cfg.BotDelay; d > 0 {
			select {
			case <-time.After(d):
			case <-m.mgr.ctx.Done():
			}
		}
		a := m.choose(t, st, version)

		m.mu.Lock()
		if !m.closed && version == len(m.log) {
			if _, err := m.applyLocked(m.mgr.ctx, t, a, true, false, nil); err != nil {
				m.mgr.log.Error("bot action failed", "game", m.id, "seat", t.name, "action", a.String(), "err", err)
				m.botBusy = false
				m.mu.Unlock()
				return
			}
			m.notifyLocked()
		}
		m.mu.Unlock()
	}
}

// choose asks seat t's bot for its decision on st, falling back to a random
// legal action if the bot fails.
func (m *Match) choose(t *seat, st *rules.State, version int) (a rules.Action) {
	legal := st.Legal()
	fallback := func(why string, args ...any) rules.Action {
		m.mgr.log.Warn("bot failed; playing a random legal action", append([]any{"game", m.id, "seat", t.name, "why", why}, args...)...)
		r := rand.New(rand.NewPCG(m.seed, uint64(version)))
		return legal[r.IntN(len(legal))]
	}
	if len(legal) == 1 {
		return legal[0]
	}
	defer func() {
		if r := recover(); r != nil {
			a = fallback("panic", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	p := bots.NewPerspective(st, t.side, mix(m.seed, uint64(version)))
	ctx, cancel := context.WithTimeout(m.mgr.ctx, botTimeout(t.level))
	defer cancel()
	a, err := t.bot.Choose(ctx, p)
	if err != nil {
		return fallback("error", "err", err)
	}
	if !st.IsLegal(a) {
		return fallback("illegal action", "action", a.String())
	}
	return a
}

// mix derives a seed from a base and a counter (splitmix64 finaliser).
func mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// State is a copy of the game's engine state (for tests and tools: it holds
// every hidden card).
func (m *Match) State() *rules.State {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Clone()
}
