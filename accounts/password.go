// Package accounts holds what optional player accounts need beyond the
// store (issue 13): password hashes (argon2id, golang.org/x/crypto) and a
// limiter of sign-in attempts.
package accounts

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's costs. Default follows the OWASP password storage
// cheat sheet's argon2id line (19 MiB, 2 passes, 1 lane).
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// Default is the cost new passwords are hashed at.
var Default = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

const saltLen, keyLen = 16, 32

var b64 = base64.RawStdEncoding

// Hash is password's argon2id hash in the PHC string form
// ($argon2id$v=19$m=19456,t=2,p=1$salt$key), with a fresh random salt.
func Hash(password string, p Params) string {
	salt := make([]byte, saltLen)
	rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// ErrBadHash is a stored hash that is not an argon2id PHC string.
var ErrBadHash = errors.New("accounts: not an argon2id hash")

// Check reports whether password matches the hash (in constant time).
func Check(password, hash string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrBadHash
	}
	var v int
	var p Params
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, ErrBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 || p.Memory > 1<<21 {
		return false, ErrBadHash
	}
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false, ErrBadHash
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// Name and password limits.
const (
	MinName, MaxName         = 2, 24
	MinPassword, MaxPassword = 8, 128
)

// CheckName says what is wrong with an account name ("" if nothing): 2 to
// 24 letters, digits, spaces, '-', '_' or '.', not starting or ending with
// a space.
func CheckName(name string) string {
	n := utf8.RuneCountInString(name)
	if n < MinName || n > MaxName {
		return fmt.Sprintf("a name has %d to %d characters", MinName, MaxName)
	}
	if strings.TrimSpace(name) != name {
		return "a name does not start or end with a space"
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -_.", r) {
			return fmt.Sprintf("a name has letters, digits, spaces, '-', '_' and '.' only, not %q", r)
		}
	}
	return ""
}

// CheckPassword says what is wrong with a new password ("" if nothing).
func CheckPassword(pw string) string {
	if n := utf8.RuneCountInString(pw); n < MinPassword || len(pw) > MaxPassword {
		return fmt.Sprintf("a password has %d to %d characters", MinPassword, MaxPassword)
	}
	return ""
}
