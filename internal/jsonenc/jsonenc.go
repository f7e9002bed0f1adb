// Package jsonenc appends JSON by hand, byte for byte as encoding/json
// would write the same values (its HTML-safe string escaping included),
// for the server's hot paths: a snapshot is encoded for every action, and
// encoding/json's reflection was the larger part of its cost (issue 14).
// Members reads the server's own JSON back, an object's members as spans of
// its bytes, for the WebSocket deltas.
package jsonenc

import (
	"encoding/json"
	"strconv"
)

// plain are the bytes written as they are in a JSON string (printable
// ASCII but the quote, the backslash and encoding/json's HTML escapes).
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// String appends s as a JSON string, escaped as encoding/json escapes it.
func String(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !plain[s[i]] {
			q, _ := json.Marshal(s) // rare: leave the escaping to encoding/json
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Strings appends ss as a JSON array of strings (null for a nil slice).
func Strings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = String(b, s)
	}
	return append(b, ']')
}

// Int appends n.
func Int[T ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16](b []byte, n T) []byte {
	return strconv.AppendInt(b, int64(n), 10)
}

// Ints appends ns as a JSON array (null for a nil slice).
func Ints(b []byte, ns []int) []byte {
	if ns == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// Bool appends v.
func Bool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// Key appends a member's key (and the comma before it unless it is the
// object's first): `,"key":`. key must need no escaping.
func Key(b []byte, first bool, key string) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// Value appends v as encoding/json encodes it (the rare parts of a
// value, not worth writing by hand). It panics if v cannot be encoded: a
// programming error.
func Value(b []byte, v any) []byte {
	q, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return append(b, q...)
}
