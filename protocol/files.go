package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"m44/scenario"
)

// MaxScenarioFile is the largest scenario file "new" reads (1 MiB; the
// official files are below 40 KiB).
const MaxScenarioFile = 1 << 20

// ReadScenarioFile reads the scenario file name for "new": a regular file
// (not a device, a pipe or a directory) of at most MaxScenarioFile bytes.
// Its errors name the file and never quote what it holds.
func ReadScenarioFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %v", name, pe.Err)
		}
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	if fi.Size() > MaxScenarioFile {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a scenario may have", name, fi.Size(), MaxScenarioFile)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxScenarioFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", name, errors.Unwrap(err))
	}
	if len(data) > MaxScenarioFile {
		return nil, fmt.Errorf("%s: more than the %d bytes a scenario may have", name, MaxScenarioFile)
	}
	return data, nil
}

// checkScenarioFile refuses, without quoting it, a file that is not a
// .m44 scenario at all: not JSON (where it fails, not the character), not
// an object, or an object with neither "game_info" nor "board". A file
// that is one is reported in full by the importer.
func checkScenarioFile(name string, data []byte) error {
	_, err := scenario.Parse(data)
	var syn *scenario.SyntaxError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("%s: not a .m44 scenario: not JSON at line %d, column %d", name, syn.Line, syn.Column)
	case err != nil:
		return fmt.Errorf("%s: not a .m44 scenario: not a JSON object", name)
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), &top) != nil || (top["game_info"] == nil && top["board"] == nil) {
		return fmt.Errorf("%s: not a .m44 scenario: no game_info or board", name)
	}
	return nil
}
