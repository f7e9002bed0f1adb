package match

import (
	"context"
	"slices"
	"sort"
	"strings"
	"time"
)

// The lobby of games (issue 13): open tables, whose human seats left open
// (CreateRequest.Open) anyone may take, and the live games anyone may
// watch. Both are listed from the games in memory (all live games are, from
// Start on). Neither list carries anything hidden: no hand, no token.

// checkTable checks the table settings of a request: open seats are human
// seats of the game, and not all of them (someone sits at the table).
func checkTable(req CreateRequest) error {
	for _, name := range req.Open {
		if req.Seats[name] != "human" {
			return Errorf(CodeBadRequest, "open: %q is not a human seat of the game", name)
		}
	}
	if len(req.Open) > 0 && req.Hotseat {
		return Errorf(CodeBadRequest, "open: a hot-seat game has no open seat")
	}
	if req.Clock != nil {
		if err := req.Clock.check(); err != nil {
			return err
		}
	}
	return nil
}

// openLocked reports whether a seat is open: human, and no token yet.
func (s *seat) open() bool { return s.kind == "human" && s.tokenHash == "" && len(s.tokens) == 0 }

// TableSeat is a seat as the lobby lists it.
type TableSeat struct {
	Seat    string `json:"seat"`
	Side    string `json:"side"`
	Kind    string `json:"kind"`           // human or bot:<level>
	Open    bool   `json:"open,omitempty"` // free to take
	Account string `json:"-"`              // its account's id (the server names it)
	Player  string `json:"player,omitempty"`
	Rating  int    `json:"rating,omitempty"`
}

// TableInfo is a game in the lobby's lists.
type TableInfo struct {
	Game     string      `json:"game"`
	Scenario string      `json:"scenario"`
	Name     string      `json:"name"`
	Seats    []TableSeat `json:"seats"`
	Clock    *Clock      `json:"clock,omitempty"`
	Rated    bool        `json:"rated,omitempty"`
	Turn     int         `json:"turn"`
	Version  int         `json:"version"`
	Created  time.Time   `json:"-"`
}

// info is the game as the lobby lists it, and whether a seat is open.
func (m *Match) info(lang string) (TableInfo, bool, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	over, _, _ := m.overLocked()
	t := TableInfo{Game: m.id, Scenario: m.sc.ID, Name: m.sc.Name(lang), Clock: m.settings.Clock, Rated: m.settings.Rated,
		Turn: m.st.Turn(), Version: len(m.log), Created: m.created}
	open := false
	for _, s := range m.seats {
		ts := TableSeat{Seat: s.name, Side: s.side.String(), Kind: s.kind, Open: s.open(), Account: s.account}
		open = open || ts.Open
		t.Seats = append(t.Seats, ts)
	}
	return t, open, over
}

// Tables lists the open tables, oldest first, and the live games between
// players (no seat open, two human seats or more, not hot-seat), newest
// first.
func (g *Manager) Tables(lang string) (open, live []TableInfo) {
	g.mu.Lock()
	games := make([]*Match, 0, len(g.games))
	for _, m := range g.games {
		games = append(games, m)
	}
	g.mu.Unlock()
	for _, m := range games {
		t, isOpen, over := m.info(lang)
		humans := 0
		for _, ts := range t.Seats {
			if ts.Kind == "human" {
				humans++
			}
		}
		switch {
		case over:
		case isOpen:
			open = append(open, t)
		case humans >= 2 && !m.settings.Hotseat:
			live = append(live, t) // games between players; not one's games against bots, nor hot-seat
		}
	}
	sort.Slice(open, func(i, j int) bool {
		return open[i].Created.Before(open[j].Created) || open[i].Created.Equal(open[j].Created) && open[i].Game < open[j].Game
	})
	sort.Slice(live, func(i, j int) bool {
		return live[i].Created.After(live[j].Created) || live[i].Created.Equal(live[j].Created) && live[i].Game < live[j].Game
	})
	return open, live
}

// Joined is the reply to taking an open seat.
type Joined struct {
	Game  string `json:"game"`
	Seat  string `json:"seat"`
	Token string `json:"token"`
	Link  string `json:"link"`
}

// Join takes an open seat of the game (want: a seat's name, a side, or ""
// for any), for account if not "" (a seat of its own in the game already
// refuses: one cannot play oneself). The seat's token is stored before it
// is answered.
func (m *Match) Join(ctx context.Context, want, account string) (*Joined, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.movedLocked(); err != nil {
		return nil, err
	}
	if over, _, _ := m.overLocked(); over {
		return nil, Errorf(CodeIllegal, "the game is over")
	}
	var pick *seat
	for _, s := range m.seats {
		if account != "" && s.account == account {
			return nil, Errorf(CodeIllegal, "you already hold seat %s of this game", s.name)
		}
		if pick == nil && s.open() && (want == "" || want == s.name || want == s.side.String()) {
			pick = s
		}
	}
	if pick == nil {
		return nil, Errorf(CodeNotFound, "no open seat %sin game %s", strings.TrimSpace(want+" "), m.id)
	}
	tok := newToken()
	h := hashToken(tok)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := m.mgr.cfg.Store.AddSeatToken(ctx, m.id, pick.name, h); err != nil {
		return nil, internal(err, "cannot store the seat's token")
	}
	pick.tokens = append(pick.tokens, h)
	if account != "" {
		if err := m.mgr.cfg.Store.BindSeat(ctx, account, m.id, pick.name); err == nil {
			pick.account = account
		}
	}
	m.clockChangedLocked(ctx, true) // the clock starts once every seat is taken
	m.changedLocked()
	return &Joined{Game: m.id, Seat: pick.name, Token: tok, Link: "/play/" + m.id + "#" + tok}, nil
}

// AutoMatch is "any opponent": it takes a seat at the oldest open table
// (of the scenario, if one is named) that is not among avoid (the caller's
// own tables) and has no seat of account; nil if there is none.
func (g *Manager) AutoMatch(ctx context.Context, scenario, account string, avoid []string) (*Joined, error) {
	open, _ := g.Tables("")
	for _, t := range open {
		if (scenario != "" && t.Scenario != scenario) || slices.Contains(avoid, t.Game) {
			continue
		}
		m, err := g.Get(ctx, t.Game)
		if err != nil {
			continue
		}
		j, err := m.Join(ctx, "", account)
		if err == nil {
			return j, nil
		}
	}
	return nil, nil
}
