package main

import (
	"flag"
	"fmt"
	"io"

	"m44/protocol"
)

// runEngine is "m44 engine": the JSON-lines engine protocol on stdin and
// stdout (docs/protocol.md). It returns when the input ends or on "quit".
func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	maxLine := fs.Int("max-line", protocol.DefaultMaxLine, "longest request line in bytes")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: m44 engine [-max-line N]\n\n"+
			"Reads one JSON request per line on stdin and writes one JSON reply per line on stdout.\n"+
			"See docs/protocol.md. Try: {\"cmd\":\"hello\"}\n\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *maxLine <= 0 {
		fmt.Fprintf(stderr, "m44 engine: -max-line must be positive\n")
		return 2
	}
	s := protocol.NewSession()
	s.MaxLine = *maxLine
	if err := s.Serve(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "m44 engine: %v\n", err)
		return 1
	}
	return 0
}
