package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const okScenario = `{
  "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES", "starting": "PLAYER2",
    "cards_player1": 4, "cards_player2": 5, "victory_player1": 1, "victory_player2": 1,
    "front": "WESTERN", "date_begin": "1944-06-06"},
  "board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": [
    {"row": 0, "col": 0, "unit": {"name": "infger"}},
    {"row": 8, "col": 0, "unit": {"name": "infus"}}]}
}`

func writeScenarios(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func validate(args ...string) (int, string, string) {
	var out, errOut strings.Builder
	code := runValidate(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestValidate(t *testing.T) {
	road := strings.Replace(okScenario, `{"row": 8, "col": 0, "unit": {"name": "infus"}}`,
		`{"row": 8, "col": 0, "unit": {"name": "infus"}}, {"row": 3, "col": 3, "terrain": {"name": "pjungle"}}`, 1)
	twoUnits := strings.Replace(okScenario, `{"row": 8, "col": 0, "unit": {"name": "infus"}}`,
		`{"row": 0, "col": 0, "unit": {"name": "tankger"}}`, 1)
	dir := writeScenarios(t, map[string]string{
		"ok.m44":   okScenario,
		"road.m44": road,
		"bad.m44":  twoUnits,
		"junk.m44": "not json",
	})
	p := func(n string) string { return filepath.Join(dir, n) }

	code, out, _ := validate(p("ok.m44"))
	if code != 0 || out != p("ok.m44")+": OK\n" {
		t.Errorf("ok: exit %d, output %q", code, out)
	}
	code, out, _ = validate(p("ok.m44"), p("road.m44"))
	if code != 1 || !strings.Contains(out, "road.m44: UNSUPPORTED (needs: jungles)") ||
		!strings.Contains(out, `unsupported: hex 3,3: board.hexagons[2].terrain.name: "pjungle": not supported yet: jungles`) {
		t.Errorf("road: exit %d, output:\n%s", code, out)
	}
	code, out, _ = validate(p("bad.m44"))
	if code != 1 || !strings.Contains(out, "bad.m44: ERROR") || !strings.Contains(out, "error: hex 0,0: board.hexagons[1]: hex listed twice (also board.hexagons[0]): two units on one hex") {
		t.Errorf("bad: exit %d, output:\n%s", code, out)
	}
	code, out, _ = validate(p("junk.m44"))
	if code != 1 || !strings.Contains(out, "junk.m44: ERROR") || !strings.Contains(out, "not a .m44 scenario") {
		t.Errorf("junk: exit %d, output:\n%s", code, out)
	}

	// Flags after files, JSON output.
	code, out, _ = validate(p("ok.m44"), p("road.m44"), "--json")
	var got struct {
		Playable bool `json:"playable"`
		Files    []struct {
			File     string   `json:"file"`
			Status   string   `json:"status"`
			Features []string `json:"features"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if code != 1 || got.Playable || len(got.Files) != 2 || got.Files[0].Status != "OK" || got.Files[1].Status != "UNSUPPORTED" ||
		len(got.Files[1].Features) != 1 || got.Files[1].Features[0] != "jungles" {
		t.Errorf("json: exit %d, %+v", code, got)
	}

	// A directory stands for its files.
	code, out, _ = validate(dir)
	if code != 1 || strings.Count(out, ".m44: ") != 4 {
		t.Errorf("directory: exit %d, output:\n%s", code, out)
	}

	// Coverage.
	code, out, _ = validate("--coverage", dir)
	if code != 1 || !strings.Contains(out, "4 files, 3 parse, 2 load, 1 fully playable") || !strings.Contains(out, "jungles") {
		t.Errorf("coverage: exit %d, output:\n%s", code, out)
	}
	okDir := writeScenarios(t, map[string]string{"a.m44": okScenario, "b.m44": okScenario})
	if code, out, _ = validate("--coverage", okDir); code != 0 {
		t.Errorf("coverage of playable files: exit %d\n%s", code, out)
	}
	code, out, _ = validate("--json", "--coverage", okDir)
	var cov struct {
		Playable bool `json:"playable"`
		Coverage struct {
			Files, Playable int
		} `json:"coverage"`
	}
	if err := json.Unmarshal([]byte(out), &cov); err != nil || code != 0 || !cov.Playable || cov.Coverage.Files != 2 || cov.Coverage.Playable != 2 {
		t.Errorf("json coverage: exit %d, %v, %+v\n%s", code, err, cov, out)
	}

	// Usage errors.
	for _, args := range [][]string{nil, {"--nosuchflag", p("ok.m44")}, {"--coverage", filepath.Join(dir, "nodir")}, {"--coverage", t.TempDir()}} {
		if code, _, _ := validate(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code, _, _ := validate("-h"); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
}

// TestValidateCorpus runs the command over the shared corpus.
func TestValidateCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "scenarios")
	if _, err := os.Stat(filepath.Join(dir, "2-PegasusBridge.m44")); err != nil {
		t.Skipf("the shared corpus is not at %s: skipping", dir)
	}
	code, out, _ := validate(filepath.Join(dir, "2-PegasusBridge.m44"))
	if code != 0 || !strings.Contains(out, "2-PegasusBridge.m44: OK\n") || !strings.Contains(out, "played as the scenario's text says") {
		t.Errorf("Pegasus Bridge: exit %d\n%s", code, out)
	}
	code, out, _ = validate("--coverage", dir)
	if code != 1 || !strings.Contains(out, "coverage of") || !strings.Contains(out, "greedy plan") {
		t.Errorf("corpus coverage: exit %d\n%s", code, out)
	}
}
