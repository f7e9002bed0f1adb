package web

import (
	"bytes"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"m44/accounts"
	"m44/match"
	"m44/store"
)

// Optional accounts (issue 13): play needs none; a player who signs up
// (name and password, the password kept as an argon2id hash) gets a session
// cookie, and the seats they bind to the account follow them to any
// device. docs/web-api.md, "Accounts".

// SessionCookie is the name of the session cookie: HttpOnly, SameSite=Lax,
// Secure when the server is reached over https.
const SessionCookie = "m44_session"

// SessionLife is how long a session lasts.
const SessionLife = 30 * 24 * time.Hour

// accountsState is the server's accounts machinery.
type accountsState struct {
	params   accounts.Params
	byName   *accounts.Limiter // failed sign-ins per account name
	byClient *accounts.Limiter // failed sign-ins and sign-ups per client address
	now      func() time.Time
}

func newAccountsState(o Options) *accountsState {
	p := accounts.Default
	if o.PasswordParams != nil {
		p = *o.PasswordParams
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	a := &accountsState{params: p, now: now,
		byName:   accounts.NewLimiter(5, 15*time.Minute),
		byClient: accounts.NewLimiter(20, 15*time.Minute)}
	a.byName.Now, a.byClient.Now = now, now
	return a
}

func accountStatus(code match.Code) int {
	switch code {
	case match.CodeNameTaken:
		return http.StatusConflict
	case match.CodeBadCredentials:
		return http.StatusUnauthorized
	case match.CodeTooManyAttempts:
		return http.StatusTooManyRequests
	}
	return 0
}

// AccountJSON is an account as the API shows it.
type AccountJSON struct {
	Name       string  `json:"name"`
	Rating     float64 `json:"rating"`
	RD         float64 `json:"rd"`
	RatedGames int     `json:"rated_games"`
}

func accountJSON(a store.Account) AccountJSON {
	return AccountJSON{Name: a.Name, Rating: round1(a.Rating.Rating), RD: round1(a.Rating.RD), RatedGames: a.Rating.Games}
}

func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

// clientKey is the client's address for the limiter: the connection's, or
// with TrustProxy the last X-Forwarded-For value (the one the proxy added).
func (s *Server) clientKey(r *http.Request) string {
	if s.opts.TrustProxy {
		if v := r.Header.Get("X-Forwarded-For"); v != "" {
			parts := strings.Split(v, ",")
			if ip := net.ParseIP(strings.TrimSpace(parts[len(parts)-1])); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	crand.Read(b)
	return hex.EncodeToString(b)
}

// account is the signed-in account of r (nil if none).
func (s *Server) account(r *http.Request) (*store.Account, error) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" || len(c.Value) > 128 {
		return nil, nil
	}
	a, err := s.opts.Store.SessionAccount(r.Context(), sha(c.Value), s.acc.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &a, nil
}

// mustAccount is the signed-in account, or writes 401.
func (s *Server) mustAccount(w http.ResponseWriter, r *http.Request) *store.Account {
	a, err := s.account(r)
	if err != nil {
		s.writeError(w, r, err)
		return nil
	}
	if a == nil {
		s.writeError(w, r, match.Errorf(match.CodeBadCredentials, "not signed in"))
	}
	return a
}

// startSession signs the browser in as a: a new session and its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, a store.Account) error {
	secret := randomHex(32)
	exp := s.acc.now().Add(SessionLife)
	if err := s.opts.Store.PutSession(r.Context(), store.Session{TokenHash: sha(secret), Account: a.ID, Expires: exp}); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: secret, Path: "/", Expires: exp, MaxAge: int(SessionLife / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
	return nil
}

// secure reports whether the browser reaches the server over https (the
// cookie is then Secure).
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(s.reach(r).BaseURL, "https://")
}

// Credentials is the body of sign-up and sign-in.
type Credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var c Credentials
	if err := decode(w, r, &c); err != nil {
		s.writeError(w, r, err)
		return
	}
	client := s.clientKey(r)
	if ok, wait := s.acc.byClient.Allowed(client); !ok {
		s.tooMany(w, r, wait)
		return
	}
	if msg := accounts.CheckName(c.Name); msg != "" {
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "name: %s", msg))
		return
	}
	if msg := accounts.CheckPassword(c.Password); msg != "" {
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "password: %s", msg))
		return
	}
	s.acc.byClient.Add(client) // sign-ups count against the client's attempts
	a := store.Account{ID: randomHex(8), Name: c.Name, NameKey: store.FoldName(c.Name), Hash: accounts.Hash(c.Password, s.acc.params)}
	err := s.opts.Store.CreateAccount(r.Context(), a)
	if errors.Is(err, store.ErrExists) {
		s.writeError(w, r, match.Errorf(match.CodeNameTaken, "the name %q is taken", c.Name))
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err = s.opts.Store.Account(r.Context(), a.ID)
	if err == nil {
		err = s.startSession(w, r, a)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.log.Info("account created", "account", a.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"account": accountJSON(a)})
}

func (s *Server) tooMany(w http.ResponseWriter, r *http.Request, wait time.Duration) {
	secs := int(wait/time.Second) + 1
	w.Header().Set("Retry-After", fmt.Sprint(secs))
	s.writeError(w, r, match.Errorf(match.CodeTooManyAttempts, "too many attempts: try again in %d s", secs))
}

func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	var c Credentials
	if err := decode(w, r, &c); err != nil {
		s.writeError(w, r, err)
		return
	}
	key, client := store.FoldName(c.Name), s.clientKey(r)
	for _, l := range []struct {
		lim *accounts.Limiter
		key string
	}{{s.acc.byName, key}, {s.acc.byClient, client}} {
		if ok, wait := l.lim.Allowed(l.key); !ok {
			s.tooMany(w, r, wait)
			return
		}
	}
	fail := func() {
		s.acc.byName.Add(key)
		s.acc.byClient.Add(client)
		s.writeError(w, r, match.Errorf(match.CodeBadCredentials, "wrong name or password"))
	}
	if len(c.Password) > accounts.MaxPassword || key == "" {
		fail()
		return
	}
	a, err := s.opts.Store.AccountByName(r.Context(), key)
	if errors.Is(err, store.ErrNotFound) {
		accounts.Hash(c.Password, s.acc.params) // as long as a real check
		fail()
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	ok, err := accounts.Check(c.Password, a.Hash)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !ok {
		fail()
		return
	}
	s.acc.byName.Reset(key)
	if err := s.startSession(w, r, a); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": accountJSON(a)})
}

func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		if err := s.opts.Store.DeleteSession(r.Context(), sha(c.Value)); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
	writeJSON(w, http.StatusOK, map[string]any{"account": nil})
}

// me is GET /api/me: the signed-in account, or null.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	a, err := s.account(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if a == nil {
		writeJSON(w, http.StatusOK, map[string]any{"account": nil})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": accountJSON(*a)})
}

// bindSeat is POST /api/me/seats {"game","token"}: the seat the token
// holds becomes the account's.
func (s *Server) bindSeat(w http.ResponseWriter, r *http.Request) {
	a := s.mustAccount(w, r)
	if a == nil {
		return
	}
	var req struct {
		Game  string `json:"game"`
		Token string `json:"token"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	m, err := s.games.Get(r.Context(), req.Game)
	var away *match.Elsewhere
	if errors.As(err, &away) {
		// The game's node binds it: the body goes there again.
		b, _ := json.Marshal(req)
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
		s.proxy(w, r, away)
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	seat, err := m.BindSeat(r.Context(), req.Token, a.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": m.ID(), "seat": seat})
}

// MyGame is an entry of GET /api/me/games.
type MyGame struct {
	Game     string `json:"game"`
	Seat     string `json:"seat"`
	Scenario string `json:"scenario"`
	Name     string `json:"name"`
	Created  string `json:"created"`
	Over     bool   `json:"over"`
	Winner   string `json:"winner,omitempty"`
	YourTurn bool   `json:"your_turn"` // the seat is to act now
}

func (s *Server) myGames(w http.ResponseWriter, r *http.Request) {
	a := s.mustAccount(w, r)
	if a == nil {
		return
	}
	seats, err := s.opts.Store.AccountSeats(r.Context(), a.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	lang := r.URL.Query().Get("lang")
	out := []MyGame{}
	for _, st := range seats {
		g := MyGame{Game: st.Game, Seat: st.Seat, Scenario: st.ScenarioID, Created: st.Created, Over: st.Over, Winner: st.Winner}
		if sc, err := s.catalog.Get(r.Context(), st.ScenarioID); err == nil {
			g.Name = sc.Name(lang)
		}
		if !st.Over {
			if m, err := s.games.Follow(r.Context(), st.Game); err == nil {
				g.YourTurn = m.ToAct() == st.Seat
			}
		}
		out = append(out, g)
		if len(out) == 100 {
			break
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// seatToken is POST /api/me/games/{id}/token {"seat"}: a new token of the
// account's seat, for this device.
func (s *Server) seatToken(w http.ResponseWriter, r *http.Request) {
	a := s.mustAccount(w, r)
	if a == nil {
		return
	}
	var req struct {
		Seat string `json:"seat"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	m := s.game(w, r)
	if m == nil {
		return
	}
	tok, err := m.TokenFor(r.Context(), a.ID, req.Seat)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": m.ID(), "seat": req.Seat, "token": tok, "link": "/play/" + m.ID() + "#" + tok})
}
