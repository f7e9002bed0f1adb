package web

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"time"

	"m44/match"
	"m44/rating"
	"m44/store"
)

// Ratings (issue 13): a rated game between two accounts, or between an
// account and a bot, updates the accounts' Glicko-2 ratings when it ends
// (one game, one rating period); bots keep fixed ratings (rating.Bots).
// Team games and games where one account holds both sides are not rated.

// rate updates the ratings after the game m ended.
func (s *Server) rate(m *match.Match) {
	if !m.Rated() {
		return
	}
	owners, over, winner := m.Owners()
	if !over || len(owners) != 2 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	type side struct {
		account *store.Account
		player  rating.Player
	}
	var sides [2]side
	for i, o := range owners {
		switch {
		case o.Account != "":
			a, err := s.opts.Store.Account(ctx, o.Account)
			if err != nil {
				s.log.Error("rating: cannot read an account", "game", m.ID(), "err", err)
				return
			}
			sides[i] = side{account: &a, player: rating.Player{Rating: a.Rating.Rating, RD: a.Rating.RD, Vol: a.Rating.Vol}}
		case strings.HasPrefix(o.Kind, "bot:"):
			p, ok := rating.Bots[strings.TrimPrefix(o.Kind, "bot:")]
			if !ok {
				return
			}
			sides[i] = side{player: p}
		default:
			return // a player without an account: not rated
		}
	}
	if sides[0].account == nil && sides[1].account == nil ||
		sides[0].account != nil && sides[1].account != nil && sides[0].account.ID == sides[1].account.ID {
		return
	}
	out := map[string]store.Rating{}
	for i, sd := range sides {
		if sd.account == nil {
			continue
		}
		score := 0.0
		switch {
		case winner == "":
			score = 0.5 // a draw: the game reached its limit of actions with equal medals
		case owners[i].Side == winner:
			score = 1
		}
		p := rating.Update(sd.player, []rating.Result{{Opponent: sides[1-i].player, Score: score}}, rating.Tau)
		out[sd.account.ID] = store.Rating{Rating: p.Rating, RD: p.RD, Vol: p.Vol, Games: sd.account.Rating.Games + 1}
	}
	if err := s.opts.Store.SetRatings(ctx, out); err != nil {
		s.log.Error("rating: cannot store the ratings", "game", m.ID(), "err", err)
		return
	}
	s.log.Info("ratings updated", "game", m.ID(), "accounts", len(out))
}

// BotRating is a bot level's fixed rating in the leaderboard.
type BotRating struct {
	Level  string  `json:"level"`
	Rating float64 `json:"rating"`
}

// leaderboard is GET /api/leaderboard: the accounts with rated games, best
// first (at most 100), and the bots' fixed ratings.
func (s *Server) leaderboard(w http.ResponseWriter, r *http.Request) {
	top, err := s.opts.Store.TopAccounts(r.Context(), 100)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	players := []AccountJSON{}
	for _, a := range top {
		players = append(players, accountJSON(a))
	}
	bots := []BotRating{}
	for lv, p := range rating.Bots {
		bots = append(bots, BotRating{Level: lv, Rating: p.Rating})
	}
	sort.Slice(bots, func(i, j int) bool { return bots[i].Rating > bots[j].Rating })
	writeJSON(w, http.StatusOK, map[string]any{"players": players, "bots": bots})
}
