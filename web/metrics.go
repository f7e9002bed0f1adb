package web

// Observability (issue 14): Prometheus metrics at /metrics, /healthz and
// /readyz, and a request id on every request's log line.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"m44/match"
	"m44/store"
)

// metrics are the server's Prometheus metrics, on a registry of its own
// (several servers in one process, as in tests, do not clash).
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	actions   *prometheus.CounterVec
	actionDur prometheus.Histogram
	sockets   prometheus.Gauge
	refusals  *prometheus.CounterVec
	storeDur  *prometheus.HistogramVec
	wsStage   *prometheus.HistogramVec
	pushes    *prometheus.CounterVec
	forwarded prometheus.Counter

	// wsStage's stages: wsRead, wsAct, wsDelta, wsWrite.
	wsRead, wsAct, wsDelta, wsWrite prometheus.Observer
}

var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}

func newMetrics(games func() float64) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "m44_http_requests_total",
			Help: "HTTP requests served, by route pattern and status code."}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "m44_http_request_duration_seconds",
			Help: "Time to serve an HTTP request (WebSockets excluded), by route pattern.", Buckets: latencyBuckets}, []string{"route"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "m44_actions_total",
			Help: "Actions and undos asked of the games, by result (ok or the error code)."}, []string{"result"}),
		actionDur: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "m44_action_duration_seconds",
			Help: "Time to apply an action or undo, from request to reply.", Buckets: latencyBuckets}),
		sockets: prometheus.NewGauge(prometheus.GaugeOpts{Name: "m44_websockets",
			Help: "WebSocket connections open."}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "m44_refused_total",
			Help: "Requests refused by a rate limit or a connection cap, by what was asked."}, []string{"what"}),
		wsStage: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "m44_ws_action_stage_seconds",
			Help: "Time an action sent on a WebSocket spends in each stage: read (from its frame read to the socket's loop taking it), act (applied and stored), delta (the ack's delta made), write (written to the socket).", Buckets: latencyBuckets}, []string{"stage"}),
		storeDur: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "m44_store_duration_seconds",
			Help: "Time spent in the database, by operation.", Buckets: latencyBuckets}, []string{"op"}),
		pushes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "m44_push_messages_total",
			Help: "Web Push messages sent, by result (ok, gone: the subscription was forgotten, error)."}, []string{"result"}),
		forwarded: prometheus.NewCounter(prometheus.CounterOpts{Name: "m44_forwarded_total",
			Help: "Requests forwarded to the node that owns their game (several nodes on one database)."}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.actions, m.actionDur, m.sockets, m.refusals, m.storeDur, m.wsStage, m.pushes, m.forwarded,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "m44_games_live",
			Help: "Games held in memory by the server."}, games),
		// With the Go runtime's goroutine scheduling latencies and the
		// collector's pauses as histograms (go_sched_latencies_seconds,
		// go_gc_pauses_seconds): where an action's tail may come from.
		collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(collectors.GoRuntimeMetricsRule{
			Matcher: regexp.MustCompile(`^/(sched/latencies|gc/pauses):seconds$`)})),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.wsRead, m.wsAct = m.wsStage.WithLabelValues("read"), m.wsStage.WithLabelValues("act")
	m.wsDelta, m.wsWrite = m.wsStage.WithLabelValues("delta"), m.wsStage.WithLabelValues("write")
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

func (m *metrics) refused(what string) {
	if m != nil {
		m.refusals.WithLabelValues(what).Inc()
	}
}

// action counts one action or undo with its result and time.
func (m *metrics) action(err error, d time.Duration) {
	if m == nil {
		return
	}
	result := "ok"
	if err != nil {
		result = string(match.CodeOf(err))
	}
	m.actions.WithLabelValues(result).Inc()
	m.actionDur.Observe(d.Seconds())
}

// timedStore times every call to the store.
type timedStore struct {
	match.Store
	h *prometheus.HistogramVec
}

func (t timedStore) since(op string, start time.Time) {
	t.h.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

func (t timedStore) PutScenario(ctx context.Context, sc store.Scenario) error {
	defer t.since("put_scenario", time.Now())
	return t.Store.PutScenario(ctx, sc)
}

func (t timedStore) Scenario(ctx context.Context, id string) (store.Scenario, error) {
	defer t.since("scenario", time.Now())
	return t.Store.Scenario(ctx, id)
}

func (t timedStore) Scenarios(ctx context.Context) ([]store.Scenario, error) {
	defer t.since("scenarios", time.Now())
	return t.Store.Scenarios(ctx)
}

func (t timedStore) CreateGame(ctx context.Context, g store.Game) error {
	defer t.since("create_game", time.Now())
	return t.Store.CreateGame(ctx, g)
}

func (t timedStore) Game(ctx context.Context, id string) (store.Game, []store.Action, error) {
	defer t.since("game", time.Now())
	return t.Store.Game(ctx, id)
}

func (t timedStore) LiveGames(ctx context.Context) ([]string, error) {
	defer t.since("live_games", time.Now())
	return t.Store.LiveGames(ctx)
}

func (t timedStore) Append(ctx context.Context, game string, a store.Action, over bool, winner string) error {
	defer t.since("append", time.Now())
	return t.Store.Append(ctx, game, a, over, winner)
}

func (t timedStore) SetRecord(ctx context.Context, game string, version int, deal string, outcomes map[int]string) error {
	defer t.since("set_record", time.Now())
	return t.Store.SetRecord(ctx, game, version, deal, outcomes)
}

func (t timedStore) Ping(ctx context.Context) error {
	defer t.since("ping", time.Now())
	return t.Store.Ping(ctx)
}

// healthz is GET /healthz: the process is up (liveness; no database).
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// readyz is GET /readyz: the server takes requests: not shutting down, and
// the database answers.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	select {
	case <-s.done:
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "error": "shutting down"})
		return
	default:
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.opts.Store.Ping(ctx); err != nil {
		s.log.Error("readyz: the database does not answer", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "error": "the database does not answer"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// requestID is the request's id: the client's X-Request-Id if it is short
// and plain, else 16 random hex digits. It is echoed in the reply's
// X-Request-Id and logged with the request.
func requestID(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); id != "" && len(id) <= 64 && plainID(id) {
		return id
	}
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func plainID(s string) bool {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

type ctxKey struct{}

// logFor is the server's logger with the request's id.
func (s *Server) logFor(r *http.Request) *slog.Logger {
	if id, ok := r.Context().Value(ctxKey{}).(string); ok {
		return s.log.With("request", id)
	}
	return s.log
}

func statusLabel(code int) string { return strconv.Itoa(code) }
