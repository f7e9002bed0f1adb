package web

import (
	"os/exec"
	"testing"
)

// TestPluralTables runs the browser client's plural check
// (web/e2e/tests/plural.test.js: every message with a count has, in every
// language, the forms of each CLDR plural category the language needs) with
// node, so that go test covers it as well as the browser tests.
func TestPluralTables(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the plural tables are checked only by bash web/e2e/run.sh")
	}
	cmd := exec.Command(node, "--test", "tests/plural.test.js")
	cmd.Dir = "e2e"
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node --test tests/plural.test.js: %v\n%s", err, out)
	}
}
