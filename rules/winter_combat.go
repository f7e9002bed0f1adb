package rules

import (
	"fmt"
	"slices"
	"strings"

	"m44/hex"
)

// Winter Wars II "Cartes Combat d'Hiver": a second, face-down pile of
// Combat cards beside the command deck. Two are dealt to each player; they
// are played on one's own turn or the opponent's, besides the command card,
// "before ordering" or "in reaction to an enemy attack"; no hand limit; a
// Recon (not a Recon in Force) draws one at the end of the turn; a played
// card is discarded, the discards are reshuffled when the pile runs out and
// at once when Their Finest Hour is played. A card with the Tenacity mark may
// be played instead as Tenacity: the unit ignores one flag.
//
// No source we have prints the 20 cards' texts, and we do not ship them: a
// Combat card is data (CombatCardDef), its effect one of a documented set of
// kinds (CombatEffect), so that a scenario or a player who owns the cards can
// supply them (Setup.Combat; the .m44 option winter_combat_cards). The
// tests play the framework with cards written for them.

// CombatTiming is when a Combat card is played.
type CombatTiming uint8

const (
	// BeforeOrdering: "Cette carte se joue avant d'activer vos unités": on
	// one's own turn, before the command card or after it while no unit has
	// been ordered yet.
	BeforeOrdering CombatTiming = iota + 1
	// InReaction: "Cette carte se joue en réaction à une attaque adverse":
	// when an enemy unit battles one of one's units, before the roll.
	InReaction
)

var timingNames = [...]string{"", "before-ordering", "in-reaction"}

func (t CombatTiming) String() string {
	if int(t) < len(timingNames) {
		return timingNames[t]
	}
	return "?"
}

// CombatEffect is what a Combat card does, from a documented set of kinds
// (docs/scenarios.md "Winter Combat cards").
type CombatEffect uint8

const (
	// NoEffect: the card does nothing but Tenacity (a card defined only by
	// its mark, for a player who plays the texts by hand).
	NoEffect CombatEffect = iota
	// BonusDice: this turn, ordered units of the card's classes (on
	// building hexes if Buildings) roll N more dice in every battle; they
	// add to the command card's (WW II: "se cumulent toujours").
	BonusDice
	// StarsHit: this turn, stars score hits in the battles of ordered units
	// of the card's classes.
	StarsHit
	// ExtraOrders: the command card orders N more units, anywhere.
	ExtraOrders
	// Reinforce: up to N lost figures return to one damaged unit of the
	// card's classes, from the side's available figures of its class.
	Reinforce
	// AttackMalus: the enemy unit attacking rolls N fewer dice in this battle.
	AttackMalus
	// Deploy: one full unit of the card's one class enters the board, made
	// of the side's available figures, before ordering (N is 1; where it
	// enters: winter_deploy.go).
	Deploy
	numCombatEffects
)

var effectNames = [numCombatEffects]string{"none", "bonus-dice", "stars-hit", "extra-orders", "reinforce", "attack-malus", "deploy"}

func (e CombatEffect) String() string {
	if e < numCombatEffects {
		return effectNames[e]
	}
	return "?"
}

// CombatEffectByName reads an effect kind's name.
func CombatEffectByName(name string) (CombatEffect, bool) {
	for k, n := range effectNames {
		if n == name {
			return CombatEffect(k), true
		}
	}
	return 0, false
}

// CombatTimingByName reads a timing's name.
func CombatTimingByName(name string) (CombatTiming, bool) {
	for k, n := range timingNames {
		if n == name && k > 0 {
			return CombatTiming(k), true
		}
	}
	return 0, false
}

// effectTiming is the timing each effect kind works at (NoEffect: either).
var effectTiming = [numCombatEffects]CombatTiming{0, BeforeOrdering, BeforeOrdering, BeforeOrdering, BeforeOrdering, InReaction, BeforeOrdering}

// CombatCardDef is one Winter Combat card: its text as its owner supplies
// it, and what the engine does with it.
type CombatCardDef struct {
	Key       string // stable identifier
	Name      string // the printed title, as supplied
	Text      string // the printed text, as supplied (we ship none)
	Timing    CombatTiming
	Effect    CombatEffect
	N         int8      // the effect's number (dice, units, figures)
	Classes   ClassMask // the units it applies to (0: every class)
	Buildings bool      // only units on building hexes (TerrainDef.Building)
	Tenacity  bool      // carries the Tenacity mark
	Copies    int8      // copies in the pile (0 means 1)
}

// CombatDeal is how many Combat cards each player is dealt (WW II: "donnez-en
// 2 à chaque joueur").
const CombatDeal = 2

// validateCombat checks the Combat card rows of a setup.
func validateCombat(defs []CombatCardDef) error {
	seen := map[string]bool{}
	n := 0
	for _, d := range defs {
		if d.Key == "" || seen[d.Key] {
			return fmt.Errorf("combat card %q: empty or twice", d.Key)
		}
		seen[d.Key] = true
		if d.Effect >= numCombatEffects {
			return fmt.Errorf("combat card %q: unknown effect %d", d.Key, d.Effect)
		}
		if d.Timing != BeforeOrdering && d.Timing != InReaction {
			return fmt.Errorf("combat card %q: timing must be before-ordering or in-reaction", d.Key)
		}
		if want := effectTiming[d.Effect]; want != 0 && want != d.Timing {
			return fmt.Errorf("combat card %q: effect %s is played %s, not %s", d.Key, d.Effect, want, d.Timing)
		}
		if d.Effect == NoEffect && !d.Tenacity {
			return fmt.Errorf("combat card %q: no effect and no Tenacity mark", d.Key)
		}
		if d.Effect != NoEffect && d.Effect != StarsHit && (d.N < 1 || d.N > 9) {
			return fmt.Errorf("combat card %q: effect %s needs n in 1..9", d.Key, d.Effect)
		}
		if d.Effect == Deploy && (d.N != 1 || (d.Classes != InfantryOnly && d.Classes != ArmorOnly && d.Classes != ArtilleryOnly)) {
			return fmt.Errorf("combat card %q: deploy brings in one unit (n 1) of one class", d.Key)
		}
		if d.Copies < 0 {
			return fmt.Errorf("combat card %q: negative copies", d.Key)
		}
		n += max(1, int(d.Copies))
	}
	if n >= int(NoCard) {
		return fmt.Errorf("combat cards: %d, at most %d", n, NoCard-1)
	}
	return nil
}

// combatDeck expands the rows into one entry per physical card.
func combatDeck(defs []CombatCardDef) []*CombatCardDef {
	var out []*CombatCardDef
	for i := range defs {
		for k := 0; k < max(1, int(defs[i].Copies)); k++ {
			out = append(out, &defs[i])
		}
	}
	return out
}

// combatFx is a Combat card's effect in force this turn.
type combatFx struct {
	def  *CombatCardDef
	side Side
}

// CombatOn reports whether the game plays with Winter Combat cards.
func (s *State) CombatOn() bool { return len(s.b.combat) > 0 }

// dealCombat deals CombatDeal cards to each player (WW II "donnez-en 2 à
// chaque joueur"; a team's players each get theirs).
func (s *State) dealCombat() {
	if !s.CombatOn() {
		return
	}
	for side := Allies; side <= Axis; side++ {
		for p := 0; p < int(s.players[side]); p++ {
			for k := 0; k < CombatDeal; k++ {
				s.drawCombat(side, seatOf(side, p))
			}
		}
	}
}

// drawCombat draws a random Combat card into seat's hand, reshuffling the
// discards when the pile is empty (WW II "Si la pile de cartes Combat est
// vide, mélangez la défausse").
func (s *State) drawCombat(side Side, seat int) {
	if len(s.cpile) == 0 {
		s.cpile, s.cdisc = s.cdisc, s.cpile[:0]
		s.emit(Event{Kind: EvCombatShuffled, N: int8(min(len(s.cpile), 127))})
		if len(s.cpile) == 0 {
			return
		}
	}
	o, i := s.chance(OutCombat, len(s.cpile), nil)
	last := len(s.cpile) - 1
	s.cpile[i] = s.cpile[last]
	s.cpile = s.cpile[:last]
	s.chand[seat] = append(s.chand[seat], o.Card)
	s.emit(Event{Kind: EvCombatDrawn, Side: side, Card: o.Card})
}

// combatAtTurnEnd: a Recon draws a Combat card (not a Recon in Force), and
// Their Finest Hour reshuffles the Combat discards and pile into a new pile
// (WW II "Règles des cartes Combat").
func (s *State) combatAtTurnEnd(d *CardDef) {
	if !s.CombatOn() {
		return
	}
	if d.Reshuffle {
		s.cpile = append(s.cpile, s.cdisc...)
		s.cdisc = s.cdisc[:0]
		s.emit(Event{Kind: EvCombatShuffled, N: int8(min(len(s.cpile), 127))})
	}
	if d.CombatDraw {
		s.drawCombat(s.active, s.seat(s.active))
	}
}

// combatPlace is the seat of side that holds Combat card c, or -1.
func (s *State) combatPlace(side Side, c CardID) int {
	for p := 0; p < int(s.players[side]); p++ {
		if slices.Contains(s.chand[seatOf(side, p)], c) {
			return seatOf(side, p)
		}
	}
	return -1
}

// combatHeld counts the Combat cards side holds (a public number).
func (s *State) combatHeld(side Side) int {
	n := 0
	for p := 0; p < int(s.players[side]); p++ {
		n += len(s.chand[seatOf(side, p)])
	}
	return n
}

// fits reports whether unit u is one a card of def applies to: its class,
// and a building hex when the card says so ("hex de Bâtiments": towns,
// villages and every man-made construction).
func (s *State) fits(def *CombatCardDef, u *unit) bool {
	if def.Classes != 0 && !def.Classes.Has(u.typ) {
		return false
	}
	return !def.Buildings || s.building(u.pos)
}

// building reports whether hex i is a building hex (TerrainDef.Building).
func (s *State) building(i int16) bool {
	rs := s.rows(i)
	for _, r := range rs.all() {
		if r.Building {
			return true
		}
	}
	return false
}

// availableFigures are side's figures of class t not on the board: lost in
// battle (WW II "figurines disponibles": not deployed at the start or taken
// off the battlefield; figures that wait for a scenario's airdrop are
// counted as deployed).
func (s *State) availableFigures(side Side, t UnitType) int {
	n := 0
	for i := range s.units {
		if u := &s.units[i]; u.side == side && u.typ == t && u.reserve == 0 {
			n += int(u.max - u.figures)
		}
	}
	return n - s.deployedFigures(side, t)
}

// fullUnit: a unit with all its figures (WW II "Une unité complète").
func fullUnit(u *unit) bool { return u.figures == u.max }

// combatWindow reports whether the before-ordering window is open for the
// active side: on its turn, before the command card or while no unit has
// been ordered.
func (s *State) beforeOrdering() bool {
	return s.phase == PhaseCard || (s.phase == PhaseOrder && len(s.orderedBy) == 0)
}

// combatOptions appends the Combat card plays open now to buf.
func (s *State) combatOptions(buf []Action) []Action {
	if !s.CombatOn() {
		return buf
	}
	switch {
	case s.beforeOrdering():
		for _, c := range s.chand[s.seat(s.active)] {
			d := s.b.combat[c]
			if d.Timing != BeforeOrdering || d.Effect == NoEffect {
				continue
			}
			if d.Effect == Reinforce {
				for i := range s.units {
					if u := &s.units[i]; s.reinforceable(d, u, s.active) {
						buf = append(buf, Action{Kind: ActCombat, Card: c, From: s.b.hexAt[u.pos]})
					}
				}
				continue
			}
			if d.Effect == Deploy {
				buf = s.deployHexes(buf, c, d, s.active)
				continue
			}
			if d.Effect == ExtraOrders && s.phase == PhaseCard {
				continue // the command card's quota is set as it is played
			}
			buf = append(buf, Action{Kind: ActCombat, Card: c, From: hex.None})
		}
	case s.phase == PhaseCombat:
		bt := s.top()
		side := s.units[bt.target].side
		for p := 0; p < int(s.players[side]); p++ {
			for _, c := range s.chand[seatOf(side, p)] {
				if d := s.b.combat[c]; d.Timing == InReaction && d.Effect != NoEffect {
					buf = append(buf, Action{Kind: ActCombat, Card: c, From: hex.None})
				}
			}
		}
	case s.phase == PhaseRetreat && s.tenacityOpen():
		side := s.units[s.top().victim].side
		for p := 0; p < int(s.players[side]); p++ {
			for _, c := range s.chand[seatOf(side, p)] {
				if s.b.combat[c].Tenacity {
					buf = append(buf, Action{Kind: ActCombat, Card: c, Arg: ArgTenacity, From: hex.None})
				}
			}
		}
	}
	return buf
}

// ArgTenacity is an ActCombat's Arg for a card played as Tenacity.
const ArgTenacity = 1

func (s *State) reinforceable(d *CombatCardDef, u *unit, side Side) bool {
	return !u.dead && u.side == side && !fullUnit(u) && s.fits(d, u) && s.availableFigures(side, u.typ) > 0
}

// playCombat plays Combat card c (an ActCombat).
func (s *State) playCombat(a Action) {
	c := a.Card
	side := s.ToAct()
	if s.phase == PhaseCombat {
		side = s.units[s.top().target].side
	}
	at := s.combatPlace(side, c)
	s.chand[at] = removeCard(s.chand[at], c)
	s.cdisc = append(s.cdisc, c)
	d := s.b.combat[c]
	s.emit(Event{Kind: EvCombatPlayed, Side: side, Card: c, N: int8(a.Arg), To: a.From})
	if a.Arg == ArgTenacity {
		s.tenacity()
		return
	}
	switch d.Effect {
	case BonusDice, StarsHit:
		s.cfx = append(s.cfx, combatFx{def: d, side: side})
	case ExtraOrders:
		s.quota[slotAny] += d.N
	case Reinforce:
		ui := int(s.occ[s.b.grid.Index(a.From)])
		u := &s.units[ui]
		n := min(d.N, u.max-u.figures, int8(min(s.availableFigures(side, u.typ), 9)))
		u.figures += n
		s.emitUnits(Event{Kind: EvHealed, To: a.From, N: n}, ui, -1)
	case Deploy:
		s.deploy(d, side, a.From)
	case AttackMalus:
		s.top().malus += d.N
		if s.combatHeld(side) == 0 {
			s.top().reacted = true
			s.rollBattle()
		}
	}
}

// combatBonus is the extra dice unit a's Combat cards give it this turn.
func (s *State) combatBonus(a *unit) int8 {
	var b int8
	for _, f := range s.cfx {
		if f.def.Effect == BonusDice && f.side == a.side && a.ordered && s.fits(f.def, a) {
			b += f.def.N
		}
	}
	return b
}

// combatStarsHit: a Combat card makes the stars of unit a's battles hit.
func (s *State) combatStarsHit(a *unit) bool {
	for _, f := range s.cfx {
		if f.def.Effect == StarsHit && f.side == a.side && a.ordered && s.fits(f.def, a) {
			return true
		}
	}
	return false
}

// reactionWindow reports whether a declared battle waits for the defender's
// Combat cards first: the defending side holds some (a number both sides
// see), so the window's opening tells nothing of what they are.
func (s *State) reactionWindow(bt *frame) bool {
	return s.CombatOn() && !bt.reacted && s.combatHeld(s.units[bt.target].side) > 0
}

// Tenacity (WW II "Ténacité"): the unit on which it is played may ignore
// one flag. The window opens at the unit's retreat whenever its side holds a
// Combat card and the flags may be ignored (not Air Power's or Barrage's)
// and the unit does not already ignore one by its terrain: one flag at most
// (docs/rules-decisions.md).
func (s *State) tenacityOpen() bool {
	f := s.top()
	return s.CombatOn() && f != nil && !f.noIgnore && !f.tenacious && f.flags > 0 &&
		!s.canIgnoreFlag(&s.units[f.victim]) && s.combatHeld(s.units[f.victim].side) > 0
}

// tenacity: the unit ignores one flag: its retreat options are those that
// ignore one.
func (s *State) tenacity() {
	f := s.top()
	f.tenacious = true
	u := &s.units[f.victim]
	all := s.retreatOptions(u, f.flags, true, f.retreats[:0])
	out := all[:0]
	for _, o := range all {
		if o.ignore == 1 {
			out = append(out, o)
		}
	}
	f.retreats = out
	if len(out) == 1 {
		s.applyRetreat(out[0])
	}
}

// CombatHand is a copy of the Combat cards player p (0 or 1) of side holds.
func (s *State) CombatHand(side Side, p int) []CardID {
	if p < 0 || p >= int(s.players[side]) {
		return nil
	}
	return slices.Clone(s.chand[seatOf(side, p)])
}

// CombatHeld is how many Combat cards side holds (public).
func (s *State) CombatHeld(side Side) int { return s.combatHeld(side) }

// CombatPile is a copy of the face-down Combat pile (unordered: a draw
// takes a random card), for the referee and tests only.
func (s *State) CombatPile() []CardID { return slices.Clone(s.cpile) }

// CombatPileSize is how many cards the face-down Combat pile holds.
func (s *State) CombatPileSize() int { return len(s.cpile) }

// CombatDiscards is a copy of the Combat discards, oldest first.
func (s *State) CombatDiscards() []CardID { return slices.Clone(s.cdisc) }

// CombatCard is the row of Combat card id of this game.
func (s *State) CombatCard(id CardID) (CombatCardDef, bool) {
	if int(id) >= len(s.b.combat) {
		return CombatCardDef{}, false
	}
	return *s.b.combat[id], true
}

// CombatInForce lists the keys of the Combat cards in force this turn.
func (s *State) CombatInForce() []string {
	var out []string
	for _, f := range s.cfx {
		out = append(out, f.side.String()+":"+f.def.Key)
	}
	return out
}

// hashCombat adds the Combat cards' places to a state hash.
func (s *State) hashCombat(put func(...int64)) {
	if !s.CombatOn() {
		return
	}
	for k := range s.chand {
		sorted := slices.Clone(s.chand[k])
		slices.Sort(sorted)
		put(int64(len(sorted)))
		for _, c := range sorted {
			put(int64(c))
		}
	}
	put(int64(len(s.cpile)))
	for _, c := range s.cpile {
		put(int64(c))
	}
	put(int64(len(s.cdisc)))
	for _, c := range s.cdisc {
		put(int64(c))
	}
	for _, f := range s.cfx {
		put(int64(f.side), int64(len(f.def.Key)), int64(f.def.Effect), int64(f.def.N))
	}
}

// CombatSummary is a card's effect in one line of English, for help texts.
func (d CombatCardDef) Summary() string {
	var who []string
	for t := UnitType(0); t < numUnitTypes; t++ {
		if d.Classes.Has(t) {
			who = append(who, t.String())
		}
	}
	units := "units"
	if len(who) > 0 {
		units = strings.Join(who, "/") + " units"
	}
	if d.Buildings {
		units += " on building hexes"
	}
	var s string
	switch d.Effect {
	case BonusDice:
		s = fmt.Sprintf("ordered %s roll %d more dice this turn", units, d.N)
	case StarsHit:
		s = fmt.Sprintf("stars hit for ordered %s this turn", units)
	case ExtraOrders:
		s = fmt.Sprintf("order %d more units", d.N)
	case Reinforce:
		s = fmt.Sprintf("up to %d lost figures back to one of your %s", d.N, units)
	case AttackMalus:
		s = fmt.Sprintf("the attacking unit rolls %d fewer dice", d.N)
	case Deploy:
		where := "on your baseline"
		if d.Buildings {
			where = "on a building hex of your half of the board"
		}
		s = fmt.Sprintf("deploy a full %s unit of your available figures %s", deployClass(&d), where)
	default:
		s = "no effect of its own"
	}
	if d.Tenacity {
		s += "; or Tenacity: ignore one flag"
	}
	return s
}

// determinizeCombat redeals the Combat cards of opp's players from those
// the viewer has not seen: the pile and opp's hands (Determinize).
func (s *State) determinizeCombat(opp Side) {
	if !s.CombatOn() {
		return
	}
	pool := s.cpile
	var counts [2]int
	for p := 0; p < int(s.players[opp]); p++ {
		k := seatOf(opp, p)
		counts[p] = len(s.chand[k])
		pool = append(pool, s.chand[k]...)
		s.chand[k] = s.chand[k][:0]
	}
	s.cpile = pool
	for p := 0; p < int(s.players[opp]); p++ {
		k := seatOf(opp, p)
		for n := 0; n < counts[p]; n++ {
			o, i := s.chance(OutCombat, len(s.cpile), nil)
			last := len(s.cpile) - 1
			s.cpile[i] = s.cpile[last]
			s.cpile = s.cpile[:last]
			s.chand[k] = append(s.chand[k], o.Card)
		}
	}
}

// UnitTypeByName reads a class's name ("infantry", "armor", "artillery").
func UnitTypeByName(name string) (UnitType, bool) {
	for t, n := range unitTypeNames {
		if n == name {
			return UnitType(t), true
		}
	}
	return 0, false
}
