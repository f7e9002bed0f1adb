package protocol

import (
	"fmt"
	"strings"

	"m44/hex"
	"m44/rules"
	"m44/scenario"
)

// loadM44 converts the bytes of a .m44 file to an engine setup, with the
// features of the file the engine does not play (the setup leaves them out)
// and the importer's notes.
// name labels the file in messages.
func loadM44(name string, data []byte) (setup *rules.Setup, unsupported []Unsupported, notes []string, err error) {
	f, err := scenario.Parse(data)
	if err != nil {
		return nil, nil, nil, err
	}
	f.Path = name
	setup, report := f.Setup()
	for _, n := range report.Notes {
		notes = append(notes, n.String())
	}
	if err := report.Err(); err != nil {
		return nil, nil, nil, err
	}
	for _, i := range report.Unsupported {
		u := Unsupported{Feature: i.Feature, Field: i.Field, Message: i.String()}
		if i.Hex != hex.None {
			u.Hex = i.Hex.String()
		}
		unsupported = append(unsupported, u)
	}
	if setup == nil {
		// Without the unsupported features the setup does not hold together;
		// the report's notes say why.
		return nil, unsupported, notes, fmt.Errorf("cannot be played without its unsupported features (%s): %s",
			strings.Join(report.Features(), ", "), strings.Join(notes, "; "))
	}
	return setup, unsupported, notes, nil
}
