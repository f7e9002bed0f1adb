package match

import (
	"encoding/json"

	"m44/rules"
	"m44/view"
)

// ReplayStep is a game after its first Step actions, as a spectator sees it
// (GET /api/games/{id}/replay?step=N): the replay of a finished game, or of
// a running one for anyone, from the record. Hands stay hidden.
type ReplayStep struct {
	Step   int    `json:"step"`
	Steps  int    `json:"steps"`            // actions in the record
	Action string `json:"action,omitempty"` // the action that led here (none at step 0)
	Turn   int    `json:"turn"`
	Active string `json:"active"`
	// Turns[i] is the step at which turn i+1 starts (jump to a turn).
	Turns    []int        `json:"turns"`
	Scenario ScenarioInfo `json:"scenario"`
	View     view.View    `json:"view"`
	Over     bool         `json:"over"`
	Winner   *string      `json:"winner"`
	// Log is the game's log up to this step, each entry as a spectator
	// reads it (LogEntry, numbered from 1; no undone actions, no server
	// entries); Latest is how many of its last entries this step's action
	// caused.
	Log    []json.RawMessage `json:"log"`
	Latest int               `json:"latest"`
}

// ReplayAt replays the record up to step n (clamped to 0…the record's
// length) on a fresh game from the seed and the deal.
func (m *Match) ReplayAt(n int) (*ReplayStep, error) {
	m.mu.Lock()
	rec := append([]played(nil), m.record...)
	board, seed, deal := m.board, m.seed, m.deal
	m.mu.Unlock()
	n = max(0, min(n, len(rec)))
	st, err := board.ReplayNewGame(seed, deal)
	if err != nil {
		return nil, internal(err, "cannot replay the game")
	}
	out := &ReplayStep{Steps: len(rec), Step: n, Turns: []int{0}}
	var at *rules.State
	turn := st.Turn()
	if n == 0 {
		at = st.Clone()
	}
	out.Log = []json.RawMessage{}
	for i, p := range rec {
		evs, err := st.Replay(p.action, p.outcomes)
		if err != nil {
			return nil, internal(err, "cannot replay the game")
		}
		if i < n {
			for _, e := range evs {
				out.Log = append(out.Log, eventEntry(st, len(out.Log)+1, e).json[viewSpectator])
			}
			if i+1 == n {
				out.Latest = len(evs)
			}
		}
		if t := st.Turn(); t != turn {
			turn = t
			out.Turns = append(out.Turns, i+1)
		}
		if i+1 == n {
			at = st.Clone()
			out.Action = p.action.String()
		}
	}
	v := viewFor(at, nil)
	out.View, out.Turn, out.Active = v, at.Turn(), at.Active().String()
	out.Scenario = ScenarioInfo{ID: m.sc.ID, Name: m.sc.Name(m.settings.Lang), Board: m.sc.board(), Labels: m.sc.labels(),
		Top: at.Setup().Top.String(), Objectives: objectivesOf(at)}
	if over, w := at.Over(); over {
		ws := w.String()
		out.Over, out.Winner = true, &ws
	}
	return out, nil
}
