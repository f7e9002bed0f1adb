package match

import (
	"context"
	"testing"

	"m44/library"
	"m44/rules"
)

// rulebook annex 5 "Variante pour les plus jeunes joueurs": a game created
// with young settings deals 6 cards a side from a deck without the tactic
// cards not brought back, plays without take ground when asked, and comes
// back the same when the server loads it again.
func TestCreateYoungPlayers(t *testing.T) {
	st := testStore(t)
	g := testManager(t, st)
	seed := uint64(5)
	req := CreateRequest{Scenario: library.All()[0].ID, Seats: map[string]string{"allies": "human", "axis": "human"}, Seed: &seed,
		Young: &Young{NoTakeGround: true, Stage: 1}}
	c, err := g.Create(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	check := func(m *Match) {
		t.Helper()
		s := m.st
		if n := len(s.Hand(0)) + len(s.Hand(1)); n != 12 {
			t.Fatalf("%d cards in hand, want 6+6", n)
		}
		tactics := map[string]bool{}
		for id := 0; id < s.DeckSize(); id++ {
			if c := s.Card(rules.CardID(id)); c.Kind.Tactic() {
				tactics[c.Name()] = true
			}
		}
		if len(tactics) != 2 || !tactics["direct-from-hq"] || !tactics["dig-in"] {
			t.Fatalf("tactic cards %v, want the simplest two", tactics)
		}
	}
	m, err := g.Get(context.Background(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	check(m)
	if m.settings.Young == nil || !m.settings.Young.NoTakeGround {
		t.Fatalf("settings %+v", m.settings)
	}
	again := testManager(t, st)
	m2, err := again.Get(context.Background(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	check(m2)
	if m2.st.PositionHash() != m.st.PositionHash() {
		t.Fatal("the reloaded game differs")
	}

	req.Young = &Young{Stage: 9}
	if _, err := g.Create(context.Background(), req); err == nil {
		t.Fatal("stage 9 accepted")
	}
}

// Issue 14 (tenth pass): the games of a scenario played the same way share
// one compiled board; another way of playing it (young players' rules, two
// players a side) has its own, and a game on a shared board plays as one on
// a board of its own.
func TestGamesShareTheCompiledBoard(t *testing.T) {
	g := testManager(t, testStore(t))
	humans := map[string]string{"allies": "human", "axis": "human"}
	create := func(req CreateRequest) *Match {
		t.Helper()
		req.Scenario = library.All()[0].ID
		if req.Seats == nil {
			req.Seats = humans
		}
		seed := uint64(9)
		req.Seed = &seed
		c, err := g.Create(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.Get(context.Background(), c.Game)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b := create(CreateRequest{}), create(CreateRequest{})
	if a.board != b.board {
		t.Fatal("two games of a scenario played alike compiled a board each")
	}
	y1, y2 := create(CreateRequest{Young: &Young{NoTakeGround: true}}), create(CreateRequest{Young: &Young{NoTakeGround: true}})
	if y1.board == a.board || y1.board != y2.board {
		t.Fatal("young players' games: want a board of their own, shared between them")
	}
	if y3 := create(CreateRequest{Young: &Young{Stage: 1}}); y3.board == y1.board {
		t.Fatal("other young players' rules share a board")
	}
	teams := create(CreateRequest{Players: &PerSide{Allies: 2, Axis: 2},
		Seats: map[string]string{"allies-1": "human", "allies-2": "human", "axis-1": "human", "axis-2": "human"}})
	if teams.board == a.board {
		t.Fatal("a team game shares the one-player board")
	}
	// A game on the shared board plays as on a board of its own.
	own, err := rules.New(a.st.Setup(), 9)
	if err != nil {
		t.Fatal(err)
	}
	if own.PositionHash() != b.st.PositionHash() {
		t.Fatal("the game on the shared board starts elsewhere than on its own board")
	}
	var buf []rules.Action
	for i := 0; i < 200; i++ {
		if over, _ := own.Over(); over {
			break
		}
		buf = own.LegalActions(buf[:0])
		act := buf[i%len(buf)]
		if _, err := own.Apply(act); err != nil {
			t.Fatal(err)
		}
		if _, err := b.st.Apply(act); err != nil {
			t.Fatalf("action %d (%v) on the shared board: %v", i, act, err)
		}
		if own.PositionHash() != b.st.PositionHash() {
			t.Fatalf("after action %d the two boards' games differ", i)
		}
	}
}
