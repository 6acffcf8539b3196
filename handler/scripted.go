package handler

import (
	"context"
	"sync"
)

// Step is one scripted reaction of a ScriptedPrompter.
type Step struct {
	// Answer is returned unless Err is set.
	Answer Answer
	Err    error
	// Interact calls the prompt's OnInteract before answering.
	Interact bool
	// Hold never answers: the prompt waits until its context is cancelled
	// (a person who walked away).
	Hold bool
}

// ScriptedPrompter is a Prompter for tests: each prompt takes the next step
// of its script; once the script is used up, prompts wait for their context
// like a person who never answers. It records every prompt it showed.
type ScriptedPrompter struct {
	mu      sync.Mutex
	steps   []Step
	prompts []*Prompt
	shown   chan struct{} // closed and replaced when a prompt is shown
}

var _ Prompter = (*ScriptedPrompter)(nil)

// NewScriptedPrompter returns a prompter following steps in order.
func NewScriptedPrompter(steps ...Step) *ScriptedPrompter {
	return &ScriptedPrompter{steps: steps, shown: make(chan struct{})}
}

// Prompt records p and plays the next step.
func (s *ScriptedPrompter) Prompt(ctx context.Context, p *Prompt) (Answer, error) {
	s.mu.Lock()
	s.prompts = append(s.prompts, p)
	close(s.shown)
	s.shown = make(chan struct{})
	st := Step{Hold: true}
	if len(s.steps) > 0 {
		st = s.steps[0]
		s.steps = s.steps[1:]
	}
	s.mu.Unlock()
	if st.Interact && p.OnInteract != nil {
		p.OnInteract()
	}
	if st.Hold {
		<-ctx.Done()
		return Answer{}, ctx.Err()
	}
	return st.Answer, st.Err
}

// Prompts returns the prompts shown so far.
func (s *ScriptedPrompter) Prompts() []*Prompt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Prompt(nil), s.prompts...)
}

// WaitForPrompts blocks until at least n prompts have been shown.
func (s *ScriptedPrompter) WaitForPrompts(n int) {
	for {
		s.mu.Lock()
		have, shown := len(s.prompts), s.shown
		s.mu.Unlock()
		if have >= n {
			return
		}
		<-shown
	}
}
