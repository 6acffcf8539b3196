package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverEnv makes the test binary the test MCP server over stdio, with the
// directory it writes in as the value.
const serverEnv = "WARDEN_MCP_TEST_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) != "" {
		s := newTestServer()
		if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// waitCancelled hears from the wait tool when its call was cancelled.
var waitCancelled = make(chan struct{}, 1)

type pathArgs struct {
	Path string `json:"path" jsonschema:"the file"`
}

type textArgs struct {
	Text string `json:"text"`
}

// newTestServer is a small MCP server: touch creates a file (the side
// effect tests look for), echo answers its text (with a progress
// notification and a log message on the way), wait blocks until
// cancelled, a file resource, and a prompt.
func newTestServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "1.0.0"}, &sdk.ServerOptions{HasTools: true, HasResources: true, HasPrompts: true})
	sdk.AddTool(s, &sdk.Tool{Name: "touch", Description: "Create an empty file at path."},
		func(ctx context.Context, req *sdk.CallToolRequest, in pathArgs) (*sdk.CallToolResult, any, error) {
			if err := os.WriteFile(in.Path, nil, 0o644); err != nil {
				return nil, nil, err
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "created " + in.Path}}}, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "echo", Description: "Answer with the text."},
		func(ctx context.Context, req *sdk.CallToolRequest, in textArgs) (*sdk.CallToolResult, any, error) {
			if tok := req.Params.GetProgressToken(); tok != nil {
				req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: tok, Progress: 0.5, Total: 1, Message: "halfway"})
			}
			req.Session.Log(ctx, &sdk.LoggingMessageParams{Level: "info", Data: "echoing " + in.Text})
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: in.Text}}}, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "wait", Description: "Wait until cancelled."},
		func(ctx context.Context, req *sdk.CallToolRequest, in struct{}) (*sdk.CallToolResult, any, error) {
			<-ctx.Done()
			select {
			case waitCancelled <- struct{}{}:
			default:
			}
			return nil, nil, ctx.Err()
		})
	s.AddResourceTemplate(&sdk.ResourceTemplate{Name: "files", URITemplate: "file:///{+path}"},
		func(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			u := req.Params.URI[len("file://"):]
			b, err := os.ReadFile(filepath.Clean(u))
			if err != nil {
				return nil, sdk.ResourceNotFoundError(req.Params.URI)
			}
			return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, Text: string(b)}}}, nil
		})
	s.AddPrompt(&sdk.Prompt{Name: "greet", Description: "Say hello."},
		func(ctx context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
			return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: "hello"}}}}, nil
		})
	return s
}

// textOf is the text of a tool result.
func textOf(r *sdk.CallToolResult) string {
	out := ""
	for _, c := range r.Content {
		if t, ok := c.(*sdk.TextContent); ok {
			out += t.Text
		}
	}
	return out
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
