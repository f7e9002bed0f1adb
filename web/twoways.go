package web

import (
	"context"
	"net/http"
	"time"

	"m44/match"
)

// "Two ways" (issue 13): a scenario played twice, sides swapped, medals
// added (match/twoways.go). The second game starts when the first ends.

// TwoWaysLeg is one game of the pair.
type TwoWaysLeg struct {
	Game   string         `json:"game"`
	Leg    int            `json:"leg"`
	Medals map[string]int `json:"medals"` // per side
	Over   bool           `json:"over"`
	Winner string         `json:"winner,omitempty"`
}

// TwoWaysPlayer is a player of the pair, named by their seat in the first
// game (their side there), with their medals of both games added.
type TwoWaysPlayer struct {
	Seat       string `json:"seat"`        // in the first game
	SecondSeat string `json:"second_seat"` // in the second
	Medals     int    `json:"medals"`
}

// TwoWays is GET /api/games/{id}/two-ways.
type TwoWays struct {
	Legs    []TwoWaysLeg    `json:"legs"`
	Players []TwoWaysPlayer `json:"players"`
	Over    bool            `json:"over"`
	// Leader is the first-game seat of the player with more medals once
	// both games are over ("" for a tie, or before).
	Leader string `json:"leader,omitempty"`
}

func legOf(m *match.Match) TwoWaysLeg {
	al, ax, over, w := m.Medals()
	return TwoWaysLeg{Game: m.ID(), Leg: m.Leg(), Medals: map[string]int{"allies": al, "axis": ax}, Over: over, Winner: w}
}

// twoWays answers the pair's state ({"two_ways":null} for another game).
func (s *Server) twoWays(w http.ResponseWriter, r *http.Request) {
	m := s.game(w, r)
	if m == nil {
		return
	}
	if m.Leg() == 0 {
		writeJSON(w, http.StatusOK, map[string]any{"two_ways": nil})
		return
	}
	first := m
	if m.Leg() == 2 {
		f, err := s.games.Follow(r.Context(), match.FirstLegID(m.ID()))
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		first = f
	}
	out := TwoWays{Legs: []TwoWaysLeg{legOf(first)}}
	if out.Legs[0].Over {
		// Made here too, should the server have stopped as the first ended.
		second, err := s.games.SecondLeg(r.Context(), first)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		out.Legs = append(out.Legs, legOf(second))
	}
	for _, side := range []string{"allies", "axis"} {
		other := map[string]string{"allies": "axis", "axis": "allies"}[side]
		p := TwoWaysPlayer{Seat: side, SecondSeat: other, Medals: out.Legs[0].Medals[side]}
		if len(out.Legs) == 2 {
			p.Medals += out.Legs[1].Medals[other]
		}
		out.Players = append(out.Players, p)
	}
	if len(out.Legs) == 2 && out.Legs[1].Over {
		out.Over = true
		switch a, b := out.Players[0].Medals, out.Players[1].Medals; {
		case a > b:
			out.Leader = "allies"
		case b > a:
			out.Leader = "axis"
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"two_ways": out})
}

// secondLeg starts the second game of a "two ways" pair whose first game
// has just ended.
func (s *Server) secondLeg(m *match.Match) {
	if m.Leg() != 1 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.games.SecondLeg(ctx, m); err != nil {
		s.log.Error("cannot start the second game", "game", m.ID(), "err", err)
	}
}
