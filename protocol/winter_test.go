package protocol

import (
	"slices"
	"strconv"
	"testing"

	"m44/rules"
	"m44/view"
)

// WW II "Chutes de neige", "Visibilité réduite", "Cartes Combat d'Hiver":
// "new" takes the .m44 options of the same names; the views deal and show
// the Combat cards (own hand only) and the legal actions play them.
func TestNewWinterOptions(t *testing.T) {
	s := NewSession()
	cards := `[{"key":"zz-fire","name":"Zz Fire","timing":"before-ordering","effect":"bonus-dice","n":1,"tenacity":true,"copies":5},` +
		`{"key":"zz-cover","timing":"in-reaction","effect":"attack-malus","n":1,"copies":1}]`
	var sum Summary
	ok(t, s, newGame(duelSetup, 1, `,"options":{"snowfall_rules":true,"reduced_visibility_rules":true,"winter_combat_cards":`+cards+`}`), &sum)
	var v view.View
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	if len(v.CombatHand) != 2 || v.Combat == nil || v.Combat.Held.Axis != 2 || v.Combat.Pile != 2 {
		t.Fatalf("allies' view: hand %+v, board %+v", v.CombatHand, v.Combat)
	}
	fire := slices.IndexFunc(v.CombatHand, func(c view.CombatCard) bool { return c.Key == "zz-fire" })
	if fire < 0 {
		t.Fatalf("no zz-fire among %+v", v.CombatHand)
	}
	{
		act := "combat " + itoa(int(v.CombatHand[fire].ID))
		if !slices.Contains(v.Legal, act) {
			t.Fatalf("legal %v lacks %q", v.Legal, act)
		}
		ok(t, s, `{"cmd":"apply","action":"`+act+`"}`, nil)
		ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
		if len(v.Combat.Discards) != 1 || v.Combat.Discards[0].Key != "zz-fire" || v.Combat.Held.Allies != 1 {
			t.Fatalf("after the play: %+v", v.Combat)
		}
	}
	// The referee's state shows both Combat hands and the pile.
	var full FullState
	ok(t, s, `{"cmd":"state"}`, &full)
	if full.CombatHands == nil || len(full.CombatHands.Allies) != 1 || len(full.CombatHands.Axis) != 2 || len(full.CombatPile) != 2 {
		t.Fatalf("state: %+v %+v", full.CombatHands, full.CombatPile)
	}
	for _, bad := range []string{`"winter_combat_cards":[{"key":"x","timing":"now"}]`, `"winter_combat_cards":true`} {
		fails(t, s, newGame(duelSetup, 1, `,"options":{`+bad+`}`), CodeBadArgument)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Winter Wars IV "Pont flottant enneigé": "new" takes the option
// pontoon_bridge_rules; an Attack card played in a section with a river
// offers "pontoon <hex>", which builds it (event pontoon-built) and ends the
// turn; the view then shows the structure.
func TestNewPontoonOption(t *testing.T) {
	s := NewSession()
	setup := `{"name":"pontoon","deck":"section","cards":{"allies":3,"axis":3},"victory":{"allies":1,"axis":1},
"hexes":[{"hex":"4,12","terrain":"river"}],
"units":[{"hex":"5,11","type":"infantry","side":"allies"},{"hex":"0,0","type":"infantry","side":"axis"}]}`
	ok(t, s, newGame(setup, 1, `,"options":{"pontoon_bridge_rules":"ALLIES"}`), nil)
	ok(t, s, `{"cmd":"hand","side":"allies","cards":["attack-center","probe-left","attack-left"]}`, nil)
	var v view.View
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	play := ""
	for _, c := range v.Hand {
		if c.Name == "attack-center" {
			play = "play " + itoa(int(c.ID))
		}
	}
	ok(t, s, `{"cmd":"apply","action":"`+play+`"}`, nil)
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	if !slices.Contains(v.Legal, "pontoon 4,12") {
		t.Fatalf("legal %v lacks pontoon 4,12", v.Legal)
	}
	var res struct {
		Events []Event `json:"events"`
	}
	ok(t, s, `{"cmd":"apply","action":"pontoon 4,12"}`, &res)
	if !slices.ContainsFunc(res.Events, func(e Event) bool { return e.Kind == "pontoon-built" && e.Hex == "4,12" }) {
		t.Errorf("events %+v lack pontoon-built", res.Events)
	}
	ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
	if !slices.ContainsFunc(v.Features, func(f view.Feature) bool { return f.Hex.String() == "4,12" && f.Structure == "pontoon-bridge" }) {
		t.Errorf("features %+v: no pontoon bridge on 4,12", v.Features)
	}
	// A bad side is refused.
	var e resp
	s2 := NewSession()
	e = call(t, s2, newGame(setup, 1, `,"options":{"pontoon_bridge_rules":"RUSSIANS"}`))
	if e.Error == nil || e.Error.Code != CodeBadArgument {
		t.Errorf("an unknown side: %+v", e)
	}
}

// FAQ III Actions 4 "Repérage pour bombardement": "new" takes the option
// spotting_for_bombardment_rules; the artillery's hit then places a target
// marker (event target-marked), which the view shows.
func TestNewSpottingOption(t *testing.T) {
	for _, on := range []bool{false, true} {
		s := NewSession()
		setup := `{"name":"spot","deck":"section","cards":{"allies":3,"axis":3},"victory":{"allies":2,"axis":2},
"units":[{"hex":"8,12","type":"artillery","side":"allies"},{"hex":"4,12","type":"infantry","side":"axis"},{"hex":"0,0","type":"infantry","side":"axis"}]}`
		opt := ""
		if on {
			opt = `,"options":{"spotting_for_bombardment_rules":true}`
		}
		ok(t, s, newGame(setup, 1, opt), nil)
		ok(t, s, `{"cmd":"hand","side":"allies","cards":["probe-center","probe-left","attack-left"]}`, nil)
		var v view.View
		ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
		play := ""
		for _, c := range v.Hand {
			if c.Name == "probe-center" {
				play = "play " + itoa(int(c.ID))
			}
		}
		for _, a := range []string{play, "order 8,12", "end-moves"} {
			ok(t, s, `{"cmd":"apply","action":"`+a+`"}`, nil)
		}
		ok(t, s, `{"cmd":"dice","faces":["infantry","star"]}`, nil)
		var res struct {
			Events []Event `json:"events"`
		}
		ok(t, s, `{"cmd":"apply","action":"battle 8,12 4,12"}`, &res)
		marked := slices.ContainsFunc(res.Events, func(e Event) bool { return e.Kind == "target-marked" })
		ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
		if marked != on || (len(v.TargetMarkers) == 1) != on {
			t.Errorf("option %v: marked %v, view markers %+v", on, marked, v.TargetMarkers)
		}
	}
}

// A Winter Combat card that deploys a unit (effect "deploy", decided:
// docs/rules-decisions.md): once a full infantry unit's figures are lost,
// the legal actions offer the card on each empty hex of the side's
// baseline ("combat ID r,c"); playing it puts the unit there (event
// deployed), which every view shows.
func TestNewCombatDeploy(t *testing.T) {
	s := NewSession()
	setup := `{"name":"deploy","deck":"section","cards":{"allies":3,"axis":3},"victory":{"allies":3,"axis":3},"first":"axis",
"units":[{"hex":"6,12","type":"infantry","side":"allies"},{"hex":"8,0","type":"infantry","side":"allies"},
 {"hex":"5,11","type":"infantry","side":"axis"},{"hex":"5,13","type":"infantry","side":"axis"},{"hex":"0,0","type":"infantry","side":"axis"}]}`
	cards := `[{"key":"zz-new","name":"Zz New men","timing":"before-ordering","effect":"deploy","n":1,"classes":["infantry"],"copies":6}]`
	ok(t, s, newGame(setup, 1, `,"options":{"winter_combat_cards":`+cards+`}`), nil)
	ok(t, s, `{"cmd":"hand","side":"axis","cards":["probe-center","probe-left","attack-left"]}`, nil)
	var v view.View
	ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
	if v.CombatHand[0].Effect != "deploy" {
		t.Fatalf("combat hand %+v", v.CombatHand)
	}
	play := ""
	for _, c := range v.Hand {
		if c.Name == "probe-center" {
			play = "play " + itoa(int(c.ID))
		}
	}
	apply := func(a string) {
		t.Helper()
		ok(t, s, `{"cmd":"apply","action":"`+a+`"}`, nil)
	}
	// The Axis destroys the 4 figures of 6,12 (the Allies, holding Combat
	// cards, pass each reaction window).
	for _, a := range []string{play, "order 5,11", "order 5,13", "end-moves"} {
		apply(a)
	}
	for _, b := range []string{"battle 5,11 6,12", "battle 5,13 6,12"} {
		ok(t, s, `{"cmd":"dice","faces":["infantry","infantry","infantry"]}`, nil)
		apply(b)
		ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
		if slices.Contains(v.Legal, "skip") {
			apply("skip")
		}
	}
	apply("skip") // no take ground
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	act := "combat " + itoa(int(v.CombatHand[0].ID)) + " 8,10"
	if !slices.Contains(v.Legal, act) || slices.Contains(v.Legal, "combat "+itoa(int(v.CombatHand[0].ID))+" 8,0") {
		t.Fatalf("legal %v: want %q and not the occupied 8,0", v.Legal, act)
	}
	var res struct {
		Events []Event `json:"events"`
	}
	ok(t, s, `{"cmd":"apply","action":"`+act+`"}`, &res)
	if !slices.ContainsFunc(res.Events, func(e Event) bool {
		return e.Kind == "deployed" && e.Hex == "8,10" && e.Figures != nil && *e.Figures == 4
	}) {
		t.Errorf("events %+v lack deployed", res.Events)
	}
	ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
	if !slices.ContainsFunc(v.Units, func(u view.Unit) bool { return u.Hex.String() == "8,10" && u.Figures == 4 && u.Side == rules.Allies }) {
		t.Errorf("the Axis view lacks the deployed unit on 8,10: %+v", v.Units)
	}
}
