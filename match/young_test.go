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
