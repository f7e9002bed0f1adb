package rules

// Pending decisions: what the turn waits for inside a step is a stack of
// frames, not fields on the state. A battle pushes a frame that lives
// through the window for an answer, the roll, the target's retreat, take
// ground and the overrun; an answer to it (Ambush) pushes its own frame on
// top, resolved first; a card's own attack (Air Power, Barrage) is a frame
// holding its hexes; a Recon's choice is a frame holding the two cards. A
// rule that adds a reaction or a sub-decision pushes a frame of its kind;
// when a frame is done it is popped and the frame below goes on.

type frameKind uint8

const (
	frBattle     frameKind = iota // a declared battle (its armor overrun is a new one)
	frAnswer                      // the attacked unit's fire back before the battle it answers (Ambush)
	frCardFire                    // a card's own attack: the hexes chosen, fired one by one
	frKeep                        // after a Recon: the two cards drawn, one to keep
	frBattleBack                  // the attacked unit's fire back after the battle (British Commonwealth command)
)

// frame is one pending decision and what it needs to go on.
type frame struct {
	kind              frameKind
	att, target       int8 // the firing unit (-1 for a card) and the unit fired at
	attPos, targetPos int16
	close, overrun    bool
	// The fire being resolved: the unit whose hits and flags are applied,
	// whether its flags may be ignored, and its ways to retreat.
	victim   int8
	noIgnore bool
	retreats []retreatOpt
	// frCardFire: the hexes aimed at, and the next to fire at.
	aim  []int16
	next int8
	// section, for an air raid: 1 + the Recon's section, where the first
	// hex aimed at must lie (ruling 21); 0 for a card of its own.
	section int8
	// frKeep: the two cards drawn.
	keep [2]CardID
	// Winter Combat cards (winter_combat.go): the defender's reaction
	// window is over, the dice the attacker loses by them, the flags being
	// applied and whether Tenacity was played on them.
	reacted, tenacious bool
	malus, flags       int8
}

// push puts f on the stack, reusing the buffers of a frame popped before.
func (s *State) push(f frame) {
	n := len(s.stack)
	if n < cap(s.stack) {
		old := s.stack[:n+1][n]
		f.retreats, f.aim = old.retreats[:0], old.aim[:0]
	}
	s.stack = append(s.stack, f)
}

// top is the frame on top of the stack (nil if none). It stays valid until
// the next push.
func (s *State) top() *frame {
	if len(s.stack) == 0 {
		return nil
	}
	return &s.stack[len(s.stack)-1]
}

func (s *State) pop() { s.stack = s.stack[:len(s.stack)-1] }

// keepCards are the two cards a Recon drew, waiting for the keep (NoCard
// twice when none).
func (s *State) keepCards() [2]CardID {
	for i := range s.stack {
		if s.stack[i].kind == frKeep {
			return s.stack[i].keep
		}
	}
	return [2]CardID{NoCard, NoCard}
}

// aimed is the hexes the card in play aims at (nil when none).
func (s *State) aimed() []int16 {
	for i := range s.stack {
		if s.stack[i].kind == frCardFire {
			return s.stack[i].aim
		}
	}
	return nil
}

// cloneStack is a deep copy of the stack.
func cloneStack(st []frame) []frame {
	if st == nil {
		return nil
	}
	out := make([]frame, len(st), cap(st))
	for i, f := range st {
		f.retreats = append([]retreatOpt(nil), f.retreats...)
		f.aim = append([]int16(nil), f.aim...)
		out[i] = f
	}
	return out
}
