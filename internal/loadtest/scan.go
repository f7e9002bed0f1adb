package loadtest

import (
	"encoding/json"
	"errors"
	"strconv"
)

// A small JSON reader for the WebSocket player (issue 14, sixth pass):
// decoding every update and delta with encoding/json was two fifths of the
// load client's CPU, most of it checking and skipping members the player
// never reads (the view, the log's entries). These functions walk a
// message's members, skip what is not read without decoding it, and leave
// the legal actions as JSON until the player picks one. The server's JSON
// is well formed (it writes it by hand, byte for byte as encoding/json
// would: docs/web-api.md); what does not read here is an error.

var errJSON = errors.New("loadtest: malformed JSON")

// skipSpace is the index of the first byte of b at or after i that is not
// JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString is the index after the JSON string that starts at b[i] ('"').
func skipString(b []byte, i int) (int, error) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, errJSON
}

// skipValue is the index after the JSON value that starts at b[i] (white
// space before it skipped).
func skipValue(b []byte, i int) (int, error) {
	i = skipSpace(b, i)
	if i >= len(b) {
		return 0, errJSON
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				j, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = j - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, nil
				}
			}
		}
		return 0, errJSON
	default: // a number, true, false, null
		j := i
		for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\n' && b[j] != '\t' && b[j] != '\r' {
			j++
		}
		if j == i {
			return 0, errJSON
		}
		return j, nil
	}
}

// eachMember calls f with the key (its JSON string's contents, escapes
// left as they are: the server's keys have none) and the value's JSON of
// each member of the object b, in order; f's error stops the walk.
func eachMember(b []byte, f func(key, val []byte) error) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errJSON
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return nil
	}
	for i < len(b) {
		if b[i] != '"' {
			return errJSON
		}
		j, err := skipString(b, i)
		if err != nil {
			return err
		}
		key := b[i+1 : j-1]
		i = skipSpace(b, j)
		if i >= len(b) || b[i] != ':' {
			return errJSON
		}
		v := skipSpace(b, i+1)
		e, err := skipValue(b, v)
		if err != nil {
			return err
		}
		if err := f(key, b[v:e]); err != nil {
			return err
		}
		i = skipSpace(b, e)
		if i >= len(b) {
			return errJSON
		}
		switch b[i] {
		case '}':
			return nil
		case ',':
			i = skipSpace(b, i+1)
		default:
			return errJSON
		}
	}
	return errJSON
}

// eachElement calls f with the JSON of each element of the array b.
func eachElement(b []byte, f func(val []byte) error) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return errJSON
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return nil
	}
	for i < len(b) {
		e, err := skipValue(b, i)
		if err != nil {
			return err
		}
		if err := f(b[i:e]); err != nil {
			return err
		}
		i = skipSpace(b, e)
		if i >= len(b) {
			return errJSON
		}
		switch b[i] {
		case ']':
			return nil
		case ',':
			i = skipSpace(b, i+1)
		default:
			return errJSON
		}
	}
	return errJSON
}

// jsonInt reads a JSON integer.
func jsonInt(v []byte) (int, error) {
	n, err := strconv.Atoi(string(v)) // (no allocation: the conversion does not escape)
	if err != nil {
		return 0, errJSON
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
	return false, errJSON
}

// jsonString reads a JSON string (null: "", false).
func jsonString(v []byte) (string, bool, error) {
	if string(v) == "null" {
		return "", false, nil
	}
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false, errJSON
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

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
