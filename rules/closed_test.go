package rules

import (
	"slices"
	"testing"
)

// Scenario rules that close hexes (Villers-Bocage's forests and villages,
// Montelimar's and St. Vith's hills — FAQ XI St. Vith, digest 79: the
// corrected map's mountains, impassable both ways —, Saverne Gap's mountains): no unit may
// enter or retreat into them; a unit starting there may leave. Saverne Gap:
// artillery may not fire across them.
func TestClosedHexes(t *testing.T) {
	s, seed := setupOf(t, "allies inf 6,12", "allies art 8,12", "axis inf 2,12", "axis inf 4,14", "5,13 forest")
	for i := range s.Hexes {
		if s.Hexes[i].Hex == H("5,13") {
			s.Hexes[i].Closed = true
		}
	}
	s.Hexes = append(s.Hexes, HexSetup{Hex: H("5,11"), Closed: true}, HexSetup{Hex: H("4,12"), Terrain: Hill, Closed: true, NoFireAcross: ArtilleryOnly})
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	reach, _ := st.Reachable(H("6,12"))
	for _, h := range reach {
		if h == H("5,13") || h == H("5,11") || h == H("4,12") {
			t.Fatalf("a closed hex %s is reachable: %v", h, reach)
		}
	}
	// Artillery at 8,12 firing at 2,12 crosses the closed hill at 4,12.
	if n, _ := st.BattleDice(H("8,12"), H("2,12")); n != 0 {
		t.Fatalf("artillery fires across a closed hill with %d dice", n)
	}
	// It may fire at 4,14, whose line does not cross it.
	if n, _ := st.BattleDice(H("8,12"), H("4,14")); n == 0 {
		t.Fatalf("artillery cannot fire at 4,14")
	}
}

// closeTo gives every hex of list the per-side closure (HexSetup.ClosedTo).
func closeTo(s *Setup, list []string, to [2]ClassMask) {
	for i := range s.Hexes {
		if slices.Contains(list, s.Hexes[i].Hex.String()) {
			s.Hexes[i].ClosedTo = to
		}
	}
}

// Terrain rules set per side (HexSetup.ClosedTo). Across the River Roer:
// "The River Roer is a Navigable River by Allied infantry units in boats.
// Play the river as a Ford (see p. 6)" — the file's river tiles carry
// behavior FORD and properties isImpassable {AXIS: true, ALLIES: [2, 3]}:
// a fordable river (FAQ II 41 Gués: entering stops) that Allied infantry
// crosses and no Axis unit, Allied armor or Allied artillery may enter or
// retreat into.
func TestTerrainClosedToOneSide(t *testing.T) {
	river := row(5, 0, 24)
	roer := [2]ClassMask{Allies: Vehicles, Axis: AllClasses}
	cases := []struct {
		name  string
		units []string
		from  string
		want  []string
	}{
		{"Allied infantry crosses the river in boats, stopping", []string{"allies inf 6,12"}, "6,12", minusRows(disk("6,12", 2), 4)},
		{"Allied armor may not enter the river", []string{"allies arm 6,12"}, "6,12", minusRows(disk("6,12", 3), 3, 4, 5)},
		{"Allied artillery may not enter the river", []string{"allies art 6,12"}, "6,12", minusRows(disk("6,12", 1), 5)},
		{"Axis infantry may not enter the river", []string{"first=axis", "axis inf 4,12"}, "4,12", minusRows(disk("4,12", 2), 5, 6)},
		{"Axis armor may not enter the river", []string{"first=axis", "axis arm 4,12"}, "4,12", minusRows(disk("4,12", 3), 5, 6, 7)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, seed := setupOf(t, specs(fill(river, "fordable-river"), c.units, []string{"allies inf 8,0", "axis inf 0,0"})...)
			closeTo(s, river, roer)
			st, err := New(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			if got := moveSet(t, st, c.from); !eq(got, c.want) {
				t.Errorf("reach from %s:\n got %v\nwant %v", c.from, got, c.want)
			}
		})
	}

	// Retreat and take ground obey the same closure (rulebook p.9
	// "Retraite": never into impassable terrain).
	s, seed := setupOf(t, specs(fill(river, "fordable-river"), []string{"allies inf 4,8", "allies arm 4,16", "axis inf 6,12", "axis inf 2,2"})...)
	closeTo(s, river, roer)
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	unitOn := func(h string) *unit { return &st.units[st.occ[st.b.grid.Index(H(h))]] }
	var buf [2]int16
	retreat := func(h string) []string {
		u := unitOn(h)
		var out []string
		for _, q := range st.retreatSteps(u, u.pos, buf[:0]) {
			out = append(out, st.b.hexAt[q].String())
		}
		slices.Sort(out)
		return out
	}
	if got := retreat("4,8"); !eq(got, []string{"5,7", "5,9"}) {
		t.Errorf("Allied infantry retreats to %v, want the river hexes 5,7 5,9", got)
	}
	if got := retreat("4,16"); len(got) != 0 {
		t.Errorf("Allied armor retreats into the river: %v", got)
	}
	if got := retreat("6,12"); len(got) != 0 {
		t.Errorf("Axis infantry retreats into the river: %v", got)
	}
	if st.canTakeGround(unitOn("4,16"), int16(st.b.grid.Index(H("5,17")))) {
		t.Errorf("Allied armor takes ground into the river")
	}
	if st.canTakeGround(unitOn("6,12"), int16(st.b.grid.Index(H("5,13")))) {
		t.Errorf("Axis infantry takes ground into the river")
	}
	if !st.canTakeGround(unitOn("4,8"), int16(st.b.grid.Index(H("5,9")))) {
		t.Errorf("Allied infantry cannot take ground into the river")
	}

	// Across the River Roer starts Allied infantry on the river; an Axis
	// unit or an Allied tank there is refused.
	for _, c := range []struct {
		unit string
		ok   bool
	}{{"allies inf 5,11", true}, {"allies arm 5,11", false}, {"axis inf 5,11", false}} {
		s, _ := setupOf(t, specs(fill(river, "fordable-river"), []string{c.unit, "allies inf 8,0", "axis inf 0,0"})...)
		closeTo(s, river, roer)
		if err := s.Validate(); (err == nil) != c.ok {
			t.Errorf("%s on the river: Validate = %v, want ok %v", c.unit, err, c.ok)
		}
	}
}

// Without a terrain rule set per side both sides share one step table, so
// other scenarios pay nothing for the rule.
func TestStepTableShared(t *testing.T) {
	st := game(t, "allies inf 6,12", "axis inf 2,12", "5,13 forest")
	for ty := range numUnitTypes {
		if &st.b.step[Allies][ty][0] != &st.b.step[Axis][ty][0] {
			t.Errorf("class %s: the sides have separate step tables", ty)
		}
	}
	s, seed := setupOf(t, "allies inf 6,12", "axis inf 2,12", "5,13 forest")
	s.Hexes[0].ClosedTo[Axis] = InfantryOnly
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if &st.b.step[Allies][Infantry][0] == &st.b.step[Axis][Infantry][0] {
		t.Errorf("a hex closed to one side, yet the sides share a step table")
	}
}
