package teams_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"github.com/wardenhq/warden/teams"
)

// TestLinkKeyShared: every daemon of a team gets the same link key, which
// the agents' credential cannot read.
func TestLinkKeyShared(t *testing.T) {
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
	var keys [][]byte
	for _, name := range []string{"d1", "d2", "d3"} {
		nc, err := teams.Connect(teams.ConnectOptions{URLs: []string{n.ClientURL()}, Daemon: kp, Name: name})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		k, err := (&teams.Team{Conn: nc}).LinkKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	if len(keys[0]) != teams.LinkKeySize || !bytes.Equal(keys[0], keys[1]) || !bytes.Equal(keys[1], keys[2]) {
		t.Fatalf("the daemons' link keys differ: %x", keys)
	}
	agent, err := nats.Connect(n.ClientURL(), nats.UserInfo("agent", agentToken), nats.NoReconnect(), nats.Timeout(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer agent.Close()
	js, err := jetstream.New(agent)
	if err != nil {
		t.Fatal(err)
	}
	actx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if kv, err := js.KeyValue(actx, teams.KeysBucket); err == nil {
		if e, err := kv.Get(actx, "link"); err == nil {
			t.Fatalf("the agents' credential read the link key: %x", e.Value())
		}
	}
}
