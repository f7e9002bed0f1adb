package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"

	"m44/rules"
	"m44/store"
)

// "Two ways" (issue 13, as Board Game Arena offers): a scenario played
// twice, the players swapping sides, each player's medals of both games
// added. The second game ("leg") is made when the first ends: its id is the
// first's with "-2", and its seats are the first's swapped (allies ↔ axis,
// with their kinds, tokens and accounts), so each player's token of the
// first game holds the other side in the second.

// SecondLegID is the id of the second game of a "two ways" first game.
func SecondLegID(first string) string { return first + "-2" }

// FirstLegID is the first game's id of a second leg ("" for another game).
func FirstLegID(id string) string {
	f, ok := strings.CutSuffix(id, "-2")
	if !ok {
		return ""
	}
	return f
}

// Leg is 1 or 2 for a game of a "two ways" pair, else 0.
func (m *Match) Leg() int { return m.settings.Leg }

// Medals are the medals each side holds now, and whether the game is over
// with its winner.
func (m *Match) Medals() (allies, axis int, over bool, winner string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	md := m.st.Medals()
	o, winner, _ := m.overLocked() // "" for a draw at the action limit
	return md[rules.Allies], md[rules.Axis], o, winner
}

// swapSeat is a seat's name with its side swapped ("allies-2" → "axis-2").
func swapSeat(name string) string {
	side, rest, _ := strings.Cut(name, "-")
	other := "allies"
	if side == "allies" {
		other = "axis"
	}
	if rest != "" {
		return other + "-" + rest
	}
	return other
}

// SecondLeg makes (or finds) the second game of a "two ways" first game
// that is over: the same scenario and settings, the seats swapped.
func (g *Manager) SecondLeg(ctx context.Context, first *Match) (*Match, error) {
	if first.settings.Leg != 1 {
		return nil, Errorf(CodeBadRequest, "game %s is not the first of a \"two ways\" pair", first.id)
	}
	if _, _, over, _ := first.Medals(); !over {
		return nil, Errorf(CodeNotOver, "the first game is not over")
	}
	id := SecondLegID(first.id)
	if m, err := g.Follow(ctx, id); err == nil { // made already, here or on another node
		return m, nil
	} else if e := (*Error)(nil); !errors.As(err, &e) || e.Code != CodeNotFound {
		return nil, err
	}
	set := first.settings
	set.Leg = 2
	set.Players = PerSide{Allies: set.Players.Axis, Axis: set.Players.Allies}
	row := store.Game{ID: id, ScenarioID: first.sc.ID, Scenario: first.sc.Data, Seed: rand.Uint64() >> 11, Settings: mustJSON(set),
		RecordVersion: rules.RecordVersion, Rated: set.Rated}
	first.mu.Lock()
	bySeat := map[string]*seat{}
	for _, s := range first.seats {
		bySeat[swapSeat(s.name)] = s
	}
	first.mu.Unlock()
	var tokens []store.SeatToken
	accounts := map[string]string{}
	for _, d := range seatDefs([2]int{set.Players.Allies, set.Players.Axis}) {
		src := bySeat[d.name]
		if src == nil {
			return nil, internal(errors.New("no seat "+d.name), "cannot swap the seats")
		}
		kind := src.kind
		if src.bot != nil && strings.HasPrefix(kind, "bot:") {
			kind = "bot:" + src.level
		}
		row.Seats = append(row.Seats, store.Seat{Seat: d.name, Kind: kind, TokenHash: src.tokenHash})
		for _, t := range src.tokens {
			tokens = append(tokens, store.SeatToken{Seat: d.name, TokenHash: t})
		}
		if src.account != "" {
			accounts[d.name] = src.account
		}
	}
	m, err := g.newMatch(row, first.sc, true)
	if err != nil {
		return nil, err
	}
	row.Deal = rules.FormatOutcomes(m.deal)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return nil, Errorf(CodeInternal, "the server is shutting down")
	}
	if other, ok := g.games[id]; ok {
		return other, nil
	}
	if err := g.cfg.Store.CreateGame(ctx, row); err != nil {
		return nil, internal(err, "cannot store the second game")
	}
	for _, t := range tokens {
		if err := g.cfg.Store.AddSeatToken(ctx, id, t.Seat, t.TokenHash); err != nil {
			return nil, internal(err, "cannot store the second game's tokens")
		}
	}
	for seatName, acc := range accounts {
		if err := g.cfg.Store.BindSeat(ctx, acc, id, seatName); err != nil {
			return nil, internal(err, "cannot bind the second game's seats")
		}
	}
	for _, s := range m.seats {
		for _, t := range tokens {
			if t.Seat == s.name {
				s.tokens = append(s.tokens, t.TokenHash)
			}
		}
		s.account = accounts[s.name]
	}
	g.startLocked(ctx, m) // as a new game: also marked as just used, so that it is not unloaded at once
	g.log.Info("second leg created", "game", id, "first", first.id)
	return m, nil
}
