package web

import (
	"net/http"

	"m44/match"
)

// onlineRoutes adds the endpoints of online play (issue 13): where links
// point, accounts, ratings.
func (s *Server) onlineRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/server", s.getReach)
	mux.HandleFunc("POST /api/accounts", s.signUp)
	mux.HandleFunc("POST /api/session", s.signIn)
	mux.HandleFunc("DELETE /api/session", s.signOut)
	mux.HandleFunc("GET /api/me", s.me)
	mux.HandleFunc("POST /api/me/seats", s.bindSeat)
	mux.HandleFunc("GET /api/me/games", s.myGames)
	mux.HandleFunc("POST /api/me/games/{id}/token", s.seatToken)
	mux.HandleFunc("GET /api/tables", s.listTables)
	mux.HandleFunc("POST /api/tables/auto", s.auto)
	mux.HandleFunc("POST /api/games/{id}/join", s.join)
	mux.HandleFunc("GET /api/leaderboard", s.leaderboard)
	mux.HandleFunc("GET /api/games/{id}/chat", s.getChat)
	mux.HandleFunc("POST /api/games/{id}/chat", s.postChat)
	mux.HandleFunc("GET /api/games/{id}/two-ways", s.twoWays)
	mux.HandleFunc("GET /api/push/key", s.pushKey)
	mux.HandleFunc("POST /api/push/subscriptions", s.pushSubscribe)
	mux.HandleFunc("DELETE /api/push/subscriptions", s.pushUnsubscribe)
}

// gameOver follows the end of a game (match.Config.OnOver): a rated game's
// ratings are updated (ratings.go).
func (s *Server) gameOver(m *match.Match) {
	s.rate(m)
	s.secondLeg(m)
}
