package mailbox

import (
	"context"
	"errors"
	"time"

	"github.com/wardenhq/warden/api"
)

// Request is one call a worker asks its leader to decide.
type Request struct {
	// ID identifies the request; an answer resolves only the request with
	// its ID, so a worker never reuses an answer given for another call.
	ID string `json:"id"`
	// Leader is who the request is addressed to; Worker is who sent it.
	Leader string `json:"leader"`
	Worker string `json:"worker,omitempty"`
	// Request is the tool call.
	Request api.Request `json:"request"`
	// Reason and Findings are why the pipeline asked.
	Reason   api.Reason    `json:"reason"`
	Findings []api.Finding `json:"findings,omitempty"`
	// Suggestions are the rules that would allow the call.
	Suggestions []string `json:"suggestions,omitempty"`
	// Sent is when the worker sent the request.
	Sent time.Time `json:"sent,omitzero"`
	// Deadline is when the worker stops waiting (its approvals timeout):
	// the leader's prompt ends then too, so one deadline holds for the ask
	// whoever answers it.
	Deadline time.Time `json:"deadline,omitzero"`
}

// Response is the leader's answer to one request.
type Response struct {
	ID       string       `json:"id"`
	Behavior api.Behavior `json:"behavior"` // allow or deny
	Scope    api.Scope    `json:"scope,omitempty"`
	Message  string       `json:"message,omitempty"`
	// Leader names who answered.
	Leader string `json:"leader,omitempty"`
}

// The errors every implementation reports, for callers to test with
// errors.Is.
var (
	// ErrUnknownRequest: no pending request has that ID (never sent,
	// withdrawn, or its answer already collected).
	ErrUnknownRequest = errors.New("mailbox: unknown request")
	// ErrDuplicate: a request with that ID was already sent.
	ErrDuplicate = errors.New("mailbox: duplicate request id")
	// ErrAnswered: the request already has an answer.
	ErrAnswered = errors.New("mailbox: request already answered")
	// ErrInvalid: the request or response is malformed.
	ErrInvalid = errors.New("mailbox: invalid message")
)

// Mailbox is the worker's side.
//
// Send delivers a request to its leader; an error means it was not
// delivered (the worker may then fall back to a local prompt). Await waits
// for the answer to a request sent before, returning ctx.Err() when ctx is
// done first; once Await has returned an answer the request is forgotten.
// Withdraw takes back a request the worker no longer waits for (it timed
// out); withdrawing an unknown request is not an error.
type Mailbox interface {
	Send(ctx context.Context, req Request) error
	Await(ctx context.Context, id string) (Response, error)
	Withdraw(ctx context.Context, id string) error
}

// Inbox is the leader's side.
//
// Pending lists the unanswered requests addressed to leader, oldest first.
// Receive waits for the next request addressed to leader that Receive has
// not yet returned (it stays pending until answered). Answer resolves one
// request; its Behavior must be allow or deny. A nil error means the
// answer is kept; once it is kept, ctx ending before Answer returns is not
// reported as a failure (the worker may already hold the answer).
type Inbox interface {
	Pending(ctx context.Context, leader string) ([]Request, error)
	Receive(ctx context.Context, leader string) (Request, error)
	Answer(ctx context.Context, resp Response) error
}
