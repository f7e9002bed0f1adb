package match

import (
	crand "crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"

	"m44/bots"
	"m44/rules"
)

// seatDef is a seat of a game before it is taken.
type seatDef struct {
	name   string
	side   rules.Side
	player int
}

// seatDefs are the seats of a game with the given players per side:
// "allies" and "axis" for a lone player, "allies-1", "allies-2" (and so on
// for the Axis) for an Operation Alliance team.
func seatDefs(players [2]int) []seatDef {
	var out []seatDef
	for side := rules.Allies; side <= rules.Axis; side++ {
		if players[side] == 1 {
			out = append(out, seatDef{side.String(), side, 0})
			continue
		}
		for p := 0; p < players[side]; p++ {
			out = append(out, seatDef{fmt.Sprintf("%s-%d", side, p+1), side, p})
		}
	}
	return out
}

func newToken() string {
	b := make([]byte, 16)
	crand.Read(b)
	return hex.EncodeToString(b)
}

func hashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

// sameHash reports whether the stored hash a is h, in time that depends
// only on their lengths (as subtle.ConstantTimeCompare).
func sameHash(a string, h []byte) bool {
	if len(a) != len(h) {
		return false
	}
	var d byte
	for i := range h {
		d |= a[i] ^ h[i]
	}
	return subtle.ConstantTimeByteEq(d, 0) == 1
}

type seat struct {
	name      string
	side      rules.Side
	player    int
	kind      string // "human" or "bot:<level>"
	tokenHash string
	tokens    []string // more token hashes: one per device of its account (AddToken)
	account   string   // the account the seat belongs to, "" for none
	bot       bots.Bot
	level     string
	conns     int
	last      *reply // the seat's last applied action, to answer its duplicate
	lastUndo  *reply
}

// reply remembers an applied request: its action, the version it was made
// at and the version it led to.
type reply struct {
	action        string
	before, after int
}

func (m *Match) seatNamed(name string) *seat {
	for _, s := range m.seats {
		if s.name == name {
			return s
		}
	}
	return nil
}

// actingSeat is the seat of token, which must name one, to do what.
func (m *Match) actingSeat(token, what string) (*seat, error) {
	s, err := m.seatOf(token)
	if err == nil && s == nil {
		err = Errorf(CodeUnauthorized, "a seat's token is needed to %s", what)
	}
	return s, err
}

// seatOf is the seat a token holds: nil for no token (a spectator).
func (m *Match) seatOf(token string) (*seat, error) {
	if token == "" {
		return nil, nil
	}
	// The hash in a buffer on the stack, compared in place: converting
	// each stored hash to bytes to compare allocated (issue 14, sixth
	// pass: a few per cent of a WebSocket action).
	sum := sha256.Sum256([]byte(token))
	var hb [2 * sha256.Size]byte
	hex.Encode(hb[:], sum[:])
	h := hb[:]
	for _, s := range m.seats {
		if s.tokenHash != "" && sameHash(s.tokenHash, h) {
			return s, nil
		}
		for _, t := range s.tokens {
			if sameHash(t, h) {
				return s, nil
			}
		}
	}
	return nil, Errorf(CodeUnauthorized, "this token holds no seat of game %s", m.id)
}

// toAct is the seat to decide now (nil once the game is over). For a team,
// it is the side's current player, also when the side answers a decision in
// the other side's turn (a retreat, an Ambush).
func (m *Match) toActLocked() *seat {
	if over, _, _ := m.overLocked(); over {
		return nil
	}
	side := m.st.ToAct()
	p := 0
	if m.st.Players()[side] == 2 {
		p = m.st.CurrentPlayer(side)
	}
	for _, s := range m.seats {
		if s.side == side && s.player == p {
			return s
		}
	}
	return nil
}
