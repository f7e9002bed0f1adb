package view

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"m44/internal/testkit"
	"m44/rules"
	"m44/scenario"
)

// plainView is View without its methods: encoding/json's own encoding.
type plainView View

// The hand-written encoding of a view is byte for byte encoding/json's, for
// every viewer of positions of random games: the library's scenarios, one
// with minefields, and the real scenarios (Winter Wars' Combat cards,
// sabotage, smoke, night, teams…) when the corpus is there.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	setups := librarySetups(t, 3)
	setups = append(setups, minedSetup(t, setups[0]))
	// Teams with Winter Combat cards, at night, in snow; a smoke screen.
	team := *setups[1]
	team.Players, team.Combat = [2]int{2, 2}, secretCombat()
	team.Rulesets = append(slices.Clone(team.Rulesets), rules.Snowfall(), rules.ReducedVisibility())
	smoke := *setups[0]
	smoke.Smoke = rules.MaskAllies | rules.MaskAxis
	smoke.Rulesets = append(slices.Clone(smoke.Rulesets), rules.TerrainPack())
	setups = append(setups, &team, &smoke)
	paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "scenarios", "*.m44"))
	if len(paths) == 0 {
		t.Log("no scenario corpus at ../../shared/scenarios: the library's scenarios only")
	}
	for _, p := range paths {
		if s, _ := scenario.Check(p); s != nil {
			setups = append(setups, s)
		}
	}
	checked, rare := 0, map[string]int{}
	for i, s := range setups {
		board, err := rules.Compile(s)
		if err != nil {
			continue // not playable here: nothing to encode
		}
		st := board.NewGame(uint64(i + 1))
		rng := &testkit.Rng{S: uint64(i)}
		var buf []rules.Action
		for step := 0; step < 120; step++ {
			if step%7 == 0 || step < 3 {
				for _, v := range viewers(st) {
					for _, out := range []View{Of(st, v), OfWithoutLegal(st, v)} {
						want, err := json.Marshal((*plainView)(&out))
						if err != nil {
							t.Fatal(err)
						}
						if got := out.AppendJSON(nil); !bytes.Equal(got, want) {
							t.Fatalf("setup %d step %d %v:\n got %s\nwant %s", i, step, v, got, want)
						}
						checked++
						for what, has := range map[string]bool{"combat": out.Combat != nil, "minefields": len(out.Minefields) > 0,
							"sabotage": len(out.Sabotage) > 0, "smoke": out.Smoke != nil, "targets": len(out.Targets) > 0,
							"team": out.SeatCards != nil && out.TeamHand != nil, "markers": hasMarkers(out.Features)} {
							if has {
								rare[what]++
							}
						}
					}
				}
			}
			if over, _ := st.Over(); over {
				break
			}
			buf = st.LegalActions(buf[:0])
			if len(buf) == 0 {
				break
			}
			st.Play(buf[rng.Intn(len(buf))])
		}
	}
	t.Logf("%d views compared; with rarer parts: %v", checked, rare)
}

func hasMarkers(fs []Feature) bool {
	for _, f := range fs {
		if len(f.Markers) > 0 || len(f.Ends) > 0 {
			return true
		}
	}
	return false
}

// Strings that need escaping are escaped as encoding/json escapes them.
func TestAppendJSONEscapes(t *testing.T) {
	v := View{Board: Board{Phase: `a"b\c<d>&é` + "\u2028\x01", Units: []Unit{{Nation: "Ü<"}}, Features: []Feature{}},
		SeatCards: &SeatCards{Hand: []Card{{ID: 3, Name: "Aufklärung \"links\""}}}}
	want, _ := json.Marshal((*plainView)(&v))
	if got := v.AppendJSON(nil); !bytes.Equal(got, want) {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}
