package rules

// Determinize is a copy of the state in which everything viewer cannot know
// is sampled afresh from what it can: the other side's hand cards (and the
// two cards it is choosing between after a Recon) are redealt at random from
// the pool of cards viewer has not seen, face-down minefield tokens are
// redrawn from the tokens nobody has seen, and the dice generator is reseeded.
// Bots search such copies, so they never use hidden information.
func (s *State) Determinize(viewer Side, seed uint64) *State {
	return s.DeterminizeInto(nil, viewer, seed)
}

// DeterminizeInto is Determinize into dst's memory (CloneInto): a bot that
// samples world after world reuses one state.
func (s *State) DeterminizeInto(dst *State, viewer Side, seed uint64) *State {
	c := s.CloneInto(dst)
	c.rng = rng{seed}
	c.forced = nil // forced outcomes are known to nobody
	opp := viewer.Opp()
	// Pool: the draw pile plus every card the viewer cannot see.
	pool := c.deck
	var counts [2]int
	for p := 0; p < int(c.players[opp]); p++ {
		k := seatOf(opp, p)
		counts[p] = len(c.hands[k])
		pool = append(pool, c.hands[k]...)
		c.hands[k] = c.hands[k][:0]
	}
	keepHidden := c.phase == PhaseKeep && c.active == opp
	if keepHidden {
		k := c.keepCards()
		pool = append(pool, k[0], k[1])
	}
	c.deck = pool
	for p := 0; p < int(c.players[opp]); p++ {
		k := seatOf(opp, p)
		for n := 0; n < counts[p]; n++ {
			c.hands[k] = append(c.hands[k], c.drawCard())
		}
	}
	if keepHidden {
		c.top().keep = [2]CardID{c.drawCard(), c.drawCard()}
	}
	c.determinizeCombat(opp)
	c.redealMines() // face-down minefield tokens are known to nobody
	return c
}
