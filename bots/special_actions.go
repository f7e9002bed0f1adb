package bots

import "m44/rules"

// smokeGain judges a smoke screen (FAQ III "Écran de fumée";
// rules/smokescreen.go): the dice the enemy's units would lose against
// mine behind it, less half the dice mine would lose against theirs (mine
// move before the screen lifts, and may go round it; theirs stand where
// they are). The engine counts the dice (BattleDice on the state before and
// after the screen: range, line of sight, artillery ignoring it). The
// screen costs no card, so one that takes more of their dice is laid before
// the card is played; one that does not is never chosen.
func (k *know) smokeGain(a rules.Action, me rules.Side) float64 {
	c := k.s.Clone()
	if _, err := c.Apply(a); err != nil {
		return -1e9
	}
	gain := 0.0
	for i := range k.units {
		from := &k.units[i]
		for j := range k.units {
			to := &k.units[j]
			if to.side == from.side || k.dist(from.pos, to.pos) > 6 {
				continue
			}
			fh, th := k.st.hexAt[from.pos], k.st.hexAt[to.pos]
			before, _ := k.s.BattleDice(fh, th)
			after, _ := c.BattleDice(fh, th)
			if lost := float64(before - after); from.side == me {
				gain -= lost / 2
			} else {
				gain += lost
			}
		}
	}
	if gain <= 0 {
		return -1e9
	}
	return 1e6 + gain
}

// enterGain judges bringing breakthrough armor onto the board (the .m44
// option armor_breakthrough_rules; rules/armor_breakthrough.go): the
// position after it, as the bot judges positions, less the position now.
// Entering is certain (no chance), so one look is enough.
func (pl *policy) enterGain(s *rules.State, a rules.Action, me rules.Side, now float64) float64 {
	c := s.Clone()
	c.Play(a)
	k := newKnow(c, pl.w)
	defer k.free()
	return k.eval(me) - now
}
