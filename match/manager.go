package match

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"m44/bots"
	"m44/rules"
	"m44/store"
	"m44/view"
)

// Config is what a Manager needs.
type Config struct {
	Store   Store // *store.Store (SQLite), or another Store
	Catalog *Catalog
	Logger  *slog.Logger
	// NewBot makes the bot of a seat; nil means bots.New with the level's
	// default budget.
	NewBot func(level string, seed uint64) (bots.Bot, error)
	// BotDelay is a pause before each bot decision, so that people can
	// follow the bots' moves.
	BotDelay time.Duration
	// MaxActions is the limit of decisions of a game whose table does not
	// set one; 0 means DefaultMaxActions.
	MaxActions int
	// BotOnlyDelay is the least pause before each decision of a game with
	// no human seat (bot against bot), whatever BotDelay is; BotOnlyGames
	// caps how many such games are held at once (0: no cap).
	BotOnlyDelay time.Duration
	BotOnlyGames int
	// IdleAfter is how long a game no one asks for stays in memory (a
	// finished one a tenth of it); it is reloaded from the store when
	// asked for again. 0 means DefaultIdleAfter; negative, never unloaded.
	IdleAfter time.Duration
	// Now is the server's clock (idle games, games' clocks, tables; tests
	// set it); nil means time.Now.
	Now func() time.Time
	// OnOver is called, on its own goroutine, when a game ends (ratings).
	OnOver func(*Match)
	// OnTurn is called, on its own goroutine, when the turn of a game with
	// a turn-based clock passes to a seat that has no WebSocket open (Web
	// Push tells its player).
	OnTurn func(m *Match, seat string)
	// Cluster shares the games with the other servers ("nodes") on the
	// same database (cluster.go); nil: this server owns every game.
	Cluster Cluster
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
	away   map[string]awayEntry // games other nodes own, as last seen (cluster.go)
	pres   presence             // seats connected on other nodes (presence.go)
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
	return &Manager{cfg: cfg, log: cfg.Logger, ctx: ctx, cancel: cancel, games: map[string]*Match{}, away: map[string]awayEntry{}, pres: newPresence()}
}

// Start loads the games that are not over, so that their bots play on.
func (g *Manager) Start(ctx context.Context) error {
	ids, err := g.cfg.Store.LiveGames(ctx)
	if err != nil {
		return err
	}
	if g.idleAfter() > 0 {
		g.wg.Add(1)
		go g.sweepLoop(g.ctx, min(time.Minute, g.idleAfter()/10))
	}
	for _, id := range ids {
		var away *Elsewhere
		if _, err := g.Get(ctx, id); errors.As(err, &away) {
			// another node plays it
		} else if err != nil {
			g.log.Error("cannot resume game", "game", id, "err", err)
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.closed {
		g.wg.Add(1)
		go g.runClocks()
		if g.cfg.Cluster != nil {
			g.wg.Add(1)
			go g.runCluster()
			g.wg.Add(1)
			go g.runPresence()
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
	if c := g.cfg.Cluster; c != nil {
		g.withdrawPresence()
		// The other nodes take this node's games over at once.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := c.Leave(ctx); err != nil {
			g.log.Error("cannot hand the games over", "err", err)
		}
	}
}

// Get is the game id, loaded from the store (and replayed) if needed. When
// the server shares its database with other nodes, this node takes the
// game's lease first, and a game another node owns is an *Elsewhere.
func (g *Manager) Get(ctx context.Context, id string) (*Match, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	held, ok := g.games[id]
	if ok && !held.Following() {
		held.used.Store(g.now().UnixNano())
		return held, nil
	}
	if g.closed {
		return nil, Errorf(CodeInternal, "the server is shutting down")
	}
	if err := g.acquireLocked(ctx, id); err != nil {
		return nil, err
	}
	if ok {
		// A follower copy: this node owns the game now.
		held.mu.Lock()
		err := held.promoteLocked(ctx)
		held.mu.Unlock()
		if err == nil {
			held.used.Store(g.now().UnixNano())
			g.log.Info("followed game now owned here", "game", id, "node", g.Node())
			return held, nil
		}
		g.log.Error("cannot catch up with a game", "game", id, "err", err)
		held.mu.Lock()
		held.evicted = true
		held.notifyLocked()
		held.mu.Unlock()
		delete(g.games, id)
	}
	row, acts, err := g.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(CodeNotFound, "no game %q", id)
	}
	if err != nil {
		g.releaseLocked(id)
		return nil, internal(err, "cannot read the game")
	}
	m, upgrade, err := g.load(row, acts)
	if err != nil {
		g.releaseLocked(id)
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
	m.used.Store(g.now().UnixNano())
	m.leased = time.Now() // the wall clock, as the renewals'
	g.games[id] = m
	m.mu.Lock()
	m.created, _ = time.Parse(time.RFC3339Nano, row.Created)
	m.restoreClockLocked(row.Clock)
	m.kickLocked()
	m.mu.Unlock()
	return m, nil
}

// Settings are a game's settings, stored as JSON with it.
type Settings struct {
	Players PerSide `json:"players"`
	Hotseat bool    `json:"hotseat"`
	Lang    string  `json:"lang,omitempty"`
	Young   *Young  `json:"young,omitempty"`
	// MaxActions is the decisions (actions and undos) after which the
	// game ends (limit.go); 0: the server's Config.MaxActions.
	MaxActions int    `json:"max_actions,omitempty"`
	Rated      bool   `json:"rated,omitempty"` // a rated game between accounts (ratings.go)
	Clock      *Clock `json:"clock,omitempty"` // the game's clock, if any (clock.go)
	// Leg is 1 or 2 for a game played "two ways" (twoways.go), 0 otherwise.
	Leg int `json:"leg,omitempty"`
}

// Young is the young players' variant (the wire form the web API and the
// engine protocol share).
type Young = view.Young

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Scenario string            `json:"scenario"`
	Seats    map[string]string `json:"seats"`
	Players  *PerSide          `json:"players"`
	Hotseat  bool              `json:"hotseat"`
	Seed     *uint64           `json:"seed"`
	Lang     string            `json:"lang"`
	Young    *Young            `json:"young"` // the young players' variant, if asked
	// MaxActions ends the game after this many decisions (0: the
	// server's limit, which it may not exceed).
	MaxActions int `json:"max_actions"`
	// Open lists human seats left open: no token is made for them, and
	// anyone may take one from the lobby's list of tables (tables.go).
	Open  []string `json:"open"`
	Rated bool     `json:"rated"`
	Clock *Clock   `json:"clock"`
	// TwoWays plays the scenario twice, sides swapped (twoways.go).
	TwoWays bool `json:"two_ways"`
}

// Created is the reply to POST /api/games.
type Created struct {
	Game   string            `json:"game"`
	Tokens map[string]string `json:"tokens"`
	Links  map[string]string `json:"links"`
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
	set := Settings{Players: PerSide{1, 1}, Hotseat: req.Hotseat, Lang: req.Lang, Young: req.Young, Rated: req.Rated, Clock: req.Clock}
	if req.TwoWays {
		set.Leg = 1
	}
	if err := checkTable(req); err != nil {
		return nil, err
	}
	if req.Players != nil {
		set.Players = *req.Players
	}
	for _, n := range []int{set.Players.Allies, set.Players.Axis} {
		if n != 1 && n != 2 {
			return nil, Errorf(CodeBadRequest, "players: %d on a side, want 1 or 2 (2: an Operation Alliance team)", n)
		}
	}
	if set.Rated && (set.Players.Allies > 1 || set.Players.Axis > 1) {
		// Ratings are a player's against one opponent (Glicko-2 rates
		// players, not teams): team games are played unrated.
		return nil, Errorf(CodeBadRequest, "rated: team games are not rated (Glicko-2 rates one player against another)")
	}
	limit := g.cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	switch {
	case req.MaxActions == 0:
		set.MaxActions = limit
	case req.MaxActions < 0 || req.MaxActions > limit:
		return nil, Errorf(CodeBadRequest, "max_actions: %d, want 1..%d", req.MaxActions, limit)
	default:
		set.MaxActions = req.MaxActions
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
		RecordVersion: rules.RecordVersion, Rated: set.Rated}
	out := &Created{Game: row.ID, Tokens: map[string]string{}, Links: map[string]string{}}
	for _, d := range defs {
		kind, ok := req.Seats[d.name]
		if !ok {
			return nil, Errorf(CodeBadRequest, "seats: %q is missing (give \"human\" or \"bot:<level>\" for each of %s)", d.name, strings.Join(names, ", "))
		}
		st := store.Seat{Seat: d.name, Kind: kind}
		switch {
		case kind == "human" && slices.Contains(req.Open, d.name):
			// an open seat: its token is made when someone takes it
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
	if botOnly(row.Seats) && g.cfg.BotOnlyGames > 0 && g.botOnlyGames() >= g.cfg.BotOnlyGames {
		return nil, Errorf(CodeRateLimited, "%d games of bots against bots are being played, the most this server holds: play them with m44 sim", g.cfg.BotOnlyGames)
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
	g.startLocked(ctx, m)
	g.log.Info("game created", "game", row.ID, "scenario", sc.ID, "seats", req.Seats, "seed", seed)
	return out, nil
}

// startLocked holds the new, stored game m in memory and starts it: its
// clock if it has one, and its bots. g.mu is held.
func (g *Manager) startLocked(ctx context.Context, m *Match) {
	if err := g.acquireLocked(ctx, m.id); err != nil {
		// Its first action will be refused (store.ErrNotOwner) and the
		// client sent to the node that took it.
		g.log.Error("cannot take a new game's lease", "game", m.id, "err", err)
	}
	m.used.Store(g.now().UnixNano())
	m.leased = time.Now() // the wall clock, as the renewals'
	g.games[m.id] = m
	m.mu.Lock()
	m.created = g.now()
	if m.settings.Clock != nil {
		m.restoreClockLocked("")
		m.saveClockLocked(ctx)
	}
	m.kickLocked()
	m.mu.Unlock()
}

func newID() string {
	b := make([]byte, 6)
	crand.Read(b) // never fails
	return hex.EncodeToString(b)
}

// newMatch makes the match of a game row: a new one (fresh) deals from its
// seed, a stored one replays its recorded deal.
func (g *Manager) newMatch(row store.Game, sc *Scenario, fresh bool) (*Match, error) {
	var set Settings
	if err := json.Unmarshal(row.Settings, &set); err != nil {
		return nil, internal(err, "bad game settings")
	}
	var young *rules.Young
	if y := set.Young; y != nil {
		r := y.Rules()
		young = &r
	}
	players := [2]int{set.Players.Allies, set.Players.Axis}
	board, err := sc.Board(players, young)
	if err != nil {
		return nil, err
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
	defs := seatDefs(players)
	if len(row.Seats) != len(defs) {
		return nil, internal(fmt.Errorf("%d seats stored, %d expected", len(row.Seats), len(defs)), "bad game seats")
	}
	for i, d := range defs {
		rs := row.Seats[i]
		if rs.Seat != d.name {
			return nil, internal(fmt.Errorf("seat %s stored where %s was expected", rs.Seat, d.name), "bad game seats")
		}
		s := &seat{name: d.name, side: d.side, player: d.player, kind: rs.Kind, tokenHash: rs.TokenHash, account: rs.Account}
		for _, t := range row.Tokens {
			if t.Seat == d.name {
				s.tokens = append(s.tokens, t.TokenHash)
			}
		}
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
	for _, a := range acts {
		if err := m.replayLocked(a, replay, upgrade); err != nil {
			return nil, nil, err
		}
	}
	return m, upgrade, nil
}

// Loaded is the number of games held in memory (for the server's metrics).
func (g *Manager) Loaded() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.games)
}

// botOnly reports whether no seat is human.
func botOnly(seats []store.Seat) bool {
	for _, s := range seats {
		if s.Kind == "human" {
			return false
		}
	}
	return true
}

// botOnlyGames counts the games held that have no human seat and are not
// over.
func (g *Manager) botOnlyGames() int {
	g.mu.Lock()
	games := make([]*Match, 0, len(g.games))
	for _, m := range g.games {
		games = append(games, m)
	}
	g.mu.Unlock()
	n := 0
	for _, m := range games {
		if m.botOnly() && !m.Over() {
			n++
		}
	}
	return n
}
