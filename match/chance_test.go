package match

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"m44/library"
	"m44/rules"
	"m44/store"
)

func testManager(t testing.TB, st *store.Store) *Manager {
	t.Helper()
	var lib []Builtin
	for _, e := range library.All() {
		lib = append(lib, Builtin{ID: e.ID, Note: e.Note, Subtitle: e.Subtitle, Data: e.Data})
	}
	cat, err := NewCatalog(st, lib)
	if err != nil {
		t.Fatal(err)
	}
	g := NewManager(Config{Store: st, Catalog: cat, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(g.Close)
	return g
}

func testStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "m44.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// humanGame creates a game with a human on every seat.
func humanGame(t testing.TB, g *Manager, players PerSide, seed uint64) (*Match, map[string]string) {
	t.Helper()
	seats := map[string]string{}
	for _, d := range seatDefs([2]int{players.Allies, players.Axis}) {
		seats[d.name] = "human"
	}
	c, err := g.Create(context.Background(), CreateRequest{Scenario: library.All()[0].ID, Seats: seats, Players: &players, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Get(context.Background(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	return m, c.Tokens
}

// step plays the i-th pseudo-random legal action for the seat to act.
func step(t testing.TB, m *Match, tokens map[string]string, i int) (rules.Action, []rules.Event, string) {
	t.Helper()
	m.mu.Lock()
	seat := m.toActLocked()
	st := m.st.Clone()
	v := len(m.log)
	m.mu.Unlock()
	legal := st.Legal()
	a := legal[(i*7919+13)%len(legal)]
	evs, err := st.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Act(context.Background(), tokens[seat.name], a.String(), v); err != nil {
		t.Fatalf("action %d %s: %v", i, a, err)
	}
	return a, evs, seat.name
}

// TestChance: an action used chance iff it produced an outcome, and such an
// action cannot be undone; one without can, and the undo restores the game.
func TestChance(t *testing.T) {
	g := testManager(t, testStore(t))
	m, tokens := humanGame(t, g, PerSide{1, 1}, 5)
	var with, without, undone int
	for i := 0; i < 3000 && !m.Over(); i++ {
		before := m.State()
		a, evs, seat := step(t, m, tokens, i)
		m.mu.Lock()
		outs := m.record[len(m.record)-1].outcomes
		st := m.st.Clone()
		m.mu.Unlock()
		// Chance: dice, landings, cards drawn (the two of a Recon are
		// drawn without an event; keeping one of them draws nothing new).
		want := st.Phase() == rules.PhaseKeep
		draws := 0
		for _, e := range evs {
			switch e.Kind {
			case rules.EvDiceRolled, rules.EvAirdrop:
				want = true
			case rules.EvCardDrawn:
				draws++
			}
		}
		if a.Kind == rules.ActKeep {
			draws--
		}
		want = want || draws > 0
		if got := len(outs) > 0; got != want {
			t.Fatalf("action %d %s: outcomes %v, want chance %v (events %v)", i, a, outs, want, evs)
		}
		if over, _ := st.Over(); over {
			break
		}
		_, err := m.Undo(context.Background(), tokens[seat], m.Version())
		if len(outs) > 0 {
			with++
			if CodeOf(err) != CodeUndoRefused {
				t.Fatalf("action %d %s with outcomes %v: undo %v", i, a, outs, err)
			}
			continue
		}
		without++
		if err != nil {
			t.Fatalf("action %d %s without outcomes: undo %v", i, a, err)
		}
		if m.Hash() != before.Hash() {
			t.Fatalf("action %d %s: the undo does not restore the game", i, a)
		}
		undone++
		step(t, m, tokens, i) // and play it again
	}
	if with == 0 || without == 0 || undone == 0 {
		t.Fatalf("%d actions with chance, %d without, %d undone", with, without, undone)
	}
}

// A stored game replays from its recorded outcomes, not from its seed: it
// loads the same with its seed changed.
func TestReloadReplaysOutcomes(t *testing.T) {
	st := testStore(t)
	g := testManager(t, st)
	m, tokens := humanGame(t, g, PerSide{1, 2}, 11)
	for i := 0; i < 300 && !m.Over(); i++ {
		step(t, m, tokens, i)
	}
	ctx := context.Background()
	row, acts, err := st.Game(ctx, m.ID())
	if err != nil {
		t.Fatal(err)
	}
	if row.RecordVersion != rules.RecordVersion || row.Deal == "" {
		t.Fatalf("stored record version %d, deal %q", row.RecordVersion, row.Deal)
	}
	n := 0
	for _, a := range acts {
		if a.Outcomes != "" {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no action stored with outcomes")
	}
	g2 := testManager(t, st)
	m2, err := g2.Get(ctx, m.ID())
	if err != nil {
		t.Fatal(err)
	}
	if m2.Hash() != m.Hash() || m2.Version() != m.Version() {
		t.Fatal("the reloaded game differs")
	}
	row.Seed ^= 0xfeedface
	m3, upgrade, err := g2.load(row, acts)
	if err != nil {
		t.Fatal(err)
	}
	if upgrade != nil || m3.State().PositionHash() != m.State().PositionHash() {
		t.Fatal("with another seed, the recorded outcomes do not give the same game")
	}
	// A forged outcome does not load.
	for i := range acts {
		if strings.HasPrefix(acts[i].Outcomes, "die:") {
			acts[i].Outcomes = "die:star " + acts[i].Outcomes
			break
		}
	}
	if _, _, err := g2.load(row, acts); err == nil || !strings.Contains(err.Error(), rules.ErrOutcome.Error()) {
		t.Fatalf("a forged outcome: %v", err)
	}
}

// A game stored before outcomes were (record version 0: no deal, no
// outcomes) loads by replaying with its seed, and is brought up to date.
func TestOldRecordLoads(t *testing.T) {
	ctx := context.Background()
	st := testStore(t)
	g := testManager(t, st)
	m, tokens := humanGame(t, g, PerSide{1, 1}, 21)
	for i := 0; i < 200 && !m.Over(); i++ {
		step(t, m, tokens, i)
	}
	row, acts, err := st.Game(ctx, m.ID())
	if err != nil {
		t.Fatal(err)
	}
	old := testStore(t)
	row0 := row
	row0.RecordVersion, row0.Deal = 0, ""
	if err := old.CreateGame(ctx, row0); err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		a0 := a
		a0.Outcomes = ""
		if err := old.Append(ctx, row.ID, a0, false, ""); err != nil {
			t.Fatal(err)
		}
	}
	m0, err := testManager(t, old).Get(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m0.Hash() != m.Hash() || m0.Version() != m.Version() {
		t.Fatal("the old record replays to another game")
	}
	up, upActs, err := old.Game(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if up.RecordVersion != rules.RecordVersion || up.Deal != row.Deal {
		t.Fatalf("upgraded: version %d, deal %q, want %q", up.RecordVersion, up.Deal, row.Deal)
	}
	for i := range acts {
		if upActs[i].Outcomes != acts[i].Outcomes {
			t.Fatalf("decision %d: outcomes %q, want %q", acts[i].Seq, upActs[i].Outcomes, acts[i].Outcomes)
		}
	}
	row.RecordVersion = rules.RecordVersion + 1
	if _, _, err := g.load(row, acts); err == nil {
		t.Fatal("a record of a newer version loads")
	}
}

// What a seat receives (its snapshot, its pushed whole updates and the
// deltas its WebSocket gets after each action) never names a card the
// other side holds: checked after every action of random games, for the
// cards it drew.
func TestSeatsDoNotSeeOtherDraws(t *testing.T) {
	g := testManager(t, testStore(t))
	for _, players := range []PerSide{{1, 1}, {2, 2}} {
		m, tokens := humanGame(t, g, players, 3)
		type watch struct {
			side rules.Side
			sub  *Sub
			tok  string
		}
		var ws []watch
		for _, d := range seatDefs([2]int{players.Allies, players.Axis}) {
			sub, err := m.Subscribe(tokens[d.name])
			if err != nil {
				t.Fatal(err)
			}
			defer sub.Close()
			ws = append(ws, watch{d.side, sub, tokens[d.name]})
			if b, _, err := sub.Next(-1); err != nil || b == nil {
				t.Fatalf("first message: %v", err)
			}
		}
		draws := 0
		for i := 0; i < 600 && !m.Over(); i++ {
			before := m.State()
			v := m.Version()
			step(t, m, tokens, i)
			after := m.State()
			for _, w := range ws {
				delta, _, err := w.sub.Next(v) // the socket's push: a delta
				if err != nil || !strings.HasPrefix(string(delta), `{"type":"delta",`) {
					t.Fatalf("push after action %d: %v %.100s", i, err, delta)
				}
				opp := w.side.Opp()
				var drawn []rules.CardID
				for p := 0; p < after.Players()[opp]; p++ {
					for _, c := range after.HandOf(opp, p) {
						if !slices.Contains(before.HandOf(opp, p), c) {
							drawn = append(drawn, c)
						}
					}
				}
				if len(drawn) == 0 {
					continue
				}
				draws++
				snap, err := m.Snapshot(w.tok, false)
				if err != nil {
					t.Fatal(err)
				}
				up := w.sub.Update(v)
				snap.Log, up.Snapshot.Log = nil, nil // older entries may name a card before it was reshuffled
				b1, _ := json.Marshal(snap)
				b2, _ := json.Marshal(up)
				seen := string(b1) + string(b2) + string(delta)
				view := after.View(w.side)
				visible := map[string]bool{}
				for _, list := range [][]rules.CardView{view.Hand, view.TeamHand, view.Discards, view.Choice} {
					for _, c := range list {
						visible[c.Name] = true
					}
				}
				for _, c := range []rules.CardID{after.Played(), after.Shared(rules.Allies), after.Shared(rules.Axis)} {
					if c != rules.NoCard {
						visible[after.Card(c).Name()] = true
					}
				}
				for _, c := range drawn {
					for _, pat := range []string{fmt.Sprintf(`"id":%d,`, c), fmt.Sprintf(`"id":%d}`, c), fmt.Sprintf(`"card":%d,`, c), fmt.Sprintf(`"card":%d}`, c)} {
						if k := strings.Index(seen, pat); k >= 0 {
							t.Logf("…%s…", seen[max(0, k-300):min(len(seen), k+100)])
							t.Fatalf("%v: action %d: %s sees %s of card %d drawn by %s", players, i, w.side, pat, c, opp)
						}
					}
					if name := after.Card(c).Name(); !visible[name] && strings.Contains(seen, `"`+name+`"`) {
						t.Fatalf("%v: action %d: %s sees the name %q of a card drawn by %s", players, i, w.side, name, opp)
					}
				}
			}
		}
		if draws == 0 {
			t.Fatalf("%v: no draw checked", players)
		}
	}
}
