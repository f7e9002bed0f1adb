package view

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"m44/internal/testkit"
	"m44/rules"
)

// secretCombat are Combat cards written for the test, each a single copy
// with a key found nowhere else, so that a key in a payload names one card.
func secretCombat() []rules.CombatCardDef {
	var out []rules.CombatCardDef
	for k := 0; k < 12; k++ {
		d := rules.CombatCardDef{Key: fmt.Sprintf("zq-secret-%02d", k), Name: fmt.Sprintf("Zq Name %02d", k),
			Text: fmt.Sprintf("zq text %02d", k), Tenacity: k%2 == 0}
		switch k % 4 {
		case 0:
			d.Timing, d.Effect, d.N = rules.BeforeOrdering, rules.BonusDice, 1
		case 1:
			d.Timing, d.Effect, d.N = rules.InReaction, rules.AttackMalus, 1
		case 2:
			d.Timing, d.Effect = rules.BeforeOrdering, rules.StarsHit
		default:
			d.Timing, d.Effect, d.Tenacity = rules.InReaction, rules.NoEffect, true
		}
		out = append(out, d)
	}
	return out
}

// Hidden information, WW II "Cartes Combat d'Hiver" (the pile "face
// cachée"): no payload to another side or a spectator names a Combat card
// in a hand it may not see, or one still in the pile; its own hand is all
// there; events of a draw hide the card from everyone else.
func TestNoHiddenCombatCards(t *testing.T) {
	setups := librarySetups(t, 2)
	seen := map[string]int{}
	for _, players := range [][2]int{{1, 1}, {2, 2}} {
		for k, base := range setups {
			for seed := uint64(1); seed <= 2; seed++ {
				setup := *base
				setup.Players, setup.Combat = players, secretCombat()
				setup.Rulesets = append(setup.Rulesets, rules.Snowfall(), rules.ReducedVisibility())
				st, err := rules.New(&setup, seed)
				if err != nil {
					t.Fatal(err)
				}
				r := testkit.Rng{S: seed * 131}
				for step := 0; step < 3000; step++ {
					where := fmt.Sprintf("players %v scenario %d seed %d step %d (%s)", players, k, seed, step, st.Phase())
					for _, v := range viewers(st) {
						checkCombatPayload(t, st, v, where)
					}
					seen[st.Phase().String()]++
					if over, _ := st.Over(); over {
						break
					}
					legal := st.Legal()
					a := legal[r.Intn(len(legal))]
					if a.Kind == rules.ActCombat {
						seen["combat action"]++
					}
					evs, err := st.Apply(a)
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					for _, e := range evs {
						if e.Kind != rules.EvCombatDrawn {
							continue
						}
						seen["draw"]++
						for _, v := range viewers(st) {
							mine := !v.spectator && v.side == e.Side
							if got := v.Event(e).Card; mine != (got != rules.NoCard) {
								t.Fatalf("%s: %s gets the draw %v as card %d", where, v, e, got)
							}
						}
					}
				}
			}
		}
	}
	for _, want := range []string{"combat", "combat action", "draw"} {
		if seen[want] == 0 {
			t.Errorf("the soak never saw %q (%v)", want, seen)
		}
	}
}

// checkCombatPayload checks viewer v's JSON view of st.
func checkCombatPayload(t *testing.T, st *rules.State, v Viewer, where string) {
	t.Helper()
	b, err := json.Marshal(Of(st, v))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	may := map[rules.CardID]bool{}
	for _, c := range st.CombatDiscards() {
		may[c] = true
	}
	if !v.spectator {
		for p := 0; p < st.Players()[v.side]; p++ {
			for _, c := range st.CombatHand(v.side, p) {
				may[c] = true
				if d, _ := st.CombatCard(c); !strings.Contains(text, d.Key) {
					t.Fatalf("%s: %s does not see its own Combat card %s", where, v, d.Key)
				}
			}
		}
	}
	for id := 0; ; id++ {
		d, ok := st.CombatCard(rules.CardID(id))
		if !ok {
			break
		}
		if may[rules.CardID(id)] || slices.ContainsFunc(st.CombatInForce(), func(f string) bool { return strings.HasSuffix(f, ":"+d.Key) }) {
			continue // public: discarded, or played this turn (and since reshuffled)
		}
		for _, secret := range []string{d.Key, d.Name, d.Text} {
			if strings.Contains(text, secret) {
				t.Fatalf("%s: %s sees %q (held by the other side or in the pile)", where, v, secret)
			}
		}
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw["combat"]; !ok {
		t.Fatalf("%s: no public Combat part", where)
	}
}
