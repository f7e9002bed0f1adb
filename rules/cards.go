package rules

// The command deck (command-cards.md §2-3). Every physical card has a CardID,
// its index in the deck table; the deck's composition is data.

// CardKind is what a command card is.
type CardKind uint8

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
	NumCardKinds
)

// Order slots: a card's quota says how many units may be ordered through
// each slot; a unit fits the slots of its sections, "anywhere", and its type.
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

// cardInfo describes one kind of card.
type cardInfo struct {
	key     string // stable identifier used in text and JSON
	tactic  bool
	section bool // the card names one section (Recon, Probe, Attack, Assault)
	// quota is how many units may be ordered through each slot (for a
	// one-section card, quota[slotLeft] is the quota of the named section).
	quota [numSlots]int8
	// typed is the unit type the card orders (Move Out!, Armor Assault…):
	// without any unit of that type anywhere, the card orders 1 unit of the
	// player's choice with none of its effects (FAQ VIII; command-cards.md
	// ruling 2).
	typed     bool
	typ       UnitType
	drawTwo   bool // Recon: draw 2, keep 1
	reshuffle bool // Their Finest Hour: discards back into the deck before the draw
}

var cardTable = [NumCardKinds]cardInfo{
	Recon:          {key: "recon", section: true, quota: [numSlots]int8{1}, drawTwo: true},
	Probe:          {key: "probe", section: true, quota: [numSlots]int8{2}},
	Attack:         {key: "attack", section: true, quota: [numSlots]int8{3}},
	Assault:        {key: "assault", section: true, quota: [numSlots]int8{allUnits}},
	GeneralAdvance: {key: "general-advance", quota: [numSlots]int8{2, 2, 2}},
	PincerMove:     {key: "pincer-move", quota: [numSlots]int8{2, 0, 2}},
	ReconInForce:   {key: "recon-in-force", quota: [numSlots]int8{1, 1, 1}},

	AirPower:         {key: "air-power", tactic: true},
	Ambush:           {key: "ambush", tactic: true},
	ArmorAssault:     {key: "armor-assault", tactic: true, quota: [numSlots]int8{slotArmor: 4}, typed: true, typ: Armor},
	ArtilleryBombard: {key: "artillery-bombard", tactic: true, typed: true, typ: Artillery},
	Barrage:          {key: "barrage", tactic: true},
	BehindEnemyLines: {key: "behind-enemy-lines", tactic: true, quota: [numSlots]int8{slotInf: 1}, typed: true, typ: Infantry},
	CloseAssault:     {key: "close-assault", tactic: true},
	CounterAttack:    {key: "counter-attack", tactic: true},
	DigIn:            {key: "dig-in", tactic: true, quota: [numSlots]int8{slotInf: 4}, typed: true, typ: Infantry},
	DirectFromHQ:     {key: "direct-from-hq", tactic: true, quota: [numSlots]int8{slotAny: 4}},
	Firefight:        {key: "firefight", tactic: true, quota: [numSlots]int8{slotAny: 4}},
	InfantryAssault:  {key: "infantry-assault", tactic: true, typed: true, typ: Infantry},
	MedicsMechanics:  {key: "medics-mechanics", tactic: true, quota: [numSlots]int8{slotAny: 1}},
	MoveOut:          {key: "move-out", tactic: true, quota: [numSlots]int8{slotInf: 4}, typed: true, typ: Infantry},
	FinestHour:       {key: "their-finest-hour", tactic: true, reshuffle: true},
}

func (k CardKind) String() string {
	if k < NumCardKinds {
		return cardTable[k].key
	}
	return "?"
}

// Tactic reports whether the kind is a tactic card.
func (k CardKind) Tactic() bool { return cardTable[k].tactic }

// Implemented reports whether the engine can play this kind of card.
func (k CardKind) Implemented() bool { return k < NumCardKinds }

// CardID names one physical card of a deck: its index in the deck's table.
type CardID uint8

// NoCard is the absence of a card.
const NoCard CardID = 255

// Card is one physical card: its kind and, for the four one-section cards,
// the section it names.
type Card struct {
	Kind    CardKind
	Section Section
}

// Name is the card's stable text name, e.g. "probe-left" or "air-power".
func (c Card) Name() string {
	if cardTable[c.Kind].section {
		return c.Kind.String() + "-" + c.Section.String()
	}
	return c.Kind.String()
}

// quota is the card's order quota per slot, already turned to the named
// section for one-section cards.
func (c Card) quota() [numSlots]int8 {
	q := cardTable[c.Kind].quota
	if cardTable[c.Kind].section {
		var out [numSlots]int8
		out[c.Section] = q[0]
		return out
	}
	return q
}

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

type deckLine struct {
	kind   CardKind
	copies [3]int8 // per section for one-section cards, else copies[0]
}

// standardDeck is the 60-card base deck (command-cards.md §2).
var standardDeck = []deckLine{
	{Recon, [3]int8{2, 2, 2}},
	{Probe, [3]int8{4, 5, 4}},
	{Attack, [3]int8{3, 4, 3}},
	{Assault, [3]int8{2, 2, 2}},
	{GeneralAdvance, [3]int8{1}},
	{PincerMove, [3]int8{1}},
	{ReconInForce, [3]int8{3}},
	{AirPower, [3]int8{1}},
	{Ambush, [3]int8{1}},
	{ArmorAssault, [3]int8{2}},
	{ArtilleryBombard, [3]int8{1}},
	{Barrage, [3]int8{1}},
	{BehindEnemyLines, [3]int8{1}},
	{CloseAssault, [3]int8{1}},
	{CounterAttack, [3]int8{2}},
	{DigIn, [3]int8{1}},
	{DirectFromHQ, [3]int8{2}},
	{Firefight, [3]int8{1}},
	{InfantryAssault, [3]int8{2}},
	{MedicsMechanics, [3]int8{1}},
	{MoveOut, [3]int8{2}},
	{FinestHour, [3]int8{1}},
}

func buildDeck(lines []deckLine, sectionOnly bool) Deck {
	var d Deck
	for _, l := range lines {
		if sectionOnly && cardTable[l.kind].tactic {
			continue
		}
		if cardTable[l.kind].section {
			for s := Left; s <= Right; s++ {
				for i := int8(0); i < l.copies[s]; i++ {
					d = append(d, Card{Kind: l.kind, Section: s})
				}
			}
			continue
		}
		for i := int8(0); i < l.copies[0]; i++ {
			d = append(d, Card{Kind: l.kind})
		}
	}
	return d
}

// StandardDeck is the full 60-card command deck of the base game.
func StandardDeck() Deck { return buildDeck(standardDeck, false) }

// SectionDeck is the 40 section cards of the base deck alone (the young
// players' variant deck, rulebook annex 5).
func SectionDeck() Deck { return buildDeck(standardDeck, true) }

// PlayableDeck is the default deck: the full standard deck.
func PlayableDeck() Deck { return StandardDeck() }

// CardByName finds a card kind (and section) from Name's form.
func CardByName(name string) (Card, bool) {
	for k := CardKind(0); k < NumCardKinds; k++ {
		if cardTable[k].section {
			for s := Left; s <= Right; s++ {
				c := Card{Kind: k, Section: s}
				if c.Name() == name {
					return c, true
				}
			}
			continue
		}
		if cardTable[k].key == name {
			return Card{Kind: k}, true
		}
	}
	return Card{}, false
}
