package rules

import "testing"

// The what-if answer the bots use for "this unit under the card in effect"
// is the card's own row and hooks (command-cards.md: Infantry Assault,
// Behind Enemy Lines, Close Assault, Firefight, Armor Assault).
func TestCardEffectFor(t *testing.T) {
	cat := BaseCatalog()
	inf, _ := cat.UnitByKey("infantry")
	arm, _ := cat.UnitByKey("armor")
	cases := []struct {
		card string
		kind UnitKind
		want CardEffect
	}{
		{"", inf, CardEffect{MaxMove: 2, MoveAndFight: 1}},
		{"infantry-assault", inf, CardEffect{MaxMove: 3, MoveAndFight: 2}},
		{"behind-enemy-lines", inf, CardEffect{MaxMove: 3, MoveAndFight: 3, Bonus: [2]int{1, 1}, Infiltrate: true}},
		{"close-assault", inf, CardEffect{MaxMove: 0, MoveAndFight: 1, Bonus: [2]int{0, 1}, AdjacentOnly: true}},
		{"firefight", inf, CardEffect{MaxMove: 0, MoveAndFight: 1, Bonus: [2]int{1, 1}, NoCloseFire: true}},
		{"armor-assault", arm, CardEffect{MaxMove: 3, MoveAndFight: 3, Bonus: [2]int{0, 1}}},
		{"armor-assault", inf, CardEffect{MaxMove: 2, MoveAndFight: 1}},
	}
	for _, c := range cases {
		g := tcStart(t, "allies inf 5,11", "allies arm 5,13", "allies inf 7,3", "axis inf 4,12", "axis inf 0,0")
		if c.card != "" {
			g.hand(Allies, c.card, "probe-left")
			if c.card == "infantry-assault" {
				g.play(c.card, "center")
			} else {
				g.play(c.card)
			}
		}
		if got := g.s.CardEffectFor(c.kind); got != c.want {
			t.Errorf("%q for %s: %+v, want %+v", c.card, cat.Unit(c.kind).Key, got, c.want)
		}
	}
}
