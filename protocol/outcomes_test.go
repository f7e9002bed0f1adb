package protocol

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"m44/rules"
)

// A game played through the protocol replays from its deal and its
// actions' outcomes on another seed, with the same events; a forged
// outcome is refused with bad_outcome and changes nothing.
func TestReplayOutcomes(t *testing.T) {
	s := NewSession()
	var sum Summary
	ok(t, s, newGame(smokeSetup, 7, ""), &sum)
	if len(sum.Deal) != 9 {
		t.Fatalf("deal %v: want the 5+4 cards dealt", sum.Deal)
	}
	p := pick(3)
	var actions []string
	var outcomes [][]rules.Outcome
	var events []string
	for {
		var legal LegalResult
		ok(t, s, `{"cmd":"legal"}`, &legal)
		if legal.Over {
			break
		}
		act := legal.Actions[p.intn(len(legal.Actions))]
		var ap ApplyResult
		ok(t, s, `{"cmd":"apply","action":"`+act+`"}`, &ap)
		actions, outcomes = append(actions, act), append(outcomes, ap.Outcomes[0])
		b, _ := json.Marshal(ap.Events)
		events = append(events, string(b))
	}
	deal, _ := json.Marshal(sum.Deal)
	r := NewSession()
	ok(t, r, newGame(smokeSetup, 12345, `,"deal":`+string(deal)), nil)
	for i, act := range actions {
		outs, _ := json.Marshal(outcomes[i])
		var ap ApplyResult
		ok(t, r, `{"cmd":"apply","action":"`+act+`","outcomes":`+string(outs)+`}`, &ap)
		if b, _ := json.Marshal(ap.Events); string(b) != events[i] {
			t.Fatalf("action %d %s: events %s, want %s", i, act, b, events[i])
		}
	}
	// All at once, on the game's own seed: the same final hash.
	r2 := NewSession()
	ok(t, r2, newGame(smokeSetup, 7, `,"deal":`+string(deal)), nil)
	list, _ := json.Marshal(actions)
	all, _ := json.Marshal(outcomes)
	var ap ApplyResult
	ok(t, r2, `{"cmd":"apply","actions":`+string(list)+`,"outcomes":`+string(all)+`}`, &ap)
	if ap.Hash != hashOf(t, s, "") || !ap.Over {
		t.Fatalf("replay: hash %s, want %s", ap.Hash, hashOf(t, s, ""))
	}
	// Forged: a card dealt twice; a die too many.
	forged := slices.Clone(sum.Deal)
	forged[1] = forged[0]
	fd, _ := json.Marshal(forged)
	fails(t, NewSession(), newGame(smokeSetup, 7, `,"deal":`+string(fd)), CodeBadArgument)
	f := NewSession()
	ok(t, f, newGame(smokeSetup, 7, `,"deal":`+string(deal)), nil)
	for i, act := range actions {
		if len(outcomes[i]) == 0 || outcomes[i][0].Kind != rules.OutDie {
			ok(t, f, fmt.Sprintf(`{"cmd":"apply","action":%q,"outcomes":%s}`, act, mustList(outcomes[i])), nil)
			continue
		}
		h := hashOf(t, f, "")
		e := fails(t, f, fmt.Sprintf(`{"cmd":"apply","action":%q,"outcomes":%s}`, act, mustList(append(outcomes[i], rules.DieOutcome(rules.FaceStar)))), CodeBadOutcome)
		if !strings.Contains(e.Message, "not used") || hashOf(t, f, "") != h {
			t.Fatalf("forged die: %s; state changed %v", e.Message, hashOf(t, f, "") != h)
		}
		break
	}
	// Redacted, the outcomes are left out: they name the cards drawn.
	var red ApplyResult
	ok(t, s, newGame(smokeSetup, 7, ""), nil)
	var legal LegalResult
	ok(t, s, `{"cmd":"legal"}`, &legal)
	ok(t, s, `{"cmd":"apply","action":"`+legal.Actions[0]+`","as":"axis"}`, &red)
	if red.Outcomes != nil {
		t.Fatal("redacted apply carries outcomes")
	}
}

func mustList(outs []rules.Outcome) string {
	b, _ := json.Marshal(outs)
	if string(b) == "null" {
		return "[]"
	}
	return string(b)
}
