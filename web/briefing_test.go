package web

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"m44/match"
)

// sharedScenario reads one of the real scenario files (outside the repo),
// skipping the test when it is absent.
func sharedScenario(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../shared/scenarios", name))
	if err != nil {
		t.Skipf("no shared scenario %s: %v", name, err)
	}
	return data
}

// Issue 17: the game page shows the scenario's victory conditions and
// special rules (BGA's "scenario info"). First Assault Wave's text: "6
// Medals. An Allied unit that captures a town counts as one victory medal";
// "The Axis player is in control of the Bunkers".
func TestBriefingFirstAssaultWave(t *testing.T) {
	ts := newTestServer(t, "")
	var up struct{ ID string }
	ts.must(201, "POST", "/api/scenarios", sharedScenario(t, "11-FirstAssaultWave.m44"), &up)
	c := ts.create(map[string]any{"scenario": up.ID, "seats": map[string]string{"allies": "human", "axis": "bot:easy"}})

	var b match.Briefing
	ts.must(200, "GET", "/api/games/"+c.Game+"/briefing?lang=fr", nil, &b)
	if b.Name != "First Assault Wave" || b.Lang != "en" {
		t.Errorf("name %q in %q, want First Assault Wave in en (the file has English only)", b.Name, b.Lang)
	}
	if !strings.HasPrefix(b.Victory, "6 Medals") || !strings.Contains(b.History, "Omaha") || !strings.Contains(b.Rules, "bluff") {
		t.Errorf("texts: victory %q, history %.40q, rules %.40q", b.Victory, b.History, b.Rules)
	}
	if b.Cards != (match.PerSide{Allies: 4, Axis: 5}) || b.Medals != (match.PerSide{Allies: 6, Axis: 6}) || b.First != "axis" {
		t.Errorf("cards %+v medals %+v first %s", b.Cards, b.Medals, b.First)
	}
	// "Place an objective medal in each town hex": temporary medals for the Allies.
	towns := 0
	for _, o := range b.Objectives {
		if o.Kind == "temporary" && slices.Equal(o.Sides, []string{"allies"}) && o.Medals == 1 {
			towns += len(o.Hexes)
		}
	}
	if towns != 5 {
		t.Errorf("%d allied temporary town hexes, want 5: %+v", towns, b.Objectives)
	}
	// The bunkers row is played by the engine; the others by the file's data.
	var bunkers *match.Fact
	for i, f := range b.Facts {
		if f.Key == "bunkers" {
			bunkers = &b.Facts[i]
		}
	}
	if bunkers == nil || !slices.Equal(bunkers.Args["sides"].([]any), []any{"axis"}) {
		t.Errorf("facts %+v: want bunkers for the axis", b.Facts)
	}
	how := map[string]string{}
	for _, s := range b.Specials {
		how[s.Text[:20]] = s.How
	}
	if len(b.Specials) != 5 || how["The Axis player is i"] != "played" || how["Treat the Sea Wall a"] != "data" {
		t.Errorf("specials %+v", b.Specials)
	}

	// The lobby's scenario detail carries the same briefing.
	var d ScenarioDetail
	ts.must(200, "GET", "/api/scenarios/"+up.ID, nil, &d)
	if d.Briefing.Victory != b.Victory || len(d.Briefing.Objectives) != len(b.Objectives) {
		t.Errorf("scenario detail briefing differs: %+v", d.Briefing)
	}
	// An unknown game is a 404.
	if code, raw := ts.call("GET", "/api/games/nope/briefing", nil, nil); code != 404 || errCode(raw) != "not_found" {
		t.Errorf("unknown game: %d %s", code, raw)
	}
}

// A built-in scenario has its texts in the language asked for when it has
// them, and no reviewed specials (the review is of the official files).
func TestBriefingBuiltin(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": "pegasus-bridge", "seats": map[string]string{"allies": "human", "axis": "bot:easy"}})
	var b match.Briefing
	ts.must(200, "GET", "/api/games/"+c.Game+"/briefing", nil, &b)
	if b.Name == "" || b.History == "" || b.Victory == "" || len(b.Objectives) == 0 || len(b.Specials) != 0 {
		t.Errorf("%+v", b)
	}
	// The library's Pegasus Bridge: the Axis hand grows to 4 (rules.Setup.GrowTo).
	if len(b.Facts) != 1 || b.Facts[0].Key != "grow-to" || b.Facts[0].Args["side"] != "axis" || b.Facts[0].Args["cards"] != float64(4) {
		t.Errorf("facts %+v, want the Axis hand growing to 4", b.Facts)
	}
}

// Issue 18 item 9: an upload is refused with each missing feature said
// once (with how many hexes have it), and a file that is not JSON with the
// line and column of the syntax error, not the decoder's Go words.
func TestUploadProblemsOnceEach(t *testing.T) {
	ts := newTestServer(t, "")
	var bad struct {
		Error struct {
			Code     string `json:"code"`
			Problems []struct {
				Feature string   `json:"feature"`
				Message string   `json:"message"`
				Count   int      `json:"count"`
				Hexes   []string `json:"hexes"`
				Line    int      `json:"line"`
				Column  int      `json:"column"`
			} `json:"problems"`
		} `json:"error"`
	}
	ts.must(422, "POST", "/api/scenarios", []byte("{\"board\": {\n  \"face\": x}}"), &bad)
	if p := bad.Error.Problems; len(p) != 1 || p[0].Line != 2 || p[0].Column != 11 || strings.Contains(p[0].Message, "json.") {
		t.Errorf("syntax: %+v", p)
	}

	// Pegasus Bridge with three of its forests turned into jungle (FAQ II
	// Jungles, not supported yet): the feature is said once, with its
	// three hexes.
	var m map[string]any
	if err := json.Unmarshal(sharedScenario(t, "2-PegasusBridge.m44"), &m); err != nil {
		t.Fatal(err)
	}
	jungles := 0
	for _, h := range m["board"].(map[string]any)["hexagons"].([]any) {
		if tr, ok := h.(map[string]any)["terrain"].(map[string]any); ok && tr["name"] == "woods" && jungles < 3 {
			tr["name"] = "pjungle"
			jungles++
		}
	}
	data, err := json.Marshal(m)
	if err != nil || jungles != 3 {
		t.Fatalf("%d jungles, %v", jungles, err)
	}
	ts.must(422, "POST", "/api/scenarios", data, &bad)
	seen := map[string]int{}
	for _, p := range bad.Error.Problems {
		if p.Feature != "" {
			seen[p.Feature]++
			if p.Feature == "jungles" && (p.Count != 3 || len(p.Hexes) != p.Count) {
				t.Errorf("jungles: count %d, hexes %v", p.Count, p.Hexes)
			}
		}
	}
	for f, n := range seen {
		if n != 1 {
			t.Errorf("feature %q said %d times", f, n)
		}
	}
	if seen["jungles"] != 1 {
		t.Errorf("features %v", seen)
	}
}

// Issue 18 "Replay": a game replays from its record step by step; the
// last step is the game as a spectator sees it now, step 0 the opening,
// and the turns' first steps allow a jump to a turn. No hand is shown.
func TestReplaySteps(t *testing.T) {
	ts := newTestServer(t, "")
	c := ts.create(map[string]any{"scenario": "pegasus-bridge", "seats": map[string]string{"allies": "human", "axis": "human"}, "seed": 5})
	ts.playRandom(c.Game, c.Tokens, rand.New(rand.NewPCG(1, 2)), 60)
	var now struct {
		View json.RawMessage `json:"view"`
	}
	ts.must(200, "GET", "/api/games/"+c.Game, nil, &now)

	type step struct {
		Step, Steps, Turn int
		Action            string
		Turns             []int
		View              json.RawMessage
	}
	var last, first, mid step
	ts.must(200, "GET", "/api/games/"+c.Game+"/replay", nil, &last)
	if last.Steps != 60 || last.Step != 60 || string(last.View) != string(now.View) {
		t.Fatalf("last step %d of %d; view equal %v", last.Step, last.Steps, string(last.View) == string(now.View))
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/replay?step=-3", nil, &first)
	if first.Step != 0 || first.Action != "" || first.Turn != 1 || string(first.View) == string(last.View) {
		t.Errorf("first: %+v", first)
	}
	if len(last.Turns) < 2 || last.Turns[0] != 0 {
		t.Fatalf("turns %v", last.Turns)
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/replay?step="+strconv.Itoa(last.Turns[1]), nil, &mid)
	if mid.Turn != 2 || mid.Action == "" {
		t.Errorf("turn 2 starts at step %d: %+v", last.Turns[1], mid)
	}
	if strings.Contains(string(last.View), `"hand"`) {
		t.Error("a replay shows a hand")
	}

	// The log in sync: each step brings the log up to it as a spectator
	// reads it (the same entries as the spectator's log of the game, the
	// server's own "step" entries aside; no card drawn named), and says how
	// many of its last entries the step's action caused.
	type logged struct {
		Log    []match.LogEntry `json:"log"`
		Latest int              `json:"latest"`
	}
	var spect struct {
		Log []match.LogEntry `json:"log"`
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"?log=all", nil, &spect)
	words := func(l []match.LogEntry) []string {
		var out []string
		for _, e := range l {
			if e.Event["kind"] == "step" || e.Event["kind"] == "undo" {
				continue
			}
			b, _ := json.Marshal(e.Text)
			out = append(out, string(b))
		}
		return out
	}
	var lastLog, firstLog, midLog logged
	ts.must(200, "GET", "/api/games/"+c.Game+"/replay", nil, &lastLog)
	if got, want := words(lastLog.Log), words(spect.Log); !slices.Equal(got, want) || len(want) < 60 {
		t.Errorf("the last step's log (%d entries) is not the spectator's (%d)", len(got), len(want))
	}
	for i, e := range lastLog.Log {
		if e.N != i+1 {
			t.Fatalf("entry %d numbered %d", i, e.N)
		}
		if e.Event["kind"] == "draw" && e.Text.Args["card"] != nil {
			t.Errorf("a replay names a card drawn: %+v", e)
		}
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/replay?step=0", nil, &firstLog)
	if len(firstLog.Log) != 0 || firstLog.Latest != 0 {
		t.Errorf("step 0: %d entries, latest %d", len(firstLog.Log), firstLog.Latest)
	}
	ts.must(200, "GET", "/api/games/"+c.Game+"/replay?step="+strconv.Itoa(last.Turns[1]), nil, &midLog)
	if n := len(midLog.Log); midLog.Latest < 1 || n >= len(lastLog.Log) || midLog.Log[n-1].Event["kind"] != "turn" ||
		!slices.Equal(words(midLog.Log), words(lastLog.Log)[:n]) {
		t.Errorf("turn 2's first step: %d entries, latest %d, last %v", n, midLog.Latest, midLog.Log[n-1].Event)
	}
}
