package testkit

import (
	"strings"
	"testing"
)

// ApplyDelta applies a WebSocket delta message d (decoded JSON) to snap, a
// snapshot decoded, as a client does (docs/web-api.md, "Update and delta"):
// set's fields replace snap's, but view's, merged into snap's view; unset's
// are removed ("view.x": from the view). The log is the caller's: a delta
// carries it as events, never in set. It fails t on a message that is not a
// delta from snap's version (when snap has one) or that sets the log.
func ApplyDelta(t testing.TB, snap, d map[string]any) {
	t.Helper()
	if d["type"] != "delta" || (snap["version"] != nil && snap["version"] != d["base"]) {
		t.Fatalf("delta %v from %v applied to version %v", d["type"], d["base"], snap["version"])
	}
	set, _ := d["set"].(map[string]any)
	for k, v := range set {
		switch k {
		case "log":
			t.Fatal("a delta sets the log")
		case "view":
			view, _ := snap["view"].(map[string]any)
			if view == nil {
				view = map[string]any{}
				snap["view"] = view
			}
			for vk, vv := range v.(map[string]any) {
				view[vk] = vv
			}
		default:
			snap[k] = v
		}
	}
	unset, _ := d["unset"].([]any)
	for _, k := range unset {
		if s := k.(string); strings.HasPrefix(s, "view.") {
			delete(snap["view"].(map[string]any), strings.TrimPrefix(s, "view."))
		} else {
			delete(snap, s)
		}
	}
}
