package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func scenarioFile(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "..", "shared", "scenarios", name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("scenario %s is absent: %v", p, err)
	}
	return p
}

func runSimArgs(t *testing.T, terminal bool, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	oldT, oldC := stdoutIsTerminal, simContext
	defer func() { stdoutIsTerminal, simContext = oldT, oldC }()
	stdoutIsTerminal = func() bool { return terminal }
	if ctx != nil {
		simContext = func() (context.Context, context.CancelFunc) { return context.WithCancel(ctx) }
	}
	var out, errb bytes.Buffer
	rc := run(append([]string{"sim"}, args...), strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

func TestSimCommand(t *testing.T) {
	pegasus := scenarioFile(t, "2-PegasusBridge.m44")
	plot := filepath.Join(t.TempDir(), "rates.svg")
	rc, out, errs := runSimArgs(t, false, nil, "--games", "4", pegasus, "--allies", "easy", "--axis", "random",
		"--workers", "2", "--seed", "5", "--json", "--plot", plot)
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	if errs != "" {
		t.Errorf("not a terminal, yet stderr has %q", errs)
	}
	var reports []struct {
		Scenario string
		Played   int
		Wins     [2]int
		WinRate  [2]struct{ P, Low, High float64 } `json:"win_rate"`
	}
	if err := json.Unmarshal([]byte(out), &reports); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if len(reports) != 1 || reports[0].Played != 4 || reports[0].Wins[0]+reports[0].Wins[1] != 4 {
		t.Fatalf("reports %+v", reports)
	}
	if r := reports[0].WinRate[0]; r.Low > r.P || r.High < r.P {
		t.Errorf("interval %+v", r)
	}
	if b, err := os.ReadFile(plot); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("plot: %v", err)
	}
	// Text, same seed: the same wins; a progress bar on a terminal.
	rc, text, errs := runSimArgs(t, true, nil, pegasus, "--games", "4", "--allies", "easy", "--axis", "random", "--seed", "5")
	if rc != 0 || !strings.Contains(text, "2-PegasusBridge") || !strings.Contains(errs, "games/s") || !strings.Contains(errs, "ETA") {
		t.Errorf("rc %d\nstdout %s\nstderr %q", rc, text, errs)
	}
}

func TestSimRefuses(t *testing.T) {
	if rc, _, errs := runSimArgs(t, false, nil); rc != 2 || !strings.Contains(errs, "no scenario") {
		t.Errorf("no file: rc %d %s", rc, errs)
	}
	pegasus := scenarioFile(t, "2-PegasusBridge.m44")
	if rc, _, errs := runSimArgs(t, false, nil, pegasus, "--allies", "genius"); rc != 2 || !strings.Contains(errs, "genius") {
		t.Errorf("bad level: rc %d %s", rc, errs)
	}
	if rc, _, errs := runSimArgs(t, false, nil, pegasus, "--playouts", "-5"); rc != 2 || !strings.Contains(errs, "negative") {
		t.Errorf("negative budget: rc %d %s", rc, errs)
	}
	if rc, _, errs := runSimArgs(t, false, nil, filepath.Join(t.TempDir(), "none.m44")); rc != 1 || !strings.Contains(errs, "not playable") {
		t.Errorf("missing file: rc %d %s", rc, errs)
	}
	bad := scenarioFile(t, "1324-DugInAtSidiOmar.m44")
	rc, _, errs := runSimArgs(t, false, nil, bad)
	if rc != 1 || !strings.Contains(errs, "not playable") || !strings.Contains(errs, "unsupported") {
		t.Errorf("unplayable: rc %d %s", rc, errs)
	}
}

func TestSimInterrupted(t *testing.T) {
	pegasus := scenarioFile(t, "2-PegasusBridge.m44")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rc, out, errs := runSimArgs(t, false, ctx, pegasus, "--games", "50", "--allies", "easy", "--axis", "easy")
	if rc != 130 || !strings.Contains(errs, "interrupted") || !strings.Contains(out, "interrupted") {
		t.Errorf("rc %d\nstdout %s\nstderr %s", rc, out, errs)
	}
}
