package webpush

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// VAPID is an application server's identity for push services (RFC
// 8292): a P-256 key pair, whose public key browsers are given as the
// applicationServerKey of their subscriptions, and a contact (Subject: a
// mailto: or https: URI) the push service's operator may use.
type VAPID struct {
	key     *ecdsa.PrivateKey
	Subject string
}

// NewVAPID makes a new key pair.
func NewVAPID(subject string) (*VAPID, error) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	return &VAPID{key: k, Subject: subject}, nil
}

// Marshal is the private key to store: PKCS #8, base64url.
func (v *VAPID) Marshal() (string, error) {
	der, err := x509.MarshalPKCS8PrivateKey(v.key)
	if err != nil {
		return "", err
	}
	return B64.EncodeToString(der), nil
}

// ParseVAPID reads a key stored by Marshal.
func ParseVAPID(s, subject string) (*VAPID, error) {
	der, err := DecodeKey(s)
	if err != nil {
		return nil, fmt.Errorf("webpush: VAPID key: %w", err)
	}
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("webpush: VAPID key: %w", err)
	}
	ek, ok := k.(*ecdsa.PrivateKey)
	if !ok || ek.Curve != elliptic.P256() {
		return nil, errors.New("webpush: VAPID key: not a P-256 key")
	}
	return &VAPID{key: ek, Subject: subject}, nil
}

// PublicKey is the public key in uncompressed form (65 bytes): the
// browser's applicationServerKey, and VAPID's "k".
func (v *VAPID) PublicKey() []byte {
	e, err := v.key.PublicKey.ECDH()
	if err != nil {
		panic(err) // a P-256 key always converts
	}
	return e.Bytes()
}

// Authorization is the Authorization header of a push request to endpoint
// (RFC 8292 §2-3): "vapid t=<JWT>, k=<public key>", the JWT signed with
// ES256, its audience the endpoint's origin, valid 12 hours from now.
func (v *VAPID) Authorization(endpoint string, now time.Time) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", fmt.Errorf("webpush: endpoint %q is not an absolute URL", endpoint)
	}
	header := B64.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`))
	claims := map[string]any{"aud": u.Scheme + "://" + u.Host, "exp": now.Add(12 * time.Hour).Unix()}
	if v.Subject != "" {
		claims["sub"] = v.Subject
	}
	cj, _ := json.Marshal(claims)
	signing := header + "." + B64.EncodeToString(cj)
	h := sha256.Sum256([]byte(signing))
	r, s, err := ecdsa.Sign(rand.Reader, v.key, h[:])
	if err != nil {
		return "", err
	}
	// JWS ES256: R and S as 32 bytes each, big-endian (RFC 7518 §3.4).
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return "vapid t=" + signing + "." + B64.EncodeToString(sig) + ", k=" + B64.EncodeToString(v.PublicKey()), nil
}

// Subscription is where and to whom a message goes: the push service's
// endpoint for one browser, and that browser's keys (RFC 8291 §2).
type Subscription struct {
	Endpoint     string
	P256dh, Auth []byte
}

// Message is what to send.
type Message struct {
	Payload []byte
	// TTL is how long the push service keeps the message for a browser
	// that is offline (RFC 8030 §5.2); 0 delivers now or never.
	TTL time.Duration
	// Urgency is "very-low", "low", "normal" or "high" (RFC 8030 §5.3);
	// "" sends none.
	Urgency string
	// Topic replaces a message of the same topic still waiting (RFC 8030
	// §5.4): up to 32 characters of base64url's alphabet; "" sends none.
	Topic string
}

// ErrGone is the push service saying the subscription no longer exists
// (404 Not Found or 410 Gone, RFC 8030 §7.3): forget it.
var ErrGone = errors.New("webpush: the subscription is gone")

// Send encrypts and sends msg to sub through client (its timeout, or
// ctx's, bounds the request). A 2xx answer is delivered (nil), 404 and 410
// ErrGone, anything else an error with the status.
func (v *VAPID) Send(ctx context.Context, client *http.Client, sub Subscription, msg Message, now time.Time) error {
	body, err := Encrypt(msg.Payload, sub.P256dh, sub.Auth)
	if err != nil {
		return err
	}
	auth, err := v.Authorization(sub.Endpoint, now)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.Endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	h := req.Header
	h.Set("Authorization", auth)
	h.Set("Content-Encoding", "aes128gcm")
	h.Set("Content-Type", "application/octet-stream")
	h.Set("TTL", strconv.Itoa(int(msg.TTL/time.Second)))
	if msg.Urgency != "" {
		h.Set("Urgency", msg.Urgency)
	}
	if msg.Topic != "" {
		h.Set("Topic", msg.Topic)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("webpush: %w", err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	switch {
	case resp.StatusCode/100 == 2:
		return nil
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return ErrGone
	}
	return fmt.Errorf("webpush: the push service answered %s", resp.Status)
}
