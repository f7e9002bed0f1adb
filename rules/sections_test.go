package rules

import (
	"fmt"
	"testing"
)

// rulebook p.6 "Champ de bataille" and "Activer des unités": two dashed lines
// split the board into a left flank, a centre and a right flank, named from
// each player's own side; a hex cut by a line is in both sections. On the
// standard board the lines run through the odd-row hexes of cols 7 and 17:
// left = cols 0..7, centre = 7..17, right = 17..24 for the bottom player,
// mirrored for the top player.
func TestSectionsOrderable(t *testing.T) {
	// One unit in each kind of place, for the side under test.
	pos := []string{"4,6", "3,7", "4,8", "3,17", "4,18", "6,0", "6,24", "7,1", "7,23"}
	cases := []struct {
		side Side
		top  Side
		card string
		want []string
	}{
		// Allies at the bottom (Axis on top).
		{Allies, Axis, "probe-left", hexes("4,6", "3,7", "6,0", "7,1")},
		{Allies, Axis, "probe-center", hexes("3,7", "4,8", "3,17")},
		{Allies, Axis, "probe-right", hexes("3,17", "4,18", "6,24", "7,23")},
		// Axis on top: its left is the bottom player's right.
		{Axis, Axis, "probe-left", hexes("3,17", "4,18", "6,24", "7,23")},
		{Axis, Axis, "probe-center", hexes("3,7", "4,8", "3,17")},
		{Axis, Axis, "probe-right", hexes("4,6", "3,7", "6,0", "7,1")},
		// Allies on top this time.
		{Allies, Allies, "probe-left", hexes("3,17", "4,18", "6,24", "7,23")},
		{Axis, Allies, "probe-left", hexes("4,6", "3,7", "6,0", "7,1")},
		// Cards over several sections.
		{Allies, Axis, "pincer-move", hexes("4,6", "3,7", "6,0", "7,1", "3,17", "4,18", "6,24", "7,23")},
		{Allies, Axis, "general-advance", hexes(pos...)},
		{Allies, Axis, "recon-in-force", hexes(pos...)},
		{Allies, Axis, "attack-left", hexes("4,6", "3,7", "6,0", "7,1")},
		{Allies, Axis, "recon-right", hexes("3,17", "4,18", "6,24", "7,23")},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-top-%s-%s", c.side, c.top, c.card), func(t *testing.T) {
			sp := []string{"top=" + c.top.String(), "first=" + c.side.String()}
			for _, p := range pos {
				sp = append(sp, c.side.String()+" inf "+p)
			}
			// An enemy unit far away, so the game is not over.
			sp = append(sp, c.side.Opp().String()+" inf 0,12")
			if c.side == c.top {
				sp[len(sp)-1] = c.side.Opp().String() + " inf 8,12"
			}
			st := game(t, sp...)
			id := hand(t, st, c.side, c.card)[0]
			act(t, st, fmt.Sprintf("play %d", id))
			if got := orderable(st); !eq(got, c.want) {
				t.Errorf("orderable = %v, want %v", got, c.want)
			}
		})
	}
}

// rulebook p.6 "Activer des unités": a unit on a section line may be ordered
// through either section but uses one order; quotas per section
// (command-cards.md §3: General Advance 2/2/2, Pincer Move 2/-/2, Recon in
// Force 1/1/1).
func TestSectionLineUnitsCountOnce(t *testing.T) {
	type step struct {
		order string   // unit to order ("" = just check)
		want  []string // orderable afterwards
	}
	cases := []struct {
		name  string
		card  string
		units []string
		steps []step
	}{
		{"general advance: line unit takes the centre when the left is full", "general-advance",
			[]string{"4,2", "4,4", "3,7", "4,10", "4,12", "4,20"},
			[]step{
				{"4,2", hexes("4,4", "3,7", "4,10", "4,12", "4,20")},
				{"4,4", hexes("3,7", "4,10", "4,12", "4,20")},
				{"3,7", hexes("4,10", "4,12", "4,20")},
				{"4,10", hexes("4,20")}, // centre full: 3,7 and 4,10
				{"4,20", nil},
			}},
		{"general advance: line units on both lines", "general-advance",
			[]string{"3,7", "5,7", "7,7", "3,17", "5,17"},
			[]step{
				{"3,7", hexes("5,7", "7,7", "3,17", "5,17")},
				{"5,7", hexes("7,7", "3,17", "5,17")},
				{"7,7", hexes("3,17", "5,17")}, // three on the left line: left 2 + centre 1
				{"3,17", hexes("5,17")},        // the centre is full, 3,17 went right
				{"5,17", nil},
			}},
		{"recon in force: one per section", "recon-in-force",
			[]string{"3,7", "4,4", "4,10", "4,20"},
			[]step{
				{"3,7", hexes("4,4", "4,10", "4,20")},
				{"4,4", hexes("4,20")}, // 3,7 must now be the centre's unit
				{"4,20", nil},
			}},
		{"pincer move: no centre-only unit, line units through a flank", "pincer-move",
			[]string{"4,2", "4,4", "3,7", "4,10", "3,17", "4,20"},
			[]step{
				{"", hexes("4,2", "4,4", "3,7", "3,17", "4,20")},
				{"4,2", hexes("4,4", "3,7", "3,17", "4,20")},
				{"3,7", hexes("3,17", "4,20")},
				{"3,17", hexes("4,20")},
				{"4,20", nil},
			}},
		{"probe: two units, a line unit counts as one of them", "probe-center",
			[]string{"3,7", "4,10", "4,12"},
			[]step{
				{"3,7", hexes("4,10", "4,12")},
				{"4,10", nil},
			}},
		{"recon: one unit", "recon-center",
			[]string{"3,17", "4,10"},
			[]step{{"3,17", nil}}},
		{"attack: three units", "attack-right",
			[]string{"3,17", "4,18", "4,20", "4,22"},
			[]step{{"4,18", hexes("3,17", "4,20", "4,22")}, {"4,20", hexes("3,17", "4,22")}, {"3,17", nil}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sp := []string{"axis inf 0,12"}
			for _, u := range c.units {
				sp = append(sp, "allies inf "+u)
			}
			st := game(t, sp...)
			id := hand(t, st, Allies, c.card)[0]
			act(t, st, fmt.Sprintf("play %d", id))
			for i, s := range c.steps {
				if s.order != "" {
					act(t, st, "order "+s.order)
				}
				if s.want == nil {
					if st.Phase() == PhaseOrder {
						t.Fatalf("step %d: still ordering, orderable %v", i, orderable(st))
					}
					continue
				}
				if got := orderable(st); !eq(got, s.want) {
					t.Fatalf("step %d (after order %s): orderable = %v, want %v", i, s.order, got, s.want)
				}
			}
			// Every ordered unit is reported ordered.
			n := 0
			for _, u := range st.Units() {
				if u.Ordered {
					n++
				}
			}
			want := 0
			for _, s := range c.steps {
				if s.order != "" {
					want++
				}
			}
			if n != want {
				t.Errorf("%d units ordered, want %d", n, want)
			}
		})
	}
}

// rulebook p.6: a unit cannot be ordered twice.
func TestUnitOrderedOnce(t *testing.T) {
	st := game(t, "allies inf 4,10", "allies inf 4,12", "allies inf 4,14", "axis inf 0,12")
	id := hand(t, st, Allies, "attack-center")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	act(t, st, "order 4,10")
	illegal(t, st, "order 4,10")
	if got := orderable(st); !eq(got, hexes("4,12", "4,14")) {
		t.Errorf("orderable = %v", got)
	}
	// Orders beyond the units present are lost: ending early is allowed.
	act(t, st, "end-orders")
	if st.Phase() != PhaseMove {
		t.Fatalf("phase %s, want move", st.Phase())
	}
	illegal(t, st, "move 4,12 3,11") // not ordered
}

// command-cards.md §3 "Assault": every unit of the side in the section is
// ordered, with no choice; line units included, other sections not.
func TestAssaultOrdersEverything(t *testing.T) {
	var sp []string
	// Every hex of the left section on rows 1..8 (cols 0..7, line hexes
	// included): 32 units, more than any small fixed buffer; one more in the
	// centre.
	n := 0
	for r := 1; r <= 8; r++ {
		for _, h := range row(r, 0, 7) {
			sp = append(sp, "allies inf "+h)
			n++
		}
	}
	if n != 32 {
		t.Fatalf("fixture: %d units", n)
	}
	sp = append(sp, "allies inf 4,10", "axis inf 0,12")
	st := game(t, sp...)
	id := hand(t, st, Allies, "assault-left")[0]
	evs := act(t, st, fmt.Sprintf("play %d", id))
	if st.Phase() != PhaseMove {
		t.Fatalf("phase %s, want move (no order choice)", st.Phase())
	}
	if got := len(ofKind(evs, EvUnitOrdered)); got != 32 {
		t.Errorf("%d units ordered, want 32", got)
	}
	for _, u := range st.Units() {
		want := u.Side == Allies && u.Hex != H("4,10")
		if u.Ordered != want {
			t.Errorf("unit on %s ordered=%v, want %v", u.Hex, u.Ordered, want)
		}
	}
}

// rulebook p.6 and FAQ digest 5 [I Passer]: a section card played on a
// section without any of the player's units orders nothing; the player
// discards, draws and the turn ends.
func TestCardOnEmptySectionPasses(t *testing.T) {
	for _, card := range []string{"probe-right", "assault-right", "attack-right"} {
		t.Run(card, func(t *testing.T) {
			st := game(t, "allies inf 4,4", "axis inf 0,12")
			ids := hand(t, st, Allies, card, "probe-left")
			drawBefore := st.DrawPileSize()
			evs := act(t, st, fmt.Sprintf("play %d", ids[0]))
			if st.Active() != Axis || st.Phase() != PhaseCard {
				t.Fatalf("after the pass: active %s phase %s, want axis to play a card", st.Active(), st.Phase())
			}
			if len(ofKind(evs, EvUnitOrdered)) != 0 {
				t.Errorf("units ordered: %s", evString(evs))
			}
			if d := st.Discards(); len(d) != 1 || d[0] != ids[0] {
				t.Errorf("discards %v, want [%d]", d, ids[0])
			}
			if len(st.Hand(Allies)) != 2 {
				t.Errorf("allies hand %d cards, want 2 (one played, one drawn)", len(st.Hand(Allies)))
			}
			if st.DrawPileSize() != drawBefore-1 {
				t.Errorf("draw pile %d, want %d", st.DrawPileSize(), drawBefore-1)
			}
		})
	}
}

// Recon on an empty section still draws 2 and keeps 1 (command-cards.md §3).
func TestReconOnEmptySectionKeepsOne(t *testing.T) {
	st := game(t, "allies inf 4,4", "axis inf 0,12")
	ids := hand(t, st, Allies, "recon-right")
	act(t, st, fmt.Sprintf("play %d", ids[0]))
	if st.Phase() != PhaseKeep || st.Active() != Allies || st.ToAct() != Allies {
		t.Fatalf("phase %s active %s, want allies keep", st.Phase(), st.Active())
	}
}
