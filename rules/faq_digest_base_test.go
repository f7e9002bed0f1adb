package rules

// FAQ digest rulings on the base game (../shared/docs/faq-digest.md §A)
// that no other test pinned on its own. Each test cites its ruling; the
// table of every ruling is TestFAQDigestRulings.

import (
	"slices"
	"testing"
)

// FAQ digest 7 [I Dés]: a player rolls exactly the dice he is entitled to,
// never fewer (and never more): the battle takes 3 dice of the 5 scripted
// at close range and 2 at range 2, and its dice event carries those alone.
func testDigest7(t *testing.T) {
	for _, c := range []struct {
		target string
		want   int
	}{{"5,11", 3}, {"4,12", 2}} {
		st := game(t, "allies inf 6,12", "axis inf "+c.target, "axis inf 0,0")
		turn(t, st, "general-advance", "6,12")
		toBattle(t, st)
		dice(t, st, "star star star star star")
		evs := act(t, st, "battle 6,12 "+c.target)
		rolled := ofKind(evs, EvDiceRolled)
		if len(rolled) != 1 || len(rolled[0].Faces()) != c.want || battleDiceOf(evs) != c.want {
			t.Fatalf("target %s: rolls %s, want one roll of %d dice", c.target, evString(evs), c.want)
		}
		if left := st.ScriptedLeft(); left != 5-c.want {
			t.Fatalf("target %s: %d scripted dice left, want %d", c.target, left, 5-c.want)
		}
	}
}

// FAQ digest 29 [II Ponts]: a bridge does not block the line of sight
// (unless a scenario says so); a unit standing on it does, as anywhere.
func testDigest29(t *testing.T) {
	river := fill(row(4, 0, 24), "river")
	st := game(t, specs(river, []string{"4,12 river bridge", "allies inf 6,12", "axis inf 2,12"})...)
	if !st.LineOfSight(H("6,12"), H("2,12")) {
		t.Fatal("the bridge on 4,12 blocks the line 6,12-2,12")
	}
	st = game(t, specs(river, []string{"4,12 river bridge", "allies inf 6,12", "axis inf 2,12", "axis inf 4,12"})...)
	if st.LineOfSight(H("6,12"), H("2,12")) {
		t.Fatal("a unit on the bridge does not block the line 6,12-2,12")
	}
}

// FAQ digest 31 [IV Unités régulières; II Bunkers (card)]: every unit fires
// in all directions, artillery in a bunker included: from a bunker on 5,11,
// targets 2 hexes away above, below and on either side get the range's
// dice (infantry 2, artillery 3).
func testDigest31(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want int
	}{{"inf", 2}, {"art", 3}} {
		for _, target := range []string{"3,11", "7,11", "5,7", "5,15", "4,14", "6,8"} {
			t.Run(c.typ+" at "+target, func(t *testing.T) {
				st := game(t, "allies "+c.typ+" 5,11", "5,11 bunker", "axis inf "+target, "axis inf 0,0")
				checkDice(t, st, "5,11", target, c.want)
			})
		}
	}
}

// FAQ digest 49 [II Ponts]: any land hex next to a bridge gives access to
// it, whatever the bridge's orientation: from each of the four land hexes
// around the bridge on 5,11 (the river runs along row 5), one step onto it.
func testDigest49(t *testing.T) {
	for _, from := range []string{"4,10", "4,12", "6,10", "6,12"} {
		st := game(t, specs(fill(row(5, 0, 24), "river"), []string{"5,11 river bridge", "allies arm " + from, "axis inf 0,0"})...)
		reach, err := st.Reachable(H(from))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(reach, H("5,11")) {
			t.Errorf("from %s the bridge is out of reach: %v", from, reach)
		}
	}
}

// FAQ digest 57 [II Digue; XI Omaha Beach]: the seawall is permanent and
// never removed, and units cross it freely: infantry passes over it without
// stopping, and when the unit standing on it leaves, the seawall stays
// (sandbags, in the same place, go with their unit).
func testDigest57(t *testing.T) {
	st := game(t, "allies inf 6,12", "5,11 seawall", "axis inf 0,0")
	reach, _ := st.Reachable(H("6,12"))
	if !slices.Contains(reach, H("4,10")) {
		t.Fatalf("the seawall on 5,11 stops the move: reach %v", reach)
	}
	for _, c := range []struct {
		obstacle string
		want     []Feature
	}{{"seawall", []Feature{Seawall}}, {"sandbags", nil}} {
		st := game(t, "allies inf 5,11", "5,11 "+c.obstacle, "axis inf 0,0")
		turn(t, st, "general-advance", "5,11")
		act(t, st, "move 5,11 4,10")
		if got := st.Features(H("5,11")); !slices.Equal(got, c.want) {
			t.Errorf("%s after its unit left: %v, want %v", c.obstacle, got, c.want)
		}
	}
}

// FAQ digest 60 [II Bunkers]: when only the Axis may use bunkers, Allied
// infantry may still enter one, but it gets no protection there (3 dice
// against it, not 2, and no flag ignored).
func testDigest60(t *testing.T) {
	st := game(t, "allies inf 6,12", "5,11 bunker", "bunkers=axis", "axis inf 0,0")
	reach, _ := st.Reachable(H("6,12"))
	if !slices.Contains(reach, H("5,11")) {
		t.Fatalf("Allied infantry cannot enter the Axis bunker: reach %v", reach)
	}
	for _, c := range []struct {
		users string
		dice  int
		flag  bool
	}{{"bunkers=axis", 3, false}, {"bunkers=allies", 2, true}} {
		st := game(t, "allies inf 5,11", "5,11 bunker", c.users, "first=axis", "axis inf 4,10", "axis inf 0,0")
		if st.IgnoresFlagAt(H("5,11"), Allies, Infantry) != c.flag {
			t.Errorf("%s: Allied infantry in the bunker ignores a flag: %v, want %v", c.users, !c.flag, c.flag)
		}
		checkDice(t, st, "4,10", "5,11", c.dice)
	}
}

// FAQ digest 67 [II Obstacles antichars (card)]: infantry may enter a
// hedgehog hex and battle from it the same turn, with full dice (the
// hedgehog stops nothing and protects nothing; its other points, no armor
// or artillery, one flag ignored and no sight blocked, are pinned by
// TestMovementRange, TestIgnoreOneFlag and TestLineOfSight).
func testDigest67(t *testing.T) {
	st := game(t, "allies inf 6,12", "5,11 hedgehog", "axis inf 3,11", "axis inf 0,0")
	turn(t, st, "general-advance", "6,12")
	act(t, st, "move 6,12 5,11")
	toBattle(t, st)
	if got := dests(st, ActBattle, "5,11"); !slices.Equal(got, []string{H("3,11").String()}) {
		t.Fatalf("targets from the hedgehog: %v", got)
	}
	dice(t, st, "star star star")
	if n := battleDiceOf(act(t, st, "battle 5,11 3,11")); n != 2 {
		t.Fatalf("%d dice at range 2 from the hedgehog, want 2", n)
	}
}

// FAQ digest 37 [II Mer]: a shore hex (a sea hex next to the beach) follows
// the sea's rules: a unit entering it stops, a unit on it may not battle,
// and no unit retreats into it (TestNoRetreatIntoOcean).
func testDigest37(t *testing.T) {
	sea := specs(fill(row(7, 0, 24), "ocean"), fill(row(8, 0, 24), "ocean"), fill(row(6, 0, 24), "beach"))
	st := game(t, append(sea, "allies inf 8,12", "axis inf 0,0")...)
	reach, _ := st.Reachable(H("8,12"))
	if !slices.Contains(reach, H("7,11")) || slices.Contains(reach, H("6,12")) {
		t.Fatalf("from the back sea row: reach %v, want the shore hexes and no further", reach)
	}
	st = game(t, append(sea, "allies inf 7,11", "axis inf 6,12", "axis inf 0,0")...)
	if n, _ := st.BattleDice(H("7,11"), H("6,12")); n != 0 {
		t.Fatalf("a unit on the shore hex 7,11 battles with %d dice", n)
	}
}
