// Command m44 is Memoir '44 in one binary: the engine protocol for programs,
// and tools for scenario designers.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

const usage = `usage: m44 <command> [arguments]

commands:
  engine      drive the rules engine with JSON lines on stdin/stdout (docs/protocol.md)
  validate    check .m44 scenario files and report what the engine cannot play
  serve       play in the browser: the game server and its client (docs/web-api.md)
  sim         play bots against each other on scenarios: win rates, margins, speed (docs/bots.md)
  load        the server's load benchmark: N games at once through the web API, actions/s and latency
  render      draw a scenario as an SVG or PNG picture (m44 render FILE|ID -o board.png)
  scenarios   list the built-in scenarios (--json for programs)
  catalog     print the rules catalog: terrain, features, units, cards (m44 catalog [--json] [FILE.m44])
  version     print the module version, Go version and git revision of this binary (--json)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "engine":
		return runEngine(args[1:], stdin, stdout, stderr)
	case "validate":
		return runValidate(args[1:], stdout, stderr)
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "sim":
		return runSim(args[1:], stdout, stderr)
	case "load":
		return runLoad(args[1:], stdout, stderr)
	case "render":
		return runRender(args[1:], stdout, stderr)
	case "scenarios":
		return runScenarios(args[1:], stdout, stderr)
	case "catalog":
		return runCatalog(args[1:], stdout, stderr)
	case "version", "--version":
		return runVersion(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "m44: unknown command %q\n\n%s", args[0], usage)
	return 2
}

// parseFlags parses a command's flags and refuses stray arguments; ok is
// false when the command must stop with code (0 after --help, 2 on bad usage).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "m44 %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}

// parseWithNames parses flags that may come before, between or after the
// names (files, ids) a command takes, and returns the names; ok is false
// when the command must stop with code (0 after --help, 2 on bad flags).
func parseWithNames(fs *flag.FlagSet, args []string) (names []string, code int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, 0, false
			}
			return nil, 2, false
		}
		if fs.NArg() == 0 {
			return names, 0, true
		}
		names = append(names, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
