package match

import (
	"context"

	"m44/store"
)

// PushStore is the persistence of Web Push (issue 13), part of Store: the
// server's own keys (its VAPID key pair) and the browsers' push
// subscriptions, each bound to an account ("a:<account>") or a seat
// ("s:<game>/<seat>").
type PushStore interface {
	// ServerKey stores value under name unless a value is stored, and
	// answers the stored one.
	ServerKey(ctx context.Context, name, value string) (string, error)
	// AddPushSub stores (or renews) a subscription; store.ErrLimit when
	// its owner holds max others.
	AddPushSub(ctx context.Context, p store.PushSub, max int) error
	// DeletePushSub removes an endpoint's subscription of owner, or of
	// every owner for "" (none is no error).
	DeletePushSub(ctx context.Context, endpoint, owner string) error
	// PushSubs lists the subscriptions of the owners, oldest first.
	PushSubs(ctx context.Context, owners ...string) ([]store.PushSub, error)
}
