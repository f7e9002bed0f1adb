// Package webpush sends Web Push messages (RFC 8030) with the standard
// library alone: the message encrypted for the browser as RFC 8291 says
// ("aes128gcm" content coding of RFC 8188, keys from an ECDH on P-256 and
// HKDF-SHA-256), and the server identified to the push service by a VAPID
// token (RFC 8292: a JWT signed with ES256).
package webpush

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// RecordSize is the record size written in the header of each message
// (RFC 8188 "rs"; RFC 8291 §4 allows a single record of up to 4096 bytes).
const RecordSize = 4096

// MaxPayload is the longest plaintext one message carries: a record of
// RecordSize less the AEAD tag (16) and the padding delimiter (1).
const MaxPayload = RecordSize - 16 - 1

const (
	saltLen   = 16
	authLen   = 16
	keyLen    = 65 // an uncompressed P-256 point
	headerLen = saltLen + 4 + 1 + keyLen
)

// B64 is the encoding of keys on the wire: URL-safe base64 without padding
// (PushSubscription.toJSON(), VAPID's "k").
var B64 = base64.RawURLEncoding

// DecodeKey reads a base64url key, with or without padding (a key in
// standard base64 is read too).
func DecodeKey(s string) ([]byte, error) {
	s = strings.NewReplacer("+", "-", "/", "_").Replace(strings.TrimRight(s, "="))
	return B64.DecodeString(s)
}

// CheckKeys checks a subscription's keys: p256dh a point of P-256 in
// uncompressed form (65 bytes), auth 16 bytes.
func CheckKeys(p256dh, auth []byte) error {
	if len(auth) != authLen {
		return fmt.Errorf("webpush: auth is %d bytes, want %d", len(auth), authLen)
	}
	if len(p256dh) != keyLen {
		return fmt.Errorf("webpush: p256dh is %d bytes, want %d (an uncompressed P-256 point)", len(p256dh), keyLen)
	}
	if _, err := ecdh.P256().NewPublicKey(p256dh); err != nil {
		return fmt.Errorf("webpush: p256dh is not a P-256 point: %w", err)
	}
	return nil
}

// Encrypt encrypts plaintext for the browser whose subscription keys are
// p256dh (its public key) and auth (its authentication secret), with a
// fresh key pair and salt (RFC 8291 §3): the body of the push request.
func Encrypt(plaintext, p256dh, auth []byte) ([]byte, error) {
	as, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, saltLen)
	rand.Read(salt)
	return encrypt(plaintext, p256dh, auth, salt, as)
}

// encrypt is Encrypt with the application server's key pair as and the
// salt given (RFC 8291's example fixes both).
func encrypt(plaintext, p256dh, auth, salt []byte, as *ecdh.PrivateKey) ([]byte, error) {
	if len(plaintext) > MaxPayload {
		return nil, fmt.Errorf("webpush: a payload of %d bytes, the most is %d", len(plaintext), MaxPayload)
	}
	if err := CheckKeys(p256dh, auth); err != nil {
		return nil, err
	}
	ua, _ := ecdh.P256().NewPublicKey(p256dh)
	asPublic := as.PublicKey().Bytes()
	gcm, nonce, err := contentKeys(as, ua, p256dh, asPublic, auth, salt)
	if err != nil {
		return nil, err
	}
	// One record: the plaintext, then the delimiter of the last record
	// (0x02) and no padding (RFC 8188 §2, RFC 8291 §4).
	rec := append(append(make([]byte, 0, len(plaintext)+1), plaintext...), 2)
	var out bytes.Buffer
	out.Grow(headerLen + len(rec) + gcm.Overhead())
	out.Write(salt)
	binary.Write(&out, binary.BigEndian, uint32(RecordSize))
	out.WriteByte(keyLen)
	out.Write(asPublic)
	return gcm.Seal(out.Bytes(), nonce, rec, nil), nil
}

// contentKeys derives the content encryption key and nonce (RFC 8291
// §3.3-3.4, RFC 8188 §2.2-2.3) from the ECDH of priv with pub, where
// uaPublic and asPublic are the browser's and the server's public keys.
func contentKeys(priv *ecdh.PrivateKey, pub *ecdh.PublicKey, uaPublic, asPublic, auth, salt []byte) (cipher.AEAD, []byte, error) {
	shared, err := priv.ECDH(pub)
	if err != nil {
		return nil, nil, err
	}
	// key_info = "WebPush: info" || 0x00 || ua_public || as_public
	keyInfo := append(append([]byte("WebPush: info\x00"), uaPublic...), asPublic...)
	ikm, err := hkdf.Key(sha256.New, shared, auth, string(keyInfo), 32)
	if err != nil {
		return nil, nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, nil, err
	}
	return gcm, nonce, nil
}

// Decrypt is the browser's side of Encrypt: the plaintext of a push
// message body for the subscription whose private key is ua and
// authentication secret auth. (A push service never decrypts; tests and
// fake push services do.)
func Decrypt(body []byte, ua *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < headerLen {
		return nil, errors.New("webpush: a body shorter than its header")
	}
	salt, rs, idlen := body[:saltLen], binary.BigEndian.Uint32(body[saltLen:]), int(body[saltLen+4])
	if idlen != keyLen || rs < 18 {
		return nil, fmt.Errorf("webpush: header with a key id of %d bytes and a record size of %d", idlen, rs)
	}
	asPublic := body[saltLen+5 : headerLen]
	as, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, fmt.Errorf("webpush: the sender's key: %w", err)
	}
	rec := body[headerLen:]
	if len(rec) > int(rs) {
		return nil, errors.New("webpush: more than one record")
	}
	gcm, nonce, err := contentKeys(ua, as, ua.PublicKey().Bytes(), asPublic, auth, salt)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, rec, nil)
	if err != nil {
		return nil, fmt.Errorf("webpush: cannot decrypt: %w", err)
	}
	// Strip the padding: zeros after the delimiter 0x02 of the last record.
	i := len(plain) - 1
	for i >= 0 && plain[i] == 0 {
		i--
	}
	if i < 0 || plain[i] != 2 {
		return nil, errors.New("webpush: no last-record delimiter")
	}
	return plain[:i], nil
}
