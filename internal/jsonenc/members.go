package jsonenc

import (
	"bytes"
	"errors"
)

// Member is one member of a JSON object: its key (without quotes) and its
// value, both slices of the object's JSON.
type Member struct {
	Key, Val []byte
}

// Members is the members of the JSON object b, in order (nil if b is
// not an object; match's deltas then resend the whole value). The keys are
// taken as written, without unescaping: the server's keys are plain.
func Members(b []byte) []Member {
	out := []Member{}
	if EachMember(b, func(key, val []byte) error {
		out = append(out, Member{Key: key, Val: val})
		return nil
	}) != nil {
		return nil
	}
	return out
}

// ErrSyntax is EachMember's and EachElement's error for what is not an
// object, or an array, of JSON values as this package reads them.
var ErrSyntax = errors.New("jsonenc: malformed JSON")

// EachMember calls f with the key (as written, without unescaping) and the
// value's JSON of each member of the JSON object b, in order, without
// decoding them; f's error stops the walk and is returned. It is no
// validator (see skipValue): it reads JSON written by the server.
func EachMember(b []byte, f func(key, val []byte) error) error {
	_, err := EachMemberAt(b, func(key []byte, i int) (int, error) {
		end := skipValue(b, i)
		if end < 0 {
			return 0, ErrSyntax
		}
		return end, f(key, b[i:end])
	})
	return err
}

// EachElement calls f with the JSON of each element of the JSON array b,
// in order, as EachMember does with an object's members.
func EachElement(b []byte, f func(val []byte) error) error {
	return eachItem(b, '[', ']', func(i int) (int, error) {
		end := skipValue(b, i)
		if end < 0 {
			return 0, ErrSyntax
		}
		return end, f(b[i:end])
	})
}

// EachMemberAt walks the JSON object at the start of b as EachMember does,
// but gives f where each member's value starts in b rather than the
// value: f reads the value there, or skips it (SkipValue), and answers
// where it ends. It answers where the object ends. A reader that looks
// into a member's value (a delta's "set") so reads it once, not once to
// find its end and again to read it (issue 14, tenth pass).
func EachMemberAt(b []byte, f func(key []byte, i int) (int, error)) (int, error) {
	return eachItemEnd(b, '{', '}', func(i int) (int, error) {
		if b[i] != '"' {
			return 0, ErrSyntax
		}
		end := skipString(b, i)
		if end < 0 {
			return 0, ErrSyntax
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return 0, ErrSyntax
		}
		i = skipSpace(b, i+1)
		if i >= len(b) {
			return 0, ErrSyntax
		}
		end, err := f(key, i)
		if err == nil && (end <= i || end > len(b)) {
			err = ErrSyntax
		}
		return end, err
	})
}

// SkipValue is the index just after the JSON value starting at b[i], or
// -1 if there is none (as EachMember reads values: no validator).
func SkipValue(b []byte, i int) int { return skipValue(b, i) }

// eachItem walks the object or array b (open and close its brackets):
// item reads the item starting at b[i] (not space) and answers where it
// ends; its error stops the walk.
func eachItem(b []byte, open, close byte, item func(i int) (int, error)) error {
	_, err := eachItemEnd(b, open, close, item)
	return err
}

// eachItemEnd is eachItem answering where the object or array ends.
func eachItemEnd(b []byte, open, close byte, item func(i int) (int, error)) (int, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != open {
		return 0, ErrSyntax
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == close {
		return i + 1, nil
	}
	for i < len(b) {
		end, err := item(i)
		if err != nil {
			return 0, err
		}
		if i = skipSpace(b, end); i >= len(b) {
			return 0, ErrSyntax
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case close:
			return i + 1, nil
		default:
			return 0, ErrSyntax
		}
	}
	return 0, ErrSyntax
}

// MemberRun appends to out the members of b, a run of members each after
// a comma (`,"a":1,"b":[2]`: part of an object's JSON), and reports
// whether b was only such members.
func MemberRun(out []Member, b []byte) ([]Member, bool) {
	i := skipSpace(b, 0)
	for i < len(b) {
		if b[i] != ',' {
			return out, false
		}
		i = skipSpace(b, i+1)
		if i >= len(b) || b[i] != '"' {
			return out, false
		}
		end := skipString(b, i)
		if end < 0 {
			return out, false
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return out, false
		}
		i = skipSpace(b, i+1)
		end = skipValue(b, i)
		if end < 0 {
			return out, false
		}
		out = append(out, Member{Key: key, Val: b[i:end]})
		i = skipSpace(b, end)
	}
	return out, true
}

// structural classes the bytes skipValue stops at inside an object or an
// array: 1 opens, 2 closes, 3 starts a string, 0 is the rest.
var structural = [256]uint8{'{': 1, '[': 1, '}': 2, ']': 2, '"': 3}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue is the index just after the JSON value starting at b[i], or
// -1 if there is none. It is no validator: it reads the server's own JSON
// (an object or array ends at the bracket that closes its depth, of
// either kind), as fast as it can, every push being split so.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		// One pass over the bytes, stopping only at brackets and quotes
		// (a table says which), a string's body read in line: most of a
		// push's strings are short keys (issue 14, ninth pass: twice
		// as fast as finding each closing quote with bytes.IndexByte).
		depth := 0
		for j := i; j < len(b); j++ {
			switch structural[b[j]] {
			case 0:
			case 1: // '{', '['
				depth++
			case 2: // '}', ']'
				depth--
				if depth == 0 {
					return j + 1
				}
			case 3: // '"': to the closing quote, an escape's byte skipped
				for j++; j < len(b) && b[j] != '"'; j++ {
					if b[j] == '\\' {
						j++
					}
				}
				if j >= len(b) {
					return -1
				}
			}
		}
		return -1
	default: // a number, true, false, null
		j := i
		for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ':' && b[j] != '"' && b[j] != '[' && b[j] != '{' && b[j] > ' ' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}

// skipString is the index just after the JSON string starting at b[i]
// (a quote), or -1.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		j += k
		// Escaped if an odd number of backslashes precede it.
		n := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return j + 1
		}
		j++
	}
	return -1
}

// Lookup is the value of key among fs (hint: the index to try first),
// and its index.
func Lookup(fs []Member, key []byte, hint int) ([]byte, int, bool) {
	if hint >= 0 && hint < len(fs) && bytes.Equal(fs[hint].Key, key) {
		return fs[hint].Val, hint, true
	}
	for i := range fs {
		if bytes.Equal(fs[i].Key, key) {
			return fs[i].Val, i, true
		}
	}
	return nil, -1, false
}
