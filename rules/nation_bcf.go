package rules

// British Commonwealth Forces command (the Mediterranean Theater's nation
// rules; the FAQ v1.3 lists it under VII Nations, whose text our copy lacks):
// a British Commonwealth unit that is down to its last figure, is attacked in
// close assault by an enemy unit, and after that attack is neither eliminated
// nor moved by a retreat, battles back against its attacker at once. The
// battle back is an ordinary battle of the defender's dice against the
// attacker's hex (terrain, maluses and the attacker's flags as usual); it
// never follows an Ambush's fire or a card's own attack, and gives no take
// ground. UnitSetup.BattleBack marks the units that have this rule.

// mayBattleBack reports whether the target of the close assault f may battle
// back at its attacker now that the assault is resolved.
func (s *State) mayBattleBack(f *frame) bool {
	if f.kind != frBattle || !f.close || !s.b.battleBack[f.target] {
		return false
	}
	d, a := &s.units[f.target], &s.units[f.att]
	if d.dead || d.pos != f.targetPos || d.figures != 1 || a.dead {
		return false
	}
	return !s.noBattleFrom(d.pos) && s.battleDice(d, a.pos, false) > 0
}

// battleBack: the target of the close assault f fires back at its
// attacker, in a frame of its own above the battle; when it is resolved the
// battle below ends (afterResolve).
func (s *State) battleBack(f *frame) {
	d, a := &s.units[f.target], &s.units[f.att]
	s.push(frame{kind: frBattleBack, att: f.target, target: f.att, attPos: d.pos, targetPos: a.pos, close: true})
	s.emitUnits(Event{Kind: EvBattleBack, Side: d.side, From: s.b.hexAt[d.pos], To: s.b.hexAt[a.pos]}, int(f.target), int(f.att))
	s.fire(d.side, int(f.att), s.battleDice(d, a.pos, false), false, false)
}
