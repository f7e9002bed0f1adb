package scenario

import (
	"slices"
	"testing"

	"m44/rules"
)

// WW II "Chutes de neige", "Visibilité réduite", "Cartes Combat d'Hiver":
// the .m44 options that switch them on (docs/scenarios.md).
func TestWinterOptions(t *testing.T) {
	m := base()
	gi(m)["options"] = obj{"snowfall_rules": true, "reduced_visibility_rules": true, "winter_combat_cards": []any{
		obj{"key": "a", "name": "Card A", "timing": "before-ordering", "effect": "bonus-dice", "n": 1, "classes": []any{"infantry"}, "tenacity": true, "copies": 2},
		obj{"key": "b", "timing": "in-reaction", "effect": "attack-malus", "n": 2},
	}}
	s, r := convert(t, m)
	if !r.Playable() || s == nil {
		t.Fatalf("not playable: %+v", r)
	}
	var keys []string
	for _, rs := range s.Rulesets {
		keys = append(keys, rs.Key)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, []string{"reduced-visibility", "snowfall"}) {
		t.Fatalf("rulesets %v", keys)
	}
	want := []rules.CombatCardDef{
		{Key: "a", Name: "Card A", Timing: rules.BeforeOrdering, Effect: rules.BonusDice, N: 1, Classes: rules.InfantryOnly, Tenacity: true, Copies: 2},
		{Key: "b", Timing: rules.InReaction, Effect: rules.AttackMalus, N: 2},
	}
	if !slices.Equal(s.Combat, want) {
		t.Fatalf("combat %+v", s.Combat)
	}
	if _, err := rules.New(s, 1); err != nil {
		t.Fatal(err)
	}
	// Off, or absent: nothing.
	gi(m)["options"] = obj{"snowfall_rules": false, "winter_combat_cards": nil}
	if s, r := convert(t, m); !r.Playable() || len(s.Rulesets) != 0 || len(s.Combat) != 0 {
		t.Fatalf("inactive winter options: %+v %+v", r, s)
	}
	// The rule named without its cards: the texts are not shipped.
	gi(m)["options"] = obj{"winter_combat_cards": true}
	if _, r := convert(t, m); r.Playable() || !slices.Contains(r.Features(), "Winter Combat card texts") {
		t.Fatalf("winter_combat_cards true: %v", r.Features())
	}
	// A bad card is an error naming it.
	for _, bad := range []any{
		[]any{obj{"key": "x", "timing": "sometimes"}},
		[]any{obj{"key": "x", "timing": "in-reaction", "effect": "bonus-dice", "n": 1}},
		[]any{obj{"key": "x", "timing": "in-reaction", "classes": []any{"ships"}, "tenacity": true}},
		[]any{obj{"key": "x", "timing": "in-reaction", "colour": "red"}},
	} {
		gi(m)["options"] = obj{"winter_combat_cards": bad}
		s, r := convert(t, m)
		ok := r.Playable() && s != nil
		if ok {
			_, err := rules.New(s, 1)
			ok = err == nil
		}
		if ok {
			t.Errorf("%v accepted", bad)
		}
	}
	// Round trip of the rows through their file form.
	back := CombatCardsJSON(want)
	if back[0].Effect != "bonus-dice" || !slices.Equal(back[0].Classes, []string{"infantry"}) || back[1].Timing != "in-reaction" {
		t.Fatalf("file form %+v", back)
	}
}

// Winter Wars IV "Pont flottant enneigé", FAQ II 33 ("Peut uniquement être
// construit lorsque stipulé en Règle Spéciale"): our option
// pontoon_bridge_rules names the sides that may build; the Terrain Pack's
// pontoon row comes with it.
func TestPontoonOption(t *testing.T) {
	for _, c := range []struct {
		v    any
		want rules.SideMask
	}{{true, rules.MaskBoth}, {"ALLIES", rules.MaskAllies}, {[]any{"AXIS"}, rules.MaskAxis}, {false, 0}} {
		m := base()
		addHex(m, obj{"row": 4, "col": 12, "terrain": obj{"name": "river"}})
		gi(m)["options"] = obj{"pontoon_bridge_rules": c.v}
		s, r := convert(t, m)
		if !r.Playable() || s == nil {
			t.Fatalf("%v: not playable: %v %+v", c.v, r.Features(), r.Errors)
		}
		has := slices.ContainsFunc(s.Rulesets, func(rs *rules.Ruleset) bool { return rs.Key == "terrain-pack" })
		if s.Pontoons != c.want || has != (c.want != 0) {
			t.Errorf("%v: pontoons %v, terrain pack %v", c.v, s.Pontoons, has)
		}
		if _, err := rules.New(s, 1); err != nil {
			t.Errorf("%v: %v", c.v, err)
		}
	}
	m := base()
	gi(m)["options"] = obj{"pontoon_bridge_rules": "RUSSIANS"}
	if _, r := convert(t, m); r.Playable() {
		t.Error("an unknown side was accepted")
	}
}

// FAQ III Actions 4 "Repérage pour bombardement": the option
// spotting_for_bombardment_rules plays rules.SpottingForBombardment (the
// artillery's target markers; docs/rules-decisions.md); false plays nothing.
func TestSpottingOption(t *testing.T) {
	m := base()
	for _, tc := range []struct {
		val  any
		want []string
	}{
		{true, []string{"spotting"}},
		{false, nil},
		{nil, nil},
	} {
		gi(m)["options"] = obj{SpottingOption: tc.val}
		s, r := convert(t, m)
		if !r.Playable() || s == nil {
			t.Fatalf("%v: not playable: %+v", tc.val, r)
		}
		var keys []string
		for _, rs := range s.Rulesets {
			keys = append(keys, rs.Key)
		}
		if !slices.Equal(keys, tc.want) {
			t.Errorf("%v: rulesets %v, want %v", tc.val, keys, tc.want)
		}
		if _, err := rules.New(s, 1); err != nil {
			t.Fatal(err)
		}
	}
	gi(m)["options"] = obj{SpottingOption: "yes"}
	if _, r := convert(t, m); r.Playable() {
		t.Error("a value that is no boolean was accepted")
	}
}
