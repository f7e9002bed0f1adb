package web

import (
	"embed"
	"io/fs"
	"net/http"
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

// servePage serves the client's index.html: the pages of the client
// (/play/{game}) are all the one page.
func servePage(files fs.FS) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := fs.ReadFile(files, "index.html")
		if err != nil {
			http.Error(w, "the browser client is not built into this server", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(b)
	}
}
