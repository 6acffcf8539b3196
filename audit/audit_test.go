package audit_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/audit/audittest"
)

// childEnv switches the test binary into a child process that appends
// records (see TestMain), so the cross-process test runs real processes.
const childEnv = "WARDEN_AUDIT_TEST_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		os.Exit(runChild(path))
	}
	os.Exit(m.Run())
}

// runChild appends WARDEN_AUDIT_TEST_N records, each with a large input, to
// the audit file at path.
func runChild(path string) int {
	id := os.Getenv("WARDEN_AUDIT_TEST_ID")
	n, _ := strconv.Atoi(os.Getenv("WARDEN_AUDIT_TEST_N"))
	sink, err := audit.NewFileSink(path, audit.FileOptions{MaxBytes: -1, MaxValueBytes: -1})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// Inputs far above a pipe buffer, so interleaving would show.
	body := strings.Repeat(id+"-", 40000/len(id))
	for i := range n {
		req := api.Request{ToolName: "Write", SessionID: "p" + id, ToolInput: map[string]any{"file_path": "/tmp/x", "content": body}}
		r := audit.NewRecord(req, api.Decision{ID: fmt.Sprintf("%s-%d", id, i), Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonMode, Mode: api.ModeAcceptEdits}})
		if err := sink.Write(context.Background(), r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

func TestFileSinkConformance(t *testing.T) {
	audittest.RunSinkConformance(t, func(t *testing.T) (audit.Sink, audittest.ReadBack) {
		path := filepath.Join(t.TempDir(), "state", "audit.jsonl")
		sink, err := audit.NewFileSink(path, audit.FileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return sink, func() ([]audit.Record, error) {
			rs, bad, err := audit.Read(path, audit.Filter{})
			if len(bad) > 0 {
				return nil, fmt.Errorf("invalid lines: %v", bad)
			}
			return rs, err
		}
	})
}

func TestMemorySinkConformance(t *testing.T) {
	audittest.RunSinkConformance(t, func(t *testing.T) (audit.Sink, audittest.ReadBack) {
		sink := audit.NewMemorySink(nil, 0)
		return sink, func() ([]audit.Record, error) { return sink.Records(), nil }
	})
}

// TestConcurrentProcesses has 20 processes append large records to one file
// at once: every line must be one whole, valid record, and none lost.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 20 processes")
	}
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const procs, each = 20, 15
	cmds := make([]*exec.Cmd, procs)
	for i := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+path, "WARDEN_AUDIT_TEST_ID=w"+strconv.Itoa(i), "WARDEN_AUDIT_TEST_N="+strconv.Itoa(each))
		cmds[i] = cmd
	}
	for _, cmd := range cmds {
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("child %d: %v", i, err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	ids := map[string]bool{}
	for n := 1; sc.Scan(); n++ {
		var r audit.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d is not a valid record: %v", n, err)
		}
		content, _ := r.Input["content"].(string)
		if want := strings.TrimPrefix(r.Session, "p") + "-"; !strings.HasPrefix(content, want) || strings.Count(content, want)*len(want) != len(content) {
			t.Fatalf("line %d mixes records of different writers", n)
		}
		ids[r.ID] = true
	}
	if len(ids) != procs*each {
		t.Errorf("%d records in the file, want %d", len(ids), procs*each)
	}
}

// Real-looking secrets, none of which may reach the audit file. They are
// built from pieces so that secret scanners do not flag this file.
var secrets = map[string]string{
	"anthropic":    "sk-ant-api03-" + strings.Repeat("aB3dE5fG7hJ9", 7) + "-AA",
	"openai":       "sk-proj-" + strings.Repeat("Xy7Qp2Lm9Rt4", 4),
	"aws id":       "AKIA" + "IOSFODNN7EXAMPLE",
	"aws secret":   "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY",
	"github":       "ghp_" + strings.Repeat("16C7e42F292c6912E7710c838347Ae178B4a", 1),
	"github pat":   "github_pat_" + "11ABCDEFG0" + strings.Repeat("abcdEFGH1234", 6),
	"gitlab":       "glpat-" + "x7Yz9AbCdEfGhIjKlMnO",
	"slack":        "xoxb-" + "1234567890-1234567890123-" + "AbCdEfGhIjKlMnOpQrStUvWx",
	"google":       "AIza" + "SyA1234567890abcdefghijklmnopqrstuv",
	"stripe":       "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
	"jwt":          "eyJhbGciOiJIUzI1NiJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIn0" + ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"bearer":       "dGhpc2lzYXZlcnlsb25nYmVhcmVydG9rZW4",
	"url password": "hunter2-Sup3r",
	"pg password":  "Pg-s3cr3t-pw",
	"env password": "CorrectHorseBattery9",
	"npm":          "npm_" + strings.Repeat("a1B2c3D4e5", 3) + "F6g7H8",
	"private key":  "MIIEowIBAAKCAQEA7bq98" + "Xq4u0lBoxAbYn9x==",
	"custom":       "ACME-1234-5678-9999",
	"field":        "p@ssw0rd-in-a-field",
	"mysql":        "Sql-Pass-77",
	"curl user":    "curlpass-42x",
}

func TestRedactionOnRealLookingSecrets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	sink, err := audit.NewFileSink(path, audit.FileOptions{Redact: []string{`ACME-\d{4}-\d{4}-\d{4}`}})
	if err != nil {
		t.Fatal(err)
	}
	s := secrets
	inputs := []map[string]any{
		{"command": "export ANTHROPIC_API_KEY=" + s["anthropic"] + " && claude"},
		{"command": "OPENAI_KEY='" + s["openai"] + "' python run.py"},
		{"command": "aws configure set aws_access_key_id " + s["aws id"] + " && aws configure set aws_secret_access_key=" + s["aws secret"]},
		{"command": "git clone https://" + s["github"] + "@github.com/o/r.git"},
		{"command": "gh auth login --with-token <<< " + s["github pat"]},
		{"command": "curl --header 'PRIVATE-TOKEN: " + s["gitlab"] + "' https://gitlab.com/api"},
		{"command": "curl -d token=" + s["slack"] + " https://slack.com/api/chat.postMessage"},
		{"url": "https://maps.googleapis.com/maps/api/geocode/json?key=" + s["google"]},
		{"command": "stripe charges list --api-key " + s["stripe"]},
		{"command": "curl -H 'Authorization: Bearer " + s["jwt"] + "' https://api"},
		{"command": "curl -H \"authorization: bearer " + s["bearer"] + "\" https://api"},
		{"command": "git remote add origin https://deploy:" + s["url password"] + "@git.example.com/r.git"},
		{"command": "psql postgres://app:" + s["pg password"] + "@db:5432/app"},
		{"command": "DB_PASSWORD=" + s["env password"] + " npm start"},
		{"file_path": "/home/u/.npmrc", "content": "//registry.npmjs.org/:_authToken=" + s["npm"] + "\n"},
		{"file_path": "/home/u/.ssh/id_rsa", "content": "-----BEGIN RSA PRIVATE KEY-----\n" + s["private key"] + "\n-----END RSA PRIVATE KEY-----\n"},
		{"command": "echo order " + s["custom"]},
		{"password": s["field"], "user": "me"},
		{"command": "mysql -u root -p" + s["mysql"] + " app"},
		{"command": "curl -u admin:" + s["curl user"] + " https://api"},
	}
	for i, in := range inputs {
		d := api.Decision{ID: fmt.Sprintf("d%d", i), Behavior: api.Ask, Reason: api.Reason{Type: api.ReasonDefault, Message: fmt.Sprint(in)},
			Findings: []api.Finding{{Category: "credential-access", Part: fmt.Sprint(in), Risk: api.RiskHigh}}}
		if err := sink.Write(context.Background(), audit.NewRecord(api.Request{ToolName: "Bash", ToolInput: in}, d)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, secret := range secrets {
		// JSON escapes some characters; check the encoded form as well.
		enc, _ := json.Marshal(secret)
		if bytes.Contains(data, []byte(secret)) || bytes.Contains(data, enc[1:len(enc)-1]) {
			t.Errorf("%s secret %q reached the audit file", name, secret)
		}
	}
	// What is not secret stays readable.
	for _, keep := range []string{"git clone https://", "@github.com/o/r.git", "npm start", "\"user\":\"me\"", "aws configure set", "-----BEGIN"} {
		if !bytes.Contains(data, []byte(keep)) && !bytes.Contains(data, []byte(strings.ReplaceAll(keep, `"`, `\"`))) {
			t.Errorf("redaction removed %q, which is not secret", keep)
		}
	}
}

func TestRedactString(t *testing.T) {
	r, err := audit.NewRedactor(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"git commit -m 'update token handling'", "git commit -m 'update token handling'"},
		{"go test -parallel 4 ./...", "go test -parallel 4 ./..."},
		{"ssh -p 2222 host", "ssh -p 2222 host"},
		{"curl https://example.com/a:b@c", "curl https://example.com/a:b@c"},
		{"https://user:pw1234@host/x", "https://user:[REDACTED]@host/x"},
		{"Authorization: Bearer abcdefgh12345678", "Authorization: Bearer [REDACTED]"},
		{"PASSWORD=verysecret make", "PASSWORD=[REDACTED] make"},
		{"key " + secrets["aws id"], "key [REDACTED]"},
		// passwords given on command lines
		{"sshpass -p 'hunter2 x' ssh host", "sshpass -p [REDACTED] ssh host"},
		{"sshpass -phunter2 ssh host", "sshpass -p[REDACTED] ssh host"},
		{"docker login -u me -p Dock3rPw registry.example.com", "docker login -u me -p [REDACTED] registry.example.com"},
		{"docker login --password=Dock3rPw r.example.com", "docker login --password=[REDACTED] r.example.com"},
		{"az login -u me@x.com -p AzurePw1", "az login -u me@x.com -p [REDACTED]"},
		{"mysql -uroot -pMyPw app", "mysql -uroot -p[REDACTED] app"},
		{"redis-cli -h db -a R3disPw ping", "redis-cli -h db -a [REDACTED] ping"},
		{"htpasswd -b .htpasswd admin HtPw99", "htpasswd -b .htpasswd admin [REDACTED]"},
		{"htpasswd -nb admin HtPw99", "htpasswd -nb admin [REDACTED]"},
		{"echo SudoPw1 | sudo -S apt update", "echo [REDACTED] | sudo -S apt update"},
		{"echo 'Sudo Pw1' | sudo -kS ls", "echo [REDACTED] | sudo -kS ls"},
		{"sudo -S ls <<< SudoPw1", "sudo -S ls <<< [REDACTED]"},
		{"curl -u user:CurlPw1 https://x", "curl -u user:[REDACTED] https://x"},
		{"git clone https://bob:GitPw1@example.com/r", "git clone https://bob:[REDACTED]@example.com/r"},
		{"curl -H 'Cookie: session=abc123; csrf=zz' https://x", "curl -H 'Cookie: [REDACTED]' https://x"},
		{"curl -b 'session=abc123' https://x", "curl -b [REDACTED] https://x"},
		{"curl -H 'Authorization: ApiKey Zm9vYmFy1' https://x", "curl -H 'Authorization: ApiKey [REDACTED]' https://x"},
		{"curl -H 'Authorization: Zm9vYmFy1' https://x", "curl -H 'Authorization: [REDACTED]' https://x"},
		{"VAULT_TOKEN=hvs.CAESIJ1x2y3z4A5B6C7D8E9F0gh vault read x", "VAULT_TOKEN=[REDACTED] vault read x"},
		{"vault login hvs.CAESIJ1x2y3z4A5B6C7D8E9F0gh", "vault login [REDACTED]"},
		{"vault login s.AbCdEfGhIjKlMnOpQrStUvWx", "vault login [REDACTED]"},
		// what is not a password stays
		{"ssh -p 2222 host && docker ps -a", "ssh -p 2222 host && docker ps -a"},
		{"redis-cli ping", "redis-cli ping"},
		{"sudo -S ls", "sudo -S ls"},
		{"echo hi | sudo tee /etc/x", "echo hi | sudo tee /etc/x"},
	}
	for _, tt := range tests {
		if got := r.String(tt.in); got != tt.want {
			t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if _, err := audit.NewRedactor([]string{"("}); err == nil {
		t.Error("a pattern that does not compile was accepted")
	}
	if _, err := audit.NewRedactor([]string{"x*"}); err == nil {
		t.Error("a pattern matching the empty string was accepted")
	}
}

func TestNewRecord(t *testing.T) {
	when := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	req := api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "rm -rf /", "b": []any{"x"}}, Cwd: "/r", SessionID: "s", AgentID: "a", AgentType: "worker", PermissionMode: api.ModePlan, ToolUseID: "toolu_1"}
	d := api.Decision{ID: "d1", Behavior: api.Deny, Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)", File: "/r/.warden/settings.json", Line: 4}, Risk: api.RiskHigh, Time: when}
	got := audit.NewRecord(req, d)
	want := audit.Record{
		ID: "d1", Time: when, Session: "s", Agent: "a", AgentType: "worker", Tool: "Bash",
		Input:    map[string]any{"command": "rm -rf /", "b": []any{"x"}},
		Behavior: api.Deny, Reason: d.Reason, Risk: api.RiskHigh, Mode: api.ModePlan, Cwd: "/r", ToolUseID: "toolu_1",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// The record holds a copy: changing the request later changes nothing.
	req.ToolInput["b"].([]any)[0] = "y"
	if got.Input["b"].([]any)[0] != "x" {
		t.Error("NewRecord shares the request's input")
	}
	if audit.NewRecord(req, api.Decision{}).ID == "" {
		t.Error("a decision without an ID got a record without one")
	}
}

// TestDigest checks the keyed digest: independent of key order, different
// for different inputs and different keys, and never the plain SHA-256 that
// would let a redacted secret be confirmed offline.
func TestDigest(t *testing.T) {
	k := audit.DigestKey("0123456789abcdef0123456789abcdef")
	in := map[string]any{"command": "a<b", "timeout": float64(3)}
	a := k.Digest(in)
	if b := k.Digest(map[string]any{"timeout": float64(3), "command": "a<b"}); a != b {
		t.Error("the digest depends on key order")
	}
	if !strings.HasPrefix(a, "hmac-sha256:") || len(a) != len("hmac-sha256:")+64 {
		t.Errorf("digest %q is not hmac-sha256:<64 hex>", a)
	}
	plain := sha256.Sum256([]byte(`{"command":"a<b","timeout":3}`))
	if strings.Contains(a, hex.EncodeToString(plain[:])) {
		t.Error("the digest is the unkeyed SHA-256 of the input")
	}
	if a == k.Digest(map[string]any{"command": "a<c", "timeout": float64(3)}) {
		t.Error("different inputs share a digest")
	}
	if a == audit.NewDigestKey().Digest(in) {
		t.Error("different keys give the same digest")
	}
}

// TestDigestKeyFile checks that the per-install key is created once, 0600,
// and read back the same by every later sink.
func TestDigestKeyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "warden", "audit.key")
	k1, err := audit.LoadDigestKey(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", fi.Mode().Perm())
	}
	k2, err := audit.LoadDigestKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(k1) != string(k2) || len(k1) != audit.DigestKeySize {
		t.Errorf("the key changed between loads or has %d bytes", len(k1))
	}
	// Two sinks of one install digest alike; the digest is not the plain hash.
	dir := t.TempDir()
	var digests []string
	for i := range 2 {
		p := filepath.Join(dir, "audit.jsonl")
		sink, err := audit.NewFileSink(p, audit.FileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r := audit.NewRecord(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "sshpass -p pw ssh h"}}, api.Decision{ID: fmt.Sprint(i), Behavior: api.Ask})
		if err := sink.Write(context.Background(), r); err != nil {
			t.Fatal(err)
		}
		rs, _, err := audit.Read(p, audit.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		digests = append(digests, rs[len(rs)-1].InputDigest)
	}
	if digests[0] != digests[1] || digests[0] == "" {
		t.Errorf("digests of one input by one install differ: %v", digests)
	}
	if fi, err := os.Stat(filepath.Join(dir, "audit.key")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the sink's key file: %v, %v", fi, err)
	}
}

// TestPermissionRequestLinksToPreToolUse checks that the record of a
// PermissionRequest, which carries no tool_use_id, gets the one of the
// PreToolUse record of the same session, tool and input.
func TestPermissionRequestLinksToPreToolUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	sink, err := audit.NewFileSink(path, audit.FileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	in := map[string]any{"command": "touch j-made.txt"}
	write := func(req api.Request, b api.Behavior) {
		if err := sink.Write(ctx, audit.NewRecord(req, api.Decision{Behavior: b})); err != nil {
			t.Fatal(err)
		}
	}
	write(api.Request{ToolName: "Bash", ToolInput: in, SessionID: "s1", ToolUseID: "toolu_A", HookEventName: "PreToolUse"}, api.Ask)
	write(api.Request{ToolName: "Bash", ToolInput: in, SessionID: "s2", ToolUseID: "toolu_other", HookEventName: "PreToolUse"}, api.Ask)
	write(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "ls"}, SessionID: "s1", ToolUseID: "toolu_ls", HookEventName: "PreToolUse"}, api.Allow)
	write(api.Request{ToolName: "Bash", ToolInput: in, SessionID: "s1", HookEventName: "PermissionRequest"}, api.Deny)
	write(api.Request{ToolName: "Bash", ToolInput: map[string]any{"command": "new"}, SessionID: "s1", HookEventName: "PermissionRequest"}, api.Deny)
	rs, _, err := audit.Read(path, audit.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if got := rs[3]; got.ToolUseID != "toolu_A" || got.Event != "PermissionRequest" || got.Behavior != api.Deny {
		t.Errorf("PermissionRequest record: tool_use_id %q event %q behavior %s, want toolu_A PermissionRequest deny", got.ToolUseID, got.Event, got.Behavior)
	}
	if got := rs[4]; got.ToolUseID != "" {
		t.Errorf("a PermissionRequest with no PreToolUse got tool_use_id %q", got.ToolUseID)
	}
}

func TestRotation(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	sink, err := audit.NewFileSink(path, audit.FileOptions{MaxBytes: 2000, Keep: 2})
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	when := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		r := audit.NewRecord(api.Request{ToolName: "Read", ToolInput: map[string]any{"file_path": strings.Repeat("x", 200)}},
			api.Decision{ID: fmt.Sprintf("d%02d", i), Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonTool}, Time: when.Add(time.Duration(i) * time.Second)})
		if err := sink.Write(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	files := audit.Files(path)
	if diff := cmp.Diff([]string{path + ".2", path + ".1", path}, files); diff != "" {
		t.Errorf("files after rotation (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(path + ".3"); !os.IsNotExist(err) {
		t.Error("more rotated files kept than Keep")
	}
	for _, f := range files {
		fi, _ := os.Stat(f)
		if fi.Size() > 2000 {
			t.Errorf("%s holds %d bytes, past MaxBytes", f, fi.Size())
		}
	}
	rs, bad, err := audit.Read(path, audit.Filter{})
	if err != nil || len(bad) > 0 {
		t.Fatal(err, bad)
	}
	// The newest records survive, in order.
	if len(rs) == 0 || rs[len(rs)-1].ID != fmt.Sprintf("d%02d", n-1) {
		t.Fatalf("newest record missing after rotation: %d records", len(rs))
	}
	for i := 1; i < len(rs); i++ {
		if !rs[i-1].Time.Before(rs[i].Time) {
			t.Errorf("records out of order at %d", i)
		}
	}
}

func TestReadFilterAndStats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	sink, err := audit.NewFileSink(path, audit.FileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rows := []struct {
		tool, session string
		b             api.Behavior
		reason        api.Reason
		age           time.Duration
	}{
		{"Bash", "s1", api.Deny, api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)"}, 3 * time.Hour},
		{"Bash", "s1", api.Allow, api.Reason{Type: api.ReasonUser, Person: "alice"}, 30 * time.Minute},
		{"Read", "s2", api.Allow, api.Reason{Type: api.ReasonTool}, 20 * time.Minute},
		{"Bash", "s2", api.Deny, api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)"}, 10 * time.Minute},
		{"Edit", "s1", api.Ask, api.Reason{Type: api.ReasonDefault}, time.Minute},
	}
	for i, row := range rows {
		r := audit.NewRecord(api.Request{ToolName: row.tool, SessionID: row.session, ToolInput: map[string]any{}},
			api.Decision{ID: fmt.Sprintf("d%d", i), Behavior: row.b, Reason: row.reason, Time: now.Add(-row.age)})
		if err := sink.Write(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	// A damaged line is reported, not fatal.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{not json\n")
	f.Close()

	tests := []struct {
		name   string
		filter audit.Filter
		want   []string
	}{
		{"all", audit.Filter{}, []string{"d0", "d1", "d2", "d3", "d4"}},
		{"since", audit.Filter{Since: now.Add(-time.Hour)}, []string{"d1", "d2", "d3", "d4"}},
		{"behavior", audit.Filter{Behavior: api.Deny}, []string{"d0", "d3"}},
		{"tool", audit.Filter{Tool: "Bash"}, []string{"d0", "d1", "d3"}},
		{"session", audit.Filter{Session: "s2"}, []string{"d2", "d3"}},
		{"combined", audit.Filter{Tool: "Bash", Session: "s1", Behavior: api.Allow}, []string{"d1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs, bad, err := audit.Read(path, tt.filter)
			if err != nil {
				t.Fatal(err)
			}
			if len(bad) != 1 || !strings.Contains(bad[0].Error(), path+":6:") {
				t.Errorf("bad lines = %v, want line 6 reported", bad)
			}
			var ids []string
			for _, r := range rs {
				ids = append(ids, r.ID)
			}
			if diff := cmp.Diff(tt.want, ids); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	rs, _, _ := audit.Read(path, audit.Filter{})
	want := audit.Stats{
		Total:      5,
		ByBehavior: map[string]int{"allow": 2, "deny": 2, "ask": 1},
		ByTool:     map[string]int{"Bash": 3, "Read": 1, "Edit": 1},
		ByDecider:  map[string]int{"rule Bash(rm:*)": 2, "user alice": 1, "tool": 1, "default": 1},
	}
	if diff := cmp.Diff(want, audit.Summarize(rs)); diff != "" {
		t.Errorf("Summarize (-want +got):\n%s", diff)
	}
}

func TestDecider(t *testing.T) {
	tests := []struct {
		r    api.Reason
		want string
	}{
		{api.Reason{Type: api.ReasonRule, Rule: "Bash(rm:*)", File: "s.json", Line: 4}, "rule Bash(rm:*)"},
		{api.Reason{Type: api.ReasonHook, Hook: "./check.sh"}, "hook ./check.sh"},
		{api.Reason{Type: api.ReasonMode, Mode: api.ModePlan}, "mode plan"},
		{api.Reason{Type: api.ReasonClassifier, Classifier: "pattern"}, "classifier pattern"},
		{api.Reason{Type: api.ReasonUser, Person: "alice"}, "user alice"},
		{api.Reason{Type: api.ReasonLeader, Leader: "lead"}, "leader lead"},
		{api.Reason{Type: api.ReasonGrant, Grant: "g-1"}, "grant g-1"},
		{api.Reason{Type: api.ReasonGrant, Grant: "g-1", Rule: "Bash(ls:*)"}, "grant Bash(ls:*)"},
		{api.Reason{Type: api.ReasonTimeout}, "timeout"},
		{api.Reason{}, "unknown"},
	}
	for _, tt := range tests {
		if got := audit.Decider(tt.r); got != tt.want {
			t.Errorf("Decider(%+v) = %q, want %q", tt.r, got, tt.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"id":"d1","time":"2026-03-01T12:00:00Z","tool":"Bash","input":{},"input_digest":"x","behavior":"allow","reason":{"type":"rule","message":""}}` + "\n{bad\n"))
	f.Add([]byte("\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "audit.jsonl")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		rs, bad, err := audit.Read(path, audit.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		if len(rs)+len(bad) != lines {
			t.Fatalf("%d records + %d bad lines for %d lines", len(rs), len(bad), lines)
		}
	})
}

func FuzzRedact(f *testing.F) {
	f.Add("https://u:p@h", "sk-")
	f.Add("Bearer "+secrets["bearer"], secrets["github"])
	f.Fuzz(func(t *testing.T, prefix, s string) {
		r, _ := audit.NewRedactor(nil)
		out := r.String(prefix + " " + secrets["anthropic"] + " " + s)
		if strings.Contains(out, secrets["anthropic"]) {
			t.Fatalf("secret survived in %q", out)
		}
		// Redacting twice changes nothing more.
		if again := r.String(out); again != out {
			t.Fatalf("not idempotent:\n%q\n%q", out, again)
		}
	})
}

func BenchmarkFileSinkWrite(b *testing.B) {
	sink, err := audit.NewFileSink(filepath.Join(b.TempDir(), "audit.jsonl"), audit.FileOptions{})
	if err != nil {
		b.Fatal(err)
	}
	r := audit.NewRecord(api.Request{ToolName: "Bash", SessionID: "s1", ToolInput: map[string]any{"command": "npm run test -- --watch=false && git status", "description": "Run the tests"}},
		api.Decision{ID: "d1", Behavior: api.Allow, Reason: api.Reason{Type: api.ReasonRule, Rule: "Bash(npm run test:*)", File: ".warden/settings.json", Line: 3}})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := sink.Write(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRedactCommand(b *testing.B) {
	r, _ := audit.NewRedactor(nil)
	in := map[string]any{"command": "npm run test -- --watch=false && git status", "description": "Run the tests"}
	b.ReportAllocs()
	for b.Loop() {
		r.Value(in)
	}
}
