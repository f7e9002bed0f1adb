package view

import "m44/rules"

// Winter Combat cards (Winter Wars II "Cartes Combat d'Hiver") on the wire.
// Public: the size of the face-down pile, the discards, how many cards each
// side holds, the cards in force this turn. A seat also sees its own Combat
// hand (and its team mate's); nobody sees another side's Combat cards or the
// pile's order.

// CombatCard is one Winter Combat card: its id in the game's Combat pile
// and the row its owner supplied (the texts are not shipped).
type CombatCard struct {
	ID        rules.CardID `json:"id"`
	Key       string       `json:"key"`
	Name      string       `json:"name,omitempty"`
	Text      string       `json:"text,omitempty"`
	Timing    string       `json:"timing"` // before-ordering | in-reaction
	Effect    string       `json:"effect"` // none | bonus-dice | stars-hit | extra-orders | reinforce | attack-malus | deploy
	N         int8         `json:"n,omitempty"`
	Classes   []string     `json:"classes,omitempty"`
	Buildings bool         `json:"buildings,omitempty"`
	Tenacity  bool         `json:"tenacity,omitempty"`
	Summary   string       `json:"summary"` // the effect in one line of English
}

// CombatCardOf is Combat card id of st.
func CombatCardOf(st *rules.State, id rules.CardID) CombatCard {
	d, _ := st.CombatCard(id)
	c := CombatCard{ID: id, Key: d.Key, Name: d.Name, Text: d.Text, Timing: d.Timing.String(), Effect: d.Effect.String(),
		N: d.N, Buildings: d.Buildings, Tenacity: d.Tenacity, Summary: d.Summary()}
	for t := rules.Infantry; t <= rules.Artillery; t++ {
		if d.Classes.Has(t) {
			c.Classes = append(c.Classes, t.String())
		}
	}
	return c
}

// CombatCards is Combat cards ids of st, never nil.
func CombatCards(st *rules.State, ids []rules.CardID) []CombatCard {
	out := make([]CombatCard, 0, len(ids))
	for _, id := range ids {
		out = append(out, CombatCardOf(st, id))
	}
	return out
}

// CombatBoard is the public part of the Combat cards.
type CombatBoard struct {
	Pile     int          `json:"pile"`               // the face-down pile's size
	Discards []CombatCard `json:"discards"`           // face up, oldest first
	Held     PerSide      `json:"held"`               // how many each side holds
	InForce  []string     `json:"in_force,omitempty"` // "side:key" of the cards in force this turn
}

// combatBoardOf is st's public Combat cards, nil without them.
func combatBoardOf(st *rules.State) *CombatBoard {
	if !st.CombatOn() {
		return nil
	}
	return &CombatBoard{Pile: st.CombatPileSize(), Discards: CombatCards(st, st.CombatDiscards()),
		Held: PerSide{Allies: st.CombatHeld(rules.Allies), Axis: st.CombatHeld(rules.Axis)}, InForce: st.CombatInForce()}
}

// seatCombat fills a seat's own Combat hand (and its team mate's).
func seatCombat(st *rules.State, sc *SeatCards, side rules.Side, p int) {
	if !st.CombatOn() {
		return
	}
	sc.CombatHand = CombatCards(st, st.CombatHand(side, p))
	if st.Players()[side] == 2 {
		sc.TeamCombatHand = CombatCards(st, st.CombatHand(side, 1-p))
	}
}
