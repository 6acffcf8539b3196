// Package notify sends the daemon's new pending asks to the receivers of
// the settings' approvals.notify key — a webhook (the ask as JSON), an
// ntfy topic (a push notification with Deny and Allow-once buttons) or a
// Slack incoming webhook — each with the link that answers exactly that
// ask (server.LinkSigner makes it).
//
// Sending is a side road: a receiver that fails is retried with backoff
// and logged, until the ask's deadline, and whatever it does it never
// blocks, allows or denies a call — only an answer given through the link
// or the page does.
package notify
