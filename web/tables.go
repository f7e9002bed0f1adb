package web

import (
	"math/rand/v2"
	"net/http"

	"m44/match"
)

// The lobby of games (issue 13): open tables to join, "any opponent", live
// games to watch. A table is a game created with open seats
// (POST /api/games with "open"); docs/web-api.md, "Lobby of games".

// TablesReply is GET /api/tables.
type TablesReply struct {
	Open []match.TableInfo `json:"open"`
	Live []match.TableInfo `json:"live"`
}

// maxListed bounds each list.
const maxListed = 100

func (s *Server) listTables(w http.ResponseWriter, r *http.Request) {
	lang := r.URL.Query().Get("lang")
	open, live := s.games.Tables(lang)
	if len(open) > maxListed {
		open = open[:maxListed]
	}
	if len(live) > maxListed {
		live = live[:maxListed]
	}
	s.nameTables(r, open, live)
	if r.Context().Value(forwardedKey{}) != nil {
		// Another node's lobby asks for this node's tables (cluster.go).
		writeJSON(w, http.StatusOK, peerTablesOf(open, live))
		return
	}
	if s.opts.Cluster != nil {
		open, live = s.withPeerTables(r, lang, open, live)
	}
	if open == nil {
		open = []match.TableInfo{}
	}
	if live == nil {
		live = []match.TableInfo{}
	}
	writeJSON(w, http.StatusOK, TablesReply{Open: open, Live: live})
}

// nameTables names the players of the tables' seats bound to accounts.
func (s *Server) nameTables(r *http.Request, open, live []match.TableInfo) {
	names := map[string]*AccountJSON{}
	for _, list := range [][]match.TableInfo{open, live} {
		for i := range list {
			for j := range list[i].Seats {
				ts := &list[i].Seats[j]
				if ts.Account == "" {
					continue
				}
				a, ok := names[ts.Account]
				if !ok {
					if acc, err := s.opts.Store.Account(r.Context(), ts.Account); err == nil {
						aj := accountJSON(acc)
						a = &aj
					}
					names[ts.Account] = a
				}
				if a != nil {
					ts.Player, ts.Rating = a.Name, int(a.Rating+0.5)
				}
			}
		}
	}
}

// join is POST /api/games/{id}/join {"seat"?}: take an open seat (a
// signed-in player's becomes their account's).
func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Seat string `json:"seat"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	acc, err := s.account(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	m := s.game(w, r)
	if m == nil {
		return
	}
	id := ""
	if acc != nil {
		id = acc.ID
	}
	j, err := m.Join(r.Context(), req.Seat, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, j)
}

// AutoReply is the reply to POST /api/tables/auto: a seat at another
// player's table (waiting false), or at a new table of one's own that waits
// for an opponent.
type AutoReply struct {
	match.Joined
	Waiting bool `json:"waiting"`
}

// auto is POST /api/tables/auto {"scenario"?,"avoid"?,"lang"?}: "any
// opponent". It joins the oldest open table (of the scenario, if named)
// that is not among avoid (the browser's own tables); if there is none it
// opens a table of the scenario (needed then) with the caller on a side
// drawn at random.
func (s *Server) auto(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Scenario string       `json:"scenario"`
		Avoid    []string     `json:"avoid"`
		Lang     string       `json:"lang"`
		Clock    *match.Clock `json:"clock"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	acc, err := s.account(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	id := ""
	if acc != nil {
		id = acc.ID
	}
	j, err := s.games.AutoMatch(r.Context(), req.Scenario, id, req.Avoid)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if j == nil && s.opts.Cluster != nil {
		j = s.autoElsewhere(r, req.Scenario, req.Avoid) // the other nodes' tables
	}
	if j != nil {
		writeJSON(w, http.StatusOK, AutoReply{Joined: *j})
		return
	}
	if req.Scenario == "" {
		s.writeError(w, r, match.Errorf(match.CodeNotFound, "no open table: name a scenario to open one"))
		return
	}
	mine, open := "allies", "axis"
	if rand.IntN(2) == 1 {
		mine, open = open, mine
	}
	c, err := s.games.Create(r.Context(), match.CreateRequest{Scenario: req.Scenario, Seats: map[string]string{"allies": "human", "axis": "human"},
		Open: []string{open}, Lang: req.Lang, Clock: req.Clock, Rated: acc != nil})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if acc != nil {
		if m, err := s.games.Get(r.Context(), c.Game); err == nil {
			m.BindSeat(r.Context(), c.Tokens[mine], acc.ID)
		}
	}
	writeJSON(w, http.StatusCreated, AutoReply{Joined: match.Joined{Game: c.Game, Seat: mine, Token: c.Tokens[mine], Link: c.Links[mine]}, Waiting: true})
}
