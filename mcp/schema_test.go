package mcp

import (
	"strings"
	"testing"
)

func TestSchemaArgs(t *testing.T) {
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"path":    map[string]any{"type": "string"},
		"paths":   map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"url":     map[string]any{"type": "string", "format": "uri"},
		"count":   map[string]any{"type": "integer"},
		"content": map[string]any{"type": "string"},
		"file":    map[string]any{"type": []any{"string", "null"}},
	}}
	a := SchemaArgs(schema)
	var paths, urls []string
	for _, p := range a.Paths {
		paths = append(paths, p.String())
	}
	for _, p := range a.URLs {
		urls = append(urls, p.String())
	}
	if strings.Join(paths, ",") != "file,path,paths[]" || strings.Join(urls, ",") != "url" {
		t.Errorf("paths %v urls %v", paths, urls)
	}
	if a := SchemaArgs("not a schema"); !a.Empty() {
		t.Errorf("a non-schema declares %v", a)
	}
}
