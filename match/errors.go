package match

import (
	"errors"
	"fmt"

	"m44/scenario"
)

// Code is the machine-readable kind of an error (docs/web-api.md, "Errors").
// The web layer maps each code to one HTTP status.
type Code string

const (
	CodeBadRequest   Code = "bad_request"
	CodeUnauthorized Code = "unauthorized"
	CodeNotYourTurn  Code = "not_your_turn"
	CodeNotFound     Code = "not_found"
	CodeStale        Code = "stale"
	CodeUndoRefused  Code = "undo_refused"
	CodeNotOver      Code = "not_over"
	CodeIllegal      Code = "illegal_action"
	CodeBadScenario  Code = "bad_scenario"
	CodeTooLarge     Code = "too_large"
	// CodeRateLimited: the client asks too often, or holds too many
	// connections (HTTP 429); it may try again later.
	CodeRateLimited Code = "rate_limited"
	// CodeUnavailable: the game's server (another node on the same
	// database) does not answer, or the game is changing servers (HTTP
	// 503 with Retry-After); the client tries again.
	CodeUnavailable Code = "unavailable"
	CodeInternal    Code = "internal"
)

// Error is an error with a code and a message meant for the player.
type Error struct {
	Code     Code
	Msg      string
	Problems []scenario.Issue // bad_scenario: what is wrong with the file
	Err      error            // the cause, for the server's log (internal errors)
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Msg, e.Err)
	}
	return string(e.Code) + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf makes an error with a code.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// internal wraps an unexpected failure.
func internal(err error, what string) *Error {
	return &Error{Code: CodeInternal, Msg: what, Err: err}
}

// CodeOf is the code of err: an *Error's, or internal.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}
