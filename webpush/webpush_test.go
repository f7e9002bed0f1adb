package webpush

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// RFC 8291 §5 "Push Message Encryption Example" (its intermediate values
// in Appendix A): the browser's and the application server's key pairs,
// the authentication secret and the salt fixed, the message "When I grow
// up, I want to be a watermelon" encrypts to exactly this body (one record
// of size 4096, no padding).
var rfc8291 = struct {
	plaintext, asPrivate, asPublic, uaPrivate, uaPublic, auth, salt, body string
}{
	plaintext: "When I grow up, I want to be a watermelon",
	asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
	asPublic:  "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
	uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
	uaPublic:  "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
	auth:      "BTBZMqHH6r4Tts7J_aSIgg",
	salt:      "DGv6ra1nlYgDCS1FRnbzlw",
	body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_" +
		"yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
}

func mustKey(t *testing.T, s string) []byte {
	t.Helper()
	b, err := DecodeKey(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRFC8291Example(t *testing.T) {
	v := rfc8291
	as, err := ecdh.P256().NewPrivateKey(mustKey(t, v.asPrivate))
	if err != nil {
		t.Fatal(err)
	}
	if got := B64.EncodeToString(as.PublicKey().Bytes()); got != v.asPublic {
		t.Fatalf("the server's public key %s, want %s", got, v.asPublic)
	}
	body, err := encrypt([]byte(v.plaintext), mustKey(t, v.uaPublic), mustKey(t, v.auth), mustKey(t, v.salt), as)
	if err != nil {
		t.Fatal(err)
	}
	if got := B64.EncodeToString(body); got != v.body {
		t.Fatalf("encrypted body\n%s\nwant the RFC's\n%s", got, v.body)
	}
	// The browser's side reads the RFC's body back.
	ua, err := ecdh.P256().NewPrivateKey(mustKey(t, v.uaPrivate))
	if err != nil {
		t.Fatal(err)
	}
	if B64.EncodeToString(ua.PublicKey().Bytes()) != v.uaPublic {
		t.Fatal("the browser's key pair does not match")
	}
	plain, err := Decrypt(mustKey(t, v.body), ua, mustKey(t, v.auth))
	if err != nil || string(plain) != v.plaintext {
		t.Fatalf("decrypted %q, %v", plain, err)
	}
	// A byte changed, or another authentication secret: refused.
	bad := mustKey(t, v.body)
	bad[len(bad)-20] ^= 1
	if _, err := Decrypt(bad, ua, mustKey(t, v.auth)); err == nil {
		t.Fatal("a changed body decrypts")
	}
	if _, err := Decrypt(mustKey(t, v.body), ua, make([]byte, 16)); err == nil {
		t.Fatal("another auth secret decrypts")
	}
}

// A fresh encryption (a new key pair and salt each time) round-trips and
// differs each time; bad keys and an oversized payload are refused.
func TestEncryptRoundTripAndRefusals(t *testing.T) {
	ua, _ := ecdh.P256().GenerateKey(nil)
	auth := bytes.Repeat([]byte{7}, 16)
	msg := []byte(`{"game":"abc","seat":"axis"}`)
	a, err := Encrypt(msg, ua.PublicKey().Bytes(), auth)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Encrypt(msg, ua.PublicKey().Bytes(), auth)
	if bytes.Equal(a, b) {
		t.Fatal("two encryptions are the same bytes")
	}
	for _, body := range [][]byte{a, b} {
		if got, err := Decrypt(body, ua, auth); err != nil || !bytes.Equal(got, msg) {
			t.Fatalf("round trip %q, %v", got, err)
		}
	}
	if _, err := Encrypt(make([]byte, MaxPayload), ua.PublicKey().Bytes(), auth); err != nil {
		t.Fatalf("the largest payload: %v", err)
	}
	if _, err := Encrypt(make([]byte, MaxPayload+1), ua.PublicKey().Bytes(), auth); err == nil {
		t.Fatal("a payload over one record is accepted")
	}
	bad := ua.PublicKey().Bytes()
	bad[40] ^= 1 // no longer on the curve
	for _, k := range []struct{ p, a []byte }{{bad, auth}, {ua.PublicKey().Bytes()[:33], auth}, {ua.PublicKey().Bytes(), auth[:8]}} {
		if _, err := Encrypt(msg, k.p, k.a); err == nil {
			t.Fatalf("keys %x / %x accepted", k.p, k.a)
		}
	}
}

// verifyVAPID checks an Authorization header as a push service does (RFC
// 8292 §2-3) and returns its claims.
func verifyVAPID(t *testing.T, header string, now time.Time) map[string]any {
	t.Helper()
	rest, ok := strings.CutPrefix(header, "vapid t=")
	jwt, k, ok2 := strings.Cut(rest, ", k=")
	if !ok || !ok2 {
		t.Fatalf("Authorization %q", header)
	}
	pub, err := ecdh.P256().NewPublicKey(mustKey(t, k))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("JWT %q", jwt)
	}
	var hdr, claims map[string]any
	json.Unmarshal(mustKey(t, parts[0]), &hdr)
	json.Unmarshal(mustKey(t, parts[1]), &claims)
	if hdr["alg"] != "ES256" || hdr["typ"] != "JWT" {
		t.Fatalf("JWT header %v", hdr)
	}
	sig := mustKey(t, parts[2])
	if len(sig) != 64 {
		t.Fatalf("signature of %d bytes, want 64 (R || S)", len(sig))
	}
	raw := pub.Bytes()
	ek := &ecdsa.PublicKey{Curve: ecdsaP256(), X: new(big.Int).SetBytes(raw[1:33]), Y: new(big.Int).SetBytes(raw[33:])}
	h := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(ek, h[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Fatal("the VAPID signature does not verify with k")
	}
	exp, _ := claims["exp"].(float64)
	if d := time.Unix(int64(exp), 0).Sub(now); d <= 0 || d > 24*time.Hour {
		t.Fatalf("exp %v from now: RFC 8292 §2 wants at most 24 hours", d)
	}
	return claims
}

// RFC 8292: the token's audience is the push service's origin, it expires
// within a day, names the contact, and is signed by the key whose public
// half is "k"; the key survives Marshal and ParseVAPID.
func TestVAPID(t *testing.T) {
	v, err := NewVAPID("mailto:admin@m44.example.org")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	h, err := v.Authorization("https://push.example.net:8443/send/abc?x=1", now)
	if err != nil {
		t.Fatal(err)
	}
	c := verifyVAPID(t, h, now)
	if c["aud"] != "https://push.example.net:8443" || c["sub"] != "mailto:admin@m44.example.org" {
		t.Fatalf("claims %v", c)
	}
	if !strings.HasSuffix(h, ", k="+B64.EncodeToString(v.PublicKey())) || len(v.PublicKey()) != 65 || v.PublicKey()[0] != 4 {
		t.Fatalf("k is not the 65-byte public key: %s", h)
	}
	s, err := v.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseVAPID(s, "x")
	if err != nil || !bytes.Equal(w.PublicKey(), v.PublicKey()) {
		t.Fatalf("parsed again: %v", err)
	}
	if _, err := ParseVAPID("bm90IGEga2V5", ""); err == nil {
		t.Fatal("a bad key parses")
	}
	if _, err := v.Authorization("/relative", now); err == nil {
		t.Fatal("a relative endpoint is accepted")
	}
}

// Send: the request a push service gets (headers of RFC 8030 and 8291,
// a VAPID token, a body the browser decrypts), and what each answer means.
func TestSend(t *testing.T) {
	v, _ := NewVAPID("mailto:a@b.example")
	ua, _ := ecdh.P256().GenerateKey(nil)
	auth := bytes.Repeat([]byte{3}, 16)
	status := http.StatusCreated
	var got []byte
	var hdr http.Header
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr = r.Header.Clone()
		body, _ := io.ReadAll(r.Body)
		plain, err := Decrypt(body, ua, auth)
		if err != nil {
			t.Errorf("the push service's browser cannot decrypt: %v", err)
		}
		got = plain
		if status == 0 {
			time.Sleep(time.Second)
		}
		w.WriteHeader(max(status, 201))
	}))
	defer srv.Close()
	now := time.Now()
	sub := Subscription{Endpoint: srv.URL + "/push/1", P256dh: ua.PublicKey().Bytes(), Auth: auth}
	msg := Message{Payload: []byte("your turn"), TTL: time.Hour, Urgency: "normal", Topic: "turn-abc"}
	if err := v.Send(context.Background(), srv.Client(), sub, msg, now); err != nil {
		t.Fatal(err)
	}
	if string(got) != "your turn" || hdr.Get("Content-Encoding") != "aes128gcm" || hdr.Get("TTL") != "3600" ||
		hdr.Get("Urgency") != "normal" || hdr.Get("Topic") != "turn-abc" || hdr.Get("Content-Type") != "application/octet-stream" {
		t.Fatalf("received %q with headers %v", got, hdr)
	}
	if c := verifyVAPID(t, hdr.Get("Authorization"), now); c["aud"] != srv.URL {
		t.Fatalf("audience %v, want %s", c["aud"], srv.URL)
	}
	for _, st := range []int{http.StatusGone, http.StatusNotFound} {
		status = st
		if err := v.Send(context.Background(), srv.Client(), sub, msg, now); !errors.Is(err, ErrGone) {
			t.Fatalf("%d: %v, want ErrGone", st, err)
		}
	}
	status = http.StatusTooManyRequests
	if err := v.Send(context.Background(), srv.Client(), sub, msg, now); err == nil || errors.Is(err, ErrGone) {
		t.Fatalf("429: %v", err)
	}
	status = 0 // the push service hangs: the context's deadline ends the send
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := v.Send(ctx, srv.Client(), sub, msg, now); err == nil || time.Since(start) > time.Second {
		t.Fatalf("a hanging push service: %v after %v", err, time.Since(start))
	}
}

func ecdsaP256() elliptic.Curve { return elliptic.P256() }
