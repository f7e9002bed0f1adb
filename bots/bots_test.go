package bots

import (
	"context"
	"slices"
	"sort"
	"testing"

	"m44/hex"
	"m44/rules"
)

// tacticSetup is a hand-built battle whose deck is rich in the cards that
// open the rarer decision points: Ambush, Air Power, Barrage, Recon
// (keep), Counter-Attack, Close Assault, Medics, Their Finest Hour.
func tacticSetup() *rules.Setup {
	s := &rules.Setup{Name: "tactics", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{5, 5}}
	for c := 0; c <= 20; c += 4 {
		s.Units = append(s.Units, rules.UnitSetup{Hex: hex.Hex{Row: 6, Col: int8(c + 2)}, Type: rules.UnitType(c / 4 % 3), Side: rules.Allies})
		s.Units = append(s.Units, rules.UnitSetup{Hex: hex.Hex{Row: 4, Col: int8(c + 2)}, Type: rules.Infantry, Side: rules.Axis})
		s.Units = append(s.Units, rules.UnitSetup{Hex: hex.Hex{Row: 2, Col: int8(c + 2)}, Type: rules.UnitType((c/4 + 1) % 3), Side: rules.Axis})
	}
	s.Hexes = []rules.HexSetup{
		{Hex: hex.Hex{Row: 5, Col: 5}, Terrain: rules.Forest},
		{Hex: hex.Hex{Row: 3, Col: 9}, Terrain: rules.Hill},
		{Hex: hex.Hex{Row: 4, Col: 14}, Terrain: rules.Town},
		{Hex: hex.Hex{Row: 7, Col: 7}, Obstacle: rules.Wire},
		{Hex: hex.Hex{Row: 2, Col: 2}, Obstacle: rules.Sandbags},
	}
	s.Objectives = []rules.Objective{{Kind: rules.TemporaryMedal, Hexes: []hex.Hex{{Row: 3, Col: 9}}, Sides: rules.MaskAllies, Medals: 1}}
	var deck rules.Deck
	for _, k := range []rules.CardKind{rules.Ambush, rules.AirPower, rules.Barrage, rules.CounterAttack, rules.CloseAssault,
		rules.MedicsMechanics, rules.FinestHour, rules.ArmorAssault, rules.ArtilleryBombard, rules.BehindEnemyLines,
		rules.DigIn, rules.Firefight, rules.InfantryAssault, rules.MoveOut, rules.DirectFromHQ} {
		deck = append(deck, rules.Card{Kind: k}, rules.Card{Kind: k})
	}
	for sec := rules.Left; sec <= rules.Right; sec++ {
		deck = append(deck, rules.Card{Kind: rules.Recon, Section: sec}, rules.Card{Kind: rules.Recon, Section: sec},
			rules.Card{Kind: rules.Attack, Section: sec}, rules.Card{Kind: rules.Assault, Section: sec})
	}
	s.Deck = deck
	return s
}

// randomPositions plays random games on setup and calls visit at every
// decision point with a choice, until visit has been called n times.
func randomPositions(t testing.TB, setup *rules.Setup, seed uint64, n int, visit func(s *rules.State)) {
	t.Helper()
	r := NewRandom(seed)
	seen := 0
	for game := uint64(0); seen < n; game++ {
		s, err := rules.New(setup, seed*1000+game)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; steps < 5000 && seen < n; steps++ {
			if over, _ := s.Over(); over {
				break
			}
			p := NewPerspective(s, s.ToAct(), mix(seed, uint64(steps)))
			if len(p.Legal()) > 1 {
				visit(s)
				seen++
			}
			a, _ := r.Choose(context.Background(), p)
			s.Play(a)
		}
	}
}

// TestBotsAlwaysLegal asks every level for a decision in thousands of
// random positions of real scenarios and of a hand-built battle whose deck
// opens every kind of decision point, and checks each answer is legal.
func TestBotsAlwaysLegal(t *testing.T) {
	setups := map[string]*rules.Setup{"tactics": tacticSetup()}
	if !testing.Short() {
		for name, s := range playableScenarios(t, 4) {
			setups[name] = s
		}
	}
	var names []string
	for n := range setups {
		names = append(names, n)
	}
	sort.Strings(names)
	type level struct {
		name string
		make func(seed uint64) Bot
		n    int // positions per setup
	}
	levels := []level{
		{"random", func(seed uint64) Bot { return NewRandom(seed) }, 300},
		{"easy", func(seed uint64) Bot { return NewGreedy(seed) }, 1000},
		{"medium", func(seed uint64) Bot { b, _ := New("medium", seed, Options{Iterations: 2}); return b }, 120},
		{"hard", func(seed uint64) Bot { b, _ := New("hard", seed, Options{Iterations: 2, Workers: 2}); return b }, 60},
		{"mcts", func(seed uint64) Bot { return NewMCTS("mcts", seed, MCTSConfig{Iterations: 12, Reply: true}) }, 100},
		{"mcts-turn", func(seed uint64) Bot { return NewMCTS("mcts", seed, MCTSConfig{Iterations: 16, Workers: 2, Turns: 1}) }, 60},
	}
	phases := map[rules.Phase]int{}
	total := 0
	for _, name := range names {
		for li, lv := range levels {
			bot := lv.make(uint64(li + 1))
			n := lv.n
			if testing.Short() {
				n /= 4
			}
			randomPositions(t, setups[name], uint64(li+7), n, func(s *rules.State) {
				side := s.ToAct()
				p := NewPerspective(s, side, uint64(total))
				a, err := bot.Choose(context.Background(), p)
				if err != nil {
					t.Fatalf("%s %s: %v", name, lv.name, err)
				}
				if !s.IsLegal(a) {
					t.Fatalf("%s %s: illegal %q in phase %s (legal %v)", name, lv.name, a, s.Phase(), s.Legal())
				}
				phases[s.Phase()]++
				total++
			})
		}
	}
	t.Logf("%d decisions checked; by phase: %v", total, phases)
	for _, ph := range []rules.Phase{rules.PhaseCard, rules.PhaseOrder, rules.PhaseMove, rules.PhaseBattle, rules.PhaseRetreat,
		rules.PhaseTakeGround, rules.PhaseKeep, rules.PhaseTarget, rules.PhaseAmbush} {
		if phases[ph] == 0 {
			t.Errorf("no decision checked in phase %s", ph)
		}
	}
}

// forcedWinState is the allies' battle step in a position where one
// battle wins: the allies hold an objective worth a medal and need 2, and
// one of the axis units in range has a single figure left; the other is at
// full strength.
func forcedWinState(t testing.TB) (*rules.State, rules.Action) {
	t.Helper()
	s := &rules.Setup{Name: "forced", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{2, 2}, Victory: [2]int{2, 5}}
	me := hex.Hex{Row: 5, Col: 11}
	weak := hex.Hex{Row: 4, Col: 12}
	strong := hex.Hex{Row: 4, Col: 10}
	s.Units = []rules.UnitSetup{
		{Hex: me, Type: rules.Infantry, Side: rules.Allies},
		{Hex: hex.Hex{Row: 8, Col: 2}, Type: rules.Infantry, Side: rules.Allies},
		{Hex: weak, Type: rules.Infantry, Side: rules.Axis, Figures: 1},
		{Hex: strong, Type: rules.Armor, Side: rules.Axis},
		{Hex: hex.Hex{Row: 0, Col: 20}, Type: rules.Artillery, Side: rules.Axis},
	}
	// The weak unit cannot retreat: its way back is blocked.
	s.Hexes = []rules.HexSetup{
		{Hex: hex.Hex{Row: 3, Col: 11}, Terrain: rules.Lake},
		{Hex: hex.Hex{Row: 3, Col: 13}, Terrain: rules.Lake},
	}
	s.Objectives = []rules.Objective{{Kind: rules.TemporaryMedal, Hexes: []hex.Hex{{Row: 8, Col: 2}}, Sides: rules.MaskAllies, Medals: 1}}
	s.Deck = rules.Deck{{Kind: rules.DirectFromHQ}, {Kind: rules.DirectFromHQ}, {Kind: rules.DirectFromHQ},
		{Kind: rules.DirectFromHQ}, {Kind: rules.DirectFromHQ}, {Kind: rules.DirectFromHQ}}
	st, err := rules.New(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	if m := st.Medals(); m[rules.Allies] != 1 {
		t.Fatalf("medals %v, want the allies at 1", m)
	}
	steps := []rules.Action{{Kind: rules.ActPlay, Card: st.Hand(rules.Allies)[0]}, {Kind: rules.ActOrder, From: me},
		{Kind: rules.ActEndOrders}, {Kind: rules.ActEndMoves}}
	for _, a := range steps {
		if _, err := st.Apply(a); err != nil {
			t.Fatalf("setting up: %v", err)
		}
	}
	if st.Phase() != rules.PhaseBattle {
		t.Fatalf("phase %s, want battle", st.Phase())
	}
	win := rules.Action{Kind: rules.ActBattle, From: me, To: weak}
	if !slices.Contains(st.Legal(), win) || !slices.Contains(st.Legal(), rules.Action{Kind: rules.ActBattle, From: me, To: strong}) {
		t.Fatalf("legal %v: want battles on both axis units", st.Legal())
	}
	return st, win
}

func TestFindsForcedWin(t *testing.T) {
	st, win := forcedWinState(t)
	for _, level := range []string{"easy", "medium", "hard"} {
		for seed := uint64(1); seed <= 3; seed++ {
			b, err := New(level, seed, Options{Iterations: 24})
			if err != nil {
				t.Fatal(err)
			}
			a, err := b.Choose(context.Background(), NewPerspective(st, rules.Allies, seed))
			if err != nil {
				t.Fatal(err)
			}
			if a != win {
				t.Errorf("%s seed %d: chose %q, want the winning %q", level, seed, a, win)
			}
		}
	}
}

// TestPerspectiveHidesOtherHand: over many random positions, a
// perspective's view shows the side's own hand and only the size of the
// other, and its determinizations redeal the other hand.
func TestPerspectiveHidesOtherHand(t *testing.T) {
	checked, varied := 0, 0
	randomPositions(t, tacticSetup(), 3, 400, func(s *rules.State) {
		for side := rules.Allies; side <= rules.Axis; side++ {
			opp := side.Opp()
			p := NewPerspective(s, side, uint64(checked))
			v := p.View()
			var own []rules.CardID
			for _, c := range v.Hand {
				own = append(own, c.ID)
			}
			if !sameCards(own, s.Hand(side)) {
				t.Fatalf("view hand %v, true hand %v", own, s.Hand(side))
			}
			if v.OtherHand != len(s.Hand(opp)) {
				t.Fatalf("view says the other hand has %d cards, it has %d", v.OtherHand, len(s.Hand(opp)))
			}
			if v.Choice != nil && !(s.Phase() == rules.PhaseKeep && s.Active() == side) {
				t.Fatalf("view shows the other side's Recon choice")
			}
			truth := s.Hand(opp)
			differs := false
			for k := uint64(0); k < 8; k++ {
				d := p.Determinize(k)
				if !sameCards(d.Hand(side), s.Hand(side)) {
					t.Fatalf("a determinization changed the side's own hand")
				}
				if len(d.Hand(opp)) != len(truth) {
					t.Fatalf("a determinization changed the other hand's size")
				}
				if !sameCards(d.Hand(opp), truth) {
					differs = true
				}
			}
			checked++
			if differs {
				varied++
			}
		}
	})
	if varied < checked*9/10 {
		t.Errorf("the other hand was redealt in only %d of %d perspectives", varied, checked)
	}
}

func sameCards(a, b []rules.CardID) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestBotsDeterministic: the same seed and iteration budget give the same
// decisions.
func TestBotsDeterministic(t *testing.T) {
	for _, level := range []string{"easy", "medium", "hard"} {
		var runs [2][]rules.Action
		for r := 0; r < 2; r++ {
			b, _ := New(level, 42, Options{Iterations: 4, Playouts: 64, Time: NoCap, Workers: 2})
			randomPositions(t, tacticSetup(), 9, 60, func(s *rules.State) {
				a, _ := b.Choose(context.Background(), NewPerspective(s, s.ToAct(), 7))
				runs[r] = append(runs[r], a)
			})
		}
		if !slices.Equal(runs[0], runs[1]) {
			t.Errorf("%s: two runs with the same seed chose differently", level)
		}
	}
}

// TestEasyBeatsRandom is a smoke check of strength on the hand-built battle.
func TestEasyBeatsRandom(t *testing.T) {
	wins := 0
	for g := 0; g < 10; g++ {
		side := rules.Side(g % 2)
		var b [2]Bot
		b[side], b[side.Opp()] = NewGreedy(uint64(g)), NewRandom(uint64(g))
		s, _ := playGame(t, tacticSetup(), b, uint64(g), 5000)
		if over, w := s.Over(); over && w == side {
			wins++
		}
	}
	if wins < 8 {
		t.Errorf("easy won %d of 10 against random", wins)
	}
}
