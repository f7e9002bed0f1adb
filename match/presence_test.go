package match

import (
	"testing"
	"time"
)

// Another node's presence marks (docs/web-api.md, "Running several nodes":
// presence across nodes): an announce sets or clears a node's mark of a
// game, a stopping node's ("games" nil) go at once, and a mark not renewed
// within the TTL lapses; the nodes' marks add up.
func TestOtherPresence(t *testing.T) {
	a, _, _ := clusterManagers(t)
	type announce struct {
		node  string
		games map[string][]string
	}
	tests := []struct {
		name  string
		steps []announce
		lapse bool // the marks' TTL passes after the steps
		want  map[string]bool
	}{
		{"a seat connected on b", []announce{{"b", map[string][]string{"g": {"axis"}}}},
			false, map[string]bool{"axis": true, "allies": false}},
		{"its last WebSocket on b closed", []announce{{"b", map[string][]string{"g": {"axis"}}}, {"b", map[string][]string{"g": {}}}},
			false, map[string]bool{"axis": false}},
		{"b stops", []announce{{"b", map[string][]string{"g": {"axis", "allies"}}}, {"b", nil}},
			false, map[string]bool{"axis": false, "allies": false}},
		{"c stops, b's mark stays", []announce{{"b", map[string][]string{"g": {"axis"}}}, {"c", map[string][]string{"g": {"allies"}}}, {"c", nil}},
			false, map[string]bool{"axis": true, "allies": false}},
		{"another game's announce leaves this one's", []announce{{"b", map[string][]string{"g": {"axis"}}}, {"b", map[string][]string{"h": {}}}},
			false, map[string]bool{"axis": true}},
		{"b dies: its mark lapses", []announce{{"b", map[string][]string{"g": {"axis"}}}},
			true, map[string]bool{"axis": false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.otherPresence("b", nil)
			a.otherPresence("c", nil)
			for _, s := range tt.steps {
				a.otherPresence(s.node, s.games)
			}
			if tt.lapse {
				a.pres.mu.Lock()
				for _, marks := range a.pres.remote {
					for n, mk := range marks {
						mk.until = time.Now().Add(-time.Millisecond)
						marks[n] = mk
					}
				}
				a.pres.mu.Unlock()
				if a.remoteConnected("g", "axis") {
					t.Error("a lapsed mark shown before the sweep")
				}
				a.lapsePresence()
				a.pres.mu.Lock()
				n := len(a.pres.remote)
				a.pres.mu.Unlock()
				if n != 0 {
					t.Errorf("%d games' marks left after the sweep", n)
				}
			}
			for seat, want := range tt.want {
				if got := a.remoteConnected("g", seat); got != want {
					t.Errorf("%s connected %v, want %v", seat, got, want)
				}
			}
		})
	}
}
