package scenario

// This file is the lossless JSON layer under the raw model: every object of a
// .m44 file is read member by member, in order. Members the model knows are
// decoded into typed fields; every member is also kept verbatim, so that
// writing a file back gives the same JSON (same members, same values, same
// order) unless a typed field was changed. Values of the wrong JSON type never
// abort a read: they are kept verbatim and recorded as a Problem, which
// conversion reports as an error naming the field.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Problem is a value of a known member that could not be decoded (wrong JSON
// type, not an integer, …). The value is kept verbatim.
type Problem struct {
	Path string // JSON path, e.g. "board.hexagons[3].unit.nbr_units"
	Msg  string
	// Hexagon is the index in board.hexagons of the hexagon the member
	// belongs to, or -1.
	Hexagon int
}

// object is the bookkeeping every model node carries.
type object struct {
	keys  []string                   // member names in input order (first occurrence)
	raw   map[string]json.RawMessage // every member as read (the last occurrence wins, as in encoding/json)
	seen  map[string]any             // known scalar members: their value as decoded at read time
	ok    map[string]bool            // known members decoded into their typed field
	whole json.RawMessage            // the value read, when it was not a JSON object
}

// field ties a member name to the typed Go field holding it. ptr is one of
// *string, *int, *bool, *[]string, *json.RawMessage, a pointer to a pointer
// to a node, or a pointer to a slice of nodes.
type field struct {
	key string
	ptr any
}

// node is a model type backed by a JSON object.
type node interface {
	fields() []field
	object() *object
}

// has reports whether the member was present and decoded into its field
// (absent, null and ill-typed members are not).
func (o *object) has(key string) bool { return o.ok[key] }

// unknown lists the members that the node does not model, in input order.
func (o *object) unknown(n node) []string {
	known := map[string]bool{}
	for _, f := range n.fields() {
		known[f.key] = true
	}
	var out []string
	for _, k := range o.keys {
		if !known[k] {
			out = append(out, k)
		}
	}
	return out
}

// decoder collects problems while reading a file.
type decoder struct {
	problems []Problem
	hexagon  int // index of the hexagon being read, or -1
}

func (d *decoder) problem(path, format string, args ...any) {
	d.problems = append(d.problems, Problem{Path: path, Msg: fmt.Sprintf(format, args...), Hexagon: d.hexagon})
}

// jsonKind names the JSON type of a raw value for messages.
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string " + clip(string(raw), 40)
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "the number " + clip(string(raw), 40)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func isNull(raw json.RawMessage) bool {
	return string(bytes.TrimSpace(raw)) == "null"
}

// members splits a JSON object into its members, in order. ok is false when
// raw is not an object.
func members(raw json.RawMessage) (keys []string, vals map[string]json.RawMessage, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		return nil, nil, false
	}
	vals = map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		k, isKey := t.(string)
		if !isKey {
			return nil, nil, false
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, false
		}
		if _, dup := vals[k]; !dup {
			keys = append(keys, k)
		}
		vals[k] = v
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return nil, nil, false
	}
	return keys, vals, true
}

// decodeNode reads raw into n.
func (d *decoder) decodeNode(n node, raw json.RawMessage, path string) {
	o := n.object()
	keys, vals, ok := members(raw)
	if !ok {
		o.whole = slices.Clone(raw)
		d.problem(path, "want an object, got %s", jsonKind(raw))
		return
	}
	o.keys, o.raw = keys, vals
	o.seen, o.ok = map[string]any{}, map[string]bool{}
	for _, f := range n.fields() {
		v, present := vals[f.key]
		if !present {
			continue
		}
		p := join(path, f.key)
		switch ptr := f.ptr.(type) {
		case *string:
			o.seen[f.key] = ""
			if isNull(v) {
				continue
			}
			if err := json.Unmarshal(v, ptr); err != nil {
				d.problem(p, "want a string, got %s", jsonKind(v))
				continue
			}
			o.seen[f.key], o.ok[f.key] = *ptr, true
		case *int:
			o.seen[f.key] = 0
			if isNull(v) {
				continue
			}
			i, err := intValue(v)
			if err != nil {
				d.problem(p, "%v", err)
				continue
			}
			*ptr = i
			o.seen[f.key], o.ok[f.key] = i, true
		case *bool:
			o.seen[f.key] = false
			if isNull(v) {
				continue
			}
			if err := json.Unmarshal(v, ptr); err != nil {
				d.problem(p, "want true or false, got %s", jsonKind(v))
				continue
			}
			o.seen[f.key], o.ok[f.key] = *ptr, true
		case *[]string:
			o.seen[f.key] = []string(nil)
			if isNull(v) {
				continue
			}
			var s []string
			if err := json.Unmarshal(v, &s); err != nil {
				d.problem(p, "want an array of strings, got %s", jsonKind(v))
				continue
			}
			*ptr = s
			o.seen[f.key], o.ok[f.key] = slices.Clone(s), true
		case *json.RawMessage:
			if isNull(v) {
				continue
			}
			*ptr = slices.Clone(v)
			o.ok[f.key] = true
		default:
			if isNull(v) {
				continue
			}
			if d.decodeNested(reflect.ValueOf(ptr).Elem(), v, p) {
				o.ok[f.key] = true
			}
		}
	}
}

// decodeNested reads a nested node (*T) or a slice of nodes ([]T) into dst.
func (d *decoder) decodeNested(dst reflect.Value, raw json.RawMessage, path string) bool {
	switch dst.Kind() {
	case reflect.Pointer:
		nv := reflect.New(dst.Type().Elem())
		d.decodeNode(nv.Interface().(node), raw, path)
		dst.Set(nv)
		return true
	case reflect.Slice:
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			d.problem(path, "want an array, got %s", jsonKind(raw))
			return false
		}
		isHexagons := dst.Type().Elem() == reflect.TypeFor[Hexagon]()
		s := reflect.MakeSlice(dst.Type(), len(elems), len(elems))
		for i, e := range elems {
			if isHexagons {
				d.hexagon = i
			}
			d.decodeNode(s.Index(i).Addr().Interface().(node), e, fmt.Sprintf("%s[%d]", path, i))
		}
		if isHexagons {
			d.hexagon = -1
		}
		dst.Set(s)
		return true
	}
	panic(fmt.Sprintf("scenario: unsupported field type %s", dst.Type()))
}

// intValue reads an integer written as a JSON number or as a string holding
// one (both occur in real files: "cards_player1": "4").
func intValue(raw json.RawMessage) (int, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, fmt.Errorf("want an integer, got %s", jsonKind(raw))
		}
		i, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || i < -1_000_000 || i > 1_000_000 {
			return 0, fmt.Errorf("want an integer, got the string %q", clip(s, 40))
		}
		return i, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fmt.Errorf("want an integer, got %s", jsonKind(raw))
	}
	i, err := strconv.Atoi(n.String())
	if err != nil || i < -1_000_000 || i > 1_000_000 {
		return 0, fmt.Errorf("want an integer, got %s", clip(n.String(), 40))
	}
	return i, nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// encodeNode appends n as JSON (compact apart from whitespace kept inside
// verbatim values).
func encodeNode(buf *bytes.Buffer, n node) error {
	o := n.object()
	if o.whole != nil {
		buf.Write(o.whole)
		return nil
	}
	fs := n.fields()
	byKey := make(map[string]field, len(fs))
	for _, f := range fs {
		byKey[f.key] = f
	}
	buf.WriteByte('{')
	first := true
	sep := func(key string) {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		writeString(buf, key)
		buf.WriteByte(':')
	}
	done := map[string]bool{}
	for _, k := range o.keys {
		done[k] = true
		f, known := byKey[k]
		if !known {
			sep(k)
			buf.Write(o.raw[k])
			continue
		}
		val, isZero, scalar := fieldValue(f)
		switch {
		case scalar:
			sep(k)
			if seen, ok := o.seen[k]; ok && equalValue(seen, val) {
				buf.Write(o.raw[k])
			} else if err := writeValue(buf, val); err != nil {
				return err
			}
		case !isZero:
			sep(k)
			if err := writeField(buf, f); err != nil {
				return err
			}
		case !o.ok[k]:
			// null or ill-typed: written back as read.
			sep(k)
			buf.Write(o.raw[k])
		}
		// A decoded node or raw member set to nil since: dropped.
	}
	for _, f := range fs {
		if done[f.key] {
			continue
		}
		if _, isZero, _ := fieldValue(f); isZero {
			continue
		}
		sep(f.key)
		if err := writeField(buf, f); err != nil {
			return err
		}
	}
	buf.WriteByte('}')
	return nil
}

// fieldValue returns the current value of a field, whether it is the zero
// value, and whether it is a scalar (compared with the value read).
func fieldValue(f field) (val any, isZero, scalar bool) {
	switch p := f.ptr.(type) {
	case *string:
		return *p, *p == "", true
	case *int:
		return *p, *p == 0, true
	case *bool:
		return *p, !*p, true
	case *[]string:
		return *p, *p == nil, true
	case *json.RawMessage:
		return *p, *p == nil, false
	}
	v := reflect.ValueOf(f.ptr).Elem()
	return v.Interface(), v.IsNil(), false
}

func equalValue(a, b any) bool {
	if as, ok := a.([]string); ok {
		bs, ok := b.([]string)
		return ok && slices.Equal(as, bs) && (as == nil) == (bs == nil)
	}
	return a == b
}

func writeField(buf *bytes.Buffer, f field) error {
	switch p := f.ptr.(type) {
	case *json.RawMessage:
		buf.Write(*p)
		return nil
	case *string, *int, *bool, *[]string:
		v, _, _ := fieldValue(f)
		return writeValue(buf, v)
	}
	return writeNested(buf, reflect.ValueOf(f.ptr).Elem())
}

func writeNested(buf *bytes.Buffer, v reflect.Value) error {
	switch v.Kind() {
	case reflect.Pointer:
		return encodeNode(buf, v.Interface().(node))
	case reflect.Slice:
		buf.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := encodeNode(buf, v.Index(i).Addr().Interface().(node)); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
		return nil
	}
	return fmt.Errorf("scenario: cannot encode %s", v.Type())
}

// writeValue writes a scalar without HTML escaping (scenario texts hold
// markup that should stay readable).
func writeValue(buf *bytes.Buffer, v any) error {
	if s, ok := v.([]string); ok && s == nil {
		buf.WriteString("[]")
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Write(bytes.TrimRight(b.Bytes(), "\n"))
	return nil
}

func writeString(buf *bytes.Buffer, s string) {
	_ = writeValue(buf, s) // strings always encode
}
