package match

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// A WebSocket push carries what changed since the message the socket last
// received (docs/web-api.md, "Update and delta"): the log's entries after
// that version and the snapshot's fields whose JSON changed — the view's
// own fields one by one, since its board's terrain seldom changes while
// its units do. A whole snapshot goes on connection, when the socket is
// too far behind, and when the client asks for one.

// pushed is a snapshot as pushed to WebSockets: its JSON without the log
// (head, a whole object), and the spans of its fields. It is shared by the
// sockets that see the game alike, and never changed once made.
type pushed struct {
	version int
	head    []byte
	fields  []field
	view    []field // the view's own fields, split when a delta first needs them
	viewOK  bool    // view is split
}

// viewFields is the view's fields (nil if it has none or is no object);
// the caller holds the game's lock (a pushed is shared).
func (p *pushed) viewFields() []field {
	if !p.viewOK {
		if v, _, ok := lookup(p.fields, []byte(deltaView), -1); ok {
			p.view = splitObject(v)
		}
		p.viewOK = true
	}
	return p.view
}

// field is one member of a JSON object: its key (without quotes) and its
// value, both slices of the object's JSON.
type field struct {
	key, val []byte
}

func newPushed(version int, head []byte) *pushed {
	return &pushed{version: version, head: head, fields: splitObject(head)}
}

// splitObject is the members of the JSON object b, in order (nil if b is
// not an object: a delta then resends the whole value). The keys are
// taken as written, without unescaping: the server's keys are plain.
func splitObject(b []byte) []field {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil
	}
	var out []field
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return []field{}
	}
	for i < len(b) {
		if b[i] != '"' {
			return nil
		}
		end := skipValue(b, i)
		if end < 0 {
			return nil
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return nil
		}
		i = skipSpace(b, i+1)
		end = skipValue(b, i)
		if end < 0 {
			return nil
		}
		out = append(out, field{key: key, val: b[i:end]})
		i = skipSpace(b, end)
		if i >= len(b) {
			return nil
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return out
		default:
			return nil
		}
	}
	return nil
}

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
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			case '"':
				k := skipString(b, j)
				if k < 0 {
					return -1
				}
				j = k - 1
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

// lookup is the value of key among fs (hint: the index to try first),
// and its index.
func lookup(fs []field, key []byte, hint int) ([]byte, int, bool) {
	if hint >= 0 && hint < len(fs) && bytes.Equal(fs[hint].key, key) {
		return fs[hint].val, hint, true
	}
	for i := range fs {
		if bytes.Equal(fs[i].key, key) {
			return fs[i].val, i, true
		}
	}
	return nil, -1, false
}

// deltaView is the snapshot field whose own fields a delta gives one by
// one (merged into the client's copy) rather than whole.
const deltaView = "view"

// appendDelta appends the delta message that turns prev into cur, with
// events (the log's entries after prev's version, as the viewer sees them):
//
//	{"type":"delta","version":V,"base":B,"events":[…],"set":{…},"unset":[…]}
//
// set holds cur's fields that are new or changed, each whole but view,
// whose new or changed fields are merged into the client's view; unset
// names the fields gone ("view.x" for a field of the view). The log is
// never in set: events extend it.
func appendDelta(b []byte, prev, cur *pushed, events json.RawMessage) []byte {
	b = append(b, `{"type":"delta","version":`...)
	b = strconv.AppendInt(b, int64(cur.version), 10)
	b = append(b, `,"base":`...)
	b = strconv.AppendInt(b, int64(prev.version), 10)
	b = append(b, `,"events":`...)
	if events == nil {
		b = append(b, "[]"...)
	} else {
		b = append(b, events...)
	}
	b = append(b, `,"set":{`...)
	var unset [][]byte
	first := true
	member := func(key []byte) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, key...)
		b = append(b, `":`...)
	}
	for i, f := range cur.fields {
		old, _, ok := lookup(prev.fields, f.key, i)
		if ok && bytes.Equal(old, f.val) {
			continue
		}
		if ok && string(f.key) == deltaView {
			of, nf := prev.viewFields(), cur.viewFields()
			if of != nil && nf != nil {
				member(f.key)
				b = append(b, '{')
				vfirst := true
				for j, g := range nf {
					ov, _, ok := lookup(of, g.key, j)
					if ok && bytes.Equal(ov, g.val) {
						continue
					}
					if !vfirst {
						b = append(b, ',')
					}
					vfirst = false
					b = append(b, '"')
					b = append(b, g.key...)
					b = append(b, `":`...)
					b = append(b, g.val...)
				}
				b = append(b, '}')
				for j, g := range of {
					if _, _, ok := lookup(nf, g.key, j); !ok {
						unset = append(unset, append([]byte(deltaView+"."), g.key...))
					}
				}
				continue
			}
		}
		member(f.key)
		b = append(b, f.val...)
	}
	b = append(b, '}')
	for i, f := range prev.fields {
		if _, _, ok := lookup(cur.fields, f.key, i); !ok {
			unset = append(unset, f.key)
		}
	}
	if len(unset) > 0 {
		b = append(b, `,"unset":[`...)
		for i, k := range unset {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, k...)
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}
