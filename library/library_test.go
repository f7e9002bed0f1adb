package library

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"m44/bots"
	"m44/render"
	"m44/rules"
	"m44/scenario"
)

var (
	balanceGames = flag.Int("balance", 0, "play this many games per scenario and print the win rates")
	balanceBot   = flag.String("balance-bot", "random", "bot level for both sides in -balance games (see bots.Levels)")
)

func TestAtLeastTenScenarios(t *testing.T) {
	all := All()
	if len(all) < 10 {
		t.Fatalf("%d scenarios, want at least 10", len(all))
	}
	seen := map[string]bool{}
	winter := 0
	for _, e := range all {
		if seen[e.Name] {
			t.Errorf("two scenarios named %q", e.Name)
		}
		seen[e.Name] = true
		if e.Face == "WINTER" && strings.HasPrefix(e.Date, "1944-12") {
			winter++
		}
		for _, f := range []struct{ what, v string }{{"name", e.Name}, {"date", e.Date}, {"front", e.Front}, {"board", e.Board}, {"face", e.Face}, {"note", e.Note}, {"top", e.Top}, {"first", e.First}} {
			if f.v == "" {
				t.Errorf("%s: no %s", e.ID, f.what)
			}
		}
		for _, side := range []string{"allies", "axis"} {
			if e.Cards[side] < 1 || e.Medals[side] < 1 || e.Countries[side] == "" {
				t.Errorf("%s: %s has %d cards, %d medals, country %q", e.ID, side, e.Cards[side], e.Medals[side], e.Countries[side])
			}
		}
	}
	if winter < 2 {
		t.Errorf("%d winter battles of December 1944, want at least 2", winter)
	}
}

func TestGet(t *testing.T) {
	for _, id := range []string{"pegasus-bridge", "Pegasus-Bridge", "pegasus-bridge.m44"} {
		e, ok := Get(id)
		if !ok || e.Name != "Pegasus Bridge" {
			t.Errorf("Get(%q) = %q, %v", id, e.Name, ok)
		}
	}
	for _, id := range []string{"", "nope", "../library", "scenarios/*", "*"} {
		if _, ok := Get(id); ok {
			t.Errorf("Get(%q) found a scenario", id)
		}
	}
	if len(IDs()) != len(All()) {
		t.Error("IDs and All disagree")
	}
}

// Every scenario parses without problems and converts fully to the engine.
func TestPlayable(t *testing.T) {
	for _, e := range All() {
		if p := e.File.Problems(); len(p) > 0 {
			t.Errorf("%s: problems: %v", e.ID, p)
		}
		s, r := e.Setup()
		if !r.Playable() || s == nil {
			var b strings.Builder
			_ = r.WriteText(&b)
			t.Errorf("%s: not fully playable:\n%s", e.ID, b.String())
			continue
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: %v", e.ID, err)
		}
		if s.Name != e.Name {
			t.Errorf("%s: setup name %q, want %q", e.ID, s.Name, e.Name)
		}
		if len(s.Objectives) == 0 {
			t.Errorf("%s: no objective: every library battle has one", e.ID)
		}
	}
}

// The writer gives back the embedded bytes, and its output reads the same.
func TestRoundTrip(t *testing.T) {
	for _, e := range All() {
		out, err := e.File.Marshal()
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if !bytes.Equal(out, e.Data) {
			t.Errorf("%s: Marshal does not give back the file (run the library's format step)", e.ID)
		}
		g, err := scenario.Parse(out)
		if err != nil {
			t.Fatalf("%s: reparse: %v", e.ID, err)
		}
		again, _ := g.Marshal()
		if !bytes.Equal(again, out) {
			t.Errorf("%s: second round trip differs", e.ID)
		}
	}
}

func TestRenders(t *testing.T) {
	for _, e := range All() {
		c, err := render.File(e.File, render.Options{})
		if err != nil {
			t.Errorf("%s: %v", e.ID, err)
			continue
		}
		svg := c.SVG()
		if !bytes.Contains(svg, []byte(e.Name)) {
			t.Errorf("%s: the SVG does not show the name", e.ID)
		}
		if testing.Short() {
			continue
		}
		if _, err := c.PNG(0.5); err != nil {
			t.Errorf("%s: PNG: %v", e.ID, err)
		}
	}
}

// playRandom plays one game of uniformly random legal actions; it returns
// the winner and the number of turns.
func playRandom(t testing.TB, s *rules.Setup, seed uint64) (rules.Side, int) {
	st, err := rules.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0x6d3434))
	var buf []rules.Action
	for steps := 0; ; steps++ {
		if over, w := st.Over(); over {
			return w, st.Turn()
		}
		if steps > 200000 {
			t.Fatalf("%s seed %d: the game did not end after %d actions (turn %d)", s.Name, seed, steps, st.Turn())
		}
		buf = st.LegalActions(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("%s seed %d: no legal action in phase %s", s.Name, seed, st.Phase())
		}
		if _, err := st.Apply(buf[r.IntN(len(buf))]); err != nil {
			t.Fatalf("%s seed %d: %v", s.Name, seed, err)
		}
	}
}

// Every scenario plays to its end with random legal actions.
func TestRandomPlayEnds(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, e := range All() {
		s, r := e.Setup()
		if s == nil {
			t.Errorf("%s: %v", e.ID, r.Err())
			continue
		}
		for seed := uint64(1); seed <= uint64(games); seed++ {
			playRandom(t, s, seed)
		}
	}
}

// playBots plays one game with a bot of the level on each side.
func playBots(t testing.TB, s *rules.Setup, level string, seed uint64) (rules.Side, int) {
	st, err := rules.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	var side [2]bots.Bot
	for i := range side {
		if side[i], err = bots.New(level, seed*2+uint64(i), bots.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	for steps := 0; ; steps++ {
		if over, w := st.Over(); over {
			return w, st.Turn()
		}
		if steps > 200000 {
			t.Fatalf("%s seed %d: the game did not end", s.Name, seed)
		}
		who := st.ToAct()
		a, err := side[who].Choose(context.Background(), bots.NewPerspective(st, who, seed+uint64(steps)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(a); err != nil {
			t.Fatalf("%s seed %d: %v", s.Name, seed, err)
		}
	}
}

// TestBalance prints win rates: go test ./library -run Balance -balance 400
// [-balance-bot easy] (docs/scenarios.md quotes them).
func TestBalance(t *testing.T) {
	n := *balanceGames
	if n <= 0 {
		t.Skip("run with -balance N to play N games per scenario")
	}
	fmt.Fprintf(os.Stdout, "bots: %s vs %s\n| scenario | games | Allies win | Axis win | mean turns |\n|---|---:|---:|---:|---:|\n", *balanceBot, *balanceBot)
	for _, e := range All() {
		s, _ := e.Setup()
		var wins [2]int
		turns := 0
		for seed := uint64(1); seed <= uint64(n); seed++ {
			var w rules.Side
			var tn int
			if *balanceBot == "random" {
				w, tn = playRandom(t, s, seed*7919)
			} else {
				w, tn = playBots(t, s, *balanceBot, seed*7919)
			}
			wins[w]++
			turns += tn
		}
		fmt.Fprintf(os.Stdout, "| %s | %d | %.0f%% | %.0f%% | %.1f |\n", e.Name, n,
			100*float64(wins[rules.Allies])/float64(n), 100*float64(wins[rules.Axis])/float64(n), float64(turns)/float64(n))
	}
}
