package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"m44/hex"
)

// RecordVersion is the version of the game record this engine writes and
// replays: 0 is (setup, seed, actions), replayed by drawing from the seeded
// generator in the engine's own order; 1 adds the outcomes of chance — the
// deal and each action's outcomes — which a replay feeds back, so a record
// replays after any engine change that keeps the rules the same.
const RecordVersion = 1

// OutcomeKind is what a chance event decided.
type OutcomeKind uint8

const (
	OutDie    OutcomeKind = iota + 1 // a battle die showed Face
	OutCard                          // Card was drawn from the draw pile
	OutDrop                          // a paratrooper landed on (or over) Hex
	OutCombat                        // Winter Combat card Card was drawn from the Combat pile
	OutMine                          // the next minefield got the token Mine (Winter Wars III)
	numOutcomeKinds
)

var outcomeWords = [numOutcomeKinds]string{"", "die", "card", "drop", "combat", "mine"}

func (k OutcomeKind) String() string {
	if k > 0 && k < numOutcomeKinds {
		return outcomeWords[k]
	}
	return "?"
}

// Outcome is one result of chance: a die's face, the card a draw took, the
// hex a paratrooper landed on (possibly off the board). A game is determined
// by its setup, its actions and its outcomes, whatever the generator. Its
// text form (String, ParseOutcome) round-trips: "die:grenade", "card:12",
// "drop:3,5".
type Outcome struct {
	Kind OutcomeKind
	Face Face
	Card CardID
	Hex  hex.Hex
	Mine int8
}

// MineOutcome is the token a minefield got at setup.
func MineOutcome(v int8) Outcome { return Outcome{Kind: OutMine, Mine: v} }

// DieOutcome, CardOutcome and DropOutcome make outcomes.
func DieOutcome(f Face) Outcome                { return Outcome{Kind: OutDie, Face: f} }
func CardOutcome(c CardID) Outcome             { return Outcome{Kind: OutCard, Card: c} }
func DropOutcome(h hex.Hex) Outcome            { return Outcome{Kind: OutDrop, Hex: h} }
func CombatOutcome(c CardID) Outcome           { return Outcome{Kind: OutCombat, Card: c} }
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

func (o Outcome) String() string {
	switch o.Kind {
	case OutDie:
		return "die:" + o.Face.String()
	case OutCard:
		return "card:" + strconv.Itoa(int(o.Card))
	case OutDrop:
		return "drop:" + o.Hex.String()
	case OutCombat:
		return "combat:" + strconv.Itoa(int(o.Card))
	case OutMine:
		return "mine:" + strconv.Itoa(int(o.Mine))
	}
	return "?"
}

func (o *Outcome) UnmarshalText(b []byte) error {
	p, err := ParseOutcome(string(b))
	if err != nil {
		return err
	}
	*o = p
	return nil
}

// ParseOutcome reads the text form written by Outcome.String.
func ParseOutcome(s string) (Outcome, error) {
	word, arg, ok := strings.Cut(s, ":")
	if !ok {
		return Outcome{}, fmt.Errorf("outcome %q: want die:<face>, card:<id> or drop:<row,col>", s)
	}
	switch word {
	case "die":
		for f := Face(0); f < numFaces; f++ {
			if faceNames[f] == arg {
				return DieOutcome(f), nil
			}
		}
		return Outcome{}, fmt.Errorf("outcome %q: no face %q (faces: %s)", s, arg, strings.Join(faceNames[:], ", "))
	case "card", "combat":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n >= int(NoCard) {
			return Outcome{}, fmt.Errorf("outcome %q: bad card %q", s, arg)
		}
		if word == "combat" {
			return CombatOutcome(CardID(n)), nil
		}
		return CardOutcome(CardID(n)), nil
	case "drop":
		h, err := hex.Parse(arg)
		if err != nil {
			return Outcome{}, fmt.Errorf("outcome %q: %v", s, err)
		}
		return DropOutcome(h), nil
	case "mine":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n > MaxMineToken {
			return Outcome{}, fmt.Errorf("outcome %q: bad mine token %q", s, arg)
		}
		return MineOutcome(int8(n)), nil
	}
	return Outcome{}, fmt.Errorf("outcome %q: unknown kind %q (want die, card, drop, combat or mine)", s, word)
}

// FormatOutcomes is the outcomes' text forms separated by spaces.
func FormatOutcomes(outs []Outcome) string {
	var b strings.Builder
	for i, o := range outs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(o.String())
	}
	return b.String()
}

// ParseOutcomes reads FormatOutcomes' text ("" is no outcome).
func ParseOutcomes(s string) ([]Outcome, error) {
	var out []Outcome
	for _, f := range strings.Fields(s) {
		o, err := ParseOutcome(f)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// ErrOutcome is returned for a forced outcome that cannot happen, or a
// replay whose recorded outcomes do not match what the action needs.
var ErrOutcome = errors.New("impossible outcome")

// check is whether o could be an outcome of some chance event of this
// game's setup (its kind, face and card id are in range).
func (s *State) check(o Outcome) error {
	switch o.Kind {
	case OutDie:
		if !slices.Contains(dieFaces[:], o.Face) {
			return fmt.Errorf("%w: die face %d is not a face of the die", ErrOutcome, o.Face)
		}
	case OutCard:
		if int(o.Card) >= len(s.b.deck) {
			return fmt.Errorf("%w: card %d: the deck has ids 0..%d", ErrOutcome, o.Card, len(s.b.deck)-1)
		}
	case OutCombat:
		if int(o.Card) >= len(s.b.combat) {
			return fmt.Errorf("%w: combat card %d: the Combat pile has %d cards", ErrOutcome, o.Card, len(s.b.combat))
		}
	case OutDrop:
	case OutMine:
		if o.Mine < 0 || o.Mine > MaxMineToken {
			return fmt.Errorf("%w: mine token %d: tokens are 0..%d", ErrOutcome, o.Mine, MaxMineToken)
		}
	default:
		return fmt.Errorf("%w: unknown outcome kind %d", ErrOutcome, o.Kind)
	}
	return nil
}

// Force queues outcomes for the coming chance events: each roll takes the
// first queued die, each draw the first queued card, each landing the first
// queued drop; events with none queued draw from the generator. The queue
// outlives actions (tests and the protocol's test mode). An outcome
// impossible when it is used (a card not in the draw pile, a hex outside
// the drop zone) makes Apply fail and change nothing.
func (s *State) Force(outs ...Outcome) error {
	for _, o := range outs {
		if err := s.check(o); err != nil {
			return fmt.Errorf("outcome %s: %w", o, err)
		}
	}
	s.forced = append(s.forced[:len(s.forced):len(s.forced)], outs...)
	return nil
}

// Forced is a copy of the outcomes queued and not used yet.
func (s *State) Forced() []Outcome { return slices.Clone(s.forced) }

// chance is the one door of every chance event, of kind k with n equally
// likely results: the generator always advances one step (so that its state
// depends only on the seed and the number of outcomes so far, replayed or
// not); the outcome is the first forced one of kind k if one is queued,
// else the generator's draw. spots are a landing's possible hexes. It
// returns the outcome, logged when an action is recorded, and its index in
// the draw pile (a card) or in spots (a drop).
func (s *State) chance(k OutcomeKind, n int, spots []hex.Hex) (Outcome, int) {
	r := s.rng.intn(n)
	if len(s.forced) == 0 && !s.strict && s.outs == nil {
		// Nothing queued, nothing to check or record (a simulation): the
		// generator's draw (issue 15, seventh pass).
		return s.drawn(k, r, spots), r
	}
	var o Outcome
	idx, ok := -1, false
	for i := range s.forced {
		if s.forced[i].Kind != k {
			continue
		}
		o = s.forced[i]
		if i == 0 {
			s.forced = s.forced[1:]
		} else {
			// A new array: clones may share the old one.
			s.forced = append(s.forced[:i:i], s.forced[i+1:]...)
		}
		ok = true
		break
	}
	if ok {
		switch k {
		case OutDie:
			ok = slices.Contains(dieFaces[:], o.Face)
			if !ok {
				s.fail(fmt.Errorf("%w: die face %d is not a face of the die", ErrOutcome, o.Face))
			}
		case OutCard:
			idx = slices.Index(s.deck, o.Card)
			if ok = idx >= 0; !ok {
				s.fail(fmt.Errorf("%w: %s: card %d is not in the draw pile (%d cards)", ErrOutcome, o, o.Card, len(s.deck)))
			}
		case OutDrop:
			idx = slices.Index(spots, o.Hex)
			if ok = idx >= 0; !ok {
				s.fail(fmt.Errorf("%w: %s: %s is not in the drop zone", ErrOutcome, o, o.Hex))
			}
		case OutCombat:
			idx = slices.Index(s.cpile, o.Card)
			if ok = idx >= 0; !ok {
				s.fail(fmt.Errorf("%w: %s: combat card %d is not in the Combat pile (%d cards)", ErrOutcome, o, o.Card, len(s.cpile)))
			}
		case OutMine:
			idx = slices.Index(s.tokens, o.Mine)
			if ok = idx >= 0; !ok {
				s.fail(fmt.Errorf("%w: %s: no token %d left face down", ErrOutcome, o, o.Mine))
			}
		}
	} else if s.strict {
		s.fail(fmt.Errorf("%w: the record has no %s outcome for a %s the action needs", ErrOutcome, k, chanceWhat[k]))
	}
	if !ok {
		o, idx = s.drawn(k, r, spots), r
	}
	if s.outs != nil {
		*s.outs = append(*s.outs, o)
	}
	return o, idx
}

// drawn is the outcome of kind k the generator drew: result r of chance.
func (s *State) drawn(k OutcomeKind, r int, spots []hex.Hex) Outcome {
	switch k {
	case OutDie:
		return DieOutcome(dieFaces[r])
	case OutCard:
		return CardOutcome(s.deck[r])
	case OutDrop:
		return DropOutcome(spots[r])
	case OutCombat:
		return CombatOutcome(s.cpile[r])
	case OutMine:
		return MineOutcome(s.tokens[r])
	}
	return Outcome{}
}

var chanceWhat = [numOutcomeKinds]string{"", "die roll", "card draw", "paratrooper's landing", "Combat card draw", "minefield token"}

// fail keeps the first impossible outcome met.
func (s *State) fail(err error) {
	if s.bad == nil {
		s.bad = err
	}
}

// ApplyRecorded is Apply that also returns the outcomes of chance the action
// caused, in the order they happened: the record that Replay feeds back.
func (s *State) ApplyRecorded(a Action) ([]Event, []Outcome, error) {
	return s.apply(a, nil, false, true)
}

// Replay applies a recorded action with its recorded outcomes instead of the
// generator's draws (the generator still advances one step per outcome).
// The outcomes must be exactly those the action needs: one missing, one left
// over, or one impossible (a card not in the draw pile, a face not on the
// die, a hex outside the drop zone) is an error naming it, and the state is
// left untouched. Outcomes queued by Force stay queued.
func (s *State) Replay(a Action, outs []Outcome) ([]Event, error) {
	evs, _, err := s.apply(a, outs, true, false)
	return evs, err
}

func (s *State) apply(a Action, replay []Outcome, strict, rec bool) ([]Event, []Outcome, error) {
	if s.phase == PhaseOver {
		return nil, nil, ErrGameOver
	}
	if !s.IsLegal(a) {
		return nil, nil, fmt.Errorf("%w: %q in phase %s for %s", ErrIllegal, a.String(), s.phase, s.ToAct())
	}
	var evs []Event
	if !strict && len(s.forced) == 0 {
		// Nothing forced: every outcome is possible, so the state may
		// change in place.
		s.events = &evs
		if rec {
			s.outs = new([]Outcome)
		}
		s.do(a)
		var outs []Outcome
		if s.outs != nil {
			outs = *s.outs
		}
		s.events, s.outs = nil, nil
		return evs, outs, nil
	}
	var outs []Outcome
	for _, o := range replay {
		if err := s.check(o); err != nil {
			return nil, nil, fmt.Errorf("%q: outcome %s: %w", a.String(), o, err)
		}
	}
	c := s.Clone()
	queued := c.forced
	if strict {
		c.forced, c.strict = slices.Clone(replay), true
	}
	c.events, c.outs, c.bad = &evs, &outs, nil
	c.do(a)
	c.events, c.outs = nil, nil
	err := c.bad
	if err == nil && strict && len(c.forced) > 0 {
		err = fmt.Errorf("%w: %d recorded outcome(s) not used by the action: %s", ErrOutcome, len(c.forced), FormatOutcomes(c.forced))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%q: %w", a.String(), err)
	}
	if strict {
		c.forced, c.strict = queued, false
	}
	*s = *c
	return evs, outs, nil
}

// NewGameRecorded is NewGame that also returns the outcomes of the opening:
// the cards dealt, in order (each lone player's hand, then for a team each
// player's hand and the shared card, Allies first), and the landings of an
// airdrop at the start of the first turn.
func (bd *Board) NewGameRecorded(seed uint64) (*State, []Outcome) {
	st, outs, _ := bd.newGame(seed, nil, false, true)
	return st, outs
}

// ReplayNewGame starts a game from the recorded outcomes of its opening (as
// NewGameRecorded returns them), checked as Replay checks an action's.
func (bd *Board) ReplayNewGame(seed uint64, outs []Outcome) (*State, error) {
	st, _, err := bd.newGame(seed, outs, true, false)
	return st, err
}

func (bd *Board) newGame(seed uint64, replay []Outcome, strict, rec bool) (*State, []Outcome, error) {
	st := bd.tmpl.Clone()
	st.rng = rng{seed}
	if strict {
		for _, o := range replay {
			if err := st.check(o); err != nil {
				return nil, nil, fmt.Errorf("deal: outcome %s: %w", o, err)
			}
		}
		st.forced, st.strict = slices.Clone(replay), true
	}
	if rec {
		st.outs = new([]Outcome)
	}
	st.deal()
	var outs []Outcome
	if st.outs != nil {
		outs = *st.outs
	}
	st.outs, st.strict = nil, false
	err := st.bad
	if err == nil && len(st.forced) > 0 {
		err = fmt.Errorf("%w: %d recorded outcome(s) not used by the deal: %s", ErrOutcome, len(st.forced), FormatOutcomes(st.forced))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("deal: %w", err)
	}
	return st, outs, nil
}
