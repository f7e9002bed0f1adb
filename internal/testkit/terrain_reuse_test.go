package testkit

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"m44/rules"
	"m44/view"
)

// TestBoardAfterIsBoardOf: the web server builds each position's board with
// view.BoardAfter, keeping the last position's features (and their JSON)
// while the engine says they did not change (rules.State.SameTerrain). Over
// random games of every corpus scenario, played as the server plays them (a
// clone of the position, marked first, per action), the board so made is the board built
// afresh, features, JSON and all; positions where the features changed
// (wire removed, bridges blown, sandbags placed, …) must occur, and a new
// game never shares its terrain with another's.
func TestBoardAfterIsBoardOf(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	var positions, kept, changed int
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		var other *rules.State
		for g := 0; g < games; g++ {
			st := board.NewGame(uint64(g)*7919 + 5)
			st.MarkTerrain()
			if st.SameTerrain(other) {
				t.Fatalf("%s game %d: the new game shares its terrain with the last", sc.File, g)
			}
			other = st
			r := Rng{uint64(g)*104729 + 17}
			prevBoard := view.BoardAfter(st, nil, nil)
			for n := 0; n < 3000; n++ {
				if over, _ := st.Over(); over {
					break
				}
				legal := st.Legal()
				st.MarkTerrain() // as the server does before each action
				next := st.Clone()
				if _, err := next.Apply(legal[r.Intn(len(legal))]); err != nil {
					t.Fatalf("%s game %d step %d: %v", sc.File, g, n, err)
				}
				got := view.BoardAfter(next, st, &prevBoard)
				want := view.BoardOf(next)
				if !reflect.DeepEqual(got.Features, want.Features) {
					t.Fatalf("%s game %d step %d: features kept (same terrain %v) are not the position's", sc.File, g, n, next.SameTerrain(st))
				}
				gotJSON, wantJSON := got.AppendFields(nil, nil), want.AppendFields(nil, nil)
				if !bytes.Equal(gotJSON, wantJSON) {
					t.Fatalf("%s game %d step %d: board JSON\n%s\nwant\n%s", sc.File, g, n, gotJSON, wantJSON)
				}
				if n%97 == 0 { // and as encoding/json writes the board
					enc, err := json.Marshal(view.View{Board: got})
					if err != nil {
						t.Fatal(err)
					}
					mine := (&view.View{Board: got}).AppendJSON(nil)
					if !bytes.Equal(enc, mine) {
						t.Fatalf("%s game %d step %d: view JSON\n%s\nencoding/json\n%s", sc.File, g, n, mine, enc)
					}
				}
				positions++
				if next.SameTerrain(st) {
					kept++
				}
				if !reflect.DeepEqual(prevBoard.Features, want.Features) {
					changed++
				}
				st, prevBoard = next, got
			}
		}
	}
	if changed == 0 || kept == 0 {
		t.Fatalf("%d positions, %d kept the features, %d changed them: both must occur", positions, kept, changed)
	}
	t.Logf("%d positions: %d kept the last one's features, %d changed them", positions, kept, changed)
}
