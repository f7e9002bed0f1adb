package rules

import (
	"fmt"
	"testing"
)

// command-cards.md "Ambush": the answer fire is a frame above the battle it
// answers; the attacker's retreat is decided inside it, and the battle frame
// below waits for it. Nothing of the battle lives in fields of the state.
func TestAmbushAnswerIsAFrameAboveTheBattle(t *testing.T) {
	g, amb := ambushStart(t, "5,9", "5,11", "allies inf 5,9", "axis inf 5,11")
	g.wantPhase(PhaseAmbush)
	if n := len(g.s.stack); n != 1 || g.s.stack[0].kind != frBattle {
		t.Fatalf("in the window: %d frames %+v, want the declared battle", n, g.s.stack)
	}
	g.dice("flag flag star")
	g.do(fmt.Sprintf("play %d", amb))
	g.wantPhase(PhaseRetreat)
	st := g.s.stack
	if len(st) != 2 || st[0].kind != frBattle || st[1].kind != frAnswer {
		t.Fatalf("during the answer's retreat: %+v, want battle then answer", st)
	}
	if st[1].victim != st[0].att || st[1].att != st[0].target {
		t.Fatalf("the answer fires from the target at the attacker: %+v", st)
	}
	// A copy is independent of its original's frames.
	c := g.s.Clone()
	c.stack[1].retreats[0].to = -7
	if g.s.stack[1].retreats[0].to == -7 {
		t.Fatal("Clone shares the retreat options of a frame")
	}
}

// command-cards.md "Recon": the two cards drawn wait in a keep frame.
func TestReconKeepIsAFrame(t *testing.T) {
	for seed := uint64(1); seed < 400; seed++ {
		s, err := New(smokeSetup(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; steps < 400 && s.Phase() != PhaseOver; steps++ {
			if s.Phase() == PhaseKeep {
				k := s.keepCards()
				if len(s.stack) != 1 || s.stack[0].kind != frKeep || k[0] == NoCard || k[1] == NoCard {
					t.Fatalf("keep phase with frames %+v", s.stack)
				}
				return
			}
			l := s.Legal()
			s.Play(l[int(seed+uint64(steps))%len(l)])
		}
	}
	t.Fatal("no Recon keep came up")
}
