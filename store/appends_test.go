package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// openTemp opens a new store in a test's folder, closed when the test
// ends; it answers the database file's path too.
func openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m44.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func createGames(t testing.TB, s *Store, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("g%d", i)
		if err := s.CreateGame(context.Background(), Game{ID: ids[i], ScenarioID: "x", Scenario: []byte("{}"), Settings: []byte("{}"),
			Seats: []Seat{{Seat: "allies", Kind: "human", TokenHash: "h"}}}); err != nil {
			t.Fatal(err)
		}
	}
	return ids
}

// Many games append at once: the appends share transactions (group
// commit), every one is committed when Append returns, in order within
// its game, and an append that conflicts fails alone, writing nothing.
func TestAppendsGroupCommit(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	ids := createGames(t, s, 40)
	const per = 25
	var wg sync.WaitGroup
	errs := make(chan error, len(ids)*per*2)
	for gi, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 1; seq <= per; seq++ {
				if err := s.Append(ctx, id, Action{Seq: seq, Seat: "allies", Action: "play " + strconv.Itoa(seq), Version: seq}, seq == per && gi%2 == 0, "axis"); err != nil {
					errs <- fmt.Errorf("%s seq %d: %w", id, seq, err)
				}
				if gi%8 == 0 && seq%5 == 0 { // a second writer of the same seq: refused, alone
					if err := s.Append(ctx, id, Action{Seq: seq, Seat: "axis", Action: "play 99", Version: 99}, false, ""); err == nil {
						errs <- fmt.Errorf("%s seq %d written twice", id, seq)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for gi, id := range ids {
		g, acts, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != per || g.Over != (gi%2 == 0) {
			t.Fatalf("%s: %d actions, over %v", id, len(acts), g.Over)
		}
		for i, a := range acts {
			if a.Seq != i+1 || a.Action != "play "+strconv.Itoa(i+1) || a.Seat != "allies" {
				t.Fatalf("%s: action %d is %+v", id, i, a)
			}
		}
	}
}

// One transaction of appends is written by INSERTs of several rows
// (rowsPer): a batch of 101 (64 + 16 + 16 + 4 + 1) writes every row, in
// order, with its own fields, and marks the games it ends over; a batch
// holding one conflicting row is written again row by row, and only that
// row fails.
func TestAppendsManyRowsAStatement(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	ids := createGames(t, s, 7)
	req := func(game string, seq int, over bool) *appendReq {
		return &appendReq{game: game, a: Action{Seq: seq, Seat: "axis", Action: fmt.Sprintf("move %d", seq), Version: 10 * seq,
			Outcomes: "d:" + strconv.Itoa(seq)}, over: over, winner: "allies", done: make(chan error, 1)}
	}
	var batch []*appendReq
	for i := range 101 {
		gi := i % 5
		batch = append(batch, req(ids[gi], i/5+1, i == 100 || i == 98))
	}
	s.commitAppends(batch)
	for i, r := range batch {
		if err := <-r.done; err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	for gi, id := range ids[:5] {
		g, acts, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := 20
		if gi == 0 {
			want = 21
		}
		if len(acts) != want || g.Over != (gi == 0 || gi == 3) || g.Over && g.Winner != "allies" {
			t.Fatalf("%s: %d actions, over %v, winner %q", id, len(acts), g.Over, g.Winner)
		}
		for i, a := range acts {
			if a.Seq != i+1 || a.Action != fmt.Sprintf("move %d", i+1) || a.Version != 10*(i+1) || a.Outcomes != "d:"+strconv.Itoa(i+1) || a.Seat != "axis" {
				t.Fatalf("%s: action %d is %+v", id, i, a)
			}
		}
	}
	// 17 rows (16 + 1): game 5's seqs 1, 3, …, 17 but the 9th row (seq 1
	// again) and game 6's 2, 4, …, 16; game 5 already has a seq 1, which
	// its first and 9th rows conflict with.
	batch = batch[:0]
	for i := range 17 {
		seq := i + 1
		if i == 8 {
			seq = 1
		}
		batch = append(batch, req(ids[5+i%2], seq, false))
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO actions (game, seq, seat, action, version, created, outcomes) VALUES (?, 1, 'x', 'x', 1, '', '')`, ids[5]); err != nil {
		t.Fatal(err)
	}
	s.commitAppends(batch)
	for i, r := range batch {
		err := <-r.done
		if conflict := i%2 == 0 && batch[i].a.Seq == 1; (err != nil) != conflict {
			t.Fatalf("append %d (game %s seq %d): %v", i, r.game, r.a.Seq, err)
		}
	}
	for k, want := range []int{8, 8} { // game 5: the row it had and 7 of its 9; game 6: its 8
		_, acts, err := s.Game(ctx, ids[5+k])
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != want {
			t.Fatalf("game %s: %d actions, want %d", ids[5+k], len(acts), want)
		}
	}
}

// An acknowledged append survives the server being killed (kill -9, no
// Close, transactions of many appends under way): every append whose
// Append returned is in the database when it is opened again.
func TestAppendsSurviveKill(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("kills a child process with SIGKILL")
	}
	if path := os.Getenv("M44_STORE_KILL_APPEND"); path != "" {
		// The child: append from many games at once, print each append
		// once it is acknowledged, until killed.
		s, err := Open(path)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		ids := createGames(t, s, 64)
		out := bufio.NewWriter(os.Stdout)
		var mu sync.Mutex
		fmt.Fprintln(out, "ready")
		out.Flush()
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for seq := 1; ; seq++ {
					if err := s.Append(context.Background(), id, Action{Seq: seq, Seat: "allies", Action: "play 1", Version: seq}, false, ""); err != nil {
						mu.Lock()
						fmt.Fprintln(out, "error:", err)
						out.Flush()
						mu.Unlock()
						return
					}
					mu.Lock()
					fmt.Fprintf(out, "%s %d\n", id, seq)
					out.Flush()
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		select {}
	}
	path := filepath.Join(t.TempDir(), "m44.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestAppendsSurviveKill$")
	cmd.Env = append(os.Environ(), "M44_STORE_KILL_APPEND="+path)
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	acked := map[string]int{}
	lines := bufio.NewScanner(pipe)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("child: %q", lines.Text())
	}
	deadline := time.Now().Add(3 * time.Second)
	n := 0
	for lines.Scan() {
		line := lines.Text()
		if strings.HasPrefix(line, "error:") {
			t.Fatalf("child: %s", line)
		}
		id, seq, _ := strings.Cut(line, " ")
		v, _ := strconv.Atoi(seq)
		acked[id] = max(acked[id], v)
		n++
		if n >= 3000 || time.Now().After(deadline) {
			cmd.Process.Signal(syscall.SIGKILL) // mid-flight: more appends are under way
			break
		}
	}
	for lines.Scan() { // what it acknowledged before it died
		if id, seq, ok := strings.Cut(lines.Text(), " "); ok {
			v, _ := strconv.Atoi(seq)
			acked[id] = max(acked[id], v)
		}
	}
	cmd.Wait()
	if n < 100 {
		t.Fatalf("only %d appends acknowledged", n)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for id, seq := range acked {
		_, acts, err := s.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) < seq {
			t.Errorf("%s: %d actions stored, %d acknowledged", id, len(acts), seq)
		}
		for i, a := range acts {
			if a.Seq != i+1 {
				t.Fatalf("%s: action %d has seq %d", id, i, a.Seq)
			}
		}
	}
	t.Logf("%d appends acknowledged before the kill, all stored", n)
}
