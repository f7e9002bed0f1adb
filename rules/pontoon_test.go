package rules

import (
	"slices"
	"strings"
	"testing"

	"m44/hex"
)

// pontoonGame: a river along row 4; the sides in sides may build pontoon
// bridges (Winter Wars IV "Pont flottant enneigé").
func pontoonGame(t *testing.T, sides SideMask, specs ...string) *State {
	t.Helper()
	s, seed := setupOf(t, append(fill(row(4, 0, 24), "river"), specs...)...)
	s.Rulesets = expansionRulesets()
	s.Pontoons = sides
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func pontoonHexes(st *State) []string {
	var out []string
	for _, a := range legal(st) {
		if h, ok := strings.CutPrefix(a, "pontoon "); ok {
			out = append(out, h)
		}
	}
	return out
}

// Winter Wars IV "Pont flottant enneigé": "jouez une carte "Attaque", et au
// lieu d'activer trois unités, placez un pont flottant sur une rivière dans
// la section désignée par la carte"; "Toute unité peut passer sur le pont
// flottant sans aucune restriction de déplacement". FAQ II 33: no unit need
// be near ("Il suffit de jouer une carte"); only where the scenario says so.
func TestPontoonBridge(t *testing.T) {
	st := pontoonGame(t, MaskAllies, "allies inf 5,11", "allies arm 6,12", "axis inf 0,0")
	hand(t, st, Allies, "attack-center", "attack-left", "probe-center", "assault-right")
	before := st.Clone()
	if r, _ := st.Reachable(H("5,11")); slices.Contains(r, H("4,12")) {
		t.Fatalf("the river is reachable before any bridge: %v", r)
	}

	act(t, st, "play "+itoa(cards(t, st, "attack-center")[0]))
	centre := pontoonHexes(st)
	if !slices.Contains(centre, "4,12") || slices.Contains(centre, "4,2") {
		t.Fatalf("pontoon sites with an Attack centre card: %v, want the river's centre hexes", centre)
	}
	for _, h := range centre {
		if st.Terrain(H(h)) != River || st.b.section[Allies][st.b.grid.Index(H(h))]&(1<<Center) == 0 {
			t.Errorf("pontoon offered on %s, not a river of the centre", h)
		}
	}
	ready := st.Clone()
	evs := act(t, st, "pontoon 4,12")
	if got := st.Catalog().Feature(st.Structure(H("4,12"))).Key; got != "pontoon-bridge" {
		t.Fatalf("structure on 4,12: %q, want pontoon-bridge", got)
	}
	if st.Active() != Axis || st.Phase() != PhaseCard || len(st.Hand(Allies)) != 4 {
		t.Errorf("after building: active %v, phase %v, hand %d: the card is used instead of ordering, then a new one drawn", st.Active(), st.Phase(), len(st.Hand(Allies)))
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvPontoonBuilt && e.From == H("4,12") && e.Side == Allies }) {
		t.Errorf("no pontoon-built event: %s", evString(evs))
	}
	// No movement restriction: infantry and armor cross without stopping.
	if r, _ := st.Reachable(H("5,11")); !slices.Contains(r, H("4,12")) || !slices.Contains(r, H("3,13")) {
		t.Errorf("infantry does not cross the pontoon bridge: %v", r)
	}
	if r, _ := st.Reachable(H("6,12")); !slices.Contains(r, H("3,13")) {
		t.Errorf("armor stops on the pontoon bridge: %v", r)
	}
	// The movement costs changed for this game only (copy on write).
	if r, _ := ready.Reachable(H("5,11")); slices.Contains(r, H("4,12")) {
		t.Errorf("a clone taken before the bridge can cross: %v", r)
	}

	// Another card than an Attack: no pontoon; a unit ordered: no pontoon.
	probe := before.Clone()
	act(t, probe, "play "+itoa(cards(t, probe, "probe-center")[0]))
	if got := pontoonHexes(probe); len(got) > 0 {
		t.Errorf("pontoon offered with a Probe: %v", got)
	}
	ordered := ready.Clone()
	act(t, ordered, "order 5,11")
	if got := pontoonHexes(ordered); len(got) > 0 {
		t.Errorf("pontoon offered after a unit was ordered: %v", got)
	}
	illegal(t, ordered, "pontoon 4,12")
	// The left flank card builds on the left flank, where no Allied unit
	// stands: the card is not passed, the pontoon is offered.
	left := before.Clone()
	act(t, left, "play "+itoa(cards(t, left, "attack-left")[0]))
	got := pontoonHexes(left)
	if len(got) == 0 || slices.Contains(got, "4,12") {
		t.Fatalf("pontoon sites with an Attack left card: %v", got)
	}
	if !slices.Contains(legal(left), "end-orders") {
		t.Errorf("no end-orders beside the pontoon: %v", legal(left))
	}
}

// FAQ II 33: "Peut uniquement être construit lorsque stipulé en Règle
// Spéciale": without the rule, or for the other side, no pontoon; a river
// hex that already holds a bridge takes none.
func TestPontoonOnlyWhereAllowed(t *testing.T) {
	none := pontoonGame(t, 0, "allies inf 5,11", "axis inf 0,0")
	hand(t, none, Allies, "attack-center", "attack-left", "probe-center", "assault-right")
	act(t, none, "play "+itoa(cards(t, none, "attack-center")[0]))
	if got := pontoonHexes(none); len(got) > 0 {
		t.Errorf("pontoon without the scenario's rule: %v", got)
	}
	axis := pontoonGame(t, MaskAllies, "allies inf 5,11", "axis inf 0,0", "first=axis")
	hand(t, axis, Axis, "attack-center", "attack-left", "probe-center", "assault-right")
	act(t, axis, "play "+itoa(cards(t, axis, "attack-center")[0]))
	if got := pontoonHexes(axis); len(got) > 0 {
		t.Errorf("the Axis builds the Allies' pontoons: %v", got)
	}
	bridged := pontoonGame(t, MaskBoth, "allies inf 5,11", "axis inf 0,0", "4,12 river bridge")
	hand(t, bridged, Allies, "attack-center", "attack-left", "probe-center", "assault-right")
	act(t, bridged, "play "+itoa(cards(t, bridged, "attack-center")[0]))
	if got := pontoonHexes(bridged); slices.Contains(got, "4,12") || len(got) == 0 {
		t.Errorf("pontoon sites %v: want the centre's river hexes but the bridged one", got)
	}
	// A setup whose catalog has no pontoon row is refused.
	s, seed := setupOf(t, "allies inf 5,11", "axis inf 0,0")
	s.Pontoons = MaskAllies
	if _, err := New(s, seed); err == nil {
		t.Error("a pontoon rule without a pontoon row was accepted")
	}
}

// FAQ II 33 Pont flottant: "Si mon camp est autorisé à construire des ponts
// flottants et que mon adversaire peut jouer l'action Faire sauter un pont
// [...] peut-il aussi essayer de faire sauter mes ponts flottants ? Oui."
func TestBlowPontoonBridge(t *testing.T) {
	s, seed := setupOf(t, append(fill(row(4, 0, 24), "river"), "4,22 river bridge", "allies inf 5,11", "axis inf 3,13")...)
	s.Rulesets = expansionRulesets()
	s.Pontoons = MaskAllies
	s.Blow = BlowBridges{Side: Axis, Bridges: []BlowableBridge{{Hex: H("4,22")}}}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	hand(t, st, Allies, "attack-center", "attack-left", "probe-center", "assault-right")
	act(t, st, "play "+itoa(cards(t, st, "attack-center")[0]))
	act(t, st, "pontoon 4,12")
	// The Axis (top) sees the board's centre as its own centre.
	hand(t, st, Axis, "probe-center", "probe-left", "attack-right", "assault-right")
	act(t, st, "play "+itoa(cards(t, st, "probe-center")[0]))
	if !slices.Contains(legal(st), "blow 4,12") {
		t.Fatalf("the Axis may not blow the Allied pontoon: %v", legal(st))
	}
	st.ScriptDice(FaceStar, FaceInfantry)
	act(t, st, "blow 4,12")
	if st.Structure(H("4,12")) != NoFeature {
		t.Fatalf("the pontoon stands after a star")
	}
	if r, _ := st.Reachable(H("5,11")); slices.Contains(r, H("4,12")) {
		t.Errorf("the blown pontoon's hex is still reachable: %v", r)
	}
	if st.Medals() != [2]int{0, 0} {
		t.Errorf("medals %v: a pontoon is worth none", st.Medals())
	}
}

// Random games with pontoon bridges (built and blown) and dam sabotage
// replay from their recorded outcomes on another seed to the same
// positions (every chance result is an outcome; the per-game movement
// tables follow the bridges).
func TestPontoonAndSabotageReplay(t *testing.T) {
	s, _ := setupOf(t, append(fill(row(4, 0, 24), "river"), "4,22 river bridge", "2,6 dam",
		"allies inf 6,4", "allies inf 6,10", "allies arm 7,15", "allies inf 6,20",
		"axis inf 2,6", "axis inf 2,12", "axis arm 1,17", "axis inf 2,20", "deck=full")...)
	s.Rulesets = expansionRulesets()
	s.Pontoons = MaskAllies
	s.Blow = BlowBridges{Side: Axis, Bridges: []BlowableBridge{{Hex: H("4,22")}}}
	s.Sabotage = Sabotage{Side: Axis, Hexes: []hex.Hex{H("2,6")}, Stars: 4, Dice: 2, Medal: true}
	bd, err := Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	built, blown, tokens := 0, 0, 0
	for g := uint64(1); g <= 8; g++ {
		st, deal := bd.NewGameRecorded(g)
		type step struct {
			a    Action
			outs []Outcome
			hash uint64
		}
		var steps []step
		r := g * 7919
		for n := 0; n < 1500; n++ {
			if over, _ := st.Over(); over {
				break
			}
			legal := st.Legal()
			r = r*6364136223846793005 + 1442695040888963407
			a := legal[int(r>>33)%len(legal)]
			for _, l := range legal { // build when offered, half the time
				if l.Kind == ActPontoon && r&(1<<20) != 0 {
					a = l
				}
			}
			evs, outs, err := st.ApplyRecorded(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				switch e.Kind {
				case EvPontoonBuilt:
					built++
				case EvBridgeBlown:
					blown++
				case EvSabotage:
					tokens++
				}
			}
			steps = append(steps, step{a, outs, st.PositionHash()})
		}
		re, err := bd.ReplayNewGame(g+1000, deal)
		if err != nil {
			t.Fatal(err)
		}
		for k, sp := range steps {
			if _, err := re.Replay(sp.a, sp.outs); err != nil {
				t.Fatalf("game %d step %d %s: %v", g, k, sp.a, err)
			}
			if re.PositionHash() != sp.hash {
				t.Fatalf("game %d step %d %s: the replay differs", g, k, sp.a)
			}
		}
	}
	t.Logf("%d pontoons built, %d bridges blown, %d sabotage tokens", built, blown, tokens)
	if built == 0 || tokens == 0 {
		t.Errorf("the games built %d pontoons and placed %d sabotage tokens", built, tokens)
	}
}
