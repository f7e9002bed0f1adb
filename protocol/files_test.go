package protocol

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 14: "new" reads only regular files, with a size limit, and never
// echoes what a file holds in an error.
func TestNewReadsOnlyScenarioFiles(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	os.WriteFile(secret, []byte("root:$6$SECRETHASH:19000:0:99999:7:::\n"), 0o600)
	config := filepath.Join(dir, "config.json")
	os.WriteFile(config, []byte(`{"password":"SECRETHASH","user":"x"}`), 0o600)
	big := filepath.Join(dir, "big.m44")
	os.WriteFile(big, make([]byte, MaxScenarioFile+1), 0o600)
	for _, tc := range []struct{ path, want string }{
		{dir, "not a regular file"},
		{"/dev/zero", "not a regular file"},
		{big, "more than the 1048576 a scenario may have"},
		{secret, "not JSON at line 1, column 1"},
		{config, "no game_info or board"},
		{filepath.Join(dir, "none.m44"), "no such file"},
	} {
		s := NewSession()
		e := fails(t, s, `{"cmd":"new","seed":1,"scenario":"`+tc.path+`"}`, CodeBadScenario)
		if !strings.Contains(e.Message, tc.want) {
			t.Errorf("%s: %q, want %q", tc.path, e.Message, tc.want)
		}
		if strings.Contains(e.Message, "SECRET") || strings.Contains(e.Message, "password") {
			t.Errorf("%s: the error quotes the file: %q", tc.path, e.Message)
		}
	}
}
