package rules

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// calledGame is a daylight-drop position: the Allies call in up to 3
// infantry units over 4,12, in full daylight, built
// from their lost figures (scenario 6687 Drop in the Night: 82nd: "Once in
// full daylight, the Allied player can drop up to 3 additional Infantry
// units (using previously lost figures) over the hex at Les Forges by
// playing an appropriate Command card (so a probe in the Center allows 2
// units to attempt an airdrop over Les Forges)"). lost is the figures the
// Allies have lost (taken from the units on row 8); day sets the track to
// full daylight, else it stays at 3 hexes.
func calledGame(t *testing.T, lost int, day bool) *State {
	t.Helper()
	s, seed := setupOf(t, "allies inf 8,0", "allies inf 8,2", "allies inf 8,4", "allies inf 8,6", "allies inf 8,12", "allies inf 7,13", "axis inf 0,12", "4,10 lake", "night=allies")
	s.CalledAirdrops = []CalledAirdrop{{Side: Allies, Center: H("4,12"), Range: 1, Max: 3,
		Unit: UnitSetup{Type: Infantry, Side: Allies, Nation: "us"}, Daylight: true, FromLost: true}}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"8,0", "8,2", "8,4", "8,6"} {
		u := &st.units[st.occ[st.b.grid.Index(H(h))]]
		n := min(lost, 3) // a unit keeps a figure: losses on the board
		u.figures -= int8(n)
		lost -= n
	}
	if lost > 0 {
		t.Fatalf("calledGame: at most 12 figures lost")
	}
	st.vis = 3
	if day {
		st.vis = 0
	}
	return st
}

func drops(st *State) []string {
	var out []string
	for _, a := range st.Legal() {
		if a.Kind == ActDrop {
			out = append(out, a.String())
		}
	}
	return out
}

// The card, the daylight and the lost figures decide how many units may be
// called in (scenario 6687 special rules, quoted above calledGame): Les
// Forges is on the Allied left, yet "a probe in the Center allows 2 units",
// so the card's section does not matter, only how many units it orders.
func TestCalledAirdropOffers(t *testing.T) {
	for _, c := range []struct {
		name string
		lost int
		day  bool
		card string
		want []string
	}{
		{"a probe in the centre drops 2", 12, true, "probe-center", []string{"drop 4,12 1", "drop 4,12 2"}},
		{"an attack drops 3", 12, true, "attack-center", []string{"drop 4,12 1", "drop 4,12 2", "drop 4,12 3"}},
		{"an assault drops 3 at most", 12, true, "assault-center", []string{"drop 4,12 1", "drop 4,12 2", "drop 4,12 3"}},
		{"a recon drops 1", 12, true, "recon-center", []string{"drop 4,12 1"}},
		{"not before full daylight", 12, false, "attack-center", nil},
		{"a card for any section", 12, true, "attack-left", []string{"drop 4,12 1", "drop 4,12 2", "drop 4,12 3"}},
		{"one unit's worth of lost figures", 5, true, "attack-center", []string{"drop 4,12 1"}},
		{"no lost figures, no unit", 3, true, "attack-center", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := calledGame(t, c.lost, c.day)
			id := hand(t, st, Allies, c.card)[0]
			act(t, st, fmt.Sprintf("play %d", id))
			if got := drops(st); !slices.Equal(got, c.want) {
				t.Fatalf("drops %v, want %v", got, c.want)
			}
			if c.want != nil {
				// Only before any unit is ordered: the card is used instead.
				ord := "order 8,12"
				if c.card == "attack-left" {
					ord = "order 8,0"
				}
				act(t, st, ord)
				if got := drops(st); got != nil && st.Phase() == PhaseOrder {
					t.Fatalf("drops %v after an order", got)
				}
				// An Assault held its orders back for the choice; the
				// first order gives them all (every unit of the section).
				if c.card == "assault-center" && (st.Phase() != PhaseMove || !unitOn(t, st, "7,13").Ordered) {
					t.Fatalf("assault: phase %s, 7,13 ordered %v; want every centre unit ordered", st.Phase(), unitOn(t, st, "7,13").Ordered)
				}
			}
		})
	}
}

// The called units come down at once around the centre (recorded drop
// outcomes), may not move or battle that turn, and the turn ends with the
// draw; a landing on impassable ground, off the board or with another
// paratrooper is lost without a medal, and its figures may be used again,
// but the drop counts against the 3 units (scenario 6687: "up to 3
// additional Infantry units").
func TestCalledAirdropLands(t *testing.T) {
	st := calledGame(t, 12, true)
	id := hand(t, st, Allies, "probe-center")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	if err := st.Force(DropOutcome(H("4,12")), DropOutcome(H("4,10"))); err != nil {
		t.Fatal(err)
	}
	a, _ := ParseAction("drop 4,12 2")
	evs, outs, err := st.ApplyRecorded(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 3 || outs[0] != DropOutcome(H("4,12")) || outs[1] != DropOutcome(H("4,10")) || outs[2].Kind != OutCard {
		t.Fatalf("outcomes %v, want the two landings and the draw", outs)
	}
	air := ofKind(evs, EvAirdrop)
	if len(air) != 2 || air[0].N != 1 || air[1].N != 0 {
		t.Fatalf("airdrop events %v: want one landed on 4,12, one lost in the lake", air)
	}
	if u := unitOn(t, st, "4,12"); u.Side != Allies || u.Figures != 4 {
		t.Fatalf("landed unit %+v", u)
	}
	if st.Active() != Axis || st.Phase() != PhaseCard || st.Medals() != [2]int{0, 0} {
		t.Fatalf("after the drop: %s to play in phase %s, medals %v; want the Axis's turn, no medal", st.Active(), st.Phase(), st.Medals())
	}
	// 12 lost, 8 used, 4 back from the lost paratrooper: 8, so the last
	// unit of the 3 may still come.
	if got := st.lostFigures(Allies, Infantry); got != 8 {
		t.Fatalf("lost figures %d, want 8", got)
	}
	if got := st.waiting(0); got != 1 {
		t.Fatalf("units left to drop %d, want 1", got)
	}

	// Replaying the recorded drop gives the same position; a landing
	// outside the drop zone is refused and changes nothing.
	again := calledGame(t, 12, true)
	hand(t, again, Allies, "probe-center")
	act(t, again, fmt.Sprintf("play %d", id))
	before := again.Hash()
	if _, err := again.Replay(a, []Outcome{outs[0], DropOutcome(H("0,0")), outs[2]}); !errors.Is(err, ErrOutcome) || again.Hash() != before {
		t.Fatalf("a landing outside the zone: err %v, state changed %v", err, again.Hash() != before)
	}
	if _, err := again.Replay(a, outs); err != nil {
		t.Fatal(err)
	}
	if again.PositionHash() != st.PositionHash() {
		t.Fatal("the replayed drop reached another position")
	}
}

// A landed unit may not be ordered on its landing turn (FAQ III
// Parachutage); the Allies' next card orders it.
func TestCalledAirdropLandedWaits(t *testing.T) {
	st := calledGame(t, 12, true)
	hand(t, st, Allies, "probe-center", "assault-center")
	id := cards(t, st, "probe-center")[0]
	act(t, st, fmt.Sprintf("play %d", id))
	if err := st.Force(DropOutcome(H("4,14"))); err != nil {
		t.Fatal(err)
	}
	act(t, st, "drop 4,12 1")
	if unitOn(t, st, "4,14").Side != Allies {
		t.Fatal("no unit landed on 4,14")
	}
	pass(t, st) // the Axis's turn
	as := cards(t, st, "assault-center")[0]
	act(t, st, fmt.Sprintf("play %d", as))
	if !slices.Contains(orderable(st), "4,14") && !unitOn(t, st, "4,14").Ordered {
		t.Fatalf("the paratrooper on 4,14 cannot be ordered on the next turn: %v", legal(st))
	}
}

func TestDropActionText(t *testing.T) {
	a, err := ParseAction("drop 12,6 3")
	if err != nil || a != (Action{Kind: ActDrop, From: H("12,6"), Arg: 3}) || a.String() != "drop 12,6 3" {
		t.Fatalf("ParseAction: %+v %v", a, err)
	}
	for _, bad := range []string{"drop 12,6", "drop 12,6 0", "drop 12,6 13", "drop x 1"} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted", bad)
		}
	}
}
