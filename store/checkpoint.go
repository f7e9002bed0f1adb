package store

import (
	"context"
	"database/sql"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// Checkpoints off the appends' path (issue 14, eighth pass). In WAL mode
// SQLite copies the log's pages back into the database file (a
// checkpoint) by default inside the commit that takes the log past 1,000
// pages: that commit then writes some 4 MB and syncs both files, and every
// append queued behind it (all the games acting meanwhile: the appends are
// serial) waits, 10–80 ms under load. So the appends' connection does not
// checkpoint (wal_autocheckpoint(0)); a connection of its own does, in the
// background, PASSIVE (never waiting for the writer, never making it wait)
// every checkpointEvery. SQLite starts the log over at the next commit
// once a checkpoint has copied all of it, which under steady load (a
// commit always under way) does not happen: past walBound pages, the log
// is copied again until little is left (walRest), and a RESTART
// checkpoint, which makes the appends wait while it copies that and syncs
// the database file, lets the next commit start the log over.
//
// walBound is 256 MiB (issue 14, twelfth pass): at 5,000 actions/s the
// log grows 20-30 MB/s, and at 64 MiB a RESTART came every 2-3 s, the
// actions of its moment waiting for it (15-90 of them over 25 ms each
// time: as many, over a minute, as the collector's pauses made); at 256
// MiB it comes every 10-12 s. The log's file stays at its largest size on
// disk (SQLite writes it over from its start).
//
// Durability is unchanged: a commit is durable once in the log (WAL,
// synchronous=NORMAL: it survives the process being killed); a checkpoint
// only copies committed pages into the database file.

const (
	checkpointEvery = 250 * time.Millisecond
	walBound        = 65536 // pages (256 MiB at SQLite's 4 KiB pages)
	walRest         = 64    // pages left for the RESTART to copy
)

type checkpointer struct {
	db    *sql.DB
	bound int // walBound, or a test's
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
	// restarts counts the RESTART checkpoints made (for tests).
	restarts atomic.Int64
}

// startCheckpoints opens the checkpoints' connection to the database at dsn
// (already in WAL mode) and starts checkpointing in the background, the log
// started over past bound pages.
func startCheckpoints(dsn string, bound int) (*checkpointer, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "synchronous(NORMAL)")
	db, err := sql.Open("sqlite", dsn+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, err
	}
	c := &checkpointer{db: db, bound: bound, stop: make(chan struct{}), done: make(chan struct{})}
	go c.loop()
	return c, nil
}

func (c *checkpointer) loop() {
	defer close(c.done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		log, done, err := c.checkpoint("PASSIVE")
		if err == nil && log > c.bound {
			// Copy what was committed during the last checkpoint, and
			// again, while it is more than a little: the RESTART that
			// makes the appends wait then has little left to copy.
			for i := 0; i < 8 && err == nil && log-done > walRest; i++ {
				log, done, err = c.checkpoint("PASSIVE")
			}
			if err == nil {
				if _, _, err = c.checkpoint("RESTART"); err == nil {
					c.restarts.Add(1)
				}
			}
		}
		if err != nil {
			slog.Warn("store: checkpoint", "err", err)
		}
	}
}

// checkpoint runs one checkpoint of the given mode and answers the log's
// length in pages and how many of them are copied.
func (c *checkpointer) checkpoint(mode string) (log, done int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var busy int
	err = c.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &log, &done)
	return log, done, err
}

// close stops the checkpoints and closes their connection.
func (c *checkpointer) close() {
	c.once.Do(func() {
		close(c.stop)
		<-c.done
		c.db.Close()
	})
}
