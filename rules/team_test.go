package rules

// Operation Alliance team play (rulebook annex 5 "Opération Alliance";
// command-cards.md §7): personal hands plus one face-up shared card per
// team, team mates alternating, the drawn card going where the played one
// was, Their Finest Hour and Medics counting the player's own hand and the
// shared card, Ambush from either mate or the shared card, and what each
// side may see.

import (
	"fmt"
	"slices"
	"testing"
)

// tcTeams starts a game with the given players and cards per side.
func tcTeams(t *testing.T, players, cards [2]int, specs ...string) *tcGame {
	t.Helper()
	st := tcSetup(t, append([]string{fmt.Sprintf("cards=%d,%d", cards[0], cards[1])}, specs...)...)
	st.Players = players
	return tcNew(t, st)
}

// teamUnits is a position where nothing can reach anything in one turn.
var teamUnits = []string{"allies inf 8,2", "allies inf 8,12", "allies arm 8,22", "axis inf 0,2", "axis inf 0,12", "axis arm 0,22"}

// rulebook annex 5 "Mise en place": 4 cards → 2 each + 1 shared, 5 → 3+3+1,
// 6 → 4+4+1; below 4, 1 each + 1 shared (the Pegasus Bridge example); a
// lone player keeps the scenario's count.
func TestTeamDeal(t *testing.T) {
	cases := []struct {
		cards, each int
	}{{4, 2}, {5, 3}, {6, 4}, {3, 1}, {2, 1}}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.cards), func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				st := tcSetup(t, append([]string{fmt.Sprintf("cards=%d,5", c.cards)}, teamUnits...)...)
				st.Players = [2]int{2, 1}
				s, err := New(st, seed)
				if err != nil {
					t.Fatal(err)
				}
				if err := tcCardsConserved(s); err != nil {
					t.Fatal(err)
				}
				if a, b := len(s.HandOf(Allies, 0)), len(s.HandOf(Allies, 1)); a != c.each || b != c.each {
					t.Fatalf("team hands %d and %d, want %d", a, b, c.each)
				}
				if s.Shared(Allies) == NoCard {
					t.Fatal("no shared card")
				}
				if len(s.HandOf(Axis, 0)) != 5 || s.Shared(Axis) != NoCard || s.HandOf(Axis, 1) != nil {
					t.Fatalf("lone player: hand %d, shared %d", len(s.HandOf(Axis, 0)), s.Shared(Axis))
				}
				if s.DrawPileSize() != s.DeckSize()-2*c.each-1-5 {
					t.Fatalf("draw pile %d", s.DrawPileSize())
				}
				if s.Players() != [2]int{2, 1} {
					t.Fatalf("players %v", s.Players())
				}
			}
		})
	}
}

// rulebook annex 5 "Mise en place", note: a team whose scenario starts below
// 4 cards (Pegasus Bridge: the Axis starts with 2 and builds up to 4) gets 1
// card each and a shared card; each player draws an extra card after his
// own turn, so that after turn 4 each holds 2 and the shared card.
func TestTeamHandGrowsBelowFour(t *testing.T) {
	st := tcSetup(t, append([]string{"cards=4,2"}, teamUnits...)...)
	st.Players = [2]int{2, 2}
	st.GrowTo = [2]int{0, 4}
	g := tcNew(t, st)
	sizes := func() [2]int { return [2]int{len(g.s.HandOf(Axis, 0)), len(g.s.HandOf(Axis, 1))} }
	want := [][2]int{{1, 1}, {1, 1}, {2, 1}, {2, 1}, {2, 2}, {2, 2}, {2, 2}}
	for k, w := range want {
		if got := sizes(); got != w || g.s.Shared(Axis) == NoCard {
			t.Fatalf("after %d turns: axis hands %v, want %v (shared %d)", k, got, w, g.s.Shared(Axis))
		}
		if len(g.s.HandOf(Allies, 0)) != 2 || len(g.s.HandOf(Allies, 1)) != 2 {
			t.Fatal("the Allies' hands changed")
		}
		g.endTurn()
	}
}

// A setup is refused when the deck cannot deal the hands and shared cards
// of teams (a team is dealt more than its scenario count: 4 → 2+2+1).
func TestTeamDealNeedsEnoughCards(t *testing.T) {
	cases := []struct {
		players, cards [2]int
		section        bool
		ok             bool
	}{
		{[2]int{2, 2}, [2]int{12, 12}, false, true},  // 21+21 of 60
		{[2]int{2, 2}, [2]int{20, 20}, false, false}, // 37+37 of 60
		{[2]int{1, 1}, [2]int{20, 20}, false, true},
		{[2]int{2, 1}, [2]int{20, 20}, true, false}, // 37+20 of 40
		{[2]int{2, 2}, [2]int{6, 6}, true, true},    // young players in teams: 9+9 of 40
	}
	for _, c := range cases {
		st := tcSetup(t, fmt.Sprintf("cards=%d,%d", c.cards[0], c.cards[1]), "allies inf 8,2", "axis inf 0,2")
		st.Players = c.players
		if c.section {
			st.Deck = SectionDeck()
		}
		s, err := New(st, 1)
		if (err == nil) != c.ok {
			t.Fatalf("%+v: error %v", c, err)
		}
		if err == nil {
			if e := tcCardsConserved(s); e != nil {
				t.Fatal(e)
			}
		}
	}
}

// rulebook annex 5 "Tour de jeu": the sides alternate and team mates
// alternate within their side: A1, B1, A2, B2 with four players; with three,
// the lone player plays after each opposing player.
func TestTeamTurnOrder(t *testing.T) {
	type seat struct {
		side Side
		p    int
	}
	A0, A1, X0, X1 := seat{Allies, 0}, seat{Allies, 1}, seat{Axis, 0}, seat{Axis, 1}
	cases := []struct {
		name    string
		players [2]int
		first   Side
		want    []seat
	}{
		{"four players", [2]int{2, 2}, Allies, []seat{A0, X0, A1, X1, A0, X0, A1, X1}},
		{"four players, axis first", [2]int{2, 2}, Axis, []seat{X0, A0, X1, A1, X0, A0}},
		{"allied team against one", [2]int{2, 1}, Allies, []seat{A0, X0, A1, X0, A0, X0}},
		{"one against an axis team", [2]int{1, 2}, Allies, []seat{A0, X0, A0, X1, A0, X0}},
		{"two players", [2]int{1, 1}, Allies, []seat{A0, X0, A0, X0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := tcTeams(t, c.players, [2]int{4, 4}, append([]string{"first=" + c.first.String()}, teamUnits...)...)
			for k, w := range c.want {
				side := g.s.Active()
				got := seat{side, g.s.CurrentPlayer(side)}
				if got != w {
					t.Fatalf("turn %d: %v, want %v", k+1, got, w)
				}
				if g.s.View(side).Player != w.p {
					t.Fatalf("turn %d: view player %d", k+1, g.s.View(side).Player)
				}
				g.endTurn()
			}
		})
	}
}

// rulebook annex 5 "Tour de jeu": the active player plays from his own
// hand or the shared card; the card drawn goes where the played one was:
// his hand, or face up as the new shared card, seen by everyone.
func TestTeamSharedCardReplaced(t *testing.T) {
	g := tcTeams(t, [2]int{2, 2}, [2]int{4, 4}, teamUnits...)
	g.setSeat(Allies, 0, "probe-left", "probe-center")
	g.setSeat(Allies, 1, "attack-left", "attack-center")
	g.setShared(Allies, "recon-in-force")
	sh := g.s.Shared(Allies)
	// The shared card is offered after the player's own hand.
	h := g.s.Hand(Allies)
	g.wantLegal(fmt.Sprintf("play %d", h[0]), fmt.Sprintf("play %d", h[1]), fmt.Sprintf("play %d", sh))
	g.do(fmt.Sprintf("play %d", sh))
	g.endTurn()
	if g.s.Active() != Axis {
		t.Fatal("turn did not pass")
	}
	nsh := g.s.Shared(Allies)
	if nsh == NoCard || nsh == sh {
		t.Fatalf("shared card %d after playing %d", nsh, sh)
	}
	if !slices.Equal(g.s.HandOf(Allies, 0), h) || len(g.s.HandOf(Allies, 1)) != 2 {
		t.Fatalf("hands changed: %v %v", g.s.HandOf(Allies, 0), g.s.HandOf(Allies, 1))
	}
	var drawn []Event
	for _, e := range g.log {
		if e.Kind == EvCardDrawn {
			drawn = append(drawn, e)
		}
	}
	if len(drawn) != 1 || drawn[0].Card != nsh || drawn[0].N != 1 || drawn[0].For(Axis).Card != nsh {
		t.Fatalf("draw events %v", drawn)
	}
	if v := g.s.View(Axis); v.OtherShared == nil || v.OtherShared.ID != nsh {
		t.Fatalf("the Axis does not see the new shared card: %+v", v.OtherShared)
	}

	// The Axis plays; then the second Allied player plays from his hand:
	// his new card is hidden from the Axis and the shared card stays.
	g.endTurn()
	if g.s.CurrentPlayer(Allies) != 1 {
		t.Fatalf("current allied player %d", g.s.CurrentPlayer(Allies))
	}
	mine := g.s.Hand(Allies)
	if !slices.Equal(mine, g.s.HandOf(Allies, 1)) {
		t.Fatalf("Hand %v is not player 2's %v", mine, g.s.HandOf(Allies, 1))
	}
	g.log = nil
	g.do(fmt.Sprintf("play %d", mine[0]))
	g.endTurn()
	if g.s.Shared(Allies) != nsh || len(g.s.HandOf(Allies, 1)) != 2 || slices.Contains(g.s.HandOf(Allies, 1), mine[0]) {
		t.Fatalf("shared %d, hand %v", g.s.Shared(Allies), g.s.HandOf(Allies, 1))
	}
	for _, e := range g.log {
		if e.Kind == EvCardDrawn && e.Side == Allies && (e.N != 0 || e.For(Axis).Card != NoCard || e.For(Allies).Card == NoCard) {
			t.Fatalf("hand draw event %v", e)
		}
	}
}

// rulebook annex 5 "Règles spéciales": Their Finest Hour and Medics &
// Mechanics roll one die per card of the active player's own hand plus the
// shared card, the played card included; the team mate's hand does not count.
func TestTeamCardCounts(t *testing.T) {
	cases := []struct {
		name     string
		card     string
		players  int
		shared   bool // the card is played as the shared card
		wantDice int
	}{
		{"finest hour from hand", "their-finest-hour", 2, false, 4},
		{"finest hour as the shared card", "their-finest-hour", 2, true, 4},
		{"medics from hand", "medics-mechanics", 2, false, 4},
		{"medics as the shared card", "medics-mechanics", 2, true, 4},
		{"finest hour, lone player", "their-finest-hour", 1, false, 5},
		{"medics, lone player", "medics-mechanics", 1, false, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := tcTeams(t, [2]int{c.players, 1}, [2]int{5, 5}, teamUnits...)
			g.wound("8,12", 2)
			if c.players == 1 {
				g.hand(Allies, c.card, "probe-left", "probe-right", "attack-left", "attack-right")
			} else {
				g.setSeat(Allies, 1, "attack-center", "assault-left", "assault-right")
				if c.shared {
					g.setSeat(Allies, 0, "probe-left", "probe-right", "attack-left")
					g.setShared(Allies, c.card)
				} else {
					g.setSeat(Allies, 0, c.card, "probe-left", "probe-right")
					g.setShared(Allies, "attack-right")
				}
			}
			g.dice("grenade grenade grenade grenade grenade")
			g.play(c.card)
			if c.card == "medics-mechanics" {
				g.do("order 8,12")
			}
			d := g.all(EvDiceRolled)
			if len(d) != 1 || int(d[0].NDice) != c.wantDice {
				t.Fatalf("dice %v, want %d", d, c.wantDice)
			}
			g.s.ScriptDice() // unused faces are harmless
		})
	}
}

// rulebook annex 5 "Règles spéciales": either team mate may play Ambush, from
// his own hand or as the shared card; the replacement goes to that place.
func TestTeamAmbush(t *testing.T) {
	for _, from := range []string{"current player", "team mate", "shared card"} {
		t.Run(from, func(t *testing.T) {
			g := tcTeams(t, [2]int{1, 2}, [2]int{5, 4}, "allies inf 5,9", "axis inf 4,10", "axis inf 0,22")
			g.hand(Allies, "probe-center", "probe-left", "probe-right", "attack-left", "attack-right")
			g.setSeat(Axis, 0, "probe-left", "probe-center")
			g.setSeat(Axis, 1, "attack-left", "attack-center")
			switch from {
			case "current player":
				g.setSeat(Axis, 0, "ambush", "probe-center")
			case "team mate":
				g.setSeat(Axis, 1, "ambush", "attack-center")
			case "shared card":
				g.setShared(Axis, "ambush")
			}
			amb, _ := g.cardIn(append(g.s.HandOf(Axis, 0), append(g.s.HandOf(Axis, 1), g.s.Shared(Axis))...), "ambush")
			if g.s.CurrentPlayer(Axis) != 0 {
				t.Fatal("the first Axis player should be next")
			}
			g.toBattle("probe-center", "5,9")
			g.do("battle 5,9 4,10")
			g.wantPhase(PhaseAmbush)
			if g.s.ToAct() != Axis {
				t.Fatalf("to act %s", g.s.ToAct())
			}
			g.wantLegal(fmt.Sprintf("play %d", amb), "skip")
			g.dice("star star star" + " star star star")
			g.do(fmt.Sprintf("play %d", amb))
			if g.s.Active() != Axis || g.s.Phase() != PhaseCard {
				t.Fatalf("turn did not pass: %s %s", g.s.Active(), g.s.Phase())
			}
			h0, h1, sh := g.s.HandOf(Axis, 0), g.s.HandOf(Axis, 1), g.s.Shared(Axis)
			if len(h0) != 2 || len(h1) != 2 || sh == NoCard || slices.Contains(append(append(h0, h1...), sh), amb) {
				t.Fatalf("after the Ambush: hands %v %v, shared %d", h0, h1, sh)
			}
			var faceUp []int8
			for _, e := range g.evs {
				if e.Kind == EvCardDrawn && e.Side == Axis {
					faceUp = append(faceUp, e.N)
				}
			}
			want := int8(0)
			if from == "shared card" {
				want = 1
			}
			if len(faceUp) != 1 || faceUp[0] != want {
				t.Fatalf("Axis draws %v", faceUp)
			}
		})
	}
}

// A team's View shows the current player's hand, his mate's hand and the
// shared card; of the other side, only its hand sizes and face-up shared
// card.
func TestTeamView(t *testing.T) {
	g := tcTeams(t, [2]int{2, 2}, [2]int{6, 5}, teamUnits...)
	v := g.s.View(Allies)
	ids := func(cv []CardView) []CardID {
		var out []CardID
		for _, c := range cv {
			out = append(out, c.ID)
		}
		return out
	}
	if !slices.Equal(ids(v.Hand), g.s.HandOf(Allies, 0)) || !slices.Equal(ids(v.TeamHand), g.s.HandOf(Allies, 1)) {
		t.Fatalf("hand %v team %v", v.Hand, v.TeamHand)
	}
	if v.Shared == nil || v.Shared.ID != g.s.Shared(Allies) || v.OtherShared == nil || v.OtherShared.ID != g.s.Shared(Axis) {
		t.Fatalf("shared %+v other %+v", v.Shared, v.OtherShared)
	}
	if v.OtherHand != 3+3 || v.Players != [2]int{2, 2} || v.Player != 0 {
		t.Fatalf("other hand %d players %v player %d", v.OtherHand, v.Players, v.Player)
	}
	// Nothing in the Allies' view names an Axis hand card (package view
	// checks the JSON sent to every viewer).
	for _, id := range append(ids(v.Hand), ids(v.TeamHand)...) {
		if slices.Contains(g.s.HandOf(Axis, 0), id) || slices.Contains(g.s.HandOf(Axis, 1), id) {
			t.Fatalf("the Allies' view shows the Axis card %d", id)
		}
	}
	// The Axis sees its own team, and only the Allies' sizes and shared card.
	w := g.s.View(Axis)
	if !slices.Equal(ids(w.Hand), g.s.HandOf(Axis, 0)) || !slices.Equal(ids(w.TeamHand), g.s.HandOf(Axis, 1)) ||
		w.OtherHand != 4+4 || w.OtherShared == nil || w.OtherShared.ID != g.s.Shared(Allies) {
		t.Fatalf("axis view %+v", w)
	}
	// A lone player has no team hand and no shared card.
	g = tcTeams(t, [2]int{2, 1}, [2]int{4, 5}, teamUnits...)
	w = g.s.View(Axis)
	if w.TeamHand != nil || w.Shared != nil || w.OtherShared == nil || w.OtherHand != 4 || len(w.Hand) != 5 {
		t.Fatalf("lone view %+v", w)
	}
	v = g.s.View(Allies)
	if v.OtherShared != nil || v.OtherHand != 5 || len(v.TeamHand) != 2 {
		t.Fatalf("team view against a lone player %+v", v)
	}
}

// rulebook annex 5 "Règles spéciales": a Recon played as the shared card:
// the active player keeps one of the two drawn cards, which becomes the
// shared card; the other is discarded.
func TestTeamReconAsSharedCard(t *testing.T) {
	g := tcTeams(t, [2]int{2, 2}, [2]int{4, 4}, teamUnits...)
	g.setSeat(Allies, 0, "probe-left", "probe-right")
	g.setShared(Allies, "recon-center")
	g.play("recon-center")
	g.do("order 8,12")
	g.do("end-moves")
	g.wantPhase(PhaseKeep)
	ch := g.s.View(Allies).Choice
	if len(ch) != 2 || g.s.View(Axis).Choice != nil {
		t.Fatalf("choice %v", ch)
	}
	g.do(fmt.Sprintf("keep %d", ch[1].ID))
	if g.s.Shared(Allies) != ch[1].ID || len(g.s.HandOf(Allies, 0)) != 2 {
		t.Fatalf("shared %d, hand %v", g.s.Shared(Allies), g.s.HandOf(Allies, 0))
	}
	if d := g.s.Discards(); len(d) < 2 || d[len(d)-1] != ch[0].ID || g.s.Card(d[len(d)-2]).Name() != "recon-center" {
		t.Fatalf("discards %v", d)
	}
}

// Counter-Attack in team play copies the other side's last card, whichever
// of its players played it (the engine's reading of command-cards.md §8
// question 7).
func TestTeamCounterAttack(t *testing.T) {
	g := tcTeams(t, [2]int{2, 2}, [2]int{4, 4}, "allies inf 8,2", "allies inf 8,22", "axis inf 0,2", "axis inf 0,22")
	g.endTurn() // A1
	g.setSeat(Axis, 0, "probe-left", "probe-center")
	g.play("probe-left") // X1: the Allies' right
	g.endTurn()
	g.setSeat(Allies, 1, "counter-attack", "probe-center")
	g.play("counter-attack") // A2
	if e := g.viewEffect(); e != "probe-right" {
		t.Fatalf("in effect %q", e)
	}
	g.wantKind("order", "order 8,22")
}

// docs/rules-decisions.md "Hidden information" in team play: a team sees
// both its hands and its shared card, so when the attacking team holds the
// Ambush (in the other mate's hand or as its shared card) no Ambush window
// opens; when it does not, the window opens even for a defender without it.
func TestTeamAmbushWindow(t *testing.T) {
	for _, where := range []string{"attacker's mate", "attacker's shared card", "discards", "draw pile"} {
		t.Run(where, func(t *testing.T) {
			g := tcTeams(t, [2]int{2, 1}, [2]int{4, 5}, "allies inf 5,9", "axis inf 4,10", "axis inf 0,22")
			g.setSeat(Allies, 0, "probe-center", "probe-left")
			switch where {
			case "attacker's mate":
				g.setSeat(Allies, 1, "ambush", "attack-left")
			case "attacker's shared card":
				g.setShared(Allies, "ambush")
			case "draw pile":
				amb, _ := g.cardIn(g.s.Discards(), "ambush")
				g.s.discard = slices.DeleteFunc(g.s.discard, func(c CardID) bool { return c == amb })
				g.s.deck = append(g.s.deck, amb)
				g.checkCards()
			}
			g.toBattle("probe-center", "5,9")
			g.dice("star star star")
			g.do("battle 5,9 4,10")
			window := g.s.Phase() == PhaseAmbush
			if window != (where == "draw pile") {
				t.Fatalf("Ambush window %v (phase %s)", window, g.s.Phase())
			}
			if window {
				g.wantLegal("skip")
				g.do("skip")
				if battleDiceOf(g.evs) != 3 {
					t.Fatalf("events %s", evString(g.evs))
				}
			}
		})
	}
}
