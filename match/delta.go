package match

import (
	"bytes"
	"encoding/json"
	"strconv"

	"m44/internal/jsonenc"
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
	fields  []jsonenc.Member
	view    []jsonenc.Member // the view's own fields, split when a delta first needs them
	viewOK  bool             // view is split
}

// viewFields is the view's fields (nil if it has none or is no object);
// the caller holds the game's lock (a pushed is shared).
func (p *pushed) viewFields() []jsonenc.Member {
	if !p.viewOK {
		if v, _, ok := jsonenc.Lookup(p.fields, []byte(deltaView), -1); ok {
			p.view = jsonenc.Members(v)
		}
		p.viewOK = true
	}
	return p.view
}

func newPushed(version int, head []byte) *pushed {
	return &pushed{version: version, head: head, fields: jsonenc.Members(head)}
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
		old, _, ok := jsonenc.Lookup(prev.fields, f.Key, i)
		if ok && bytes.Equal(old, f.Val) {
			continue
		}
		if ok && string(f.Key) == deltaView {
			of, nf := prev.viewFields(), cur.viewFields()
			if of != nil && nf != nil {
				member(f.Key)
				b = append(b, '{')
				vfirst := true
				for j, g := range nf {
					ov, _, ok := jsonenc.Lookup(of, g.Key, j)
					if ok && bytes.Equal(ov, g.Val) {
						continue
					}
					if !vfirst {
						b = append(b, ',')
					}
					vfirst = false
					b = append(b, '"')
					b = append(b, g.Key...)
					b = append(b, `":`...)
					b = append(b, g.Val...)
				}
				b = append(b, '}')
				for j, g := range of {
					if _, _, ok := jsonenc.Lookup(nf, g.Key, j); !ok {
						unset = append(unset, append([]byte(deltaView+"."), g.Key...))
					}
				}
				continue
			}
		}
		member(f.Key)
		b = append(b, f.Val...)
	}
	b = append(b, '}')
	for i, f := range prev.fields {
		if _, _, ok := jsonenc.Lookup(cur.fields, f.Key, i); !ok {
			unset = append(unset, f.Key)
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
