package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"m44/hex"
	"m44/rules"
	"m44/view"
)

// smokeSetup is a small hand-made position: six units a side on the
// standard board, a few terrains, one temporary objective.
const smokeSetup = `{"name":"smoke","board":"standard","top":"axis","first":"allies",
"cards":{"allies":5,"axis":4},"victory":{"allies":4,"axis":4},
"hexes":[{"hex":"4,4","terrain":"forest"},{"hex":"4,12","terrain":"town"},{"hex":"3,9","terrain":"hill"},
 {"hex":"5,15","terrain":"hedgerow"},{"hex":"4,20","terrain":"river"},{"hex":"4,18","terrain":"river","structure":"bridge"},
 {"hex":"6,6","obstacle":"wire"},{"hex":"2,2","obstacle":"sandbags"}],
"units":[{"hex":"7,1","type":"infantry","side":"allies"},{"hex":"1,1","type":"armor","side":"axis"},
 {"hex":"7,5","type":"armor","side":"allies"},{"hex":"1,5","type":"artillery","side":"axis"},
 {"hex":"7,9","type":"artillery","side":"allies"},{"hex":"1,9","type":"infantry","side":"axis"},
 {"hex":"7,13","type":"infantry","side":"allies"},{"hex":"1,13","type":"armor","side":"axis"},
 {"hex":"7,17","type":"armor","side":"allies"},{"hex":"1,17","type":"artillery","side":"axis"},
 {"hex":"7,21","type":"artillery","side":"allies"},{"hex":"1,21","type":"infantry","side":"axis"}],
"objectives":[{"kind":"temporary","hexes":["4,12"],"sides":["allies"]}]}`

// duelSetup has one infantry a side, adjacent, in the allies' left section.
const duelSetup = `{"name":"duel","deck":"section","cards":{"allies":3,"axis":3},"victory":{"allies":1,"axis":1},
"hexes":[{"hex":"3,3","terrain":"forest"}],
"units":[{"hex":"5,5","type":"infantry","side":"allies"},{"hex":"4,4","type":"infantry","side":"axis","figures":3},
 {"hex":"7,19","type":"armor","side":"allies"},{"hex":"0,18","type":"artillery","side":"axis"}]}`

func compact(s string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		panic(err)
	}
	return b.String()
}

func newGame(setup string, seed int, extra string) string {
	return fmt.Sprintf(`{"cmd":"new","seed":%d,"setup":%s%s}`, seed, compact(setup), extra)
}

// resp is a decoded reply.
type resp struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *Error          `json:"error"`
}

func call(t *testing.T, s *Session, req string) resp {
	t.Helper()
	out := s.Handle([]byte(req))
	if bytes.ContainsRune(out, '\n') {
		t.Fatalf("%s: reply spans lines: %s", req, out)
	}
	var r resp
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%s: reply %s: %v", req, out, err)
	}
	if (r.Error == nil) == (r.Result == nil) {
		t.Fatalf("%s: reply %s has neither or both of result and error", req, out)
	}
	return r
}

// ok calls and decodes the result into v (if not nil), failing on an error.
func ok(t *testing.T, s *Session, req string, v any) {
	t.Helper()
	r := call(t, s, req)
	if r.Error != nil {
		t.Fatalf("%s: %s: %s", req, r.Error.Code, r.Error.Message)
	}
	if v != nil {
		if err := json.Unmarshal(r.Result, v); err != nil {
			t.Fatalf("%s: result %s: %v", req, r.Result, err)
		}
	}
}

// fails calls and checks the error code.
func fails(t *testing.T, s *Session, req, code string) *Error {
	t.Helper()
	r := call(t, s, req)
	if r.Error == nil {
		t.Fatalf("%s: want error %s, got result %s", req, code, r.Result)
	}
	if r.Error.Code != code {
		t.Fatalf("%s: want error %s, got %s: %s", req, code, r.Error.Code, r.Error.Message)
	}
	return r.Error
}

func hashOf(t *testing.T, s *Session, game string) string {
	t.Helper()
	var st FullState
	req := `{"cmd":"state"}`
	if game != "" {
		req = fmt.Sprintf(`{"cmd":"state","game":%q}`, game)
	}
	ok(t, s, req, &st)
	return st.Hash
}

// TestScriptedSession goes through every command and every error code.
func TestScriptedSession(t *testing.T) {
	s := NewSession()
	s.ReadFile = func(name string) ([]byte, error) { return nil, fmt.Errorf("open %s: no such file", name) }
	codes := map[string]bool{}
	fail := func(req, code string) *Error {
		t.Helper()
		codes[code] = true
		return fails(t, s, req, code)
	}

	// Requests before any game.
	var hello HelloResult
	ok(t, s, `{"cmd":"hello"}`, &hello)
	if hello.Protocol != Version || !slices.Contains(hello.Commands, "apply") || len(hello.Faces) != 5 {
		t.Fatalf("hello: %+v", hello)
	}
	fail(`{"cmd":"legal"`, CodeBadJSON)
	fail(`[1,2]`, CodeBadJSON)
	fail(`{"id":7}`, CodeUnknownCommand)
	fail(`{"cmd":3}`, CodeUnknownCommand)
	fail(`{"cmd":"fly"}`, CodeUnknownCommand)
	fail(`{"cmd":"legal"}`, CodeNoGame)
	fail(`{"cmd":"new","setup":{}}`, CodeBadArgument)                    // no seed
	fail(`{"cmd":"new","seed":-1,"setup":{}}`, CodeBadArgument)          // bad seed
	fail(`{"cmd":"new","seed":1}`, CodeBadArgument)                      // no source
	fail(`{"cmd":"new","seed":1,"setup":{},"bogus":1}`, CodeBadArgument) // unknown field
	fail(`{"cmd":"new","seed":1,"setup":{}}`, CodeBadScenario)           // victory 0
	fail(`{"cmd":"new","seed":1,"scenario":"nowhere.m44"}`, CodeBadScenario)
	fail(`{"cmd":"new","seed":1,"m44":"not json"}`, CodeBadScenario)
	fail(`{"cmd":"new","seed":1,"setup":{"units":[{"hex":"x","type":"infantry","side":"allies"}]}}`, CodeBadScenario)
	fail(newGame(duelSetup, 1, `,"options":{"deck":"all"}`), CodeBadArgument)

	// The id is echoed verbatim, whatever its type.
	for _, id := range []string{`1`, `"a"`, `{"k":[1,2]}`} {
		r := call(t, s, `{"id":`+id+`,"cmd":"hello"}`)
		if string(r.ID) != id {
			t.Fatalf("id %s echoed as %s", id, r.ID)
		}
	}
	if r := call(t, s, `{"cmd":"hello"}`); r.ID != nil {
		t.Fatalf("no id echoed as %s", r.ID)
	}
	if r := call(t, s, `{"id":5,"cmd":"fly"}`); string(r.ID) != "5" {
		t.Fatalf("id not echoed on error: %s", r.ID)
	}

	// A game.
	var sum Summary
	ok(t, s, newGame(duelSetup, 42, `,"name":"duel"`), &sum)
	if sum.Game != "duel" || sum.Scenario != "duel" || sum.Seed != 42 || sum.ToAct.String() != "allies" ||
		sum.Phase != "card" || sum.Sides.Allies.Cards != 3 || sum.Deck != 40 || len(sum.Hash) != 16 {
		t.Fatalf("new: %+v", sum)
	}
	var seedAsString Summary
	ok(t, s, strings.Replace(newGame(duelSetup, 0, `,"name":"other"`), `"seed":0`, `"seed":"42"`, 1), &seedAsString)
	if seedAsString.Hash != sum.Hash {
		t.Fatalf("seed as string: hash %s, want %s", seedAsString.Hash, sum.Hash)
	}
	ok(t, s, `{"cmd":"close","game":"other"}`, nil)
	fail(`{"cmd":"legal","game":"other"}`, CodeNoGame)
	var games struct{ Games []GameInfo }
	ok(t, s, `{"cmd":"games"}`, &games)
	if len(games.Games) != 1 || games.Games[0].Game != "duel" || games.Games[0].Current {
		t.Fatalf("games: %+v", games) // closing "other" (the current game) left no current game
	}
	fail(`{"cmd":"legal"}`, CodeNoGame)
	ok(t, s, newGame(duelSetup, 42, `,"name":"duel"`), &sum) // replaces it and makes it current

	var cards struct{ Cards []Card }
	ok(t, s, `{"cmd":"cards"}`, &cards)
	if len(cards.Cards) != 40 || cards.Cards[0].Name != "recon-left" || cards.Cards[0].Section != "left" {
		t.Fatalf("cards: %+v", cards.Cards[:2])
	}

	// Test hooks: the allies hold a Probe left; dice are scripted.
	var hand struct {
		Side string
		Hand []CardRef
		Hash string
	}
	ok(t, s, `{"cmd":"hand","side":"allies","cards":["probe-left",21,"attack-left"]}`, &hand)
	if len(hand.Hand) != 3 || hand.Hand[0].Name != "probe-left" || hand.Hand[1].ID != 21 || hand.Hand[2].Name != "attack-left" || hand.Hand[2].ID == 21 {
		t.Fatalf("hand: %+v", hand)
	}
	fail(`{"cmd":"hand","side":"allies","cards":["no-such-card"]}`, CodeBadArgument)
	fail(`{"cmd":"hand","side":"allies","cards":[3,3]}`, CodeBadArgument)
	fail(`{"cmd":"hand","side":"allies","cards":[400]}`, CodeBadArgument)
	fail(`{"cmd":"hand","side":"nobody","cards":[]}`, CodeBadArgument)
	fail(`{"cmd":"hand","side":"allies"}`, CodeBadArgument)
	var dice struct {
		Scripted int
		Hash     string
	}
	ok(t, s, `{"cmd":"dice","faces":[]}`, &dice)
	if dice.Scripted != 0 {
		t.Fatalf("dice: %+v", dice)
	}
	fail(`{"cmd":"dice","faces":["skull"]}`, CodeBadArgument)
	fail(`{"cmd":"dice"}`, CodeBadArgument)

	// Queries.
	var los struct {
		From, To string
		LOS      bool
	}
	ok(t, s, `{"cmd":"los","from":"5,5","to":"4,4"}`, &los)
	if !los.LOS {
		t.Fatal("los between neighbours: false")
	}
	ok(t, s, `{"cmd":"los","from":"5,5","to":"1,1"}`, &los) // through the forest on 3,3
	if los.LOS {
		t.Fatal("los through a forest: true")
	}
	fail(`{"cmd":"los","from":"5,5"}`, CodeBadArgument)
	fail(`{"cmd":"los","from":"5,5","to":"5,6"}`, CodeBadArgument) // not a hex of the board
	fail(`{"cmd":"los","from":"5,5","to":"99,1"}`, CodeBadArgument)
	var att struct {
		From, To string
		Dice     int
	}
	ok(t, s, `{"cmd":"attack","from":"5,5","to":"4,4"}`, &att)
	if att.Dice != 3 {
		t.Fatalf("attack: %+v", att)
	}
	fail(`{"cmd":"attack","from":"5,5","to":"6,6"}`, CodeBadArgument) // no unit there
	var reach struct {
		Hex   string
		Hexes []string
	}
	ok(t, s, `{"cmd":"reach","hex":"5,5"}`, &reach)
	if len(reach.Hexes) == 0 || slices.Contains(reach.Hexes, "4,4") {
		t.Fatalf("reach: %+v", reach)
	}
	fail(`{"cmd":"reach","hex":"6,6"}`, CodeBadArgument)

	// Play: Probe left orders the infantry on 5,5; it battles the infantry on 4,4.
	var legal LegalResult
	ok(t, s, `{"cmd":"legal"}`, &legal)
	if legal.Phase != "card" || !slices.Contains(legal.Actions, "play 21") {
		t.Fatalf("legal: %+v", legal)
	}
	before := legal.Hash
	fail(`{"cmd":"apply","action":"fly 1,1"}`, CodeBadAction)
	fail(`{"cmd":"apply","action":"play 0"}`, CodeIllegalAction)
	fail(`{"cmd":"apply"}`, CodeBadArgument)
	fail(`{"cmd":"apply","action":"play 21","actions":["play 21"]}`, CodeBadArgument)
	fail(`{"cmd":"apply","action":7}`, CodeBadArgument)
	fail(`{"cmd":"apply","action":"end-orders","as":"nobody"}`, CodeBadArgument)
	e := fail(`{"cmd":"apply","actions":["play 21","order 5,5","end-moves","battle 5,5 9,9"]}`, CodeIllegalAction)
	if e.Index == nil || *e.Index != 3 {
		t.Fatalf("failing list: %+v", e)
	}
	if h := hashOf(t, s, ""); h != before {
		t.Fatalf("failed requests changed the hash: %s -> %s", before, h)
	}
	var ap ApplyResult
	ok(t, s, `{"cmd":"apply","action":"play 21"}`, &ap)
	if ap.Applied != 1 || len(ap.Events) == 0 || ap.Events[0].Kind != "play" || ap.Events[0].CardName != "attack-left" {
		t.Fatalf("apply play: %+v", ap)
	}
	ok(t, s, `{"cmd":"apply","actions":["order 5,5"]}`, &ap)
	if ap.Events[0].Kind != "order" || ap.Events[0].Hex != "5,5" {
		t.Fatalf("apply order: %+v", ap)
	}
	ok(t, s, `{"cmd":"legal"}`, &legal)
	for legal.Phase != "battle" {
		a := legal.Actions[len(legal.Actions)-1] // end-orders, end-moves
		ok(t, s, `{"cmd":"apply","action":"`+a+`"}`, nil)
		ok(t, s, `{"cmd":"legal"}`, &legal)
	}
	// A snapshot before the battle, to undo into.
	var snap Summary
	ok(t, s, `{"cmd":"clone","name":"snap"}`, &snap)
	if snap.Hash != legal.Hash || snap.Game != "snap" {
		t.Fatalf("clone: %+v", snap)
	}
	fail(`{"cmd":"clone","name":"duel"}`, CodeBadArgument)
	ok(t, s, `{"cmd":"dice","game":"duel","faces":["infantry","infantry","flag"]}`, &dice)
	if dice.Scripted != 3 {
		t.Fatalf("dice: %+v", dice)
	}
	ap = ApplyResult{}
	ok(t, s, `{"cmd":"apply","action":"battle 5,5 4,4","as":"axis"}`, &ap)
	if ap.Hash != "" {
		t.Fatalf("apply as a side: hash %q given", ap.Hash)
	}
	var kinds []string
	var faces []string
	for _, ev := range ap.Events {
		kinds = append(kinds, ev.Kind)
		if ev.Kind == "dice" {
			faces = ev.Faces
		}
	}
	if !slices.Equal(faces, []string{"infantry", "infantry", "flag"}) || !slices.Contains(kinds, "hits") {
		t.Fatalf("battle events: %v, faces %v", kinds, faces)
	}
	ok(t, s, `{"cmd":"legal"}`, &legal)
	if legal.Phase != "retreat" || legal.ToAct.String() != "axis" {
		t.Fatalf("after the battle: %+v", legal)
	}

	// Views.
	var v view.View
	ok(t, s, `{"cmd":"view","as":"axis"}`, &v)
	if v.Viewer.String() != "axis" || len(v.Hand) != 3 || v.OtherHand != 2 || !slices.Equal(v.Legal, legal.Actions) {
		t.Fatalf("view axis: %+v", v)
	}
	ok(t, s, `{"cmd":"view","as":"allies"}`, &v)
	if len(v.Legal) != 0 || len(v.Hand) != 2 {
		t.Fatalf("view allies: %+v", v)
	}
	fail(`{"cmd":"view"}`, CodeBadArgument)
	fail(`{"cmd":"view","as":"both"}`, CodeBadArgument)
	var full FullState
	ok(t, s, `{"cmd":"state"}`, &full)
	if !full.Full || len(full.Hands.Allies) != 2 || len(full.Hands.Axis) != 3 || full.Scripted != 0 ||
		len(full.DrawCards) != full.DrawPile || full.DrawPile+len(full.Discards)+2+3+1 != 40 {
		t.Fatalf("state: %+v", full)
	}

	// Undo, back to the snapshot.
	var pos Position
	ok(t, s, `{"cmd":"undo"}`, &pos)
	ok(t, s, `{"cmd":"undo"}`, &pos) // the dice
	if pos.Hash != snap.Hash || pos.Phase != "battle" {
		t.Fatalf("undo: %+v, want hash %s", pos, snap.Hash)
	}
	for i := 0; ; i++ {
		r := call(t, s, `{"cmd":"undo"}`)
		if r.Error != nil {
			if r.Error.Code != CodeNothingToUndo {
				t.Fatalf("undo: %+v", r.Error)
			}
			codes[CodeNothingToUndo] = true
			break
		}
		if i > 20 {
			t.Fatal("undo never ran out")
		}
	}
	if h := hashOf(t, s, ""); h != sum.Hash {
		t.Fatalf("undo to the start: hash %s, want %s", h, sum.Hash)
	}

	// Finish the duel from the snapshot: scripted hits eliminate the axis
	// infantry and win (victory 1).
	ok(t, s, `{"cmd":"dice","game":"snap","faces":["infantry","infantry","infantry"]}`, nil)
	ok(t, s, `{"cmd":"apply","game":"snap","action":"battle 5,5 4,4"}`, &ap)
	if !ap.Over || ap.Winner == nil || ap.Winner.String() != "allies" || ap.Events[len(ap.Events)-1].Kind != "game-over" {
		t.Fatalf("winning battle: %+v", ap)
	}
	ok(t, s, `{"cmd":"legal","game":"snap"}`, &legal)
	if !legal.Over || len(legal.Actions) != 0 {
		t.Fatalf("legal after the end: %+v", legal)
	}
	fail(`{"cmd":"apply","game":"snap","action":"end-battles"}`, CodeGameOver)

	// A bug in a command is an error, not a crash.
	commands["panic"] = func(*Session, []byte) (any, *Error) { panic("boom") }
	defer delete(commands, "panic")
	fail(`{"cmd":"panic"}`, CodeInternal)

	var bye struct{ Bye bool }
	ok(t, s, `{"cmd":"quit"}`, &bye)
	if !bye.Bye || !s.Quit() {
		t.Fatal("quit")
	}

	// Every error code but line_too_long (TestServe) was produced.
	for _, c := range []string{CodeBadJSON, CodeUnknownCommand, CodeBadArgument, CodeNoGame, CodeBadScenario,
		CodeBadAction, CodeIllegalAction, CodeGameOver, CodeNothingToUndo, CodeInternal} {
		if !codes[c] {
			t.Errorf("error code %s not exercised", c)
		}
	}
}

// TestServe runs the line transport: replies in order, blank lines skipped,
// an over-long line answered and skipped, quit ending the session.
func TestServe(t *testing.T) {
	s := NewSession()
	s.MaxLine = 100
	in := strings.Join([]string{
		`{"id":1,"cmd":"hello"}`,
		``,
		`{"id":2,"cmd":"hello","pad":"` + strings.Repeat("x", 200) + `"}`,
		"{\"id\":3,\"cmd\":\"hello\"}\r",
		`{"id":4,"cmd":"quit"}`,
		`{"id":5,"cmd":"hello"}`,
	}, "\n")
	var out bytes.Buffer
	if err := s.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d replies:\n%s", len(lines), out.String())
	}
	want := []string{`{"id":1,"result"`, `{"error":{"code":"line_too_long"`, `{"id":3,"result"`, `{"id":4,"result":{"bye":true}}`}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("reply %d: %s, want %s…", i, lines[i], w)
		}
	}
	// A last line without a newline is answered; a line of exactly MaxLine is fine.
	s = NewSession()
	req := `{"cmd":"hello","pad":"`
	req += strings.Repeat("x", 100-len(req)-2) + `"}`
	s.MaxLine = 100
	out.Reset()
	if err := s.Serve(strings.NewReader(req), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), `{"error":{"code":"bad_argument"`) { // "pad" is unknown
		t.Fatalf("line of MaxLine bytes: %s", out.String())
	}
}

// pick is a seeded choice (splitmix64), independent of the engine's generator.
type pick uint64

func (p *pick) intn(n int) int {
	*p += 0x9e3779b97f4a7c15
	z := uint64(*p)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z % uint64(n))
}

// playOut plays a whole random game through the protocol, checking on the
// way that views never show the other hand. It returns every reply line.
func playOut(t *testing.T, newRequest string, choice uint64) []string {
	t.Helper()
	s := NewSession()
	var log []string
	do := func(req string) []byte {
		out := s.Handle([]byte(req))
		log = append(log, string(out))
		return out
	}
	do(newRequest)
	p := pick(choice)
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatal("the game did not end")
		}
		var legal LegalResult
		ok(t, s, `{"cmd":"legal"}`, &legal)
		if legal.Over {
			if len(legal.Actions) != 0 {
				t.Fatalf("legal actions after the end: %v", legal.Actions)
			}
			break
		}
		if len(legal.Actions) == 0 {
			t.Fatalf("no legal action in phase %s", legal.Phase)
		}
		if step%7 == 0 {
			checkViews(t, s)
		}
		a := legal.Actions[p.intn(len(legal.Actions))]
		out := do(`{"cmd":"apply","action":"` + a + `"}`)
		var r resp
		json.Unmarshal(out, &r)
		if r.Error != nil {
			t.Fatalf("apply %q (legal): %s", a, r.Error.Message)
		}
	}
	checkViews(t, s)
	return log
}

// checkViews checks that each side's view holds its own hand(s) and nothing
// of the other side's, and that the view's JSON has no field of the full
// state.
func checkViews(t *testing.T, s *Session) {
	t.Helper()
	var full FullState
	ok(t, s, `{"cmd":"state"}`, &full)
	hands := map[string][]CardRef{"allies": full.Hands.Allies, "axis": full.Hands.Axis}
	mates := map[string][]CardRef{}
	if full.TeamHands != nil {
		mates["allies"], mates["axis"] = full.TeamHands.Allies, full.TeamHands.Axis
	}
	for side, other := range map[string]string{"allies": "axis", "axis": "allies"} {
		r := call(t, s, `{"cmd":"view","as":"`+side+`"}`)
		for _, leak := range []string{`"hands"`, `"team_hands"`, `"draw_cards"`, `"hash"`, `"full"`} {
			if bytes.Contains(r.Result, []byte(leak)) {
				t.Fatalf("view %s contains %s", side, leak)
			}
		}
		var v view.View
		json.Unmarshal(r.Result, &v)
		if !slices.Equal(v.Hand, hands[side]) || !slices.Equal(v.TeamHand, mates[side]) ||
			v.OtherHand != len(hands[other])+len(mates[other]) {
			t.Fatalf("view %s: hand %v + %v / %d, state %v + %v / %d + %d", side, v.Hand, v.TeamHand, v.OtherHand,
				hands[side], mates[side], len(hands[other]), len(mates[other]))
		}
		for _, c := range append(slices.Clone(hands[other]), mates[other]...) {
			if slices.Contains(v.Hand, c) || slices.Contains(v.TeamHand, c) || slices.Contains(v.Choice, c) {
				t.Fatalf("view %s shows card %v of the other side's hands", side, c)
			}
		}
		if full.ToAct.String() != side && len(v.Legal) != 0 {
			t.Fatalf("view %s: legal actions while %s is to act", side, full.ToAct)
		}
	}
	// Every card of the deck is in exactly one place.
	seen := map[rules.CardID]int{}
	count := func(cs ...CardRef) {
		for _, c := range cs {
			seen[c.ID]++
		}
	}
	count(full.Hands.Allies...)
	count(full.Hands.Axis...)
	count(full.DrawCards...)
	count(full.Discards...)
	count(full.Choice...)
	if full.Played != nil {
		count(*full.Played)
	}
	if full.TeamHands != nil {
		count(full.TeamHands.Allies...)
		count(full.TeamHands.Axis...)
	}
	if full.Shared != nil {
		for _, c := range []*CardRef{full.Shared.Allies, full.Shared.Axis} {
			if c != nil {
				count(*c)
			}
		}
	}
	var cards struct{ Cards []Card }
	ok(t, s, `{"cmd":"cards"}`, &cards)
	for _, c := range cards.Cards {
		if seen[c.ID] != 1 {
			t.Fatalf("card %d (%s) is in %d places", c.ID, c.Name, seen[c.ID])
		}
	}
	if len(seen) != len(cards.Cards) || len(full.DrawCards) != full.DrawPile {
		t.Fatalf("%d cards placed, deck of %d; draw pile %d cards, %d listed", len(seen), len(cards.Cards), full.DrawPile, len(full.DrawCards))
	}
}

func TestRandomGamesThroughProtocol(t *testing.T) {
	for seed := 1; seed <= 10; seed++ {
		log := playOut(t, newGame(smokeSetup, seed, ""), uint64(seed)*7)
		last := log[len(log)-1]
		if !strings.Contains(last, `"over":true`) || !strings.Contains(last, `"kind":"game-over"`) {
			t.Fatalf("seed %d: last reply %s", seed, last)
		}
	}
}

// TestTeamPlay plays games with two players a side (Operation Alliance):
// each side sees both its hands, never the other team's.
func TestTeamPlay(t *testing.T) {
	team := strings.Replace(smokeSetup, `"cards":{"allies":5,"axis":4}`, `"players":{"allies":2,"axis":2},"cards":{"allies":6,"axis":5}`, 1)
	for seed := 1; seed <= 3; seed++ {
		s := NewSession()
		var sum Summary
		ok(t, s, newGame(team, seed, ""), &sum)
		if sum.Sides.Allies.Players != 2 || sum.Sides.Axis.Players != 2 {
			t.Fatalf("players: %+v", sum.Sides)
		}
		var full FullState
		ok(t, s, `{"cmd":"state"}`, &full)
		if full.TeamHands == nil || full.Shared == nil || full.Shared.Allies == nil || len(full.TeamHands.Allies) == 0 {
			t.Fatalf("team state: %+v %+v", full.TeamHands, full.Shared)
		}
		// A seat of a team: its own hand, its mate's as team_hand.
		for p := 0; p < 2; p++ {
			var v view.View
			ok(t, s, fmt.Sprintf(`{"cmd":"view","as":"allies","player":%d}`, p), &v)
			own, mate := full.Hands.Allies, full.TeamHands.Allies
			if p != full.CurrentPlayer.Allies {
				own, mate = mate, own
			}
			if v.Player != p || !slices.Equal(v.Hand, own) || !slices.Equal(v.TeamHand, mate) {
				t.Fatalf("allies player %d: %+v", p, v.SeatCards)
			}
		}
		// A spectator: counts and the face-up shared cards, no hand.
		r := call(t, s, `{"cmd":"view","as":"spectator"}`)
		var spec view.View
		json.Unmarshal(r.Result, &spec)
		if spec.Viewer != nil || spec.SeatCards != nil || spec.Counts == nil || spec.SharedCards == nil ||
			spec.Hands.Axis != len(full.Hands.Axis)+len(full.TeamHands.Axis) || bytes.Contains(r.Result, []byte(`"hand"`)) {
			t.Fatalf("spectator view %s", r.Result)
		}
		fail := func(req string) {
			if r := call(t, s, req); r.Error == nil || r.Error.Code != CodeBadArgument {
				t.Fatalf("%s: %s", req, r.Result)
			}
		}
		fail(`{"cmd":"view","as":"allies","player":2}`)
		fail(`{"cmd":"view","as":"spectator","player":0}`)
		playOut(t, newGame(team, seed, ""), uint64(seed))
	}
}

// TestDeterminism: the same scenario, seed and actions give the same events
// and hashes, byte for byte.
func TestDeterminism(t *testing.T) {
	a := playOut(t, newGame(smokeSetup, 99, ""), 5)
	b := playOut(t, newGame(smokeSetup, 99, ""), 5)
	if !slices.Equal(a, b) {
		t.Fatal("two runs of the same game differ")
	}
	c := playOut(t, newGame(smokeSetup, 100, ""), 5)
	if slices.Equal(a, c) {
		t.Fatal("two seeds gave the same game")
	}
	// Replaying the actions as one atomic list reaches the same hash.
	var actions []string
	var final string
	for _, line := range a[1:] {
		var r struct {
			Result ApplyResult `json:"result"`
		}
		json.Unmarshal([]byte(line), &r)
		final = r.Result.Hash
	}
	s := NewSession()
	p := pick(5)
	ok(t, s, newGame(smokeSetup, 99, ""), nil)
	replay := NewSession()
	ok(t, replay, newGame(smokeSetup, 99, ""), nil)
	for {
		var legal LegalResult
		ok(t, s, `{"cmd":"legal"}`, &legal)
		if legal.Over {
			break
		}
		act := legal.Actions[p.intn(len(legal.Actions))]
		actions = append(actions, act)
		ok(t, s, `{"cmd":"apply","action":"`+act+`"}`, nil)
	}
	list, _ := json.Marshal(actions)
	var ap ApplyResult
	ok(t, replay, `{"cmd":"apply","actions":`+string(list)+`}`, &ap)
	if ap.Hash != final || ap.Applied != len(actions) || !ap.Over {
		t.Fatalf("replay: hash %s over %v applied %d, want %s after %d", ap.Hash, ap.Over, ap.Applied, final, len(actions))
	}
}

// TestIllegalLeavesStateUnchanged tries every kind of wrong action at
// every step of a game.
func TestIllegalLeavesStateUnchanged(t *testing.T) {
	s := NewSession()
	ok(t, s, newGame(smokeSetup, 3, ""), nil)
	p := pick(11)
	wrong := []string{"play 39", "order 0,0", "end-orders", "move 7,1 6,0", "end-moves", "battle 7,1 1,1",
		"remove-wire 6,6", "end-battles", "retreat 1,1 0,0", "take-ground 7,1 6,2", "skip", "keep 3", "move 7,1 99,99"}
	for step := 0; step < 300; step++ {
		var legal LegalResult
		ok(t, s, `{"cmd":"legal"}`, &legal)
		if legal.Over {
			break
		}
		for _, w := range wrong {
			if slices.Contains(legal.Actions, w) {
				continue
			}
			fails(t, s, `{"cmd":"apply","action":"`+w+`"}`, CodeIllegalAction)
			if h := hashOf(t, s, ""); h != legal.Hash {
				t.Fatalf("step %d: illegal %q changed the hash %s -> %s", step, w, legal.Hash, h)
			}
		}
		a := legal.Actions[p.intn(len(legal.Actions))]
		ok(t, s, `{"cmd":"apply","action":"`+a+`"}`, nil)
	}
}

// TestRedactedEvents: with "as", a card drawn by the other side is hidden.
func TestRedactedEvents(t *testing.T) {
	s := NewSession()
	ok(t, s, newGame(smokeSetup, 8, ""), nil)
	p := pick(1)
	seen := map[bool]int{}
	for step := 0; step < 400; step++ {
		var legal LegalResult
		ok(t, s, `{"cmd":"legal"}`, &legal)
		if legal.Over {
			break
		}
		a := legal.Actions[p.intn(len(legal.Actions))]
		var ap ApplyResult
		ok(t, s, `{"cmd":"apply","action":"`+a+`","as":"axis"}`, &ap)
		for _, e := range ap.Events {
			if e.Kind != "draw" {
				continue
			}
			hidden := e.Side.String() != "axis"
			seen[hidden]++
			if e.Hidden != hidden || (e.Card == nil) != hidden || (e.CardName == "") != hidden {
				t.Fatalf("draw event for axis: %+v", e)
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("draws seen: %v", seen)
	}
}

// TestRealScenarios loads the scenario files of ../shared when present,
// and plays some of them to the end.
func TestRealScenarios(t *testing.T) {
	dir := "../../shared/scenarios"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("the shared corpus %s is absent (%v): skipping", dir, err)
	}
	loaded, played := 0, 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".m44") {
			continue
		}
		path := dir + "/" + e.Name()
		req := `{"cmd":"new","seed":1,"scenario":"` + path + `"}`
		var sum Summary
		r := call(t, NewSession(), req)
		if r.Error != nil {
			if r.Error.Code != CodeBadScenario {
				t.Errorf("%s: %s: %s", e.Name(), r.Error.Code, r.Error.Message)
			}
			continue
		}
		json.Unmarshal(r.Result, &sum)
		if sum.Source != path || sum.Hash == "" || sum.Sides.Allies.Units == 0 || sum.Sides.Axis.Units == 0 {
			t.Errorf("%s: summary %+v", e.Name(), sum)
		}
		// Inline, the same file gives the same game.
		data, _ := os.ReadFile(path)
		var inline Summary
		ok(t, NewSession(), `{"cmd":"new","seed":1,"m44":`+compact(string(data))+`}`, &inline)
		if inline.Hash != sum.Hash {
			t.Errorf("%s: inline hash %s, from the file %s", e.Name(), inline.Hash, sum.Hash)
		}
		if len(sum.Unsupported) > 0 {
			fails(t, NewSession(), `{"cmd":"new","seed":1,"scenario":"`+path+`","options":{"strict":true}}`, CodeBadScenario)
		}
		loaded++
		if loaded%10 == 1 && !(testing.Short() && played > 0) {
			playOut(t, req, uint64(loaded))
			played++
		}
	}
	if loaded == 0 {
		t.Fatal("no scenario could be loaded")
	}
	t.Logf("%d scenarios loaded, %d played to the end", loaded, played)
}

// TestEveryEventKind: the protocol has a JSON form for every event the
// engine can emit.
func TestEveryEventKind(t *testing.T) {
	st, err := rules.New(&rules.Setup{Grid: hex.Standard(), Cards: [2]int{1, 1}, Victory: [2]int{1, 1}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k := rules.EventKind(1); k.String() != "?"; k++ {
		if _, known := encodeEvent(st, rules.Event{Kind: k, Card: rules.NoCard}); !known {
			t.Errorf("event %s has no JSON form", k)
		}
	}
}

// command-cards.md "Their Finest Hour": a roll of one die per card held may
// have more than 8 dice; the event sends every face (rules.MaxDice).
func TestDiceEventEveryFace(t *testing.T) {
	st, err := rules.New(&rules.Setup{Grid: hex.Standard(), Cards: [2]int{1, 1}, Victory: [2]int{1, 1}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	e := rules.Event{Kind: rules.EvDiceRolled, Side: rules.Allies, Card: rules.NoCard, NDice: rules.MaxDice}
	for k := range e.Dice {
		e.Dice[k] = rules.Face(k % 5)
	}
	out := eventOf(st, e)
	if len(out.Faces) != rules.MaxDice || out.Faces[rules.MaxDice-1] != rules.Face((rules.MaxDice-1)%5).String() {
		t.Fatalf("faces %v, want %d", out.Faces, rules.MaxDice)
	}
}

// rulebook annex 5 "Variante pour les plus jeunes joueurs": options.young
// takes the tactic cards out, deals 6 cards a side, optionally drops take
// ground and overrun, and brings tactic cards back by stage or by key.
func TestNewYoungPlayers(t *testing.T) {
	s := NewSession()
	full := strings.Replace(duelSetup, `"deck":"section",`, "", 1)
	for _, c := range []struct {
		opts string
		deck int
	}{
		{`{}`, 40},
		{`{"stage":1}`, 43},
		{`{"stage":1,"tactics":["air-power","dig-in"]}`, 44},
		{`{"stage":3,"no_take_ground":true}`, 60},
	} {
		var sum Summary
		ok(t, s, newGame(full, 1, `,"options":{"young":`+c.opts+`}`), &sum)
		if sum.Deck != c.deck || sum.Sides.Allies.Cards != 6 || sum.Sides.Axis.Cards != 6 {
			t.Fatalf("young %s: deck %d, cards %d/%d", c.opts, sum.Deck, sum.Sides.Allies.Cards, sum.Sides.Axis.Cards)
		}
	}
	for _, bad := range []string{`{"stage":4}`, `{"tactics":["probe-left"]}`, `{"tactics":["fly"]}`} {
		fails(t, s, newGame(full, 1, `,"options":{"young":`+bad+`}`), CodeBadArgument)
	}
	// A section deck has no tactic card to bring back.
	fails(t, s, newGame(duelSetup, 1, `,"options":{"young":{"stage":1}}`), CodeBadArgument)
}

// A battle's events name its units (rules.Event.Unit/Target): the attacker
// as unit, the target as target, by catalog key and class (docs/protocol.md
// "Events"); a roll names none.
func TestEventsNameUnits(t *testing.T) {
	s := NewSession()
	ok(t, s, newGame(smokeSetup, 8, ""), nil)
	p := pick(3)
	battles := 0
	for step := 0; step < 600 && battles < 3; step++ {
		var legal LegalResult
		ok(t, s, `{"cmd":"legal"}`, &legal)
		if legal.Over {
			break
		}
		a := legal.Actions[p.intn(len(legal.Actions))]
		var ap ApplyResult
		ok(t, s, `{"cmd":"apply","action":"`+a+`"}`, &ap)
		for _, e := range ap.Events {
			switch e.Kind {
			case "battle":
				battles++
				if e.Unit == nil || e.Target == nil || e.Unit.Kind == "" || e.Target.Type == "" || e.Unit.Side == e.Target.Side {
					t.Fatalf("battle without its units: %+v (unit %+v, target %+v)", e, e.Unit, e.Target)
				}
			case "dice", "draw", "play":
				if e.Unit != nil || e.Target != nil {
					t.Fatalf("%s names a unit: %+v", e.Kind, e)
				}
			}
		}
	}
	if battles == 0 {
		t.Fatal("no battle in the game")
	}
}
