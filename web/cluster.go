package web

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"m44/match"
)

// Several nodes on one database (docs/web-api.md, "Running several nodes";
// match/cluster.go): a request about a game another node owns is forwarded
// to that node's advertised address (a reverse proxy, so that the client
// sees one server); a WebSocket is served here from a follower copy of the
// game, which the owner's changes reach through the database (LISTEN/NOTIFY).
// A forwarded request carries the nodes' shared secret and the client's
// address, so that the owner applies its limits to the client and not to
// the node; without the secret, both headers are dropped.

const (
	hdrNodeSecret = "X-M44-Node-Secret" // the nodes' secret: forwarded by a node
	hdrNodeClient = "X-M44-Client"      // the client's address (host:port), on a forwarded request
)

// forwardedFor marks a request this node forwards to another for client
// (its address, host:port): the nodes' secret and the client's address,
// which the other node checks and strips (fromNode).
func (s *Server) forwardedFor(h http.Header, client string) {
	h.Set(hdrNodeSecret, s.opts.ClusterSecret)
	h.Set(hdrNodeClient, client)
}

type forwardedKey struct{}

// fromNode believes the client address of a request forwarded by another
// node (it shows the secret), and drops both headers from any other.
func (s *Server) fromNode(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get(hdrNodeSecret)
		client := r.Header.Get(hdrNodeClient)
		r.Header.Del(hdrNodeSecret)
		r.Header.Del(hdrNodeClient)
		if got != "" && s.opts.ClusterSecret != "" && subtle.ConstantTimeCompare([]byte(got), []byte(s.opts.ClusterSecret)) == 1 {
			if _, _, err := net.SplitHostPort(client); err == nil {
				r.RemoteAddr = client
			}
			r = r.WithContext(context.WithValue(r.Context(), forwardedKey{}, true))
		}
		h.ServeHTTP(w, r)
	})
}

// gameOfPath is the game a request is about, if its path names one:
// /api/games/{id}[/…] and /api/me/games/{id}/token. ws reports a
// WebSocket (served here whatever node owns the game).
func gameOfPath(path string) (id string, ws bool) {
	rest, ok := strings.CutPrefix(path, "/api/games/")
	if !ok {
		rest, ok = strings.CutPrefix(path, "/api/me/games/")
		if !ok || !strings.HasSuffix(rest, "/token") {
			return "", false
		}
	}
	id, tail, _ := strings.Cut(rest, "/")
	return id, tail == "ws"
}

// forward sends a request about a game another node owns to that node.
func (s *Server) forward(h http.Handler) http.Handler {
	if s.opts.Cluster == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ws := gameOfPath(r.URL.Path)
		if id == "" || ws {
			h.ServeHTTP(w, r)
			return
		}
		_, err := s.games.Get(r.Context(), id)
		var away *match.Elsewhere
		if !errors.As(err, &away) {
			h.ServeHTTP(w, r) // here, or an error the handler reports
			return
		}
		s.proxy(w, r, away)
	})
}

// nodeTransport carries the requests forwarded to other nodes.
var nodeTransport = &http.Transport{
	DialContext:           (&net.Dialer{Timeout: 2 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	MaxIdleConnsPerHost:   64,
	IdleConnTimeout:       90 * time.Second,
	ResponseHeaderTimeout: 60 * time.Second, // above a chat's long poll
}

// proxy forwards r to the node that owns its game; a node that does not
// answer is a 503 (its games are taken over once its leases expire).
func (s *Server) proxy(w http.ResponseWriter, r *http.Request, away *match.Elsewhere) {
	if r.Context().Value(forwardedKey{}) != nil {
		// Forwarded here, and owned elsewhere again: the lease moved.
		s.unavailable(w, r, "the game is moving to another server: try again")
		return
	}
	target, err := url.Parse(away.Addr)
	if err != nil || target.Host == "" {
		s.log.Error("a node's address does not parse", "node", away.Node, "addr", away.Addr)
		s.unavailable(w, r, "the game's server cannot be reached: try again")
		return
	}
	client := r.RemoteAddr
	p := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.Host = pr.In.Host // the links the owner makes name the client's address
			s.forwardedFor(pr.Out.Header, client)
			pr.Out.Header.Set("X-Request-Id", w.Header().Get("X-Request-Id"))
			// What a reverse proxy in front said of the client (the owner
			// believes it only with --trust-proxy, as this node does).
			for _, h := range []string{"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto"} {
				if v := pr.In.Header.Values(h); len(v) > 0 {
					pr.Out.Header[h] = v
				}
			}
		},
		Transport: nodeTransport,
		ModifyResponse: func(resp *http.Response) error {
			if resp.StatusCode == http.StatusServiceUnavailable {
				s.games.Moved(away.Game) // the owner is leaving, or it moved
			}
			// The owner sets the same policy headers: keep one copy.
			for k := range resp.Header {
				w.Header().Del(k)
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			s.games.Moved(away.Game)
			s.log.Warn("cannot forward a request to the game's node", "game", away.Game, "node", away.Node, "err", err)
			s.unavailable(w, r, "the game's server does not answer: try again in a few seconds (another server takes its games over)")
		},
	}
	s.metrics.forwarded.Inc()
	p.ServeHTTP(w, r)
}

// unavailable answers 503 with Retry-After: the client tries again.
func (s *Server) unavailable(w http.ResponseWriter, r *http.Request, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter(s.opts.ClusterTTL)))
	s.writeError(w, r, match.Errorf(match.CodeUnavailable, "%s", msg))
}

// retryAfter is the seconds to wait for a lease of length ttl to expire.
func retryAfter(ttl time.Duration) int {
	return max(1, int((ttl+time.Second-1)/time.Second))
}

// The lobby of several nodes: each node lists the tables it holds in
// memory, so a node's GET /api/tables asks the other live nodes for theirs
// (with the nodes' secret: they answer their own tables only, with their
// creation times) and merges them, a game listed twice (owner and
// follower) once, at its newest version.

// peerTable is a table as a node tells another.
type peerTable struct {
	match.TableInfo
	Created time.Time `json:"created"`
}

type peerTables struct {
	Open []peerTable `json:"open"`
	Live []peerTable `json:"live"`
}

func peerTablesOf(open, live []match.TableInfo) peerTables {
	conv := func(ts []match.TableInfo) []peerTable {
		out := make([]peerTable, 0, len(ts))
		for _, t := range ts {
			out = append(out, peerTable{TableInfo: t, Created: t.Created})
		}
		return out
	}
	return peerTables{Open: conv(open), Live: conv(live)}
}

// peerWait bounds how long a lobby waits for the other nodes.
const peerWait = 2 * time.Second

// withPeerTables merges the other live nodes' tables into this node's.
func (s *Server) withPeerTables(r *http.Request, lang string, open, live []match.TableInfo) ([]match.TableInfo, []match.TableInfo) {
	ctx, cancel := context.WithTimeout(r.Context(), peerWait)
	defer cancel()
	nodes, err := s.opts.Cluster.Nodes(ctx)
	if err != nil {
		s.log.Warn("lobby: cannot list the other nodes", "err", err)
		return open, live
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, addr := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(addr, "/")+"/api/tables?lang="+url.QueryEscape(lang), nil)
			if err != nil {
				return
			}
			s.forwardedFor(req.Header, r.RemoteAddr)
			resp, err := (&http.Client{Transport: nodeTransport}).Do(req)
			if err != nil {
				s.log.Warn("lobby: a node does not answer", "node", name, "err", err)
				return
			}
			defer resp.Body.Close()
			var p peerTables
			if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 8<<20)).Decode(&p) != nil {
				s.log.Warn("lobby: a node's tables do not read", "node", name, "status", resp.StatusCode)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			for _, t := range p.Open {
				t.TableInfo.Created = t.Created
				open = append(open, t.TableInfo)
			}
			for _, t := range p.Live {
				t.TableInfo.Created = t.Created
				live = append(live, t.TableInfo)
			}
		}()
	}
	wg.Wait()
	return mergeTables(open, true), mergeTables(live, false)
}

// mergeTables keeps each game once (at its newest version), oldest first
// or newest first, at most maxListed.
func mergeTables(ts []match.TableInfo, oldestFirst bool) []match.TableInfo {
	best := map[string]int{}
	var out []match.TableInfo
	for _, t := range ts {
		if i, ok := best[t.Game]; ok {
			if t.Version > out[i].Version {
				out[i] = t
			}
			continue
		}
		best[t.Game] = len(out)
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.Before(out[j].Created) == oldestFirst
		}
		return out[i].Game < out[j].Game
	})
	if len(out) > maxListed {
		out = out[:maxListed]
	}
	return out
}

// autoElsewhere is "any opponent" across the nodes, when this node has no
// open table to offer: a seat at the oldest open table another node holds
// (of the scenario, if one is named; not among avoid), joined on that node
// with the client's cookies (a signed-in player's seat becomes their
// account's there, as on this node). Nil if there is none, or none could be
// joined (taken meanwhile, the node away).
func (s *Server) autoElsewhere(r *http.Request, scenario string, avoid []string) *match.Joined {
	open, _ := s.withPeerTables(r, "", nil, nil)
	for _, t := range open {
		if (scenario != "" && t.Scenario != scenario) || slices.Contains(avoid, t.Game) {
			continue
		}
		_, err := s.games.Get(r.Context(), t.Game)
		var away *match.Elsewhere
		if !errors.As(err, &away) {
			continue // held here (AutoMatch had it), or gone
		}
		if j := s.joinElsewhere(r, away); j != nil {
			return j
		}
	}
	return nil
}

// joinElsewhere takes an open seat of the game away owns: POST
// /api/games/{id}/join on its node, for the client of r.
func (s *Server) joinElsewhere(r *http.Request, away *match.Elsewhere) *match.Joined {
	ctx, cancel := context.WithTimeout(r.Context(), peerWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", strings.TrimSuffix(away.Addr, "/")+"/api/games/"+url.PathEscape(away.Game)+"/join", strings.NewReader("{}"))
	if err != nil {
		return nil
	}
	req.Host = r.Host // the links the owner makes name the client's address
	req.Header.Set("Content-Type", "application/json")
	s.forwardedFor(req.Header, r.RemoteAddr)
	for _, c := range r.Header.Values("Cookie") {
		req.Header.Add("Cookie", c) // the session: the seat becomes the account's
	}
	resp, err := (&http.Client{Transport: nodeTransport}).Do(req)
	if err != nil {
		s.log.Warn("any opponent: a node does not answer", "node", away.Node, "err", err)
		return nil
	}
	defer resp.Body.Close()
	var j match.Joined
	if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&j) != nil || j.Token == "" {
		return nil
	}
	s.metrics.forwarded.Inc()
	return &j
}
