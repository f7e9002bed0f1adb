package view

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/internal/testkit"
	"m44/rules"
)

// minedSetup is a library setup with Winter Wars minefields on the empty
// plain hexes of the middle row, laid alternately by each side, and tokens
// 1 to 4 (so that two deals can differ in every face-down value).
func minedSetup(t *testing.T, base *rules.Setup) *rules.Setup {
	t.Helper()
	s := *base
	s.Rulesets = append(slices.Clone(s.Rulesets), rules.WinterTroops())
	cat, err := rules.NewCatalog(s.Rulesets...)
	if err != nil {
		t.Fatal(err)
	}
	mf, _ := cat.FeatureByKey("minefield")
	s.Hexes = slices.Clone(s.Hexes)
	s.Mines = nil
	s.MineTokens = []int8{1, 2, 3, 4, 1, 2, 3, 4}
	used := map[hex.Hex]bool{}
	for _, h := range s.Hexes {
		used[h.Hex] = true
	}
	for _, u := range s.Units {
		used[u.Hex] = true
	}
	row := s.Grid.Rows / 2
	for _, h := range s.Grid.Hexes() {
		if int(h.Row) != row && int(h.Row) != row-1 || used[h] || len(s.Mines) == 4 {
			continue
		}
		s.Hexes = append(s.Hexes, rules.HexSetup{Hex: h, Features: []rules.Feature{mf}})
		s.Mines = append(s.Mines, rules.Minefield{Hex: h, Side: rules.Side(len(s.Mines) % 2)})
	}
	if len(s.Mines) == 0 {
		t.Skip("no free hex for a minefield")
	}
	return &s
}

// Hidden information (WW III "Champs de mines": the tokens stay face down,
// hidden from both players, until an enemy unit enters): two games alike
// but for every face-down token's value give every viewer — each seat, each
// side, a spectator — byte-identical payloads and events, move after move,
// until a token is turned over; then its value is public.
func TestMinefieldValuesHidden(t *testing.T) {
	reveals := 0
	for k, base := range librarySetups(t, 2) {
		setup := minedSetup(t, base)
		b, err := rules.Compile(setup)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 6; seed++ {
			where := fmt.Sprintf("scenario %d seed %d", k, seed)
			_, deal := b.NewGameRecorded(seed)
			other := slices.Clone(deal)
			for i := range other {
				if other[i].Kind == rules.OutMine {
					other[i] = rules.MineOutcome(other[i].Mine%4 + 1) // 1→2, 2→3, 3→4, 4→1
				}
			}
			st1, err1 := b.ReplayNewGame(seed, deal)
			st2, err2 := b.ReplayNewGame(seed, other)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", where, err1, err2)
			}
			if st1.PositionHash() == st2.PositionHash() {
				t.Fatalf("%s: the two deals do not differ", where)
			}
			r := testkit.Rng{S: seed * 131}
			for step := 0; step < 3000; step++ {
				for _, v := range viewers(st1) {
					p1, _ := json.Marshal(Of(st1, v))
					p2, _ := json.Marshal(Of(st2, v))
					if string(p1) != string(p2) {
						t.Fatalf("%s step %d: %s can tell the face-down minefield tokens apart", where, step, v)
					}
					if strings.Contains(string(p1), `"value"`) {
						t.Fatalf("%s step %d: a face-down minefield shows a value to %s", where, step, v)
					}
				}
				if over, _ := st1.Over(); over {
					break
				}
				legal := st1.Legal()
				a := legal[r.Intn(len(legal))]
				evs1, outs, err := st1.ApplyRecorded(a)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if slices.ContainsFunc(evs1, func(e rules.Event) bool { return e.Kind == rules.EvMineRevealed }) {
					reveals++
					mf := BoardOf(st1).Minefields
					if !slices.ContainsFunc(mf, func(m Minefield) bool { return m.Revealed && m.Value != nil }) &&
						!slices.ContainsFunc(evs1, func(e rules.Event) bool { return e.Kind == rules.EvMineRevealed && e.N == 0 }) {
						t.Fatalf("%s step %d: a token turned over is not shown: %+v", where, step, mf)
					}
					break // from here the games may differ openly
				}
				evs2, err := st2.Replay(a, outs)
				if err != nil {
					t.Fatalf("%s step %d: the other deal cannot replay %s: %v", where, step, a, err)
				}
				for _, v := range viewers(st1) {
					for i := range evs1 {
						if v.Event(evs1[i]) != v.Event(evs2[i]) {
							t.Fatalf("%s step %d: %s sees different events", where, step, v)
						}
					}
				}
			}
		}
	}
	if reveals == 0 {
		t.Errorf("no game entered a minefield: the test checked nothing past the start")
	}
}
