package web

// Hard limits (issue 14): timeouts of the HTTP server, per-client rate
// limits on the requests that cost the server work or storage, caps on
// WebSocket connections, and the headers and cross-origin check that keep
// other sites from using a visitor's browser against the server.

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"m44/match"
)

// Limits bound what one client, and one game, may ask of the server.
// A zero duration, rate or cap means no limit.
type Limits struct {
	// Timeouts of the http.Server (Serve): reading a request's header, the
	// whole request (a slow body is cut), writing a reply, and an idle
	// keep-alive connection. WebSockets are not bound by the read and
	// write timeouts (they have their own pings and write timeout).
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration

	// Per client address (an IPv6 address by its /64): games created,
	// scenarios uploaded, and actions and undos.
	Create Rate
	Upload Rate
	Action Rate

	// WebSocket connections open at once on one game, and from one client
	// address (over all games).
	SocketsPerGame   int
	SocketsPerClient int
	// SocketPing: each WebSocket is pinged this often, and closed when its
	// client has not answered the last ping by the next one (0: 25 s).
	SocketPing time.Duration

	// MaxActions ends a game after this many decisions (0: 5,000,
	// match.DefaultMaxActions); a table may ask for fewer.
	MaxActions int
	// Games of bots only: at most BotOnlyGames held at once, each decision
	// at least BotOnlyDelay apart.
	BotOnlyGames int
	BotOnlyDelay time.Duration
	// IdleAfter unloads a game no one has asked for in this time (a
	// finished one in a tenth of it) and no one follows; it is reloaded
	// from the store on demand. 0: 10 minutes; negative: never.
	IdleAfter time.Duration
}

// Rate is a token bucket: Burst requests at once, refilled at PerSecond.
type Rate struct {
	PerSecond float64
	Burst     int
}

// DefaultLimits are the limits of "m44 serve" unless told otherwise.
func DefaultLimits() Limits {
	return Limits{
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		Create:            Rate{PerSecond: 1, Burst: 30},
		Upload:            Rate{PerSecond: 0.5, Burst: 10},
		Action:            Rate{PerSecond: 50, Burst: 200},
		SocketsPerGame:    1000,
		SocketsPerClient:  1000,
		MaxActions:        match.DefaultMaxActions,
		BotOnlyGames:      20,
		BotOnlyDelay:      250 * time.Millisecond,
	}
}

// clientKey is the address a client's limits are counted on: the host of
// the connection's remote address, an IPv6 address by its /64 (one
// subscriber's network). Behind a reverse proxy every client is the proxy.
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// limiter is a token bucket per client key.
type limiter struct {
	rate    Rate
	now     func() time.Time
	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(r Rate) *limiter {
	return &limiter{rate: r, now: time.Now, buckets: map[string]*bucket{}}
}

// allow takes a token for key; if there is none, it says how long until
// there is one.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil || l.rate.PerSecond <= 0 {
		return true, 0
	}
	burst := float64(max(l.rate.Burst, 1))
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now, burst)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(burst, b.tokens+now.Sub(b.last).Seconds()*l.rate.PerSecond)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.rate.PerSecond * float64(time.Second))
	return false, wait
}

// sweep forgets, once a minute, the buckets that have refilled: the map
// holds only the clients seen lately.
func (l *limiter) sweep(now time.Time, burst float64) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	full := time.Duration(burst / l.rate.PerSecond * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.last) > full {
			delete(l.buckets, k)
		}
	}
}

// limited refuses a request over the client's rate with 429 rate_limited
// and a Retry-After header.
func (s *Server) limited(l *limiter, what string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err, secs := s.allow(l, what, clientKey(r)); err != nil {
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			s.writeError(w, r, err)
			return
		}
		h(w, r)
	}
}

// allow takes one of client's requests of a kind from l, or says why not
// and in how many seconds to try again: the check of the limited routes
// and of a WebSocket's actions (the same limiter, the same refusal).
func (s *Server) allow(l *limiter, what, client string) (*match.Error, int) {
	ok, wait := l.allow(client)
	if ok {
		return nil, 0
	}
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	s.metrics.refused(what)
	return match.Errorf(match.CodeRateLimited, "too many %s from this address: try again in %d s", what, secs), secs
}

// sockets counts the open WebSockets per game and per client address.
type socketCaps struct {
	perGame, perClient int
	mu                 sync.Mutex
	games, clients     map[string]int
}

func newSocketCaps(perGame, perClient int) *socketCaps {
	return &socketCaps{perGame: perGame, perClient: perClient, games: map[string]int{}, clients: map[string]int{}}
}

// acquire counts one more socket on game from client, or says why not.
func (c *socketCaps) acquire(game, client string) *match.Error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.perGame > 0 && c.games[game] >= c.perGame {
		return match.Errorf(match.CodeRateLimited, "this game has %d connections already, the most it takes", c.perGame)
	}
	if c.perClient > 0 && c.clients[client] >= c.perClient {
		return match.Errorf(match.CodeRateLimited, "this address has %d connections open already, the most it may", c.perClient)
	}
	c.games[game]++
	c.clients[client]++
	return nil
}

func (c *socketCaps) release(game, client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games[game]--; c.games[game] <= 0 {
		delete(c.games, game)
	}
	if c.clients[client]--; c.clients[client] <= 0 {
		delete(c.clients, client)
	}
}

// contentSecurityPolicy lets the page load only its own scripts (no inline
// script, no eval), styles (inline style attributes are allowed: the board
// sets some), images and connections, and be framed by no site.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// secured sets the security headers on every reply and refuses a
// cross-origin browser request that would change state (a game created, a
// scenario uploaded, an action played through a visitor's browser by
// another site): net/http's CrossOriginProtection reads Sec-Fetch-Site and
// Origin; requests without them (not from a browser) pass.
func (s *Server) secured(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, match.Errorf(match.CodeUnauthorized, "a cross-origin request may not change state"))
	}))
	inner := cop.Handler(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		if !scriptOrStyle(r.URL.Path) {
			// Document policies; a script or a style sheet is no document,
			// and every revalidation of one (a 304) would carry them again
			// (issue 18: a warm reload under 20 KB).
			hd.Set("Content-Security-Policy", contentSecurityPolicy)
			hd.Set("X-Frame-Options", "DENY")
			hd.Set("Referrer-Policy", "no-referrer")
		}
		inner.ServeHTTP(w, r)
	})
}

// scriptOrStyle reports whether path names one of the client's scripts or
// style sheets, which need no document policy headers.
func scriptOrStyle(path string) bool {
	return strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".css")
}
