package teams_test

import (
	"context"
	"testing"

	"github.com/nats-io/nkeys"

	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/server/askstoretest"
	"github.com/wardenhq/warden/teams"
)

// startNode runs an embedded server in a fresh directory, without a port.
func startNode(t testing.TB) (*teams.Node, nkeys.KeyPair) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	n, err := teams.StartNode(teams.NodeOptions{StoreDir: t.TempDir(), Daemon: kp})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Shutdown)
	return n, kp
}

func openAsks(t testing.TB, n *teams.Node, name string) *teams.AskStore {
	t.Helper()
	nc, err := n.Connect(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	s, err := teams.OpenAskStore(context.Background(), nc, teams.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAskStoreConformance(t *testing.T) {
	askstoretest.Run(t, func(t *testing.T) (server.AskStore, server.AskStore) {
		n, _ := startNode(t)
		return openAsks(t, n, "d1"), openAsks(t, n, "d2")
	})
}
