// Package loadtest plays many games at once against an m44 server through
// its public HTTP API (docs/web-api.md), as players would: each game is a
// hot-seat table whose holder reads its snapshot and posts one of the legal
// actions, again and again (with Config.WebSocket, each seat follows its
// game on a WebSocket and sends its actions on it). It measures the
// actions: how many per second, and the latency of each (from the POST to
// its reply, or from the socket's message to its ack; issue 14's load
// benchmark).
package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"m44/internal/jsonenc"
)

// Config is one run.
type Config struct {
	URL      string        // the server, e.g. http://127.0.0.1:8044
	Scenario string        // the scenario id
	Games    int           // concurrent games
	Duration time.Duration // how long to play
	Seed     uint64
	// Think is a pause before each action (0: as fast as the server
	// answers).
	Think time.Duration
	// ThinkSpread spreads each pause uniformly over Think×(1±ThinkSpread)
	// (0: every pause is Think), as players' thinking varies: with equal
	// pauses the games answered by one group commit all act again at the
	// same moment, and the bursts go on (docs/web-api.md, ninth pass).
	ThinkSpread float64
	// LatencyLog, if not nil, gets a line per action answered: when it
	// was answered (seconds since the play started) and its latency
	// (ms), in time order, to set beside the server's own timeline (its
	// GODEBUG=gctrace=1, its log): docs/web-api.md, ninth pass.
	LatencyLog io.Writer
	// Warmup, if not 0: the result also gives the figures of the actions
	// answered after the run's first Warmup (Steady), when every game has
	// opened its sockets, made its first moves and the server's heap has
	// grown to its working size: all the games start at the same instant,
	// a burst a live server does not see (docs/web-api.md, tenth pass).
	Warmup time.Duration
	// FullLog: each snapshot read carries the log's last 250 entries, as
	// a client without the earlier ones reads it; otherwise the player
	// asks only for the entries since the version it last saw (?since=N),
	// as a client that keeps the log does.
	FullLog bool
	// NoGzip: the player does not accept gzip-compressed replies (a
	// browser does; on loopback compression only costs).
	NoGzip bool
	// WebSocket: each seat of each game follows the game over a WebSocket
	// (GET …/ws, compressed as browsers ask) and acts when an update says
	// it is to act, as two players in two browsers do, rather than reading
	// snapshots. It sends its actions on the socket ({"type":"action"},
	// answered {"type":"ack"} or {"type":"error"}) unless WSPost.
	WebSocket bool
	// WSPost: with WebSocket, the actions are POSTed (POST …/actions), as
	// before the socket carried them (issue 14, fifth pass: the two
	// compared).
	WSPost bool
}

// Result is what a run measured.
type Result struct {
	Games              int
	Elapsed            time.Duration
	Actions            int // actions accepted (200)
	Refused            int // actions refused (stale, illegal, rate-limited…)
	Errors             int // transport errors and 5xx
	Finished           int // games that ended during the run
	PerSecond          float64
	P50, P90, P99, Max time.Duration
	// ServerCPU is the CPU time the server's process used while the
	// games were played (its /metrics' process_cpu_seconds_total, read
	// before and after; 0 if it cannot be read). With the server in the
	// load client's process it counts the client too.
	ServerCPU time.Duration
	// WSMessages and WSBytes count the WebSocket messages received and
	// their size (uncompressed).
	WSMessages, WSBytes int
	// ClientSched is p50, p90, p99 of the time the client's goroutines
	// waited to run during the run (sched.go); nil if unknown.
	ClientSched []time.Duration
	// Steady is the run after its warm-up (Config.Warmup), nil without
	// one: its Elapsed, Actions, PerSecond and latencies.
	Steady *Result
}

// CPUPerAction is the server's CPU time per action accepted (0 if unknown).
func (r Result) CPUPerAction() time.Duration {
	if r.ServerCPU <= 0 || r.Actions == 0 {
		return 0
	}
	return r.ServerCPU / time.Duration(r.Actions)
}

func (r Result) String() string {
	s := fmt.Sprintf("%d games, %v: %d actions (%.0f/s), %d refused, %d errors, %d games finished; action latency p50 %v p90 %v p99 %v max %v",
		r.Games, r.Elapsed.Round(time.Millisecond), r.Actions, r.PerSecond, r.Refused, r.Errors, r.Finished,
		r.P50.Round(10*time.Microsecond), r.P90.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond))
	if c := r.CPUPerAction(); c > 0 {
		s += fmt.Sprintf("; server CPU %.2f s, %v per action (%.0f actions per CPU-second)",
			r.ServerCPU.Seconds(), c.Round(time.Microsecond), float64(r.Actions)/r.ServerCPU.Seconds())
	}
	if r.WSMessages > 0 {
		s += fmt.Sprintf("; %d WebSocket messages, %d bytes on average", r.WSMessages, r.WSBytes/r.WSMessages)
	}
	if len(r.ClientSched) == 3 {
		s += fmt.Sprintf("; the client's goroutines waited to run p50 %v p90 %v p99 %v (at most)",
			r.ClientSched[0].Round(time.Microsecond), r.ClientSched[1].Round(time.Microsecond), r.ClientSched[2].Round(time.Microsecond))
	}
	if st := r.Steady; st != nil {
		s += fmt.Sprintf("\nafter the first %v (warm-up): %d actions in %v (%.0f/s); action latency p50 %v p90 %v p99 %v max %v",
			r.Elapsed-st.Elapsed, st.Actions, st.Elapsed.Round(time.Millisecond), st.PerSecond,
			st.P50.Round(10*time.Microsecond), st.P90.Round(10*time.Microsecond), st.P99.Round(10*time.Microsecond), st.Max.Round(10*time.Microsecond))
	}
	return s
}

type snapshot struct {
	Version  int     `json:"version"`
	Over     bool    `json:"over"`
	ToAct    *string `json:"to_act"`
	YourTurn bool    `json:"your_turn"`
	Legal    []struct {
		Action string `json:"action"`
	} `json:"legal"`
}

type created struct {
	Game   string            `json:"game"`
	Tokens map[string]string `json:"tokens"`
}

// Run plays cfg.Games games for cfg.Duration and measures.
func Run(ctx context.Context, cfg Config) (Result, error) {
	tr := &http.Transport{MaxIdleConns: cfg.Games * 2, MaxIdleConnsPerHost: cfg.Games * 2, IdleConnTimeout: time.Minute,
		DisableCompression: cfg.NoGzip}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	p := &player{cfg: cfg, client: client}
	// Create the games first: the measure is of play.
	games := make([]created, cfg.Games)
	for i := range games {
		var c created
		body := map[string]any{"scenario": cfg.Scenario, "seats": map[string]string{"allies": "human", "axis": "human"},
			"hotseat": true, "seed": cfg.Seed + uint64(i)}
		if code, err := p.do(ctx, "POST", "/api/games", body, &c); err != nil || code != http.StatusCreated {
			return Result{}, fmt.Errorf("create game %d: status %d: %v", i, code, err)
		}
		games[i] = c
	}
	cpu0, cpuErr := p.serverCPU(ctx)
	pctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	sched0 := readSched()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range games {
		if cfg.WebSocket {
			for k, seat := range []string{"allies", "axis"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					p.playWS(pctx, games[i], seat, rand.New(rand.NewPCG(cfg.Seed, uint64(2*i+k))))
				}()
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.play(pctx, games[i], rand.New(rand.NewPCG(cfg.Seed, uint64(i))))
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	sched1 := readSched()
	r := Result{Games: cfg.Games, Elapsed: elapsed, Actions: len(p.lat), Refused: p.refused, Errors: p.errors, Finished: p.finished,
		WSMessages: p.wsMsgs, WSBytes: p.wsBytes, ClientSched: schedQuantiles(sched0, sched1, 0.5, 0.9, 0.99)}
	if cpu1, err := p.serverCPU(ctx); err == nil && cpuErr == nil && cpu1 > cpu0 {
		r.ServerCPU = cpu1 - cpu0
	}
	r.PerSecond = float64(r.Actions) / elapsed.Seconds()
	if cfg.LatencyLog != nil {
		if err := writeLatencies(cfg.LatencyLog, start, p.at, p.lat); err != nil {
			return r, fmt.Errorf("latency log: %w", err)
		}
	}
	if cfg.Warmup > 0 && cfg.Warmup < elapsed {
		cut := start.Add(cfg.Warmup)
		var lat []time.Duration
		for i, at := range p.at {
			if !at.Before(cut) {
				lat = append(lat, p.lat[i])
			}
		}
		st := &Result{Elapsed: elapsed - cfg.Warmup, Actions: len(lat)}
		st.PerSecond = float64(st.Actions) / st.Elapsed.Seconds()
		st.quantiles(lat)
		r.Steady = st
	}
	r.quantiles(p.lat)
	return r, nil
}

// quantiles sets the latencies' p50, p90, p99 and max (it sorts lat).
func (r *Result) quantiles(lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	q := func(f float64) time.Duration { return lat[min(len(lat)-1, int(f*float64(len(lat))))] }
	r.P50, r.P90, r.P99, r.Max = q(0.50), q(0.90), q(0.99), lat[len(lat)-1]
}

// writeLatencies writes each answer's time since start (s) and latency
// (ms), in time order.
func writeLatencies(w io.Writer, start time.Time, at []time.Time, lat []time.Duration) error {
	idx := make([]int, len(at))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return at[a].Compare(at[b]) })
	bw := bufio.NewWriter(w)
	for _, i := range idx {
		fmt.Fprintf(bw, "%.4f %.3f\n", at[i].Sub(start).Seconds(), float64(lat[i])/float64(time.Millisecond))
	}
	return bw.Flush()
}

type player struct {
	cfg    Config
	client *http.Client

	mu                        sync.Mutex
	lat                       []time.Duration
	at                        []time.Time // when each was answered (LatencyLog only)
	refused, errors, finished int
	wsMsgs, wsBytes           int
}

func (p *player) do(ctx context.Context, method, path string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.cfg.URL+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, err
		}
	}
	return resp.StatusCode, nil
}

// serverCPU reads the server's process_cpu_seconds_total from its
// /metrics (Prometheus text).
func (p *player) serverCPU(ctx context.Context) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", p.cfg.URL+"/metrics", nil)
	if err != nil {
		return 0, err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "process_cpu_seconds_total "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0, err
			}
			return time.Duration(f * float64(time.Second)), nil
		}
	}
	return 0, errors.New("no process_cpu_seconds_total in /metrics")
}

// play plays one game until ctx is done or the game is over. It reads the
// snapshot of the seat it believes is to act (one GET per action; a wrong
// guess costs one more).
func (p *player) play(ctx context.Context, g created, r *rand.Rand) {
	tr := p.thinkRand(r)
	seat := "allies"
	seen := 0 // the last version read
	for ctx.Err() == nil {
		var s snapshot
		path := "/api/games/" + g.Game + "?token=" + g.Tokens[seat]
		if !p.cfg.FullLog {
			path += "&since=" + strconv.Itoa(seen)
		}
		if _, err := p.do(ctx, "GET", path, nil, &s); err != nil {
			p.count(0, err)
			return
		}
		seen = s.Version
		if s.Over {
			p.mu.Lock()
			p.finished++
			p.mu.Unlock()
			return
		}
		if s.ToAct == nil {
			return
		}
		if !s.YourTurn || len(s.Legal) == 0 {
			seat = *s.ToAct
			continue
		}
		if p.cfg.Think > 0 {
			select {
			case <-time.After(p.pause(tr)):
			case <-ctx.Done():
				return
			}
		}
		if !p.act(ctx, g, seat, &s, r) {
			return
		}
	}
}

// thinkRand is the source of a player's pauses (nil: they are all
// Think), seeded from r so that the choices r makes stay each seed's.
func (p *player) thinkRand(r *rand.Rand) *rand.Rand {
	if p.cfg.Think <= 0 || p.cfg.ThinkSpread <= 0 {
		return nil
	}
	return rand.New(rand.NewPCG(r.Uint64(), r.Uint64()))
}

// pause is the player's next pause before acting: Think, spread by
// ThinkSpread.
func (p *player) pause(tr *rand.Rand) time.Duration {
	if tr == nil {
		return p.cfg.Think
	}
	f := 1 + p.cfg.ThinkSpread*(2*tr.Float64()-1)
	return time.Duration(float64(p.cfg.Think) * max(f, 0))
}

// playWS plays seat of game g over a WebSocket until ctx is done or the
// game is over: each update carries the seat's snapshot; when it is the
// seat's turn, it sends one of its legal actions on the socket (or POSTs
// it: WSPost); an action sent from an update already outdated is refused
// as stale, and the next update tells. Its counts are kept here and added
// to the run's at the end (a lock taken for every message made the
// sockets' goroutines wait on each other).
func (p *player) playWS(ctx context.Context, g created, seat string, r *rand.Rand) {
	tr := p.thinkRand(r)
	t := wsTally{logAt: p.cfg.LatencyLog != nil || p.cfg.Warmup > 0}
	defer p.addTally(&t)
	u := strings.Replace(p.cfg.URL, "http", "ws", 1) + "/api/games/" + g.Game + "/ws?since=0&ack=delta&token=" + g.Tokens[seat]
	d := websocket.Dialer{EnableCompression: true, HandshakeTimeout: 30 * time.Second} // (compression: as browsers ask)
	c, _, err := d.DialContext(ctx, u, nil)
	if err != nil {
		t.count(err)
		return
	}
	defer c.Close()
	// The end of the run closes the socket, which ends its read.
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	c.SetReadLimit(16 << 20)
	// Its messages (actions, under 200 bytes) go uncompressed: deflate
	// gains nothing on them (coder/websocket, this client's library
	// before, compressed no message this small either).
	c.EnableWriteCompression(false)
	acted := -1 // the version the seat last acted at
	var s wsSnapshot
	var sent time.Time // an action sent on the socket awaits its answer
	id := 0
	var in bytes.Buffer // each message read, in one buffer reused
	var out []byte      // each action written, likewise
	var think *time.Timer
	for ctx.Err() == nil {
		_, rd, err := c.NextReader()
		if err == nil {
			in.Reset()
			_, err = in.ReadFrom(rd)
		}
		if err != nil {
			if ctx.Err() == nil {
				t.count(err)
			}
			return
		}
		raw := in.Bytes()
		t.msgs++
		t.bytes += len(raw)
		if !sent.IsZero() {
			// The answer to the action: the server writes "type" first,
			// and an ack either alone or (the socket opened with
			// ack=delta) in the delta the action caused, "ack" its first
			// member after "type".
			ack, refused := bytes.HasPrefix(raw, []byte(`{"type":"ack"`)), bytes.HasPrefix(raw, []byte(`{"type":"error"`))
			inDelta := bytes.HasPrefix(raw, []byte(`{"type":"delta","ack":`))
			if ack || refused || inDelta {
				failed := refused && (bytes.Contains(raw, []byte(`"code":"internal"`)) || bytes.Contains(raw, []byte(`"code":"unavailable"`)))
				t.answered(ack || inDelta, failed, time.Since(sent))
				sent = time.Time{}
				if !inDelta {
					continue
				}
			}
		}
		if err := s.apply(raw); err != nil {
			if errors.Is(err, errNotBase) {
				// Not the snapshot the delta follows (should not happen):
				// ask for a whole update, and skip deltas until it comes.
				if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"full"}`)); err != nil {
					if ctx.Err() == nil { // (the end of the run closes the socket)
						t.count(err)
					}
					return
				}
				continue
			}
			t.count(fmt.Errorf("bad update: %v", err))
			return
		}
		if !s.have {
			continue
		}
		if s.over {
			if seat == "allies" {
				t.finished++
			}
			return
		}
		if !s.yourTurn || len(s.legal) == 0 || s.version == acted || !sent.IsZero() {
			continue
		}
		n, err := s.legalCount()
		if err != nil {
			t.count(fmt.Errorf("bad update: %v", err))
			return
		}
		if n == 0 {
			continue
		}
		if p.cfg.Think > 0 {
			if think == nil {
				think = time.NewTimer(p.pause(tr))
				defer think.Stop()
			} else {
				think.Reset(p.pause(tr)) // one timer for the socket's life
			}
			select {
			case <-think.C:
			case <-ctx.Done():
				return
			}
		}
		acted = s.version
		if !p.cfg.WSPost {
			id++
			a, err := s.legalAction(r.IntN(n))
			if err != nil {
				t.count(fmt.Errorf("bad update: %v", err))
				return
			}
			out = append(out[:0], `{"type":"action","action":`...)
			out = jsonenc.String(out, a)
			out = append(out, `,"version":`...)
			out = strconv.AppendInt(out, int64(s.version), 10)
			out = append(out, `,"id":`...)
			out = strconv.AppendInt(out, int64(id), 10)
			out = append(out, '}')
			sent = time.Now()
			if err := c.WriteMessage(websocket.TextMessage, out); err != nil {
				if ctx.Err() == nil { // (the end of the run closes the socket)
					t.count(err)
				}
				return
			}
			continue
		}
		snap := snapshot{Version: s.version, Over: s.over, YourTurn: s.yourTurn}
		if err := json.Unmarshal(s.legal, &snap.Legal); err != nil {
			t.count(fmt.Errorf("bad update: %v", err))
			return
		}
		if !p.act(ctx, g, seat, &snap, r) {
			return
		}
	}
}

// wsTally is what one socket's player counted.
type wsTally struct {
	lat                       []time.Duration
	at                        []time.Time // (LatencyLog only)
	logAt                     bool
	refused, errors, finished int
	msgs, bytes               int
}

func (t *wsTally) answered(ok, failed bool, d time.Duration) {
	switch {
	case failed:
		t.errors++
	case ok:
		t.lat = append(t.lat, d)
		if t.logAt {
			t.at = append(t.at, time.Now())
		}
	default:
		t.refused++
	}
}

func (t *wsTally) count(err error) {
	if err != nil && !ctxDone(err) {
		t.errors++
	}
}

func (p *player) addTally(t *wsTally) {
	p.mu.Lock()
	p.lat = append(p.lat, t.lat...)
	p.at = append(p.at, t.at...)
	p.refused += t.refused
	p.errors += t.errors
	p.finished += t.finished
	p.wsMsgs += t.msgs
	p.wsBytes += t.bytes
	p.mu.Unlock()
}

// wsSnapshot is what a WebSocket player knows of its snapshot: a whole
// update's, then each delta applied (docs/web-api.md, "Update and delta").
// Only the fields the player reads are kept; the legal actions as their
// JSON, read when the player picks one (scan.go).
type wsSnapshot struct {
	version        int
	over, yourTurn bool
	legal          []byte // the JSON array, copied (the message's buffer is reused)
	have           bool   // a whole update came (and no delta failed to apply since)
}

var errNotBase = errors.New("a delta from another version")

// apply applies one message from the server. A delta's "set" is read
// where it stands, in the one walk over the message: the server writes
// "type" and "base" before it (docs/web-api.md), so whether it applies is
// known when it comes.
func (s *wsSnapshot) apply(raw []byte) error {
	var typ, snap, unset []byte
	base, hasBase, setRead := 0, false, false
	_, err := jsonenc.EachMemberAt(raw, func(k []byte, i int) (int, error) {
		var err error
		switch string(k) {
		case "set":
			if string(typ) == `"delta"` && s.have && hasBase && base == s.version {
				n, err := s.fields(raw[i:])
				setRead = err == nil
				return i + n, err
			}
		}
		end := jsonenc.SkipValue(raw, i)
		if end < 0 {
			return 0, jsonenc.ErrSyntax
		}
		v := raw[i:end]
		switch string(k) {
		case "type":
			typ = v
		case "base":
			base, err = jsonInt(v)
			hasBase = err == nil
		case "snapshot":
			snap = v
		case "unset":
			unset = v
		}
		return end, err
	})
	if err != nil {
		return err
	}
	switch string(typ) {
	case `"update"`:
		if snap == nil || string(snap) == "null" {
			return errors.New("an update without snapshot")
		}
		*s = wsSnapshot{legal: s.legal[:0]}
		if _, err := s.fields(snap); err != nil {
			return err
		}
		s.have = true
	case `"delta"`:
		if !s.have {
			return nil // a whole update is on its way
		}
		if base != s.version && !setRead {
			s.have = false
			return errNotBase
		}
		if unset != nil {
			err := jsonenc.EachElement(unset, func(v []byte) error {
				if string(v) == `"legal"` {
					s.legal = s.legal[:0]
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
	case `"error"`:
		return fmt.Errorf("%s", raw)
	}
	return nil
}

// fields reads the members of the snapshot, or of the delta's "set", at
// the start of obj that the player reads, and answers where it ends.
func (s *wsSnapshot) fields(obj []byte) (int, error) {
	return jsonenc.EachMemberAt(obj, func(k []byte, i int) (int, error) {
		end := jsonenc.SkipValue(obj, i)
		if end < 0 {
			return 0, jsonenc.ErrSyntax
		}
		v := obj[i:end]
		var err error
		switch string(k) {
		case "version":
			s.version, err = jsonInt(v)
		case "over":
			s.over, err = jsonBool(v)
		case "your_turn":
			s.yourTurn, err = jsonBool(v)
		case "legal":
			if string(v) == "null" {
				v = nil
			}
			s.legal = append(s.legal[:0], v...)
		}
		return end, err
	})
}

// legalCount is the number of legal actions.
func (s *wsSnapshot) legalCount() (int, error) {
	if len(s.legal) == 0 {
		return 0, nil
	}
	n := 0
	err := jsonenc.EachElement(s.legal, func([]byte) error { n++; return nil })
	return n, err
}

// legalAction is the action of the k-th legal action.
func (s *wsSnapshot) legalAction(k int) (string, error) {
	var a string
	found := false
	i := 0
	err := jsonenc.EachElement(s.legal, func(v []byte) error {
		if i == k {
			err := jsonenc.EachMember(v, func(key, val []byte) error {
				if string(key) == "action" {
					var err error
					a, found, err = jsonString(val)
					return err
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		i++
		return nil
	})
	if err == nil && !found {
		err = errors.New("a legal action without its action")
	}
	return a, err
}

// act plays one of the legal actions of s for seat, at random, and counts
// its answer and latency. It reports false once the run's context has ended
// (an action cut by the end of the run is not counted).
func (p *player) act(ctx context.Context, g created, seat string, s *snapshot, r *rand.Rand) bool {
	a := s.Legal[r.IntN(len(s.Legal))].Action
	t0 := time.Now()
	code, err := p.do(ctx, "POST", "/api/games/"+g.Game+"/actions", map[string]any{"token": g.Tokens[seat], "action": a, "version": s.Version}, nil)
	if ctx.Err() != nil {
		return false
	}
	p.answered(err == nil && code == http.StatusOK, err != nil || code >= 500, time.Since(t0))
	return true
}

// answered counts an action's answer: accepted (with its latency),
// failed (a transport error, a 5xx) or else refused.
func (p *player) answered(ok, failed bool, d time.Duration) {
	p.mu.Lock()
	switch {
	case failed:
		p.errors++
	case ok:
		p.lat = append(p.lat, d)
		if p.cfg.LatencyLog != nil || p.cfg.Warmup > 0 {
			p.at = append(p.at, time.Now())
		}
	default:
		p.refused++
	}
	p.mu.Unlock()
}

func (p *player) count(code int, err error) {
	if err == nil && code < 500 || ctxDone(err) {
		return
	}
	p.mu.Lock()
	p.errors++
	p.mu.Unlock()
}

func ctxDone(err error) bool {
	return err != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled))
}
