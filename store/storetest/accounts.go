package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"m44/match"
	"m44/store"
)

// Issue 13 "Accounts, optional": names are unique without regard to case,
// ratings start at Glicko's 1500/350/0.06 and are stored atomically.
func testAccounts(t *testing.T, s match.Store) {
	ctx := context.Background()
	a := store.Account{ID: "a1", Name: "Rommel", NameKey: store.FoldName(" Rommel "), Hash: "$argon2id$x"}
	if err := s.CreateAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAccount(ctx, store.Account{ID: "a2", Name: "ROMMEL", NameKey: store.FoldName("ROMMEL"), Hash: "h"}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("the same name in other case: %v, want ErrExists", err)
	}
	got, err := s.AccountByName(ctx, "rommel")
	if err != nil || got.ID != "a1" || got.Name != "Rommel" || got.Hash != a.Hash || got.Created == "" ||
		got.Rating != (store.Rating{Rating: 1500, RD: 350, Vol: 0.06}) {
		t.Fatalf("account %+v, %v", got, err)
	}
	if _, err := s.AccountByName(ctx, "patton"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown name: %v", err)
	}
	if _, err := s.Account(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
	if err := s.CreateAccount(ctx, store.Account{ID: "a3", Name: "Patton", NameKey: "patton", Hash: "h"}); err != nil {
		t.Fatal(err)
	}
	if top, err := s.TopAccounts(ctx, 10); err != nil || len(top) != 0 {
		t.Fatalf("leaderboard before any rated game: %+v, %v", top, err)
	}
	r1 := store.Rating{Rating: 1662.3, RD: 290.3, Vol: 0.059999, Games: 1}
	r3 := store.Rating{Rating: 1337.7, RD: 290.3, Vol: 0.059999, Games: 1}
	// Issue 13 "ratings robust at game end": a rated game's ratings are
	// pending from its creation until stored, with the accounts', in one
	// transaction; a finished game still pending is listed.
	rated := game("r1")
	rated.Rated = true
	for _, g := range []store.Game{rated, game("u1")} {
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := s.PendingRatings(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("pending ratings of games in progress: %v, %v", ids, err)
	}
	for _, id := range []string{"r1", "u1"} {
		if err := s.Append(ctx, id, store.Action{Seq: 1, Seat: "axis", Action: "play 3", Version: 2}, true, "axis"); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := s.PendingRatings(ctx); err != nil || !slices.Equal(ids, []string{"r1"}) {
		t.Fatalf("pending ratings %v, %v; want [r1] (u1 is not rated)", ids, err)
	}
	if err := s.SetRatings(ctx, "r1", map[string]store.Rating{"a1": {Rating: 1, RD: 1, Vol: 1, Games: 9}, "nope": r1}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("rating an unknown account: %v", err)
	}
	if ids, _ := s.PendingRatings(ctx); !slices.Equal(ids, []string{"r1"}) {
		t.Fatalf("pending after a refused update: %v, want [r1]", ids)
	}
	if err := s.SetRatings(ctx, "nope", map[string]store.Rating{"a1": r1}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ratings of an unknown game: %v", err)
	}
	if err := s.SetRatings(ctx, "u1", map[string]store.Rating{"a1": r1}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("ratings of an unrated game: %v, want ErrExists", err)
	}
	if err := s.SetRatings(ctx, "r1", map[string]store.Rating{"a1": r1, "a3": r3}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRatings(ctx, "r1", map[string]store.Rating{"a1": {Rating: 2, RD: 2, Vol: 2, Games: 2}}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("the same game rated twice: %v, want ErrExists", err)
	}
	if ids, err := s.PendingRatings(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("pending ratings once stored: %v, %v", ids, err)
	}
	top, err := s.TopAccounts(ctx, 10)
	if err != nil || len(top) != 2 || top[0].ID != "a1" || top[0].Rating != r1 || top[1].Rating != r3 {
		t.Fatalf("leaderboard %+v, %v (nothing of the refused updates written)", top, err)
	}
	if top, _ := s.TopAccounts(ctx, 1); len(top) != 1 {
		t.Fatalf("top 1: %d", len(top))
	}
}

func testSessions(t *testing.T, s match.Store) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, store.Account{ID: "a1", Name: "Monty", NameKey: "monty", Hash: "h"}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := s.PutSession(ctx, store.Session{TokenHash: "s1", Account: "a1", Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if a, err := s.SessionAccount(ctx, "s1", now); err != nil || a.ID != "a1" || a.Name != "Monty" {
		t.Fatalf("session: %+v, %v", a, err)
	}
	if _, err := s.SessionAccount(ctx, "s1", now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired session: %v", err)
	}
	if _, err := s.SessionAccount(ctx, "s2", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown session: %v", err)
	}
	if err := s.DeleteSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SessionAccount(ctx, "s1", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("session after sign-out: %v", err)
	}
}

// A seat bound to an account is listed for it, belongs to it alone, and
// may hold more tokens, returned with the game.
func testSeatsOfAccounts(t *testing.T, s match.Store) {
	ctx := context.Background()
	for _, id := range []string{"a1", "a2"} {
		if err := s.CreateAccount(ctx, store.Account{ID: id, Name: id, NameKey: id, Hash: "h"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateGame(ctx, game("g1")); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a1", "g1", "axis"); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a1", "g1", "axis"); err != nil {
		t.Fatal("binding again to the same account:", err)
	}
	if err := s.BindSeat(ctx, "a2", "g1", "axis"); !errors.Is(err, store.ErrExists) {
		t.Fatalf("another account's seat: %v", err)
	}
	if err := s.BindSeat(ctx, "a1", "g1", "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such seat: %v", err)
	}
	seats, err := s.AccountSeats(ctx, "a1")
	if err != nil || len(seats) != 1 || seats[0].Game != "g1" || seats[0].Seat != "axis" || seats[0].ScenarioID != "up-1" || seats[0].Over || seats[0].Created == "" {
		t.Fatalf("seats of a1: %+v, %v", seats, err)
	}
	if seats, _ := s.AccountSeats(ctx, "a2"); len(seats) != 0 {
		t.Fatalf("seats of a2: %+v", seats)
	}
	if err := s.AddSeatToken(ctx, "g1", "axis", "t2"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSeatToken(ctx, "g1", "nope", "t3"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("token of no seat: %v", err)
	}
	g, _, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Tokens, []store.SeatToken{{Seat: "axis", TokenHash: "t2"}}) || g.Seats[0].Account != "a1" || g.Seats[1].Account != "" {
		t.Fatalf("game's tokens %+v, seats %+v", g.Tokens, g.Seats)
	}
	if err := s.Append(ctx, "g1", store.Action{Seq: 1, Seat: "axis", Action: "play 3", Version: 1}, true, "axis"); err != nil {
		t.Fatal(err)
	}
	if seats, _ := s.AccountSeats(ctx, "a1"); len(seats) != 1 || !seats[0].Over || seats[0].Winner != "axis" {
		t.Fatalf("seats of a1 once over: %+v", seats)
	}
}

// Issue 13 clocks: a game's clock state is kept as given, and survives
// (Game returns it).
func testClock(t *testing.T, s match.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, game("g1")); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := s.Game(ctx, "g1"); g.Clock != "" {
		t.Fatalf("a new game's clock: %q", g.Clock)
	}
	state := `{"running":"axis","since":"2026-11-25T06:00:00Z","used_ms":{"allies":1500}}`
	if err := s.SetClock(ctx, "g1", state); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := s.Game(ctx, "g1"); g.Clock != state {
		t.Fatalf("clock %q, want %q", g.Clock, state)
	}
	if err := s.SetClock(ctx, "nope", state); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("clock of no game: %v", err)
	}
}

// Issue 13 chat: messages are kept per game and channel, numbered; the
// tail is the last ones in order; a number twice is refused.
func testChat(t *testing.T, s match.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, game("g1")); err != nil {
		t.Fatal(err)
	}
	if msgs, last, err := s.ChatTail(ctx, "g1", "players", 10); err != nil || len(msgs) != 0 || last != 0 {
		t.Fatalf("empty chat: %v %d %v", msgs, last, err)
	}
	for n := 1; n <= 5; n++ {
		if err := s.AppendChat(ctx, "g1", "players", n, fmt.Sprintf(`{"n":%d}`, n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendChat(ctx, "g1", "spectators", 1, `{"n":1,"s":1}`); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendChat(ctx, "g1", "players", 3, `{}`); err == nil {
		t.Fatal("message 3 twice: no error")
	}
	if err := s.AppendChat(ctx, "nope", "players", 1, `{}`); err == nil {
		t.Fatal("chat of no game: no error")
	}
	msgs, last, err := s.ChatTail(ctx, "g1", "players", 3)
	if err != nil || last != 5 || !slices.Equal(msgs, []string{`{"n":3}`, `{"n":4}`, `{"n":5}`}) {
		t.Fatalf("tail of 3: %v %d %v", msgs, last, err)
	}
	if msgs, last, _ := s.ChatTail(ctx, "g1", "spectators", 10); len(msgs) != 1 || last != 1 {
		t.Fatalf("spectators: %v %d", msgs, last)
	}
}
