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

// FAQ III Règles de Blitz: the Axis may play any Recon as Air Power (in the
// Recon's section), and the Allied armor moves 2 hexes at most, whether it
// battles or not — even under Armor Assault.
func TestBlitz(t *testing.T) {
	s, seed := setupOf(t, "allies arm 6,10", "allies inf 8,0", "axis inf 2,10", "axis inf 0,0", "first=axis")
	s.AirRaids = []AirRaid{{Side: Axis}}
	s.MoveLimits = []MoveLimit{{Side: Allies, Class: Armor, Max: 2}}
	s.Deck = nil
	st, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	g := &tcGame{t: t, s: st}
	g.hand(Axis, "recon-center", "probe-left")
	recon, _ := g.cardIn(g.s.Hand(Axis), "recon-center")
	if !slices.Contains(g.legal(), Action{Kind: ActPlay, Card: recon, Arg: ArgAsAirPower}.String()) {
		t.Fatalf("the Axis cannot raid: %v", g.legal())
	}
	reach, _ := st.Reachable(H("6,10"))
	for _, h := range reach {
		if d := hex.Distance(H("6,10"), h); d > 2 {
			t.Fatalf("Allied armor reaches %s, %d hexes away", h, d)
		}
	}
	if len(reach) == 0 {
		t.Fatal("the armor cannot move at all")
	}
	// Armor Assault gives no more.
	s2, _ := setupOf(t, "allies arm 6,10", "allies inf 8,0", "axis inf 2,10", "axis inf 0,0", "deck=full")
	s2.MoveLimits = []MoveLimit{{Side: Allies, Class: Armor, Max: 2}}
	g2 := tcNew(t, s2)
	g2.hand(Allies, "armor-assault", "probe-left")
	g2.play("armor-assault")
	g2.do("order 6,10")
	g2.wantPhase(PhaseMove)
	two := 0
	for _, a := range g2.s.Legal() {
		if a.Kind == ActMove && hex.Distance(a.From, a.To) > 2 {
			t.Fatalf("under Armor Assault the Allied armor moves %s", a)
		}
		if a.Kind == ActMove && hex.Distance(a.From, a.To) == 2 {
			two++
		}
	}
	if two == 0 {
		t.Fatal("the armor has no 2-hex move")
	}

}
