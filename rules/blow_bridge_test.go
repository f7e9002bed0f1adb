package rules

import (
	"slices"
	"testing"
)

// blowGame: a river along row 4 with a bridge on 4,12 (centre section) that
// the Allies may blow (FAQ III "Faire sauter un pont", option 2).
func blowGame(t *testing.T, beside ClassMask, medal bool, specs ...string) *State {
	t.Helper()
	s, seed := setupOf(t, append([]string{"4,10 river", "4,12 river bridge", "4,14 river", "axis inf 0,0"}, specs...)...)
	s.Blow = BlowBridges{Side: Allies, Beside: beside, Bridges: []BlowableBridge{{Hex: H("4,12"), Medal: medal}}}
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func bridgeStands(st *State) bool { return st.Structure(H("4,12")) == Bridge }

// FAQ III "Faire sauter un pont", option 2: play a section card matching
// the bridge's section, roll 2 dice, a star destroys the bridge; draw a new
// card normally whatever the result. Drop in the Night: 82nd: "A bridge may
// be blown up only if an Allied infantry unit is on an adjacent hex"; its
// destruction is a permanent medal for the Allies.
func TestBlowBridge(t *testing.T) {
	st := blowGame(t, InfantryOnly, true, "allies inf 5,11", "allies arm 8,12")
	hand(t, st, Allies, "probe-center", "probe-left", "attack-center", "assault-right")
	if r, _ := st.Reachable(H("5,11")); !slices.Contains(r, H("4,12")) {
		t.Fatalf("the bridge is not reachable before it is blown: %v", r)
	}
	before := st.Clone()
	act(t, st, "play "+itoa(cards(t, st, "probe-center")[0]))
	if !slices.Contains(legal(st), "blow 4,12") {
		t.Fatalf("no blow with a centre card: %v", legal(st))
	}
	ready := st.Clone()

	// No star: the bridge stands, the turn ends, the card is replaced.
	st.ScriptDice(FaceInfantry, FaceFlag)
	act(t, st, "blow 4,12")
	if !bridgeStands(st) || st.Active() != Axis || st.Phase() != PhaseCard || len(st.Hand(Allies)) != 4 || st.Medals()[Allies] != 0 {
		t.Fatalf("after a miss: bridge %v, active %v, phase %v, hand %d, medals %v", bridgeStands(st), st.Active(), st.Phase(), len(st.Hand(Allies)), st.Medals())
	}

	// A star: the bridge is gone, the river is a river again, a medal.
	hit := ready.Clone()
	hit.ScriptDice(FaceGrenade, FaceStar)
	evs := act(t, hit, "blow 4,12")
	if bridgeStands(hit) || hit.Medals()[Allies] != 1 || hit.Active() != Axis || len(hit.Hand(Allies)) != 4 {
		t.Fatalf("after a star: bridge %v, medals %v, active %v, hand %d", bridgeStands(hit), hit.Medals(), hit.Active(), len(hit.Hand(Allies)))
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvBridgeBlown && e.From == H("4,12") }) {
		t.Errorf("no bridge-blown event: %v", evs)
	}
	if r, _ := hit.Reachable(H("5,11")); slices.Contains(r, H("4,12")) {
		t.Errorf("the blown bridge's hex is still reachable: %v", r)
	}
	// The costs were recomputed for this game only (copy on write).
	if r, _ := before.Reachable(H("5,11")); !slices.Contains(r, H("4,12")) {
		t.Errorf("a clone taken before the blow lost the bridge: %v", r)
	}
	if r, _ := ready.Reachable(H("5,11")); !slices.Contains(r, H("4,12")) {
		t.Errorf("a clone taken before the dice lost the bridge: %v", r)
	}

	// Another section's card, or a unit already ordered: no blow.
	left := before.Clone()
	act(t, left, "play "+itoa(cards(t, left, "probe-left")[0]))
	if slices.Contains(legal(left), "blow 4,12") {
		t.Errorf("blow offered with a left card: %v", legal(left))
	}
	ordered := ready.Clone()
	act(t, ordered, "order 5,11")
	if slices.Contains(legal(ordered), "blow 4,12") {
		t.Errorf("blow offered after a unit was ordered: %v", legal(ordered))
	}
	illegal(t, ordered, "blow 4,12")
}

// Drop in the Night: 82nd: the infantry beside the bridge is required; an
// adjacent tank does not do. FAQ II Ponts (digest 47): without such a
// scenario rule no unit needs to be near: "Il suffit de jouer une carte".
func TestBlowBridgeNeighbour(t *testing.T) {
	st := blowGame(t, InfantryOnly, false, "allies arm 5,11")
	hand(t, st, Allies, "probe-center", "probe-left", "attack-center", "assault-right")
	act(t, st, "play "+itoa(cards(t, st, "probe-center")[0]))
	illegal(t, st, "blow 4,12")

	// No condition, and no Allied unit in the centre at all: the card is
	// not passed, the blow is offered.
	free := blowGame(t, 0, false, "allies inf 8,0")
	hand(t, free, Allies, "probe-center", "probe-left", "attack-center", "assault-right")
	act(t, free, "play "+itoa(cards(t, free, "probe-center")[0]))
	if got := legal(free); !slices.Equal(got, []string{"blow 4,12", "end-orders"}) {
		t.Fatalf("legal %v, want the blow and end-orders", got)
	}
	// The Axis may not blow the Allies' bridges.
	axis := blowGame(t, 0, false, "allies inf 8,0", "first=axis")
	hand(t, axis, Axis, "probe-center", "probe-left", "attack-center", "assault-right")
	act(t, axis, "play "+itoa(cards(t, axis, "probe-center")[0]))
	if slices.Contains(legal(axis), "blow 4,12") {
		t.Errorf("the Axis may blow: %v", legal(axis))
	}
}

// FAQ digest 48 (FAQ III "Faire sauter un pont"): a unit on the bridge when
// it is blown is eliminated, and the enemy gains a medal for it.
func TestBlowBridgeUnitOnIt(t *testing.T) {
	st := blowGame(t, 0, false, "allies inf 8,0", "axis inf 4,12")
	hand(t, st, Allies, "probe-center", "probe-left", "attack-center", "assault-right")
	act(t, st, "play "+itoa(cards(t, st, "probe-center")[0]))
	st.ScriptDice(FaceStar, FaceStar)
	act(t, st, "blow 4,12")
	if _, ok := st.UnitAt(H("4,12")); ok || bridgeStands(st) || st.Medals() != [2]int{1, 0} {
		t.Fatalf("unit still there %v, bridge %v, medals %v", ok, bridgeStands(st), st.Medals())
	}
}

// The blow's dice are recorded outcomes: the game replays from its record
// (architecture "Chance").
func TestBlowBridgeReplays(t *testing.T) {
	st := blowGame(t, 0, true, "allies inf 8,0")
	hand(t, st, Allies, "probe-center", "probe-left", "attack-center", "assault-right")
	act(t, st, "play "+itoa(cards(t, st, "probe-center")[0]))
	again := st.Clone()
	st.ScriptDice(FaceArmor, FaceStar)
	a, _ := ParseAction("blow 4,12")
	_, outs, err := st.ApplyRecorded(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) < 2 || outs[0] != DieOutcome(FaceArmor) || outs[1] != DieOutcome(FaceStar) {
		t.Fatalf("outcomes %v", outs)
	}
	if _, err := again.Replay(a, outs); err != nil {
		t.Fatal(err)
	}
	if again.PositionHash() != st.PositionHash() || bridgeStands(again) {
		t.Errorf("the replay differs: bridge %v", bridgeStands(again))
	}
	if got, err := ParseAction("blow 4,12"); err != nil || got.String() != "blow 4,12" {
		t.Errorf("round trip %v %v", got, err)
	}
}
