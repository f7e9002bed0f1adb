package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"m44/hex"
)

// Issue is one finding about a file.
type Issue struct {
	// Hex is the hex concerned, or hex.None.
	Hex hex.Hex
	// Field is the JSON path of the member at fault, e.g.
	// "board.hexagons[12].terrain.name".
	Field string
	// Name is the .m44 name concerned, if any ("road", "blitz_rules").
	Name string
	// Feature is, for an unsupported issue, the engine feature that is
	// missing; coverage groups files by it.
	Feature string
	Msg     string
	// Count is how many findings this one stands for (the same feature on
	// several hexes, listed in Hexes); 0 for one.
	Count int
	Hexes []hex.Hex
	// Line and Column locate a JSON syntax error (1-based); 0 otherwise.
	Line, Column int
}

func (i Issue) String() string {
	var b strings.Builder
	if i.Hex != hex.None {
		fmt.Fprintf(&b, "hex %s: ", i.Hex)
	}
	if i.Field != "" {
		fmt.Fprintf(&b, "%s: ", i.Field)
	}
	b.WriteString(i.Msg)
	return b.String()
}

// MarshalJSON writes the hex as "row,col" (absent when there is none).
func (i Issue) MarshalJSON() ([]byte, error) {
	type out struct {
		Hex     string   `json:"hex,omitempty"`
		Field   string   `json:"field,omitempty"`
		Name    string   `json:"name,omitempty"`
		Feature string   `json:"feature,omitempty"`
		Msg     string   `json:"message"`
		Count   int      `json:"count,omitempty"`
		Hexes   []string `json:"hexes,omitempty"`
		Line    int      `json:"line,omitempty"`
		Column  int      `json:"column,omitempty"`
	}
	o := out{Field: i.Field, Name: i.Name, Feature: i.Feature, Msg: i.Msg, Count: i.Count, Line: i.Line, Column: i.Column}
	if i.Hex != hex.None {
		o.Hex = i.Hex.String()
	}
	for _, h := range i.Hexes {
		o.Hexes = append(o.Hexes, h.String())
	}
	return json.Marshal(o)
}

// Report is what the importer found in one file.
type Report struct {
	File string
	// Errors are fatal: the file contradicts itself or the rules, or holds a
	// name nobody knows. No setup is built.
	Errors []Issue
	// Unsupported are features the engine does not play yet; the setup is
	// built but would not play the scenario as written.
	Unsupported []Issue
	// Notes are remarks that do not block play.
	Notes []Issue
}

// Playable reports whether the file converts fully: no errors, nothing
// unsupported.
func (r *Report) Playable() bool { return len(r.Errors) == 0 && len(r.Unsupported) == 0 }

// Loaded reports whether the file converts without errors (perhaps with
// unsupported features).
func (r *Report) Loaded() bool { return len(r.Errors) == 0 }

// Features lists the distinct unsupported features, sorted.
func (r *Report) Features() []string {
	var out []string
	for _, i := range r.Unsupported {
		if !slices.Contains(out, i.Feature) {
			out = append(out, i.Feature)
		}
	}
	slices.Sort(out)
	return out
}

// Err is nil for a file without errors, else an error listing them.
func (r *Report) Err() error {
	if len(r.Errors) == 0 {
		return nil
	}
	msgs := make([]string, len(r.Errors))
	for i, e := range r.Errors {
		msgs[i] = r.File + ": " + e.String()
	}
	return errors.New(strings.Join(msgs, "\n"))
}

func (r *Report) errorf(h hex.Hex, field, format string, args ...any) {
	r.Errors = append(r.Errors, Issue{Hex: h, Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (r *Report) notef(h hex.Hex, field, format string, args ...any) {
	r.Notes = append(r.Notes, Issue{Hex: h, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// unsupported records that name (at field, on hex h) needs feature.
func (r *Report) unsupported(h hex.Hex, field, name, feature, detail string) {
	msg := fmt.Sprintf("%q: not supported yet: %s", name, feature)
	if detail != "" {
		msg += " (" + detail + ")"
	}
	r.Unsupported = append(r.Unsupported, Issue{Hex: h, Field: field, Name: name, Feature: feature, Msg: msg})
}

// Status is "OK", "UNSUPPORTED" or "ERROR".
func (r *Report) Status() string {
	switch {
	case len(r.Errors) > 0:
		return "ERROR"
	case len(r.Unsupported) > 0:
		return "UNSUPPORTED"
	}
	return "OK"
}

// WriteText writes the report for people: a status line, then one line per
// issue.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", r.File, r.Status())
	if fs := r.Features(); len(fs) > 0 && len(r.Errors) == 0 {
		fmt.Fprintf(&b, " (needs: %s)", strings.Join(fs, ", "))
	}
	b.WriteByte('\n')
	for _, i := range r.Errors {
		fmt.Fprintf(&b, "  error: %s\n", i)
	}
	for _, i := range r.Unsupported {
		fmt.Fprintf(&b, "  unsupported: %s\n", i)
	}
	for _, i := range r.Notes {
		fmt.Fprintf(&b, "  note: %s\n", i)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// MarshalJSON gives the machine form of the report.
func (r *Report) MarshalJSON() ([]byte, error) {
	type out struct {
		File        string   `json:"file"`
		Status      string   `json:"status"`
		Playable    bool     `json:"playable"`
		Features    []string `json:"features,omitempty"`
		Errors      []Issue  `json:"errors,omitempty"`
		Unsupported []Issue  `json:"unsupported,omitempty"`
		Notes       []Issue  `json:"notes,omitempty"`
	}
	return json.Marshal(out{r.File, r.Status(), r.Playable(), r.Features(), r.Errors, r.Unsupported, r.Notes})
}

// FileIssue is an issue with the whole file: no hex, no field.
func FileIssue(msg string) Issue { return Issue{Hex: hex.None, Msg: msg} }
