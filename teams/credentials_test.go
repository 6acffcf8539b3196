package teams_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/teams"
)

const agentToken = "agent-token-0123456789abcdef"

// TestAgentCredentialOnNATS tries the agents' credential against the real
// server's port: it signs in, and every subject of the shared state stays
// closed to it — it cannot publish an answer, write a grant, reach
// JetStream's API, or read anyone's asks, not even on the reply subjects
// the daemons' reads come back on.
func TestAgentCredentialOnNATS(t *testing.T) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	n, err := teams.StartNode(teams.NodeOptions{StoreDir: t.TempDir(), Daemon: kp, Listen: "127.0.0.1:0", AgentToken: agentToken})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Shutdown)
	ctx := context.Background()
	daemon, err := teams.Connect(teams.ConnectOptions{URLs: []string{n.ClientURL()}, Daemon: kp, Name: "d1"})
	if err != nil {
		t.Fatalf("the daemons' key: %v", err)
	}
	defer daemon.Close()
	asks, err := teams.OpenAskStore(ctx, daemon, teams.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := asks.Create(ctx, server.StoredAsk{ID: "ask-secret", Session: "other-session", Created: time.Now(), Deadline: time.Now().Add(time.Minute), View: []byte(`{"summary":"cat ~/.ssh/id_rsa"}`)}); err != nil {
		t.Fatal(err)
	}

	for _, tt := range []struct {
		name string
		opts []nats.Option
	}{
		{"no credential", nil},
		{"a wrong token", []nats.Option{nats.UserInfo("agent", "not-the-token-000000")}},
		{"the agents' token as a bare token", []nats.Option{nats.Token(agentToken)}},
		{"a key that is not the daemons'", []nats.Option{otherKey(t)}},
	} {
		t.Run("refused/"+tt.name, func(t *testing.T) {
			nc, err := nats.Connect(n.ClientURL(), append(tt.opts, nats.NoReconnect(), nats.Timeout(5*time.Second))...)
			if err == nil {
				nc.Close()
				t.Fatal("signed in")
			}
		})
	}

	violations := make(chan error, 64)
	agent, err := nats.Connect(n.ClientURL(), nats.UserInfo("agent", agentToken), nats.NoReconnect(),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { violations <- err }))
	if err != nil {
		t.Fatalf("the agents' credential does not sign in: %v", err)
	}
	defer agent.Close()
	denied := func(t *testing.T, what string) {
		t.Helper()
		select {
		case err := <-violations:
			if !strings.Contains(strings.ToLower(err.Error()), "permissions violation") {
				t.Errorf("%s: %v, want a permissions violation", what, err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: no permissions violation within 5s", what)
		}
	}
	for _, subj := range []string{
		"$KV.warden_asks.ask-secret",            // an answer written into the bucket
		"$KV.warden_grants.s1",                  // a grant
		"$JS.API.STREAM.INFO.KV_warden_asks",    // JetStream's API
		"$JS.API.DIRECT.GET.KV_warden_asks",     // a direct read of an ask
		"$JS.API.STREAM.MSG.GET.KV_warden_asks", // a read of an ask
		"$KV.warden_mailbox.L.x.y",              // a leader's answer to a sub-agent
		"warden.audit",                          // an audit record
		"$JS.API.STREAM.MSG.GET.WARDEN_AUDIT",   // a read of the audit
		"$JS.API.CONSUMER.CREATE.WARDEN_AUDIT",  // a reader of the audit
		"$JS.API.DIRECT.GET.KV_warden_grants",   // a read of a grant
		"warden.decisions",                      // a decision on every page
		"warden.answer.ask-secret",              // anything else
	} {
		t.Run("publish/"+subj, func(t *testing.T) {
			if err := agent.Publish(subj, []byte(`{"resolution":{"behavior":"allow","by":"agent"}}`)); err != nil {
				t.Fatal(err)
			}
			_ = agent.Flush()
			denied(t, "publish "+subj)
		})
	}
	for _, subj := range []string{"$KV.warden_asks.>", "$KV.warden_grants.>", "$KV.warden_mailbox.>", "warden.audit", "warden.decisions", "_INBOX.>", ">"} {
		t.Run("subscribe/"+subj, func(t *testing.T) {
			sub, err := agent.SubscribeSync(subj)
			if err != nil {
				t.Fatal(err)
			}
			defer sub.Unsubscribe()
			_ = agent.Flush()
			denied(t, "subscribe "+subj)
		})
	}
	t.Run("jetstream", func(t *testing.T) {
		js, err := jetstream.New(agent)
		if err != nil {
			t.Fatal(err)
		}
		cctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		for _, bucket := range []string{teams.AsksBucket, teams.GrantsBucket, teams.MailboxBucket} {
			if _, err := js.KeyValue(cctx, bucket); err == nil {
				t.Errorf("the agent opened the bucket %s", bucket)
			}
		}
		if _, err := js.Stream(cctx, teams.AuditStream); err == nil {
			t.Error("the agent opened the audit stream")
		}
	})
	got, err := asks.Get(ctx, "ask-secret")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Pending() {
		t.Errorf("the ask was resolved by %+v while only the agent wrote", got.Resolution)
	}
	if _, err := asks.Resolve(ctx, "ask-secret", server.Resolution{Behavior: api.Deny, By: "alice"}); err != nil {
		t.Errorf("the daemon's answer after the agent's attempts: %v", err)
	}
}

func otherKey(t *testing.T) nats.Option {
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := kp.PublicKey()
	return nats.Nkey(pub, kp.Sign)
}
