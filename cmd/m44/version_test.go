package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionOfStampedBuild(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "m44", Version: "v0.3.1-0.20251125024400-3c8a37a0b1c2"},
		Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"},
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "3c8a37a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6"},
			{Key: "vcs.time", Value: "2025-11-25T02:44:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	v := versionOf(bi, true)
	want := "m44 v0.3.1-0.20251125024400-3c8a37a0b1c2, built with go1.26.8 for linux/amd64\n" +
		"revision 3c8a37a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6 of 2025-11-25T02:44:00Z, with uncommitted changes\n"
	if got := v.text(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	const wantJSON = `{"module":"m44","version":"v0.3.1-0.20251125024400-3c8a37a0b1c2","go":"go1.26.8","platform":"linux/amd64",` +
		`"vcs":"git","revision":"3c8a37a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6","time":"2025-11-25T02:44:00Z","modified":true}`
	if string(b) != wantJSON {
		t.Errorf("JSON:\n%s\nwant:\n%s", b, wantJSON)
	}
}

func TestVersionOfUnstampedBuild(t *testing.T) {
	v := versionOf(&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "m44", Version: "(devel)"}}, true)
	lines := strings.Split(strings.TrimSuffix(v.text(), "\n"), "\n")
	if len(lines) != 2 || lines[0] != "m44 (devel), built with go1.26.8" || !strings.HasPrefix(lines[1], "no VCS information") {
		t.Errorf("text: %q", lines)
	}
	b, _ := json.Marshal(v)
	if strings.Contains(string(b), "revision") || strings.Contains(string(b), "modified") {
		t.Errorf("JSON names VCS fields it does not know: %s", b)
	}
	if v := versionOf(nil, false); v.Version != "unknown" || v.Go != "unknown" {
		t.Errorf("no build info: %+v", v)
	}
}

func TestVersionCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"); len(lines) != 2 ||
		!strings.Contains(lines[0], runtime.Version()) {
		t.Errorf("m44 version: %q, want two lines naming %s", out.String(), runtime.Version())
	}
	out.Reset()
	if code := run([]string{"version", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var v buildVersion
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if v.Go != runtime.Version() || v.Module != "m44" {
		t.Errorf("m44 version --json: %+v", v)
	}
	if code := run([]string{"version", "extra"}, nil, &out, &errb); code != 2 {
		t.Errorf("an extra argument: exit %d, want 2", code)
	}
}

// TestVersionOfBuiltBinary builds m44 with VCS stamping in this checkout and
// checks that "m44 version --json" reports the commit git reports.
func TestVersionOfBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout (git rev-parse HEAD: %v)", err)
	}
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("git rev-parse --show-toplevel: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git")); err != nil || !fi.IsDir() {
		t.Skipf("%s/.git is not a directory (a git worktree?): go stamps VCS information only under a .git directory",
			strings.TrimSpace(string(top)))
	}
	bin := filepath.Join(t.TempDir(), "m44")
	build := exec.Command(goBin, "build", "-buildvcs=true", "-o", bin, ".")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	out, err := exec.Command(bin, "version", "--json").Output()
	if err != nil {
		t.Fatalf("m44 version --json: %v", err)
	}
	var v buildVersion
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v.Revision != strings.TrimSpace(string(head)) || v.Time == "" || v.Modified == nil || v.VCS != "git" {
		t.Errorf("built binary reports %+v, want revision %s with a time and a modified flag", v, head)
	}
}
