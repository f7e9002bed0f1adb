package rules

// Command cards (command-cards.md §2-3). A card kind is a catalog row
// (CardDef): what it orders is data, what it does beyond that is a set of
// hooks at named points of the turn, each card's in its own file
// (card_*.go). Every physical card of a game has a CardID, its index in the
// game's deck; a deck's composition is a catalog row too (DeckDef).

// CardKind is a row of the catalog's card table.
type CardKind uint8

// The base game's card kinds, in the order of its card table.
const (
	// Section cards.
	Recon CardKind = iota
	Probe
	Attack
	Assault
	GeneralAdvance
	PincerMove
	ReconInForce
	// Tactic cards.
	AirPower
	Ambush
	ArmorAssault
	ArtilleryBombard
	Barrage
	BehindEnemyLines
	CloseAssault
	CounterAttack
	DigIn
	DirectFromHQ
	Firefight
	InfantryAssault
	MedicsMechanics
	MoveOut
	FinestHour
	// NumCardKinds is the number of base-game card kinds.
	NumCardKinds
)

// Order slots: a card's quota says how many units may be ordered through
// each slot; a unit fits the slots of its sections, "anywhere", and its class.
const (
	slotLeft = iota
	slotCenter
	slotRight
	slotAny // any unit anywhere
	slotInf // an infantry unit anywhere
	slotArmor
	slotArt
	numSlots
)

const allUnits = 99

// Quota is how many units a card orders through each order slot.
type Quota [numSlots]int8

// CardDef is one row of the card table: one kind of command card.
type CardDef struct {
	Key    string // stable identifier used in text, JSON and i18n ("card.<Key>")
	Source string
	Tactic bool
	// Section: the card names one section (Recon, Probe, Attack, Assault);
	// Quota[slotLeft] is then the quota of the named section.
	Section bool
	// ChooseSection: the player names the section as he plays it
	// (Infantry Assault).
	ChooseSection bool
	Quota         Quota
	// Typed is the class the card orders (Move Out!, Armor Assault…):
	// without any unit of that class anywhere, the card orders 1 unit of the
	// player's choice with none of its effects (FAQ VIII; command-cards.md
	// ruling 2).
	Typed bool
	Class UnitType

	// What ordered units may do (0 = their own allowance).
	MaxMove      int8 // hexes they may move
	NoMove       bool // they may not move
	MoveAndFight int8 // hexes they may move and still battle
	Infiltrate   bool // no terrain movement restrictions: no stops, every hex costs 1 (Behind Enemy Lines)
	Shots        int8 // battles each may make (Artillery Bombard: 2)
	Bonus        int8 // extra dice in every battle
	AdjacentOnly bool // they battle adjacent enemies only (Close Assault)
	NoCloseFire  bool // a unit in close combat does not battle (Firefight)

	// Aim: the card itself attacks hexes the player chooses (Air Power,
	// Barrage); nil for a card that orders units.
	Aim *AimRule

	// Timing and the deck.
	Reaction   bool // played only in answer to a close assault, never as the turn's card (Ambush)
	CopiesLast bool // acts as the card the opponent had in effect on his last turn (Counter-Attack)
	AirRaid    bool // may be played as Air Power where a scenario allows air raids (Recon: Setup.AirRaids)
	DrawTwo    bool // Recon: draw 2, keep 1
	Reshuffle  bool // Their Finest Hour: discards back into the deck before the draw
	// CombatDraw: the player draws a Winter Combat card at the end of his
	// turn (Recon, not Recon in Force: Winter Wars II "Règles des cartes
	// Combat"). Reshuffle also reshuffles the Combat pile.
	CombatDraw bool
	// BuildsPontoon: where the scenario allows pontoon bridges, the card may
	// build one on a river of its section instead of ordering units (the
	// Attack cards: Winter Wars IV "Pont flottant enneigé"; pontoon.go).
	BuildsPontoon bool

	Hooks CardHooks
}

// CardHooks are a card's rule points beyond its data; nil means none.
type CardHooks struct {
	// OnPlay runs once the card's quota is set, before the player orders:
	// orders that the card gives by itself, a roll that sets the quota.
	OnPlay func(s *State)
	// MayOrder is an extra condition for ordering unit u.
	MayOrder func(s *State, u *unit) bool
	// OnOrder runs as unit i is ordered; false takes the order back (a
	// Medics & Mechanics roll that brings no figure back).
	OnOrder func(s *State, i int) bool
	// BattleBonus is extra dice for ordered unit u against an adjacent
	// target or not, in an armor overrun or not.
	BattleBonus func(s *State, u *unit, adjacent, overrun bool) int8
	// AfterOrders runs when ordering ends; true ends the turn there (Dig In).
	AfterOrders func(s *State) bool
	// AfterBattles runs when the battle step ends; true means the card has
	// opened another step (Behind Enemy Lines' second move).
	AfterBattles func(s *State) bool
}

// AimRule is how a card that attacks by itself chooses its targets.
type AimRule struct {
	Max      int8                // hexes it may aim at
	Group    bool                // the hexes form one group of adjacent hexes
	Dice     func(s *State) int8 // dice against each hex
	StarsHit bool                // stars hit as well
}

// DeckDef is a deck's composition, by card key.
type DeckDef struct {
	Key   string
	Lines []DeckLine
}

// DeckLine is how many copies of a card a deck holds: per section for a
// one-section card, else Copies[0].
type DeckLine struct {
	Card   string
	Copies [3]int8
}

// CardID names one physical card of a deck: its index in the deck's table.
type CardID uint8

// NoCard is the absence of a card.
const NoCard CardID = 255

// Card is one physical card: its kind and, for one-section cards, the
// section it names.
type Card struct {
	Kind    CardKind
	Section Section
}

func (k CardKind) String() string {
	if k < NumCardKinds {
		return baseCards[k].Key
	}
	return "?"
}

// Tactic reports whether the kind is a tactic card.
func (k CardKind) Tactic() bool { return baseCatalog.card(k).Tactic }

// Implemented reports whether the engine can play this kind of card.
func (k CardKind) Implemented() bool { return k < NumCardKinds }

// Name is the card's stable text name, e.g. "probe-left" or "air-power"
// (base-game cards; a game names its cards with State.CardName).
func (c Card) Name() string { return baseCatalog.CardName(c) }

// Mirror is the card as the opponent's Counter-Attack copies it: a section
// named from the other side of the table (left and right swap).
func (c Card) Mirror() Card {
	switch c.Section {
	case Left:
		c.Section = Right
	case Right:
		c.Section = Left
	}
	return c
}

// Deck is a deck's composition: the card of each CardID.
type Deck []Card

// StandardDeck is the full 60-card command deck of the base game.
func StandardDeck() Deck { d, _ := baseCatalog.Deck("standard"); return d }

// SectionDeck is the 40 section cards of the base deck alone (the young
// players' variant deck, rulebook annex 5).
func SectionDeck() Deck { d, _ := baseCatalog.Deck("sections"); return d }

// PlayableDeck is the default deck: the full standard deck.
func PlayableDeck() Deck { return StandardDeck() }

// CardByName finds a base-game card kind (and section) from Name's form.
func CardByName(name string) (Card, bool) { return baseCatalog.CardByName(name) }

// Cards in a game.

// cardDef is the row of card kind k in the game's catalog.
func (s *State) cardDef(k CardKind) *CardDef { return s.b.cat.card(k) }

// effDef is the row of the card in effect this turn.
func (s *State) effDef() *CardDef { return s.effd }

// quotaOf is card c's order quota per slot, already turned to the named
// section for one-section cards.
func (s *State) quotaOf(c Card) Quota {
	d := s.cardDef(c.Kind)
	if d.Section {
		var out Quota
		out[c.Section] = d.Quota[0]
		return out
	}
	return d.Quota
}

// CardName is the text name of card id of this game's deck.
func (s *State) CardName(id CardID) string {
	if int(id) >= len(s.b.deck) {
		return ""
	}
	return s.b.cat.CardName(s.b.deck[id])
}
