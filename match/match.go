// Package match runs the server's games: one Match per game holds the
// engine state, the seats and their tokens, the versioned log each seat sees
// its own way, and the bots that take their seats' turns. Every decision goes
// through the engine (rules.State.Apply) and is committed to the store before
// it is acknowledged or pushed.
package match

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"m44/internal/jsonenc"
	"m44/rules"
	"m44/store"
	"m44/view"
)

// Match is one game being played. It is safe for concurrent use.
type Match struct {
	mgr      *Manager
	id       string
	sc       *Scenario
	board    *rules.Board
	seed     uint64
	deal     []rules.Outcome // the outcomes of the opening
	settings Settings
	seats    []*seat

	mu       sync.Mutex
	st       *rules.State
	record   []played // the actions in effect (undone ones removed)
	log      []logRef // every log entry (its JSON in logText); the version is len(log)
	logText  [][]byte // the log's entries' JSON, one after the other in chunks (addLogLocked)
	seq      int      // entries in the store's log of decisions
	lastRoll *Roll
	subs     map[*Sub]struct{}
	botBusy  bool
	closed   bool
	// used is when the game was last asked for (UnixNano; evict.go);
	// evicted, that this copy was unloaded (the manager holds it no more).
	used    atomic.Int64
	evicted bool
	// follower: another node owns the game, this copy follows it
	// (cluster.go; atomic, read by Get under the manager's lock);
	// leased, when this node last took its lease (under the manager's
	// lock).
	follower atomic.Bool
	leased   time.Time
	created  time.Time  // when the game was created (the lobby's order)
	clk      clockState // the clock's state, for a game with a clock (clock.go)
	forfeit  *forfeit   // the game ended by a seat running out of time
	// scInfo is the scenario part of a snapshot that never changes (all but
	// the objectives), made once (scenarioInfoLocked).
	scInfo *ScenarioInfo
	// shared is the last snapshot encoded for each viewing seat (subs.go):
	// the WebSockets of one seat, or the spectators, share it.
	shared map[*seat]*sharedSnapshot
	// pub is the board of the position (the same for every viewer) and
	// its JSON, made once for all the snapshots of a position while the
	// game has subscribers (publicBoardLocked).
	pub *publicBoard
	// spare is a former position nothing refers to any more (neither st
	// nor pub.st), into which the next action copies st (applyLocked), so
	// that an action allocates no engine state (issue 14, seventh pass).
	spare *rules.State
	// probe is the copy of the position on which the legal card plays are
	// tried (legalOn: PlayDoesNothing), made once for the game.
	probe *rules.State
}

// played is an action in effect.
type played struct {
	seat     string
	action   rules.Action
	outcomes []rules.Outcome // the chance it revealed: with any, it cannot be undone
}

// ID is the game's id.
func (m *Match) ID() string { return m.id }

// Version is the number of log entries so far.
func (m *Match) Version() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.log)
}

// Hash is the engine state's hash.
func (m *Match) Hash() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Hash()
}

// Over reports whether the game is over.
func (m *Match) Over() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	over, _, _ := m.overLocked()
	return over
}

// applyLocked applies a on behalf of s: checked by the engine, committed to
// the store (when persist is set) with the outcomes of chance it caused,
// then made the game's state. Chance comes from the generator, or when
// replay is set from the recorded outcomes.
func (m *Match) applyLocked(ctx context.Context, s *seat, a rules.Action, persist, replay bool, recorded []rules.Outcome) (int, error) {
	before := len(m.log)
	// The copy takes the working memory along (m.st is replaced), and the
	// features' mark, by which the shared board knows when they changed
	// (issue 14, seventh pass).
	m.st.MarkTerrain()
	next := m.st.CloneNextInto(m.spare)
	m.spare = nil
	var evs []rules.Event
	var outs []rules.Outcome
	var err error
	if replay {
		evs, err = next.Replay(a, recorded)
		outs = recorded
	} else {
		evs, outs, err = next.ApplyRecorded(a)
	}
	if err != nil {
		m.spare = next // (nothing refers to it)
		return 0, Errorf(CodeIllegal, "%v", err)
	}
	entries := make([]entry, 0, max(1, len(evs)))
	for i, e := range evs {
		entries = append(entries, eventEntry(next, before+i+1, e))
	}
	if len(entries) == 0 {
		sa := seatArgs(s)
		if a.Kind != rules.ActPlay && a.Kind != rules.ActKeep {
			sa.str("action", a.String())
		}
		entries = append(entries, serverEntry(before+1, "step", &sa))
	}
	after := before + len(entries)
	text := a.String() // once: the record's and the reply's (issue 14, sixth pass)
	if persist {
		over, winner, _ := m.endOf(next, m.seq+1)
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		rec := store.Action{Seq: m.seq + 1, Seat: s.name, Action: text, Version: after, Outcomes: rules.FormatOutcomes(outs)}
		if err := m.mgr.cfg.Store.Append(ctx, m.id, rec, over, winner); err != nil {
			if e := m.lostLocked(err); e != nil {
				return 0, e
			}
			return 0, internal(err, "cannot record the action")
		}
		defer m.afterChangeLocked(ctx, over)
	}
	m.seq++
	m.record = append(m.record, played{seat: s.name, action: a, outcomes: outs})
	prev := m.st
	m.st = next
	m.retireLocked(prev)
	m.addLogLocked(entries...)
	for _, e := range entries {
		if e.dice != nil {
			m.lastRoll = e.dice
		}
	}
	s.last = &reply{action: text, before: before, after: after}
	return after, nil
}

// Act is a seat's action: POST /api/games/{id}/actions.
func (m *Match) Act(ctx context.Context, token, action string, version int) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.movedLocked(); err != nil {
		return 0, err
	}
	s, err := m.actingSeat(token, "act")
	if err != nil {
		return 0, err
	}
	a, perr := rules.ParseAction(action)
	canon := action
	if perr == nil {
		canon = a.String()
	}
	if l := s.last; l != nil && l.action == canon && l.before == version {
		return l.after, nil // a duplicate of the seat's last action
	}
	if over, _, ended := m.overLocked(); over {
		if ended == EndedActionLimit {
			return 0, Errorf(CodeIllegal, "the game is over: it reached its limit of %d actions", m.maxActions())
		}
		return 0, Errorf(CodeIllegal, "the game is over")
	}
	if version != len(m.log) {
		return 0, Errorf(CodeStale, "the game is at version %d, not %d", len(m.log), version)
	}
	if t := m.toActLocked(); t != s {
		return 0, Errorf(CodeNotYourTurn, "%s is to act, not %s", t.name, s.name)
	}
	if perr != nil {
		return 0, Errorf(CodeIllegal, "%v", perr)
	}
	after, err := m.applyLocked(ctx, s, a, true, false, nil)
	if err != nil {
		return 0, err
	}
	m.changedLocked()
	return after, nil
}

// Undo takes back the seat's last action: POST /api/games/{id}/undo.
func (m *Match) Undo(ctx context.Context, token string, version int) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.movedLocked(); err != nil {
		return 0, err
	}
	s, err := m.actingSeat(token, "undo")
	if err != nil {
		return 0, err
	}
	if l := s.lastUndo; l != nil && l.before == version {
		return l.after, nil // a duplicate of the seat's last undo
	}
	if version != len(m.log) {
		return 0, Errorf(CodeStale, "the game is at version %d, not %d", len(m.log), version)
	}
	if err := m.undoLocked(ctx, s, true); err != nil {
		return 0, err
	}
	m.changedLocked()
	return len(m.log), nil
}

// whyNoUndoLocked says why s may not undo now ("" if it may).
func (m *Match) whyNoUndoLocked(s *seat) string {
	if over, _, _ := m.overLocked(); over {
		return "the game is over"
	}
	if len(m.record) == 0 {
		return "there is nothing to undo"
	}
	last := m.record[len(m.record)-1]
	if last.seat != s.name {
		return fmt.Sprintf("only %s, who made the last action, may undo it", last.seat)
	}
	if len(last.outcomes) > 0 {
		return "the last action rolled dice or drew cards: it cannot be undone"
	}
	return ""
}

func (m *Match) undoLocked(ctx context.Context, s *seat, persist bool) error {
	if why := m.whyNoUndoLocked(s); why != "" {
		return Errorf(CodeUndoRefused, "%s", why)
	}
	keep := m.record[:len(m.record)-1]
	st, err := m.board.ReplayNewGame(m.seed, m.deal)
	if err != nil {
		return internal(err, "cannot replay the game")
	}
	for _, p := range keep {
		if _, err := st.Replay(p.action, p.outcomes); err != nil {
			return internal(err, "cannot replay the game")
		}
	}
	after := len(m.log) + 1
	if persist {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if err := m.mgr.cfg.Store.Append(ctx, m.id, store.Action{Seq: m.seq + 1, Seat: s.name, Action: "undo", Version: after}, false, ""); err != nil {
			if e := m.lostLocked(err); e != nil {
				return e
			}
			return internal(err, "cannot record the undo")
		}
	}
	if persist {
		defer m.clockChangedLocked(ctx, true)
	}
	m.seq++
	m.st = st
	m.record = keep
	sa := seatArgs(s)
	m.addLogLocked(serverEntry(after, "undo", &sa))
	s.last = nil
	s.lastUndo = &reply{action: "undo", before: after - 1, after: after}
	return nil
}

// Record is a finished game's record: GET /api/games/{id}/record. It
// replays with rules.Board.ReplayNewGame(seed, deal), then rules.State.Replay
// of each action with its outcomes, on any seed: the outcomes decide chance.
type Record struct {
	Version    int             `json:"version"` // rules.RecordVersion
	ScenarioID string          `json:"scenario_id"`
	Scenario   json.RawMessage `json:"scenario"` // the .m44 file
	Seed       uint64          `json:"seed"`
	Players    PerSide         `json:"players"`
	Young      *Young          `json:"young,omitempty"` // the young players' variant
	Deal       []rules.Outcome `json:"deal"`            // the outcomes of the opening
	Actions    []string        `json:"actions"`
	Outcomes   [][]string      `json:"outcomes"`          // each action's, in order ([] for none)
	Winner     string          `json:"winner"`            // "" for a draw (only at the action limit)
	Ended      string          `json:"ended,omitempty"`   // "action_limit": ended by the game's limit, not by the engine
	Timeout    string          `json:"timeout,omitempty"` // the seat that lost on time (the game ended there)
	Hash       string          `json:"hash"`              // the final state's hash, to check a replay
}

// Record is the record of the game once it is over (at the current record
// version, also for a game stored at an older one: its outcomes are known
// once it is replayed).
func (m *Match) Record() (*Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	over, winner, ended := m.overLocked()
	if !over {
		return nil, Errorf(CodeNotOver, "the game is not over: its record is given once it is")
	}
	r := &Record{Version: rules.RecordVersion, ScenarioID: m.sc.ID, Scenario: m.sc.Data, Seed: m.seed, Players: m.settings.Players, Young: m.settings.Young,
		Deal: append([]rules.Outcome{}, m.deal...), Actions: make([]string, 0, len(m.record)), Outcomes: make([][]string, 0, len(m.record)),
		Winner: winner, Ended: ended, Hash: fmt.Sprintf("%016x", m.st.Hash())}
	if f := m.forfeit; f != nil {
		r.Timeout = f.seat
	}
	if !json.Valid(r.Scenario) {
		r.Scenario = nil
	}
	for _, p := range m.record {
		r.Actions = append(r.Actions, p.action.String())
		outs := make([]string, len(p.outcomes))
		for i, o := range p.outcomes {
			outs[i] = o.String()
		}
		r.Outcomes = append(r.Outcomes, outs)
	}
	return r, nil
}

// LogTail is how many of the last log entries a snapshot carries (unless
// it is asked for the whole log).
const LogTail = 250

// Snapshot is the game as the token's holder may see it ("" for a
// spectator): GET /api/games/{id}. Its log is the last LogTail entries, or
// every entry if fullLog is set.
func (m *Match) Snapshot(token string, fullLog bool) (*Snapshot, error) {
	since := -1
	if fullLog {
		since = 0
	}
	return m.SnapshotSince(token, since, fullLog)
}

// SnapshotSince is Snapshot whose log holds only the entries after version
// since (at most the last LogTail of them unless fullLog is set), for a
// client that has the earlier ones (GET /api/games/{id}?since=N). A
// negative since is none: the last LogTail entries.
func (m *Match) SnapshotSince(token string, since int, fullLog bool) (*Snapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.seatOf(token)
	if err != nil {
		return nil, err
	}
	from := len(m.log) - LogTail
	if fullLog {
		from = 0
	}
	snap := m.snapshotLocked(s, max(from, since))
	if snap.board != nil {
		snap.board.text.pinned = true // read outside the lock (its JSON encoded by the caller)
	}
	return snap, nil
}

// scenarioInfoLocked is the snapshot's scenario: its fixed part is made
// once, the objectives' holders are read from the state.
func (m *Match) scenarioInfoLocked() ScenarioInfo {
	if m.scInfo == nil {
		m.scInfo = &ScenarioInfo{ID: m.sc.ID, Name: m.sc.Name(m.settings.Lang), Board: m.sc.board(), Labels: m.sc.labels(),
			Top: m.st.Setup().Top.String()}
	}
	info := *m.scInfo
	info.Objectives = objectivesOf(m.st)
	return info
}

// snapshotLocked is the snapshot of seat s (nil: a spectator) whose log
// holds the entries from index from on.
func (m *Match) snapshotLocked(s *seat, from int) *Snapshot {
	v := viewSpectator
	if s != nil {
		v = viewerOf(s.side)
	}
	snap := &Snapshot{Game: m.id, Version: len(m.log), Spectator: s == nil, Hotseat: m.settings.Hotseat,
		Log: m.logLocked(v, from), LastRoll: m.lastRoll}
	if pb := m.publicBoardLocked(); pb != nil {
		snap.Scenario, snap.View, snap.board = pb.scenario, view.OfBoard(m.st, viewerFor(s), pb.board), pb
	} else {
		snap.Scenario, snap.View = m.scenarioInfoLocked(), viewFor(m.st, s)
	}
	if s != nil {
		seatName, side := s.name, s.side.String()
		snap.Seat, snap.Side = &seatName, &side
	}
	for _, st := range m.seats {
		si := SeatInfo{Seat: st.name, Side: st.side.String(), Kind: st.kind}
		if st.bot == nil {
			c := m.connectedLocked(st)
			si.Connected = &c
		}
		snap.Seats = append(snap.Seats, si)
	}
	if over, w, ended := m.overLocked(); over {
		snap.Over, snap.Ended = true, ended
		if w != "" {
			snap.Winner = &w
		}
	}
	snap.Clock = m.clockViewLocked()
	snap.Leg = m.settings.Leg
	if t := m.toActLocked(); t != nil {
		name, side := t.name, t.side.String()
		snap.ToAct, snap.ToActSide = &name, &side
		if t == s {
			snap.YourTurn = true
			snap.Legal = legalOn(m.st, &m.probe)
		}
	}
	snap.Undo = s != nil && m.whyNoUndoLocked(s) == ""
	return snap
}

// publicBoard is what every viewer of a position sees alike, made once for
// its viewers' snapshots: the board (view.BoardOf) and its members' JSON
// (view.Board.AppendFields), the scenario with its objectives' holders and
// its JSON.
type publicBoard struct {
	st       *rules.State // the position: the game's state, replaced (never changed) by each action
	board    view.Board
	json     []byte
	members  []jsonenc.Member // json's, as written (for deltas, viewMembers)
	text     *boardText       // json's and members' buffers, and who holds them
	scenario ScenarioInfo
	scJSON   []byte            // scenario's
	status   []objectiveStatus // its objectives' (scenario's Objectives are made of them and the setup)
}

// boardText holds a publicBoard's JSON and member list, for their buffers
// to serve a later position once nothing reads them (issue 14, ninth
// pass: the board's JSON, made for every action of a followed game, was a
// fifth of what the server allocated). Its holders: the game, while the
// position is its shared board (m.pub), and each pushed snapshot made with
// it (its view's members point into the JSON), until recycled.
type boardText struct {
	json    []byte
	members []jsonenc.Member
	refs    int
	// pinned: the JSON went into a snapshot read outside the game's lock
	// (SnapshotSince); it is left to the collector.
	pinned bool
}

// releaseLocked drops one holder of t: the last one gives its buffers
// back.
func (t *boardText) releaseLocked() {
	t.refs--
	if t.refs > 0 || t.pinned || t.json == nil {
		return
	}
	putBuf(boardBufs, t.json)
	putMembers(t.members)
	t.json, t.members = nil, nil
	boardTextsPut.Add(1)
}

// boardTextsPut counts the board JSON buffers given back (for tests).
var boardTextsPut atomic.Int64

// publicBoardLocked is what every viewer of the position sees alike (the
// board, the scenario), made once for them all while the game has
// subscribers (each change then makes a snapshot for each seat followed);
// nil when it has none (a polled game: one snapshot read per position,
// nothing to share).
func (m *Match) publicBoardLocked() *publicBoard {
	if len(m.subs) == 0 {
		m.pub = nil
		return nil
	}
	if m.pub == nil || m.pub.st != m.st {
		var bd view.Board
		size := 4 << 10
		if m.pub != nil {
			// The last position's features serve while the engine says
			// they are the same (issue 14, seventh pass).
			bd = view.BoardAfter(m.st, m.pub.st, &m.pub.board)
			size = len(m.pub.json) + 512 // the last position's, and room to grow
		} else {
			bd = view.BoardAfter(m.st, nil, nil)
		}
		var mb [32]int // a board has 15-24 members
		marks := mb[:0]
		b := bd.AppendFields(getBuf(boardBufs, size), &marks)
		var sb [8]objectiveStatus
		status := objectiveStatuses(m.st, sb[:0])
		var sc ScenarioInfo
		var scJSON []byte
		if m.pub != nil && slices.Equal(m.pub.status, status) {
			// Most actions change no objective's holder: the last
			// position's scenario and its JSON serve (issue 14, sixth
			// pass), found without making its objectives again (tenth).
			sc, scJSON, status = m.pub.scenario, m.pub.scJSON, m.pub.status
		} else {
			sc = m.scenarioInfoLocked()
			scJSON = sc.appendJSON(nil)
			status = slices.Clone(status)
		}
		old := m.pub
		members := membersAtInto(getMembers(len(marks)), b, marks, len(b))
		m.pub = &publicBoard{st: m.st, board: bd, json: b, members: members, scenario: sc, scJSON: scJSON, status: status,
			text: &boardText{json: b, members: members, refs: 1}}
		if old != nil {
			m.retireLocked(old.st)
			old.text.releaseLocked()
		}
	}
	return m.pub
}

// retireLocked is told that st is no longer the game's position (or the
// shared board's): kept as the spare when nothing else refers to it. The
// positions the game holds are m.st and m.pub.st only (the shared board's
// is compared by pointer: it must never be reused while it is pub's); the
// snapshots and views made from a position copy what they show of it.
func (m *Match) retireLocked(st *rules.State) {
	if st == nil || st == m.st || m.pub != nil && st == m.pub.st || m.spare != nil {
		return
	}
	m.spare = st
}

// logLocked is the JSON array of the log entries after version since, as
// viewer v sees them.
func (m *Match) logLocked(v viewer, since int) json.RawMessage {
	if since >= len(m.log) {
		return emptyLog // no entry: nothing to allocate (a snapshot for every push)
	}
	return m.appendLogLocked(nil, v, since)
}

// appendLogLocked appends logLocked's array to b (nil: a new slice of its
// size).
func (m *Match) appendLogLocked(b []byte, v viewer, since int) []byte {
	since = min(max(since, 0), len(m.log))
	if b == nil {
		n := 2
		for _, e := range m.log[since:] {
			n += int(e[v].n) + 1
		}
		b = make([]byte, 0, n)
	}
	b = append(b, '[')
	for i, e := range m.log[since:] {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, m.logEntry(e[v])...)
	}
	return append(b, ']')
}

// emptyLog is an empty log's JSON, shared: read it, never append to it
// (its capacity is that of "[]").
var emptyLog = json.RawMessage("[]")[:2:2]

// logRef is where a log entry's JSON is in the game's logText, for each
// viewer. The log is kept so, without a pointer for each entry and viewer
// (thousands of small objects in a long game, each followed by the
// garbage collector at every cycle; issue 14, "Fourth pass").
type logRef [numViewers]logSpan

// logSpan is an entry's JSON: n bytes at offset at&(logChunk-1) of chunk
// at>>logShift of logText.
type logSpan struct{ at, n uint32 }

// logChunk is the size of logText's chunks: the log grows a chunk at a
// time, never copied (one array grown by doubling was copied over and
// over: 2.3 KB allocated per action; issue 14, seventh pass); the first
// ones are smaller. An entry longer than a chunk has one of its own.
const (
	logShift = 15
	logChunk = 1 << logShift
)

// logEntry is the JSON at s.
func (m *Match) logEntry(s logSpan) []byte {
	off := s.at & (logChunk - 1)
	return m.logText[s.at>>logShift][off : off+s.n]
}

// addLogLocked adds entries to the log: their JSON to logText, once for
// the viewers that see an entry alike (one encoding, eventEntry).
func (m *Match) addLogLocked(entries ...entry) {
	for _, e := range entries {
		var r logRef
	viewers:
		for v := range numViewers {
			j := e.json[v]
			for w := range v {
				if len(e.json[w]) == len(j) && (len(j) == 0 || &e.json[w][0] == &j[0]) {
					r[v] = r[w] // the same encoding
					continue viewers
				}
			}
			k := len(m.logText) - 1
			if k < 0 || cap(m.logText[k])-len(m.logText[k]) < len(j) {
				size := 4 << 10 // a short game's log: 4, 8, 16 KiB, then chunks
				if k >= 0 {
					size = min(logChunk, 2*cap(m.logText[k]))
				}
				m.logText = append(m.logText, make([]byte, 0, max(size, len(j))))
				k++
			}
			r[v] = logSpan{at: uint32(k)<<logShift | uint32(len(m.logText[k])), n: uint32(len(j))}
			m.logText[k] = append(m.logText[k], j...)
		}
		m.log = append(m.log, r)
	}
}

// State is a copy of the game's engine state (for tests and tools: it holds
// every hidden card).
func (m *Match) State() *rules.State {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Clone()
}

// errEvicted answers a request that reached a copy of the game unloaded
// meanwhile: stale, so that the client reads the game again and resends.
func errEvicted() *Error {
	return Errorf(CodeStale, "the game was unloaded and is being reloaded: read it again and resend")
}
