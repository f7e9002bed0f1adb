package rules

import (
	"fmt"
	"slices"
	"testing"
)

// command-cards.md §2: 40 section cards and 20 tactic cards.
func TestDeckComposition(t *testing.T) {
	count := func(d Deck) map[string]int {
		m := map[string]int{}
		for _, c := range d {
			m[c.Name()]++
		}
		return m
	}
	sec := count(SectionDeck())
	want := map[string]int{
		"recon-left": 2, "recon-center": 2, "recon-right": 2,
		"probe-left": 4, "probe-center": 5, "probe-right": 4,
		"attack-left": 3, "attack-center": 4, "attack-right": 3,
		"assault-left": 2, "assault-center": 2, "assault-right": 2,
		"general-advance": 1, "pincer-move": 1, "recon-in-force": 3,
	}
	if len(SectionDeck()) != 40 {
		t.Errorf("section deck: %d cards, want 40", len(SectionDeck()))
	}
	for name, n := range want {
		if sec[name] != n {
			t.Errorf("%s: %d copies, want %d", name, sec[name], n)
		}
	}
	if len(sec) != len(want) {
		t.Errorf("section deck kinds %v", sec)
	}
	full := StandardDeck()
	tactics := 0
	for _, c := range full {
		if c.Kind.Tactic() {
			tactics++
		}
		if back, ok := CardByName(c.Name()); !ok || back.Kind != c.Kind || (baseCards[c.Kind].Section && back.Section != c.Section) {
			t.Errorf("CardByName(%q) = %v, %v", c.Name(), back, ok)
		}
	}
	if len(full) != 60 || tactics != 20 {
		t.Errorf("standard deck: %d cards, %d tactic; want 60 and 20", len(full), tactics)
	}
}

// cardsEverywhere lists every card id the game holds, wherever it is.
func cardsEverywhere(st *State) []CardID {
	var all []CardID
	all = append(all, st.deck...)
	all = append(all, st.discard...)
	for _, h := range st.hands {
		all = append(all, h...)
	}
	for _, c := range []CardID{st.played, st.keepCards()[0], st.keepCards()[1], st.shared[0], st.shared[1]} {
		if c != NoCard {
			all = append(all, c)
		}
	}
	return all
}

// checkCards asserts that every card of the deck is in exactly one place.
func checkCards(tb testing.TB, st *State) {
	tb.Helper()
	all := cardsEverywhere(st)
	if len(all) != st.DeckSize() {
		tb.Fatalf("%d cards in play, the deck has %d (draw %d, discard %d, hands %v, played %d, keep %v)",
			len(all), st.DeckSize(), len(st.deck), len(st.discard), st.hands, st.played, st.keepCards())
	}
	slices.Sort(all)
	for i := range all {
		if int(all[i]) != i {
			tb.Fatalf("card %d missing or doubled: %v", i, all)
		}
	}
}

// rulebook "Mise en place" 10: each side is dealt the scenario's hand.
func TestDeckDeal(t *testing.T) {
	st := game(t, "cards=3,6", "allies inf 8,0", "axis inf 0,0")
	if len(st.Hand(Allies)) != 3 || len(st.Hand(Axis)) != 6 || st.DrawPileSize() != 40-9 || len(st.Discards()) != 0 {
		t.Errorf("hands %d/%d, draw pile %d", len(st.Hand(Allies)), len(st.Hand(Axis)), st.DrawPileSize())
	}
	checkCards(t, st)
	// Different seeds deal different hands (the deal is random).
	other := game(t, "cards=3,6", "seed=99", "allies inf 8,0", "axis inf 0,0")
	if slices.Equal(st.Hand(Axis), other.Hand(Axis)) {
		t.Error("two seeds dealt the same 6 cards")
	}
}

// rulebook p.11 "Piocher": the played card is discarded and one is drawn;
// an empty draw pile is refilled with the shuffled discards.
func TestDeckCycleAndReshuffle(t *testing.T) {
	s, seed := setupOf(t, "cards=2,2", "allies inf 8,0", "axis inf 0,0")
	// A 6-card deck: 4 dealt, 2 left to draw.
	s.Deck = Deck{{Kind: Probe, Section: Left}, {Kind: Probe, Section: Center}, {Kind: Probe, Section: Right},
		{Kind: Attack, Section: Left}, {Kind: Attack, Section: Center}, {Kind: Attack, Section: Right}}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	reshuffles := 0
	for turn := 0; turn < 12; turn++ {
		side := st.Active()
		id := st.Hand(side)[0]
		drawBefore, discBefore := st.DrawPileSize(), len(st.Discards())
		evs := act(t, st, fmt.Sprintf("play %d", id))
		if st.Phase() == PhaseOrder {
			evs = append(evs, act(t, st, "end-orders")...)
		}
		if st.Active() == side {
			t.Fatalf("turn %d did not end", turn)
		}
		checkCards(t, st)
		if len(st.Hand(side)) != 2 {
			t.Fatalf("hand of %d cards after the draw, want 2", len(st.Hand(side)))
		}
		if d := ofKind(evs, EvCardDiscarded); len(d) != 1 || d[0].Card != id {
			t.Errorf("discard events %s", evString(evs))
		}
		if drawBefore == 0 {
			reshuffles++
			r := ofKind(evs, EvDeckReshuffled)
			if len(r) != 1 || int(r[0].N) != discBefore+1 {
				t.Fatalf("empty draw pile: events %s, want a reshuffle of %d cards", evString(evs), discBefore+1)
			}
			if st.DrawPileSize() != discBefore || len(st.Discards()) != 0 {
				t.Errorf("after the reshuffle: draw %d discards %d", st.DrawPileSize(), len(st.Discards()))
			}
		} else if st.DrawPileSize() != drawBefore-1 || len(st.Discards()) != discBefore+1 {
			t.Errorf("draw %d→%d, discards %d→%d", drawBefore, st.DrawPileSize(), discBefore, len(st.Discards()))
		}
		if dr := ofKind(evs, EvCardDrawn); len(dr) != 1 || dr[0].Side != side {
			t.Errorf("draw events %s", evString(evs))
		}
	}
	if reshuffles == 0 {
		t.Error("the deck never ran out")
	}
}

// command-cards.md §3 "Recon": draw 2, keep 1, discard the other; the choice
// is the player's and nobody else sees it.
func TestDeckReconKeepOne(t *testing.T) {
	st := game(t, "allies inf 4,4", "axis inf 0,0")
	ids := hand(t, st, Allies, "recon-left", "probe-center", "probe-right")
	act(t, st, fmt.Sprintf("play %d", ids[0]))
	act(t, st, "order 4,4")
	act(t, st, "end-moves")
	if st.Phase() != PhaseKeep || st.ToAct() != Allies || st.Active() != Allies {
		t.Fatalf("phase %s to act %s, want allies keeping a card", st.Phase(), st.ToAct())
	}
	checkCards(t, st)
	l := st.Legal()
	if len(l) != 2 || l[0].Kind != ActKeep || l[1].Kind != ActKeep || l[0].Card == l[1].Card {
		t.Fatalf("legal %v, want two keep choices", l)
	}
	mine, theirs := st.View(Allies), st.View(Axis)
	if len(mine.Choice) != 2 || len(theirs.Choice) != 0 || len(theirs.Legal) != 0 {
		t.Errorf("views: allies choice %v, axis choice %v legal %v", mine.Choice, theirs.Choice, theirs.Legal)
	}
	keep, drop := l[1].Card, l[0].Card
	evs := act(t, st, fmt.Sprintf("keep %d", keep))
	h := st.Hand(Allies)
	if len(h) != 3 || !slices.Contains(h, keep) || slices.Contains(h, drop) {
		t.Errorf("hand %v after keeping %d", h, keep)
	}
	d := st.Discards()
	if !slices.Contains(d, drop) || !slices.Contains(d, ids[0]) || len(d) != 2 {
		t.Errorf("discards %v, want the recon and the card not kept", d)
	}
	if st.Active() != Axis || st.Phase() != PhaseCard {
		t.Errorf("after keeping: %s %s", st.Active(), st.Phase())
	}
	for _, e := range ofKind(evs, EvCardDrawn) {
		if e.For(Axis).Card != NoCard {
			t.Error("the axis sees the card the allies drew")
		}
	}
	checkCards(t, st)
}

// Recon in Force draws one card (command-cards.md §3).
func TestDeckReconInForceDrawsOne(t *testing.T) {
	st := game(t, "allies inf 4,4", "axis inf 0,0")
	turn(t, st, "recon-in-force", "4,4")
	endTurn(t, st, Allies)
	if len(st.Hand(Allies)) != 1 {
		t.Errorf("hand %v, want the one card drawn", st.Hand(Allies))
	}
}

// View(side) shows its own hand, only the size of the other's, and never
// the draw pile's content (rulebook "Mise en place" 10: hands are secret).
func TestDeckViewHidesSecrets(t *testing.T) {
	st := game(t, "allies inf 4,4", "axis inf 0,0")
	checkViewSecrets(t, st)
	turn(t, st, "probe-left", "4,4")
	checkViewSecrets(t, st)
}

// checkViewSecrets asserts what each side's view may show of the cards.
func checkViewSecrets(tb testing.TB, st *State) {
	tb.Helper()
	for viewer := Allies; viewer <= Axis; viewer++ {
		v := st.View(viewer)
		secret := map[CardID]bool{}
		for _, c := range st.deck {
			secret[c] = true
		}
		for p := 0; p < int(st.players[viewer.Opp()]); p++ {
			for _, c := range st.hands[seatOf(viewer.Opp(), p)] {
				secret[c] = true
			}
		}
		if viewer != st.active {
			for _, c := range st.keepCards() {
				if c != NoCard {
					secret[c] = true
				}
			}
		}
		var shown []CardView
		shown = append(shown, v.Hand...)
		shown = append(shown, v.TeamHand...)
		shown = append(shown, v.Discards...)
		shown = append(shown, v.Choice...)
		for _, c := range []*CardView{v.Shared, v.OtherShared, v.Played} {
			if c != nil {
				shown = append(shown, *c)
			}
		}
		for _, c := range shown {
			if secret[c.ID] {
				tb.Fatalf("view of %s shows secret card %d (%s)", viewer, c.ID, c.Name)
			}
		}
		if v.OtherHand != len(st.Hand(viewer.Opp())) || v.DrawPile != st.DrawPileSize() {
			tb.Fatalf("view of %s: other hand %d draw pile %d", viewer, v.OtherHand, v.DrawPile)
		}
		if len(v.Hand) != len(st.Hand(viewer)) {
			tb.Fatalf("view of %s: hand %d cards, want %d", viewer, len(v.Hand), len(st.Hand(viewer)))
		}
		for _, l := range v.Legal {
			a, err := ParseAction(l)
			if err != nil {
				tb.Fatalf("view legal %q: %v", l, err)
			}
			if (a.Kind == ActPlay || a.Kind == ActKeep) && secret[a.Card] {
				tb.Fatalf("view of %s offers secret card %d", viewer, a.Card)
			}
		}
		if len(v.Legal) > 0 && st.ToAct() != viewer {
			tb.Fatalf("view of %s lists legal actions while %s is to act", viewer, st.ToAct())
		}
	}
}

// Vassieux (scenario 19, victory conditions): "When 'Their Finest Hour'
// command card is played, do not reshuffle the command deck. Should the
// command card deck run out of cards and the Allied player has not won, the
// battle ends as an Axis player victory." (Setup.NoReshuffle, DeckOut.)
func TestDeckOutEndsTheBattle(t *testing.T) {
	s, _ := setupOf(t, "allies inf 5,11", "axis inf 0,0", "cards=2,2")
	s.Deck = SectionDeck()[:7] // 4 dealt, 3 to draw
	s.NoReshuffle, s.DeckOut, s.DeckOutWinner = true, true, Axis
	st, err := New(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	draws := 0
	for n := 0; n < 200; n++ {
		if over, _ := st.Over(); over {
			break
		}
		evs, err := st.Apply(st.Legal()[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Kind == EvDeckReshuffled {
				t.Fatal("the deck was reshuffled")
			}
			if e.Kind == EvCardDrawn {
				draws++
			}
		}
	}
	over, w := st.Over()
	if !over || w != Axis || draws == 0 || st.DrawPileSize() != 0 || st.Medals() != [2]int{0, 0} {
		t.Fatalf("over %v, winner %s, %d draws, pile %d, medals %v: want the Axis to win when a draw finds the pile empty",
			over, w, draws, st.DrawPileSize(), st.Medals())
	}
	// Their Finest Hour puts nothing back either.
	g := tcStart(t, "allies inf 5,11", "axis inf 0,0")
	g.s.b.setup.NoReshuffle, g.s.b.setup.DeckOut = true, true
	before := len(g.s.Discards())
	g.hand(Allies, "their-finest-hour", "probe-left")
	g.dice("star")
	g.play("their-finest-hour")
	for g.s.Active() == Allies && g.s.Phase() != PhaseOver {
		g.do(g.legal()[len(g.legal())-1])
	}
	if len(g.s.Discards()) <= before {
		t.Fatalf("discards %d after Their Finest Hour without reshuffle, want more than %d", len(g.s.Discards()), before)
	}
	// No reshuffle without a deck-out ending: refused (empty hands would pass for ever).
	s.DeckOut = false
	if _, err := New(s, 1); err == nil {
		t.Error("no reshuffle without a deck-out ending was accepted")
	}
}

// Bastogne Corridor East, Suomussalmi: "The 'Air Power' card is played as
// an 'Artillery Bombard' card" — a catalog deck row.
func TestAirPowerAsBombardDeck(t *testing.T) {
	d, ok := BaseCatalog().Deck("air-power-as-artillery-bombard")
	if !ok || len(d) != 60 {
		t.Fatalf("deck: %d cards, found %v", len(d), ok)
	}
	n := map[CardKind]int{}
	for _, c := range d {
		n[c.Kind]++
	}
	if n[AirPower] != 0 || n[ArtilleryBombard] != 2 {
		t.Fatalf("air power %d, bombard %d; want 0 and 2", n[AirPower], n[ArtilleryBombard])
	}
}
