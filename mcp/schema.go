package mcp

import (
	"slices"
	"sort"
	"strings"

	"github.com/wardenhq/warden/internal/argpath"
	"github.com/wardenhq/warden/settings"
)

// pathProperties are the names by which input schemas of file tools name a
// file (or, with a list type, files); a string property with one of them is
// judged as a file the tool may read or write. Declarations in settings
// (mcp.servers.NAME) cover tools that name theirs otherwise.
var pathProperties = []string{
	"path", "paths", "file", "files", "file_path", "file_paths", "filepath", "filePath", "filePaths",
	"filename", "fileName", "source", "destination", "target", "directory", "dir", "root",
	"notebook_path", "absolute_path", "relative_path", "target_file", "source_path", "destination_path",
}

// urlFormats are the JSON Schema string formats of URLs.
var urlFormats = []string{"uri", "uri-reference", "iri", "iri-reference", "url"}

// SchemaArgs returns the arguments an input schema declares as files (by
// name, see pathProperties) or URLs (by format), at the top level and in
// arrays of strings.
func SchemaArgs(schema any) settings.MCPArgs {
	var a settings.MCPArgs
	obj, _ := schema.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.ContainsAny(name, ".[]") || name == "" {
			continue // not nameable by an argument path
		}
		prop, _ := props[name].(map[string]any)
		path := name
		if isType(prop, "array") {
			items, _ := prop["items"].(map[string]any)
			if !isType(items, "string") {
				continue
			}
			prop, path = items, name+"[]"
		} else if !isType(prop, "string") {
			continue
		}
		format, _ := prop["format"].(string)
		switch {
		case slices.Contains(urlFormats, format):
			a.URLs = append(a.URLs, argpath.MustParse(path))
		case slices.Contains(pathProperties, name):
			a.Paths = append(a.Paths, argpath.MustParse(path))
		}
	}
	return a
}

// isType reports whether a schema's type is t, or a list holding t.
func isType(schema map[string]any, t string) bool {
	switch v := schema["type"].(type) {
	case string:
		return v == t
	case []any:
		return slices.Contains(v, any(t))
	}
	return false
}
