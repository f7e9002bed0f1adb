package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestScenariosTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"scenarios"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 11 {
		t.Fatalf("%d lines, want a header and at least 10 scenarios:\n%s", len(lines), out.String())
	}
	for _, want := range []string{"ID", "NAME", "DATE", "FRONT", "BOARD", "SIDES", "CARDS", "MEDALS"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("header lacks %s: %s", want, lines[0])
		}
	}
	if !strings.HasPrefix(lines[1], "pegasus-bridge ") || !strings.Contains(lines[1], "2 / 6") {
		t.Errorf("first scenario is not Pegasus Bridge with 2 / 6 cards: %s", lines[1])
	}
}

func TestScenariosJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"scenarios", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var list []struct {
		ID     string         `json:"id"`
		Name   string         `json:"name"`
		Date   string         `json:"date"`
		Front  string         `json:"front"`
		Board  string         `json:"board"`
		Face   string         `json:"face"`
		Cards  map[string]int `json:"cards"`
		Medals map[string]int `json:"medals"`
		First  string         `json:"first"`
	}
	if err := json.Unmarshal(out.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) < 10 {
		t.Fatalf("%d scenarios", len(list))
	}
	p := list[0]
	if p.ID != "pegasus-bridge" || p.Cards["allies"] != 6 || p.Cards["axis"] != 2 || p.Medals["allies"] != 4 || p.First != "allies" || p.Face != "COUNTRY" {
		t.Errorf("pegasus-bridge: %+v", p)
	}
	if code := run([]string{"scenarios", "extra"}, nil, &out, &errb); code != 2 {
		t.Errorf("an extra argument: exit %d, want 2", code)
	}
}
