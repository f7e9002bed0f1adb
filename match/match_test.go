package match

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"m44/hex"
	"m44/library"
	"m44/rules"
)

func libraryScenario(t *testing.T) *Scenario {
	t.Helper()
	all := library.All()
	if len(all) == 0 {
		t.Skip("no library scenario")
	}
	sc, err := Parse(all[0].ID, all[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestSeatNames(t *testing.T) {
	for _, tc := range []struct {
		players [2]int
		want    string
	}{
		{[2]int{1, 1}, "[allies axis]"},
		{[2]int{2, 1}, "[allies-1 allies-2 axis]"},
		{[2]int{2, 2}, "[allies-1 allies-2 axis-1 axis-2]"},
	} {
		var names []string
		for _, d := range seatDefs(tc.players) {
			names = append(names, d.name)
		}
		if got := fmt.Sprint(names); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.players, got, tc.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, data := range []string{"", "[]", "{", `{"board":{"type":"MOON"}}`} {
		_, err := Parse("x", []byte(data))
		if CodeOf(err) != CodeBadScenario {
			t.Errorf("%q: %v", data, err)
			continue
		}
		if e := err.(*Error); len(e.Problems) == 0 {
			t.Errorf("%q: no problems listed", data)
		}
	}
	if _, err := Parse("x", make([]byte, MaxScenarioSize+1)); CodeOf(err) != CodeTooLarge {
		t.Errorf("too large: %v", err)
	}
}

// TestEntriesHideDraws: a card drawn is named to its side only.
func TestEntriesHideDraws(t *testing.T) {
	sc := libraryScenario(t)
	st, _ := rules.New(sc.Setup, 1)
	e := rules.Event{Kind: rules.EvCardDrawn, Side: rules.Allies, Card: 3}
	en := eventEntry(st, 7, e)
	var seen [numViewers]LogEntry
	for v := range seen {
		if err := json.Unmarshal(en.json[v], &seen[v]); err != nil {
			t.Fatal(err)
		}
	}
	if seen[viewAllies].Text.Key != "ev.draw" || seen[viewAllies].Text.Args["card"] != st.Card(3).Name() {
		t.Errorf("allies: %+v", seen[viewAllies])
	}
	for _, v := range []viewer{viewAxis, viewSpectator} {
		if seen[v].Text.Key != "ev.draw.hidden" || strings.Contains(string(en.json[v]), `"card"`) || strings.Contains(string(en.json[v]), `"id"`) {
			t.Errorf("viewer %d sees the card: %s", v, en.json[v])
		}
	}
	// Face up (a team's shared card): everyone sees it.
	up := eventEntry(st, 8, rules.Event{Kind: rules.EvCardDrawn, Side: rules.Allies, Card: 3, N: 1})
	if !strings.Contains(string(up.json[viewSpectator]), `"face_up":true`) {
		t.Errorf("face-up draw: %s", up.json[viewSpectator])
	}
}

func TestSpectatorView(t *testing.T) {
	sc := libraryScenario(t)
	st, _ := rules.New(sc.Setup, 1)
	v := viewFor(st, nil)
	if v.Viewer != nil || v.SeatCards != nil || v.Counts == nil || v.Legal != nil {
		t.Fatalf("spectator view: %+v", v)
	}
	if v.Hands.Allies != len(st.Hand(rules.Allies)) || v.Hands.Axis != len(st.Hand(rules.Axis)) {
		t.Fatalf("hand sizes %+v", v.Hands)
	}
	b, _ := json.Marshal(v)
	for _, side := range []rules.Side{rules.Allies, rules.Axis} {
		for _, c := range st.Hand(side) {
			if strings.Contains(string(b), fmt.Sprintf(`"id":%d,`, c)) {
				t.Fatalf("the spectator's view names card %d of the %s hand", c, side)
			}
		}
	}
	if !strings.Contains(string(b), `"hex":"`) {
		t.Fatal("hexes are not strings")
	}
}

// The snapshot carries the scenario's objectives and who holds them, and the
// side at the top of the board (public information the client draws).
func TestSnapshotObjectives(t *testing.T) {
	setup := &rules.Setup{Name: "obj", Grid: hex.Standard(), Top: rules.Axis, First: rules.Allies,
		Cards: [2]int{4, 4}, Victory: [2]int{6, 6},
		Units: []rules.UnitSetup{{Hex: hex.Hex{Row: 6, Col: 12}, Type: rules.Infantry, Side: rules.Allies},
			{Hex: hex.Hex{Row: 1, Col: 1}, Type: rules.Infantry, Side: rules.Axis}},
		Objectives: []rules.Objective{{Kind: rules.TemporaryMedal, Hexes: []hex.Hex{{Row: 6, Col: 12}}, Sides: rules.MaskAllies, Medals: 1}}}
	st, err := rules.New(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	obs := objectivesOf(st)
	if len(obs) != 1 || obs[0].Kind != "temporary" || obs[0].Hexes[0] != "6,12" || len(obs[0].Sides) != 1 || obs[0].Sides[0] != "allies" {
		t.Fatalf("objectives %+v", obs)
	}
	if obs[0].Holder == nil || *obs[0].Holder != "allies" {
		t.Fatalf("holder %v, want allies (an Allied unit stands on it)", obs[0].Holder)
	}
}
