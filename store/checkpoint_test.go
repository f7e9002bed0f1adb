package store

import (
	"context"
	"os"
	"testing"
	"time"
)

// The appends' connection never checkpoints; the checkpointer copies the
// log into the database file in the background, and the log starts over.
func TestCheckpointsInBackground(t *testing.T) {
	s, path := openTemp(t)
	var auto int
	if err := s.db.QueryRow(`PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("wal_autocheckpoint of the appends' connection: %d, %v", auto, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	size0 := fi.Size()
	ids := createGames(t, s, 10)
	for seq := 1; seq <= 150; seq++ {
		for _, id := range ids {
			if err := s.Append(context.Background(), id, Action{Seq: seq, Seat: "allies", Action: "play 1", Version: seq}, false, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() > size0+64<<10 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the database file stayed at %d bytes (%d before 1,500 appends): no checkpoint", fi.Size(), size0)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Once all of it is copied, the next commit starts the log over.
	var busy, log, done int
	for {
		if err := s.ckpt.db.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &done); err != nil {
			t.Fatal(err)
		}
		if log == done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("log %d pages, %d checkpointed", log, done)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := s.Append(context.Background(), ids[0], Action{Seq: 151, Seat: "allies", Action: "play 1", Version: 151}, false, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.ckpt.db.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &done); err != nil {
		t.Fatal(err)
	}
	if log > 10 {
		t.Errorf("the log did not start over: %d pages after one more append", log)
	}
}

// Past its bound the log is copied and a RESTART checkpoint lets the next
// commit start it over (the path a loaded server takes; here with a bound of
// 8 pages), while appends go on: every action appended is there after.
func TestCheckpointRestartsTheLog(t *testing.T) {
	s, path := openTemp(t)
	s.ckpt.close()
	var err error
	if s.ckpt, err = startCheckpoints("file:"+path, 8); err != nil {
		t.Fatal(err)
	}
	ids := createGames(t, s, 10)
	deadline := time.Now().Add(10 * time.Second)
	seq := 0
	for s.ckpt.restarts.Load() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d RESTART checkpoints after %d appends to each game", s.ckpt.restarts.Load(), seq)
		}
		seq++
		for _, id := range ids {
			if err := s.Append(context.Background(), id, Action{Seq: seq, Seat: "allies", Action: "play 1", Version: seq}, false, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range ids {
		_, acts, err := s.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != seq || acts[seq-1].Seq != seq {
			t.Fatalf("game %s: %d actions after %d appends", id, len(acts), seq)
		}
	}
}
