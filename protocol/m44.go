package protocol

import (
	"errors"

	"m44/rules"
)

// loadM44 converts the bytes of a .m44 file to an engine setup, with the
// features of the file the engine does not play.
func loadM44(data []byte) (*rules.Setup, []Unsupported, error) {
	return nil, nil, errors.New("the .m44 importer is not available yet")
}
