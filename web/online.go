package web

import "net/http"

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
}
