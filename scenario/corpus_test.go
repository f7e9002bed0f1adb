package scenario

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
)

// TestCorpus converts every real file: each one either converts fully or
// says exactly which features block it, hex by hex. The coverage summary is
// logged (go test -v -run TestCorpus).
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	c, err := Coverage(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Files != len(files) || c.Parsed != c.Files {
		t.Errorf("%d files, %d parsed", c.Files, c.Parsed)
	}
	// The one file with errors is an example board that says neither who
	// starts nor on which front.
	wantErrors := []string{"1096-HillsExamplesOfLineOfSight.m44"}
	for _, r := range c.Reports {
		base := filepath.Base(r.File)
		switch {
		case r.Playable():
			s, r2 := Check(r.File)
			if s == nil || !r2.Playable() {
				t.Errorf("%s: playable but no setup", base)
				continue
			}
			var sides [2]int
			for _, u := range s.Units {
				sides[u.Side]++
			}
			if sides[0] == 0 || sides[1] == 0 {
				t.Errorf("%s: units per side %v", base, sides)
			}
		case r.Loaded():
			for _, i := range r.Unsupported {
				if i.Feature == "" || i.Name == "" || i.Field == "" || !strings.Contains(i.Msg, "not supported yet: "+i.Feature) {
					t.Errorf("%s: vague unsupported issue %+v", base, i)
				}
			}
			if len(r.Features()) == 0 {
				t.Errorf("%s: not playable and no feature named", base)
			}
		default:
			if !slices.Contains(wantErrors, base) {
				t.Errorf("%s: unexpected errors: %v", base, r.Errors)
			}
			for _, e := range r.Errors {
				if e.Field == "" {
					t.Errorf("%s: error without a field: %v", base, e)
				}
			}
		}
	}
	if c.Playable < 14 {
		t.Errorf("only %d files fully playable, 14 were", c.Playable)
	}
	var b strings.Builder
	if err := c.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", b.String())
}

func loadCorpus(t *testing.T, name string) (*rules.Setup, *Report) {
	t.Helper()
	corpusFiles(t)
	f, err := Load(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return f.Setup()
}

func TestCorpusPegasusBridge(t *testing.T) {
	s, r := loadCorpus(t, "2-PegasusBridge.m44")
	if !r.Playable() {
		t.Fatalf("%+v", r)
	}
	if s.Name != "Pegasus Bridge" || s.Top != rules.Axis || s.First != rules.Allies ||
		s.Cards != [2]int{6, 2} || s.Victory != [2]int{4, 4} || s.Front != "WESTERN" || s.Year != 1944 {
		t.Errorf("setup: %+v", s)
	}
	ground := map[hex.Hex]rules.HexSetup{}
	for _, h := range s.Hexes {
		ground[h.Hex] = h
	}
	for _, x := range []hex.Hex{{Row: 2, Col: 6}, {Row: 5, Col: 21}} {
		if g := ground[x]; g.Terrain != rules.River || g.Structure != rules.Bridge {
			t.Errorf("bridge at %s: %+v", x, g)
		}
	}
	if g := ground[hex.Hex{Row: 3, Col: 7}]; g.Obstacle != rules.Sandbags {
		t.Errorf("sandbags: %+v", g)
	}
	want := []rules.Objective{
		{Kind: rules.TemporaryMedal, Sides: rules.MaskAllies, Medals: 1, Hexes: []hex.Hex{{Row: 2, Col: 6}}},
		{Kind: rules.TemporaryMedal, Sides: rules.MaskAllies, Medals: 1, Hexes: []hex.Hex{{Row: 5, Col: 21}}},
	}
	if len(s.Objectives) != 2 || !equalObjective(s.Objectives[0], want[0]) || !equalObjective(s.Objectives[1], want[1]) {
		t.Errorf("objectives: %+v", s.Objectives)
	}
}

func TestCorpusObjectives(t *testing.T) {
	h := func(r, c int8) hex.Hex { return hex.Hex{Row: r, Col: c} }
	tests := []struct {
		file string
		want rules.Objective
	}{
		// "Control of Ponyri counts as two Victory Medals … more Town hexes".
		{"1365-Ponyri.m44", rules.Objective{Kind: rules.MajorityMedal, Sides: rules.MaskBoth, Medals: 2,
			Hexes: []hex.Hex{h(4, 14), h(4, 12), h(5, 13), h(6, 14), h(6, 12)}}},
		// "Barricades Factory (4 hexes), counts as 2 Victory Medals".
		{"1407-RedBarricadesFactory.m44", rules.Objective{Kind: rules.MajorityMedal, Sides: rules.MaskBoth, Medals: 2,
			Hexes: []hex.Hex{h(8, 4), h(7, 3), h(7, 5), h(7, 7)}}},
		// "If Allied units occupy 3 town hexes in Toulon … they win immediately".
		{"23-Toulon.m44", rules.Objective{Kind: rules.SuddenDeath, Sides: rules.MaskAllies, Count: 3,
			Hexes: []hex.Hex{h(0, 12), h(2, 12), h(1, 15), h(1, 17)}}},
		// "Sidi Rezegh is a Temporary Objective Medal for the Allied forces only" (medal4).
		{"4246-SidiRezeghAirfield.m44", rules.Objective{Kind: rules.TemporaryMedal, Sides: rules.MaskAllies, Medals: 1,
			Hexes: []hex.Hex{h(0, 22)}}},
		// "Noshkino is a Permanent Medal Objective for the Allied forces" (medal6).
		{"8044-Rzhev.m44", rules.Objective{Kind: rules.PermanentMedal, Sides: rules.MaskAllies, Medals: 1,
			Hexes: []hex.Hex{h(0, 4)}}},
		// Sword Beach (Breakthrough): the Orne bridges, B13 = 4,2.
		{"6367-SwordBeach.m44", rules.Objective{Kind: rules.MajorityMedal, Sides: rules.MaskBoth, Medals: 2,
			Hexes: []hex.Hex{h(2, 0), h(4, 2)}}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			f, err := Load(filepath.Join(corpusDir, tc.file))
			if err != nil {
				corpusFiles(t)
				t.Fatal(err)
			}
			// Unsupported features elsewhere do not matter here: read the
			// objectives of the partial conversion.
			c := &converter{f: f, r: &Report{}, cells: map[hex.Hex]*cell{}}
			s := c.convert()
			if s == nil {
				s = &c.s
			}
			if !slices.ContainsFunc(s.Objectives, func(o rules.Objective) bool { return equalObjective(o, tc.want) }) {
				t.Errorf("want %+v among %+v", tc.want, s.Objectives)
			}
		})
	}
}

func TestCorpusUnits(t *testing.T) {
	// Vassieux: every Allied unit is French Resistance infantry (inf2us +
	// FRENCH_RESISTANCE), 3 figures, not elite.
	f, err := Load(filepath.Join(corpusDir, "19-Vassieux.m44"))
	if err != nil {
		corpusFiles(t)
		t.Fatal(err)
	}
	c := &converter{f: f, r: &Report{}, cells: map[hex.Hex]*cell{}}
	c.convert()
	n := 0
	for _, u := range c.s.Units {
		if u.Side == rules.Allies {
			n++
			if !u.Resistance || u.Elite || u.Figures != 3 || u.Type != rules.Infantry {
				t.Errorf("resistance unit: %+v", u)
			}
		}
	}
	if n != 10 {
		t.Errorf("%d Allied units, want 10", n)
	}
	// Vassieux's text: no reshuffle, and the Axis wins when the deck runs
	// out (scenario/specials.go).
	if got := c.r.Features(); len(got) != 0 || !c.s.NoReshuffle || !c.s.DeckOut || c.s.DeckOutWinner != rules.Axis {
		t.Errorf("Vassieux features %q, no reshuffle %v, deck out %v to %s", got, c.s.NoReshuffle, c.s.DeckOut, c.s.DeckOutWinner)
	}
	// Sword Beach (Breakthrough): bunkers with original_owner AXIS.
	s, r := loadCorpus(t, "6367-SwordBeach.m44")
	if s == nil || s.BunkerUsers != rules.MaskAxis || !slices.Equal(r.Features(), []string{"Breakthrough command deck"}) {
		t.Errorf("Sword Beach (Breakthrough): %+v", r)
	}
}

// Counter-attack on Mortain (FAQ XI Operation Lüttich): option hill317 names
// Hill 317's hexes; while an Allied unit holds one, the Allies may play a
// Recon as Air Power.
func TestCorpusHill317(t *testing.T) {
	s, r := loadCorpus(t, "16-CounterattackOnMortain.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("Mortain: %+v", r)
	}
	want := []hex.Hex{{Row: 4, Col: 22}, {Row: 5, Col: 21}}
	if len(s.AirRaids) != 1 || s.AirRaids[0].Side != rules.Allies || !slices.Equal(s.AirRaids[0].While, want) {
		t.Fatalf("air raids %+v, want the Allies while holding %v", s.AirRaids, want)
	}
}

// First Assault Wave's text: "The Axis player is in control of the Bunkers"
// (scenario/specials.go), and its seawall is the Allies' (original_owner).
func TestCorpusFirstAssaultWave(t *testing.T) {
	s, r := loadCorpus(t, "11-FirstAssaultWave.m44")
	if s == nil || !r.Playable() || s.BunkerUsers != rules.MaskAxis {
		t.Fatalf("First Assault Wave: bunker users %v, report %+v", s.BunkerUsers, r)
	}
	walls := 0
	for _, h := range s.Hexes {
		if h.Obstacle == rules.Seawall && h.Owners == rules.MaskAllies {
			walls++
		}
	}
	if walls != 2 {
		t.Errorf("%d Allied seawall hexes, want 2", walls)
	}
}

// Hills and mountains a scenario closes (behaviors IMPASSABLE_HILL,
// IMPASSABLE_BLOCKING_HILL) reach the setup: Montélimar "The Hill hexes
// north of the Condillac pass (Allies right) are impassable", St Vith "The
// hill slope toward St Vith is impassable", Saverne Gap "The hills are
// impassable. Artillery may not fire over hills."
func TestCorpusClosedHexes(t *testing.T) {
	for _, tc := range []struct {
		file            string
		closed, blocked int
	}{
		{"18-Montelimar.m44", 6, 0},
		{"20-StVith.m44", 6, 0},
		{"29-SaverneGap.m44", 20, 20},
	} {
		f, err := Load(filepath.Join(corpusDir, tc.file))
		if err != nil {
			corpusFiles(t)
			t.Fatal(err)
		}
		c := &converter{f: f, r: &Report{}, cells: map[hex.Hex]*cell{}}
		s := c.convert()
		if s == nil {
			t.Fatalf("%s: %+v", tc.file, c.r)
		}
		closed, blocked := 0, 0
		for _, h := range s.Hexes {
			if h.Closed {
				closed++
			}
			if h.NoFireAcross == rules.ArtilleryOnly {
				blocked++
			}
		}
		if closed != tc.closed || blocked != tc.blocked {
			t.Errorf("%s: %d closed hexes, %d blocking artillery; want %d, %d", tc.file, closed, blocked, tc.closed, tc.blocked)
		}
	}
}

// Across the River Roer: "The River Roer is a Navigable River by Allied
// infantry units in boats. Play the river as a Ford (see p. 6)". Its 13
// river tiles become fordable rivers closed to every Axis unit and to Allied
// armor and artillery; the US infantry that starts on the river stands on
// a hex open to it; "terrain rules set per side" is no longer reported
// (minefields still are).
func TestCorpusRiverRoer(t *testing.T) {
	s, r := loadCorpus(t, "1340-AcrossTheRiverRoer.m44")
	if s == nil {
		t.Fatalf("%+v", r)
	}
	for _, i := range r.Unsupported {
		if i.Feature != "minefields" {
			t.Errorf("unsupported: %+v", i)
		}
	}
	cat, err := s.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	ford, ok := cat.GroundByKey("fordable-river")
	if !ok {
		t.Fatal("no fordable-river row")
	}
	n := 0
	for _, h := range s.Hexes {
		if h.Hex.Row != 6 {
			continue
		}
		n++
		if h.Terrain != ford || h.ClosedTo != [2]rules.ClassMask{rules.Allies: rules.Vehicles, rules.Axis: rules.AllClasses} {
			t.Errorf("river hex %s: terrain %d, closed to %v", h.Hex, h.Terrain, h.ClosedTo)
		}
	}
	if n != 13 {
		t.Errorf("%d river hexes, want 13", n)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

// Bastogne Corridor East: "The 'Air Power' card is played as an 'Artillery
// Bombard' card" (deck_name); Panzer Lehr Counter-Attack: "The Allied player
// may call in Air Strikes" (air_strikes_rules: FAQ III Raids aériens).
func TestCorpusDeckAndAirStrikes(t *testing.T) {
	s, r := loadCorpus(t, "12493-BastogneCorridorEast.m44")
	if s == nil || !r.Playable() || s.DeckKey != "air-power-as-artillery-bombard" {
		t.Fatalf("Bastogne Corridor East: deck %q, %+v", s.DeckKey, r.Unsupported)
	}
	s, r = loadCorpus(t, "4152-PanzerLehrCounterAttack.m44")
	if s == nil || !r.Playable() || len(s.AirRaids) != 1 || s.AirRaids[0].Side != rules.Allies || len(s.AirRaids[0].While) != 0 {
		t.Fatalf("Panzer Lehr: air raids %+v, %+v", s.AirRaids, r.Unsupported)
	}
}

// Arnhem Bridge: the bridge of three sections (BRIDGE_SECTION) and the
// wide Rhine (WIDE_RIVER) that infantry may not fire across.
func TestCorpusArnhemBridge(t *testing.T) {
	s, r := loadCorpus(t, "25-ArnhemBridge.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("Arnhem Bridge: %+v", r.Unsupported)
	}
	spans, wide := 0, 0
	for _, h := range s.Hexes {
		if h.Structure == rules.BridgeSpan {
			spans++
		}
		if h.NoFireAcross == rules.InfantryOnly {
			wide++
		}
	}
	if spans != 3 || wide < 10 {
		t.Errorf("%d bridge sections (want 3), %d wide river hexes", spans, wide)
	}
}

// Drop in the Night: 82nd: "The Allied player may attempt to blow up the two
// bridges over the Douve River using option 2 (Actions 2 - Blowing Up
// Bridges). A bridge may be blown up only if an Allied infantry unit is on
// an adjacent hex." and "The destruction of the bridges next to
// Pont-l'Abbé and Beuzeville are Permanent Medal Objectives for the Allied
// forces" (option blowbridge_opt2, behaviors CAN_BE_BLOWN and
// ONE_MEDAL_IF_BLOWN). The file still waits for other features (a drop
// called in during play), but blowing bridges is no longer one of them.
func TestCorpusDropInTheNightBridges(t *testing.T) {
	s, r := loadCorpus(t, "6687-DropInTheNight82nd.m44")
	if slices.Contains(r.Features(), "blowing up bridges") {
		t.Errorf("blowing up bridges still reported: %q", r.Features())
	}
	if s == nil {
		t.Fatalf("no setup: %+v", r.Errors)
	}
	want := []rules.BlowableBridge{{Hex: hex.Hex{Row: 1, Col: 5}, Medal: true}, {Hex: hex.Hex{Row: 4, Col: 4}, Medal: true}}
	if s.Blow.Side != rules.Allies || s.Blow.Beside != rules.InfantryOnly || !slices.Equal(s.Blow.Bridges, want) {
		t.Errorf("blow %+v, want the Allies, infantry beside, %v", s.Blow, want)
	}
}

// Schwammenauel Dam (scenario 1422): "The Axis player may attempt to
// sabotage the Schwammenauel and Urft dams" (FAQ II 20 Barrages; the FAQ's
// Schwammenauel page): both dams are the Axis' sabotage targets, four star
// tokens each, and the file is fully playable.
func TestCorpusSchwammenauelSabotage(t *testing.T) {
	s, r := loadCorpus(t, "1422-SchwammenauelDam.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("not playable: %q %+v", r.Features(), r.Errors)
	}
	want := []hex.Hex{{Row: 2, Col: 6}, {Row: 2, Col: 22}}
	sb := s.Sabotage
	if sb.Side != rules.Axis || sb.Stars != 4 || sb.Dice != 2 || !sb.Medal || !slices.Equal(sb.Hexes, want) {
		t.Errorf("sabotage %+v, want the Axis, the dams %v, 4 tokens, 2 dice, a medal each", sb, want)
	}
}

// German counter-attack at Chaumont (23806): "Use "Winter Weather" rules
// (Actions 26)" is played as Winter Wars II "Règles hivernales", snowfall
// (docs/rules-decisions.md "Winter Weather (Actions 26)"): the US tanks move
// 2 hexes at most; the file is fully playable.
func TestCorpusChaumontWinterWeather(t *testing.T) {
	s, r := loadCorpus(t, "23806-GermanCounterattackAtChaumont.m44")
	if s == nil || !r.Playable() {
		t.Fatalf("not playable: %q %+v", r.Features(), r.Errors)
	}
	keys := []string{}
	for _, rs := range s.Rulesets {
		keys = append(keys, rs.Key)
	}
	if !slices.Contains(keys, "snowfall") || slices.Contains(keys, "reduced-visibility") {
		t.Fatalf("rulesets %v, want snowfall (and not reduced visibility)", keys)
	}
	st, err := rules.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	tank := hex.Hex{Row: 8, Col: 6}
	if u, ok := st.UnitAt(tank); !ok || u.Type != rules.Armor {
		t.Fatalf("no US tank on %s", tank)
	}
	reach, _ := st.Reachable(tank)
	for _, h := range reach {
		if d := hex.Distance(tank, h); d > 2 {
			t.Errorf("a US tank reaches %s, %d hexes away, in the snow", h, d)
		}
	}
}

// Drop in the Night: 82nd's daylight drop (scenario 6687 special rules:
// "Once in full daylight, the Allied player can drop up to 3 additional
// Infantry units (using previously lost figures) over the hex at Les Forges
// by playing an appropriate Command card"): option airdrop2 becomes a
// called airdrop over c6, beside the Les Forges label, and the file waits
// only for the Breakthrough deck. Games of random play that take every drop
// offered call it in and end.
func TestCorpusDropInTheNightCalledDrop(t *testing.T) {
	s, r := loadCorpus(t, "6687-DropInTheNight82nd.m44")
	if s == nil || !slices.Equal(r.Features(), []string{"Breakthrough command deck"}) {
		t.Fatalf("features %q, errors %v: want only the Breakthrough deck", r.Features(), r.Errors)
	}
	want := rules.CalledAirdrop{Side: rules.Allies, Center: hex.Hex{Row: 11, Col: 5}, Range: 3, Max: 3,
		Unit: s.Airdrops[0].Unit, Daylight: true, FromLost: true}
	if len(s.CalledAirdrops) != 1 || s.CalledAirdrops[0] != want {
		t.Fatalf("called airdrops %+v, want %+v", s.CalledAirdrops, want)
	}
	called := 0
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := rules.New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := seed * 7919
		for steps := 0; ; steps++ {
			if over, _ := st.Over(); over {
				break
			}
			if steps > 40000 {
				t.Fatalf("seed %d: no end after %d decisions", seed, steps)
			}
			legal := st.Legal()
			rng = rng*6364136223846793005 + 1442695040888963407
			a := legal[(rng>>33)%uint64(len(legal))]
			for _, l := range legal {
				if l.Kind == rules.ActDrop {
					if st.Visibility() != 0 {
						t.Fatalf("seed %d: a drop offered before daylight (visibility %d)", seed, st.Visibility())
					}
					a = l
					called++
				}
			}
			if _, err := st.Apply(a); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, a, err)
			}
		}
	}
	if called == 0 {
		t.Fatal("no game called the daylight drop in")
	}
}

// FAQ II Champs de mines (faq-digest 102): where a scenario does not say who
// lays the mines the defender does, and the FAQ names the side for some
// scenarios: the Roer crossing and the Peleliu landings (Axis), Red
// Barricades and Ponyri (Allies). The corpus files carry that side on every
// minefield (a file without one is unsupported: TestUnsupportedFeatures),
// and the importer keeps it.
func TestCorpusMineLayersFAQ(t *testing.T) {
	for _, c := range []struct {
		file string
		side rules.Side
	}{
		{"1340-AcrossTheRiverRoer.m44", rules.Axis},
		{"1517-PeleliuLandingsOverlord.m44", rules.Axis},
		{"1407-RedBarricadesFactory.m44", rules.Allies},
		{"1365-Ponyri.m44", rules.Allies},
	} {
		t.Run(c.file, func(t *testing.T) {
			s, _ := loadCorpus(t, c.file)
			if s == nil {
				t.Fatal("no setup")
			}
			if len(s.Mines) == 0 {
				t.Fatal("no minefield read")
			}
			for _, m := range s.Mines {
				if m.Side != c.side {
					t.Errorf("minefield %v laid by %v, want %v (FAQ II Champs de mines)", m.Hex, m.Side, c.side)
				}
			}
		})
	}
}
