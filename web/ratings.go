package web

import (
	"context"
	"errors"
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
// Team games are refused rated at creation (match.Create); a game where
// one account holds both sides, or a seat has no account, rates no one.
//
// A rated game's ratings are pending in the store from its creation until
// SetRatings stores them with the accounts' new ratings, in one
// transaction; a server that stopped between a game's end and its ratings
// rates the finished games still pending when it starts (ratePending), so
// that no rating is lost and none is counted twice.

// rate updates the ratings after the game m ended.
func (s *Server) rate(m *match.Match) {
	if !m.Rated() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// One game at a time: each reads the accounts' ratings and writes
	// them back (one server per database).
	s.rateMu.Lock()
	defer s.rateMu.Unlock()
	out, ok, err := s.ratingsOf(ctx, m)
	if err != nil {
		s.log.Error("rating: cannot read an account", "game", m.ID(), "err", err)
		return
	}
	if !ok {
		return // not over
	}
	err = s.opts.Store.SetRatings(ctx, m.ID(), out)
	switch {
	case errors.Is(err, store.ErrExists):
		return // rated already
	case err != nil:
		s.log.Error("rating: cannot store the ratings", "game", m.ID(), "err", err)
		return
	}
	s.log.Info("ratings updated", "game", m.ID(), "accounts", len(out))
}

// ratingsOf computes the accounts' ratings after the finished game m: none
// when the game rates no one; ok is false while the game is not over.
func (s *Server) ratingsOf(ctx context.Context, m *match.Match) (out map[string]store.Rating, ok bool, err error) {
	owners, over, winner := m.Owners()
	if !over {
		return nil, false, nil
	}
	out = map[string]store.Rating{}
	if len(owners) != 2 {
		return out, true, nil
	}
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
				return nil, true, err
			}
			sides[i] = side{account: &a, player: rating.Player{Rating: a.Rating.Rating, RD: a.Rating.RD, Vol: a.Rating.Vol}}
		case strings.HasPrefix(o.Kind, "bot:"):
			p, found := rating.Bots[strings.TrimPrefix(o.Kind, "bot:")]
			if !found {
				return out, true, nil
			}
			sides[i] = side{player: p}
		default:
			return out, true, nil // a player without an account: not rated
		}
	}
	if sides[0].account == nil && sides[1].account == nil ||
		sides[0].account != nil && sides[1].account != nil && sides[0].account.ID == sides[1].account.ID {
		return out, true, nil
	}
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
	return out, true, nil
}

// ratePending rates the finished rated games whose ratings were not
// stored (the server stopped in between), oldest first.
func (s *Server) ratePending(ctx context.Context) {
	ids, err := s.opts.Store.PendingRatings(ctx)
	if err != nil {
		s.log.Error("rating: cannot list the pending ratings", "err", err)
		return
	}
	for _, id := range ids {
		m, err := s.games.Get(ctx, id)
		if err != nil {
			s.log.Error("rating: cannot load a finished game", "game", id, "err", err)
			continue
		}
		s.log.Info("rating a game that ended before the server stopped", "game", id)
		s.rate(m)
	}
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
