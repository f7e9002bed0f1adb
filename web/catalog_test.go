package web

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"m44/hex"
	"m44/match"
	"m44/rules"
	"m44/view"
)

// A made-up ruleset the client has never heard of: a ground, an obstacle,
// a unit kind and a card, with their summaries. The catalog endpoints serve
// its rows; the browser test (web/e2e/tests/catalog.test.js) plays a game
// on it through TestServeForBrowser.

const swampID = "e2e-swamps"

func swampRuleset() *rules.Ruleset {
	deck := rules.DeckDef{Key: "swamps", Lines: []rules.DeckLine{
		{Card: "recon", Copies: [3]int8{2, 2, 2}}, {Card: "probe", Copies: [3]int8{4, 5, 4}},
		{Card: "attack", Copies: [3]int8{3, 4, 3}}, {Card: "sabotage", Copies: [3]int8{30}}}}
	return &rules.Ruleset{Key: "test-swamps", Name: "Swamps (made up for a test)",
		Grounds: []rules.TerrainDef{{Key: "swamp", Source: "made up for a test", NoBattle: true, Water: true,
			Protection: [3]int8{1, 1, 1},
			Summary:    "entering forbids battle; -1 die against units in it"}},
		Features: []rules.TerrainDef{{Key: "roadblock", Layer: rules.LayerObstacle, Source: "made up for a test",
			Impassable: rules.Vehicles, Summary: "impassable to armor and artillery"}},
		Units: []rules.UnitDef{{Key: "sappers", Class: rules.Infantry, Source: "made up for a test", Figures: 4,
			MaxMove: 2, MoveAndFight: 1, RangeDice: [rules.MaxRange]int8{3, 2, 1}, NeedsSight: true, TakesGround: true, RetreatPerFlag: 1,
			Summary: "infantry that clears obstacles (made up)"}},
		Cards: []rules.CardDef{{Key: "sabotage", Source: "made up for a test", Tactic: true,
			Quota: rules.Quota{3: 2}, Bonus: 1}},
		Decks: []rules.DeckDef{deck}}
}

// swampHexes are where the made-up rows stand on the skirmish board.
var swampHexes = []hex.Hex{{Row: 4, Col: 16}, {Row: 4, Col: 18}, {Row: 6, Col: 14}}

var roadblockHex = hex.Hex{Row: 4, Col: 12}

// withSwamps adds the e2e skirmish as built-in scenario swampID, played
// with the made-up ruleset.
func withSwamps(t testing.TB) func(*Options) {
	data, err := os.ReadFile(filepath.Join("e2e", "fixtures", "skirmish.m44"))
	if err != nil {
		t.Fatal(err)
	}
	return func(o *Options) {
		o.Library = append(o.Library, match.Builtin{ID: swampID, Data: data})
	}
}

// swampify gives the server's swampID scenario the made-up ruleset's rows.
func swampify(t testing.TB, s *Server) {
	sc, err := s.catalog.Get(context.Background(), swampID)
	if err != nil {
		t.Fatal(err)
	}
	setup := *sc.Setup
	rs := swampRuleset()
	setup.Rulesets, setup.DeckKey = []*rules.Ruleset{rs}, "swamps"
	cat, err := setup.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	swamp, _ := cat.GroundByKey("swamp")
	roadblock, _ := cat.FeatureByKey("roadblock")
	engineers, _ := cat.UnitByKey("sappers")
	setup.Hexes = slices.Clone(setup.Hexes)
	for _, h := range swampHexes {
		setup.Hexes = append(setup.Hexes, rules.HexSetup{Hex: h, Terrain: swamp})
	}
	setup.Hexes = append(setup.Hexes, rules.HexSetup{Hex: roadblockHex, Obstacle: roadblock})
	setup.Units = slices.Clone(setup.Units)
	for i := range setup.Units {
		if setup.Units[i].Hex == (hex.Hex{Row: 5, Col: 13}) {
			setup.Units[i].Kind = cat.Unit(engineers).Key
		}
	}
	if _, err := rules.Compile(&setup); err != nil {
		t.Fatal(err)
	}
	sc.Setup = &setup
}

func newSwampServer(t testing.TB, opts ...func(*Options)) *testServer {
	ts := newTestServer(t, "", append([]func(*Options){withSwamps(t)}, opts...)...)
	swampify(t, ts.srv)
	return ts
}

func TestCatalogEndpoints(t *testing.T) {
	ts := newSwampServer(t)
	var base view.Catalog
	ts.must(200, "GET", "/api/catalog", nil, &base)
	if len(base.Rulesets) != 1 || len(base.Grounds) != int(rules.NumTerrains) || base.Grounds[1].Key != "forest" ||
		base.Grounds[1].Protection != (view.ByClass{Infantry: 1, Armor: 2}) || len(base.Cards) != int(rules.NumCardKinds) {
		t.Errorf("base catalog: %+v", base.Rulesets)
	}

	c := ts.create(map[string]any{"scenario": swampID, "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 3})
	var cat view.Catalog
	raw := ts.must(200, "GET", "/api/games/"+c.Game+"/catalog", nil, &cat)
	if strings.Join(cat.Rulesets, ",") != "base,test-swamps" {
		t.Errorf("rulesets %v", cat.Rulesets)
	}
	for _, want := range []string{
		`{"key":"swamp","layer":"ground","source":"made up for a test","summary":"entering forbids battle; -1 die against units in it","water":true,"no_battle":true,"protection":{"infantry":1,"armor":1}}`,
		`"key":"roadblock","layer":"obstacle"`, `"key":"sappers","class":"infantry"`,
		`"key":"sabotage","source":"made up for a test","summary":"Order up to 2 units; +1 die in battle.","tactic":true,"quota":{"any":2},"bonus":1}`,
		`"key":"swamps","size":59`,
	} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("the game's catalog lacks %s", want)
		}
	}
	if got := cat.Grounds[rules.NumTerrains].Key; got != "swamp" {
		t.Errorf("the first row after the base grounds is %q", got)
	}
	// The game's view names the rows by key.
	_, snapRaw := ts.snapshot(c.Game, c.Tokens["allies"])
	for _, want := range []string{`"terrain":"swamp"`, `"obstacle":"roadblock"`, `"kind":"sappers"`} {
		if !strings.Contains(string(snapRaw), want) {
			t.Errorf("the snapshot lacks %s", want)
		}
	}
	// Public, like the board; an unknown game is not found.
	if code, raw := ts.call("GET", "/api/games/nope/catalog", nil, nil); code != 404 || errCode(raw) != "not_found" {
		t.Errorf("unknown game: %d %s", code, raw)
	}
}

// TestServeForBrowser serves the made-up ruleset's scenario for the browser
// test web/e2e/tests/catalog.test.js, which runs this test binary with
// M44_E2E_SERVE=1: it prints "serving URL" and serves until its standard
// input closes or it is told to stop.
func TestServeForBrowser(t *testing.T) {
	if os.Getenv("M44_E2E_SERVE") == "" {
		t.Skip("M44_E2E_SERVE is not set: only the browser tests run this server")
	}
	ts := newSwampServer(t, func(o *Options) { o.SVG = BoardSVG() })
	fmt.Printf("serving %s scenario %s\n", ts.hs.URL, swampID)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		io.Copy(io.Discard, os.Stdin)
		stop()
	}()
	<-ctx.Done()
}
