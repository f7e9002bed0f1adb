package rules

import (
	"slices"
	"strconv"
	"testing"
)

// deployCards are Combat cards written for these tests: no source prints
// the Winter Combat cards' texts (docs/rules-decisions.md).
func deployCards() []CombatCardDef {
	return []CombatCardDef{
		{Key: "t-new-men", Name: "Test new infantry", Timing: BeforeOrdering, Effect: Deploy, N: 1, Classes: InfantryOnly},
		{Key: "t-new-tanks", Name: "Test new armor", Timing: BeforeOrdering, Effect: Deploy, N: 1, Classes: ArmorOnly},
		{Key: "t-town-men", Name: "Test town garrison", Timing: BeforeOrdering, Effect: Deploy, N: 1, Classes: InfantryOnly, Buildings: true},
		{Key: "t-cover", Name: "Test cover", Timing: InReaction, Effect: AttackMalus, N: 1, Copies: 4},
	}
}

func dgame(t *testing.T, specs ...string) *tcGame {
	t.Helper()
	s := tcSetup(t, specs...)
	s.Combat = deployCards()
	return tcNew(t, s)
}

// WW II "Règles des cartes Combat": a card that deploys a unit needs a full
// unit ("unité complète") among the side's available figures ("figurines
// disponibles": figures taken off the battlefield); the unit enters before
// ordering on an empty hex of the side's own baseline (decided:
// docs/rules-decisions.md "Combat cards that deploy a unit"), full, uses the
// figures up, and may be ordered by that turn's command card.
func TestCombatDeploy(t *testing.T) {
	g := dgame(t, "allies inf 6,12", "allies inf 8,0", "allies arm 7,3", "axis inf 2,12", "axis inf 0,0")
	ids := giveCombat(t, g.s, Allies, "t-new-men", "t-new-tanks")
	g.wound("6,12", 3)
	// 3 infantry figures available: not a full unit of 4.
	if got := g.legalKind("combat"); len(got) != 0 {
		t.Fatalf("3 available figures deploy nothing: %v", got)
	}
	g.wound("8,0", 1)
	var want []string
	for c := 2; c <= 24; c += 2 { // the Allied baseline, row 8, but the occupied 8,0
		want = append(want, "combat "+itoa(ids[0])+" 8,"+strconv.Itoa(c))
	}
	g.wantKind("combat", want...) // no armor figure is lost: the armor card is not offered
	g.do("combat " + itoa(ids[0]) + " 8,12")
	if !slices.ContainsFunc(g.evs, func(e Event) bool { return e.Kind == EvDeployed && e.Side == Allies && e.To == H("8,12") && e.N == 4 }) {
		t.Fatalf("events %v: no deployed 8,12", g.evs)
	}
	g.figures("8,12", 4)
	if n := g.s.availableFigures(Allies, Infantry); n != 0 {
		t.Errorf("available infantry figures after the deployment: %d, want 0", n)
	}
	// The new unit may be ordered this turn.
	g.hand(Allies, "attack-center", "probe-left")
	g.play("attack-center")
	if !g.isLegal("order 8,12") {
		t.Fatalf("the deployed unit cannot be ordered: %v", g.legal())
	}
	// Its losses are available figures again; a destroyed deployed unit's too.
	i := g.s.occ[g.s.b.grid.Index(H("8,12"))]
	g.s.units[i].figures = 1
	if n := g.s.availableFigures(Allies, Infantry); n != 3 {
		t.Errorf("available after the new unit lost 3: %d, want 3", n)
	}
}

// The card marked "buildings" deploys on an empty building hex of the
// side's own half of the board, not on the baseline; a side whose pieces
// are at the top deploys on the top row.
func TestCombatDeployWhere(t *testing.T) {
	g := dgame(t, "allies inf 6,12", "allies inf 8,0", "5,11 town", "1,11 town", "7,5 town", "axis inf 2,12", "axis inf 0,0")
	ids := giveCombat(t, g.s, Allies, "t-town-men")
	g.s.units[g.s.occ[g.s.b.grid.Index(H("6,12"))]].figures = 0
	g.s.units[g.s.occ[g.s.b.grid.Index(H("6,12"))]].dead = true
	g.s.setOcc(int16(g.s.b.grid.Index(H("6,12"))), -1)
	g.wantKind("combat", "combat "+itoa(ids[0])+" 5,11", "combat "+itoa(ids[0])+" 7,5") // not 1,11: the Axis half
	// The Axis, at the top, deploys on row 0.
	s := tcSetup(t, "allies inf 6,12", "axis inf 2,12", "axis inf 0,0", "first=axis")
	s.Combat = deployCards()
	g = tcNew(t, s)
	ids = giveCombat(t, g.s, Axis, "t-new-men")
	g.wound("2,12", 3)
	g.wound("0,0", 1)
	offered := g.legalKind("combat")
	if len(offered) == 0 {
		t.Fatal("the Axis may not deploy")
	}
	for _, text := range offered {
		if a, err := ParseAction(text); err != nil || a.From.Row != 0 {
			t.Errorf("the Axis deploys off its baseline: %q", text)
		}
	}
	g.do("combat " + itoa(ids[0]) + " 0,12")
	g.figures("0,12", 4)
}

// A deploying card brings in one unit of one class (validation).
func TestCombatDeployValidation(t *testing.T) {
	for _, d := range []CombatCardDef{
		{Key: "x", Timing: BeforeOrdering, Effect: Deploy, N: 2, Classes: InfantryOnly},
		{Key: "x", Timing: BeforeOrdering, Effect: Deploy, N: 1},
		{Key: "x", Timing: BeforeOrdering, Effect: Deploy, N: 1, Classes: InfantryOnly | ArmorOnly},
		{Key: "x", Timing: InReaction, Effect: Deploy, N: 1, Classes: InfantryOnly},
	} {
		if err := validateCombat([]CombatCardDef{d}); err == nil {
			t.Errorf("%+v accepted", d)
		}
	}
	if err := validateCombat(deployCards()); err != nil {
		t.Error(err)
	}
}

// The deployment is an action like any other: recorded, it replays to the
// same position.
func TestCombatDeployReplays(t *testing.T) {
	g := dgame(t, "allies inf 6,12", "allies inf 8,0", "axis inf 2,12", "axis inf 0,0")
	ids := giveCombat(t, g.s, Allies, "t-new-men")
	g.wound("6,12", 3)
	g.wound("8,0", 1)
	before := g.s.Clone()
	a, err := ParseAction("combat " + itoa(ids[0]) + " 8,14")
	if err != nil {
		t.Fatal(err)
	}
	_, outs, err := g.s.ApplyRecorded(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := before.Replay(a, outs); err != nil {
		t.Fatal(err)
	}
	if before.Hash() != g.s.Hash() {
		t.Error("the replayed deployment differs")
	}
}
