package testkit

import (
	"fmt"
	"testing"

	"m44/hex"
	"m44/rules"
)

// fmtActionString is rules.Action.String as it was written with fmt
// (before issue 14's third pass), the reference of its output.
func fmtActionString(a rules.Action) string {
	switch a.Kind {
	case rules.ActPlay:
		if a.Arg == rules.ArgAsAirPower {
			return fmt.Sprintf("%s %d as-air-power", a.Kind, a.Card)
		}
		if a.Arg > 0 {
			return fmt.Sprintf("%s %d %s", a.Kind, a.Card, rules.Section(a.Arg-1))
		}
		return fmt.Sprintf("%s %d", a.Kind, a.Card)
	case rules.ActKeep:
		return fmt.Sprintf("%s %d", a.Kind, a.Card)
	case rules.ActCombat:
		switch {
		case a.Arg == rules.ArgTenacity:
			return fmt.Sprintf("%s %d tenacity", a.Kind, a.Card)
		case a.From != hex.None:
			return fmt.Sprintf("%s %d %s", a.Kind, a.Card, a.From)
		}
		return fmt.Sprintf("%s %d", a.Kind, a.Card)
	case rules.ActTarget, rules.ActEnter:
		return fmt.Sprintf("%s %s", a.Kind, a.To)
	case rules.ActOrder, rules.ActRemoveWire, rules.ActBlow, rules.ActPontoon, rules.ActRecover:
		return fmt.Sprintf("%s %s", a.Kind, a.From)
	case rules.ActDrop:
		return fmt.Sprintf("%s %s %d", a.Kind, a.From, a.Arg)
	case rules.ActSmoke:
		h := a.SmokeHexes()
		return fmt.Sprintf("%s %s %s %s", a.Kind, h[0], h[1], h[2])
	case rules.ActMove, rules.ActBattle, rules.ActTakeGround, rules.ActExit, rules.ActReinforce:
		return fmt.Sprintf("%s %s %s", a.Kind, a.From, a.To)
	case rules.ActRetreat:
		if a.Arg > 0 {
			return fmt.Sprintf("%s %s %s ignore", a.Kind, a.From, a.To)
		}
		return fmt.Sprintf("%s %s %s", a.Kind, a.From, a.To)
	case rules.ActEndOrders, rules.ActEndMoves, rules.ActEndBattles, rules.ActSkip, rules.ActEndTargets:
		return a.Kind.String()
	}
	return "?"
}

// Action.String, written without fmt, writes what it wrote with fmt: every
// legal action of random games on every corpus scenario, and every kind
// with odd arguments (negative hexes, no hex, unknown kinds).
func TestActionStringAsWithFmt(t *testing.T) {
	check := func(a rules.Action) {
		t.Helper()
		if got, want := a.String(), fmtActionString(a); got != want {
			t.Fatalf("%+v: %q, with fmt %q", a, got, want)
		}
	}
	hexes := []hex.Hex{{}, {Row: 8, Col: 24}, {Row: -1, Col: -3}, hex.None, {Row: 127, Col: -128}}
	for k := rules.ActionKind(0); k < 40; k++ {
		for _, arg := range []uint8{0, 1, 2, 3, rules.ArgAsAirPower, 5, 12, 255} {
			for _, card := range []rules.CardID{0, 7, 59, 200, rules.NoCard} {
				for _, h := range hexes {
					check(rules.Action{Kind: k, Card: card, Arg: arg, From: h, To: hexes[(int(arg)+1)%len(hexes)]})
				}
			}
		}
	}
	n := 0
	for _, sc := range corpus(t) {
		board, err := rules.Compile(sc.Setup)
		if err != nil {
			continue
		}
		var buf []rules.Action
		for g := 0; g < 2; g++ {
			s := board.NewGame(uint64(g + 1))
			r := Rng{uint64(g)*7919 + 3}
			for steps := 0; steps < 5000; steps++ {
				if over, _ := s.Over(); over {
					break
				}
				buf = s.LegalActions(buf[:0])
				for _, a := range buf {
					check(a)
					n++
				}
				s.Play(buf[r.Intn(len(buf))])
			}
		}
	}
	if n == 0 {
		t.Fatal("no legal action checked")
	}
	t.Logf("%d legal actions checked", n)
}

func BenchmarkActionString(b *testing.B) {
	acts := []rules.Action{{Kind: rules.ActMove, From: hex.Hex{Row: 7, Col: 15}, To: hex.Hex{Row: 6, Col: 14}},
		{Kind: rules.ActPlay, Card: 12}, {Kind: rules.ActRetreat, From: hex.Hex{Row: 4, Col: 12}, To: hex.Hex{Row: 3, Col: 11}, Arg: 1}, {Kind: rules.ActEndMoves}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = acts[i%len(acts)].String()
	}
}

func BenchmarkActionStringFmt(b *testing.B) {
	acts := []rules.Action{{Kind: rules.ActMove, From: hex.Hex{Row: 7, Col: 15}, To: hex.Hex{Row: 6, Col: 14}},
		{Kind: rules.ActPlay, Card: 12}, {Kind: rules.ActRetreat, From: hex.Hex{Row: 4, Col: 12}, To: hex.Hex{Row: 3, Col: 11}, Arg: 1}, {Kind: rules.ActEndMoves}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = fmtActionString(acts[i%len(acts)])
	}
}
