package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"time"

	"m44/internal/loadtest"
	"m44/web"
)

// runLoad is "m44 load": the load benchmark of issue 14. It plays N games
// at once through the public API, against --url or against a server it
// starts on loopback with a database of its own (SQLite in a temporary
// folder, or --db), and reports actions per second and the latency of the
// actions.
func runLoad(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := loadtest.Config{}
	url := fs.String("url", "", "the server to load (default: one started here on 127.0.0.1)")
	db := fs.String("db", "", "with no --url: the database of the server started here (default: SQLite in a temporary folder)")
	fs.IntVar(&cfg.Games, "games", 100, "games played at once")
	fs.DurationVar(&cfg.Duration, "duration", 20*time.Second, "how long to play")
	fs.StringVar(&cfg.Scenario, "scenario", "", "scenario id (default: the first of the built-in library)")
	seed := fs.Uint64("seed", 1, "seed of the games and of the players' choices")
	fs.DurationVar(&cfg.Think, "think", 0, "pause before each action")
	fs.Float64Var(&cfg.ThinkSpread, "think-spread", 0, "spread each pause uniformly over think×(1±F), as players' thinking varies (0: every pause is --think)")
	fs.BoolVar(&cfg.FullLog, "full-log", false, "read whole snapshots (the log's last 250 entries) rather than the entries since the version last read")
	fs.BoolVar(&cfg.WebSocket, "ws", false, "each seat follows its game over a WebSocket and acts when an update says it is to act (two players in two browsers), sending its actions on the socket, rather than reading snapshots and POSTing")
	fs.BoolVar(&cfg.WSPost, "ws-post", false, "with --ws: POST the actions (POST …/actions) rather than send them on the seat's WebSocket")
	fs.DurationVar(&cfg.Warmup, "warmup", 0, "also report the figures of the actions answered after this first part of the run (the games all start at once; the steady state comes after)")
	fs.BoolVar(&cfg.NoGzip, "no-gzip", false, "do not accept gzip-compressed replies (browsers do)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run (client and server) to this file")
	latLog := fs.String("latency-log", "", "write each action's answer time (s since the play started) and latency (ms) to this file, in time order")
	nice := fs.Int("nice", 0, "with --url: lower this client's scheduling priority by this much (1-19; Linux) so that a server on the same machine has the cores first, as a server whose players play from their own machines has them")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: m44 load [--games N] [--duration D] [--url http://host:port]\n\n"+
			"Plays N hot-seat games at once through the web API (random legal actions) and reports\n"+
			"actions per second and the latency of the actions (p50, p90, p99, max).\n"+
			"Send it only to a server of yours on this machine.\n\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	cfg.Seed = *seed
	if cfg.ThinkSpread < 0 || cfg.ThinkSpread > 1 {
		fmt.Fprintln(stderr, "m44 load: --think-spread must be between 0 and 1")
		return 2
	}
	if cfg.Warmup < 0 || cfg.Warmup >= cfg.Duration {
		fmt.Fprintln(stderr, "m44 load: --warmup must be shorter than --duration")
		return 2
	}
	if cfg.Games < 1 || cfg.Duration <= 0 {
		fmt.Fprintln(stderr, "m44 load: --games and --duration must be positive")
		return 2
	}
	if *nice != 0 {
		if *url == "" || *nice < 0 || *nice > 19 {
			fmt.Fprintln(stderr, "m44 load: --nice takes 1 to 19, with --url (a server started here would be slowed too)")
			return 2
		}
		if err := lowerPriority(*nice); err != nil {
			fmt.Fprintf(stderr, "m44 load: --nice: %v\n", err)
			return 1
		}
	}
	if cfg.Scenario == "" {
		cfg.Scenario = web.Library()[0].ID
	}
	ctx := context.Background()
	cfg.URL = *url
	if cfg.URL == "" {
		dir, err := os.MkdirTemp("", "m44-load-")
		if err != nil {
			fmt.Fprintf(stderr, "m44 load: %v\n", err)
			return 1
		}
		defer os.RemoveAll(dir)
		path := *db
		if path == "" {
			path = filepath.Join(dir, "m44.db")
		}
		st, closeStore, desc, err := openStore(ctx, path)
		if err != nil {
			fmt.Fprintf(stderr, "m44 load: %v\n", err)
			return 1
		}
		defer closeStore()
		limits := web.DefaultLimits()
		limits.Create, limits.Upload, limits.Action = web.Rate{}, web.Rate{}, web.Rate{}
		limits.SocketsPerGame, limits.SocketsPerClient = 0, 0
		srv, err := web.New(ctx, web.Options{Store: st, Library: web.Library(), Limits: &limits,
			Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
		if err != nil {
			fmt.Fprintf(stderr, "m44 load: %v\n", err)
			return 1
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintf(stderr, "m44 load: %v\n", err)
			return 1
		}
		sctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- web.Serve(sctx, ln, srv) }()
		defer func() { stop(); <-done }()
		cfg.URL = "http://" + ln.Addr().String()
		fmt.Fprintf(stdout, "server on %s, database %s, GOMAXPROCS %d\n", cfg.URL, desc, runtime.GOMAXPROCS(0))
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "m44 load: %v\n", err)
			return 1
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if *latLog != "" {
		f, err := os.Create(*latLog)
		if err != nil {
			fmt.Fprintf(stderr, "m44 load: %v\n", err)
			return 1
		}
		defer f.Close()
		cfg.LatencyLog = f
	}
	r, err := loadtest.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "m44 load: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, r)
	return 0
}
