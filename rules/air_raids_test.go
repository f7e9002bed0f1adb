package rules

import (
	"slices"
	"testing"

	"m44/hex"
)

// FAQ XI Operation Lüttich (Counter-attack on Mortain's Hill 317) and
// command-cards.md rulings 21, 56, 79, 80: while an Allied unit holds Hill
// 317 the Allies may play a Recon as Air Power; its group includes a hex of
// the Recon's section; it is exactly an Air Power (no draw-2); a Recon in
// Force never counts; the Axis may not, so an Axis Counter-Attack of it is a
// Recon only.
func TestAirRaidHill317(t *testing.T) {
	g := tcStart(t, "allies inf 5,21", "allies inf 8,0", "axis inf 3,19", "axis inf 2,20", "axis inf 1,3")
	g.s.b.setup.AirRaids = []AirRaid{{Side: Allies, While: []hex.Hex{H("5,21"), H("4,22")}}}
	g.hand(Allies, "recon-right", "recon-in-force", "recon-center")
	recon, _ := g.cardIn(g.s.Hand(Allies), "recon-right")
	center, _ := g.cardIn(g.s.Hand(Allies), "recon-center")
	rif, _ := g.cardIn(g.s.Hand(Allies), "recon-in-force")
	legal := g.legal()
	as := Action{Kind: ActPlay, Card: recon, Arg: ArgAsAirPower}.String()
	if !slices.Contains(legal, as) {
		t.Fatalf("legal %v lacks %q", legal, as)
	}
	for _, no := range []Action{{Kind: ActPlay, Card: rif, Arg: ArgAsAirPower}, {Kind: ActPlay, Card: center, Arg: ArgAsAirPower}} {
		if slices.Contains(legal, no.String()) {
			t.Errorf("%q is offered: a Recon in Force never raids (ruling 80); a Recon whose section has no enemy has nothing to aim at first (ruling 21)", no)
		}
	}
	if back, err := ParseAction(as); err != nil || back.Arg != ArgAsAirPower {
		t.Fatalf("ParseAction(%q) = %v, %v", as, back, err)
	}
	g.do(as)
	g.wantPhase(PhaseTarget)
	if got := g.s.View(Allies).InEffect; got != "air-power" {
		t.Fatalf("in effect %q", got)
	}
	// The first hex must lie in the Recon's section (the Allies' right): not 1,3.
	g.wantKind("target", "target 3,19", "target 2,20")
	g.dice("grenade grenade grenade grenade")
	g.do("target 3,19")
	g.do("target 2,20")
	if g.s.Phase() == PhaseKeep {
		t.Fatal("a Recon played as Air Power drew two (ruling 79)")
	}
	// The Axis may not raid: its Counter-Attack copies a Recon.
	if g.s.Active() != Axis {
		t.Fatalf("active %s", g.s.Active())
	}
	g.hand(Axis, "counter-attack")
	ca, _ := g.cardIn(g.s.Hand(Axis), "counter-attack")
	if l := g.legal(); slices.Contains(l, Action{Kind: ActPlay, Card: ca, Arg: ArgAsAirPower}.String()) || !slices.Contains(l, Action{Kind: ActPlay, Card: ca}.String()) {
		t.Fatalf("axis legal %v", l)
	}
	// Without a unit on Hill 317 the Allies play Recons as Recons.
	h := tcStart(t, "allies inf 6,20", "allies inf 8,0", "axis inf 3,19", "axis inf 1,3")
	h.s.b.setup.AirRaids = []AirRaid{{Side: Allies, While: []hex.Hex{H("5,21"), H("4,22")}}}
	h.hand(Allies, "recon-right")
	for _, l := range h.legal() {
		if p, _ := ParseAction(l); p.Arg == ArgAsAirPower {
			t.Fatalf("raid offered off the hill: %v", h.legal())
		}
	}
}
