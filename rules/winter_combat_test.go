package rules

import (
	"slices"
	"strconv"
	"testing"

	"m44/hex"
)

// testCombatCards are Combat cards written for the tests, one of each
// effect kind (the real cards' texts are not shipped: WW II "Cartes Combat
// d'Hiver"; docs/scenarios.md).
func testCombatCards() []CombatCardDef {
	return []CombatCardDef{
		{Key: "t-fire", Name: "Test fire", Timing: BeforeOrdering, Effect: BonusDice, N: 1, Tenacity: true, Copies: 2},
		{Key: "t-house", Name: "Test house fight", Timing: BeforeOrdering, Effect: BonusDice, N: 2, Classes: InfantryOnly, Buildings: true},
		{Key: "t-stars", Name: "Test stars", Timing: BeforeOrdering, Effect: StarsHit},
		{Key: "t-orders", Name: "Test orders", Timing: BeforeOrdering, Effect: ExtraOrders, N: 1, Tenacity: true},
		{Key: "t-men", Name: "Test reinforcements", Timing: BeforeOrdering, Effect: Reinforce, N: 2, Classes: InfantryOnly},
		{Key: "t-cover", Name: "Test cover", Timing: InReaction, Effect: AttackMalus, N: 2, Tenacity: true, Copies: 2},
		{Key: "t-hold", Name: "Test hold", Timing: InReaction, Effect: NoEffect, Tenacity: true},
	}
}

// cgame starts a game with the test Combat cards.
func cgame(t *testing.T, specs ...string) *tcGame {
	t.Helper()
	s := tcSetup(t, specs...)
	s.Combat = testCombatCards()
	return tcNew(t, s)
}

// combatID is the id of a copy of the test card key not in skip.
func combatID(t *testing.T, st *State, key string, skip ...CardID) CardID {
	t.Helper()
	for id := 0; id < len(st.b.combat); id++ {
		if st.b.combat[id].Key == key && !slices.Contains(skip, CardID(id)) {
			return CardID(id)
		}
	}
	t.Fatalf("no combat card %q", key)
	return NoCard
}

// giveCombat sets the Combat hand of side's current player to the keys,
// taken from the pile and the discards (its old hand goes back to the pile).
func giveCombat(t *testing.T, st *State, side Side, keys ...string) []CardID {
	t.Helper()
	me := st.seat(side)
	st.cpile = append(append(st.cpile, st.chand[me]...), st.cdisc...)
	st.chand[me], st.cdisc = nil, nil
	var ids []CardID
	for _, k := range keys {
		id := NoCard
		for _, c := range st.cpile {
			if st.b.combat[c].Key == k && !slices.Contains(ids, c) {
				id = c
				break
			}
		}
		if id == NoCard {
			t.Fatalf("no combat card %q free", k)
		}
		ids = append(ids, id)
	}
	st.cpile = slices.DeleteFunc(st.cpile, func(c CardID) bool { return slices.Contains(ids, c) })
	st.chand[me] = slices.Clone(ids)
	return ids
}

// WW II "Cartes Combat d'Hiver": "donnez-en 2 à chaque joueur. … Faites une
// pile avec les cartes restantes … face cachée"; a team's players each get 2.
func TestCombatDeal(t *testing.T) {
	for _, players := range [][2]int{{1, 1}, {2, 2}} {
		s := tcSetup(t, "allies inf 6,12", "axis inf 2,12")
		s.Combat, s.Players = testCombatCards(), players
		st, err := New(s, 3)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for side := Allies; side <= Axis; side++ {
			for p := 0; p < players[side]; p++ {
				if n := len(st.CombatHand(side, p)); n != CombatDeal {
					t.Fatalf("%v: %s player %d holds %d Combat cards", players, side, p, n)
				}
				total += CombatDeal
			}
		}
		if st.CombatPileSize() != 9-total {
			t.Fatalf("pile %d, want %d", st.CombatPileSize(), 9-total)
		}
	}
	// Without Combat cards nothing is dealt and no action names one.
	g := tcStart(t, "allies inf 6,12", "axis inf 2,12")
	if g.s.CombatOn() || len(g.legalKind("combat")) > 0 {
		t.Fatal("Combat cards without any defined")
	}
}

// WW II "Cette carte se joue avant d'activer vos unités"; "Les cartes Combat
// qui donnent des dés en plus … se cumulent toujours avec les dés … de la
// carte Commandement"; no limit to the cards played in a turn.
func TestCombatBeforeOrdering(t *testing.T) {
	g := cgame(t, "allies inf 5,11", "allies inf 8,0", "axis inf 4,12", "axis inf 0,0")
	giveCombat(t, g.s, Axis)
	ids := giveCombat(t, g.s, Allies, "t-fire", "t-fire", "t-cover")
	g.hand(Allies, "attack-center", "probe-left")
	// Before the command card: both bonus cards; never the reaction card.
	if k := g.legalKind("combat"); len(k) != 2 || slices.Contains(k, "combat "+itoa(ids[2])) {
		t.Fatalf("combat plays %v", k)
	}
	g.do("combat " + itoa(ids[0]))
	g.play("attack-center")
	g.do("combat " + itoa(ids[1])) // after the command card, nothing ordered yet
	g.do("order 5,11")
	if len(g.legalKind("combat")) > 0 {
		t.Fatalf("a before-ordering card after an order: %v", g.legalKind("combat"))
	}
	if g.s.Phase() == PhaseOrder {
		g.do("end-orders")
	}
	if g.s.Phase() == PhaseMove {
		g.do("end-moves")
	}
	g.dice("flag flag flag flag flag flag")
	g.do("battle 5,11 4,12")
	if got := g.battleDice(); len(got) != 1 || got[0] != 5 {
		t.Fatalf("battle dice %v, want 3 + 1 + 1", got)
	}
	if d := g.s.CombatDiscards(); len(d) != 2 {
		t.Fatalf("discards %v", d)
	}
}

func itoa(c CardID) string { return strconv.Itoa(int(c)) }

// WW II "hex de Bâtiments": towns and villages and every man-made
// construction; a card for infantry in buildings helps no one else.
func TestCombatBuildings(t *testing.T) {
	g := cgame(t, "allies inf 5,11", "5,11 town", "allies inf 5,13", "allies inf 8,0", "axis inf 4,12", "axis inf 4,14", "axis inf 0,0")
	giveCombat(t, g.s, Axis)
	ids := giveCombat(t, g.s, Allies, "t-house")
	g.hand(Allies, "attack-center", "probe-left")
	g.play("attack-center")
	g.do("combat " + itoa(ids[0]))
	g.do("order 5,11")
	g.do("order 5,13")
	if g.s.Phase() == PhaseOrder {
		g.do("end-orders")
	}
	if g.s.Phase() == PhaseMove {
		g.do("end-moves")
	}
	g.dice("star star star star star")
	g.do("battle 5,11 4,12")
	town := g.battleDice()
	g.dice("star star star")
	g.do("battle 5,13 4,14")
	if open := g.battleDice(); len(town) != 1 || town[0] != 5 || len(open) != 1 || open[0] != 3 {
		t.Fatalf("battle dice %v and %v, want 5 from the town, 3 from the open", town, open)
	}
}

// WW II "Cette carte se joue en réaction à une attaque adverse": the
// defender may play it before the roll; the window opens whenever the
// defender holds Combat cards (a number everyone sees), so it tells nothing.
func TestCombatReaction(t *testing.T) {
	g := cgame(t, "allies inf 5,11", "allies inf 8,0", "axis inf 4,12", "axis inf 0,0")
	giveCombat(t, g.s, Allies)
	ids := giveCombat(t, g.s, Axis, "t-cover", "t-fire")
	g.hand(Allies, "attack-center", "probe-left")
	g.play("attack-center")
	g.do("order 5,11")
	if g.s.Phase() == PhaseOrder {
		g.do("end-orders")
	}
	if g.s.Phase() == PhaseMove {
		g.do("end-moves")
	}
	g.do("battle 5,11 4,12")
	g.wantPhase(PhaseCombat)
	if g.s.ToAct() != Axis {
		t.Fatalf("to act %s", g.s.ToAct())
	}
	g.wantLegal("combat "+itoa(ids[0]), "skip") // the before-ordering card is not a reaction
	g.do("combat " + itoa(ids[0]))
	g.wantPhase(PhaseCombat) // still holding a card: the window stays open
	g.dice("inf")
	g.do("skip")
	if got := g.battleDice(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("battle dice %v, want 3 - 2", got)
	}
	// With no Combat card in hand the battle rolls at once.
	h := cgame(t, "allies inf 5,11", "allies inf 8,0", "axis inf 4,12", "axis inf 0,0")
	giveCombat(t, h.s, Axis)
	h.hand(Allies, "attack-center", "probe-left")
	h.play("attack-center")
	h.do("order 5,11")
	if h.s.Phase() == PhaseOrder {
		h.do("end-orders")
	}
	if h.s.Phase() == PhaseMove {
		h.do("end-moves")
	}
	h.dice("flag inf inf")
	h.do("battle 5,11 4,12")
	if h.s.Phase() == PhaseCombat {
		t.Fatal("a reaction window for a side with no Combat card")
	}
}

// WW II "Ténacité: L'unité sur laquelle vous jouez Ténacité peut ignorer un
// drapeau de retraite"; the window opens at a retreat whenever the unit's
// side holds a Combat card, even with one way to retreat.
func TestCombatTenacity(t *testing.T) {
	g := cgame(t, "allies inf 5,11", "allies inf 8,0", "axis inf 4,12", "3,11 forest", "axis inf 3,11", "axis inf 0,0")
	giveCombat(t, g.s, Allies)
	ids := giveCombat(t, g.s, Axis, "t-hold")
	g.hand(Allies, "attack-center", "probe-left")
	g.play("attack-center")
	g.do("order 5,11")
	if g.s.Phase() == PhaseOrder {
		g.do("end-orders")
	}
	if g.s.Phase() == PhaseMove {
		g.do("end-moves")
	}
	g.do("battle 5,11 4,12")
	g.wantPhase(PhaseCombat)
	g.wantLegal("skip") // t-hold has no effect of its own: Tenacity only
	g.dice("flag inf inf")
	g.do("skip")
	g.wantPhase(PhaseRetreat)
	g.wantLegal("retreat 4,12 3,13", "combat "+itoa(ids[0])+" tenacity")
	g.do("combat " + itoa(ids[0]) + " tenacity")
	g.figures("4,12", 2)
	if ign := g.all(EvFlagIgnored); len(ign) != 1 {
		t.Fatalf("flag ignored events %v", ign)
	}
	// No Tenacity against Air Power's flags (they may not be ignored).
	a := cgame(t, "allies inf 8,0", "axis inf 2,10", "axis inf 0,0")
	giveCombat(t, a.s, Allies)
	giveCombat(t, a.s, Axis, "t-hold")
	a.hand(Allies, "air-power", "probe-left")
	a.play("air-power")
	a.dice("flag flag")
	a.do("target 2,10")
	if len(a.legalKind("combat")) > 0 {
		t.Fatalf("Tenacity against Air Power: %v", a.legal())
	}
}

// WW II: "Un joueur peut piocher une nouvelle carte Combat à la fin de son
// tour s'il a joué une Reconnaissance (mais pas une Reconnaissance en
// force)"; "Lorsque la carte Action héroïque est jouée, mélangez
// immédiatement la défausse et la pioche des cartes Combat".
func TestCombatDrawAndFinestHour(t *testing.T) {
	for _, tc := range []struct {
		card string
		want int
	}{{"recon-center", 1}, {"recon-in-force", 0}, {"probe-center", 0}} {
		g := cgame(t, "allies inf 6,12", "allies inf 8,0", "axis inf 2,12", "axis inf 0,0")
		giveCombat(t, g.s, Allies, "t-fire")
		g.hand(Allies, tc.card, "probe-left")
		g.play(tc.card)
		for g.s.Active() == Allies {
			g.do(g.legal()[len(g.legal())-1])
		}
		if got := len(g.s.CombatHand(Allies, 0)) - 1; got != tc.want {
			t.Errorf("%s: %d Combat cards drawn, want %d", tc.card, got, tc.want)
		}
	}
	g := cgame(t, "allies inf 6,12", "allies inf 8,0", "axis inf 2,12", "axis inf 0,0")
	ids := giveCombat(t, g.s, Allies, "t-fire", "t-stars")
	g.do("combat " + itoa(ids[0]))
	g.do("combat " + itoa(ids[1]))
	if len(g.s.CombatDiscards()) != 2 {
		t.Fatal("played Combat cards are discarded")
	}
	pile := g.s.CombatPileSize()
	g.hand(Allies, "their-finest-hour", "probe-left")
	g.play("their-finest-hour")
	for g.s.Active() == Allies {
		g.do(g.legal()[len(g.legal())-1])
	}
	if len(g.s.CombatDiscards()) != 0 || g.s.CombatPileSize() != pile+2 {
		t.Fatalf("after Their Finest Hour: discards %v, pile %d (was %d)", g.s.CombatDiscards(), g.s.CombatPileSize(), pile)
	}
}

// WW II: "Si la pile de cartes Combat est vide, mélangez la défausse pour
// former une nouvelle pioche"; "Il n'y a pas de limite au nombre de cartes
// Combat qu'un joueur peut conserver en main".
func TestCombatReshuffleNoLimit(t *testing.T) {
	g := cgame(t, "allies inf 6,12", "allies inf 8,0", "axis inf 2,12", "axis inf 0,0")
	st := g.s
	giveCombat(t, st, Axis)
	all := giveCombat(t, st, Allies, "t-fire", "t-fire", "t-house", "t-stars", "t-orders", "t-men", "t-cover")
	if len(st.CombatHand(Allies, 0)) != 7 || st.CombatPileSize() != 2 {
		t.Fatalf("hand %d pile %d", len(st.CombatHand(Allies, 0)), st.CombatPileSize())
	}
	g.do("combat " + itoa(all[0]))
	st.drawCombat(Allies, 0)
	st.drawCombat(Allies, 0)
	if st.CombatPileSize() != 0 {
		t.Fatal("pile not empty")
	}
	st.drawCombat(Allies, 0) // the discarded t-fire comes back
	if h := st.CombatHand(Allies, 0); len(h) != 9 || !slices.Contains(h, all[0]) || len(st.CombatDiscards()) != 0 {
		t.Fatalf("after the reshuffle: hand %v discards %v", h, st.CombatDiscards())
	}
}

// WW II: "figurines disponibles" (not deployed, or lost) and "Une unité
// complète": a reinforcement brings back lost figures only, to a unit that
// is not full, of the card's class.
func TestCombatReinforce(t *testing.T) {
	g := cgame(t, "allies inf 6,12", "allies arm 6,16", "allies inf 8,0", "axis inf 2,12", "axis inf 0,0")
	g.wound("6,12", 3)
	g.wound("6,16", 2)
	ids := giveCombat(t, g.s, Allies, "t-men")
	g.wantKind("combat", "combat "+itoa(ids[0])+" 6,12") // not the armor, not the full unit
	g.do("combat " + itoa(ids[0]) + " 6,12")
	g.figures("6,12", 3)
	if g.s.availableFigures(Allies, Infantry) != 1 || !fullUnit(&g.s.units[g.s.occ[g.s.b.grid.Index(H("8,0"))]]) {
		t.Fatal("available figures")
	}
}

// WW II: stars that a card turns into hits are hits, even in reduced
// visibility ("Lorsque l'étoile provoque une perte … elle est aussi prise
// en compte"), whereas the symbol at range is not.
func TestCombatStarsInPoorSight(t *testing.T) {
	s := tcSetup(t, "allies inf 6,12", "allies inf 8,0", "axis inf 4,12", "axis inf 0,0")
	s.Combat, s.Rulesets = testCombatCards(), []*Ruleset{ReducedVisibility()}
	g := tcNew(t, s)
	ids := giveCombat(t, g.s, Allies, "t-stars")
	giveCombat(t, g.s, Axis)
	g.hand(Allies, "attack-center", "probe-left")
	g.play("attack-center")
	g.do("combat " + itoa(ids[0]))
	g.do("order 6,12")
	if g.s.Phase() == PhaseOrder {
		g.do("end-orders")
	}
	if g.s.Phase() == PhaseMove {
		g.do("end-moves")
	}
	g.dice("star inf")
	g.do("battle 6,12 4,12")
	g.figures("4,12", 3)
}

// Hidden information: the other side's View carries the number of Combat
// cards, never which; Determinize redeals them from the unseen ones.
func TestCombatHidden(t *testing.T) {
	g := cgame(t, "allies inf 6,12", "allies inf 8,0", "axis inf 2,12", "axis inf 0,0")
	mine := g.s.CombatHand(Axis, 0)
	v := g.s.View(Allies)
	if v.OtherCombat != 2 || len(v.CombatHand) != 2 {
		t.Fatalf("view: other %d, own %d", v.OtherCombat, len(v.CombatHand))
	}
	for _, c := range v.CombatHand {
		if slices.Contains(mine, c.ID) && !slices.Contains(g.s.CombatHand(Allies, 0), c.ID) {
			t.Fatal("the Allies see an Axis Combat card")
		}
	}
	changed := false
	for seed := uint64(1); seed < 20; seed++ {
		d := g.s.Determinize(Allies, seed)
		if !slices.Equal(d.CombatHand(Allies, 0), g.s.CombatHand(Allies, 0)) {
			t.Fatal("determinize changed the viewer's own Combat hand")
		}
		if len(d.CombatHand(Axis, 0)) != 2 {
			t.Fatal("determinize changed the size of the other Combat hand")
		}
		changed = changed || !slices.Equal(d.CombatHand(Axis, 0), mine)
	}
	if !changed {
		t.Fatal("determinize never redealt the other side's Combat cards")
	}
	// A drawn Combat card is hidden in the other side's events.
	e := Event{Kind: EvCombatDrawn, Side: Axis, Card: 3}
	if e.For(Allies).Card != NoCard || e.For(Axis).Card != 3 {
		t.Fatal("Event.For")
	}
}

// The Combat card rows are checked: effect and timing agree, a number
// where the effect needs one.
func TestCombatCardValidation(t *testing.T) {
	for _, bad := range []CombatCardDef{
		{Key: "", Timing: BeforeOrdering, Effect: BonusDice, N: 1},
		{Key: "a", Timing: InReaction, Effect: BonusDice, N: 1},
		{Key: "a", Timing: BeforeOrdering, Effect: AttackMalus, N: 1},
		{Key: "a", Timing: BeforeOrdering, Effect: BonusDice},
		{Key: "a", Timing: BeforeOrdering},
		{Key: "a", Effect: StarsHit},
	} {
		s := tcSetup(t, "allies inf 6,12", "axis inf 2,12")
		s.Combat = []CombatCardDef{bad}
		if _, err := New(s, 1); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// The combat action's text form round-trips, a reinforcement's hex
// included (even 0,0), Tenacity too.
func TestCombatActionText(t *testing.T) {
	for _, a := range []Action{
		{Kind: ActCombat, Card: 3, From: hex.None},
		{Kind: ActCombat, Card: 12, From: H("0,0")},
		{Kind: ActCombat, Card: 7, Arg: ArgTenacity, From: hex.None},
	} {
		back, err := ParseAction(a.String())
		if err != nil || back != a {
			t.Fatalf("%q: %+v, %v; want %+v", a.String(), back, err, a)
		}
	}
	for _, bad := range []string{"combat", "combat x", "combat 1 2 3", "combat 1 sideways"} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
