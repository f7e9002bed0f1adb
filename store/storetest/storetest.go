// Package storetest is the test suite of the match.Store contract, to run
// against every implementation (SQLite in package store; another database
// next): storetest.Run(t, open), where open makes a new, empty store and
// arranges with t.Cleanup for it to be closed.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"m44/match"
	"m44/store"
)

// Run runs the suite; each test gets its own store from open.
func Run(t *testing.T, open func(t *testing.T) match.Store) {
	tests := []struct {
		name string
		f    func(t *testing.T, s match.Store)
	}{
		{"Ping", testPing},
		{"Migrations", testMigrations},
		{"Scenarios", testScenarios},
		{"GamesAndLog", testGamesAndLog},
		{"AppendConflict", testAppendConflict},
		{"AppendRace", testAppendRace},
		{"LiveGames", testLiveGames},
		{"SetRecord", testSetRecord},
		{"Accounts", testAccounts},
		{"Sessions", testSessions},
		{"SeatsOfAccounts", testSeatsOfAccounts},
		{"Clock", testClock},
		{"Chat", testChat},
		{"Push", testPush},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.f(t, open(t)) })
	}
}

func testPing(t *testing.T, s match.Store) {
	if err := s.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func testMigrations(t *testing.T, s match.Store) {
	names, err := s.Migrations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no migration applied")
	}
	for i, n := range names {
		if n == "" || slices.Contains(names[:i], n) {
			t.Fatalf("migrations %q: empty or repeated name", names)
		}
	}
}

func testScenarios(t *testing.T, s match.Store) {
	ctx := context.Background()
	if list, err := s.Scenarios(ctx); err != nil || len(list) != 0 {
		t.Fatalf("scenarios of an empty store: %v, %v", list, err)
	}
	if err := s.PutScenario(ctx, store.Scenario{ID: "up-1", Name: "One", Data: []byte(`{"a":1}`)}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutScenario(ctx, store.Scenario{ID: "up-1", Name: "Again", Data: []byte(`{}`)}); err != nil {
		t.Fatal("the same id again:", err)
	}
	if err := s.PutScenario(ctx, store.Scenario{ID: "up-2", Name: "Two", Data: []byte(`{"b":2}`)}); err != nil {
		t.Fatal(err)
	}
	sc, err := s.Scenario(ctx, "up-1")
	if err != nil || sc.ID != "up-1" || sc.Name != "One" || string(sc.Data) != `{"a":1}` || sc.Created == "" {
		t.Fatalf("scenario %+v, %v (the first one stored)", sc, err)
	}
	if _, err := s.Scenario(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing scenario: %v", err)
	}
	list, err := s.Scenarios(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, sc := range list {
		ids = append(ids, sc.ID)
	}
	if !slices.Equal(ids, []string{"up-1", "up-2"}) || list[0].Name != "One" || string(list[1].Data) != `{"b":2}` {
		t.Fatalf("scenarios %+v, want up-1 then up-2", list)
	}
}

func game(id string) store.Game {
	return store.Game{ID: id, ScenarioID: "up-1", Scenario: []byte(`{"a":1}`), Seed: 1<<63 + 5, Settings: []byte(`{"hotseat":true}`),
		RecordVersion: 1, Deal: "card:3 card:7",
		Seats: []store.Seat{{Seat: "axis", Kind: "human", TokenHash: "abc"}, {Seat: "allies", Kind: "bot:easy"}}}
}

func testGamesAndLog(t *testing.T, s match.Store) {
	ctx := context.Background()
	g := game("g1")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, g); err == nil {
		t.Fatal("same game twice: no error")
	}
	got, acts, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "g1" || got.ScenarioID != "up-1" || string(got.Scenario) != `{"a":1}` || got.Seed != g.Seed ||
		string(got.Settings) != `{"hotseat":true}` || got.RecordVersion != 1 || got.Deal != g.Deal ||
		got.Created == "" || got.Over || got.Winner != "" || len(acts) != 0 {
		t.Fatalf("new game %+v, actions %+v", got, acts)
	}
	if !slices.Equal(got.Seats, g.Seats) {
		t.Fatalf("seats %+v, want %+v (in the order created)", got.Seats, g.Seats)
	}
	log := []store.Action{
		{Seq: 1, Seat: "allies", Action: "play 3", Version: 2},
		{Seq: 2, Seat: "allies", Action: "undo", Version: 3},
		{Seq: 3, Seat: "axis", Action: "end-battles", Version: 9, Outcomes: "die:flag card:4"},
	}
	for i, a := range log {
		over := i == len(log)-1
		winner := ""
		if over {
			winner = "axis"
		}
		if err := s.Append(ctx, "g1", a, over, winner); err != nil {
			t.Fatal(err)
		}
	}
	got, acts, err = s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Over || got.Winner != "axis" {
		t.Fatalf("over %v, winner %q", got.Over, got.Winner)
	}
	if !slices.Equal(acts, log) {
		t.Fatalf("actions %+v, want %+v", acts, log)
	}
	if _, _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing game: %v", err)
	}
	if err := s.Append(ctx, "nope", store.Action{Seq: 1, Seat: "allies", Action: "play 3", Version: 1}, false, ""); err == nil {
		t.Fatal("append to a game not stored: no error")
	}
}

// A seq already in the log is refused, and nothing of the refused append
// is written: neither the action nor the end of the game.
func testAppendConflict(t *testing.T, s match.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, game("g1")); err != nil {
		t.Fatal(err)
	}
	first := store.Action{Seq: 1, Seat: "allies", Action: "play 3", Version: 2}
	if err := s.Append(ctx, "g1", first, false, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", store.Action{Seq: 1, Seat: "axis", Action: "play 4", Version: 5, Outcomes: "die:star"}, true, "axis"); err == nil {
		t.Fatal("same seq twice: no error")
	}
	got, acts, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Over || got.Winner != "" || !slices.Equal(acts, []store.Action{first}) {
		t.Fatalf("after a refused append: over %v, winner %q, actions %+v", got.Over, got.Winner, acts)
	}
}

// Writers racing for one seq: exactly one wins, and the log holds its
// action alone.
func testAppendRace(t *testing.T, s match.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, game("g1")); err != nil {
		t.Fatal(err)
	}
	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			errs[i] = s.Append(ctx, "g1", store.Action{Seq: 1, Seat: "allies", Action: fmt.Sprintf("play %d", i), Version: 2}, i%2 == 0, "axis")
		})
	}
	wg.Wait()
	winner := -1
	for i, err := range errs {
		if err == nil {
			if winner >= 0 {
				t.Fatalf("appends %d and %d of seq 1 both succeeded", winner, i)
			}
			winner = i
		}
	}
	if winner < 0 {
		t.Fatalf("no append of seq 1 succeeded: %v", errs)
	}
	got, acts, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Action{{Seq: 1, Seat: "allies", Action: fmt.Sprintf("play %d", winner), Version: 2}}
	if !slices.Equal(acts, want) || got.Over != (winner%2 == 0) {
		t.Fatalf("after the race won by %d: over %v, actions %+v", winner, got.Over, acts)
	}
}

func testLiveGames(t *testing.T, s match.Store) {
	ctx := context.Background()
	if live, err := s.LiveGames(ctx); err != nil || len(live) != 0 {
		t.Fatalf("live games of an empty store: %v, %v", live, err)
	}
	for _, id := range []string{"g1", "g2", "g3"} {
		if err := s.CreateGame(ctx, game(id)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "g2", store.Action{Seq: 1, Seat: "axis", Action: "play 3", Version: 4}, true, "allies"); err != nil {
		t.Fatal(err)
	}
	live, err := s.LiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(live, []string{"g1", "g3"}) {
		t.Fatalf("live %v, want [g1 g3]", live)
	}
}

// SetRecord brings a game stored at record version 0 (no deal, no
// outcomes) up to date.
func testSetRecord(t *testing.T, s match.Store) {
	ctx := context.Background()
	g := game("old")
	g.RecordVersion, g.Deal = 0, ""
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for _, a := range []store.Action{
		{Seq: 1, Seat: "allies", Action: "play 3", Version: 1},
		{Seq: 2, Seat: "allies", Action: "battle 1,1 2,2", Version: 3},
		{Seq: 3, Seat: "allies", Action: "end-battles", Version: 5, Outcomes: "die:flag"},
	} {
		if err := s.Append(ctx, "old", a, false, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetRecord(ctx, "old", 1, "card:1 card:2", map[int]string{2: "die:star die:grenade"}); err != nil {
		t.Fatal(err)
	}
	got, acts, err := s.Game(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if got.RecordVersion != 1 || got.Deal != "card:1 card:2" {
		t.Fatalf("after SetRecord: version %d, deal %q", got.RecordVersion, got.Deal)
	}
	var outs []string
	for _, a := range acts {
		outs = append(outs, a.Outcomes)
	}
	if want := []string{"", "die:star die:grenade", "die:flag"}; !slices.Equal(outs, want) {
		t.Fatalf("outcomes %q, want %q", outs, want)
	}
	if err := s.SetRecord(ctx, "nope", 1, "", nil); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetRecord of no game: %v", err)
	}
}
