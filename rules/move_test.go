package rules

import (
	"slices"
	"testing"
)

// moveSet orders the unit on from (General Advance) and lists the hexes it
// may move to, checking that the Reachable query agrees.
func moveSet(t *testing.T, st *State, from string) []string {
	t.Helper()
	reach, err := st.Reachable(H(from))
	if err != nil {
		t.Fatal(err)
	}
	turn(t, st, "general-advance", from)
	got := dests(st, ActMove, from)
	q := []string{}
	for _, h := range reach {
		q = append(q, h.String())
	}
	slices.Sort(q)
	if !eq(q, got) {
		t.Errorf("Reachable(%s) = %v but legal moves go to %v", from, q, got)
	}
	return got
}

func minusRows(list []string, rows ...int) []string {
	out := []string{}
	for _, h := range list {
		if !slices.Contains(rows, int(H(h).Row)) {
			out = append(out, h)
		}
	}
	return out
}

func TestMovementRange(t *testing.T) {
	cases := []struct {
		name  string
		specs []string
		from  string
		want  []string
	}{
		// rulebook p.6 "Portée de déplacement", annex 1.
		{"infantry moves up to 2", []string{"allies inf 5,11"}, "5,11", disk("5,11", 2)},
		{"elite infantry moves up to 2", []string{"allies inf 5,11 elite"}, "5,11", disk("5,11", 2)},
		{"resistance moves up to 2", []string{"allies inf 5,11 res"}, "5,11", disk("5,11", 2)},
		{"armor moves up to 3", []string{"allies arm 5,11"}, "5,11", disk("5,11", 3)},
		{"elite armor moves up to 3", []string{"allies arm 5,11 elite"}, "5,11", disk("5,11", 3)},
		{"artillery moves 1", []string{"allies art 5,11"}, "5,11", disk("5,11", 1)},
		{"a unit at the board corner", []string{"allies arm 8,0"}, "8,0", disk("8,0", 3)},
		// rulebook p.6 "Règles générales de déplacement", example 1: no
		// moving through a hex with a unit, friend or foe.
		{"units block the way", []string{"allies inf 5,11", "allies inf 4,10", "axis inf 4,12"}, "5,11",
			disk("5,11", 2, "4,10", "4,12", "3,9", "3,11", "3,13")},
		// annex 2: forests, towns, churches, hedgerows, wire and ocean
		// stop a unit that enters them; 4,10 is reachable only through 5,11.
		{"forest stops", []string{"allies inf 6,12", "5,11 forest"}, "6,12", disk("6,12", 2, "4,10")},
		{"town stops", []string{"allies inf 6,12", "5,11 town"}, "6,12", disk("6,12", 2, "4,10")},
		{"church stops", []string{"allies inf 6,12", "5,11 church"}, "6,12", disk("6,12", 2, "4,10")},
		{"hedgerow stops", []string{"allies inf 6,12", "5,11 hedgerow"}, "6,12", disk("6,12", 2, "4,10")},
		{"wire stops", []string{"allies inf 6,12", "5,11 wire"}, "6,12", disk("6,12", 2, "4,10")},
		{"armor is stopped by wire too", []string{"allies arm 6,12", "5,11 wire", "5,13 wire", "6,10 wire", "6,14 wire", "7,11 wire", "7,13 wire"}, "6,12", disk("6,12", 1)},
		{"armor is stopped by forest", []string{"allies arm 6,12", "5,11 forest", "5,13 forest", "6,10 forest", "6,14 forest", "7,11 forest", "7,13 forest"}, "6,12", disk("6,12", 1)},
		{"hills and beaches do not stop", []string{"allies inf 6,12", "5,11 hill", "5,13 beach"}, "6,12", disk("6,12", 2)},
		// annex 2 "Bocages": entering needs a start adjacent to the hedgerow;
		// leaving stops in the adjacent hex (FAQ digest 41).
		{"hedgerow two hexes away cannot be entered", []string{"allies inf 6,12", "4,12 hedgerow"}, "6,12", disk("6,12", 2, "4,12")},
		{"hedgerow next to the start can be entered, not the farther one", []string{"allies inf 6,12", "5,13 hedgerow", "4,14 hedgerow"}, "6,12", disk("6,12", 2, "4,14")},
		{"hedgerow: armor too", []string{"allies arm 6,12", "3,11 hedgerow"}, "6,12", disk("6,12", 3, "3,11")},
		{"leaving a hedgerow stops in the adjacent hex", []string{"allies inf 5,11 ", "5,11 hedgerow"}, "5,11", disk("5,11", 1)},
		{"armor leaving a hedgerow stops too", []string{"allies arm 5,11", "5,11 hedgerow"}, "5,11", disk("5,11", 1)},
		// annex 2 "Fleuves & rivières", "Lacs": impassable.
		{"rivers are impassable", []string{"allies inf 6,12", "5,11 river", "5,13 river"}, "6,12",
			disk("6,12", 2, "5,11", "5,13", "4,10", "4,12", "4,14")},
		{"lakes are impassable", []string{"allies arm 6,12", "5,11 lake", "5,13 lake", "6,10 lake", "6,14 lake", "7,11 lake", "7,13 lake"}, "6,12", []string{}},
		// annex 2 "Ponts": a bridge crosses the river, entered from dry land.
		{"a bridge crosses a river", specs(fill(row(5, 0, 24), "river"), []string{"5,11 river bridge", "allies inf 6,12"}), "6,12",
			disk("6,12", 2, "5,9", "5,13", "5,15", "4,14")},
		{"no bridge to bridge (FAQ 50)", specs(fill(row(5, 0, 24), "river"), fill(row(4, 0, 24), "river"),
			[]string{"5,11 river bridge", "4,12 river bridge", "allies inf 6,12"}), "6,12",
			append(minusRows(disk("6,12", 2), 4, 5), "5,11")},
		{"from a bridge, not onto the next bridge", specs(fill(row(5, 0, 24), "river"), fill(row(4, 0, 24), "river"),
			[]string{"5,11 river bridge", "4,12 river bridge", "allies arm 5,11"}), "5,11",
			minusRows(disk("5,11", 3), 2, 3, 4, 5)},
		// rulebook p.18 "Hauteur des terrains et déplacement": a step may
		// change the height by 1 at most.
		{"plain to mountain is too steep", []string{"allies inf 6,12", "5,11 mountain"}, "6,12", disk("6,12", 2, "5,11", "4,10")},
		{"hill to mountain is fine, mountain to plain is not", []string{"allies inf 6,12", "6,12 hill", "5,11 mountain"}, "6,12", disk("6,12", 2, "4,10")},
		// annex 2 "Escarpements", "Falaises": beach <-> bluff costs 2,
		// infantry only; from inland they are ordinary hills (FAQ digest
		// 53, 54).
		{"infantry from the beach onto a bluff costs 2", specs(fill(row(6, 0, 24), "beach"), fill(row(7, 0, 24), "beach"),
			fill(row(8, 0, 24), "beach"), fill(row(5, 0, 24), "bluff"), []string{"allies inf 6,12"}), "6,12",
			disk("6,12", 2, "5,9", "5,15", "4,10", "4,12", "4,14")},
		{"infantry from the beach onto a cliff costs 2", specs(fill(row(6, 0, 24), "beach"), fill(row(7, 0, 24), "beach"),
			fill(row(8, 0, 24), "beach"), fill(row(5, 0, 24), "cliff"), []string{"allies inf 6,12"}), "6,12",
			disk("6,12", 2, "5,9", "5,15", "4,10", "4,12", "4,14")},
		{"armor cannot climb from the beach to a bluff", specs(fill(row(6, 0, 24), "beach"), fill(row(7, 0, 24), "beach"),
			fill(row(8, 0, 24), "beach"), fill(row(5, 0, 24), "bluff"), []string{"allies arm 6,12"}), "6,12",
			minusRows(disk("6,12", 2), 4, 5)},
		{"armor cannot go down from a bluff to the beach", specs(fill(row(6, 0, 24), "beach"), fill(row(7, 0, 24), "beach"),
			fill(row(8, 0, 24), "beach"), fill(row(5, 0, 24), "bluff"), []string{"allies arm 5,11"}), "5,11",
			minusRows(disk("5,11", 3), 6, 7, 8)},
		{"artillery cannot climb a cliff from the beach", specs(fill(row(6, 0, 24), "beach"), fill(row(5, 0, 24), "cliff"),
			[]string{"allies art 6,12"}), "6,12", []string{"6,10", "6,14", "7,11", "7,13"}},
		{"from inland a bluff is a hill, the beach below costs 2", specs(fill(row(6, 0, 24), "beach"), fill(row(5, 0, 24), "bluff"),
			[]string{"allies inf 4,12"}), "4,12", minusRows(disk("4,12", 2), 6)},
		// annex 2 "Collines escarpées": climbing from lower ground costs 2.
		{"infantry climbing a steep hill spends 2", []string{"allies inf 6,12", "5,11 steephill"}, "6,12", disk("6,12", 2, "4,10")},
		{"artillery cannot climb a steep hill", []string{"allies art 6,12", "5,11 steephill"}, "6,12", disk("6,12", 1, "5,11")},
		{"steep hill to steep hill costs 1, going down costs 1", []string{"allies inf 5,11", "5,11 steephill", "5,13 steephill"}, "5,11", disk("5,11", 2)},
		// annex 2 "Bunkers", "Obstacles antichars": impassable to armor and
		// artillery; infantry may pass through without stopping (FAQ digest
		// 63, 65, 67).
		{"armor cannot enter a bunker", []string{"allies arm 6,12", "5,11 bunker"}, "6,12", disk("6,12", 3, "5,11", "3,9")},
		{"artillery cannot enter a bunker", []string{"allies art 6,12", "5,11 bunker"}, "6,12", disk("6,12", 1, "5,11")},
		{"infantry passes through a bunker", []string{"allies inf 6,12", "5,11 bunker"}, "6,12", disk("6,12", 2)},
		{"armor cannot enter hedgehogs", []string{"allies arm 6,12", "5,11 hedgehog"}, "6,12", disk("6,12", 3, "5,11", "3,9")},
		{"artillery cannot enter hedgehogs", []string{"allies art 6,12", "5,11 hedgehog"}, "6,12", disk("6,12", 1, "5,11")},
		{"infantry passes through hedgehogs", []string{"allies inf 6,12", "5,11 hedgehog"}, "6,12", disk("6,12", 2)},
		{"sandbags do not stop", []string{"allies inf 6,12", "5,11 sandbags"}, "6,12", disk("6,12", 2)},
		// annex 2 "Plages", the three armor examples.
		{"beach example 1: first hex a beach, 2 hexes in all", []string{"allies arm 7,11", "6,10 beach", "6,12 beach"}, "7,11",
			minusRows(disk("7,11", 3), 4)},
		{"beach example 2: starting on a beach, first hex plain, 3 hexes", []string{"allies arm 7,11", "7,11 beach"}, "7,11", disk("7,11", 3)},
		{"beach example 3: plain, plain, then a beach is too far", specs(fill(row(6, 0, 24), "beach"), []string{"axis arm 3,11", "first=axis"}), "3,11",
			minusRows(disk("3,11", 3), 6)},
		// annex 2 "Océan" and its example: entering the ocean stops; from
		// the shore hex the next move onto the beach is capped at 2.
		{"ocean: 1 hex at a time, the shore hex too (FAQ 37, 39)", specs(fill(row(7, 0, 24), "ocean"), fill(row(8, 0, 24), "ocean"), fill(row(6, 0, 24), "beach"),
			fill(row(5, 0, 24), "beach"), []string{"allies arm 8,12"}), "8,12", disk("8,12", 1)},
		{"ocean: from the shore onto the beach, 2 hexes", specs(fill(row(7, 0, 24), "ocean"), fill(row(8, 0, 24), "ocean"), fill(row(6, 0, 24), "beach"),
			fill(row(5, 0, 24), "beach"), []string{"allies arm 7,11"}), "7,11", disk("7,11", 2, "7,7", "7,15", "8,8", "8,14")},
		{"from the beach into the ocean, which stops (FAQ 39)", specs(fill(row(7, 0, 24), "ocean"), fill(row(8, 0, 24), "ocean"), fill(row(6, 0, 24), "beach"),
			[]string{"allies inf 6,12"}), "6,12", disk("6,12", 2, "8,10", "8,12", "8,14")},
		{"ocean: infantry can land onto plain, not only a beach (FAQ 38)", specs(fill(row(7, 0, 24), "ocean"), fill(row(8, 0, 24), "ocean"), []string{"allies inf 7,11"}), "7,11",
			disk("7,11", 2, "7,7", "7,15", "8,8", "8,14")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "axis inf 0,0", "allies inf 8,24")...)
			if c.specs[len(c.specs)-1] == "first=axis" {
				st = game(t, append(c.specs, "allies inf 8,0", "axis inf 0,24")...)
			}
			want := hexes(c.want...)
			if got := moveSet(t, st, c.from); !eq(got, want) {
				t.Errorf("moves from %s:\n got  %v\n want %v\n extra %v\n missing %v", c.from, got, want, diff(got, want), diff(want, got))
			}
		})
	}
}

func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// FAQ digest 33-34 [II Plages]: once a unit enters a beach its move is capped
// at 2, whichever hex comes first. A lane between rivers forces the path.
func TestBeachCapLanes(t *testing.T) {
	lane := specs(fill(row(6, 0, 24), "river"), fill(row(8, 0, 24), "river"), fill(row(7, 0, 9), "river"))
	cases := []struct {
		name  string
		specs []string
		want  []string
	}{
		{"beach start, plain lane: 3 hexes", []string{"7,11 beach"}, hexes("7,13", "7,15", "7,17")},
		{"beach, beach, plain: stops after 2", []string{"7,11 beach", "7,13 beach"}, hexes("7,13", "7,15")},
		{"beach, plain, beach: stops on the beach after 2", []string{"7,11 beach", "7,15 beach"}, hexes("7,13", "7,15")},
		{"plain, plain, beach: the beach is out of reach", []string{"7,17 beach"}, hexes("7,13", "7,15")},
		{"beach as third hex of infantry is fine (2 hexes)", []string{"7,15 beach"}, hexes("7,13", "7,15", "7,17")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			typ := "arm"
			if c.name == "beach as third hex of infantry is fine (2 hexes)" {
				typ = "inf"
				c.want = hexes("7,13", "7,15")
			}
			st := game(t, specs(lane, c.specs, []string{"allies " + typ + " 7,11", "axis inf 0,0"})...)
			if got := moveSet(t, st, "7,11"); !eq(got, c.want) {
				t.Errorf("moves = %v, want %v", got, c.want)
			}
		})
	}
}

// After a move, may the unit still battle? (rulebook p.6 "Portée de
// déplacement", annex 1 and 2; FAQ digest 32, the summary card: infantry
// moves 1 and battles or 2 without battling, armor 3 and battles,
// artillery moves or battles; digest 37, 39: no battle from the sea; digest
// 41: a unit leaving a hedgerow battles.) The enemy stands next to the
// destination.
func TestBattleAfterMove(t *testing.T) {
	cases := []struct {
		name   string
		specs  []string
		from   string
		to     string // "" = no move
		enemy  string
		dice   int // 0 = cannot battle it
		remove bool
	}{
		{"infantry 1 hex then battles", []string{"allies inf 6,12"}, "6,12", "5,11", "4,10", 3, false},
		{"infantry 2 hexes cannot battle", []string{"allies inf 6,12"}, "6,12", "4,12", "3,11", 0, false},
		{"elite infantry 2 hexes then battles", []string{"allies inf 6,12 elite"}, "6,12", "4,12", "3,11", 3, false},
		{"resistance 2 hexes cannot battle", []string{"allies inf 6,12 res"}, "6,12", "4,12", "3,11", 0, false},
		{"armor 3 hexes then battles", []string{"allies arm 6,12"}, "6,12", "3,11", "2,10", 3, false},
		{"artillery that moved cannot battle", []string{"allies art 6,12"}, "6,12", "5,11", "3,11", 0, false},
		{"artillery that stayed battles", []string{"allies art 6,12"}, "6,12", "", "3,11", 2, false},
		{"into a forest: no battle", []string{"allies inf 6,12", "5,11 forest"}, "6,12", "5,11", "4,10", 0, false},
		{"into a town: no battle", []string{"allies arm 6,12", "5,11 town"}, "6,12", "5,11", "4,10", 0, false},
		{"into a hedgerow: no battle", []string{"allies inf 6,12", "5,11 hedgerow"}, "6,12", "5,11", "4,10", 0, false},
		{"into a church: no battle", []string{"allies inf 6,12", "5,11 church"}, "6,12", "5,11", "4,10", 0, false},
		{"resistance into a forest battles (annex 1)", []string{"allies inf 6,12 res", "5,11 forest"}, "6,12", "5,11", "4,10", 3, false},
		{"resistance into a town battles", []string{"allies inf 6,12 res", "5,11 town"}, "6,12", "5,11", "4,10", 3, false},
		{"resistance into a hedgerow battles", []string{"allies inf 6,12 res", "5,11 hedgerow"}, "6,12", "5,11", "4,10", 3, false},
		{"infantry 1 hex into wire battles at -1, or removes it", []string{"allies inf 6,12", "5,11 wire"}, "6,12", "5,11", "4,10", 2, true},
		{"infantry 2 hexes into wire: no battle, no removal (FAQ 68)", []string{"allies inf 6,12", "4,12 wire"}, "6,12", "4,12", "3,11", 0, false},
		{"armor into wire battles with full dice", []string{"allies arm 6,12", "5,11 wire"}, "6,12", "5,11", "4,10", 3, false},
		{"infantry 1 hex into a bunker battles (FAQ 64)", []string{"allies inf 6,12", "5,11 bunker"}, "6,12", "5,11", "4,10", 3, false},
		{"infantry 2 hexes into a bunker cannot (FAQ 64)", []string{"allies inf 6,12", "4,12 bunker"}, "6,12", "4,12", "3,11", 0, false},
		{"infantry beach to bluff (2) cannot battle", specs(fill(row(6, 0, 24), "beach"), fill(row(5, 0, 24), "bluff"), []string{"allies inf 6,12"}), "6,12", "5,11", "4,10", 0, false},
		{"elite infantry beach to bluff (2) battles", specs(fill(row(6, 0, 24), "beach"), fill(row(5, 0, 24), "bluff"), []string{"allies inf 6,12 elite"}), "6,12", "5,11", "4,10", 3, false},
		{"infantry climbing a steep hill (2) cannot battle", []string{"allies inf 6,12", "5,11 steephill"}, "6,12", "5,11", "4,10", 0, false},
		{"armor climbing a steep hill battles", []string{"allies arm 6,12", "5,11 steephill"}, "6,12", "5,11", "4,10", 3, false},
		{"armor 2 beach hexes battles", specs(fill(row(6, 0, 24), "beach"), fill(row(7, 0, 24), "beach"), []string{"allies arm 7,11"}), "7,11", "6,14", "5,15", 3, false},
		{"unit in the ocean cannot battle", specs(fill(row(6, 0, 24), "ocean"), []string{"allies inf 6,12"}), "6,12", "", "5,11", 0, false},
		{"infantry moving out of the ocean onto the beach battles", specs(fill(row(7, 0, 24), "ocean"), fill(row(6, 0, 24), "beach"), []string{"allies inf 7,11"}), "7,11", "6,12", "5,13", 3, false},
		{"infantry leaving a hedgerow battles", []string{"allies inf 5,11", "5,11 hedgerow"}, "5,11", "4,12", "3,13", 3, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := game(t, append(c.specs, "axis inf "+c.enemy, "axis inf 0,0", "allies inf 8,24")...)
			turn(t, st, "general-advance", c.from)
			at := c.from
			if c.to != "" {
				act(t, st, "move "+c.from+" "+c.to)
				at = c.to
			}
			if st.Phase() == PhaseMove {
				act(t, st, "end-moves")
			}
			battles := dests(st, ActBattle, at)
			canRemove := slices.Contains(legal(st), "remove-wire "+H(at).String())
			if canRemove != c.remove {
				t.Errorf("remove-wire offered = %v, want %v", canRemove, c.remove)
			}
			if c.dice == 0 {
				if len(battles) > 0 {
					t.Fatalf("unit on %s may battle %v, want none", at, battles)
				}
				if st.Phase() == PhaseBattle && !canRemove {
					t.Errorf("phase %s: the turn should have ended (nothing left to do)", st.Phase())
				}
				return
			}
			if !slices.Contains(battles, H(c.enemy).String()) {
				t.Fatalf("unit on %s cannot battle %s (battles %v)", at, c.enemy, battles)
			}
			dice(t, st, "star star star star")
			evs := act(t, st, "battle "+at+" "+c.enemy)
			if n := battleDiceOf(evs); n != c.dice {
				t.Errorf("battle rolled %d dice, want %d", n, c.dice)
			}
		})
	}
}

// rulebook p.6: a unit moves once per turn; all moves come before battles.
func TestMoveOncePerTurn(t *testing.T) {
	st := game(t, "allies inf 6,12", "allies inf 6,16", "axis inf 0,0")
	turn(t, st, "attack-center", "6,12", "6,16")
	act(t, st, "move 6,12 5,11")
	illegal(t, st, "move 5,11 4,10")
	if got := dests(st, ActMove, "5,11"); len(got) != 0 {
		t.Errorf("moved unit may still move to %v", got)
	}
	act(t, st, "move 6,16 5,15")
	if st.Phase() != PhaseBattle && st.Active() == Allies {
		t.Errorf("phase %s after every ordered unit moved, want battle", st.Phase())
	}
}

// annex 2 "Bocages", the four-turn example: stop next to it, enter it,
// leave it stopping in the adjacent hex, then move freely.
func TestHedgerowFourTurns(t *testing.T) {
	st := game(t, "allies inf 7,11", "5,11 hedgerow", "axis inf 0,24")
	// Turn 1: the hedgerow is 2 hexes away.
	turn(t, st, "attack-center", "7,11")
	if got := dests(st, ActMove, "7,11"); slices.Contains(got, "5,11") {
		t.Fatal("entered a hedgerow from a hex not adjacent at the start of the turn")
	}
	act(t, st, "move 7,11 6,12")
	endTurn(t, st, Allies)
	pass(t, st)
	// Turn 2: now adjacent, it may enter (and stops there).
	turn(t, st, "attack-center", "6,12")
	act(t, st, "move 6,12 5,11")
	unitOn(t, st, "5,11")
	endTurn(t, st, Allies)
	pass(t, st)
	// Turn 3: leaving, it must stop in the adjacent hex.
	turn(t, st, "attack-center", "5,11")
	if got := dests(st, ActMove, "5,11"); !eq(got, disk("5,11", 1)) {
		t.Fatalf("moves out of the hedgerow %v, want the 6 adjacent hexes", got)
	}
	act(t, st, "move 5,11 4,12")
	endTurn(t, st, Allies)
	pass(t, st)
	// Turn 4: moves normally.
	turn(t, st, "attack-center", "4,12")
	if got := dests(st, ActMove, "4,12"); !eq(got, disk("4,12", 2, "6,10")) {
		t.Fatalf("moves %v, want every hex within 2 but 6,10, behind the hedgerow (which it may re-enter)", got)
	}
}

// annex 2 "Sacs de sable": sandbags are removed when their unit leaves;
// "Digues": a seawall never is.
func TestSandbagsLeaveWithTheUnit(t *testing.T) {
	st := game(t, "allies inf 6,12", "6,12 sandbags", "allies inf 6,16", "6,16 seawall", "axis inf 0,0")
	turn(t, st, "attack-center", "6,12", "6,16")
	evs := act(t, st, "move 6,12 5,11")
	if st.ObstacleAt(H("6,12")) != NoObstacle {
		t.Error("sandbags stayed after their unit left")
	}
	if rm := ofKind(evs, EvObstacleRemoved); len(rm) != 1 || rm[0].From != H("6,12") || Obstacle(rm[0].N) != Sandbags {
		t.Errorf("events %s: want sandbags removed on 6,12", evString(evs))
	}
	evs = act(t, st, "move 6,16 5,15")
	if st.ObstacleAt(H("6,16")) != Seawall || len(ofKind(evs, EvObstacleRemoved)) != 0 {
		t.Error("a seawall was removed")
	}
}

// annex 2 "Barbelés": armor entering wire removes it (and stops); infantry
// does not.
func TestArmorClearsWire(t *testing.T) {
	st := game(t, "allies arm 6,12", "allies inf 6,16", "5,11 wire", "5,15 wire", "axis inf 0,0")
	turn(t, st, "attack-center", "6,12", "6,16")
	evs := act(t, st, "move 6,12 5,11")
	if st.ObstacleAt(H("5,11")) != NoObstacle || len(ofKind(evs, EvObstacleRemoved)) != 1 {
		t.Errorf("armor entering wire: obstacle %s, events %s", st.ObstacleAt(H("5,11")), evString(evs))
	}
	act(t, st, "move 6,16 5,15")
	if st.ObstacleAt(H("5,15")) != Wire {
		t.Error("infantry entering wire removed it")
	}
}

// The unit that started on a bridge can leave only onto dry land; a unit
// standing on a bridge may also battle (annex 2 "Ponts": no restriction).
func TestBridgeBattle(t *testing.T) {
	st := game(t, specs(fill(row(5, 0, 24), "river"), []string{"5,11 river bridge", "allies inf 5,11", "axis inf 4,12", "axis inf 0,0"})...)
	turn(t, st, "attack-center", "5,11")
	toBattle(t, st)
	if got := dests(st, ActBattle, "5,11"); !eq(got, hexes("4,12")) {
		t.Errorf("battles from the bridge %v", got)
	}
}
