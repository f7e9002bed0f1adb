package rules

import "fmt"

// The turn (rulebook p.6): play a card, order units, move, battle, draw.

// startTurn begins the active side's turn.
func (s *State) startTurn() {
	s.phase = PhaseCard
	s.emit(Event{Kind: EvTurnStarted, Side: s.active, N: int8(min(s.turn, 127))})
	for i := range s.units {
		u := &s.units[i]
		u.start = u.pos
		u.ordered, u.moved, u.stopped, u.noBattle, u.battled, u.overrun = false, false, false, false, false, false
		u.dist = 0
	}
	s.orderedBy = s.orderedBy[:0]
	if len(s.hands[s.active]) == 0 {
		s.endTurn() // nothing to play: the turn passes to the draw
	}
}

// sectionsOf is the bit set of sections unit u is in, seen by its owner.
func (s *State) sectionsOf(u *unit) uint8 { return s.b.section[u.side][u.pos] }

// ordersFit reports whether the units ordered so far plus extra can be
// assigned to sections within the card's quota (a unit on a section line
// counts for one of its sections only).
func (s *State) ordersFit(extra int) bool {
	var q [3]int8 = s.quota
	var list [16]uint8
	n := 0
	for _, ui := range s.orderedBy {
		if n == len(list) {
			return false
		}
		list[n] = s.sectionsOf(&s.units[ui])
		n++
	}
	if extra >= 0 {
		if n == len(list) {
			return false
		}
		list[n] = s.sectionsOf(&s.units[extra])
		n++
	}
	var fit func(k int) bool
	fit = func(k int) bool {
		if k == n {
			return true
		}
		for sec := Left; sec <= Right; sec++ {
			if list[k]&(1<<sec) != 0 && q[sec] > 0 {
				q[sec]--
				ok := fit(k + 1)
				q[sec]++
				if ok {
					return true
				}
			}
		}
		return false
	}
	return fit(0)
}

// orderable reports whether unit i may be ordered now.
func (s *State) orderable(i int) bool {
	u := &s.units[i]
	if u.dead || u.ordered || u.side != s.active {
		return false
	}
	if s.sectionsOf(u)&s.quotaMask() == 0 {
		return false
	}
	return s.ordersFit(i)
}

func (s *State) quotaMask() uint8 {
	var m uint8
	for sec := Left; sec <= Right; sec++ {
		if s.quota[sec] > 0 {
			m |= 1 << sec
		}
	}
	return m
}

func (s *State) anyOrderable() bool {
	for i := range s.units {
		if s.orderable(i) {
			return true
		}
	}
	return false
}

// playCard puts a card in play and moves to ordering.
func (s *State) playCard(id CardID) {
	hand := s.hands[s.active]
	for k, c := range hand {
		if c == id {
			copy(hand[k:], hand[k+1:])
			s.hands[s.active] = hand[:len(hand)-1]
			break
		}
	}
	s.played = id
	s.emit(Event{Kind: EvCardPlayed, Side: s.active, Card: id})
	card := s.b.deck[id]
	s.quota = card.quota()
	s.phase = PhaseOrder
	if card.Kind == Assault {
		// Assault orders every unit in the section: no choice to make.
		for i := range s.units {
			if s.orderable(i) {
				s.order(i)
			}
		}
	}
	s.afterOrder()
}

func (s *State) order(i int) {
	u := &s.units[i]
	u.ordered = true
	s.orderedBy = append(s.orderedBy, int8(i))
	s.emit(Event{Kind: EvUnitOrdered, Side: u.side, From: s.b.hexAt[u.pos]})
}

// afterOrder ends the order step when nothing more can be ordered. A card
// that orders no unit ends the turn (rulebook p.6 "Activer des unités").
func (s *State) afterOrder() {
	if s.anyOrderable() {
		return
	}
	s.endOrders()
}

func (s *State) endOrders() {
	if len(s.orderedBy) == 0 {
		s.endTurn()
		return
	}
	s.phase = PhaseMove
	s.afterMove()
}

// afterMove ends the move step when no ordered unit can move any more.
func (s *State) afterMove() {
	if s.phase != PhaseMove {
		return
	}
	for _, ui := range s.orderedBy {
		u := &s.units[ui]
		if !u.dead && !u.moved && s.canMove(int(ui)) {
			return
		}
	}
	s.phase = PhaseBattle
	s.afterBattle()
}

// afterBattle ends the battle step when no ordered unit can battle any more.
func (s *State) afterBattle() {
	if s.phase != PhaseBattle {
		return
	}
	var buf [32]Action
	for _, ui := range s.orderedBy {
		u := &s.units[ui]
		if !s.canBattleNow(u) {
			continue
		}
		if s.canRemoveWire(u) || len(s.targets(int(ui), buf[:0])) > 0 {
			return
		}
	}
	s.endTurn()
}

// canRemoveWire: infantry that could battle may give up its battle to remove
// the wire on its hex (rulebook "Barbelés").
func (s *State) canRemoveWire(u *unit) bool {
	return u.typ == Infantry && s.obstacle[u.pos] == Wire && s.canBattleNow(u)
}

// endTurn discards the card played and draws (Recon: draw 2, keep 1).
func (s *State) endTurn() {
	if s.phase == PhaseOver {
		return
	}
	if s.played != NoCard {
		card := s.b.deck[s.played]
		s.discard = append(s.discard, s.played)
		s.emit(Event{Kind: EvCardDiscarded, Side: s.active, Card: s.played})
		s.played = NoCard
		if cardTable[card.Kind].drawN == 2 {
			s.keep[0] = s.drawCard()
			s.keep[1] = s.drawCard()
			if s.keep[0] != NoCard && s.keep[1] != NoCard {
				s.phase = PhaseKeep
				return
			}
			if s.keep[0] != NoCard {
				s.addToHand(s.keep[0])
			}
			s.keep = [2]CardID{NoCard, NoCard}
			s.nextTurn()
			return
		}
	}
	if c := s.drawCard(); c != NoCard {
		s.addToHand(c)
	}
	s.nextTurn()
}

func (s *State) addToHand(c CardID) {
	s.hands[s.active] = append(s.hands[s.active], c)
	s.emit(Event{Kind: EvCardDrawn, Side: s.active, Card: c})
}

// keepCard ends a Recon draw: one card to the hand, the other discarded.
func (s *State) keepCard(c CardID) {
	other := s.keep[0]
	if other == c {
		other = s.keep[1]
	}
	s.addToHand(c)
	s.discard = append(s.discard, other)
	s.emit(Event{Kind: EvCardDiscarded, Side: s.active, Card: other})
	s.keep = [2]CardID{NoCard, NoCard}
	s.nextTurn()
}

func (s *State) nextTurn() {
	s.emit(Event{Kind: EvTurnEnded, Side: s.active})
	s.active = s.active.Opp()
	s.turn++
	s.startTurn()
}

// Apply carries out a legal action and returns the events it caused. An
// action that is not legal now returns an error naming why, and leaves the
// state untouched.
func (s *State) Apply(a Action) ([]Event, error) {
	if s.phase == PhaseOver {
		return nil, ErrGameOver
	}
	if !s.IsLegal(a) {
		return nil, fmt.Errorf("%w: %q in phase %s for %s", ErrIllegal, a.String(), s.phase, s.ToAct())
	}
	var evs []Event
	s.events = &evs
	s.do(a)
	s.events = nil
	return evs, nil
}

// Play carries out an action known to be legal (taken from LegalActions)
// without checking it or recording events: the fast path for simulations.
func (s *State) Play(a Action) { s.do(a) }

// IsLegal reports whether a is one of the legal actions now.
func (s *State) IsLegal(a Action) bool {
	var buf [256]Action
	for _, l := range s.LegalActions(buf[:0]) {
		if l == a {
			return true
		}
	}
	return false
}

func (s *State) do(a Action) {
	g := s.b.grid
	switch a.Kind {
	case ActPlay:
		s.playCard(a.Card)
	case ActOrder:
		s.order(int(s.occ[g.Index(a.From)]))
		s.afterOrder()
	case ActEndOrders:
		s.endOrders()
	case ActMove:
		ui := int(s.occ[g.Index(a.From)])
		to := int16(g.Index(a.To))
		var buf [64]dest
		for _, d := range s.reach(ui, buf[:0]) {
			if d.pos == to {
				s.moveUnit(ui, to, d.cost)
				break
			}
		}
		s.afterMove()
	case ActEndMoves:
		s.phase = PhaseBattle
		s.afterBattle()
	case ActBattle:
		ui := int(s.occ[g.Index(a.From)])
		s.battle(ui, int16(g.Index(a.To)), s.phase == PhaseOverrun)
	case ActRemoveWire:
		i := int16(g.Index(a.From))
		u := &s.units[s.occ[i]]
		u.battled = true
		s.obstacle[i] = NoObstacle
		s.emit(Event{Kind: EvObstacleRemoved, From: a.From, N: int8(Wire)})
		s.afterBattle()
	case ActEndBattles:
		s.endTurn()
	case ActRetreat:
		for _, o := range s.bt.retreats {
			if s.b.hexAt[o.to] == a.To && o.ignore == int8(a.Arg) {
				s.applyRetreat(o)
				break
			}
		}
	case ActTakeGround:
		s.takeGround()
	case ActSkip:
		s.phase = PhaseBattle
		s.afterBattle()
	case ActKeep:
		s.keepCard(a.Card)
	}
}
