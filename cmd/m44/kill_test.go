package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"m44/web"
)

// Issue 14: no acknowledged action is lost when the server is killed
// (kill -9) while many games play at once (their appends group-committed
// to SQLite). Games are played from many clients against `m44 serve` in a
// child process, which is killed mid-play; a server started again on the
// file has every action it answered 200 to, and play goes on.
func TestServeKillKeepsAcknowledged(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("kills a child process with SIGKILL")
	}
	if db := os.Getenv("M44_KILL_SERVE_DB"); db != "" {
		// The child: serve, print the URL, run until killed.
		err := serve(context.Background(), serveConfig{addr: "127.0.0.1:0", db: db, noLimits: true,
			ready: func(u string) { fmt.Printf("url %s\n", u) }}, io.Discard, io.Discard)
		fmt.Println("error:", err)
		os.Exit(1)
	}
	db := filepath.Join(t.TempDir(), "m44.db")
	start := func() (*exec.Cmd, string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestServeKillKeepsAcknowledged$")
		cmd.Env = append(os.Environ(), "M44_KILL_SERVE_DB="+db)
		pipe, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "url "); ok {
				go io.Copy(io.Discard, pipe)
				return cmd, strings.TrimSuffix(u, "/")
			}
		}
		t.Fatalf("the server did not start")
		return nil, ""
	}
	client := &http.Client{Timeout: 10 * time.Second}
	call := func(url, method, path string, body, out any) (int, error) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, url+path, rd)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(resp.Body)
		if err == nil && out != nil && resp.StatusCode < 300 {
			err = json.Unmarshal(raw, out)
		}
		return resp.StatusCode, err
	}
	type snapshot struct {
		Version  int     `json:"version"`
		Over     bool    `json:"over"`
		ToAct    *string `json:"to_act"`
		YourTurn bool    `json:"your_turn"`
		Legal    []struct {
			Action string `json:"action"`
		} `json:"legal"`
	}
	type game struct {
		Game   string            `json:"game"`
		Tokens map[string]string `json:"tokens"`
	}
	// play makes random legal actions in g until stop, recording the
	// versions the server acknowledged.
	play := func(url string, g game, r *rand.Rand, acked *int, stop <-chan struct{}) {
		for {
			select {
			case <-stop:
				return
			default:
			}
			var s snapshot
			if _, err := call(url, "GET", "/api/games/"+g.Game+"?token="+g.Tokens["allies"]+"&since=99999", nil, &s); err != nil || s.Over || s.ToAct == nil {
				return
			}
			if !s.YourTurn {
				call(url, "GET", "/api/games/"+g.Game+"?token="+g.Tokens[*s.ToAct]+"&since=99999", nil, &s)
			}
			if !s.YourTurn || len(s.Legal) == 0 {
				return
			}
			var reply struct {
				Version int `json:"version"`
			}
			code, err := call(url, "POST", "/api/games/"+g.Game+"/actions",
				map[string]any{"token": g.Tokens[*s.ToAct], "action": s.Legal[r.IntN(len(s.Legal))].Action, "version": s.Version}, &reply)
			if err != nil {
				return // the server died
			}
			if code == 200 {
				*acked = reply.Version
			}
		}
	}

	cmd, url := start()
	games := make([]game, 24)
	for i := range games {
		if code, err := call(url, "POST", "/api/games", map[string]any{"scenario": web.Library()[0].ID, "seed": i + 1, "hotseat": true,
			"seats": map[string]string{"allies": "human", "axis": "human"}}, &games[i]); code != 201 || err != nil {
			t.Fatalf("create: %d %v", code, err)
		}
	}
	acked := make([]int, len(games))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play(url, g, rand.New(rand.NewPCG(uint64(i), 7)), &acked[i], stop)
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL) // mid-play: actions are under way
	cmd.Wait()
	close(stop)
	wg.Wait()

	total := 0
	for _, v := range acked {
		total += v
	}
	if total < 20 {
		t.Fatalf("only %d versions acknowledged before the kill", total)
	}
	_, url = start()
	for i, g := range games {
		var s snapshot
		if code, err := call(url, "GET", "/api/games/"+g.Game+"?token="+g.Tokens["allies"]+"&since=99999", nil, &s); code != 200 || err != nil {
			t.Fatalf("game %d after the restart: %d %v", i, code, err)
		}
		if s.Version < acked[i] {
			t.Errorf("game %d: version %d after the restart, %d acknowledged", i, s.Version, acked[i])
		}
	}
	// Play goes on.
	var after int
	play(url, games[0], rand.New(rand.NewPCG(99, 7)), &after, closedAfter(300*time.Millisecond))
	if after <= acked[0] {
		t.Errorf("no action after the restart (version %d)", after)
	}
	if !t.Failed() {
		t.Logf("%d versions acknowledged over %d games before the kill, all kept", total, len(games))
	}
}

func closedAfter(d time.Duration) <-chan struct{} {
	c := make(chan struct{})
	time.AfterFunc(d, func() { close(c) })
	return c
}
