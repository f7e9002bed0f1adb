package web

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"m44/match"
	"m44/scenario"
)

// statusOf maps an error code to its HTTP status (docs/web-api.md,
// "Errors"). It is the one place where this is decided.
func statusOf(code match.Code) int {
	switch code {
	case match.CodeBadRequest:
		return http.StatusBadRequest
	case match.CodeUnauthorized, match.CodeNotYourTurn:
		return http.StatusForbidden
	case match.CodeNotFound:
		return http.StatusNotFound
	case match.CodeStale, match.CodeUndoRefused, match.CodeNotOver:
		return http.StatusConflict
	case match.CodeIllegal, match.CodeBadScenario:
		return http.StatusUnprocessableEntity
	case match.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case match.CodeRateLimited:
		return http.StatusTooManyRequests
	case match.CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	if st := accountStatus(code); st != 0 {
		return st
	}
	return http.StatusInternalServerError
}

type errorBody struct {
	Error errorJSON `json:"error"`
}

type errorJSON struct {
	Code     match.Code       `json:"code"`
	Message  string           `json:"message"`
	Problems []scenario.Issue `json:"problems,omitempty"`
}

// writeError writes err as {"error":{"code","message"}} with its status.
// Internal errors are logged and their details kept from the client.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *match.Error
	var away *match.Elsewhere
	if errors.As(err, &away) {
		// A game another node owns, asked of by a path that does not
		// forward: the client tries again.
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter(s.opts.ClusterTTL)))
		e = match.Errorf(match.CodeUnavailable, "the game is served by another server: try again")
	}
	if e == nil && !errors.As(err, &e) {
		e = &match.Error{Code: match.CodeInternal, Msg: "internal error", Err: err}
	}
	status := statusOf(e.Code)
	body := errorJSON{Code: e.Code, Message: e.Msg, Problems: e.Problems}
	if e.Code == match.CodeBadScenario && body.Problems == nil {
		body.Problems = []scenario.Issue{}
	}
	if status == http.StatusInternalServerError {
		s.logFor(r).Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, errorBody{body})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		slog.Error("cannot encode a reply", "err", err)
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"cannot encode the reply"}}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte{'\n'})
}
