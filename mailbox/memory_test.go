package mailbox_test

import (
	"testing"

	"github.com/wardenhq/warden/mailbox"
	"github.com/wardenhq/warden/mailbox/mailboxtest"
)

func TestMemoryConformance(t *testing.T) {
	mailboxtest.Run(t, func(t *testing.T) (mailbox.Mailbox, mailbox.Inbox) {
		m := mailbox.NewMemory()
		return m, m
	})
}
