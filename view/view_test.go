package view

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/internal/testkit"
	"m44/library"
	"m44/rules"
	"m44/scenario"
)

// librarySetups is the first n scenarios of the library as setups.
func librarySetups(t *testing.T, n int) []*rules.Setup {
	t.Helper()
	var out []*rules.Setup
	for _, e := range library.All() {
		f, err := scenario.Parse(e.Data)
		if err != nil {
			t.Fatal(err)
		}
		setup, _ := f.Setup()
		if setup == nil {
			t.Fatalf("%s: no setup", e.ID)
		}
		out = append(out, setup)
		if len(out) == n {
			break
		}
	}
	if len(out) == 0 {
		t.Skip("no library scenario")
	}
	return out
}

// viewers is every viewer of st: each seat, each side as a whole, and a
// spectator.
func viewers(st *rules.State) []Viewer {
	var out []Viewer
	players := st.Players()
	for side := rules.Allies; side <= rules.Axis; side++ {
		for p := 0; p < players[side]; p++ {
			out = append(out, Seat(side, p))
		}
		out = append(out, Side(side))
	}
	return append(out, Spectator())
}

func (v Viewer) String() string {
	switch {
	case v.spectator:
		return "spectator"
	case v.player < 0:
		return v.side.String()
	}
	return fmt.Sprintf("%s-%d", v.side, v.player+1)
}

// visible is every card id viewer v may see in st: the face-up cards
// (discards, the card in play, the teams' shared cards) and, for a seat, its
// own hand, its team mate's hand and its side's Recon choice.
func visible(st *rules.State, v Viewer) map[rules.CardID]bool {
	ok := map[rules.CardID]bool{}
	for _, c := range st.Discards() {
		ok[c] = true
	}
	for _, c := range []rules.CardID{st.Played(), st.Shared(rules.Allies), st.Shared(rules.Axis)} {
		if c != rules.NoCard {
			ok[c] = true
		}
	}
	if v.spectator {
		return ok
	}
	for p := 0; p < st.Players()[v.side]; p++ {
		for _, c := range st.HandOf(v.side, p) {
			ok[c] = true
		}
	}
	if st.Active() == v.side {
		for _, c := range st.ReconChoice() {
			ok[c] = true
		}
	}
	return ok
}

// cardIDs collects the id of every card object ({"id", "name"}) in a
// decoded JSON value, checking that its name is the deck's.
func cardIDs(t *testing.T, st *rules.State, x any, out map[rules.CardID]bool) {
	switch x := x.(type) {
	case map[string]any:
		if id, ok := x["id"].(float64); ok {
			c := rules.CardID(id)
			if int(c) < 0 || int(c) >= st.DeckSize() || x["name"] != st.Card(c).Name() {
				t.Fatalf("card object %v does not name a card of the deck", x)
			}
			out[c] = true
		}
		for _, y := range x {
			cardIDs(t, st, y, out)
		}
	case []any:
		for _, y := range x {
			cardIDs(t, st, y, out)
		}
	}
}

// checkPayload checks the JSON of viewer v's view of st: it names exactly
// the cards v may see (so no card of a hand v must not see, of the draw
// pile or of the other side's Recon choice), and its hands and counts are
// the state's.
func checkPayload(t *testing.T, st *rules.State, v Viewer, where string) (keep bool) {
	t.Helper()
	b, err := json.Marshal(Of(st, v))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	shown := map[rules.CardID]bool{}
	cardIDs(t, st, raw, shown)
	allowed := visible(st, v)
	for c := range shown {
		if !allowed[c] {
			t.Fatalf("%s: %s sees card %d (%s), which it may not: %s", where, v, c, st.Card(c).Name(), b)
		}
	}
	for _, k := range []string{"draw_cards", "deck", "hash", "full", "team_hands"} {
		if _, ok := raw[k]; ok {
			t.Fatalf("%s: %s's view has %q", where, v, k)
		}
	}
	var back View
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	ids := func(cs []Card) []rules.CardID {
		out := []rules.CardID{}
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	players := st.Players()
	if v.spectator {
		for _, k := range []string{"hand", "team_hand", "choice", "player", "other_hand", "legal", "shared", "other_shared"} {
			if _, ok := raw[k]; ok {
				t.Fatalf("%s: the spectator's view has %q: %s", where, k, b)
			}
		}
		if raw["viewer"] != nil || back.Counts == nil || back.Hands != PerSideOf([2]int{held(st, rules.Allies), held(st, rules.Axis)}) {
			t.Fatalf("%s: spectator view %s", where, b)
		}
		// Only face-up cards: a shared card is the one hand card a spectator sees.
		for c := range shown {
			for side := rules.Allies; side <= rules.Axis; side++ {
				for p := 0; p < players[side]; p++ {
					if slices.Contains(st.HandOf(side, p), c) {
						t.Fatalf("%s: the spectator sees card %d of a %s hand", where, c, side)
					}
				}
			}
		}
		return false
	}
	p := v.playerIn(st)
	if back.SeatCards == nil || back.Viewer == nil || *back.Viewer != v.side || back.Player != p {
		t.Fatalf("%s: %s's view %s", where, v, b)
	}
	if !slices.Equal(ids(back.Hand), append([]rules.CardID{}, st.HandOf(v.side, p)...)) {
		t.Fatalf("%s: %s's hand %v, engine %v", where, v, back.Hand, st.HandOf(v.side, p))
	}
	if players[v.side] == 2 {
		if back.TeamHand == nil || !slices.Equal(ids(back.TeamHand), append([]rules.CardID{}, st.HandOf(v.side, 1-p)...)) {
			t.Fatalf("%s: %s's team hand %v, engine %v", where, v, back.TeamHand, st.HandOf(v.side, 1-p))
		}
	} else if _, ok := raw["team_hand"]; ok {
		t.Fatalf("%s: a lone player's view has team_hand", where)
	}
	if back.OtherHand != held(st, v.side.Opp()) || back.Counts != nil {
		t.Fatalf("%s: %s's other hand %d, engine %d", where, v, back.OtherHand, held(st, v.side.Opp()))
	}
	toAct := st.Phase() != rules.PhaseOver && st.ToAct() == v.side && p == st.CurrentPlayer(v.side)
	if toAct != (len(back.Legal) > 0) {
		t.Fatalf("%s: %s to act %v, legal %v", where, v, toAct, back.Legal)
	}
	if st.Phase() == rules.PhaseKeep {
		if mine := st.Active() == v.side; mine != (len(back.Choice) == 2) {
			t.Fatalf("%s: %s sees the Recon choice %v (active %s)", where, v, back.Choice, st.Active())
		}
		return true
	}
	return false
}

// The hidden-information soak: random games on library scenarios, 1 against
// 1, 2 against 2 and 2 against 1, every view of every position checked for
// every viewer, and every event as each viewer gets it.
func TestNoHiddenCards(t *testing.T) {
	setups := librarySetups(t, 2)
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for _, players := range [][2]int{{1, 1}, {2, 2}, {2, 1}} {
		t.Run(fmt.Sprintf("%dv%d", players[0], players[1]), func(t *testing.T) {
			t.Parallel()
			keeps, keepOther := 0, 0
			for k, base := range setups {
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					setup := *base
					setup.Players = players
					st, err := rules.New(&setup, seed)
					if err != nil {
						t.Fatal(err)
					}
					r := testkit.Rng{S: seed * 977}
					for step := 0; step < 4000; step++ {
						where := fmt.Sprintf("players %v scenario %d seed %d step %d (%s)", players, k, seed, step, st.Phase())
						for _, v := range viewers(st) {
							if checkPayload(t, st, v, where) {
								keeps++
								if v.spectator || v.side != st.Active() {
									keepOther++
								}
							}
						}
						if over, _ := st.Over(); over {
							break
						}
						legal := st.Legal()
						evs, err := st.Apply(legal[r.Intn(len(legal))])
						if err != nil {
							t.Fatalf("%s: %v", where, err)
						}
						for _, v := range viewers(st) {
							for _, e := range evs {
								checkEvent(t, st, v, e, where)
							}
						}
					}
				}
			}
			if keeps == 0 || keepOther == 0 {
				t.Fatalf("no Recon choice seen (%d views in the keep phase, %d of them not the active side's)", keeps, keepOther)
			}
		})
	}
}

// checkEvent checks engine event e as viewer v gets it: a card drawn face
// down is named only to the side that drew it.
func checkEvent(t *testing.T, st *rules.State, v Viewer, e rules.Event, where string) {
	t.Helper()
	ev := v.Event(e)
	if e.Kind != rules.EvCardDrawn {
		if ev != e {
			t.Fatalf("%s: %s gets %v as %v", where, v, e, ev)
		}
		return
	}
	mine := !v.spectator && v.side == e.Side
	switch {
	case e.N == 1 && ev.Card != e.Card: // face up: everyone sees it
		t.Fatalf("%s: %s does not see the face-up draw %v", where, v, e)
	case e.N == 0 && mine && ev.Card != e.Card:
		t.Fatalf("%s: %s does not see its own draw %v", where, v, e)
	case e.N == 0 && !mine && ev.Card != rules.NoCard:
		t.Fatalf("%s: %s sees the card drawn by %s: %v", where, v, e.Side, ev)
	}
}

// A side's view (view.Side) carries what the core's View of that side
// holds: the same hands, counts, choice, legal actions and board.
func TestSideViewMatchesCore(t *testing.T) {
	setups := librarySetups(t, 2)
	cards := func(cs []rules.CardView) []Card {
		var out []Card
		for _, c := range cs {
			out = append(out, Card{ID: c.ID, Name: c.Name})
		}
		return out
	}
	ptr := func(c *rules.CardView) *Card {
		if c == nil {
			return nil
		}
		return &Card{ID: c.ID, Name: c.Name}
	}
	for _, players := range [][2]int{{1, 1}, {2, 2}} {
		for _, base := range setups {
			setup := *base
			setup.Players = players
			st, err := rules.New(&setup, 7)
			if err != nil {
				t.Fatal(err)
			}
			r := testkit.Rng{S: 5}
			for step := 0; step < 600; step++ {
				for side := rules.Allies; side <= rules.Axis; side++ {
					core, v := st.View(side), Of(st, Side(side))
					if !slices.Equal(cards(core.Hand), v.Hand) || !slices.Equal(cards(core.TeamHand), v.TeamHand) ||
						!slices.Equal(cards(core.Choice), v.Choice) || !slices.Equal(cards(core.Discards), v.Discards) ||
						core.OtherHand != v.OtherHand || core.Player != v.Player || core.DrawPile != v.DrawPile ||
						fmt.Sprint(ptr(core.Played)) != fmt.Sprint(v.Played) || core.InEffect != v.InEffect ||
						fmt.Sprint(ptr(core.Shared)) != fmt.Sprint(v.Shared) || fmt.Sprint(ptr(core.OtherShared)) != fmt.Sprint(v.OtherShared) ||
						!slices.Equal(core.Legal, v.Legal) || !slices.Equal(core.Targets, v.Targets) ||
						len(core.Units) != len(v.Units) || len(core.Features) != len(v.Features) {
						t.Fatalf("step %d %s: core %+v, view %+v", step, side, core, v)
					}
					for i, u := range core.Units {
						w := v.Units[i]
						if u.Hex != w.Hex || u.Type.String() != w.Type || u.Side != w.Side || u.Figures != w.Figures || u.Ordered != w.Ordered {
							t.Fatalf("unit %d: %+v, %+v", i, u, w)
						}
					}
					for i, f := range core.Features {
						if w := v.Features[i]; f.Hex != w.Hex || f.Terrain != w.Terrain || f.Structure != w.Structure || f.Obstacle != w.Obstacle {
							t.Fatalf("feature %d: %+v, %+v", i, f, w)
						}
					}
				}
				if over, _ := st.Over(); over {
					break
				}
				legal := st.Legal()
				st.Play(legal[r.Intn(len(legal))])
			}
		}
	}
}

// The wire names the browser client and `m44 engine` clients read.
func TestWireNames(t *testing.T) {
	setup := *librarySetups(t, 1)[0]
	setup.Players = [2]int{2, 1}
	st, err := rules.New(&setup, 3)
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := json.Marshal(Of(st, Seat(rules.Allies, 1)))
	for _, k := range []string{`"viewer":"allies"`, `"turn":`, `"active":`, `"phase":"card"`, `"to_act":`, `"over":false`,
		`"medals":{"allies":0,"axis":0}`, `"victory":{"allies":`, `"players":{"allies":2,"axis":1}`,
		`"current_player":{"allies":0,"axis":0}`, `"draw_pile":`, `"discards":[]`, `"units":[{"hex":"`, `"features":[`,
		`"player":1`, `"hand":[{"id":`, `"team_hand":[{"id":`, `"shared":{"id":`, `"other_hand":`, `"legal":[]`} {
		if !strings.Contains(string(seat), k) {
			t.Errorf("seat view lacks %s: %s", k, seat)
		}
	}
	spec, _ := json.Marshal(Of(st, Spectator()))
	for _, k := range []string{`"viewer":null`, `"hands":{"allies":`, `"shared_cards":{"allies":{"id":`} {
		if !strings.Contains(string(spec), k) {
			t.Errorf("spectator view lacks %s: %s", k, spec)
		}
	}
}

// A bridge blown up (FAQ III "Faire sauter un pont") is said so in the
// board's features, so that the browser draws its stubs; a standing one
// is not.
func TestBlownBridgeInView(t *testing.T) {
	at := hex.Hex{Row: 4, Col: 12}
	s := &rules.Setup{Name: "blow", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{6, 6}, Deck: rules.SectionDeck(),
		Units: []rules.UnitSetup{{Hex: hex.Hex{Row: 8, Col: 0}, Type: rules.Infantry, Side: rules.Allies}, {Hex: hex.Hex{Row: 0, Col: 0}, Type: rules.Infantry, Side: rules.Axis}},
		Hexes: []rules.HexSetup{{Hex: at, Terrain: rules.River, Structure: rules.Bridge}},
		Blow:  rules.BlowBridges{Side: rules.Allies, Bridges: []rules.BlowableBridge{{Hex: at}}}}
	st, err := rules.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	blown := func() (bool, bool) {
		for _, f := range BoardOf(st).Features {
			if f.Hex == at {
				return f.Blown, f.Structure == "bridge"
			}
		}
		t.Fatal("the bridge's hex is not among the features")
		return false, false
	}
	if b, bridge := blown(); b || !bridge {
		t.Fatalf("standing bridge: blown %v, bridge %v", b, bridge)
	}
	var probe rules.CardID
	for id := 0; id < st.DeckSize(); id++ {
		if st.Card(rules.CardID(id)).Name() == "probe-center" {
			probe = rules.CardID(id)
			break
		}
	}
	if err := st.SetHand(rules.Allies, []rules.CardID{probe}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Apply(rules.Action{Kind: rules.ActPlay, Card: probe}); err != nil {
		t.Fatal(err)
	}
	st.ScriptDice(rules.FaceStar, rules.FaceStar)
	if _, err := st.Apply(rules.Action{Kind: rules.ActBlow, From: at}); err != nil {
		t.Fatal(err)
	}
	if b, bridge := blown(); !b || bridge {
		t.Fatalf("blown bridge: blown %v, bridge %v", b, bridge)
	}
}
