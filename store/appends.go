package store

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Group commit. Each game appends its decisions one at a time (its match
// holds the game's lock until the append returns), but many games append
// at once. Rather than a transaction each, the appends waiting while one
// transaction commits are written together in the next one: one commit,
// and one write of the WAL's pages, for all of them. Append still returns
// only once its row is committed, so an acknowledged action is as durable
// as before (WAL, synchronous=NORMAL: it survives the process being
// killed; the last commits may be lost if the machine loses power).
//
// There is no writer goroutine: the first append that finds no
// transaction under way leads, commits the waiting appends in one
// transaction, and hands the lead to the first of those that arrived
// meanwhile, if any.

// maxBatch bounds the appends of one transaction.
const maxBatch = 512

// batchTimeout bounds one transaction of appends. Appends wait for their
// transaction whatever their own context says: once queued, an append is
// either committed or failed, never left in doubt.
const batchTimeout = 30 * time.Second

type appendReq struct {
	game   string
	a      Action
	over   bool
	winner string
	done   chan error    // its result, once its transaction is over
	lead   chan struct{} // closed when it is to lead the next transaction
}

// appender queues the appends waiting for a transaction.
type appender struct {
	mu      sync.Mutex
	queue   []*appendReq
	writing bool // a leader is committing (or about to)
	// The leader's: the INSERT statements (rowsPer) and their arguments.
	stmts [len(rowsPer)]*sql.Stmt
	args  []any
}

// Append adds one entry to a game's log, and marks the game over (with its
// winner) if over is set; both in one transaction, committed on return.
// The entry's Seq must be the next one: a conflict means another writer got
// there first and nothing is written.
func (s *Store) Append(ctx context.Context, game string, a Action, over bool, winner string) error {
	req := &appendReq{game: game, a: a, over: over, winner: winner, done: make(chan error, 1), lead: make(chan struct{})}
	q := &s.appends
	q.mu.Lock()
	q.queue = append(q.queue, req)
	leader := !q.writing
	q.writing = true
	q.mu.Unlock()
	if !leader {
		select {
		case err := <-req.done:
			return err
		case <-req.lead:
		}
	}
	s.lead()
	return <-req.done
}

// lead commits the queued appends (up to maxBatch), then hands the lead on
// to the first append still queued, or ends the leading.
func (s *Store) lead() {
	q := &s.appends
	// Let the goroutines ready to run go first: under load some are about
	// to append, and join this transaction rather than each commit one of
	// their own (a one-row transaction costs a whole commit: most of them
	// were, at 5,000 actions/s). Idle, this returns at once (issue 14,
	// ninth pass).
	runtime.Gosched()
	q.mu.Lock()
	n := min(len(q.queue), maxBatch)
	batch := q.queue[:n:n]
	q.queue = q.queue[n:]
	if len(q.queue) == 0 {
		q.queue = nil
	}
	q.mu.Unlock()

	s.commitAppends(batch)

	q.mu.Lock()
	if len(q.queue) == 0 {
		q.writing = false
	} else {
		close(q.queue[0].lead)
	}
	q.mu.Unlock()
}

// commitAppends writes batch in one transaction. If anything fails, the
// transaction is rolled back and each append is tried in a transaction of
// its own, so that one append's error (a seq conflict) is its own.
func (s *Store) commitAppends(batch []*appendReq) {
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	if len(batch) > 1 {
		if err := s.tx(ctx, func(tx *sql.Tx) error { return s.appendRows(ctx, tx, batch) }); err == nil {
			for _, r := range batch {
				r.done <- nil
			}
			return
		}
	}
	for _, r := range batch {
		r.done <- s.tx(ctx, func(tx *sql.Tx) error { return s.appendRows(ctx, tx, []*appendReq{r}) })
	}
}

// rowsPer are the sizes of the appends' INSERT statements, largest first:
// a batch is written by as few statements as they allow (a batch of 100:
// 64 + 16 + 16 + 4), each of several rows costing SQLite and database/sql
// one statement's work instead of one per row (issue 14, ninth pass).
var rowsPer = [...]int{64, 16, 4, 1}

// appendCols is the number of columns an append's row binds.
const appendCols = 7

// appendRows writes rs in tx, in that order: their rows, then the games
// they end marked over.
func (s *Store) appendRows(ctx context.Context, tx *sql.Tx, rs []*appendReq) error {
	created := now() // one instant for the transaction's rows
	args := s.appends.args[:0]
	all := rs
	for k, n := range rowsPer {
		var st *sql.Stmt
		for len(rs) >= n {
			if st == nil {
				st = tx.StmtContext(ctx, s.appends.stmts[k])
			}
			args = args[:0]
			for _, r := range rs[:n] {
				a := r.a
				args = append(args, r.game, a.Seq, a.Seat, a.Action, a.Version, created, a.Outcomes)
			}
			if _, err := st.ExecContext(ctx, args...); err != nil {
				if n == 1 {
					return fmt.Errorf("store: append to %s: %w", rs[0].game, err)
				}
				return fmt.Errorf("store: append %d actions: %w", n, err)
			}
			rs = rs[n:]
		}
	}
	clear(args)
	s.appends.args = args[:0]
	for _, r := range all {
		if r.over {
			if _, err := tx.ExecContext(ctx, `UPDATE games SET over = 1, winner = ? WHERE id = ?`, r.winner, r.game); err != nil {
				return fmt.Errorf("store: append to %s: %w", r.game, err)
			}
		}
	}
	return nil
}

// prepareAppends prepares the statements of the appends: an INSERT of
// each size of rowsPer.
func (s *Store) prepareAppends() error {
	const row = "(?, ?, ?, ?, ?, ?, ?)"
	for k, n := range rowsPer {
		q := "INSERT INTO actions (game, seq, seat, action, version, created, outcomes) VALUES " + row + strings.Repeat(", "+row, n-1)
		stmt, err := s.db.Prepare(q)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		s.appends.stmts[k] = stmt
	}
	return nil
}
