// Package classify decides asks without a person and explains calls in plain
// language.
//
// When the pipeline's answer for a tool call is ask, the handler for the
// execution context (package handler) may consult a Classifier before, or
// while, it asks a person. A classifier answers allow, deny or undecided with
// a confidence; in auto mode its answer is final and undecided means deny.
//
// Two classifiers are provided:
//
//   - Pattern, the default, needs no model: it decides from the analyzer's
//     findings and their risk levels (see Pattern for its policy).
//   - NewLLM asks a language model over HTTP, through the Anthropic Messages
//     API or an OpenAI-compatible chat completions endpoint (which also covers
//     local model servers such as llama.cpp, vLLM or Ollama).
//
// Whatever a classifier says, it never approves a call that a deny or ask rule
// matched or that carries a HIGH-risk finding; package handler enforces that
// in one place every handler goes through.
//
// An Explainer gives the person at the prompt an account of the call: what
// it does, why the agent may need it, what could go wrong, and a risk level.
// FindingsExplainer builds it from the analysis alone; NewLLMExplainer asks a
// model and falls back to the findings when the model fails.
package classify
