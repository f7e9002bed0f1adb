package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderLibrarySVGAndPNG(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "board.svg")
	var out, errb bytes.Buffer
	if code := run([]string{"render", "pegasus-bridge", "-o", svg}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("Pegasus Bridge")) {
		t.Fatalf("no SVG of Pegasus Bridge written (%v)", err)
	}
	pngPath := filepath.Join(dir, "board.png")
	if code := run([]string{"render", "library:juno-beach", "-o", pngPath, "-scale", "40", "-no-legend"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
}

func TestRenderStdoutAndGame(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"render", "stoumont", "-o", "-", "-play", "200", "-seed", "3"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "turn ") {
		t.Error("a game in progress shows no turn")
	}
}

func TestRenderFileFromCorpus(t *testing.T) {
	pattern := filepath.Join("..", "..", "..", "shared", "scenarios", "3129-*.m44") // Operation Crusader: many features not played yet
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Skipf("no file matches %s (the shared corpus is absent): skipping", pattern)
	}
	var out, errb bytes.Buffer
	svg := filepath.Join(t.TempDir(), "v.svg")
	if code := run([]string{"render", files[0], "-o", svg}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "cannot play") {
		t.Errorf("no note that the engine cannot play it: %q", errb.String())
	}
}

func TestRenderErrors(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{
		{"render"},
		{"render", "pegasus-bridge", "-o", "x.gif"},
		{"render", "a", "b"},
	} {
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code := run([]string{"render", "no-such-scenario"}, nil, &out, &errb); code != 1 {
		t.Errorf("unknown scenario: exit %d, want 1", code)
	}
}
