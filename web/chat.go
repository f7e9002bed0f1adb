package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"m44/accounts"
	"m44/match"
)

// Chat per game (issue 13): a channel for the players (seat holders read
// and write it) and one for the spectators (anyone reads it; those without
// a seat write it). Messages are text (at most MaxChat characters) or a
// quick message by key, which each reader's client words in its language.
// Messages are stored with the game; the server holds the last ChatHistory
// of each channel in memory (loaded from the store at the first request
// after a start) and answers long polls. Text is sent as given
// (control characters removed): clients show it as text, never as HTML.

// Chat limits.
const (
	MaxChat     = 300 // characters in a message
	ChatHistory = 200 // messages kept per channel
	chatBurst   = 5   // messages per sender …
	chatWindow  = 10 * time.Second
	chatWait    = 25 * time.Second // the longest long poll
)

// QuickMessages are the keys of the quick messages.
var QuickMessages = []string{"hello", "good-luck", "well-played", "thanks", "oops", "wait", "hurry", "bye"}

// ChatMessage is one message.
type ChatMessage struct {
	N     int       `json:"n"`
	At    time.Time `json:"at"`
	From  string    `json:"from"`           // the sender's account name, else their seat, else "spectator"
	Seat  string    `json:"seat,omitempty"` // the sender's seat (players' channel)
	Side  string    `json:"side,omitempty"`
	Text  string    `json:"text,omitempty"`
	Quick string    `json:"quick,omitempty"`
}

type chatRoom struct {
	mu      sync.Mutex
	loaded  bool
	msgs    map[string][]ChatMessage // per channel
	n       map[string]int
	changed chan struct{} // closed and replaced on each message
}

type chats struct {
	mu    sync.Mutex
	rooms map[string]*chatRoom
	limit *accounts.Limiter
	store match.AccountStore
}

func newChats(now func() time.Time, st match.AccountStore) *chats {
	l := accounts.NewLimiter(chatBurst, chatWindow)
	l.Now = now
	return &chats{rooms: map[string]*chatRoom{}, limit: l, store: st}
}

// room is the game's chat, loaded from the store the first time.
func (c *chats) room(ctx context.Context, game string) (*chatRoom, error) {
	c.mu.Lock()
	r, ok := c.rooms[game]
	if !ok {
		r = &chatRoom{msgs: map[string][]ChatMessage{}, n: map[string]int{}, changed: make(chan struct{})}
		c.rooms[game] = r
	}
	c.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.loaded {
		return r, nil
	}
	for _, ch := range []string{"players", "spectators"} {
		raw, last, err := c.store.ChatTail(ctx, game, ch, ChatHistory)
		if err != nil {
			return nil, err
		}
		for _, s := range raw {
			var m ChatMessage
			if json.Unmarshal([]byte(s), &m) == nil {
				r.msgs[ch] = append(r.msgs[ch], m)
			}
		}
		r.n[ch] = last
	}
	r.loaded = true
	return r, nil
}

// since is the channel's messages after n, and a channel closed at the
// next message.
func (r *chatRoom) since(ch string, n int) ([]ChatMessage, <-chan struct{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := []ChatMessage{}
	for _, m := range r.msgs[ch] {
		if m.N > n {
			out = append(out, m)
		}
	}
	return out, r.changed
}

func (r *chatRoom) post(ctx context.Context, st match.AccountStore, game, ch string, m ChatMessage) (ChatMessage, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	m.N = r.n[ch] + 1
	b, _ := json.Marshal(m)
	if err := st.AppendChat(ctx, game, ch, m.N, string(b)); err != nil {
		return m, err
	}
	r.n[ch] = m.N
	list := append(r.msgs[ch], m)
	if len(list) > ChatHistory {
		list = list[len(list)-ChatHistory:]
	}
	r.msgs[ch] = list
	close(r.changed)
	r.changed = make(chan struct{})
	return m, nil
}

// cleanChat is a message's text with control characters removed and
// spaces trimmed.
func cleanChat(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// chatChannel is the channel a request names ("players" or "spectators")
// and the seat its token holds; a players' channel needs a seat.
func (s *Server) chatWho(r *http.Request, m *match.Match, token, ch string) (seat, account string, err error) {
	if ch != "players" && ch != "spectators" {
		return "", "", match.Errorf(match.CodeBadRequest, "channel: %q, want \"players\" or \"spectators\"", ch)
	}
	seat, account, err = m.SeatInfoOf(token)
	if err != nil {
		return "", "", err
	}
	if ch == "players" && seat == "" {
		return "", "", match.Errorf(match.CodeUnauthorized, "the players' chat is for the players: a seat's token is needed")
	}
	return seat, account, nil
}

// getChat is GET /api/games/{id}/chat?channel=&token=&since=&wait=: the
// channel's messages after since; with wait (seconds, at most 25) it
// waits for one if there is none yet.
func (s *Server) getChat(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	m := s.game(w, r)
	if m == nil {
		return
	}
	ch := q.Get("channel")
	if _, _, err := s.chatWho(r, m, q.Get("token"), ch); err != nil {
		s.writeError(w, r, err)
		return
	}
	since, _ := strconv.Atoi(q.Get("since"))
	wait, _ := strconv.Atoi(q.Get("wait"))
	room, err := s.chat.room(r.Context(), m.ID())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	msgs, changed := room.since(ch, since)
	if len(msgs) == 0 && wait > 0 {
		ctx, cancel := context.WithTimeout(r.Context(), min(time.Duration(wait)*time.Second, chatWait))
		defer cancel()
		select {
		case <-changed:
			msgs, _ = room.since(ch, since)
		case <-ctx.Done():
		case <-s.done:
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"channel": ch, "messages": msgs, "quick": QuickMessages})
}

// postChat is POST /api/games/{id}/chat {"token"?,"channel","text"|"quick"}.
func (s *Server) postChat(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token   string `json:"token"`
		Channel string `json:"channel"`
		Text    string `json:"text"`
		Quick   string `json:"quick"`
	}
	if err := decode(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	m := s.game(w, r)
	if m == nil {
		return
	}
	seat, account, err := s.chatWho(r, m, req.Token, req.Channel)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Channel == "spectators" && seat != "" {
		s.writeError(w, r, match.Errorf(match.CodeUnauthorized, "players write in the players' chat"))
		return
	}
	msg := ChatMessage{At: s.acc.now().UTC()}
	switch {
	case req.Quick != "" && req.Text != "":
		s.writeError(w, r, match.Errorf(match.CodeBadRequest, "a message is text or quick, not both"))
		return
	case req.Quick != "":
		ok := false
		for _, q := range QuickMessages {
			ok = ok || q == req.Quick
		}
		if !ok {
			s.writeError(w, r, match.Errorf(match.CodeBadRequest, "quick: no quick message %q", req.Quick))
			return
		}
		msg.Quick = req.Quick
	default:
		msg.Text = cleanChat(req.Text)
		if msg.Text == "" {
			s.writeError(w, r, match.Errorf(match.CodeBadRequest, "text: empty message"))
			return
		}
		if utf8.RuneCountInString(msg.Text) > MaxChat {
			s.writeError(w, r, match.Errorf(match.CodeTooLarge, "text: longer than %d characters", MaxChat))
			return
		}
	}
	key := m.ID() + "/" + seat + "/" + account
	if seat == "" && account == "" {
		key = m.ID() + "/" + s.clientKey(r)
	}
	if ok, wait := s.chat.limit.Allowed(key); !ok {
		s.tooMany(w, r, wait)
		return
	}
	s.chat.limit.Add(key)
	msg.From = "spectator"
	if seat != "" {
		msg.From, msg.Seat = seat, seat
		msg.Side, _, _ = strings.Cut(seat, "-")
	}
	if account != "" {
		if a, err := s.opts.Store.Account(r.Context(), account); err == nil {
			msg.From = a.Name
		}
	} else if a, _ := s.account(r); a != nil {
		msg.From = a.Name
	}
	room, err := s.chat.room(r.Context(), m.ID())
	if err == nil {
		msg, err = room.post(r.Context(), s.opts.Store, m.ID(), req.Channel, msg)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, msg)
}
