package web

import "net/http"

// onlineRoutes adds the endpoints of online play (issue 13): where links
// point, accounts, ratings.
func (s *Server) onlineRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/server", s.getReach)
}
