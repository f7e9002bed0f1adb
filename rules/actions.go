package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"m44/hex"
)

// ActionKind is what a decision does.
type ActionKind uint8

const (
	ActPlay       ActionKind = iota + 1 // play Card
	ActOrder                            // order the unit on From
	ActEndOrders                        // order no more units
	ActMove                             // move the unit on From to To
	ActEndMoves                         // move no more units
	ActBattle                           // the unit on From battles the unit on To
	ActRemoveWire                       // the infantry on From gives up its battle to remove wire
	ActEndBattles                       // battle no more: end the turn
	ActRetreat                          // the unit on From retreats to To (Arg = flags ignored)
	ActTakeGround                       // the attacker on From takes ground on To
	ActSkip                             // decline take ground or overrun
	ActKeep                             // keep Card of the two drawn (Recon)
	ActTarget                           // Air Power / Barrage: aim at the unit on To
	ActEndTargets                       // Air Power: aim at no more hexes
	ActExit                             // the unit on From moves to the exit hex To and leaves the board
	ActCombat                           // play Winter Combat card Card (on the unit on From; Arg = ArgTenacity: as Tenacity)
	ActReinforce                        // the half-tracks on From give a figure to the damaged unit on To (Winter Wars V)
	ActBlow                             // the card played blows up the bridge on From (BlowBridges)
	ActPontoon                          // the card played builds a pontoon bridge on From (Setup.Pontoons)
	ActDrop                             // the card played drops Arg units of the called airdrop aimed at From (CalledAirdrop)
	ActRecover                          // the unit on From rolls for lost figures instead of battling (oasis recovery, recovery.go)
	ActSmoke                            // lay a smoke screen on To, From and From's neighbour in direction Arg (Setup.Smoke; smokescreen.go)
	ActEnter                            // the next breakthrough armor enters on To, ordered (Setup.Breakthroughs; armor_breakthrough.go)
	numActionKinds
)

var actionWords = [numActionKinds]string{"", "play", "order", "end-orders", "move", "end-moves", "battle",
	"remove-wire", "end-battles", "retreat", "take-ground", "skip", "keep", "target", "end-targets", "exit", "combat", "reinforce", "blow", "pontoon",
	"drop", "recover", "smoke", "enter"}

func (k ActionKind) String() string {
	if k < numActionKinds {
		return actionWords[k]
	}
	return "?"
}

// Action is one decision. It is a comparable value; its text form (String,
// ParseAction) round-trips.
type Action struct {
	Kind     ActionKind
	Card     CardID
	Arg      uint8
	From, To hex.Hex
	_        uint8 // 8 bytes: copied as one word
}

// String is the canonical one-line text form, e.g. "play 12", "move 7,15 6,14",
// "battle 6,14 4,12", "retreat 4,12 3,11 ignore", "end-moves". It is
// written without fmt: the server lists a seat's legal actions in every
// snapshot (issue 14).
func (a Action) String() string {
	var buf [48]byte
	return string(a.appendText(buf[:0]))
}

// appendText appends the text form to b.
func (a Action) appendText(b []byte) []byte {
	word := func(b []byte) []byte { return append(b, a.Kind.String()...) }
	card := func(b []byte) []byte { return strconv.AppendUint(append(b, ' '), uint64(a.Card), 10) }
	hx := func(b []byte, h hex.Hex) []byte { return h.Append(append(b, ' ')) }
	switch a.Kind {
	case ActPlay:
		b = card(word(b))
		if a.Arg == ArgAsAirPower {
			return append(b, " as-air-power"...)
		}
		if a.Arg > 0 {
			return append(append(b, ' '), Section(a.Arg-1).String()...)
		}
		return b
	case ActKeep:
		return card(word(b))
	case ActCombat:
		b = card(word(b))
		switch {
		case a.Arg == ArgTenacity:
			return append(b, " tenacity"...)
		case a.From != hex.None:
			return hx(b, a.From)
		}
		return b
	case ActTarget, ActEnter:
		return hx(word(b), a.To)
	case ActOrder, ActRemoveWire, ActBlow, ActPontoon, ActRecover:
		return hx(word(b), a.From)
	case ActDrop:
		return strconv.AppendUint(append(hx(word(b), a.From), ' '), uint64(a.Arg), 10)
	case ActSmoke:
		h := a.SmokeHexes()
		return hx(hx(hx(word(b), h[0]), h[1]), h[2])
	case ActMove, ActBattle, ActTakeGround, ActExit, ActReinforce:
		return hx(hx(word(b), a.From), a.To)
	case ActRetreat:
		b = hx(hx(word(b), a.From), a.To)
		if a.Arg > 0 {
			return append(b, " ignore"...)
		}
		return b
	case ActEndOrders, ActEndMoves, ActEndBattles, ActSkip, ActEndTargets:
		return word(b)
	}
	return append(b, '?')
}

// MarshalText and UnmarshalText use the text form.
func (a Action) MarshalText() ([]byte, error) { return []byte(a.String()), nil }
func (a *Action) UnmarshalText(b []byte) error {
	p, err := ParseAction(string(b))
	if err != nil {
		return err
	}
	*a = p
	return nil
}

// ParseAction reads the text form written by Action.String.
func ParseAction(s string) (Action, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("action: empty")
	}
	var kind ActionKind
	for k := ActionKind(1); k < numActionKinds; k++ {
		if actionWords[k] == f[0] {
			kind = k
		}
	}
	if kind == 0 {
		return Action{}, fmt.Errorf("action %q: unknown word %q", s, f[0])
	}
	a := Action{Kind: kind}
	want := func(n int) error {
		if len(f) != n {
			return fmt.Errorf("action %q: %s takes %d argument(s)", s, f[0], n-1)
		}
		return nil
	}
	var err error
	switch kind {
	case ActPlay, ActKeep:
		if kind == ActPlay && len(f) == 3 && f[2] == "as-air-power" {
			a.Arg = ArgAsAirPower
			f = f[:2]
		} else if kind == ActPlay && len(f) == 3 {
			sec := -1
			for k, n := range sectionNames {
				if n == f[2] {
					sec = k
				}
			}
			if sec < 0 {
				return Action{}, fmt.Errorf("action %q: bad section %q", s, f[2])
			}
			a.Arg = uint8(sec + 1)
			f = f[:2]
		}
		if err = want(2); err != nil {
			return Action{}, err
		}
		n, e := strconv.Atoi(f[1])
		if e != nil || n < 0 || n >= int(NoCard) {
			return Action{}, fmt.Errorf("action %q: bad card %q", s, f[1])
		}
		a.Card = CardID(n)
	case ActCombat:
		if len(f) < 2 || len(f) > 3 {
			return Action{}, fmt.Errorf("action %q: combat takes a card, then tenacity or a hex", s)
		}
		n, e := strconv.Atoi(f[1])
		if e != nil || n < 0 || n >= int(NoCard) {
			return Action{}, fmt.Errorf("action %q: bad card %q", s, f[1])
		}
		a.Card, a.From = CardID(n), hex.None
		if len(f) == 3 {
			if f[2] == "tenacity" {
				a.Arg = ArgTenacity
			} else {
				a.From, err = hex.Parse(f[2])
			}
		}
	case ActOrder, ActRemoveWire, ActBlow, ActPontoon, ActRecover:
		if err = want(2); err != nil {
			return Action{}, err
		}
		a.From, err = hex.Parse(f[1])
	case ActTarget, ActEnter:
		if err = want(2); err != nil {
			return Action{}, err
		}
		a.To, err = hex.Parse(f[1])
	case ActDrop:
		if err = want(3); err != nil {
			return Action{}, err
		}
		if a.From, err = hex.Parse(f[1]); err == nil {
			n, e := strconv.Atoi(f[2])
			if e != nil || n < 1 || n > 12 {
				return Action{}, fmt.Errorf("action %q: bad number of units %q (1..12)", s, f[2])
			}
			a.Arg = uint8(n)
		}
	case ActSmoke:
		// smoke END MIDDLE END: the middle is next to both ends.
		if err = want(4); err != nil {
			return Action{}, err
		}
		var h [3]hex.Hex
		for k := range h {
			if h[k], err = hex.Parse(f[k+1]); err != nil {
				return Action{}, fmt.Errorf("action %q: %v", s, err)
			}
		}
		a.To, a.From, a.Arg = h[0], h[1], 6
		for d := 0; d < 6; d++ {
			if hex.Neighbour(h[1], d) == h[2] {
				a.Arg = uint8(d)
			}
		}
		if a.Arg == 6 || !hex.Adjacent(h[0], h[1]) {
			return Action{}, fmt.Errorf("action %q: the middle hex must be next to both others", s)
		}
	case ActMove, ActBattle, ActTakeGround, ActExit, ActReinforce:
		if err = want(3); err != nil {
			return Action{}, err
		}
		if a.From, err = hex.Parse(f[1]); err == nil {
			a.To, err = hex.Parse(f[2])
		}
	case ActRetreat:
		if len(f) == 4 && f[3] == "ignore" {
			a.Arg = 1
			f = f[:3]
		}
		if err = want(3); err != nil {
			return Action{}, err
		}
		if a.From, err = hex.Parse(f[1]); err == nil {
			a.To, err = hex.Parse(f[2])
		}
	default:
		err = want(1)
	}
	if err != nil {
		return Action{}, fmt.Errorf("action %q: %v", s, err)
	}
	if kind != ActPlay && kind != ActKeep && kind != ActCombat {
		a.Card = 0
	}
	return a, nil
}

// LegalActions appends every legal action at the current decision point to
// buf, in a deterministic order, and returns it. It is empty only when the
// game is over. With a buffer of enough capacity it does not allocate.
func (s *State) LegalActions(buf []Action) []Action {
	g := s.b.grid
	switch s.phase {
	case PhaseCard:
		buf = s.cardOptions(buf)
	case PhaseOrder:
		if s.ordKey == s.rgen+1 {
			// Listed by anyOrderable as the action before ended.
			list, units, orderAt := s.ordList[:s.ordN], s.units, s.b.orderAt
			n := len(buf)
			buf = slices.Grow(buf, len(list)+1)[:n+len(list)] // (room for the end of orders too)
			w := buf[n:]
			for j, i := range list {
				w[j] = orderAt[units[i].pos] // (each written whole: issue 15, seventh pass)
			}
		} else {
			of := s.orderFit()
			for _, i := range s.b.sideUnits[s.active] {
				if of.none {
					break // no orders left
				}
				if s.units[i].ordered {
					continue // the quick part of orderableBy
				}
				if s.orderableBy(&of, int(i)) {
					buf = append(buf, s.b.orderAt[s.units[i].pos])
				}
			}
		}
		for _, opts := range s.b.orderExtras {
			buf = opts(s, buf)
		}
		buf = append(buf, Action{Kind: ActEndOrders})
	case PhaseMove:
		buf = s.moveOptions(buf)
		buf = append(buf, Action{Kind: ActEndMoves})
	case PhaseBattle:
		if sc := s.rs; sc != nil && sc.bkey == s.rgen+1 {
			buf = append(buf, sc.bacts[:sc.bn]...) // listed by afterBattle as the action before ended
		} else {
			buf = s.battleOptions(buf)
		}
		buf = append(buf, Action{Kind: ActEndBattles})
	case PhaseRetreat:
		f := s.top()
		from := s.b.hexAt[s.units[f.victim].pos]
		for _, o := range f.retreats {
			buf = append(buf, Action{Kind: ActRetreat, From: from, To: s.b.hexAt[o.to], Arg: uint8(o.ignore)})
		}
		buf = s.combatOptions(buf)
	case PhaseTakeGround:
		f := s.top()
		a := &s.units[f.att]
		buf = append(buf, Action{Kind: ActTakeGround, From: s.b.hexAt[a.pos], To: s.b.hexAt[f.targetPos]}, Action{Kind: ActSkip})
	case PhaseOverrun:
		buf = s.targets(int(s.top().att), buf)
		buf = append(buf, Action{Kind: ActSkip})
	case PhaseKeep:
		k := s.top().keep
		buf = append(buf, Action{Kind: ActKeep, Card: k[0]}, Action{Kind: ActKeep, Card: k[1]})
	case PhaseTarget:
		buf = s.aimOptions(buf)
		if len(s.aimed()) > 0 {
			buf = append(buf, Action{Kind: ActEndTargets})
		}
	case PhaseAmbush:
		if c, at := s.ambushCard(s.ToAct()); at >= 0 {
			buf = append(buf, Action{Kind: ActPlay, Card: c})
		}
		buf = append(buf, Action{Kind: ActSkip})
	case PhaseCombat:
		buf = s.combatOptions(buf)
		buf = append(buf, Action{Kind: ActSkip})
	}
	_ = g
	return buf
}

// cardOptions appends the card step's options (LegalActions) to buf, which
// holds none yet. It calls no function value (unlike the order and battle
// steps' lists), so a caller's buffer on the stack stays there (IsLegal).
func (s *State) cardOptions(buf []Action) []Action {
	me := s.seat(s.active)
	mine := s.hands[me]
	if sh := s.shared[s.active]; sh != NoCard {
		// The shared card is offered after the player's own hand.
		mine = append(mine[:len(mine):len(mine)], sh)
	}
	for _, c := range mine {
		if s.b.plainPlay[c] {
			// (the default case below, effectiveCard being the card)
			buf = append(buf, Action{Kind: ActPlay, Card: c})
			if len(s.b.setup.AirRaids) > 0 && s.raidable(s.b.deck[c]) {
				buf = append(buf, Action{Kind: ActPlay, Card: c, Arg: ArgAsAirPower})
			}
			continue
		}
		eff, ok := s.effectiveCard(c)
		switch {
		case !ok || s.cardDef(eff.Kind).Reaction:
			// A Counter-Attack with nothing to copy yet, and Ambush (played
			// only in answer to a close assault), are not turn cards.
		case s.cardDef(eff.Kind).ChooseSection && !s.b.deckDef[c].CopiesLast:
			for sec := Left; sec <= Right; sec++ {
				buf = append(buf, Action{Kind: ActPlay, Card: c, Arg: uint8(sec) + 1})
			}
		default:
			buf = append(buf, Action{Kind: ActPlay, Card: c})
		}
		if ok && len(s.b.setup.AirRaids) > 0 && s.raidable(eff) {
			buf = append(buf, Action{Kind: ActPlay, Card: c, Arg: ArgAsAirPower})
		}
	}
	if len(buf) == 0 {
		// Nothing else in hand: such a card may be given up as the turn's
		// card, for no effect (like a section card on an empty section).
		for _, c := range mine {
			buf = append(buf, Action{Kind: ActPlay, Card: c})
		}
	}
	buf = s.combatOptions(buf)
	buf = s.smokeOptions(buf)
	return buf
}

// orderStepOptions lists the functions appending the order step's options
// beyond the orders, of the rules the board has (combat cards, bridges to
// blow, pontoons, called airdrops, breakthrough armor; each function's
// first test), in the order LegalActions lists them: a board without those
// rules looks at none (issue 15, fifth pass).
func (b *board) orderStepOptions() []func(*State, []Action) []Action {
	var l []func(*State, []Action) []Action
	if len(b.combat) > 0 {
		l = append(l, (*State).combatOptions)
	}
	if len(b.setup.Blow.Bridges) > 0 {
		l = append(l, (*State).blowOptions)
	}
	if b.pontoon != NoFeature {
		l = append(l, (*State).pontoonOptions)
	}
	if len(b.setup.CalledAirdrops) > 0 {
		l = append(l, (*State).callOptions)
	}
	if b.breakAt != nil {
		l = append(l, (*State).enterOptions)
	}
	return l
}

// battleOptions appends the battle step's actions but ActEndBattles: each
// ordered unit's battles, wire removal, recovery, reinforcements.
func (s *State) battleOptions(buf []Action) []Action {
	for _, ui := range s.orderedBy {
		u := &s.units[ui]
		if s.canBattleNow(u) {
			buf = s.targets(int(ui), buf)
		}
		if s.canRemoveWire(u) {
			buf = append(buf, Action{Kind: ActRemoveWire, From: s.b.hexAt[u.pos]})
		}
		for _, opts := range s.b.battleExtras {
			buf = opts(s, u, buf)
		}
	}
	return buf
}

// battleStepOptions lists the functions appending an ordered unit's battle
// step options beyond its battles and wire removal, of the rules the board
// has (recovery: some recovery hex; reinforcement: some unit of a kind that
// reinforces among units, every unit of the game), in the order
// battleOptions lists them (issue 15, fifth pass).
func (b *board) battleStepOptions(units []unit) []func(*State, *unit, []Action) []Action {
	var l []func(*State, *unit, []Action) []Action
	if b.recovery {
		l = append(l, (*State).recoverOptions)
	}
	for i := range units {
		if b.cat.units[units[i].kind].Reinforces {
			l = append(l, (*State).reinforceOptions)
			break
		}
	}
	return l
}

// Legal is LegalActions into a fresh slice.
func (s *State) Legal() []Action { return s.LegalActions(nil) }

// moveOptions appends the move step's moves and exits, unit by unit in the
// order they were ordered (a function of its own, issue 15: LegalActions'
// loop over the reaches keeps its variables in registers).
func (s *State) moveOptions(buf []Action) []Action {
	hexAt := s.b.hexAt
	for k, ui := range s.orderedBy {
		u := &s.units[ui]
		if u.dead || u.moved {
			continue
		}
		if moves, ok := s.keptMoves(k); ok {
			buf = append(buf, moves...) // (written as the reach was searched)
			continue
		}
		from := hexAt[u.pos]
		dests, exits := s.reachKept(k)
		n := len(buf)
		if cap(buf)-n <= len(dests)+len(exits) {
			buf = slices.Grow(buf, len(dests)+len(exits)+1)
		}
		buf = buf[:n+len(dests)]
		// Each action is the template with its To written in place: a
		// template changed on the stack and then copied whole makes the
		// copy's load wait on the store (a 7-byte Action is copied as two
		// overlapping words), which cost a tenth of a random game.
		a, w := Action{Kind: ActMove, From: from}, buf[n:]
		for j, d := range dests[:len(w)] {
			w[j] = a
			w[j].To = hexAt[d.pos]
		}
		if len(exits) > 0 {
			buf = exitOptions(buf, from, exits, hexAt)
		}
	}
	return buf
}

// exitOptions appends the exits of the unit on hex from.
func exitOptions(buf []Action, from hex.Hex, exits []int16, hexAt []hex.Hex) []Action {
	for _, e := range exits {
		buf = append(buf, Action{Kind: ActExit, From: from, To: hexAt[e]})
	}
	return buf
}
