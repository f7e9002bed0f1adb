package store

import (
	"context"
	"database/sql"
	"fmt"
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
	stmt    *sql.Stmt
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
		err := s.tx(ctx, func(tx *sql.Tx) error {
			for _, r := range batch {
				if err := s.appendTx(ctx, tx, r); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			for _, r := range batch {
				r.done <- nil
			}
			return
		}
	}
	for _, r := range batch {
		r.done <- s.tx(ctx, func(tx *sql.Tx) error { return s.appendTx(ctx, tx, r) })
	}
}

func (s *Store) appendTx(ctx context.Context, tx *sql.Tx, r *appendReq) error {
	a := r.a
	if _, err := tx.StmtContext(ctx, s.appends.stmt).ExecContext(ctx, r.game, a.Seq, a.Seat, a.Action, a.Version, now(), a.Outcomes); err != nil {
		return fmt.Errorf("store: append to %s: %w", r.game, err)
	}
	if r.over {
		if _, err := tx.ExecContext(ctx, `UPDATE games SET over = 1, winner = ? WHERE id = ?`, r.winner, r.game); err != nil {
			return fmt.Errorf("store: append to %s: %w", r.game, err)
		}
	}
	return nil
}

// prepareAppends prepares the statement of the appends.
func (s *Store) prepareAppends() error {
	stmt, err := s.db.Prepare(`INSERT INTO actions (game, seq, seat, action, version, created, outcomes) VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.appends.stmt = stmt
	return nil
}
