package rules

import (
	"testing"

	"m44/hex"
)

// Invariant soak: thousands of random games on hand-built positions with
// terrain, obstacles and objectives; after every action the invariants
// below must hold, and every game must end.

type soakPos struct {
	name  string
	specs []string
	objs  []Objective
}

func soakPositions() []soakPos {
	beach := specs(fill(row(8, 0, 24), "ocean"), fill(row(7, 0, 24), "ocean"), fill(row(6, 0, 24), "beach"),
		[]string{"5,5 bluff bunker", "5,11 bluff bunker", "5,17 bluff", "5,19 cliff", "5,21 cliff", "4,12 hill", "4,10 hill",
			"3,11 hill bunker", "6,10 beach hedgehog", "6,14 beach hedgehog", "5,9 wire", "5,15 wire", "6,4 beach seawall",
			"4,20 sandbags", "2,6 town", "2,16 church", "3,3 forest", "bunkers=axis", "victory=5,5", "cards=5,4",
			"allies inf 7,3", "allies inf 7,7", "allies inf 7,11", "allies inf 7,15", "allies inf 7,19 elite",
			"allies arm 8,4", "allies arm 8,12", "allies inf 6,8", "allies inf 6,16", "allies inf 6,20 elite", "allies art 8,20",
			"axis inf 5,5", "axis inf 5,11", "axis inf 5,17", "axis art 3,11", "axis arm 2,8", "axis inf 4,20",
			"axis inf 4,14", "axis arm 1,17", "axis inf 3,21"})
	bocage := specs(fill(row(4, 0, 24), "river"),
		[]string{"4,6 river bridge", "4,16 river bridge", "4,22 river bridge",
			"5,3 hedgerow", "5,5 hedgerow", "6,6 hedgerow", "5,13 hedgerow", "6,14 hedgerow", "3,9 hedgerow", "2,10 hedgerow",
			"6,10 town", "6,12 church", "2,14 town", "3,17 town", "5,19 forest", "6,20 forest", "2,2 forest",
			"7,9 wire", "3,13 sandbags", "victory=6,6", "cards=4,4", "first=axis",
			"allies inf 7,3", "allies inf 7,7 res", "allies inf 6,12", "allies inf 7,15", "allies arm 8,10 elite",
			"allies arm 7,19", "allies art 8,16", "allies inf 5,21 res", "allies inf 6,2",
			"axis inf 3,5", "axis inf 2,10", "axis inf 3,13", "axis arm 1,9", "axis arm 2,18", "axis art 1,13",
			"axis inf 3,17", "axis inf 2,22 elite", "axis inf 1,3"})
	hills := specs([]string{"top=allies", "first=axis", "victory=4,5", "cards=3,5",
		"3,7 hill", "3,9 hill", "4,8 hill", "2,8 hill", "4,14 steephill", "3,15 steephill", "5,15 hill", "2,18 mountain",
		"3,17 hill", "2,20 hill", "5,3 lake", "5,5 lake", "6,18 forest", "6,20 forest", "5,11 forest", "1,11 town",
		"4,2 cliff", "7,7 wire", "6,10 sandbags",
		"allies inf 3,7", "allies inf 2,8", "allies arm 1,13", "allies art 2,16", "allies inf 3,17 elite", "allies inf 1,21",
		"allies arm 0,4",
		"axis inf 7,5", "axis inf 6,10", "axis arm 7,13", "axis arm 8,18", "axis inf 6,22", "axis art 8,10", "axis inf 5,15"})
	return []soakPos{
		{"open field", []string{"victory=4,4", "cards=5,4",
			"4,4 forest", "4,12 town", "3,9 hill", "5,15 hedgerow", "4,20 river", "4,18 river bridge", "6,6 wire", "2,2 sandbags",
			"allies inf 7,1", "allies arm 7,5", "allies art 7,9", "allies inf 7,13", "allies arm 7,17", "allies art 7,21",
			"axis arm 1,1", "axis art 1,5", "axis inf 1,9", "axis arm 1,13", "axis art 1,17", "axis inf 1,21"}, nil},
		{"beach landing", beach, []Objective{
			{Kind: TemporaryMedal, Hexes: hexList("5,11"), Sides: MaskAllies, Medals: 1},
			{Kind: PermanentMedal, Hexes: hexList("3,11"), Sides: MaskAllies, Medals: 1},
		}},
		{"bocage", bocage, []Objective{
			{Kind: MajorityMedal, Hexes: hexList("6,10", "6,12", "2,14", "3,17"), Sides: MaskBoth, Medals: 1},
			{Kind: TemporaryMedal, Hexes: hexList("4,16"), Sides: MaskBoth, Medals: 1},
		}},
		{"hills", hills, []Objective{
			{Kind: SuddenDeath, Hexes: hexList("2,8", "3,9", "4,8"), Sides: MaskAxis, Count: 2},
			{Kind: PermanentMedal, Hexes: hexList("3,15"), Sides: MaskBoth, Medals: 1},
		}},
	}
}

func newSoakGame(tb testing.TB, p soakPos, seed uint64, fullDeck bool) *State {
	tb.Helper()
	sp := p.specs
	if fullDeck {
		sp = append(append([]string(nil), sp...), "deck=full")
	}
	s, _ := setupOf(tb, sp...)
	s.Objectives = p.objs
	st, err := New(s, seed)
	if err != nil {
		tb.Fatalf("%s: New: %v", p.name, err)
	}
	return st
}

// soakWatch keeps what the invariants need from one action to the next.
type soakWatch struct {
	figures []int8
	dead    []bool
	home    []int16 // setup position
	taken   []SideMask
}

func newSoakWatch(st *State) *soakWatch {
	w := &soakWatch{taken: make([]SideMask, len(st.Setup().Objectives))}
	for _, u := range st.units {
		w.figures = append(w.figures, u.figures)
		w.dead = append(w.dead, u.dead)
		w.home = append(w.home, u.pos)
	}
	w.notePermanent(st)
	return w
}

// notePermanent records permanent objectives occupied now by a side that may gain them.
func (w *soakWatch) notePermanent(st *State) {
	for k, o := range st.Setup().Objectives {
		if o.Kind != PermanentMedal || w.taken[k] != 0 {
			continue
		}
		for _, h := range o.Hexes {
			if u, ok := st.UnitAt(h); ok && o.Sides.Has(u.Side) {
				w.taken[k] = 1 << u.Side
			}
		}
	}
}

// check asserts every invariant after an action that produced evs; with
// allText, the text form of every legal action must round-trip too (slow).
func (w *soakWatch) check(tb testing.TB, st *State, evs []Event, fullDeck, allText bool) {
	tb.Helper()
	checkCards(tb, st)
	// Permanent objectives: a unit may have stopped on one during the action
	// (a retreat, then losses) and be gone by its end.
	for _, e := range evs {
		if e.Kind != EvUnitMoved && e.Kind != EvTookGround && e.Kind != EvRetreated {
			continue
		}
		for k, o := range st.Setup().Objectives {
			if o.Kind == PermanentMedal && w.taken[k] == 0 && o.Sides.Has(e.Side) {
				for _, h := range o.Hexes {
					if h == e.To {
						w.taken[k] = 1 << e.Side
					}
				}
			}
		}
	}
	w.notePermanent(st)
	g := st.Grid()
	alive := 0
	var dead [2]int
	for i := range st.units {
		u := &st.units[i]
		if w.dead[i] && !u.dead {
			tb.Fatalf("unit %d came back to life", i)
		}
		if u.dead {
			dead[u.side]++
			w.dead[i] = true
			continue
		}
		alive++
		if u.figures > w.figures[i] && !fullDeck {
			tb.Fatalf("unit %d figures %d -> %d", i, w.figures[i], u.figures)
		}
		if u.figures < 1 || u.figures > u.max {
			tb.Fatalf("unit %d has %d figures of %d", i, u.figures, u.max)
		}
		w.figures[i] = u.figures
		if int(st.occ[u.pos]) != i {
			tb.Fatalf("unit %d on %s but the hex holds %d", i, st.b.hexAt[u.pos], st.occ[u.pos])
		}
		if u.pos != w.home[i] && st.impassableFor(u.side, u.typ, u.pos) && !st.afloat(u) {
			tb.Fatalf("unit %d (%s) on impassable %s", i, u.typ, st.b.hexAt[u.pos])
		}
		if !g.Contains(st.b.hexAt[u.pos]) {
			tb.Fatalf("unit %d off the board", i)
		}
	}
	occupied := 0
	for i := 0; i < st.b.n; i++ {
		if st.occ[i] >= 0 {
			occupied++
		}
	}
	if occupied != alive {
		tb.Fatalf("%d hexes occupied by %d units", occupied, alive)
	}
	if k := st.Kills(); k[Allies] != dead[Axis] || k[Axis] != dead[Allies] {
		tb.Fatalf("kills %v but dead units %v", k, dead)
	}
	// Medals: kills plus objectives, capped at the victory number.
	obj := [2]int{}
	sudden := -1
	for k, o := range st.Setup().Objectives {
		var n [2]int
		for _, h := range o.Hexes {
			if u, ok := st.UnitAt(h); ok {
				n[u.Side]++
			}
		}
		switch o.Kind {
		case TemporaryMedal:
			for s := Allies; s <= Axis; s++ {
				if o.Sides.Has(s) && n[s] >= max(1, o.Count) {
					obj[s] += o.Medals
					break
				}
			}
		case MajorityMedal:
			for s := Allies; s <= Axis; s++ {
				if o.Sides.Has(s) && n[s] > n[s.Opp()] {
					obj[s] += o.Medals
				}
			}
		case PermanentMedal:
			for s := Allies; s <= Axis; s++ {
				if w.taken[k].Has(s) {
					obj[s] += o.Medals
				}
			}
		case SuddenDeath:
			for s := Allies; s <= Axis; s++ {
				if o.Sides.Has(s) && n[s] >= o.Count {
					sudden = int(s)
				}
			}
		}
	}
	vic := st.Victory()
	m := st.Medals()
	over, winner := st.Over()
	for s := Allies; s <= Axis; s++ {
		want := min(st.Kills()[s]+obj[s], vic[s])
		if m[s] != want && !(over && sudden >= 0) {
			tb.Fatalf("%s medals %d, want %d (kills %d + objectives %d, victory %d)", s, m[s], want, st.Kills()[s], obj[s], vic[s])
		}
	}
	legal := st.Legal()
	if over {
		if len(legal) != 0 {
			tb.Fatalf("legal actions after the end: %v", legal)
		}
		if m[winner] < vic[winner] && sudden != int(winner) {
			tb.Fatalf("%s won with %d of %d medals", winner, m[winner], vic[winner])
		}
		return
	}
	if len(legal) == 0 {
		tb.Fatalf("no legal action in phase %s", st.Phase())
	}
	for s := Allies; s <= Axis; s++ {
		if m[s] >= vic[s] {
			tb.Fatalf("%s has %d medals of %d and the game goes on", s, m[s], vic[s])
		}
	}
	if !allText {
		return
	}
	seen := map[Action]bool{}
	for _, a := range legal {
		if seen[a] {
			tb.Fatalf("legal action %s listed twice", a)
		}
		seen[a] = true
		checkText(tb, a)
	}
}

// checkText asserts that a's text form parses back to a.
func checkText(tb testing.TB, a Action) {
	tb.Helper()
	{
		p, err := ParseAction(a.String())
		if err != nil || p != a {
			tb.Fatalf("ParseAction(%q) = %+v, %v; want %+v", a.String(), p, err, a)
		}
		var u Action
		if b, _ := a.MarshalText(); u.UnmarshalText(b) != nil || u != a {
			tb.Fatalf("text round trip of %s gave %+v", a, u)
		}
	}
}

// randomIllegal tries an action that is not legal now: it must be refused
// and change nothing.
func randomIllegal(tb testing.TB, st *State, r *rng) {
	tb.Helper()
	hexes := st.Grid().Hexes()
	pick := func() hex.Hex { return hexes[r.intn(len(hexes))] }
	a := Action{Kind: ActionKind(1 + r.intn(int(numActionKinds)-1)), From: pick(), To: pick()}
	switch a.Kind {
	case ActPlay, ActKeep:
		a.From, a.To = hex.Hex{}, hex.Hex{}
		a.Card = CardID(r.intn(st.DeckSize()))
	case ActOrder, ActRemoveWire:
		a.To = hex.Hex{}
	case ActRetreat:
		a.Arg = uint8(r.intn(2))
	case ActMove, ActBattle, ActTakeGround, ActTarget:
	default:
		a.From, a.To = hex.Hex{}, hex.Hex{}
	}
	if a.Kind == ActTarget {
		a.From = hex.Hex{}
	}
	if st.IsLegal(a) {
		return
	}
	h := st.Hash()
	if _, err := st.Apply(a); err == nil {
		tb.Fatalf("illegal %s accepted in phase %s", a, st.Phase())
	}
	if st.Hash() != h {
		tb.Fatalf("illegal %s changed the state", a)
	}
}

func soakGames(t *testing.T, games int, fullDeck bool) {
	positions := soakPositions()
	for pi, p := range positions {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			total := 0
			for g := 0; g < games; g++ {
				seed := uint64(1000*pi + g + 1)
				st := newSoakGame(t, p, seed, fullDeck)
				w := newSoakWatch(st)
				w.check(t, st, nil, fullDeck, true)
				r := rng{seed * 31}
				for steps := 0; ; steps++ {
					if over, _ := st.Over(); over {
						total += steps
						break
					}
					if steps > 20000 {
						t.Fatalf("seed %d: no end after %d actions", seed, steps)
					}
					legal := st.Legal()
					a := legal[r.intn(len(legal))]
					if steps%13 == 0 {
						randomIllegal(t, st, &r)
					}
					if steps%50 == 0 {
						if c := st.Clone(); c.Hash() != st.Hash() {
							t.Fatalf("seed %d: a clone hashes differently", seed)
						}
						checkViewSecrets(t, st)
					}
					if steps%5 == 0 {
						checkText(t, a)
					}
					evs, err := st.Apply(a)
					if err != nil {
						t.Fatalf("seed %d: legal %s refused: %v", seed, a, err)
					}
					w.check(t, st, evs, fullDeck, steps%25 == 0)
				}
			}
			t.Logf("%d games, %.0f actions a game", games, float64(total)/float64(games))
		})
	}
}

func TestSoakInvariants(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 40
	}
	soakGames(t, games, false)
}

// The same invariants with the full 60-card deck (tactic cards may heal, so
// figures may rise there).
func TestSoakInvariantsFullDeck(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	soakGames(t, games, true)
}
