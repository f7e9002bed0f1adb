package testkit

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"m44/rules"
)

var updateGames = flag.Bool("update-games", false, "rewrite testdata/random_games.golden from this engine")

const gamesGolden = "testdata/random_games.golden"

// TestRandomGamesUnchanged: the engine's speed work (issue 15) must not
// change a single game. On every corpus scenario, random games are played
// with LegalActions and Play; a digest of every decision's legal actions (in
// their order), each action chosen, and the final position's Hash must be the
// digest recorded in testdata/random_games.golden by the engine before the
// change (go test -run TestRandomGamesUnchanged -update-games rewrites it,
// only for a change meant to alter games).
func TestRandomGamesUnchanged(t *testing.T) {
	games := 4
	got := map[string]string{}
	var order []string
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		h := fnv.New64a()
		decisions := 0
		var buf []rules.Action
		for g := 0; g < games; g++ {
			s := board.NewGame(uint64(g + 1))
			r := Rng{uint64(g)*104729 + 1}
			for steps := 0; steps < 5000; steps++ {
				if over, _ := s.Over(); over {
					break
				}
				buf = s.LegalActions(buf[:0])
				for _, a := range buf {
					fmt.Fprint(h, a.String(), ";")
				}
				a := buf[r.Intn(len(buf))]
				fmt.Fprint(h, "=", a.String(), "\n")
				s.Play(a)
				decisions++
			}
			fmt.Fprintf(h, "end %x\n", s.Hash())
		}
		got[sc.File] = fmt.Sprintf("%016x %d", h.Sum64(), decisions)
		order = append(order, sc.File)
	}
	if *updateGames {
		var b strings.Builder
		for _, f := range order {
			fmt.Fprintf(&b, "%s %s\n", f, got[f])
		}
		if err := os.MkdirAll(filepath.Dir(gamesGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(gamesGolden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d scenarios)", gamesGolden, len(order))
		return
	}
	f, err := os.Open(gamesGolden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, rest, ok := strings.Cut(sc.Text(), " "); ok {
			want[name] = rest
		}
	}
	checked := 0
	for _, file := range order {
		w, ok := want[file]
		if !ok {
			t.Errorf("%s: no digest recorded in %s", file, gamesGolden)
			continue
		}
		if got[file] != w {
			t.Errorf("%s: random games digest %s, recorded %s: the engine plays other games", file, got[file], w)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no scenario checked")
	}
}
