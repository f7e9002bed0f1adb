package web

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"

	"m44/match"
)

// Reachable links: an invite or spectator link must carry an address the
// other player's browser can reach. The server knows it from, in order,
// Options.PublicURL (m44 serve --public-url), the proxy's X-Forwarded-Proto
// and X-Forwarded-Host headers when Options.TrustProxy is set (m44 serve
// --trust-proxy, behind a reverse proxy that sets them), or else the
// request's own Host. A link whose host is a loopback address works only on
// the server's machine: the lobby warns about it.

// Reach is GET /api/server: where the server's links point.
type Reach struct {
	// BaseURL is the scheme and host links are made with, without a
	// trailing slash ("https://m44.example.org", "http://192.168.1.20:8044").
	BaseURL string `json:"base_url"`
	// LocalOnly reports a base URL on a loopback address (127.0.0.1,
	// localhost, ::1): links made with it open only on this machine.
	LocalOnly bool `json:"local_only"`
	// Public reports that the base URL was configured (--public-url).
	Public bool `json:"public"`
}

// reach is where links made for request r point.
func (s *Server) reach(r *http.Request) Reach {
	if p := s.opts.PublicURL; p != "" {
		base := strings.TrimRight(p, "/")
		return Reach{BaseURL: base, LocalOnly: loopbackURL(base), Public: true}
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if s.opts.TrustProxy {
		if p := firstValue(r.Header.Get("X-Forwarded-Proto")); p == "http" || p == "https" {
			scheme = p
		}
		if h := firstValue(r.Header.Get("X-Forwarded-Host")); validHost(h) {
			host = h
		}
	}
	if !validHost(host) {
		host = "localhost"
	}
	base := scheme + "://" + host
	return Reach{BaseURL: base, LocalOnly: loopbackURL(base)}
}

// firstValue is the first of a header's comma-separated values (the one
// the proxy nearest the client set), trimmed.
func firstValue(v string) string {
	v, _, _ = strings.Cut(v, ",")
	return strings.TrimSpace(v)
}

// validHost accepts a host[:port] that can stand in a URL: no scheme, path,
// user or space.
func validHost(h string) bool {
	if h == "" || len(h) > 255 || strings.ContainsAny(h, "/\\@?# \t\"'<>") {
		return false
	}
	u, err := url.Parse("http://" + h)
	return err == nil && u.Host == h && u.Hostname() != ""
}

// loopbackURL reports whether base's host is this machine only.
func loopbackURL(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// ValidPublicURL checks a --public-url: an absolute http or https URL
// without a path (the client's paths are absolute), query or fragment.
func ValidPublicURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") {
		return errBadPublicURL
	}
	return nil
}

var errBadPublicURL = errors.New("the public URL must be like https://m44.example.org (http or https and a host, no path or query)")

func (s *Server) getReach(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.reach(r))
}

// CreatedReply is the reply to POST /api/games: match's, plus the links as
// full URLs on the server's reachable address.
type CreatedReply struct {
	*match.Created
	// URLs are the invite links of Links as full URLs, per seat.
	URLs map[string]string `json:"urls"`
	// Spectate is the full URL that watches the game (no seat).
	Spectate string `json:"spectate"`
	// LocalOnly: these URLs open only on the server's machine.
	LocalOnly bool `json:"local_only"`
}

func (s *Server) createdReply(r *http.Request, c *match.Created) CreatedReply {
	re := s.reach(r)
	out := CreatedReply{Created: c, URLs: map[string]string{}, Spectate: re.BaseURL + "/play/" + c.Game, LocalOnly: re.LocalOnly}
	for seat, l := range c.Links {
		out.URLs[seat] = re.BaseURL + l
	}
	return out
}
