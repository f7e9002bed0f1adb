package rules

// The command deck, every numbered FAQ ruling on cards in command-cards.md
// §4 (a test per ruling that concerns the base game, a skip with the reason
// for the others), the engine's choices on the open questions
// (docs/rules-decisions.md), air superiority (rulebook annex 4) and the young
// players' variant (rulebook annex 5).

import (
	"fmt"
	"slices"
	"testing"
)

// command-cards.md §2: the 20 tactic cards and their copies (the section
// cards are counted in deck_test.go).
func TestTacticCardCopies(t *testing.T) {
	want := map[string]int{
		"air-power": 1, "ambush": 1, "armor-assault": 2, "artillery-bombard": 1, "barrage": 1,
		"behind-enemy-lines": 1, "close-assault": 1, "counter-attack": 2, "dig-in": 1, "direct-from-hq": 2,
		"firefight": 1, "infantry-assault": 2, "medics-mechanics": 1, "move-out": 2, "their-finest-hour": 1,
	}
	got := map[string]int{}
	for _, c := range StandardDeck() {
		if c.Kind.Tactic() {
			got[c.Name()]++
		}
	}
	for n, k := range want {
		if got[n] != k {
			t.Errorf("%s: %d copies, want %d", n, got[n], k)
		}
		if c, ok := CardByName(n); !ok || !c.Kind.Tactic() || c.Name() != n {
			t.Errorf("CardByName(%q) = %v, %v", n, c, ok)
		}
	}
	if len(got) != len(want) {
		t.Errorf("tactic kinds %v", got)
	}
}

// rulebook annex 4: the side with air superiority by theatre and year.
func TestAirSuperiorityTable(t *testing.T) {
	const A, X, N = "allies", "axis", "-"
	table := map[string][7]string{
		"WESTERN":       {X, X, X, X, X, A, A},
		"EASTERN":       {X, X, X, X, N, N, N},
		"PACIFIC":       {X, X, X, X, N, A, A},
		"MEDITERRANEAN": {N, X, X, N, N, A, A},
	}
	for front, row := range table {
		for k, want := range row {
			side, ok := AirSuperiority(front, 1939+k)
			got := N
			if ok {
				got = side.String()
			}
			if got != want {
				t.Errorf("%s %d: %s, want %s", front, 1939+k, got, want)
			}
		}
	}
	// Theatres and years outside the table: the base game (Western front 1944).
	for _, c := range []struct {
		front string
		year  int
	}{{"", 0}, {"ARCTIC", 1944}, {"WESTERN", 1938}, {"WESTERN", 1946}} {
		if side, ok := AirSuperiority(c.front, c.year); !ok || side != Allies {
			t.Errorf("%q %d: %s %v", c.front, c.year, side, ok)
		}
	}
}

// --- FAQ rulings (command-cards.md §4) ---------------------------------

// TestFAQCardRulings runs, for each numbered ruling, the test that checks
// it, or skips it when it concerns only expansions, other theatres or
// special scenario rules the engine does not model.
func TestFAQCardRulings(t *testing.T) {
	type ruling struct {
		n    int
		test func(*testing.T)
		skip string
	}
	skip := func(n int, why string) ruling { return ruling{n: n, skip: why} }
	run := func(n int, tests ...func(*testing.T)) ruling {
		return ruling{n: n, test: func(t *testing.T) {
			for _, f := range tests {
				f(t)
			}
		}}
	}
	rulings := []ruling{
		run(1, testRuling1, TestNoCardPassesToTheDraw),
		run(2, TestTypedCardFallbacks, TestFallbackAfterTheTypeIsEliminated),
		run(3, testRuling3),
		skip(4, "landing craft (Pacific expansion) — no issue yet"),
		skip(5, "US Marines Gung-Ho (Pacific expansion) — no issue yet"),
		skip(6, "Red Army commissar (Eastern Front expansion) — no issue yet"),
		skip(7, "Field HQ capture (scenario special rule) — no issue yet"),
		skip(8, "Overlord — no issue yet"),
		skip(9, "Breakthrough decks — no issue yet"),
		skip(10, "reinforcements (Mer d'Azov scenario rule) — no issue yet"),
		skip(11, "Market Garden card rule (scenario) — no issue yet"),
		run(12, TestAirPowerOneHexIgnoresTerrain, TestAirPowerFourHexGroup),
		run(13, testRuling13),
		run(14, testCounterAttackAirPower),
		run(15, TestAirPowerFlagInBunker),
		skip(16, "Japanese infantry (Pacific expansion) — no issue yet"),
		skip(17, "snipers (expansion unit) — no issue yet"),
		skip(18, "trains (expansion unit) — no issue yet"),
		skip(19, "air rules (Air Pack) — no issue yet"),
		skip(20, "Overlord with the air rules — no issue yet"),
		run(21, TestAirRaidHill317), // the Lüttich part; Blitz air raids come with the Blitz rules
		run(22, TestAmbushRetreatLosesTheAttack, TestAmbushBlockedRetreatThenAttack),
		run(23, TestAmbushKeptForALaterAssault),
		run(24, TestAmbushNotCountered),
		run(25, TestAmbushEliminatesAttacker),
		skip(26, "camouflage (Pacific expansion) — no issue yet"),
		skip(27, "Brandenburgers (expansion unit) — no issue yet"),
		skip(28, "aircraft on the ground (Air Pack) — no issue yet"),
		skip(29, "Red Army commissar (Eastern Front expansion) — no issue yet"),
		run(30, TestArmorAssaultOverrun),
		skip(31, "flame-thrower tanks (expansion unit) — no issue yet"),
		skip(32, "destroyers (expansion unit) — no issue yet"),
		run(33, TestArtilleryBombard),
		run(34, TestArtilleryBombard, TestArtilleryBombardSameTargetTwice, TestArtilleryBombardOneUnitAtATime),
		skip(35, "roads (Terrain Pack) — issue 16, Winter Wars and the Terrain Pack"),
		run(36, testRuling36),
		skip(37, "Overlord — no issue yet"),
		run(38, TestBehindEnemyLinesTerrain, TestBehindEnemyLinesBattleRestrictions),
		run(39, TestBehindEnemyLinesTerrain),
		run(40, TestBehindEnemyLinesBattleRestrictions),
		run(41, TestBehindEnemyLines),
		run(42, TestBehindEnemyLinesBattleRestrictions),
		run(43, TestBehindEnemyLinesTerrain),
		skip(44, "jungle (Pacific expansion) — no issue yet"),
		skip(45, "Japanese caves (Pacific expansion) — no issue yet"),
		skip(46, "US Marines (Pacific expansion) — no issue yet"),
		skip(47, "snipers (expansion unit) — no issue yet"),
		skip(48, "Equipment (expansion) — issue 16, Winter Wars and the Terrain Pack"),
		run(49, testRuling49),
		run(50, testRuling50),
		run(51, testRuling51),
		run(52, TestCloseAssault),
		run(53, TestCounterAttackMirrors, testCounterAttackAirPower),
		run(54, TestCounterAttackReconAndChain),
		run(55, TestCounterAttackReconAndChain, TestAmbushNotCountered),
		run(56, TestAirRaidHill317),
		skip(57, "Air Sorties (Air Pack) — no issue yet"),
		skip(58, "Red Army commissar in Overlord — no issue yet"),
		run(59, TestDigIn),
		run(60, TestDigInLimits),
		run(61, testRuling61),
		run(62, testRuling62),
		run(63, testRuling63),
		skip(64, "planes (Air Pack) — no issue yet"),
		run(65, TestFirefight),
		run(66, TestFirefightEnemyBecomesAdjacent),
		skip(67, "destroyers (expansion unit) — no issue yet"),
		run(68, TestInfantryAssaultFallback),
		skip(69, "roads (Terrain Pack) — issue 16, Winter Wars and the Terrain Pack"),
		skip(70, "engineers and minefields (expansion) — issue 16, Winter Wars and the Terrain Pack"),
		skip(71, "Equipment (expansion) — issue 16, Winter Wars and the Terrain Pack"),
		skip(72, "trains, destroyers, carriers (expansion units) — no issue yet"),
		skip(73, "Brandenburgers (expansion unit) — no issue yet"),
		skip(74, "US Marines (Pacific expansion) — no issue yet"),
		run(75, TestTypedCardFallbacks),
		run(76, TestPegasusBridgeReconThenExtraCard),
		skip(77, "Air Sorties (Air Pack) — no issue yet"),
		skip(78, "Storch and Air Sorties (Air Pack) — no issue yet"),
		run(79, TestAirRaidHill317),
		run(80, TestAirRaidHill317),
		skip(81, "Overlord — no issue yet"),
		skip(82, "Red Army commissar (Eastern Front expansion) — no issue yet"),
		skip(83, "blowing bridges (scenario action) — issue 17, bridges and rivers"),
		skip(84, "pontoon bridges (scenario action) — issue 16, Winter Wars and the Terrain Pack"),
		run(85, TestTheirFinestHour, TestTheirFinestHourNothing, TestTheirFinestHourInfantrySymbol),
		run(86, TestTheirFinestHourReshuffle),
		run(87, TestTheirFinestHourOverrun),
		skip(88, "planes (Air Pack) — no issue yet"),
	}
	for k, r := range rulings {
		if r.n != k+1 {
			t.Fatalf("ruling table out of order at %d", r.n)
		}
	}
	if len(rulings) != 88 {
		t.Fatalf("%d rulings", len(rulings))
	}
	for _, r := range rulings {
		t.Run(fmt.Sprintf("ruling-%02d", r.n), func(t *testing.T) {
			if r.test == nil {
				t.Skip("expansion or scenario rule (the issue area that covers it): " + r.skip)
			}
			r.test(t)
		})
	}
}

// Ruling 1: a section card where the side has no unit orders nothing; the
// player still draws and his turn ends (a legal pass).
func testRuling1(t *testing.T) {
	g := tcStart(t, "allies inf 7,3", "axis inf 0,0")
	g.hand(Allies, "probe-right", "probe-left", "attack-left", "attack-right", "probe-center")
	g.play("probe-right")
	if g.s.Active() != Axis || len(g.all(EvUnitOrdered)) != 0 || len(g.s.Hand(Allies)) != 5 {
		t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
	}
	if d := g.all(EvCardDrawn); len(d) != 1 || d[0].Side != Allies {
		t.Fatalf("draws %v", d)
	}
}

// Ruling 3: starting hands are dealt at random (from the game's seed).
func testRuling3(t *testing.T) {
	st := tcSetup(t, "allies inf 7,3", "axis inf 0,0")
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := New(st, seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := tcCardsConserved(s); err != nil {
			t.Fatal(err)
		}
		h := s.Hand(Allies)
		if len(h) != 5 || len(s.Hand(Axis)) != 5 {
			t.Fatalf("hands %d %d", len(h), len(s.Hand(Axis)))
		}
		slices.Sort(h)
		seen[fmt.Sprint(h)] = true
		again, _ := New(st, seed)
		a := again.Hand(Allies)
		slices.Sort(a)
		if !slices.Equal(a, h) {
			t.Fatal("the same seed deals different hands")
		}
	}
	if len(seen) < 18 {
		t.Fatalf("only %d different hands in 20 deals", len(seen))
	}
}

// Ruling 13: each hex rolls its own dice: four infantry symbols over four
// hexes are one loss per unit (the Axis rolls 1 die per hex in 1944).
func testRuling13(t *testing.T) {
	g := tcStart(t, "first=axis", "allies inf 5,9", "allies inf 5,11", "allies inf 6,10", "allies inf 6,12", "axis inf 0,0")
	g.hand(Axis, "air-power", "probe-left")
	g.play("air-power")
	g.dice("inf inf inf inf")
	g.aim("5,9", "5,11", "6,10", "6,12")
	for _, h := range []string{"5,9", "5,11", "6,10", "6,12"} {
		g.figures(h, 3)
	}
	g.diceUsed()
}

// Ruling 36: Barrage flags cannot be ignored, even in a bunker.
func testRuling36(t *testing.T) {
	g := tcStart(t, "allies inf 8,12", "axis inf 3,9", "3,9 bunker")
	g.hand(Allies, "barrage", "probe-left")
	g.play("barrage")
	g.dice("flag star star star")
	g.aim("3,9")
	g.wantLegal("retreat 3,9 2,8", "retreat 3,9 2,10")
}

// Ruling 49: only units adjacent to an enemy when Close Assault is played
// are ordered; one that an enemy retreats next to later cannot battle.
func testRuling49(t *testing.T) {
	g := tcStart(t, "allies inf 5,9", "allies inf 2,12", "axis inf 4,10", "axis inf 3,9")
	g.hand(Allies, "close-assault", "probe-left")
	g.play("close-assault")
	g.wantOrdered("5,9")
	g.dice("flag star star star")
	g.do("battle 5,9 4,10") // 3,9 is taken: the retreat goes to 3,11, next to 2,12
	g.unit("3,11")
	g.do("skip") // no take ground
	if g.s.Active() != Axis || len(g.all(EvBattle)) != 1 {
		t.Fatalf("2,12 battled or the turn goes on: %s", evString(g.log))
	}
}

// Ruling 50: an ordered unit whose only neighbour retreated can no longer
// battle (Close Assault battles adjacent units only).
func testRuling50(t *testing.T) {
	g := tcStart(t, "allies inf 5,9", "allies inf 5,11", "axis inf 4,10")
	g.hand(Allies, "close-assault", "probe-left")
	g.play("close-assault")
	g.wantOrdered("5,9", "5,11")
	g.dice("flag star star star")
	g.do("battle 5,9 4,10")
	g.do("retreat 4,10 3,11")
	g.do("skip")
	if g.s.Active() != Axis || len(g.all(EvBattle)) != 1 {
		t.Fatalf("5,11 battled or the turn goes on: %s", evString(g.log))
	}
}

// Ruling 51: an ordered unit may attack any enemy adjacent when it battles,
// one that retreated next to it included.
func testRuling51(t *testing.T) {
	g := tcStart(t, "allies inf 5,9", "allies inf 3,13", "axis inf 4,10", "axis inf 3,9", "axis inf 2,14")
	g.hand(Allies, "close-assault", "probe-left")
	g.play("close-assault")
	g.wantOrdered("3,13", "5,9")
	g.dice("flag star star star")
	g.do("battle 5,9 4,10")
	g.unit("3,11")
	g.do("skip")
	g.wantKind("battle", "battle 3,13 2,14", "battle 3,13 3,11")
	g.dice("star star star star")
	g.do("battle 3,13 3,11")
	if d := battleDiceOf(g.evs); d != 4 {
		t.Fatalf("dice %d", d)
	}
}

// Ruling 61 (FAQ II Terrains "Sacs de sable"): sandbags go anywhere but
// impassable terrain, fords and the sea; bridges, bunkers, hedgehogs and
// wire take them too (the new rulebook excludes only ocean: decision 11).
// The obstacle stays beside them.
func testRuling61(t *testing.T) {
	g := tcStart(t, "allies inf 7,1", "7,1 river bridge", "allies inf 7,5", "7,5 bunker", "allies inf 7,9", "7,9 hedgehog",
		"allies inf 7,13", "7,13 wire", "allies inf 7,17", "7,17 ocean", "axis inf 0,0")
	g.hand(Allies, "dig-in", "probe-left")
	g.play("dig-in")
	for _, h := range []string{"7,1", "7,5", "7,9", "7,13"} {
		g.do("order " + h)
	}
	want := map[string][]Feature{"7,1": {Bridge, Sandbags}, "7,5": {Bunker, Sandbags}, "7,9": {Hedgehog, Sandbags},
		"7,13": {Wire, Sandbags}, "7,17": nil}
	for h, w := range want {
		if got := g.s.Features(H(h)); !slices.Equal(got, w) {
			t.Errorf("%s: %v, want %v", h, got, w)
		}
	}
	g = tcStart(t, "allies inf 7,17", "7,17 ocean", "axis inf 0,0")
	g.hand(Allies, "dig-in", "probe-left")
	g.play("dig-in")
	g.do("order 7,17")
	if fs := g.s.Features(H("7,17")); len(fs) != 0 {
		t.Errorf("sandbags on the ocean: %v", fs)
	}
	t.Run("wire and sandbags", testRuling61WireAndSandbags)
	t.Run("hedgehog and sandbags", testRuling61HedgehogAndSandbags)
}

// digInOn: the Allied infantry on 5,9 (with the given hex specs) digs in;
// the Axis infantry on 4,10 then attacks it with the given dice.
func digInOn(t *testing.T, spec, dice string) *tcGame {
	t.Helper()
	g := tcStart(t, "allies inf 5,9", "5,9 "+spec, "axis inf 4,10")
	g.hand(Allies, "dig-in", "probe-left")
	g.play("dig-in")
	g.do("order 5,9")
	if !g.s.hasFeature(int16(g.s.b.grid.Index(H("5,9"))), Sandbags) || g.s.Active() != Axis {
		t.Fatal("no sandbags")
	}
	g.hand(Axis, "probe-center", "probe-left")
	g.toBattle("probe-center", "4,10")
	g.dice(dice)
	g.do("battle 4,10 5,9")
	return g
}

// FAQ II Terrains "Sacs de sable" and rulebook annex 2 "Obstacles": in wire
// with sandbags, the protections do not add up (3 dice - 1) and one flag at
// most is ignored; the sandbags go with their unit (ruling 63), the wire stays.
func testRuling61WireAndSandbags(t *testing.T) {
	g := digInOn(t, "wire", "flag flag")
	if d := battleDiceOf(g.evs); d != 2 {
		t.Fatalf("dice %d, want 3-1", d)
	}
	// Two flags: one may be ignored, never both.
	g.wantLegal("retreat 5,9 7,7", "retreat 5,9 7,9", "retreat 5,9 7,11", "retreat 5,9 6,8 ignore", "retreat 5,9 6,10 ignore")
	g.do("retreat 5,9 6,10 ignore")
	if fs := g.s.Features(H("5,9")); !slices.Equal(fs, []Feature{Wire}) {
		t.Fatalf("5,9 after the retreat: %v, want the wire alone", fs)
	}
}

// FAQ II Terrains "Sacs de sable" and annex 2 "Obstacles antichars": a
// hedgehog and sandbags each let infantry ignore a flag; together, still one.
func testRuling61HedgehogAndSandbags(t *testing.T) {
	g := digInOn(t, "hedgehog", "flag flag")
	if d := battleDiceOf(g.evs); d != 2 {
		t.Fatalf("dice %d, want 3-1 (the sandbags' protection)", d)
	}
	g.wantLegal("retreat 5,9 7,7", "retreat 5,9 7,9", "retreat 5,9 7,11", "retreat 5,9 6,8 ignore", "retreat 5,9 6,10 ignore")
}

// digInThenAttack: the Allied infantry in a town on 5,9 digs in; the Axis
// infantry on 4,10 then attacks it with the given dice.
func digInThenAttack(t *testing.T, wound int, dice string) *tcGame {
	g := tcStart(t, "allies inf 5,9", "5,9 town", "axis inf 4,10")
	if wound > 0 {
		g.wound("5,9", wound)
	}
	g.hand(Allies, "dig-in", "probe-left")
	g.play("dig-in")
	g.do("order 5,9")
	if g.s.ObstacleAt(H("5,9")) != Sandbags || g.s.Active() != Axis {
		t.Fatal("no sandbags")
	}
	g.hand(Axis, "probe-center", "probe-left")
	g.toBattle("probe-center", "4,10")
	g.dice(dice)
	g.do("battle 4,10 5,9")
	return g
}

// Ruling 62: sandbags in a town do not lower the dice further, but let the
// unit ignore a flag.
func testRuling62(t *testing.T) {
	g := digInThenAttack(t, 0, "flag star")
	if d := battleDiceOf(g.evs); d != 2 {
		t.Fatalf("dice %d, want 3-1", d)
	}
	g.wantLegal("retreat 5,9 6,8", "retreat 5,9 6,10", "retreat 5,9 5,9 ignore")
}

// Ruling 63: sandbags go when their unit retreats or is eliminated.
func testRuling63(t *testing.T) {
	g := digInThenAttack(t, 0, "flag star")
	g.do("retreat 5,9 6,10")
	if g.s.ObstacleAt(H("5,9")) != NoObstacle {
		t.Fatal("sandbags stayed after the retreat")
	}
	g = digInThenAttack(t, 3, "inf star")
	g.empty("5,9")
	if g.s.ObstacleAt(H("5,9")) != NoObstacle {
		t.Fatal("sandbags stayed after the elimination")
	}
}

// --- The engine's decisions (docs/rules-decisions.md) ------------------

// TestCardDecisions runs the test of each choice the engine made on an open
// question about cards (command-cards.md §8, docs/rules-decisions.md).
func TestCardDecisions(t *testing.T) {
	decisions := []struct {
		name  string
		tests []func(*testing.T)
	}{
		{"5 air power group", []func(*testing.T){TestAirPowerFourHexGroup}},
		{"6 infantry assault fallback anywhere", []func(*testing.T){TestInfantryAssaultFallback}},
		{"7 counter-attack on the first turn", []func(*testing.T){TestCounterAttackFirstTurn}},
		{"7 counter-attack of finest hour and medics", []func(*testing.T){TestCounterAttackHandCounts}},
		{"7 counter-attack in team play", []func(*testing.T){TestTeamCounterAttack}},
		{"8 ambush against an overrun, its dice", []func(*testing.T){TestAmbushOverrunAndDice}},
		{"8 ambush when the unit cannot fire back", []func(*testing.T){TestAmbushNotOfferedWithoutDice}},
		{"9 medics with no damaged unit", []func(*testing.T){TestMedicsNoDamagedUnit}},
		{"11 dig in on obstacles", []func(*testing.T){TestDigInLimits, testRuling61}},
		{"close assault and the overrun", []func(*testing.T){TestCloseAssaultOverrunAdjacentOnly, TestCloseAssault}},
		{"ambush or uncopiable counter-attack as the only cards", []func(*testing.T){testGiveUpCards}},
	}
	for _, d := range decisions {
		t.Run(d.name, func(t *testing.T) {
			for _, f := range d.tests {
				f(t)
			}
		})
	}
}

// Decision: with only an Ambush (or a Counter-Attack with nothing to copy)
// in hand, the card may be given up as the turn's card, for no effect; with
// another card, it is not offered.
func testGiveUpCards(t *testing.T) {
	g := tcStart(t, "allies inf 7,3", "allies inf 5,9", "axis inf 4,10")
	g.hand(Allies, "ambush", "counter-attack")
	ids := g.s.Hand(Allies)
	g.wantLegal(fmt.Sprintf("play %d", ids[0]), fmt.Sprintf("play %d", ids[1]))
	g.do(fmt.Sprintf("play %d", ids[0]))
	if g.s.Active() != Axis || len(g.all(EvUnitOrdered)) != 0 || !slices.Contains(g.s.Discards(), ids[0]) {
		t.Fatalf("active %s, events %s", g.s.Active(), evString(g.log))
	}
	// With another card in hand, the Ambush is no turn card.
	g.hand(Axis, "probe-center", "ambush")
	pc := g.s.Hand(Axis)[0]
	g.wantLegal(fmt.Sprintf("play %d", pc))
}

// --- Young players' variant (rulebook annex 5) -------------------------

// rulebook annex 5 "Variante pour les plus jeunes joueurs": section cards
// only, 6 cards to each player, and optionally no take ground or overrun.
func TestYoungPlayers(t *testing.T) {
	specs := []string{"allies arm 5,9", "axis inf 4,10 fig=1", "axis inf 3,11", "axis inf 0,0"}
	base := tcSetup(t, specs...)
	for _, noTG := range []bool{false, true} {
		t.Run(fmt.Sprint("no take ground ", noTG), func(t *testing.T) {
			y := base.YoungPlayers(noTG)
			if base.Deck != nil || base.Cards != [2]int{5, 5} || base.NoTakeGround {
				t.Fatal("YoungPlayers changed the original setup")
			}
			if y.Cards != [2]int{6, 6} || len(y.Deck) != 40 || y.NoTakeGround != noTG {
				t.Fatalf("young setup: cards %v, deck %d", y.Cards, len(y.Deck))
			}
			s, err := New(y, 3)
			if err != nil {
				t.Fatal(err)
			}
			if s.DeckSize() != 40 || len(s.Hand(Allies)) != 6 || len(s.Hand(Axis)) != 6 || s.DrawPileSize() != 28 {
				t.Fatalf("deck %d, hands %d %d", s.DeckSize(), len(s.Hand(Allies)), len(s.Hand(Axis)))
			}
			for id := 0; id < s.DeckSize(); id++ {
				if s.Card(CardID(id)).Kind.Tactic() {
					t.Fatalf("tactic card %s in the young players' deck", s.Card(CardID(id)).Name())
				}
			}
			g := tcNew(t, y)
			g.toBattle("probe-center", "5,9")
			g.dice("inf star star")
			g.do("battle 5,9 4,10")
			g.empty("4,10")
			if takes := g.s.Phase() == PhaseTakeGround; takes == noTG {
				t.Fatalf("phase %s with no take ground %v", g.s.Phase(), noTG)
			}
			if !noTG {
				g.do("take-ground 5,9 4,10")
				g.wantPhase(PhaseOverrun)
			}
		})
	}
	// Annex 5 with the Operation Alliance teams: each player of a team of
	// two holds max(1, 6-2) = 4 cards and the team a shared card; hands
	// keep that size turn after turn and only section cards ever come.
	t.Run("teams", func(t *testing.T) {
		y := base.YoungPlayers(false)
		y.Players = [2]int{2, 2}
		g := tcNew(t, y)
		turns := 0
		for ; turns < 12 && g.s.Phase() != PhaseOver; turns++ {
			for side := Allies; side <= Axis; side++ {
				for p := 0; p < 2; p++ {
					if n := len(g.s.HandOf(side, p)); n != 4 {
						t.Fatalf("turn %d: %s player %d holds %d cards, want 4", g.s.Turn(), side, p, n)
					}
					for _, c := range g.s.HandOf(side, p) {
						if g.s.Card(c).Kind.Tactic() {
							t.Fatalf("tactic card %s in a young player's hand", g.s.Card(c).Name())
						}
					}
				}
				if g.s.Shared(side) == NoCard {
					t.Fatalf("turn %d: %s has no shared card", g.s.Turn(), side)
				}
			}
			g.endTurn()
			g.checkCards()
		}
		if turns != 12 {
			t.Fatalf("the game ended after %d turns without a battle", turns)
		}
	})
}

// rulebook annex 5: "once a child knows the game, you may add tactic cards
// gradually: start with the simplest, such as Direct from HQ and Dig In,
// and finish with the most complex, such as Behind Enemy Lines and Their
// Finest Hour". Young brings back every copy of the cards named; the stages
// go from none to all.
func TestYoungPlayersTacticsBack(t *testing.T) {
	base := tcSetup(t, "allies inf 5,9", "axis inf 0,0", "cards=3,4")
	cat, _ := base.Catalog()
	stages := [MaxYoungStage + 1][]string{}
	for n := range stages {
		st, err := YoungStage(cat, n)
		if err != nil {
			t.Fatal(err)
		}
		stages[n] = st
	}
	if len(stages[0]) != 0 || !slices.Equal(stages[1], []string{"direct-from-hq", "dig-in"}) || len(stages[2]) != 13 || len(stages[3]) != 15 {
		t.Fatalf("stages %v", stages)
	}
	for _, k := range YoungMostComplex {
		if slices.Contains(stages[2], k) || !slices.Contains(stages[3], k) {
			t.Fatalf("%s at the wrong stage: %v", k, stages)
		}
	}
	if _, err := YoungStage(cat, MaxYoungStage+1); err == nil {
		t.Fatal("stage 4 accepted")
	}
	for n, want := range []int{40, 43, 58, 60} {
		y, err := base.Young(Young{Tactics: stages[n]})
		if err != nil {
			t.Fatal(err)
		}
		if len(y.Deck) != want || y.Cards != [2]int{6, 6} {
			t.Fatalf("stage %d: %d cards, hands %v; want %d", n, len(y.Deck), y.Cards, want)
		}
		kinds := map[string]int{}
		for _, c := range y.Deck {
			if c.Kind.Tactic() {
				kinds[c.Name()]++
			}
		}
		for _, k := range stages[n] {
			if kinds[k] == 0 {
				t.Fatalf("stage %d: no %s", n, k)
			}
		}
		if len(kinds) != len(stages[n]) {
			t.Fatalf("stage %d: tactic cards %v", n, kinds)
		}
	}
	y, _ := base.Young(Young{Tactics: YoungSimplest, NoTakeGround: true})
	if !y.NoTakeGround || base.NoTakeGround || base.Deck != nil {
		t.Fatal("Young changed the original setup or lost NoTakeGround")
	}
	g := tcNew(t, y)
	g.hand(Allies, "dig-in", "probe-left")
	g.play("dig-in")
	g.do("order 5,9")
	if g.s.ObstacleAt(H("5,9")) != Sandbags {
		t.Fatal("Dig In brought back does not play")
	}
	for _, bad := range []string{"probe-left", "no-such-card"} {
		if _, err := base.Young(Young{Tactics: []string{bad}}); err == nil {
			t.Fatalf("%q accepted as a tactic card", bad)
		}
	}
	if _, err := base.YoungPlayers(false).Young(Young{Tactics: YoungSimplest}); err == nil {
		t.Fatal("a tactic card brought back into a deck of section cards alone")
	}
}

// rulebook annex 5: a stage and more cards by key together.
func TestYoungStageAndKeys(t *testing.T) {
	base := tcSetup(t, "allies inf 5,9", "axis inf 0,0")
	y, err := base.Young(Young{Stage: 1, Tactics: []string{"air-power", "dig-in"}})
	if err != nil || len(y.Deck) != 44 {
		t.Fatalf("deck %d, %v", len(y.Deck), err)
	}
	if _, err := base.Young(Young{Stage: -1}); err == nil {
		t.Fatal("stage -1 accepted")
	}
}
