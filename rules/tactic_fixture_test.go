package rules

// A small fixture for the command-card, team-play and variant tests
// (cards_test.go, tactics_test.go, team_test.go, tactic_*_test.go). Every
// helper is prefixed "tc" so it cannot clash with other test files of the
// package.
//
// Positions are written with the specs of fixture_test.go (setupOf), on
// the standard 13×9 board: the Axis at the top (row 0), the Allies at the
// bottom (row 8) and playing first, so an Allied unit retreats toward row 8
// and an Axis unit toward row 0. Seen by the Allies, the left section is
// col <= 7, the centre 7..17 and the right col >= 17; the Axis sees them
// mirrored. Neighbours of r,c: r,c±2 and r±1,c±1.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// tcSetup builds a setup with fixture_test.go's setupOf from its specs
// ("allies inf 6,12", "4,12 forest", "cards=5,5"…), with the full 60-card
// deck unless the specs ask otherwise, and 5 cards a side by default.
func tcSetup(t testing.TB, specs ...string) *Setup {
	t.Helper()
	s, _ := setupOf(t, append([]string{"deck=full", "cards=5,5"}, specs...)...)
	return s
}

// tcGame drives a State through Apply, keeping the events.
type tcGame struct {
	t   testing.TB
	s   *State
	evs []Event // events of the last action
	log []Event // every event since the fixture started
}

// tcSafeHand is a hand with nothing reactive in it (no Ambush).
var tcSafeHand = []string{"probe-left", "probe-center", "probe-right", "attack-left", "attack-right", "attack-center", "assault-left", "assault-right"}

// tcStart starts a game from specs (see tcSetup).
func tcStart(t testing.TB, specs ...string) *tcGame {
	t.Helper()
	return tcNew(t, tcSetup(t, specs...))
}

// tcNew starts a game from setup (seed 1) and gives both sides hands
// without an Ambush, so that no reaction comes by chance.
func tcNew(t testing.TB, setup *Setup) *tcGame {
	t.Helper()
	s, err := New(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := &tcGame{t: t, s: s}
	k := 0
	for side := Allies; side <= Axis; side++ {
		for p := 0; p < int(s.players[side]); p++ {
			var names []string
			for range s.hands[seatOf(side, p)] {
				names = append(names, tcSafeHand[k%len(tcSafeHand)])
				k++
			}
			g.setSeat(side, p, names...)
		}
		if sh := s.shared[side]; sh != NoCard && s.b.deck[sh].Kind == Ambush {
			g.setShared(side, "recon-in-force")
		}
	}
	// Every Ambush starts face up in the discards: with no Ambush out of
	// the attacker's sight, a close assault opens no Ambush window
	// (docs/rules-decisions.md "Hidden information"). A test that gives a
	// side the Ambush takes it from there.
	for id, c := range s.b.deck {
		if c.Kind == Ambush && slices.Contains(s.deck, CardID(id)) {
			s.deck = slices.DeleteFunc(s.deck, func(x CardID) bool { return x == CardID(id) })
			s.discard = append(s.discard, CardID(id))
		}
	}
	g.checkCards()
	return g
}

// free picks, for each name, a card of that name that no hand, shared
// place or card in play holds (so setting one hand never steals another's).
func (g *tcGame) free(names []string, own int) []CardID {
	g.t.Helper()
	s := g.s
	held := map[CardID]bool{}
	for k := range s.hands {
		if k == own {
			continue
		}
		for _, c := range s.hands[k] {
			held[c] = true
		}
	}
	for _, c := range []CardID{s.shared[0], s.shared[1], s.played, s.keepCards()[0], s.keepCards()[1]} {
		held[c] = true
	}
	// Prefer the draw pile, so that the discards stay as they are.
	inDeck := map[CardID]bool{}
	for _, c := range s.deck {
		inDeck[c] = true
	}
	var out []CardID
	for _, n := range names {
		found := false
		for pass := 0; pass < 2 && !found; pass++ {
			for id := range s.b.deck {
				c := CardID(id)
				if s.b.deck[c].Name() == n && !held[c] && (pass == 1 || inDeck[c]) {
					held[c] = true
					out = append(out, c)
					found = true
					break
				}
			}
		}
		if !found {
			g.t.Fatalf("no free card %q", n)
		}
	}
	return out
}

// hand gives side's current player exactly the named cards (State.SetHand).
func (g *tcGame) hand(side Side, names ...string) {
	g.t.Helper()
	if err := g.s.SetHand(side, g.free(names, g.s.seat(side))); err != nil {
		g.t.Fatal(err)
	}
	g.checkCards()
}

// setSeat gives player p of side exactly the named cards, whether or not it
// is his turn (team set-ups; SetHand only reaches the current player). His
// old cards go back to the draw pile.
func (g *tcGame) setSeat(side Side, p int, names ...string) {
	g.t.Helper()
	s := g.s
	seat := seatOf(side, p)
	ids := g.free(names, seat)
	s.deck = append(s.deck, s.hands[seat]...)
	s.hands[seat] = nil
	take := map[CardID]bool{}
	for _, c := range ids {
		take[c] = true
	}
	s.deck = slices.DeleteFunc(s.deck, func(c CardID) bool { return take[c] })
	s.discard = slices.DeleteFunc(s.discard, func(c CardID) bool { return take[c] })
	s.hands[seat] = ids
	g.checkCards()
}

// setShared makes the named card side's face-up shared card.
func (g *tcGame) setShared(side Side, name string) {
	g.t.Helper()
	s := g.s
	c := g.free([]string{name}, -1)[0]
	if old := s.shared[side]; old != NoCard {
		s.deck = append(s.deck, old)
	}
	s.deck = slices.DeleteFunc(s.deck, func(x CardID) bool { return x == c })
	s.discard = slices.DeleteFunc(s.discard, func(x CardID) bool { return x == c })
	s.shared[side] = c
	g.checkCards()
}

// names lists the names of cards.
func (g *tcGame) names(ids []CardID) []string {
	var out []string
	for _, c := range ids {
		out = append(out, g.s.Card(c).Name())
	}
	return out
}

// cardIn finds a card named name among ids.
func (g *tcGame) cardIn(ids []CardID, name string) (CardID, bool) {
	for _, c := range ids {
		if g.s.Card(c).Name() == name {
			return c, true
		}
	}
	return NoCard, false
}

// play plays the named card from the active player's hand or his team's
// shared card; extra words (a section for Infantry Assault) are appended.
func (g *tcGame) play(name string, extra ...string) {
	g.t.Helper()
	s := g.s
	ids := append(s.Hand(s.Active()), s.Shared(s.Active()))
	c, ok := g.cardIn(ids, name)
	if !ok {
		g.t.Fatalf("play %s: not held by %s (hand %v)", name, s.Active(), g.names(s.Hand(s.Active())))
	}
	g.do(strings.Join(append([]string{"play", fmt.Sprint(c)}, extra...), " "))
}

// do applies one action in text form; it fails the test if it is illegal.
func (g *tcGame) do(text string) {
	g.t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		g.t.Fatal(err)
	}
	evs, err := g.s.Apply(a)
	if err != nil {
		g.t.Fatalf("%v; legal: %v", err, g.legal())
	}
	g.evs = evs
	g.log = append(g.log, evs...)
	g.checkCards()
}

// try applies an action and reports whether it was legal.
func (g *tcGame) try(text string) bool {
	a, err := ParseAction(text)
	if err != nil {
		g.t.Fatal(err)
	}
	evs, err := g.s.Apply(a)
	if err != nil {
		return false
	}
	g.evs = evs
	g.log = append(g.log, evs...)
	return true
}

// legal is the legal actions in text form, in the engine's order.
func (g *tcGame) legal() []string {
	var out []string
	for _, a := range g.s.Legal() {
		out = append(out, a.String())
	}
	return out
}

// wantLegal checks the exact set of legal actions.
func (g *tcGame) wantLegal(want ...string) {
	g.t.Helper()
	got := g.legal()
	a, b := slices.Clone(got), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		g.t.Fatalf("phase %s: legal actions %v, want %v", g.s.Phase(), got, want)
	}
}

// legalKind lists the legal actions of one kind ("order", "battle"…).
func (g *tcGame) legalKind(word string) []string {
	var out []string
	for _, a := range g.legal() {
		if strings.Fields(a)[0] == word {
			out = append(out, a)
		}
	}
	slices.Sort(out)
	return out
}

// wantKind checks the exact set of legal actions of one kind.
func (g *tcGame) wantKind(word string, want ...string) {
	g.t.Helper()
	got := g.legalKind(word)
	w := slices.Clone(want)
	slices.Sort(w)
	if len(got) == 0 && len(w) == 0 {
		return
	}
	if !slices.Equal(got, w) {
		g.t.Fatalf("phase %s: %s actions %v, want %v (all legal: %v)", g.s.Phase(), word, got, w, g.legal())
	}
}

func (g *tcGame) isLegal(text string) bool { return slices.Contains(g.legal(), text) }

// wantPhase checks the decision point.
func (g *tcGame) wantPhase(p Phase) {
	g.t.Helper()
	if g.s.Phase() != p {
		g.t.Fatalf("phase %s, want %s (legal %v)", g.s.Phase(), p, g.legal())
	}
}

// dice scripts the next rolls from words: inf arm grenade star flag.
func (g *tcGame) dice(words string) {
	g.t.Helper()
	var faces []Face
	for _, w := range strings.Fields(words) {
		f, ok := map[string]Face{"inf": FaceInfantry, "arm": FaceArmor, "grenade": FaceGrenade, "star": FaceStar, "flag": FaceFlag}[w]
		if !ok {
			g.t.Fatalf("die face %q", w)
		}
		faces = append(faces, f)
	}
	g.s.ScriptDice(faces...)
}

// diceUsed checks that every scripted die was rolled.
func (g *tcGame) diceUsed() {
	g.t.Helper()
	if n := g.s.ScriptedLeft(); n != 0 {
		g.t.Fatalf("%d scripted dice not rolled", n)
	}
}

// wound removes n figures from the unit on h before play starts. A setup
// gives a unit its strength (UnitSetup.Figures), never losses, so a damaged
// unit (for Medics & Mechanics) is made here.
func (g *tcGame) wound(h string, n int) {
	g.t.Helper()
	i := g.s.occ[g.s.b.grid.Index(H(h))]
	if i < 0 || int(g.s.units[i].figures) <= n {
		g.t.Fatalf("wound %s: no unit or too few figures", h)
	}
	g.s.units[i].figures -= int8(n)
}

// aim chooses Air Power / Barrage targets, then ends the choice if the
// card has not fired by itself already.
func (g *tcGame) aim(hexes ...string) {
	g.t.Helper()
	for _, h := range hexes {
		g.do("target " + h)
	}
	if g.s.Phase() == PhaseTarget && g.isLegal("end-targets") {
		g.do("end-targets")
	}
}

// unit is the unit on h; it fails if there is none.
func (g *tcGame) unit(h string) UnitInfo {
	g.t.Helper()
	u, ok := g.s.UnitAt(H(h))
	if !ok {
		g.t.Fatalf("no unit on %s", h)
	}
	return u
}

// empty checks that no unit stands on h.
func (g *tcGame) empty(h string) {
	g.t.Helper()
	if u, ok := g.s.UnitAt(H(h)); ok {
		g.t.Fatalf("%s: unexpected %s %s unit", h, u.Side, u.Type)
	}
}

// figures checks the figures of the unit on h.
func (g *tcGame) figures(h string, n int) {
	g.t.Helper()
	if u := g.unit(h); int(u.Figures) != n {
		g.t.Fatalf("%s: %d figures, want %d", h, u.Figures, n)
	}
}

// orderedHexes lists the hexes of the ordered units, sorted.
func (g *tcGame) orderedHexes() []string {
	var out []string
	for _, u := range g.s.Units() {
		if u.Ordered {
			out = append(out, u.Hex.String())
		}
	}
	slices.Sort(out)
	return out
}

func (g *tcGame) wantOrdered(want ...string) {
	g.t.Helper()
	w := slices.Clone(want)
	slices.Sort(w)
	if got := g.orderedHexes(); !slices.Equal(got, w) {
		g.t.Fatalf("ordered units %v, want %v", got, w)
	}
}

// events of kind k in the last action's events (all: in the whole log).
func (g *tcGame) last(k EventKind) []Event {
	var out []Event
	for _, e := range g.evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func (g *tcGame) all(k EventKind) []Event {
	var out []Event
	for _, e := range g.log {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// battleDice is the dice of every EvBattle of the last action, in order.
func (g *tcGame) battleDice() []int {
	var out []int
	for _, e := range g.last(EvBattle) {
		out = append(out, int(e.N))
	}
	return out
}

// endTurn passes the rest of the turn with end-* and skip actions.
func (g *tcGame) endTurn() {
	g.t.Helper()
	side, turn := g.s.Active(), g.s.Turn()
	for g.s.Turn() == turn && g.s.Phase() != PhaseOver {
		switch g.s.Phase() {
		case PhaseOrder:
			g.do("end-orders")
		case PhaseMove:
			g.do("end-moves")
		case PhaseBattle:
			g.do("end-battles")
		case PhaseTakeGround, PhaseOverrun, PhaseAmbush:
			g.do("skip")
		case PhaseKeep, PhaseRetreat, PhaseTarget, PhaseCard:
			g.do(g.legal()[0])
		}
	}
	_ = side
}

// checkCards fails if a card is lost or duplicated: hands, shared cards,
// draw pile, discards, the card in play and a Recon's choice hold every card
// of the deck exactly once.
func (g *tcGame) checkCards() {
	g.t.Helper()
	if err := tcCardsConserved(g.s); err != nil {
		g.t.Fatal(err)
	}
}

func tcCardsConserved(s *State) error {
	seen := make([]int, len(s.b.deck))
	add := func(where string, c CardID) error {
		if int(c) >= len(seen) {
			return fmt.Errorf("%s: card %d is not in the deck", where, c)
		}
		seen[c]++
		return nil
	}
	for k, h := range s.hands {
		for _, c := range h {
			if err := add(fmt.Sprintf("hand %d", k), c); err != nil {
				return err
			}
		}
	}
	for _, list := range [][]CardID{s.deck, s.discard} {
		for _, c := range list {
			if err := add("pile", c); err != nil {
				return err
			}
		}
	}
	for _, c := range []CardID{s.shared[0], s.shared[1], s.played, s.keepCards()[0], s.keepCards()[1]} {
		if c != NoCard {
			if err := add("table", c); err != nil {
				return err
			}
		}
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("card %d (%s) is held %d times (hands %v shared %v deck %d discard %d played %d keep %v)",
				c, s.b.deck[c].Name(), n, s.hands, s.shared, len(s.deck), len(s.discard), s.played, s.keepCards())
		}
	}
	return nil
}
