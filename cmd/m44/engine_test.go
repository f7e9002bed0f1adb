package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

const engineSetup = `{"name":"e2e","cards":{"allies":4,"axis":4},"victory":{"allies":3,"axis":3},
"hexes":[{"hex":"4,12","terrain":"hill"},{"hex":"3,7","terrain":"forest"}],
"units":[{"hex":"6,2","type":"infantry","side":"allies"},{"hex":"6,12","type":"armor","side":"allies"},
 {"hex":"7,19","type":"infantry","side":"allies"},{"hex":"8,10","type":"artillery","side":"allies"},
 {"hex":"2,2","type":"infantry","side":"axis"},{"hex":"2,12","type":"armor","side":"axis"},
 {"hex":"1,19","type":"infantry","side":"axis"},{"hex":"0,10","type":"artillery","side":"axis"}]}`

func oneLine(s string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		panic(err)
	}
	return b.String()
}

// TestEngineBatch runs "m44 engine" on a whole input at once.
func TestEngineBatch(t *testing.T) {
	in := strings.Join([]string{
		`{"id":1,"cmd":"hello"}`,
		`{"id":2,"cmd":"new","seed":5,"setup":` + oneLine(engineSetup) + `}`,
		`{"id":3,"cmd":"legal"}`,
		`not json`,
		`{"id":4,"cmd":"apply","action":"end-battles"}`,
		`{"id":5,"cmd":"quit"}`,
		`{"id":6,"cmd":"hello"}`,
	}, "\n") + "\n"
	var out, errs bytes.Buffer
	if code := run([]string{"engine"}, strings.NewReader(in), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{`{"id":1,"result":{"engine":"m44"`, `{"id":2,"result":{"game":"g1"`, `{"id":3,"result":{"turn":1`,
		`{"error":{"code":"bad_json"`, `{"id":4,"error":{"code":"illegal_action"`, `{"id":5,"result":{"bye":true}}`}
	if len(lines) != len(want) {
		t.Fatalf("%d replies, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("reply %d: %s\nwant prefix %s", i+1, lines[i], w)
		}
	}
	if errs.Len() != 0 {
		t.Errorf("stderr: %s", errs.String())
	}
}

// TestEngineInteractive plays a whole game through pipes, one request at a
// time, as a program driving the engine would.
func TestEngineInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errs bytes.Buffer
	done := make(chan int)
	go func() {
		code := run([]string{"engine"}, inR, outW, &errs)
		outW.Close()
		done <- code
	}()
	replies := bufio.NewScanner(outR)
	replies.Buffer(nil, 1<<20)
	ask := func(req string) map[string]any {
		t.Helper()
		if _, err := io.WriteString(inW, req+"\n"); err != nil {
			t.Fatal(err)
		}
		if !replies.Scan() {
			t.Fatalf("%s: no reply (%v)", req, replies.Err())
		}
		var r map[string]any
		if err := json.Unmarshal(replies.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", req, err)
		}
		if r["error"] != nil {
			t.Fatalf("%s: %v", req, r["error"])
		}
		return r["result"].(map[string]any)
	}
	ask(`{"cmd":"new","seed":11,"setup":` + oneLine(engineSetup) + `}`)
	var r uint64 = 1
	steps := 0
	for ; ; steps++ {
		if steps > 20000 {
			t.Fatal("the game did not end")
		}
		legal := ask(`{"cmd":"legal"}`)
		if legal["over"] == true {
			break
		}
		actions := legal["actions"].([]any)
		r = r*6364136223846793005 + 1442695040888963407
		a := actions[(r>>33)%uint64(len(actions))].(string)
		ask(`{"cmd":"apply","action":"` + a + `"}`)
	}
	state := ask(`{"cmd":"state"}`)
	if state["over"] != true || state["winner"] == nil {
		t.Fatalf("final state: over %v winner %v", state["over"], state["winner"])
	}
	inW.Close() // end of input ends the engine
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	t.Logf("game over after %d actions, winner %v", steps, state["winner"])
}

func TestEngineArgs(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"engine", "-h"}, strings.NewReader(""), &out, &errs); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	if !strings.Contains(errs.String(), "usage: m44 engine") {
		t.Errorf("-h: %s", errs.String())
	}
	if code := run([]string{"engine", "extra"}, strings.NewReader(""), &out, &errs); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
	if code := run([]string{"engine", "-max-line", "0"}, strings.NewReader(""), &out, &errs); code != 2 {
		t.Errorf("-max-line 0: exit %d", code)
	}
	// -max-line: an over-long line is an error line, and the session goes on.
	out.Reset()
	in := `{"cmd":"hello","x":"` + strings.Repeat("y", 100) + `"}` + "\n" + `{"id":2,"cmd":"hello"}` + "\n"
	if code := run([]string{"engine", "-max-line", "64"}, strings.NewReader(in), &out, &errs); code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "line_too_long") || !strings.HasPrefix(lines[1], `{"id":2,"result"`) {
		t.Fatalf("replies: %q", lines)
	}
}
