package rules

import (
	"testing"

	"m44/hex"
)

func smokeSetup() *Setup {
	s := &Setup{Name: "smoke", Grid: hex.Standard(), Top: Axis, First: Allies,
		Cards: [2]int{5, 4}, Victory: [2]int{4, 4}}
	for c := 0; c <= 20; c += 4 {
		s.Units = append(s.Units, UnitSetup{Hex: hex.Hex{Row: 7, Col: int8(c + 1)}, Type: UnitType(c / 4 % 3), Side: Allies})
		s.Units = append(s.Units, UnitSetup{Hex: hex.Hex{Row: 1, Col: int8(c + 1)}, Type: UnitType((c/4 + 1) % 3), Side: Axis})
	}
	s.Hexes = []HexSetup{
		{Hex: hex.Hex{Row: 4, Col: 4}, Terrain: Forest},
		{Hex: hex.Hex{Row: 4, Col: 12}, Terrain: Town},
		{Hex: hex.Hex{Row: 3, Col: 9}, Terrain: Hill},
		{Hex: hex.Hex{Row: 5, Col: 15}, Terrain: Hedgerow},
		{Hex: hex.Hex{Row: 4, Col: 20}, Terrain: River},
		{Hex: hex.Hex{Row: 4, Col: 18}, Terrain: River, Structure: Bridge},
		{Hex: hex.Hex{Row: 6, Col: 6}, Obstacle: Wire},
		{Hex: hex.Hex{Row: 2, Col: 2}, Obstacle: Sandbags},
	}
	return s
}

func TestSmokeRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		s, err := New(smokeSetup(), seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rng{seed * 7}
		var buf []Action
		for steps := 0; ; steps++ {
			if over, _ := s.Over(); over {
				break
			}
			if steps > 100000 {
				t.Fatalf("seed %d: game did not end", seed)
			}
			buf = s.LegalActions(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seed %d: no legal action in phase %s", seed, s.phase)
			}
			a := buf[r.intn(len(buf))]
			if _, err := s.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
}
