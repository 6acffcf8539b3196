package server_test

import (
	"testing"

	"github.com/wardenhq/warden/server"
	"github.com/wardenhq/warden/server/askstoretest"
)

func TestMemoryAskStoreConformance(t *testing.T) {
	askstoretest.Run(t, func(t *testing.T) (server.AskStore, server.AskStore) {
		s := server.NewMemoryAskStore(nil)
		return s, s
	})
}
