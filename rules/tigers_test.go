package rules

import "testing"

// tigerGame starts a game from specs with the Tigers ruleset; kinds maps a
// hex to the unit row ("tiger", "wittmann") of the unit standing there.
func tigerGame(t *testing.T, kinds map[string]string, specs ...string) *tcGame {
	t.Helper()
	s := tcSetup(t, specs...)
	s.Rulesets = append(s.Rulesets, Tigers())
	for i := range s.Units {
		if k := kinds[s.Units[i].Hex.String()]; k != "" {
			s.Units[i].Kind = k
			s.Units[i].Figures = 0
		}
	}
	return tcNew(t, s)
}

// FAQ IV Tigres: "Lorsque le Tigre est touché, l'adversaire relance les dés
// qui ont touché. S'il obtient une grenade, le Tigre est effectivement
// détruit. Tous les autres résultats sont ignorés."
func TestTigerArmor(t *testing.T) {
	for _, c := range []struct {
		name   string
		kind   string // the target's row
		dice   string // the battle's dice, then the re-roll
		rolls  []int  // dice of each roll
		dead   bool
		retire bool // the target had to retreat
	}{
		{"a hit re-rolled to a grenade destroys it", "tiger", "arm star star  grenade", []int{3, 1}, true, false},
		{"two hits, one grenade on the re-roll", "tiger", "grenade arm star  arm grenade", []int{3, 2}, true, false},
		{"hits re-rolled to anything else are ignored", "tiger", "grenade arm star  arm star", []int{3, 2}, false, false},
		{"a flag on the re-roll is ignored", "tiger", "arm star star  flag", []int{3, 1}, false, false},
		{"the first roll's flag still counts", "tiger", "arm flag star  star", []int{3, 1}, false, true},
		{"no hit, no re-roll", "tiger", "inf star star", []int{3}, false, false},
		{"Wittmann is a Tiger", "wittmann", "grenade star star  flag", []int{3, 1}, false, false},
		{"other armor: no re-roll", "", "arm star star", []int{3}, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := tigerGame(t, map[string]string{"4,10": c.kind}, "allies inf 5,9", "axis arm 4,10 fig=1")
			g.hand(Allies, tcSafeHand[:5]...)
			g.toBattle("probe-center", "5,9")
			g.dice(c.dice)
			g.do("battle 5,9 4,10")
			g.diceUsed()
			var rolls []int
			for _, e := range g.last(EvDiceRolled) {
				if e.Side != Allies {
					t.Fatalf("the re-roll is the attacker's: %v", e)
				}
				rolls = append(rolls, int(e.NDice))
			}
			if len(rolls) != len(c.rolls) || rolls[0] != c.rolls[0] || len(rolls) > 1 && rolls[1] != c.rolls[1] {
				t.Fatalf("rolls %v, want %v", rolls, c.rolls)
			}
			if c.dead {
				g.empty("4,10")
				if k := g.s.Kills(); k[Allies] != 1 {
					t.Fatalf("kills %v: the unit gives one medal", k)
				}
				return
			}
			if c.retire {
				if g.s.Phase() == PhaseRetreat {
					g.do(g.legalKind("retreat")[0])
				}
				g.empty("4,10")
				return
			}
			g.figures("4,10", 1)
		})
	}
}

// Villers-Bocage: Wittmann may "battle at +1d when not moving"; FAQ IV
// Tigres: after a Take Ground "il s'est déplacé, et ne peut plus bénéficier
// de cet avantage" for the armor overrun.
func TestWittmannStill(t *testing.T) {
	start := func(t *testing.T, kind string) *tcGame {
		g := tigerGame(t, map[string]string{"3,11": kind}, "first=axis", "axis arm 3,11 fig=1", "allies inf 5,11", "allies inf 6,12")
		g.hand(Axis, tcSafeHand[:5]...)
		return g
	}
	t.Run("not moving: one die more", func(t *testing.T) {
		g := start(t, "wittmann")
		g.toBattle("probe-center", "3,11")
		g.dice("star star star star")
		g.do("battle 3,11 5,11")
		if d := g.battleDice(); len(d) != 1 || d[0] != 4 {
			t.Fatalf("battle dice %v, want [4]", d)
		}
		g.diceUsed()
	})
	t.Run("a plain Tiger: no extra die", func(t *testing.T) {
		g := start(t, "tiger")
		g.toBattle("probe-center", "3,11")
		g.dice("star star star")
		g.do("battle 3,11 5,11")
		if d := g.battleDice(); len(d) != 1 || d[0] != 3 {
			t.Fatalf("battle dice %v, want [3]", d)
		}
	})
	t.Run("moved: no extra die", func(t *testing.T) {
		g := start(t, "wittmann")
		g.play("probe-center")
		g.do("order 3,11")
		if g.s.Phase() == PhaseOrder {
			g.do("end-orders")
		}
		g.do("move 3,11 3,9")
		if g.s.Phase() == PhaseMove {
			g.do("end-moves")
		}
		g.dice("star star star")
		g.do("battle 3,9 5,11")
		if d := g.battleDice(); len(d) != 1 || d[0] != 3 {
			t.Fatalf("battle dice %v, want [3]", d)
		}
	})
	t.Run("overrun after taking ground: no extra die", func(t *testing.T) {
		g := tigerGame(t, map[string]string{"4,10": "wittmann"}, "first=axis", "axis arm 4,10 fig=1", "allies inf 5,11", "allies inf 6,12")
		g.hand(Axis, tcSafeHand[:5]...)
		g.toBattle("probe-center", "4,10")
		g.dice("inf inf inf inf")
		g.do("battle 4,10 5,11")
		if d := g.battleDice(); len(d) != 1 || d[0] != 4 {
			t.Fatalf("close assault dice %v, want [4]", d)
		}
		g.do("take-ground 4,10 5,11")
		g.wantPhase(PhaseOverrun)
		g.dice("star star star")
		g.do("battle 5,11 6,12")
		if d := g.battleDice(); len(d) != 1 || d[0] != 3 {
			t.Fatalf("overrun dice %v, want [3]", d)
		}
	})
}

// FAQ II Champs de mines: "Que se passe-t-il lorsqu'un Tigre entre un champ
// de mines ? Est-il détruit sur un symbole char ou grenade ? Non. Tout
// symbole char ou grenade obtenu doit être relancé. Le Tigre est
// effectivement détruit si une grenade est obtenue au second jet de dés.
// Tous les autres résultats sont ignorés." The layer rolls the token's
// dice, then one die per hit again.
func TestTigerInMinefield(t *testing.T) {
	for _, c := range []struct {
		name  string
		dice  string // the token's dice, then the re-roll
		rolls []int
		dead  bool
	}{
		{"an armor hit re-rolled to a grenade destroys it", "arm star  grenade", []int{2, 1}, true},
		{"a grenade re-rolled to armor is ignored", "grenade flag  arm", []int{2, 1}, false},
		{"two hits, a grenade among the re-rolls", "arm grenade  star grenade", []int{2, 2}, true},
		{"no hit, no re-roll", "inf flag", []int{2}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, seed := setupOf(t, "allies arm 6,12", "axis inf 3,11", "5,11 mine:axis tokens=2")
			s.Rulesets = append(s.Rulesets, Tigers())
			s.Units[0].Kind, s.Units[0].Figures = "tiger", 0
			st, err := New(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			turn(t, st, "general-advance", "6,12")
			dice(t, st, c.dice)
			evs := act(t, st, "move 6,12 5,11")
			if st.ScriptedLeft() != 0 {
				t.Fatalf("%d scripted dice left (%s)", st.ScriptedLeft(), evString(evs))
			}
			var rolls []int
			for _, e := range ofKind(evs, EvDiceRolled) {
				if e.Side != Axis {
					t.Fatalf("the minefield's and the re-roll's dice are the layer's: %v", e)
				}
				rolls = append(rolls, int(e.NDice))
			}
			if len(rolls) != len(c.rolls) || rolls[0] != c.rolls[0] || len(rolls) > 1 && rolls[1] != c.rolls[1] {
				t.Fatalf("rolls %v, want %v", rolls, c.rolls)
			}
			if _, alive := st.UnitAt(H("5,11")); alive == c.dead {
				t.Fatalf("Tiger alive %v, want dead %v (%s)", alive, c.dead, evString(evs))
			}
		})
	}
}

// FAQ II Rivière gelée: "Si un Tigre tente de traverser une rivière gelée
// et obtient une étoile, faut-il la relancer ? Non. Dans ce cas le lourd
// blindage du Tigre ne lui est d'aucune utilité et il coule à pic,
// rapportant une médaille de victoire à l'adversaire."
func TestTigerOnFrozenRiver(t *testing.T) {
	s, seed := setupOf(t, append(fill(row(5, 0, 24), "frozen-river"), "allies arm 6,12", "axis inf 0,0")...)
	s.Rulesets = append(s.Rulesets, Tigers())
	s.Units[0].Kind, s.Units[0].Figures = "tiger", 0
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	turn(t, st, "general-advance", "6,12")
	dice(t, st, "star inf")
	evs := act(t, st, "move 6,12 5,11")
	if st.ScriptedLeft() != 0 || len(ofKind(evs, EvDiceRolled)) != 1 {
		t.Fatalf("rolls %s: want the ice's 2 dice only, no re-roll", evString(evs))
	}
	if _, alive := st.UnitAt(H("5,11")); alive || st.Medals()[Axis] != 1 {
		t.Fatalf("the Tiger survived the star, or no medal: %v (%s)", st.Medals(), evString(evs))
	}
}
