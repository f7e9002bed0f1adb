package match

import (
	"time"

	"m44/rules"
)

// DefaultMaxActions is the decisions (actions and undos) a game may take
// when the server's configuration and the table do not say (issue 14:
// every game has a limit). A full game of the base scenarios takes a few
// hundred.
const DefaultMaxActions = 5000

// Ended says why a game is over when it is not the engine's victory.
const EndedActionLimit = "action_limit"

// maxActions is the game's limit: the table's setting, else the server's.
func (m *Match) maxActions() int {
	if n := m.settings.MaxActions; n > 0 {
		return n
	}
	if n := m.mgr.cfg.MaxActions; n > 0 {
		return n
	}
	return DefaultMaxActions
}

// endOf is whether the game is over with state st after seq decisions, and
// who won ("" for a draw) and, if the limit ended it, why. The engine's
// victory comes first; at the limit the side with more victory medals wins,
// and equal medals are a draw (docs/rules-decisions.md, "Action limit").
func (m *Match) endOf(st *rules.State, seq int) (over bool, winner, ended string) {
	if over, w := st.Over(); over {
		return true, w.String(), ""
	}
	if seq < m.maxActions() {
		return false, "", ""
	}
	md := st.Medals()
	switch {
	case md[rules.Allies] > md[rules.Axis]:
		winner = rules.Allies.String()
	case md[rules.Axis] > md[rules.Allies]:
		winner = rules.Axis.String()
	}
	return true, winner, EndedActionLimit
}

// overLocked is endOf the game now, or its end by a seat running out of
// time.
func (m *Match) overLocked() (over bool, winner, ended string) {
	if f := m.forfeit; f != nil {
		return true, f.winner.String(), "" // a seat ran out of time (clock.go)
	}
	return m.endOf(m.st, m.seq)
}

// botOnly reports whether no seat of the game is human.
func (m *Match) botOnly() bool {
	for _, s := range m.seats {
		if s.bot == nil {
			return false
		}
	}
	return true
}

// botDelay is the pause before a bot's decision: the server's BotDelay, and
// at least BotOnlyDelay in a game of bots only (they would otherwise play
// as fast as the processor allows).
func (m *Match) botDelay() time.Duration {
	d := m.mgr.cfg.BotDelay
	if m.botOnly() {
		d = max(d, m.mgr.cfg.BotOnlyDelay)
	}
	return d
}
