package claudecode

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/wardenhq/warden/hook"
)

// payloadSeeds are payloads whose decoding differs in some way: cases,
// repeats, nulls, escapes, wrong types, invalid UTF-8, syntax errors.
var payloadSeeds = []string{
	`{"session_id":"s","cwd":"/p","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo \"hi\" && rm -rf ~"},"tool_use_id":"t"}`,
	`{"TOOL_NAME":"Bash","Tool_Input":{"a":1},"tool_name":"Read","CWD":"/x"}`,
	`{"tool_name":"Bash","tool_input":{"a":1},"tool_input":{"b":[1,{"c":null}]}}`,
	`{"tool_name":"Bash","tool_input":{"a":1},"tool_input":null}`,
	`{"tool_name":"Bash","cwd":"/a","cwd":null}`,
	`{"tool_name":5,"cwd":true,"tool_input":[]}`,
	`{"tool_name":"Bash","tool_input":{"n":1e400}}`,
	`{"tool_name":"Bash","tool_input":"x"}`,
	`{"tool_name":"B\u0061sh","c\u0077d":"\ud800","permission_suggestions":[{"type":"setMode"}],"permission_suggestions":[]}`,
	"{\"tool_name\":\"\xff\xfe\",\"session_id\":\"caf\xc3\xa9\"}",
	`{"tool_ſession_id":"x","ſession_id":"k","agent_type":"\u212a"}`,
	`{"tool_name":"Bash",}`,
	`{"tool_name":"Bash"} x`,
	`{}`, `{ }`, ` { "tool_name" : "Bash" , "x" : [ ] } `, `[]`, `"x"`, `null`,
	`{"permission_suggestions":{"a":1}}`, `{"permission_suggestions":[1,"2",null]}`,
	`{"agent_id":-0.5e+3,"agent_type":[1],"tool_use_id":{"a":"b"}}`,
}

// FuzzDecodePayload checks decodePayload against json.Unmarshal: the same
// payload and the same error, for any input.
func FuzzDecodePayload(f *testing.F) {
	for _, s := range payloadSeeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "hook", "*", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var captured struct{ Payload json.RawMessage }
		if json.Unmarshal(data, &captured) == nil && len(captured.Payload) > 0 {
			f.Add([]byte(captured.Payload))
		} else {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want, got hook.Payload
		wantErr := json.Unmarshal(data, &want)
		gotErr := decodePayload(data, &got)
		if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
			t.Fatalf("%q: error %v, want %v", data, gotErr, wantErr)
		}
		if wantErr == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %#v\nwant %#v", data, got, want)
		}
	})
}
