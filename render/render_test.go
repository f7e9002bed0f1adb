package render_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"m44/hex"
	"m44/library"
	"m44/render"
	"m44/rules"
	"m44/scenario"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files in testdata")

// golden compares got with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (%d bytes, want %d): look at the picture, then go test ./render -update", name, len(got), len(want))
	}
}

// wellFormed checks that an SVG is well-formed XML.
func wellFormed(t *testing.T, name string, svg []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return
			}
			t.Fatalf("%s: SVG is not well-formed XML: %v", name, err)
		}
	}
}

func TestGoldenLibrary(t *testing.T) {
	for _, id := range []string{"pegasus-bridge", "juno-beach", "bastogne-perimeter", "twin-villages"} {
		e, ok := library.Get(id)
		if !ok {
			t.Fatalf("no library scenario %s", id)
		}
		c, err := render.File(e.File, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		svg := c.SVG()
		wellFormed(t, id, svg)
		golden(t, id+".svg", svg)
	}
}

// A setup built by hand, without a file: every terrain, structure and
// obstacle of the engine, every unit type and objective kind.
func handSetup() *rules.Setup {
	s := &rules.Setup{Name: "Every symbol", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{5, 4}, Victory: [2]int{6, 5}, Front: "western", Year: 1944}
	col := 0
	for t := rules.Terrain(1); t < rules.NumTerrains; t++ {
		h := hex.Hex{Row: 4, Col: int8(col)}
		if col > 24 {
			h = hex.Hex{Row: 5, Col: int8(col - 25)}
		}
		s.Hexes = append(s.Hexes, rules.HexSetup{Hex: h, Terrain: t})
		col += 2
	}
	s.Hexes = append(s.Hexes,
		rules.HexSetup{Hex: hex.Hex{Row: 2, Col: 4}, Terrain: rules.River, Structure: rules.Bridge},
		rules.HexSetup{Hex: hex.Hex{Row: 2, Col: 8}, Structure: rules.Bunker},
		rules.HexSetup{Hex: hex.Hex{Row: 2, Col: 12}, Obstacle: rules.Sandbags},
		rules.HexSetup{Hex: hex.Hex{Row: 2, Col: 16}, Obstacle: rules.Wire},
		rules.HexSetup{Hex: hex.Hex{Row: 2, Col: 20}, Obstacle: rules.Hedgehog},
		rules.HexSetup{Hex: hex.Hex{Row: 2, Col: 24}, Obstacle: rules.Seawall},
	)
	s.Units = []rules.UnitSetup{
		{Hex: hex.Hex{Row: 7, Col: 3}, Type: rules.Infantry, Side: rules.Allies, Nation: "us"},
		{Hex: hex.Hex{Row: 7, Col: 7}, Type: rules.Armor, Side: rules.Allies, Elite: true, Nation: "us"},
		{Hex: hex.Hex{Row: 7, Col: 11}, Type: rules.Artillery, Side: rules.Allies, Nation: "brit"},
		{Hex: hex.Hex{Row: 7, Col: 15}, Type: rules.Infantry, Side: rules.Allies, Resistance: true, Figures: 3, Nation: "us"},
		{Hex: hex.Hex{Row: 1, Col: 3}, Type: rules.Infantry, Side: rules.Axis, Elite: true, Nation: "ger", Badge: "badge4"},
		{Hex: hex.Hex{Row: 1, Col: 7}, Type: rules.Armor, Side: rules.Axis, Nation: "ger"},
		{Hex: hex.Hex{Row: 2, Col: 8}, Type: rules.Artillery, Side: rules.Axis, Nation: "ger"},
		{Hex: hex.Hex{Row: 2, Col: 12}, Type: rules.Infantry, Side: rules.Axis, Figures: 2, Nation: "ger"},
	}
	s.Objectives = []rules.Objective{
		{Kind: rules.TemporaryMedal, Hexes: []hex.Hex{{Row: 2, Col: 4}}, Sides: rules.MaskAllies, Medals: 1},
		{Kind: rules.PermanentMedal, Hexes: []hex.Hex{{Row: 6, Col: 6}}, Sides: rules.MaskAxis, Medals: 2},
		{Kind: rules.MajorityMedal, Hexes: []hex.Hex{{Row: 6, Col: 12}, {Row: 6, Col: 14}}, Sides: rules.MaskBoth, Medals: 1},
		{Kind: rules.SuddenDeath, Hexes: []hex.Hex{{Row: 8, Col: 20}, {Row: 8, Col: 22}}, Sides: rules.MaskAxis, Count: 1},
	}
	return s
}

func TestGoldenSetupOnly(t *testing.T) {
	s := handSetup()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	svg, err := render.SVG(s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "setup", svg)
	golden(t, "every-symbol.svg", svg)
	for _, face := range []string{"WINTER", "DESERT"} {
		c, err := render.Board(s, render.Options{Face: face, NoLegend: true})
		if err != nil {
			t.Fatal(err)
		}
		wellFormed(t, face, c.SVG())
	}
}

// A game in progress: the picture follows the state (units lost or moved,
// medals won).
func TestGameInProgress(t *testing.T) {
	e, _ := library.Get("pegasus-bridge")
	s, _ := e.Setup()
	st, err := rules.New(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 400; i++ {
		if over, _ := st.Over(); over {
			break
		}
		l := st.Legal()
		if _, err := st.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	start, err := render.Board(s, render.Options{File: e.File})
	if err != nil {
		t.Fatal(err)
	}
	now, err := render.Board(nil, render.Options{File: e.File, State: st})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(start.SVG(), now.SVG()) {
		t.Error("the position after 400 actions draws like the set-up")
	}
	if !bytes.Contains(now.SVG(), []byte("turn ")) {
		t.Error("a game in progress shows no turn")
	}
}

func TestNothingToDraw(t *testing.T) {
	if _, err := render.Board(nil, render.Options{}); err == nil {
		t.Error("no setup, file or state: want an error")
	}
}

func TestPNGDecodes(t *testing.T) {
	e, _ := library.Get("juno-beach")
	c, err := render.File(e.File, render.Options{Scale: 40})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.PNG(1)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != int(c.W) {
		t.Errorf("PNG width %d, canvas %v", got, c.W)
	}
	// The dashed red section line: somewhere down its column a pixel is red.
	g := hex.Standard()
	x := int(40*0.3 + 40*0.12 + (float64(g.LeftLine)*0.5+0.5)*40)
	red := false
	for y := 0; y < img.Bounds().Dy(); y++ {
		r, gg, bb, _ := img.At(x, y).RGBA()
		if r>>8 > 180 && gg>>8 < 90 && bb>>8 < 90 {
			red = true
			break
		}
	}
	if !red {
		t.Error("no red section line in the PNG where the SVG draws it")
	}
}

func TestFormatDate(t *testing.T) {
	for in, want := range map[string]string{"1944-06-06": "6 June 1944", "1944-12": "December 1944", "1944": "1944", "": ""} {
		if got := render.FormatDate(in); got != want {
			t.Errorf("FormatDate(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every real scenario draws, playable or not (roads, marshes, minefields
// and other things the engine lacks are drawn too).
func TestRenderCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "scenarios")
	files, _ := filepath.Glob(filepath.Join(dir, "*.m44"))
	if len(files) == 0 {
		t.Skipf("no .m44 files in %s (the shared corpus is absent): skipping", dir)
	}
	for i, p := range files {
		f, err := scenario.Load(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		c, err := render.File(f, render.Options{})
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		wellFormed(t, p, c.SVG())
		if testing.Short() && i%8 != 0 {
			continue
		}
		img := c.Image(0.5)
		if img.Bounds().Dx() != int(c.W*0.5+0.99) {
			t.Errorf("%s: picture %v for a canvas of %vx%v", p, img.Bounds(), c.W, c.H)
		}
	}
}

// Exit hexes are drawn in the colour of the side that leaves there, named
// in the legend; a side that must exit units to win says so in its panel
// (Winter Wars III "Pions Exit"; Breakthrough to Gembloux's
// must_have_unit_exit).
func TestExitsAndMustExit(t *testing.T) {
	s := handSetup()
	s.Exits = []rules.Exit{{Side: rules.Axis, Hexes: []hex.Hex{{Row: 8, Col: 4}, {Row: 8, Col: 6}}}}
	s.MustExit = [2]int8{rules.Axis: 1}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	svg, err := render.SVG(s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "exits", svg)
	for _, want := range []string{"Exit for the Axis: a unit leaving the board here wins a medal", "5 medals to win, with 1 unit exited"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the picture does not say %q", want)
		}
	}
	if bytes.Contains(svg, []byte("Exit for the Allies")) {
		t.Error("an Allied exit in the legend")
	}
}

// Winter Wars II victory conditions are named in the legend: persistent and
// exclusive medals, and medals taken at the start of a turn.
func TestWinterWarsObjectivesLegend(t *testing.T) {
	s := handSetup()
	s.Objectives = append(s.Objectives,
		rules.Objective{Kind: rules.PersistentMedal, Hexes: []hex.Hex{{Row: 2, Col: 4}}, Sides: rules.MaskBoth, Medals: 1},
		rules.Objective{Kind: rules.ExclusiveMedal, Hexes: []hex.Hex{{Row: 2, Col: 8}, {Row: 2, Col: 10}}, Sides: rules.MaskAxis, Medals: 1},
		rules.Objective{Kind: rules.MajorityMedal, Hexes: []hex.Hex{{Row: 2, Col: 14}, {Row: 2, Col: 16}}, Sides: rules.MaskAllies, Medals: 1, AtTurnStart: true})
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	svg, err := render.SVG(s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "ww objectives", svg)
	for _, want := range []string{"Persistent medal: kept until the other side enters (either side)",
		"Exclusive medal: held with no enemy on the hexes (Axis)", "Majority medal (Allies), taken at the start of the side"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the legend does not say %q", want)
		}
	}
}

// The Terrain Pack's and Winter Wars' rows are drawn with their pictures and
// listed in the legend with what they do (rules.TerrainPack,
// rules.WinterTerrain): roads and railways as bands, the rest by family.
func TestExpansionTerrainDrawn(t *testing.T) {
	cat, err := rules.NewCatalog(rules.TerrainPack(), rules.WinterTerrain())
	if err != nil {
		t.Fatal(err)
	}
	s := &rules.Setup{Name: "terrain", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{4, 4}, Rulesets: []*rules.Ruleset{rules.TerrainPack(), rules.WinterTerrain()}}
	keys := []string{"road", "snowy-road", "railway", "marsh", "ravine", "chateau", "frozen-river", "forested-hill"}
	for i, k := range keys {
		g, ok := cat.GroundByKey(k)
		if !ok {
			t.Fatalf("no row %q", k)
		}
		s.Hexes = append(s.Hexes, rules.HexSetup{Hex: hex.Hex{Row: 4, Col: int8(2 * i)}, Terrain: g})
	}
	fb, _ := cat.FeatureByKey("field-bunker")
	s.Hexes = append(s.Hexes, rules.HexSetup{Hex: hex.Hex{Row: 6, Col: 6}, Structure: fb})
	// Terrain Pack rows of issue 16's second half: a wadi (with its ends),
	// cemetery, high ground, lighthouse, fortress.
	for i, k := range []string{"wadi", "cemetery", "high-ground", "lighthouse", "fortress"} {
		g, _ := cat.GroundByKey(k)
		hs := rules.HexSetup{Hex: hex.Hex{Row: 2, Col: int8(2 * i)}, Terrain: g}
		if k == "wadi" {
			hs.Ends = 1<<0 | 1<<3
		}
		s.Hexes = append(s.Hexes, hs)
		keys = append(keys, k)
	}
	s.Units = []rules.UnitSetup{{Hex: hex.Hex{Row: 8, Col: 0}, Type: rules.Infantry, Side: rules.Allies}, {Hex: hex.Hex{Row: 0, Col: 0}, Type: rules.Infantry, Side: rules.Axis}}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	svg, err := render.SVG(s, render.Options{Face: "WINTER"})
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "terrain", svg)
	for _, k := range append(keys, "field-bunker") {
		var row string
		if g, ok := cat.GroundByKey(k); ok {
			row = k + ": " + cat.Ground(g).Summary
		} else {
			f, _ := cat.FeatureByKey(k)
			row = k + ": " + cat.Feature(f).Summary
		}
		if !bytes.Contains(svg, []byte(xmlText(row))) {
			t.Errorf("the legend lacks %q", row)
		}
	}
	if bytes.Contains(svg, []byte("not played")) {
		t.Error("a row of these rulesets is drawn as a tile the engine does not play")
	}
}

// xmlText is s escaped as the SVG writes text.
func xmlText(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// A bridge blown up (FAQ III "Faire sauter un pont") is drawn as its two
// stubs: neither the standing bridge nor a plain river.
func TestBlownBridgeDrawn(t *testing.T) {
	at := hex.Hex{Row: 4, Col: 12}
	setup := func(bridge bool) *rules.Setup {
		s := &rules.Setup{Name: "blow", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
			Cards: [2]int{4, 4}, Victory: [2]int{6, 6}, Deck: rules.SectionDeck(),
			Units: []rules.UnitSetup{{Hex: hex.Hex{Row: 8, Col: 0}, Type: rules.Infantry, Side: rules.Allies}, {Hex: hex.Hex{Row: 0, Col: 0}, Type: rules.Infantry, Side: rules.Axis}}}
		for _, c := range []int8{10, 12, 14} {
			s.Hexes = append(s.Hexes, rules.HexSetup{Hex: hex.Hex{Row: 4, Col: c}, Terrain: rules.River})
		}
		if bridge {
			s.Hexes[1].Structure = rules.Bridge
			s.Blow = rules.BlowBridges{Side: rules.Allies, Bridges: []rules.BlowableBridge{{Hex: at}}}
		}
		return s
	}
	draw := func(st *rules.State) []byte {
		c, err := render.Board(nil, render.Options{State: st})
		if err != nil {
			t.Fatal(err)
		}
		return c.SVG()
	}
	st, err := rules.New(setup(true), 1)
	if err != nil {
		t.Fatal(err)
	}
	var probe rules.CardID = rules.NoCard
	for id := 0; id < st.DeckSize(); id++ {
		if st.Card(rules.CardID(id)).Name() == "probe-center" {
			probe = rules.CardID(id)
			break
		}
	}
	if err := st.SetHand(rules.Allies, []rules.CardID{probe}); err != nil {
		t.Fatal(err)
	}
	standing := draw(st)
	for _, a := range []rules.Action{{Kind: rules.ActPlay, Card: probe}, {Kind: rules.ActBlow, From: at}} {
		if a.Kind == rules.ActBlow {
			st.ScriptDice(rules.FaceStar, rules.FaceStar)
		}
		if _, err := st.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	if st.Structure(at) == rules.Bridge {
		t.Fatal("the bridge stands")
	}
	plain, err := rules.New(setup(false), 1)
	if err != nil {
		t.Fatal(err)
	}
	blown := draw(st)
	river := draw(plain)
	if out := os.Getenv("M44_BLOWN_PNG"); out != "" {
		c, _ := render.Board(nil, render.Options{State: st})
		png, _ := c.PNG(1)
		_ = os.WriteFile(out, png, 0o644)
	}
	if bytes.Equal(blown, standing) {
		t.Error("the blown bridge draws like the standing one")
	}
	// Beside the turn, medals and units, only the stubs differ from a river.
	if len(blown) <= len(river) || !bytes.Contains(blown, []byte("Bridge blown up")) || bytes.Contains(standing, []byte("Bridge blown up")) {
		t.Error("the blown bridge draws no more than a plain river, or its legend is wrong")
	}
}

// Dam sabotage (scenario 1422; FAQ II 20 Barrages): each target shows its
// star tokens, "placed/needed", in a scenario and in a game position.
func TestSabotageTokensDrawn(t *testing.T) {
	s := &rules.Setup{Name: "dams", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{6, 6}, Deck: rules.SectionDeck(),
		Units:    []rules.UnitSetup{{Hex: hex.Hex{Row: 8, Col: 0}, Type: rules.Infantry, Side: rules.Allies}, {Hex: hex.Hex{Row: 2, Col: 6}, Type: rules.Infantry, Side: rules.Axis}},
		Sabotage: rules.Sabotage{Side: rules.Axis, Hexes: []hex.Hex{{Row: 2, Col: 6}, {Row: 2, Col: 22}}, Stars: 4, Dice: 2, Medal: true}}
	c, err := render.Board(s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svg := c.SVG()
	if n := bytes.Count(svg, []byte(">0/4<")); n != 3 || // two dams and the legend's sample
		!bytes.Contains(svg, []byte("Sabotage target")) {
		t.Errorf("scenario: %d targets drawn 0/4, legend %v", n, bytes.Contains(svg, []byte("Sabotage target")))
	}
	st, err := rules.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The Allies pass; the Axis turn starts with a roll: one star.
	var probe rules.CardID = rules.NoCard
	for id := 0; id < st.DeckSize(); id++ {
		if st.Card(rules.CardID(id)).Name() == "probe-left" {
			probe = rules.CardID(id)
			break
		}
	}
	if err := st.SetHand(rules.Allies, []rules.CardID{probe}); err != nil {
		t.Fatal(err)
	}
	st.ScriptDice(rules.FaceStar, rules.FaceInfantry)
	for _, a := range []rules.Action{{Kind: rules.ActPlay, Card: probe}, {Kind: rules.ActEndOrders}} {
		if st.IsLegal(a) {
			if _, err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	c, err = render.Board(nil, render.Options{State: st})
	if err != nil {
		t.Fatal(err)
	}
	svg = c.SVG()
	if !bytes.Contains(svg, []byte(">1/4<")) || !bytes.Contains(svg, []byte(">0/4<")) {
		t.Errorf("position: want a dam at 1/4 and one at 0/4")
	}
}

// The legend is true of the units drawn: a Tiger (FAQ IV Tigres, one
// figure) is named by its row, not counted among armor of 3 figures; a
// Tiger of Figures 0 takes its row's strength.
func TestLegendTigers(t *testing.T) {
	s := handSetup()
	s.Rulesets = append(s.Rulesets, rules.Tigers())
	for i := range s.Units {
		if s.Units[i].Side == rules.Axis && s.Units[i].Type == rules.Armor {
			s.Units[i].Kind, s.Units[i].Figures = "tiger", 0
		}
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	svg, err := render.SVG(s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "tigers", svg)
	if bytes.Contains(svg, []byte("Axis armor (")) {
		t.Error("the legend counts the Tigers as Axis armor")
	}
	for _, want := range []string{"Tiger: 1 figure", "Allies armor (4 figures)"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the legend does not say %q", want)
		}
	}
}

// A big gun's target marker (FAQ IV Artillerie lourde) is drawn on the unit
// it marks in a live position, with its legend line.
func TestTargetMarkerDrawn(t *testing.T) {
	s := &rules.Setup{Name: "gun", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{6, 6}, Deck: rules.SectionDeck(), Rulesets: []*rules.Ruleset{rules.SpecialTroops()},
		Units: []rules.UnitSetup{{Hex: hex.Hex{Row: 8, Col: 12}, Type: rules.Artillery, Side: rules.Allies, Kind: "big-gun"},
			{Hex: hex.Hex{Row: 4, Col: 12}, Type: rules.Infantry, Side: rules.Axis}, {Hex: hex.Hex{Row: 0, Col: 0}, Type: rules.Infantry, Side: rules.Axis}}}
	st, err := rules.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	var card rules.CardID = rules.NoCard
	for id := 0; id < st.DeckSize(); id++ {
		if st.Card(rules.CardID(id)).Name() == "attack-center" {
			card = rules.CardID(id)
			break
		}
	}
	if err := st.SetHand(rules.Allies, []rules.CardID{card}); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{fmt.Sprintf("play %d", card), "order 8,12"} {
		act, _ := rules.ParseAction(a)
		if _, err := st.Apply(act); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	for st.Phase() == rules.PhaseOrder || st.Phase() == rules.PhaseMove {
		act := rules.Action{Kind: rules.ActEndOrders}
		if st.Phase() == rules.PhaseMove {
			act.Kind = rules.ActEndMoves
		}
		if _, err := st.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	before, err := render.Board(nil, render.Options{State: st})
	if err != nil {
		t.Fatal(err)
	}
	st.ScriptDice(rules.FaceInfantry, rules.FaceStar)
	act, _ := rules.ParseAction("battle 8,12 4,12")
	if _, err := st.Apply(act); err != nil {
		t.Fatal(err)
	}
	if len(st.TargetMarkers()) != 1 {
		t.Fatalf("markers %v", st.TargetMarkers())
	}
	after, err := render.Board(nil, render.Options{State: st})
	if err != nil {
		t.Fatal(err)
	}
	const legend = "Target marker: the big gun that placed it rolls 1 die more at this unit"
	if bytes.Contains(before.SVG(), []byte(legend)) || !bytes.Contains(after.SVG(), []byte(legend)) {
		t.Error("the target marker's legend line should appear once a marker is placed")
	}
	if !bytes.Contains(after.SVG(), []byte("#b3261e")) || bytes.Contains(before.SVG(), []byte("#b3261e")) {
		t.Error("the cross-hair is not drawn")
	}
}

// Infantry with collapsible boats (FAQ III Actions "Canots démontables &
// bateaux") is drawn with a hull on its counter and a legend line.
func TestBoatsDrawn(t *testing.T) {
	s := handSetup()
	plain, _ := render.SVG(s, render.Options{})
	for i := range s.Units {
		if s.Units[i].Type == rules.Infantry {
			s.Units[i].Boat = true
			break
		}
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	svg, err := render.SVG(s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "boats", svg)
	if !bytes.Contains(svg, []byte("Collapsible boats")) || bytes.Contains(plain, []byte("Collapsible boats")) {
		t.Error("the legend does not name the boats (only when a unit has them)")
	}
	if n, m := bytes.Count(svg, []byte("#8d6e63")), bytes.Count(plain, []byte("#8d6e63")); n < m+2 {
		t.Errorf("boat hulls: %d fills, %d without boats; want the counter's and the legend's", n, m)
	}
}
