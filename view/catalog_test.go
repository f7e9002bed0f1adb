package view

import (
	"encoding/json"
	"strings"
	"testing"

	"m44/rules"
)

func TestCatalogOfBase(t *testing.T) {
	c := CatalogOf(rules.BaseCatalog())
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{
		`"rulesets":["base"]`,
		`{"key":"plain","layer":"ground","source":"rulebook p.6","summary":"no effect"}`,
		`"key":"forest","layer":"ground","source":"rulebook annex 2 Forêts"`,
		`"must_stop":true,"no_battle":true,"blocks_sight":true,"protection":{"infantry":1,"armor":2}}`,
		`"key":"mountain","layer":"ground"`,
		`"height":2,"protected_below":true,"protection":{"infantry":2,"armor":2},"impassable":["armor","artillery"]}`,
		`"key":"lake"`, `"rules":["blocks-sight"]`,
		`"key":"church"`, `"ignore_flag":["infantry","armor","artillery"]`,
		`"key":"bunker","layer":"structure"`, `"for_users_only":true`,
		`"key":"sandbags","layer":"obstacle"`, `"removable":true`,
		`"key":"artillery","class":"artillery"`, `"range_dice":[3,3,2,2,1,1],"ignores_cover":true`,
		`"key":"probe","source":"command-cards.md Probe","summary":"Order 2 units in the section on the card.","tactic":false,"section":true,"quota":{"section":2}}`,
		`"key":"assault"`, `"quota":{"section":"all"}`,
		`"key":"pincer-move"`, `"quota":{"left":2,"right":2}`,
		`"key":"move-out"`, `"quota":{"infantry":4},"class":"infantry"`,
		`"key":"barrage"`, `"targets":1`,
		`{"card":"probe-center","copies":5}`, `"key":"sections","size":40`, `"key":"standard","size":60`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the catalog lacks %s", want)
		}
	}
	// Every row has a key and a source; terrain and units a summary.
	for _, r := range append(c.Grounds, c.Features...) {
		if r.Key == "" || r.Source == "" || r.Summary == "" {
			t.Errorf("terrain row %+v", r)
		}
	}
	for _, u := range c.Units {
		if u.Key == "" || u.Source == "" || u.Summary == "" || len(u.RangeDice) == 0 {
			t.Errorf("unit row %+v", u)
		}
	}
	for _, k := range c.Cards {
		if k.Key == "" || k.Source == "" || !strings.HasSuffix(k.Summary, ".") {
			t.Errorf("card row %+v", k)
		}
	}
	// The counts read back.
	var back Catalog
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Cards[3].Quota.Section != All || back.Cards[1].Quota.Section != 2 {
		t.Errorf("quotas read back: %+v %+v", back.Cards[3].Quota, back.Cards[1].Quota)
	}
}

func TestCatalogOfRuleset(t *testing.T) {
	rs := &rules.Ruleset{Key: "test-marsh", Grounds: []rules.TerrainDef{{Key: "marsh", Source: "made up", Summary: "wet",
		Water: true, NoBattle: true, Protection: [3]int8{1, 1, 1},
		Hooks: rules.TerrainHooks{StepCost: func(*rules.State, rules.UnitType, int16, int16, int16) int8 { return 1 }}}},
		Features: []rules.TerrainDef{{Key: "roadblock", Layer: rules.LayerObstacle, Source: "made up", Impassable: rules.Vehicles}},
		Cards:    []rules.CardDef{{Key: "sabotage", Source: "made up", Tactic: true, Quota: rules.Quota{3: 2}, Bonus: 1}}}
	cat, err := rules.NewCatalog(rs)
	if err != nil {
		t.Fatal(err)
	}
	c := CatalogOf(cat)
	if got := c.Rulesets; len(got) != 2 || got[1] != "test-marsh" {
		t.Errorf("rulesets %v", got)
	}
	m := c.Grounds[len(c.Grounds)-1]
	if m.Key != "marsh" || !m.Water || !m.NoBattle || m.Protection != (ByClass{Infantry: 1, Armor: 1}) || len(m.Rules) != 1 || m.Rules[0] != "step-cost" {
		t.Errorf("marsh: %+v", m)
	}
	f := c.Features[len(c.Features)-1]
	if f.Key != "roadblock" || f.Layer != "obstacle" || strings.Join(f.Impassable, ",") != "armor,artillery" {
		t.Errorf("roadblock: %+v", f)
	}
	k := c.Cards[len(c.Cards)-1]
	if k.Key != "sabotage" || k.Quota.Any != 2 || k.Summary != "Order up to 2 units; +1 die in battle." {
		t.Errorf("sabotage: %+v", k)
	}
}
