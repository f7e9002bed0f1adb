// Package web is m44's game server: the HTTP and WebSocket API of
// docs/web-api.md over the games of package match, and the browser client's
// files.
package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"m44/accounts"
	"m44/bots"
	"m44/match"
	"m44/render"
	"m44/rules"
	"m44/view"
)

// Options configure a Server.
type Options struct {
	Store   match.Store     // *store.Store (SQLite), or another match.Store
	Library []match.Builtin // the built-in scenarios
	Logger  *slog.Logger
	Version string // reported by /api/health
	// BotDelay is a pause before each bot decision (0 in tests).
	BotDelay time.Duration
	// NewBot makes a seat's bot; nil means match.DefaultBot.
	NewBot func(level string, seed uint64) (bots.Bot, error)
	// SVG renders a scenario's board for GET /api/scenarios/{id}; nil
	// leaves "svg" out.
	SVG func(*match.Scenario) ([]byte, error)
	// Static holds the browser client's files; nil means the embedded ones.
	Static fs.FS
	// Limits bound what clients may ask (limits.go); nil means
	// DefaultLimits. A zero field is no limit.
	Limits *Limits
	// PublicURL is the address players reach the server at, for the links
	// it makes ("https://m44.example.org"); "" takes the request's (reach.go).
	PublicURL string
	// TrustProxy takes the links' address from X-Forwarded-Proto and
	// X-Forwarded-Host (behind a reverse proxy that sets them).
	TrustProxy bool
	// PasswordParams are the costs of password hashes; nil means
	// accounts.Default (tests use cheap ones).
	PasswordParams *accounts.Params
	// Now is the clock of sessions and limits; nil means time.Now.
	Now func() time.Time
	// PushContact is the contact push services see in the server's VAPID
	// tokens (RFC 8292 "sub": "mailto:admin@example.org" or an https URL);
	// "" leaves it out.
	PushContact string
	// PushClient sends push messages; nil means a client with a timeout
	// that connects to public addresses only (push.go).
	PushClient *http.Client
	// PushAnyHost accepts push endpoints on any host, loopback included
	// (tests with a push service of their own).
	PushAnyHost bool
	// Cluster shares the games with the other nodes on the same database
	// (cluster.go; *pgstore.Cluster); nil: this server owns every game.
	// ClusterSecret is the nodes' shared secret, shown on forwarded
	// requests; ClusterTTL the leases' length (a Retry-After's hint).
	Cluster       match.Cluster
	ClusterSecret string
	ClusterTTL    time.Duration
}

// Server serves the API and the client.
type Server struct {
	opts    Options
	log     *slog.Logger
	catalog *match.Catalog
	games   *match.Manager
	handler http.Handler
	acc     *accountsState
	chat    *chats
	rateMu  sync.Mutex // one game's ratings at a time (ratings.go)
	push    *pusher    // Web Push (push.go)

	limits                          Limits
	createLim, uploadLim, actionLim *limiter
	sockCaps                        *socketCaps
	metrics                         *metrics

	done      chan struct{} // closed when the server shuts down
	closeOnce sync.Once
	sockets   sync.WaitGroup
}

// New makes a server and resumes the stored games that are not over.
func New(ctx context.Context, o Options) (*Server, error) {
	if o.Store == nil {
		return nil, errors.New("web: no store")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	if o.Static == nil {
		o.Static = staticFS()
	}
	if o.Limits == nil {
		l := DefaultLimits()
		o.Limits = &l
	}
	var games func() int
	mets := newMetrics(func() float64 { return float64(games()) })
	o.Store = timedStore{Store: o.Store, h: mets.storeDur}
	cat, err := match.NewCatalog(o.Store, o.Library)
	if err != nil {
		// A built-in scenario the engine cannot play is left out; the rest
		// of the library is served.
		o.Logger.Warn("some built-in scenarios are left out", "err", err)
	}
	s := &Server{opts: o, log: o.Logger, catalog: cat, done: make(chan struct{}), metrics: mets, limits: *o.Limits, acc: newAccountsState(o)}
	s.chat = newChats(s.acc.now, o.Store)
	if s.push, err = newPusher(ctx, o); err != nil {
		return nil, fmt.Errorf("web: the Web Push key: %w", err)
	}
	s.createLim, s.uploadLim, s.actionLim = newLimiter(s.limits.Create), newLimiter(s.limits.Upload), newLimiter(s.limits.Action)
	s.sockCaps = newSocketCaps(s.limits.SocketsPerGame, s.limits.SocketsPerClient)
	s.games = match.NewManager(match.Config{Store: o.Store, Catalog: cat, Logger: o.Logger, NewBot: o.NewBot, BotDelay: o.BotDelay,
		MaxActions: o.Limits.MaxActions, BotOnlyGames: o.Limits.BotOnlyGames, BotOnlyDelay: o.Limits.BotOnlyDelay, IdleAfter: o.Limits.IdleAfter,
		Now: o.Now, OnOver: s.gameOver, OnTurn: s.pushTurn, Cluster: o.Cluster})
	games = s.games.Loaded
	if err := s.games.Start(ctx); err != nil {
		return nil, fmt.Errorf("web: resume games: %w", err)
	}
	s.ratePending(ctx)
	s.handler = s.routes()
	return s, nil
}

// Games is the server's games (for tests and tools).
func (s *Server) Games() *match.Manager { return s.games }

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Close ends the WebSockets and stops the bots. The HTTP server itself is
// shut down by its owner (see Serve).
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		waited := make(chan struct{})
		go func() { s.sockets.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-time.After(5 * time.Second):
			s.log.Warn("some WebSockets did not close in time")
		}
		s.games.Close()
	})
}

// Serve serves s on ln until ctx is done, then shuts down gracefully:
// no new connections, requests in flight finished (up to 10 s), WebSockets
// closed, bots stopped.
func Serve(ctx context.Context, ln net.Listener, s *Server) error {
	hs := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.limits.ReadHeaderTimeout,
		ReadTimeout:       s.limits.ReadTimeout,
		WriteTimeout:      s.limits.WriteTimeout,
		IdleTimeout:       s.limits.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go s.Close() // WebSockets are not tracked by http.Server.Shutdown
	err := hs.Shutdown(sctx)
	s.Close()
	if errors.Is(err, context.DeadlineExceeded) {
		hs.Close()
	}
	if e := <-errc; err == nil && !errors.Is(e, http.ErrServerClosed) {
		err = e
	}
	return err
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/health", s.health)
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /api/scenarios", s.listScenarios)
	mux.HandleFunc("GET /api/scenarios/{id}", s.getScenario)
	mux.HandleFunc("POST /api/scenarios", s.limited(s.uploadLim, "uploads", s.uploadScenario))
	mux.HandleFunc("POST /api/games", s.limited(s.createLim, "games created", s.createGame))
	mux.HandleFunc("GET /api/games/{id}", s.getGame)
	mux.HandleFunc("POST /api/games/{id}/actions", s.limited(s.actionLim, "actions", s.act))
	mux.HandleFunc("POST /api/games/{id}/undo", s.limited(s.actionLim, "actions", s.undo))
	mux.HandleFunc("GET /api/games/{id}/record", s.record)
	mux.HandleFunc("GET /api/games/{id}/catalog", s.gameCatalog)
	mux.HandleFunc("GET /api/games/{id}/briefing", s.gameBriefing)
	mux.HandleFunc("GET /api/games/{id}/replay", s.gameReplay)
	mux.HandleFunc("GET /api/catalog", s.baseCatalog)
	mux.HandleFunc("GET /api/games/{id}/ws", s.websocket)
	s.onlineRoutes(mux)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, match.Errorf(match.CodeNotFound, "no API endpoint %s %s", r.Method, r.URL.Path))
	})
	files := newStatics(s.opts.Static)
	mux.HandleFunc("GET /play/{game}", files.servePage)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		files.filesHandler(w, r)
	})
	return s.fromNode(s.logged(s.secured(s.forward(mux))))
}

// playRoutes are the requests of play, one or two per action of every
// game: answered without error in under a second, they are logged at the
// debug level only (m44 serve -v), not to write a line to stderr for each
// of thousands of actions a second (issue 14). Their errors and slow
// answers are logged as every other API request is.
var playRoutes = map[string]bool{
	"GET /api/games/{id}":          true,
	"POST /api/games/{id}/actions": true,
	"POST /api/games/{id}/undo":    true,
}

// statusWriter remembers the status written.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket upgrade) reach the
// connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logged logs each request (its path only: tokens travel in the query)
// with its id (echoed in X-Request-Id), counts it in the metrics, and
// turns a panic into a 500.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestID(r)
		w.Header().Set("X-Request-Id", id)
		r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, id))
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic", "request", id, "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
				if sw.status == 0 {
					s.writeError(sw, r, match.Errorf(match.CodeInternal, "internal error"))
				}
			}
			took := time.Since(start)
			route := r.Pattern
			if route == "" {
				route = "other"
			}
			level := slog.LevelDebug
			if strings.HasPrefix(r.URL.Path, "/api/") && !(playRoutes[route] && sw.status < 400 && took < time.Second) {
				level = slog.LevelInfo
			}
			s.metrics.requests.WithLabelValues(route, statusLabel(sw.status)).Inc()
			if !strings.HasSuffix(route, "/ws") {
				s.metrics.latency.WithLabelValues(route).Observe(took.Seconds())
			}
			s.log.Log(r.Context(), level, "http", "request", id, "method", r.Method, "path", r.URL.Path, "status", sw.status,
				"ms", took.Milliseconds())
		}()
		h.ServeHTTP(sw, r)
	})
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.opts.Store.Ping(ctx); err != nil {
		s.log.Error("health: the database does not answer", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "version": s.opts.Version, "error": "the database does not answer"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "version": s.opts.Version})
}

func (s *Server) listScenarios(w http.ResponseWriter, r *http.Request) {
	list, err := s.catalog.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	lang := r.URL.Query().Get("lang")
	out := make([]match.Entry, 0, len(list))
	for _, sc := range list {
		out = append(out, sc.Entry(lang))
	}
	writeJSON(w, http.StatusOK, out)
}

// ScenarioDetail is GET /api/scenarios/{id}: the entry, the board and the
// briefing.
type ScenarioDetail struct {
	match.Entry
	SVG      string         `json:"svg,omitempty"`
	Briefing match.Briefing `json:"briefing"`
	// Legend is the key to the board's symbols (with "svg"): each entry's
	// symbol and its message key and arguments, for the lobby to word in
	// the player's language.
	Legend []render.LegendItem `json:"legend,omitempty"`
}

func (s *Server) getScenario(w http.ResponseWriter, r *http.Request) {
	sc, err := s.catalog.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	lang := r.URL.Query().Get("lang")
	d := ScenarioDetail{Entry: sc.Entry(lang), Briefing: sc.Briefing(lang)}
	if s.opts.SVG != nil {
		svg, err := s.opts.SVG(sc)
		if err != nil {
			s.log.Warn("cannot render a scenario", "scenario", sc.ID, "err", err)
		} else {
			d.SVG = string(svg)
			d.Legend = boardLegend(sc)
		}
	}
	writeJSONGzip(w, r, http.StatusOK, d)
}

func (s *Server) uploadScenario(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(io.LimitReader(r.Body, match.MaxScenarioSize+1))
	if err != nil {
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "cannot read the file: %v", err))
		return
	}
	if len(data) > match.MaxScenarioSize {
		s.writeError(w, r, match.Errorf(match.CodeTooLarge, "the file is larger than %d bytes", match.MaxScenarioSize))
		return
	}
	sc, err := s.catalog.Upload(r.Context(), data)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.Info("scenario uploaded", "scenario", sc.ID, "name", sc.Name(""))
	writeJSON(w, http.StatusCreated, map[string]any{"id": sc.ID, "name": sc.Name(r.URL.Query().Get("lang")), "report": sc.Report})
}

// maxBody bounds the JSON bodies of the API (all but scenario uploads).
const maxBody = 64 << 10

// decode reads a JSON body into v, strictly: unknown fields are refused.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return match.Errorf(match.CodeTooLarge, "the body is larger than %d bytes", maxBody)
		}
		return match.Errorf(match.CodeBadRequest, "bad JSON body: %v", err)
	}
	if dec.More() {
		return match.Errorf(match.CodeBadRequest, "bad JSON body: more than one value")
	}
	return nil
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	var req match.CreateRequest
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.games.Create(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, s.createdReply(r, out))
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) *match.Match {
	m, err := s.games.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return nil
	}
	return m
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	m := s.game(w, r)
	if m == nil {
		return
	}
	q := r.URL.Query()
	since := -1
	if v := q.Get("since"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			s.writeError(w, r, match.Errorf(match.CodeBadRequest, "since: %q is not a version", v))
			return
		}
		since = n
	}
	snap, err := m.SnapshotSince(q.Get("token"), since, q.Get("log") == "all")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSONGzip(w, r, http.StatusOK, snap)
}

// ActRequest is the body of POST /api/games/{id}/actions (and, without
// the action, of …/undo).
type ActRequest struct {
	Token   string `json:"token"`
	Action  string `json:"action"`
	Version *int   `json:"version"`
}

func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	var req ActRequest
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := s.applyAct(r.Context(), r.PathValue("id"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"version": v})
}

// applyAct applies a seat's action to game id and answers the game's new
// version: the one path of POST …/actions and of an action sent on a
// seat's WebSocket (ws.go), after each has taken it from the client's
// rate limit. Its checks (the version, the token, the turn, the legality,
// the game's decision limit) are Match.Act's; the action is durable in the
// store when it returns. A game another node owns is a *match.Elsewhere
// error (a POST is forwarded before it gets here; a socket forwards the
// action itself, forwardAct).
func (s *Server) applyAct(ctx context.Context, id string, req ActRequest) (int, error) {
	start := time.Now()
	return s.onVersion(ctx, id, req.Version, func(m *match.Match, version int) (int, error) {
		v, err := m.Act(ctx, req.Token, req.Action, version)
		s.metrics.action(err, time.Since(start))
		return v, err
	})
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token   string `json:"token"`
		Version *int   `json:"version"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	start := time.Now()
	s.versioned(w, r, req.Version, func(m *match.Match, version int) (int, error) {
		v, err := m.Undo(r.Context(), req.Token, version)
		s.metrics.action(err, time.Since(start))
		return v, err
	})
}

// versioned runs a seat's command that names the last version the client
// has seen (undo; an action goes through applyAct) on the request's game
// and answers the new version.
func (s *Server) versioned(w http.ResponseWriter, r *http.Request, version *int, do func(*match.Match, int) (int, error)) {
	v, err := s.onVersion(r.Context(), r.PathValue("id"), version, do)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"version": v})
}

// onVersion runs do on game id with the version the client names: the
// check of every versioned command, whether it came by HTTP or on a
// WebSocket.
func (s *Server) onVersion(ctx context.Context, id string, version *int, do func(*match.Match, int) (int, error)) (int, error) {
	if version == nil {
		return 0, match.Errorf(match.CodeBadRequest, "version: missing (the last version the client has seen)")
	}
	m, err := s.games.Get(ctx, id)
	if err != nil {
		return 0, err
	}
	return do(m, *version)
}

func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	m := s.game(w, r)
	if m == nil {
		return
	}
	rec, err := m.Record()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// baseCatalog is GET /api/catalog: the rows of the base game's catalog.
func (s *Server) baseCatalog(w http.ResponseWriter, r *http.Request) {
	writeJSONGzip(w, r, http.StatusOK, view.CatalogOf(rules.BaseCatalog()))
}

// gameCatalog is GET /api/games/{id}/catalog: the rows of the game's
// catalog (the base game's and those of the scenario's rulesets). Public,
// like the board: no token.
func (s *Server) gameCatalog(w http.ResponseWriter, r *http.Request) {
	m := s.game(w, r)
	if m == nil {
		return
	}
	writeJSONGzip(w, r, http.StatusOK, view.CatalogOf(m.State().Catalog()))
}

// gameBriefing is GET /api/games/{id}/briefing?lang=: the briefing of the
// game's scenario (match.Briefing). Public, like the board: no token.
func (s *Server) gameBriefing(w http.ResponseWriter, r *http.Request) {
	m := s.game(w, r)
	if m == nil {
		return
	}
	writeJSONGzip(w, r, http.StatusOK, m.Briefing(r.URL.Query().Get("lang")))
}

// gameReplay is GET /api/games/{id}/replay?step=N: the game after its first
// N actions, replayed from the record, as a spectator sees it (no hand).
// Public, like a spectator's snapshot.
func (s *Server) gameReplay(w http.ResponseWriter, r *http.Request) {
	m := s.game(w, r)
	if m == nil {
		return
	}
	n, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil {
		n = 1 << 30 // the last step
	}
	rs, err := m.ReplayAt(n)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSONGzip(w, r, http.StatusOK, rs)
}
