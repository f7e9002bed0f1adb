package storetest

import (
	"context"
	"errors"
	"testing"

	"m44/match"
	"m44/store"
)

// Issue 13 "Web Push": the server's key is made once (the first value
// stored is kept); subscriptions are bound to an owner, renewed in place,
// limited per owner, and removed per owner or for every owner of an
// endpoint the push service says is gone.
func testPush(t *testing.T, s match.Store) {
	ctx := context.Background()
	k, err := s.ServerKey(ctx, "vapid", "first")
	if err != nil || k != "first" {
		t.Fatalf("server key %q, %v", k, err)
	}
	if k, err := s.ServerKey(ctx, "vapid", "second"); err != nil || k != "first" {
		t.Fatalf("server key again %q, %v; want the first kept", k, err)
	}
	sub := func(ep, owner string) store.PushSub {
		return store.PushSub{Endpoint: "https://push.example/" + ep, Owner: owner, P256dh: "key-" + ep, Auth: "auth-" + ep, Lang: "fr"}
	}
	for _, p := range []store.PushSub{sub("1", "a:x"), sub("2", "a:x"), sub("1", "s:g1/axis")} {
		if err := s.AddPushSub(ctx, p, 2); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddPushSub(ctx, sub("3", "a:x"), 2); !errors.Is(err, store.ErrLimit) {
		t.Fatalf("a third endpoint over a limit of 2: %v, want ErrLimit", err)
	}
	renewed := sub("2", "a:x")
	renewed.P256dh, renewed.Lang = "new-key", "de"
	if err := s.AddPushSub(ctx, renewed, 2); err != nil {
		t.Fatalf("renewing a subscription at the limit: %v", err)
	}
	got, err := s.PushSubs(ctx, "a:x")
	if err != nil || len(got) != 2 || got[1].Endpoint != renewed.Endpoint || got[1].P256dh != "new-key" || got[1].Lang != "de" || got[0].Auth != "auth-1" || got[0].Created == "" {
		t.Fatalf("account's subscriptions %+v, %v", got, err)
	}
	if got, _ := s.PushSubs(ctx, "a:x", "s:g1/axis"); len(got) != 3 {
		t.Fatalf("two owners' subscriptions: %+v", got)
	}
	if got, _ := s.PushSubs(ctx); len(got) != 0 {
		t.Fatalf("no owner: %+v", got)
	}
	if err := s.DeletePushSub(ctx, "https://push.example/2", "a:x"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeletePushSub(ctx, "https://push.example/1", ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.PushSubs(ctx, "a:x", "s:g1/axis"); len(got) != 0 {
		t.Fatalf("after deleting: %+v", got)
	}
	if err := s.DeletePushSub(ctx, "https://push.example/none", ""); err != nil {
		t.Fatalf("deleting none: %v", err)
	}
}
