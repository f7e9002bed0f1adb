package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	kgzip "github.com/klauspost/compress/gzip"
)

// The browser client, built into the binary. Its files are the client's own
// (web/static/); the server only serves them.
//
//go:embed all:static
var staticFiles embed.FS

func staticFS() fs.FS {
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err)
	}
	return sub
}

// statics serves the client's files with an ETag (a hash of the content)
// and "Cache-Control: no-cache", so that a browser with the files keeps
// them and only asks whether they changed (304 Not Modified), and
// gzip-compressed to a browser that accepts it. Each file is read and
// compressed once.
type statics struct {
	fsys  fs.FS
	mu    sync.Mutex
	files map[string]*staticFile
}

type staticFile struct {
	data, gz []byte // gz is nil when compressing does not pay
	etag     string
	ctype    string
}

func newStatics(fsys fs.FS) *statics { return &statics{fsys: fsys, files: map[string]*staticFile{}} }

// get reads (once) the file name; fs.ErrNotExist for none or a folder.
func (s *statics) get(name string) (*staticFile, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.files[name]; ok {
		return f, nil
	}
	st, err := fs.Stat(s.fsys, name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fs.ErrNotExist
	}
	data, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	f := &staticFile{data: data, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, ctype: mime.TypeByExtension(path.Ext(name))}
	if f.ctype == "" {
		f.ctype = http.DetectContentType(data)
	}
	if len(data) > 512 {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		if b.Len() < len(data)*9/10 {
			f.gz = b.Bytes()
		}
	}
	s.files[name] = f
	return f, nil
}

// serve writes file name (the client's index.html for a page).
func (s *statics) serve(w http.ResponseWriter, r *http.Request, name string) {
	f, err := s.get(name)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "cannot read the file", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("ETag", f.etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", f.ctype)
	body := f.data
	if f.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// files serves the client's files by URL path ("/" is index.html).
func (s *statics) filesHandler(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	s.serve(w, r, name)
}

// servePage serves the client's index.html: the pages of the client
// (/play/{game}) are all the one page.
func (s *statics) servePage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.get("index.html"); err != nil {
		http.Error(w, "the browser client is not built into this server", http.StatusNotFound)
		return
	}
	s.serve(w, r, "index.html")
}

func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(enc), "gzip") {
			continue
		}
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			v, err := strconv.ParseFloat(q, 64)
			return err == nil && v > 0
		}
		return true
	}
	return false
}

// writeJSONGzip is writeJSON for a reply that may be large (a snapshot with
// its log, a catalog, a board's SVG): gzip-compressed when the client
// accepts it and the body is over 1 KiB. A value with an AppendJSON method
// (a snapshot) is encoded by it.
func writeJSONGzip(w http.ResponseWriter, r *http.Request, status int, v any) {
	bp := replyBufs.Get().(*[]byte)
	defer putReplyBuf(bp)
	var err error
	if a, ok := v.(interface{ AppendJSON([]byte) ([]byte, error) }); ok {
		*bp, err = a.AppendJSON((*bp)[:0])
	} else {
		var b []byte
		b, err = json.Marshal(v)
		*bp = append((*bp)[:0], b...)
	}
	if err != nil {
		writeJSON(w, status, v) // answers the error
		return
	}
	writeEncodedJSON(w, r, status, *bp)
}

// replyBufs and gzipWriters are reused from one reply to the next: a
// snapshot is tens of KiB, and a new gzip writer allocates hundreds. The
// replies are compressed with klauspost/compress, which writes the same
// format as compress/gzip about three times as fast at its fastest level
// (a snapshot is compressed for every action; issue 14).
var (
	replyBufs   = sync.Pool{New: func() any { return new([]byte) }}
	gzipWriters = sync.Pool{New: func() any {
		zw, _ := kgzip.NewWriterLevel(io.Discard, kgzip.BestSpeed)
		return zw
	}}
)

func putReplyBuf(bp *[]byte) {
	if cap(*bp) <= 1<<20 { // a rare huge reply is not kept
		*bp = (*bp)[:0]
		replyBufs.Put(bp)
	}
}

// writeEncodedJSON writes the JSON b (and a newline), gzip-compressed when
// the client accepts it and b is over 1 KiB.
func writeEncodedJSON(w http.ResponseWriter, r *http.Request, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if len(b) < 1024 || !acceptsGzip(r) {
		w.WriteHeader(status)
		w.Write(b)
		w.Write([]byte{'\n'})
		return
	}
	zp := replyBufs.Get().(*[]byte)
	defer putReplyBuf(zp)
	z := bytes.NewBuffer((*zp)[:0])
	zw := gzipWriters.Get().(*kgzip.Writer)
	zw.Reset(z)
	zw.Write(b)
	zw.Write([]byte{'\n'})
	zw.Close()
	zw.Reset(io.Discard) // holds no reference to z's bytes in the pool
	gzipWriters.Put(zw)
	*zp = z.Bytes()
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Length", strconv.Itoa(z.Len()))
	w.WriteHeader(status)
	w.Write(z.Bytes())
}
