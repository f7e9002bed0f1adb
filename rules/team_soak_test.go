package rules

// Random-play soak with the full 60-card deck in 2-, 3- and 4-player games
// (rulebook annex 5 "Opération Alliance") on the hand-built positions of
// soak_test.go. After every action, besides soak_test.go's invariants:
// every card in exactly one place (hands, shared cards, draw pile,
// discards, in play, a Recon's choice); at each turn start every seat holds
// its dealt hand and every team its shared card; team mates alternate;
// reactions (Ambush window, retreats) are always decided by the right side
// with at least one legal action, and an Ambush is offered only to a side
// that holds one; each side's view shows its own team's cards and only the
// size of the other side's hands; a determinized copy keeps the viewer's
// cards. Every game must end, and over all games every card kind must have
// been played and Ambush must have been played in answer to a close assault.

import (
	"fmt"
	"slices"
	"testing"
)

type teamSoakStats struct {
	played   [NumCardKinds]int
	windows  int // Ambush windows opened
	ambushes int // Ambush cards played in a window
	keeps    int // Recon choices
	winners  [2]int
	actions  int
}

func TestTeamSoak(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 2
	}
	var total teamSoakStats
	for _, players := range [][2]int{{1, 1}, {2, 1}, {1, 2}, {2, 2}} {
		for pi, p := range soakPositions() {
			for _, cards := range [][2]int{{4, 0}, {6, 0}, {2, 4}} { // scenario hand, hand grown to
				name := fmt.Sprintf("%dv%d/%s/%d cards", players[0], players[1], p.name, cards[0])
				if cards[1] > 0 {
					name += fmt.Sprintf(" growing to %d", cards[1])
				}
				t.Run(name, func(t *testing.T) {
					for g := 0; g < games; g++ {
						seed := uint64(7919*pi + 101*g + 17*players[0] + 5*players[1] + cards[0] + 3*cards[1])
						teamSoakGame(t, p, players, cards, seed, &total)
					}
				})
			}
		}
	}
	t.Logf("%d actions; cards played %v; %d ambush windows, %d ambushes, %d recon choices; wins %v",
		total.actions, total.played, total.windows, total.ambushes, total.keeps, total.winners)
	if testing.Short() {
		return
	}
	for k := CardKind(0); k < NumCardKinds; k++ {
		if total.played[k] == 0 && k != Ambush { // Ambush is counted in the windows
			t.Errorf("no %s was played in the soak", k)
		}
	}
	if total.ambushes == 0 || total.keeps == 0 || total.winners[Allies] == 0 || total.winners[Axis] == 0 {
		t.Errorf("soak coverage: %+v", total)
	}
}

func teamSoakGame(t *testing.T, p soakPos, players [2]int, cards [2]int, seed uint64, total *teamSoakStats) {
	t.Helper()
	sp := append(append([]string(nil), p.specs...), "deck=full", fmt.Sprintf("cards=%d,%d", cards[0], cards[0]))
	setup, _ := setupOf(t, sp...)
	setup.Objectives = p.objs
	setup.Players = players
	setup.GrowTo = [2]int{cards[1], cards[1]}
	st, err := New(setup, seed)
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	// Each seat's hand: dealt, then grown one card a turn up to its target.
	var dealt, target [4]int
	for side := Allies; side <= Axis; side++ {
		for q := 0; q < int(st.players[side]); q++ {
			k := seatOf(side, q)
			dealt[k] = len(st.hands[k])
			target[k] = dealt[k]
			if g := cards[1]; g > cards[0] {
				target[k] = g
				if players[side] == 2 {
					target[k] = g - 2
				}
			}
		}
	}
	w := newSoakWatch(st)
	r := rng{seed*0x9e37 + 1}
	var lastPlayer [2]int8
	lastPlayer[0], lastPlayer[1] = -1, -1
	turn := -1
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d, turn %d, phase %s: %s", seed, st.Turn(), st.Phase(), fmt.Sprintf(format, args...))
	}
	for steps := 0; ; steps++ {
		if over, winner := st.Over(); over {
			total.winners[winner]++
			total.actions += steps
			return
		}
		if steps > 30000 {
			fail("no end after %d actions", steps)
		}
		if st.Phase() == PhaseCard && st.Turn() != turn {
			turn = st.Turn()
			teamTurnStart(t, st, &dealt, target, &lastPlayer, fail)
		}
		legal := st.Legal()
		teamReactionCheck(st, legal, fail)
		if steps%20 == 0 {
			teamViewCheck(st, fail)
		}
		if steps%60 == 0 {
			teamDeterminizeCheck(st, seed+uint64(steps), fail)
		}
		a := legal[r.intn(len(legal))]
		switch {
		case st.Phase() == PhaseAmbush && a.Kind == ActPlay:
			total.ambushes++
		case a.Kind == ActPlay:
			total.played[st.Card(a.Card).Kind]++
		case a.Kind == ActKeep:
			total.keeps++
		}
		evs, err := st.Apply(a)
		if err != nil {
			fail("legal %s refused: %v", a, err)
		}
		if st.Phase() == PhaseAmbush {
			total.windows++
		}
		w.check(t, st, evs, true, false)
		if err := tcCardsConserved(st); err != nil {
			fail("%v", err)
		}
	}
}

// teamTurnStart: at the start of a turn every seat holds its dealt hand (or
// one more than at the previous turn start, while it grows to its target),
// every team its shared card, and the active team's players alternate.
func teamTurnStart(t *testing.T, st *State, hand *[4]int, target [4]int, last *[2]int8, fail func(string, ...any)) {
	t.Helper()
	for side := Allies; side <= Axis; side++ {
		for q := 0; q < int(st.players[side]); q++ {
			k := seatOf(side, q)
			n := len(st.hands[k])
			if n != hand[k] && (n != hand[k]+1 || n > target[k]) {
				fail("%s player %d holds %d cards, had %d (target %d)", side, q, n, hand[k], target[k])
			}
			hand[k] = n
		}
		if (st.players[side] == 2) != (st.shared[side] != NoCard) {
			fail("%s (%d players) shared card %d", side, st.players[side], st.shared[side])
		}
	}
	side := st.Active()
	cur := st.cur[side]
	if st.players[side] == 2 && last[side] >= 0 && cur == last[side] {
		fail("%s player %d plays twice in a row", side, cur)
	}
	if st.players[side] == 1 && cur != 0 {
		fail("lone %s player %d", side, cur)
	}
	last[side] = cur
}

// teamReactionCheck: who decides now, and what he may do.
func teamReactionCheck(st *State, legal []Action, fail func(string, ...any)) {
	if len(legal) == 0 {
		fail("no legal action")
	}
	switch st.Phase() {
	case PhaseAmbush:
		def := st.ToAct()
		if def == st.Active() || st.units[st.top().target].side != def {
			fail("ambush window for %s, active %s", def, st.Active())
		}
		_, at := st.ambushCard(def)
		want := 1
		if at >= 0 {
			want = 2
		}
		if len(legal) != want || legal[len(legal)-1].Kind != ActSkip {
			fail("ambush window offers %v (ambush held at %d)", legal, at)
		}
		if want == 2 && (legal[0].Kind != ActPlay || st.Card(legal[0].Card).Kind != Ambush || st.cardPlace(def, legal[0].Card) < 0) {
			fail("ambush window offers %v", legal)
		}
	case PhaseRetreat:
		if st.ToAct() != st.units[st.top().victim].side {
			fail("retreat decided by %s", st.ToAct())
		}
	case PhaseCard:
		if st.ToAct() != st.Active() {
			fail("card phase to act %s", st.ToAct())
		}
		mine := append(st.Hand(st.Active()), st.Shared(st.Active()))
		for _, a := range legal {
			if a.Kind != ActPlay || !slices.Contains(mine, a.Card) {
				fail("card phase offers %s (hand %v)", a, mine)
			}
		}
	default:
		if st.ToAct() != st.Active() {
			fail("phase %s to act %s, active %s", st.Phase(), st.ToAct(), st.Active())
		}
	}
}

// teamViewCheck: each side sees its own players' hands and both shared
// cards, only the size of the other side's hands, and no card of the draw
// pile.
func teamViewCheck(st *State, fail func(string, ...any)) {
	for viewer := Allies; viewer <= Axis; viewer++ {
		v := st.View(viewer)
		opp := viewer.Opp()
		secret := map[CardID]bool{}
		for _, c := range st.deck {
			secret[c] = true
		}
		other := 0
		for q := 0; q < int(st.players[opp]); q++ {
			for _, c := range st.hands[seatOf(opp, q)] {
				secret[c] = true
				other++
			}
		}
		if viewer != st.active {
			for _, c := range st.keepCards() {
				secret[c] = c != NoCard
			}
		}
		ids := func(cv []CardView) []CardID {
			var out []CardID
			for _, c := range cv {
				out = append(out, c.ID)
			}
			return out
		}
		if got := ids(v.Hand); !slices.Equal(got, st.hands[st.seat(viewer)]) {
			fail("view of %s: hand %v, want %v", viewer, got, st.hands[st.seat(viewer)])
		}
		if st.players[viewer] == 2 {
			mate := st.hands[seatOf(viewer, 1-int(st.cur[viewer]))]
			// The shared card is missing only while it is the card in play.
			badShared := (v.Shared == nil) != (st.shared[viewer] == NoCard) || (v.Shared != nil && v.Shared.ID != st.shared[viewer])
			if got := ids(v.TeamHand); !slices.Equal(got, mate) || badShared {
				fail("view of %s: team hand %v (want %v), shared %+v", viewer, got, mate, v.Shared)
			}
		} else if v.TeamHand != nil || v.Shared != nil {
			fail("view of lone %s shows a team", viewer)
		}
		if (v.OtherShared == nil) != (st.shared[opp] == NoCard) || (v.OtherShared != nil && v.OtherShared.ID != st.shared[opp]) {
			fail("view of %s: other shared %+v, want %d", viewer, v.OtherShared, st.shared[opp])
		}
		if v.OtherHand != other || v.DrawPile != len(st.deck) {
			fail("view of %s: other hand %d (want %d), draw pile %d", viewer, v.OtherHand, other, v.DrawPile)
		}
		shown := append(append(append(append([]CardView(nil), v.Hand...), v.TeamHand...), v.Discards...), v.Choice...)
		for _, c := range []*CardView{v.Shared, v.OtherShared, v.Played} {
			if c != nil {
				shown = append(shown, *c)
			}
		}
		for _, c := range shown {
			if secret[c.ID] {
				fail("view of %s shows secret card %d", viewer, c.ID)
			}
		}
	}
}

// teamDeterminizeCheck: a determinized copy keeps every card once and the
// viewer's own cards, and redeals the other side's hands at their sizes.
func teamDeterminizeCheck(st *State, seed uint64, fail func(string, ...any)) {
	for viewer := Allies; viewer <= Axis; viewer++ {
		d := st.Determinize(viewer, seed)
		if err := tcCardsConserved(d); err != nil {
			fail("determinized for %s: %v", viewer, err)
		}
		for q := 0; q < int(st.players[viewer]); q++ {
			if !slices.Equal(d.hands[seatOf(viewer, q)], st.hands[seatOf(viewer, q)]) {
				fail("determinized for %s changed its player %d's hand", viewer, q)
			}
		}
		for q := 0; q < int(st.players[viewer.Opp()]); q++ {
			if len(d.hands[seatOf(viewer.Opp(), q)]) != len(st.hands[seatOf(viewer.Opp(), q)]) {
				fail("determinized for %s: other hand sizes changed", viewer)
			}
		}
		if d.shared != st.shared || !slices.Equal(d.discard, st.discard) || d.played != st.played {
			fail("determinized for %s changed public cards", viewer)
		}
	}
}
