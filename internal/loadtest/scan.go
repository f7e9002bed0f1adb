package loadtest

import (
	"encoding/json"
	"strconv"

	"m44/internal/jsonenc"
)

// The WebSocket player's JSON reading (issue 14, sixth pass): decoding
// every update and delta with encoding/json was two fifths of the load
// client's CPU, most of it checking and skipping members the player never
// reads (the view, the log's entries). The player walks a message's
// members with jsonenc.EachMember and EachElement, skipping what it does
// not read without decoding it, and leaves the legal actions as JSON until
// it picks one; these functions read the values it reads. The server's JSON
// is well formed (it writes it by hand, byte for byte as encoding/json
// would: docs/web-api.md); what does not read here is an error.

// jsonInt reads a JSON integer.
func jsonInt(v []byte) (int, error) {
	n, err := strconv.Atoi(string(v)) // (no allocation: the conversion does not escape)
	if err != nil {
		return 0, jsonenc.ErrSyntax
	}
	return n, nil
}

// jsonBool reads true or false.
func jsonBool(v []byte) (bool, error) {
	switch string(v) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, jsonenc.ErrSyntax
}

// jsonString reads a JSON string (null: "", false).
func jsonString(v []byte) (string, bool, error) {
	if string(v) == "null" {
		return "", false, nil
	}
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false, jsonenc.ErrSyntax
	}
	plain := true
	for _, c := range v[1 : len(v)-1] {
		if c == '\\' {
			plain = false
			break
		}
	}
	if plain {
		return string(v[1 : len(v)-1]), true, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", false, err
	}
	return s, true, nil
}
