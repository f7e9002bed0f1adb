package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"

	"m44/match"
	"m44/store"
	"m44/webpush"
)

// Web Push (issue 13 "Your turn, everywhere"): a player of a game with a
// turn-based clock may be days away from the page. Their browser
// subscribes to push messages (its service worker, /sw.js) with the
// server's VAPID public key (GET /api/push/key); the subscription is bound
// to their account, or to their seat; when the game's turn passes to a
// seat with no WebSocket open, the server sends each of its subscriptions
// a message (RFC 8291 encryption, RFC 8292 VAPID; package webpush) that the
// service worker shows as a notification, opening the game on a click.

// Push limits.
const (
	// MaxPushSubs is the most subscriptions (browsers) one account, or
	// one seat, holds; a new one beyond it is refused (429).
	MaxPushSubs = 5
	// pushTimeout bounds one request to a push service.
	pushTimeout = 10 * time.Second
	// pushParallel bounds the requests to push services in flight.
	pushParallel = 8
	// maxEndpoint bounds an endpoint URL's length.
	maxEndpoint = 2048
	// vapidKeyName is the VAPID key pair's name in the store's server keys.
	vapidKeyName = "vapid"
)

// pusher sends the server's push messages.
type pusher struct {
	vapid  *webpush.VAPID
	client *http.Client
	sem    chan struct{}
	// anyHost lets endpoints name any host, loopback included (tests).
	anyHost bool
}

// newPusher reads the server's VAPID key pair from the store, or makes
// and stores one on the first start.
func newPusher(ctx context.Context, o Options) (*pusher, error) {
	fresh, err := webpush.NewVAPID(o.PushContact)
	if err != nil {
		return nil, err
	}
	enc, err := fresh.Marshal()
	if err != nil {
		return nil, err
	}
	stored, err := o.Store.ServerKey(ctx, vapidKeyName, enc)
	if err != nil {
		return nil, err
	}
	v, err := webpush.ParseVAPID(stored, o.PushContact)
	if err != nil {
		return nil, err
	}
	p := &pusher{vapid: v, client: o.PushClient, sem: make(chan struct{}, pushParallel), anyHost: o.PushAnyHost}
	if p.client == nil {
		p.client = publicClient(o.PushAnyHost)
	}
	return p, nil
}

// publicClient is an HTTP client for push services: a timeout, no
// redirects, and (unless anyHost) connections only to public addresses,
// so that a subscription cannot make the server post to its own network.
func publicClient(anyHost bool) *http.Client {
	d := &net.Dialer{Timeout: pushTimeout}
	if !anyHost {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !publicAddr(ap.Addr()) {
				return fmt.Errorf("push service address %s is not public", address)
			}
			return nil
		}
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = d.DialContext
	tr.Proxy = nil
	return &http.Client{Transport: tr, Timeout: pushTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func publicAddr(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsGlobalUnicast() && !a.IsPrivate() && !a.IsLoopback() && !a.IsLinkLocalUnicast()
}

// checkEndpoint refuses an endpoint that is not an https URL of a public
// host of reasonable length.
func (p *pusher) checkEndpoint(ep string) error {
	u, err := url.Parse(ep)
	if err != nil || len(ep) > maxEndpoint || u.Scheme != "https" || u.Host == "" || u.User != nil || u.Fragment != "" {
		return match.Errorf(match.CodeBadRequest, "subscription.endpoint: want an https URL of at most %d characters", maxEndpoint)
	}
	if p.anyHost {
		return nil
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); (err == nil && !publicAddr(a)) || host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return match.Errorf(match.CodeBadRequest, "subscription.endpoint: %s is not a public push service", host)
	}
	return nil
}

// PushSubscription is a browser's PushSubscription.toJSON().
type PushSubscription struct {
	Endpoint       string          `json:"endpoint"`
	ExpirationTime json.RawMessage `json:"expirationTime,omitempty"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// pushKey is GET /api/push/key: the server's VAPID public key, the
// applicationServerKey of the browsers' subscriptions (base64url).
func (s *Server) pushKey(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"key": webpush.B64.EncodeToString(s.push.vapid.PublicKey())})
}

// pushOwner is whom a subscription request binds to: with a game and a
// token, the seat (its account's when the signed-in account holds it);
// without, the signed-in account. It also answers the owners the caller
// may remove (both, for a seat of their account).
func (s *Server) pushOwner(r *http.Request, game, token string) (owner string, all []string, seat string, err error) {
	a, err := s.account(r)
	if err != nil {
		return "", nil, "", err
	}
	if game == "" {
		if a == nil {
			return "", nil, "", match.Errorf(match.CodeBadCredentials, "not signed in: give a game and its seat's token, or sign in")
		}
		o := "a:" + a.ID
		return o, []string{o}, "", nil
	}
	m, err := s.games.Get(r.Context(), game)
	if err != nil {
		return "", nil, "", err
	}
	st, acct, err := m.SeatInfoOf(token)
	if err != nil {
		return "", nil, "", err
	}
	if st == "" {
		return "", nil, "", match.Errorf(match.CodeUnauthorized, "a seat's token is needed: spectators get no push message")
	}
	seatOwner := "s:" + m.ID() + "/" + st
	if a != nil && acct == a.ID {
		return "a:" + a.ID, []string{"a:" + a.ID, seatOwner}, st, nil
	}
	return seatOwner, []string{seatOwner}, st, nil
}

// pushSubscribe is POST /api/push/subscriptions.
func (s *Server) pushSubscribe(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Subscription PushSubscription `json:"subscription"`
		Game         string           `json:"game"`
		Token        string           `json:"token"`
		Lang         string           `json:"lang"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	sub := req.Subscription
	if err := s.push.checkEndpoint(sub.Endpoint); err != nil {
		s.writeError(w, r, err)
		return
	}
	p256dh, err1 := webpush.DecodeKey(sub.Keys.P256dh)
	auth, err2 := webpush.DecodeKey(sub.Keys.Auth)
	if err := errors.Join(err1, err2); err != nil || webpush.CheckKeys(p256dh, auth) != nil {
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "subscription.keys: want p256dh (a P-256 public key) and auth (16 bytes), base64url"))
		return
	}
	if len(req.Lang) > 8 {
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "lang: %q is not a language code", req.Lang))
		return
	}
	owner, _, seat, err := s.pushOwner(r, req.Game, req.Token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	err = s.opts.Store.AddPushSub(r.Context(), store.PushSub{Endpoint: sub.Endpoint, Owner: owner,
		P256dh: webpush.B64.EncodeToString(p256dh), Auth: webpush.B64.EncodeToString(auth), Lang: req.Lang}, MaxPushSubs)
	if errors.Is(err, store.ErrLimit) {
		s.writeError(w, r, match.Errorf(match.CodeRateLimited, "at most %d browsers get push messages for one account or seat: unsubscribe one first", MaxPushSubs))
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := map[string]string{"owner": "account"}
	if strings.HasPrefix(owner, "s:") {
		out["owner"] = "seat"
	}
	if seat != "" {
		out["game"], out["seat"] = req.Game, seat
	}
	writeJSON(w, http.StatusCreated, out)
}

// pushUnsubscribe is DELETE /api/push/subscriptions {"endpoint","game"?,
// "token"?}: the endpoint no longer gets the caller's messages (their
// account's and their seat's).
func (s *Server) pushUnsubscribe(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Endpoint string `json:"endpoint"`
		Game     string `json:"game"`
		Token    string `json:"token"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Endpoint == "" {
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "endpoint: missing"))
		return
	}
	_, owners, _, err := s.pushOwner(r, req.Game, req.Token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for _, o := range owners {
		if err := s.opts.Store.DeletePushSub(r.Context(), req.Endpoint, o); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// PushMessage is the JSON a push message carries to the service worker
// (web/static/sw.js), which shows it as a notification.
type PushMessage struct {
	Type  string `json:"type"` // "your-turn"
	Game  string `json:"game"`
	Seat  string `json:"seat"`
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"` // the game's page, on this server
}

// yourTurn is the notification's title per language.
var yourTurn = map[string]string{"en": "Your turn", "fr": "À vous de jouer", "de": "Du bist am Zug", "cs": "Jste na tahu"}

// pushTurn tells the subscriptions of a seat (its account's and its own)
// that it is their turn (match.Config.OnTurn: a turn-based game's turn
// passed to a seat with no WebSocket open).
func (s *Server) pushTurn(m *match.Match, seat string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-s.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	owners := []string{"s:" + m.ID() + "/" + seat}
	seats, _, _ := m.Owners()
	for _, o := range seats {
		if o.Seat == seat && o.Account != "" {
			owners = append(owners, "a:"+o.Account)
		}
	}
	subs, err := s.opts.Store.PushSubs(ctx, owners...)
	if err != nil {
		s.log.Error("push: cannot read the subscriptions", "game", m.ID(), "err", err)
		return
	}
	ttl := 24 * time.Hour
	if c := m.Clock(); c != nil && c.PerMove > 0 {
		ttl = time.Duration(c.PerMove) * time.Second
	}
	seen := map[string]bool{}
	var wg sync.WaitGroup
	for _, sub := range subs {
		if seen[sub.Endpoint] {
			continue // one browser subscribed for the account and the seat
		}
		seen[sub.Endpoint] = true
		lang := sub.Lang
		if _, ok := yourTurn[lang]; !ok {
			lang = "en"
		}
		body, _ := json.Marshal(PushMessage{Type: "your-turn", Game: m.ID(), Seat: seat, Title: yourTurn[lang],
			Body: m.ScenarioName(lang), URL: "/play/" + m.ID()})
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sendPush(ctx, sub, webpush.Message{Payload: body, TTL: ttl, Urgency: "normal", Topic: topic("turn-" + m.ID())})
		}()
	}
	wg.Wait()
}

// sendPush sends one message, at most pushParallel at once; a subscription
// the push service says is gone is forgotten.
func (s *Server) sendPush(ctx context.Context, sub store.PushSub, msg webpush.Message) {
	select {
	case s.push.sem <- struct{}{}:
		defer func() { <-s.push.sem }()
	case <-ctx.Done():
		return
	}
	p256dh, err1 := webpush.DecodeKey(sub.P256dh)
	auth, err2 := webpush.DecodeKey(sub.Auth)
	if err := errors.Join(err1, err2); err != nil {
		s.log.Error("push: a stored subscription's keys do not decode", "err", err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, pushTimeout)
	defer cancel()
	err := s.push.vapid.Send(ctx, s.push.client, webpush.Subscription{Endpoint: sub.Endpoint, P256dh: p256dh, Auth: auth}, msg, s.acc.now())
	s.metrics.pushes.WithLabelValues(pushResult(err)).Inc()
	switch {
	case errors.Is(err, webpush.ErrGone):
		if err := s.opts.Store.DeletePushSub(context.WithoutCancel(ctx), sub.Endpoint, ""); err != nil {
			s.log.Error("push: cannot forget a subscription", "err", err)
		}
		s.log.Info("push: a subscription is gone, forgotten")
	case err != nil:
		s.log.Warn("push: not delivered", "err", err)
	}
}

func pushResult(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, webpush.ErrGone):
		return "gone"
	}
	return "error"
}

// topic is a Topic header's value: base64url characters only, at most 32.
func topic(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			b.WriteRune(c)
		}
	}
	t := b.String()
	if len(t) > 32 {
		t = t[:32]
	}
	return t
}
