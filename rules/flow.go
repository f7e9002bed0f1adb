package rules

import (
	"math/bits"
	"slices"

	"m44/hex"
)

// The turn (rulebook p.6): play a card, order units, move, battle, draw.

// startTurn begins the active side's turn.
func (s *State) startTurn() {
	s.phase = PhaseCard
	s.emit(Event{Kind: EvTurnStarted, Side: s.active, N: int8(min(s.turn, 127))})
	if s.b.turnStart {
		s.turnStartObjectives()
		if s.phase == PhaseOver {
			return
		}
	}
	units := s.units // (a local: the stores below do not make it read again)
	for i := range units {
		u := &units[i]
		u.start = u.pos
		u.ordered, u.moved, u.stopped, u.noBattle, u.battled, u.overrun, u.fx, u.landed = false, false, false, false, false, false, false, false
		u.gave = false
		u.dist, u.shots = 0, 0
	}
	s.orderedBy = s.orderedBy[:0]
	s.visibilityRoll()
	s.sabotageRoll()
	if s.phase == PhaseOver {
		return
	}
	s.cfx = s.cfx[:0]
	s.airdrop()
	if s.phase == PhaseOver {
		return
	}
	s.stack = s.stack[:0]
	s.quota = [numSlots]int8{}
	s.fallback, s.second, s.ambusher = false, false, 0
	if len(s.hands[s.seat(s.active)]) == 0 && s.shared[s.active] == NoCard {
		s.endTurn() // nothing to play: the turn passes to the draw
	}
}

// slotsOf is the bit set of order slots unit u fits, seen by its owner.
func (s *State) slotsOf(u *unit) uint16 {
	return uint16(s.b.section[u.side&1][uint8(u.pos)]) | 1<<slotAny | 1<<(slotInf+int(u.typ))
}

// ordersFit reports whether the units ordered so far plus extra (-1 for
// none) can be assigned to the card's slots within its quota: a unit on a
// section line counts for one of its sections only (rulebook p.6). It is
// asked only of a quota in several slots (orderableBy answers a single
// slot by counting units).
func (s *State) ordersFit(extra int) bool {
	q := s.quota
	var list [24]uint16
	n := 0
	for _, ui := range s.orderedBy {
		if n == len(list) {
			return false
		}
		list[n] = s.slotsOf(&s.units[ui])
		n++
	}
	if extra >= 0 {
		if n == len(list) {
			return false
		}
		list[n] = s.slotsOf(&s.units[extra])
		n++
	}
	return slotsFit(list[:n], &q)
}

// slotsFit reports whether units that may count for the slots of list (a
// bit set each) can all be given one of the slots with orders left in q.
// Each unit tries only the slots it fits (issue 15, fifth pass).
func slotsFit(list []uint16, q *[numSlots]int8) bool {
	if len(list) == 0 {
		return true
	}
	for m := list[0]; m != 0; m &= m - 1 {
		sl := bits.TrailingZeros16(m)
		if sl < numSlots && q[sl] > 0 {
			q[sl]--
			ok := slotsFit(list[1:], q)
			q[sl]++
			if ok {
				return true
			}
		}
	}
	return false
}

// orderable reports whether unit i may be ordered now.
func (s *State) orderable(i int) bool {
	of := s.orderFit()
	return s.orderableBy(&of, i)
}

// orderFits is what deciding whether a unit may be ordered needs of the
// card in play, worked out once for all the units a decision looks at
// (issue 15: order feasibility is not searched again for every unit).
// Whether one more unit fits the card's slots depends only on the slots the
// unit may count for (slotsOf), so the answer is kept per set of slots.
type orderFits struct {
	mask   uint16 // the slots with orders left
	single int    // the only such slot, -1 if several
	n      int    // units ordered so far
	may    func(*State, *unit) bool
	// fits known so far for sets of slots (several slots only)
	known [12]struct {
		slots uint16
		fits  bool
	}
	nk int
	// none: no unit can be ordered whatever its slots (no orders left)
	none bool
}

func (s *State) orderFit() orderFits {
	var of orderFits
	s.orderFitIn(&of)
	return of
}

// orderFitIn is orderFit in of's memory (issue 15, third pass: the fits
// known so far are dropped, not cleared).
func (s *State) orderFitIn(of *orderFits) {
	of.mask, of.single, of.n, of.nk, of.may = s.quotaMask(), -1, len(s.orderedBy), 0, nil
	if of.mask != 0 && of.mask&(of.mask-1) == 0 {
		of.single = bits.TrailingZeros16(of.mask)
	}
	of.none = of.mask == 0 || of.single >= 0 && of.n >= int(s.quota[of.single])
	if !s.fallback {
		of.may = s.effDef().Hooks.MayOrder
	}
}

// orderableBy is orderable with the card's orderFits.
func (s *State) orderableBy(of *orderFits, i int) bool {
	u := &s.units[i]
	if u.dead || u.ordered || u.side != s.active || u.landed {
		return false
	}
	slots := s.slotsOf(u)
	if slots&of.mask == 0 {
		return false
	}
	if of.may != nil && !of.may(s, u) {
		return false
	}
	if of.single >= 0 {
		return of.n < int(s.quota[of.single]) // ordersFit's count of a single slot
	}
	// Whether it fits depends only on its slots with orders left (slotsFit
	// tries no other): the answer is kept for them (issue 15, seventh pass).
	key := slots & of.mask
	for k := range of.nk {
		if of.known[k].slots == key {
			return of.known[k].fits
		}
	}
	fits := s.ordersFit(i)
	if of.nk < len(of.known) {
		of.known[of.nk].slots, of.known[of.nk].fits = key, fits
		of.nk++
	}
	return fits
}

func (s *State) quotaMask() uint16 {
	// The quota's bytes in one word, each tested at once (issue 15,
	// seventh pass: the loop over the slots cost two fifths of orderFitIn):
	// a byte's high bit is set in nz when it is not 0, and in pos when it is
	// above 0; the multiplication gathers those bits, one per slot, into the
	// top byte.
	q := &s.quota
	x := uint64(uint8(q[0])) | uint64(uint8(q[1]))<<8 | uint64(uint8(q[2]))<<16 | uint64(uint8(q[3]))<<24 |
		uint64(uint8(q[4]))<<32 | uint64(uint8(q[5]))<<40 | uint64(uint8(q[6]))<<48
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	nz := (x&low7 + low7) | x
	pos := nz &^ x & high
	return uint16(((pos >> 7) * 0x0102040810204080) >> 56)
}

// quotaMask reads numSlots bytes (a slot more must be read there).
var _ = [1]struct{}{}[numSlots-7]

// anyOrderable reports whether a unit may be ordered now. It lists them
// all, and keeps the list for the decision's LegalActions (State.ordList;
// issue 15: order feasibility is not worked out twice for one decision).
func (s *State) anyOrderable() bool {
	less, listed := s.ordLess, s.ordKey
	s.ordKey, s.ordLess = 0, 0
	var of orderFits
	s.orderFitIn(&of)
	if of.none {
		return false
	}
	if less != 0 && listed == s.rgen && of.mask == s.ordMask {
		// The list made for the decision before, less the unit then
		// ordered (issue 15, third pass): an order changes nothing else
		// that decides whether a unit may be ordered (do sets ordLess only
		// for a card without an order hook), and a unit more ordered can
		// only take the room left from others, so the units not listed
		// then stay out. With one slot and no hook, every unit listed
		// still fits while the slot has orders left (of.none above).
		check := of.single < 0 || of.may != nil
		n := 0
		for _, i := range s.ordList[:s.ordN] {
			if i == less-1 || check && !s.orderableBy(&of, int(i)) {
				continue
			}
			s.ordList[n] = i
			n++
		}
		s.ordKey, s.ordN, s.ordMask = s.rgen+1, uint8(n), of.mask
		return n > 0
	}
	n, kept := 0, true
	if of.single >= 0 && of.may == nil {
		// One slot with orders left and no hook (most cards): orderableBy
		// for the active side's units comes down to this.
		for _, i := range s.b.sideUnits[s.active] {
			u := &s.units[i]
			if u.dead || u.ordered || u.landed || s.slotsOf(u)&of.mask == 0 {
				continue
			}
			if n == len(s.ordList) {
				kept = false
				break
			}
			s.ordList[n] = i
			n++
		}
		if kept {
			s.ordKey, s.ordN, s.ordMask = s.rgen+1, uint8(n), of.mask
		}
		return n > 0
	}
	for _, i := range s.b.sideUnits[s.active] {
		if s.units[i].ordered {
			continue // the quick part of orderableBy
		}
		if s.orderableBy(&of, int(i)) {
			if n == len(s.ordList) {
				kept = false
				break
			}
			s.ordList[n] = i
			n++
		}
	}
	if kept {
		s.ordKey, s.ordN, s.ordMask = s.rgen+1, uint8(n), of.mask
	}
	return n > 0
}

// hasUnitOfType reports whether side has any unit of type t on the board.
func (s *State) hasUnitOfType(side Side, t UnitType) bool {
	for i := range s.units {
		if u := &s.units[i]; !u.dead && u.side == side && u.typ == t {
			return true
		}
	}
	return false
}

// effectiveCard is the card a played card acts as: a Counter-Attack becomes
// the card the opponent had in effect on his last turn, mirrored
// (command-cards.md "Counter-Attack"; FAQ rulings 53-55).
func (s *State) effectiveCard(id CardID) (Card, bool) {
	c := s.b.deck[id]
	if !s.b.deckDef[id].CopiesLast {
		return c, true
	}
	opp := s.active.Opp()
	if !s.hasLast[opp] {
		return c, false
	}
	return s.last[opp].Mirror(), true
}

// playCard puts a card in play and sets up its orders.
func (s *State) playCard(id CardID, arg uint8) {
	s.fromShrd = s.shared[s.active] == id
	if s.fromShrd {
		s.shared[s.active] = NoCard
	} else {
		s.hands[s.seat(s.active)] = removeCard(s.hands[s.seat(s.active)], id)
	}
	s.played = id
	s.emit(Event{Kind: EvCardPlayed, Side: s.active, Card: id, N: int8(arg)})
	card, _ := s.effectiveCard(id)
	def := s.cardDef(card.Kind)
	if def.ChooseSection && !s.b.deckDef[id].CopiesLast {
		card.Section = Section(arg - 1) // the section chosen as the card is played
	}
	// A Counter-Attack copies the Recon, not the Air Power it was played as
	// (command-cards.md ruling 56).
	s.last[s.active], s.hasLast[s.active] = card, true
	raid := -1
	if arg == ArgAsAirPower {
		raid = int(card.Section)
		card = airPowerCard() // exactly an Air Power: no draw-2 (ruling 79)
		def = s.cardDef(card.Kind)
	}
	s.eff, s.effd = card, s.cardDef(card.Kind)
	s.quota = s.quotaOf(card)
	s.phase = PhaseOrder
	if def.Typed && !s.hasUnitOfType(s.active, def.Class) {
		// No unit of the card's class anywhere: 1 unit of your choice, no effects.
		s.fallback = true
		s.quota = Quota{slotAny: 1}
		s.afterOrder()
		return
	}
	if def.Aim != nil {
		s.push(frame{kind: frCardFire, att: -1, section: int8(raid + 1)})
		s.phase = PhaseTarget
		if !s.anyTarget() {
			s.endTurn()
		}
		return
	}
	if h := def.Hooks.OnPlay; h != nil && !s.canBlow() && !s.canCall() && !s.canEnter() {
		// An Assault orders its units at once, unless the card may be used
		// instead to blow a bridge or call in a drop, or bring breakthrough
		// armor in: the player chooses first, and his first order gives the
		// card its orders (do).
		h(s)
	}
	s.afterOrder()
}

// orderAll orders every orderable unit that keep accepts, then ends ordering.
func (s *State) orderAll(keep func(u *unit) bool) {
	var of orderFits
	s.orderFitIn(&of)
	for _, i := range s.b.sideUnits[s.active] { // (only the active side's may be ordered)
		if keep(&s.units[i]) && s.orderableBy(&of, int(i)) {
			s.order(int(i))
			s.orderFitIn(&of) // one more unit ordered
		}
	}
	s.quota = [numSlots]int8{}
}

// order orders unit i, giving it the card's effects unless this is a fallback.
func (s *State) order(i int) {
	u := &s.units[i]
	u.ordered = true
	u.fx = !s.fallback
	u.shots = 1
	def := s.effDef()
	if u.fx && def.Shots > 0 {
		u.shots = def.Shots
	}
	s.orderedBy = append(s.orderedBy, int8(i))
	if h := def.Hooks.OnOrder; u.fx && h != nil && !h(s, i) {
		// The card takes the order back (Medics & Mechanics: roll first,
		// report the order only if a figure comes back).
		u.ordered = false
		s.orderedBy = s.orderedBy[:len(s.orderedBy)-1]
		return
	}
	s.emitUnits(Event{Kind: EvUnitOrdered, Side: u.side, From: s.b.hexAt[u.pos]}, i, -1)
}

// afterOrder ends the order step when nothing more can be ordered. A card
// that orders no unit ends the turn (rulebook p.6 "Activer des unités").
func (s *State) afterOrder() {
	if s.phase != PhaseOrder || s.anyOrderable() || s.canBlow() || s.canBuildPontoon() || s.canCall() || s.canEnter() {
		return
	}
	s.endOrders()
}

func (s *State) endOrders() {
	if len(s.orderedBy) == 0 {
		s.endTurn()
		return
	}
	if h := s.effDef().Hooks.AfterOrders; h != nil && !s.fallback && h(s) {
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
	s.endMoves()
}

func (s *State) endMoves() {
	if s.second {
		s.endTurn()
		return
	}
	s.phase = PhaseBattle
	s.afterBattle()
}

// afterBattle ends the battle step when no ordered unit can battle any more.
func (s *State) afterBattle() {
	if s.phase != PhaseBattle {
		return
	}
	if sc := s.rs; sc != nil {
		// List the decision's options once, for LegalActions too: the step
		// goes on if there is any (reinforceOptions lists a unit's
		// reinforcements exactly when canReinforce).
		sc.bkey = 0
		opts := s.battleOptions(sc.bacts[:0])
		if len(opts) <= len(sc.bacts) && &opts[:1][0] == &sc.bacts[0] {
			sc.bkey, sc.bn = s.rgen+1, len(opts)
		}
		if len(opts) > 0 {
			return
		}
		s.endBattles()
		return
	}
	var buf [32]Action
	for _, ui := range s.orderedBy {
		u := &s.units[ui]
		if s.canRemoveWire(u) || s.canReinforce(u) || s.canRecover(u) {
			return
		}
		if s.canBattleNow(u) && len(s.targets(int(ui), buf[:0])) > 0 {
			return
		}
	}
	s.endBattles()
}

// endBattles ends the battle step: Behind Enemy Lines then grants its second
// move, otherwise the turn ends.
func (s *State) endBattles() {
	if h := s.effDef().Hooks.AfterBattles; h != nil && !s.fallback && h(s) {
		return
	}
	s.endTurn()
}

// canRemoveWire: infantry that could battle may give up its battle to remove
// the wire on its hex (rulebook "Barbelés"; TerrainDef.RemovableInstead);
// engineers, who battle from it at -1, may still remove it after battling
// (Winter Wars V "Troupes du Génie"; UnitDef.ClearsAfterBattle), but only if
// they could battle (FAQ IV Troupes du génie: not after a 2-hex move).
func (s *State) canRemoveWire(u *unit) bool {
	now := s.canBattleNow(u)
	after := u.ordered && u.battled && !u.dead && !u.noBattle && s.kind(u).ClearsAfterBattle
	if !now && !after {
		return false // (the unit first, then its hex: issue 15, fifth pass)
	}
	f := s.removableInstead(u)
	if f == NoFeature {
		return false
	}
	// After battling only what its class removes (engineers: wire, not a
	// road block, which they remove "instead of battling", WW V).
	return now || s.b.cat.featureRow(f).RemovableInstead.Has(u.typ)
}

// endTurn discards the card played and draws (Recon: draw 2, keep 1; Their
// Finest Hour: reshuffle first; an Ambush player draws his card first).
func (s *State) endTurn() {
	if s.phase == PhaseOver {
		return
	}
	if s.ambusher > 0 {
		side := Side(s.ambusher - 1)
		if c := s.drawCard(); c != NoCard {
			s.addCard(side, int(s.ambushAt), c)
		}
		s.ambusher = 0
	}
	if s.played != NoCard {
		s.discard = append(s.discard, s.played)
		s.emit(Event{Kind: EvCardDiscarded, Side: s.active, Card: s.played})
		s.played = NoCard
		info := s.effDef()
		s.combatAtTurnEnd(info)
		if info.Reshuffle && !s.b.setup.NoReshuffle {
			s.deck = append(s.deck, s.discard...)
			s.discard = s.discard[:0]
			s.emit(Event{Kind: EvDeckReshuffled, N: int8(min(len(s.deck), 127))})
		}
		if info.DrawTwo {
			keep := [2]CardID{s.drawCard(), s.drawCard()}
			if keep[0] != NoCard && keep[1] != NoCard {
				s.push(frame{kind: frKeep, keep: keep})
				s.phase = PhaseKeep
				return
			}
			if keep[0] != NoCard {
				s.addToHand(keep[0])
			}
			s.growHand()
			s.nextTurn()
			return
		}
	}
	if c := s.drawCard(); c != NoCard {
		s.addToHand(c)
	}
	s.growHand()
	s.nextTurn()
}

// growHand draws the extra card of a side that builds its hand up during the
// game (Setup.GrowTo).
func (s *State) growHand() {
	target := s.b.setup.GrowTo[s.active]
	if s.players[s.active] == 2 {
		target -= 2
	}
	if target > 0 && len(s.hands[s.seat(s.active)]) < target {
		if c := s.drawCard(); c != NoCard {
			s.addCard(s.active, s.seat(s.active), c)
		}
	}
}

// addToHand puts the active player's new card where the played card came
// from: his hand, or face up as his team's shared card (rulebook annex 5).
func (s *State) addToHand(c CardID) {
	at := s.seat(s.active)
	if s.fromShrd {
		at = sharedPlace
	}
	s.addCard(s.active, at, c)
}

// sharedPlace marks a team's shared card place.
const sharedPlace = 4

func (s *State) addCard(side Side, at int, c CardID) {
	if at == sharedPlace {
		s.shared[side] = c
		s.emit(Event{Kind: EvCardDrawn, Side: side, Card: c, N: 1})
		return
	}
	s.hands[at] = append(s.hands[at], c)
	s.emit(Event{Kind: EvCardDrawn, Side: side, Card: c})
}

func removeCard(list []CardID, c CardID) []CardID {
	for k, h := range list {
		if h == c {
			copy(list[k:], list[k+1:])
			return list[:len(list)-1]
		}
	}
	return list
}

// keepCard ends a Recon draw: one card to the hand, the other discarded.
func (s *State) keepCard(c CardID) {
	keep := s.top().keep
	s.pop()
	other := keep[0]
	if other == c {
		other = keep[1]
	}
	s.addToHand(c)
	s.discard = append(s.discard, other)
	s.emit(Event{Kind: EvCardDiscarded, Side: s.active, Card: other})
	s.growHand() // after the Recon's own draw (FAQ XI Pegasus Bridge)
	s.nextTurn()
}

func (s *State) nextTurn() {
	if s.phase == PhaseOver {
		return // a draw ended the game (Setup.DeckOut)
	}
	if s.b.turnEnd {
		s.turnEndVictory()
		if s.phase == PhaseOver {
			return
		}
	}
	s.smokeAtTurnEnd(s.active)
	s.emit(Event{Kind: EvTurnEnded, Side: s.active})
	s.cur[s.active] = (s.cur[s.active] + 1) % s.players[s.active]
	s.fromShrd = false
	s.active = s.active.Opp()
	s.turn++
	s.startTurn()
}

// Apply carries out a legal action and returns the events it caused. An
// action that is not legal now returns an error naming why, and leaves the
// state untouched.
//
// Chance comes from the generator, or from outcomes queued by Force: one
// that turns out impossible is an error too, and changes nothing.
func (s *State) Apply(a Action) ([]Event, error) {
	evs, _, err := s.apply(a, nil, false, false)
	return evs, err
}

// Play carries out an action known to be legal (taken from LegalActions)
// without checking it or recording events: the fast path for simulations.
func (s *State) Play(a Action) { s.do(a) }

// IsLegal reports whether a is one of the legal actions now.
func (s *State) IsLegal(a Action) bool {
	if s.phase == PhaseCard {
		// A hand's plays: few, and the list stays on the stack.
		var buf [32]Action
		return slices.Contains(s.cardOptions(buf[:0]), a)
	}
	if sc := s.rs; sc != nil {
		// The working memory's list (the array below would be made on
		// the heap each time: LegalActions hands it to the rules' own
		// functions).
		sc.legal = s.LegalActions(sc.legal[:0])
		return slices.Contains(sc.legal, a)
	}
	var buf [256]Action
	return slices.Contains(s.LegalActions(buf[:0]), a)
}

func (s *State) do(a Action) {
	g := s.b.grid
	if a.Kind != ActMove {
		s.rgen++ // kept reaches hold only across plain moves (reach_cache.go)
	}
	switch a.Kind {
	case ActPlay:
		if s.phase == PhaseAmbush {
			s.playAmbush(a.Card)
			return
		}
		s.playCard(a.Card, a.Arg)
	case ActOrder:
		i := int(s.occ[g.Index(a.From)])
		// The decision's list of units that may be ordered (anyOrderable),
		// if there is one and the card has no hook on an order.
		listed, n0 := s.ordKey == s.rgen && s.effDef().Hooks.OnOrder == nil, len(s.orderedBy)
		s.order(i)
		if h := s.effDef().Hooks.OnPlay; h != nil && s.effd.Section && !s.fallback && len(s.orderedBy) == 1 {
			// A section card's orders held back while the card might have
			// been used for something else (playCard): it was not.
			h(s)
		}
		if listed && len(s.orderedBy) == n0+1 {
			s.ordLess = int8(i) + 1 // this order alone changed the list
		}
		s.afterOrder()
		s.ordLess = 0 // (for this action's afterOrder only)
	case ActEndOrders:
		s.endOrders()
	case ActBlow:
		s.blowBridge(int16(g.Index(a.From)))
	case ActPontoon:
		s.buildPontoon(int16(g.Index(a.From)))
	case ActDrop:
		s.callDrop(a.From, int(a.Arg))
	case ActSmoke:
		s.laySmoke(a)
	case ActEnter:
		s.enterBoard(int16(g.Index(a.To)))
	case ActMove:
		ui := int(s.occ[g.Index(a.From)])
		to := int16(g.Index(a.To))
		if d, ok := s.keptDest(ui, to); ok {
			from, gen := s.units[ui].pos, s.rgen
			s.moveUnit(ui, to, d.cost, d.road, d.dice)
			if s.rgen == gen && d.dice == 0 && len(s.mines) == 0 && !s.units[ui].dead {
				s.movedPlainly(ui, from, to) // only the hexes left and entered changed
			} else {
				s.rgen++
			}
		}
		s.afterMove()
	case ActExit:
		s.exitBoard(int(s.occ[g.Index(a.From)]), int16(g.Index(a.To)))
		s.afterMove()
	case ActEndMoves:
		s.endMoves()
	case ActBattle:
		ui := int(s.occ[g.Index(a.From)])
		overrun := s.phase == PhaseOverrun
		if overrun {
			s.pop() // the battle that took ground is over; the overrun is a battle of its own
		}
		s.declareBattle(ui, int16(g.Index(a.To)), overrun)
	case ActReinforce:
		s.reinforce(int(s.occ[g.Index(a.From)]), int(s.occ[g.Index(a.To)]))
		s.afterBattle()
	case ActRecover:
		s.recover(int(s.occ[g.Index(a.From)]))
		s.afterBattle()
	case ActRemoveWire:
		i := int16(g.Index(a.From))
		u := &s.units[s.occ[i]]
		u.battled = true
		u.shots = 0
		s.removeFeature(i, s.removableInstead(u))
		s.afterBattle()
	case ActEndBattles:
		s.endBattles()
	case ActRetreat:
		for _, o := range s.top().retreats {
			if s.b.hexAt[o.to] == a.To && o.ignore == int8(a.Arg) {
				s.applyRetreat(o)
				break
			}
		}
	case ActTakeGround:
		s.takeGround()
	case ActCombat:
		s.playCombat(a)
	case ActSkip:
		if s.phase == PhaseAmbush {
			s.rollBattle()
			return
		}
		if s.phase == PhaseCombat {
			s.top().reacted = true
			s.rollBattle()
			return
		}
		s.pop() // no take ground, or no overrun: the battle is over
		s.phase = PhaseBattle
		s.afterBattle()
	case ActKeep:
		s.keepCard(a.Card)
	case ActTarget:
		f := s.top()
		f.aim = append(f.aim, int16(g.Index(a.To)))
		if len(f.aim) >= int(s.effDef().Aim.Max) || !s.anyTarget() {
			s.fireCard()
		}
	case ActEndTargets:
		s.fireCard()
	}
}

// airdrop drops the active side's waiting paratroopers at the start of its
// first turn (Setup.Airdrops; FAQ III Parachutage): all land at once, so two
// on the same hex are both lost. Units waiting for a drop called in during
// play (Setup.CalledAirdrops) stay where they are.
func (s *State) airdrop() {
	if !s.dropDue[s.active] {
		return // none waits (issue 15: not every paratrooper looked at each turn)
	}
	s.dropDue[s.active] = false
	var drop [16]int16
	var idx [16]int
	n := 0
	for i := s.b.dropUnits[0]; i < s.b.dropUnits[1]; i++ { // (no other unit waits for Setup.Airdrops)
		u := &s.units[i]
		if u.reserve == 0 || int(u.reserve) > len(s.b.setup.Airdrops) || u.side != s.active {
			continue
		}
		if n == len(drop) {
			s.dropDue[s.active] = true // (it lands at the side's next turn)
			continue
		}
		zone := s.b.dropZones[u.reserve-1]
		u.reserve = 0
		drop[n], idx[n] = s.dropSpot(zone), i
		n++
	}
	s.land(drop[:n], idx[:n])
}

// land puts the paratroopers idx[k] down on board index drop[k] (-1: off
// the board) at once: one that lands off the board, on impassable terrain,
// on a unit or with another paratrooper is lost, without a medal (FAQ III
// Parachutage); one that lands may not move or battle this turn.
func (s *State) land(drop []int16, idx []int) {
	for k := range idx {
		u := &s.units[idx[k]]
		p := drop[k]
		ok := p >= 0 && s.occ[p] < 0 && !s.impassableFor(u.side, u.typ, p)
		for j := 0; j < len(drop) && ok; j++ {
			ok = j == k || drop[j] != p
		}
		if !ok {
			s.emitUnits(Event{Kind: EvAirdrop, Side: u.side, To: hexAtOrNone(s, p), N: 0}, idx[k], -1)
			continue
		}
		u.dead, u.pos, u.start, u.landed = false, p, p, true
		s.setOcc(p, int8(idx[k]))
		s.emitUnits(Event{Kind: EvAirdrop, Side: u.side, To: s.b.hexAt[p], N: 1}, idx[k], -1)
	}
	if len(idx) > 0 {
		s.updateMedals()
	}
}

// dropZone lists the hexes within rng hexes of c, row by row, off the
// board too: where a paratrooper aimed at c may land. The board makes each
// drop's zone once (board.dropZones, board.callZones).
func dropZone(c hex.Hex, rng int) []hex.Hex {
	var spots []hex.Hex
	for dr := -rng; dr <= rng; dr++ {
		for dc := -2 * rng; dc <= 2*rng; dc++ {
			h := hex.Hex{Row: c.Row + int8(dr), Col: c.Col + int8(dc)}
			if (dr+dc)&1 == 0 && hex.Distance(c, h) <= rng {
				spots = append(spots, h)
			}
		}
	}
	return spots
}

// dropSpot draws where one paratrooper lands among the hexes of its drop
// zone: the board index, or -1 off the board (or on a half-hex).
func (s *State) dropSpot(spots []hex.Hex) int16 {
	o, _ := s.chance(OutDrop, len(spots), spots)
	h := o.Hex
	if !s.b.grid.Contains(h) {
		return -1
	}
	return int16(s.b.grid.Index(h))
}

func hexAtOrNone(s *State, p int16) hex.Hex {
	if p < 0 {
		return hex.None
	}
	return s.b.hexAt[p]
}
