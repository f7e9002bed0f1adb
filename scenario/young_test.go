package scenario

import (
	"slices"
	"testing"

	"m44/rules"
)

// rulebook annex 5 "Variante pour les plus jeunes joueurs", reached from a
// .m44 file: m44's own option young_players takes out the tactic cards,
// deals 6 cards to each side, optionally drops take ground and overrun,
// and brings tactic cards back by stage or by key.
func TestYoungPlayersOption(t *testing.T) {
	tactics := func(s *rules.Setup) []string {
		cat, err := s.Catalog()
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, c := range s.Deck {
			if d := cat.Cards()[c.Kind]; d.Tactic && !slices.Contains(keys, d.Key) {
				keys = append(keys, d.Key)
			}
		}
		slices.Sort(keys)
		return keys
	}
	for _, tc := range []struct {
		name    string
		value   any
		young   bool
		noTG    bool
		tactics []string
	}{
		{"off", false, false, false, nil},
		{"null", nil, false, false, nil},
		{"on", true, true, false, nil},
		{"no take ground", obj{"no_take_ground": true}, true, true, nil},
		{"stage 1", obj{"stage": 1}, true, false, []string{"dig-in", "direct-from-hq"}},
		{"a card by key", obj{"tactics": []any{"ambush"}}, true, false, []string{"ambush"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := base()
			gi(m)["options"] = obj{YoungPlayersOption: tc.value}
			s, r := convert(t, m)
			if s == nil || !r.Playable() {
				t.Fatalf("not playable: %+v", r)
			}
			if !tc.young {
				if s.Cards != [2]int{5, 4} || s.Deck != nil { // nil: the standard 60 cards
					t.Fatalf("cards %v, deck %d cards: the scenario changed", s.Cards, len(s.Deck))
				}
				return
			}
			if s.Cards != [2]int{6, 6} || s.NoTakeGround != tc.noTG || !slices.Equal(tactics(s), tc.tactics) {
				t.Fatalf("cards %v, no take ground %v, tactic cards %v; want 6 each, %v, %v", s.Cards, s.NoTakeGround, tactics(s), tc.noTG, tc.tactics)
			}
			if _, err := rules.New(s, 1); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, bad := range []any{obj{"stage": 9}, obj{"tactics": []any{"probe-left"}}, obj{"stages": 1}, "yes"} {
		m := base()
		gi(m)["options"] = obj{YoungPlayersOption: bad}
		if s, r := convert(t, m); s != nil || len(r.Errors) == 0 {
			t.Errorf("%v: setup %v, errors %v; want an error", bad, s != nil, r.Errors)
		}
	}
}
