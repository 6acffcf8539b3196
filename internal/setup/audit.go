package setup

import (
	"path/filepath"
	"strings"

	"github.com/wardenhq/warden/agent"
	"github.com/wardenhq/warden/api"
	"github.com/wardenhq/warden/audit"
	"github.com/wardenhq/warden/settings"
)

// OpenAudit returns the audit sink settings configure: the file of
// audit.path (else the default under $XDG_STATE_HOME), with the settings'
// redaction patterns and rotation.
func OpenAudit(getenv func(string) string, st *settings.Settings) (audit.Sink, error) {
	opts := audit.FileOptions{Redact: st.Audit.Redact, Keep: st.Audit.Keep, DigestKeyFile: audit.DefaultKeyPath(getenv)}
	if st.Audit.MaxSizeMB > 0 {
		opts.MaxBytes = int64(st.Audit.MaxSizeMB) << 20
	}
	return audit.NewFileSink(AuditPath(getenv, st), opts)
}

// AuditPath resolves the audit file: settings' audit.path ("~/" is the
// home directory, a relative path is relative to the project root), else
// audit.DefaultPath.
func AuditPath(getenv func(string) string, st *settings.Settings) string {
	p := ""
	if st != nil {
		p = st.Audit.Path
	}
	switch {
	case p == "":
		return audit.DefaultPath(getenv)
	case p == "~" || strings.HasPrefix(p, "~/"):
		home := st.Home
		if home == "" {
			home = getenv("HOME")
		}
		return filepath.Join(home, strings.TrimPrefix(p, "~"))
	case filepath.IsAbs(p):
		return p
	}
	return filepath.Join(st.ProjectRoot, p)
}

// RanRecord is the audit record of a report that a call ran (a
// PostToolUse, an AfterTool) received by the front end via: the call, the
// outcome ran and the tool's error; the audit sink links it to the
// decision it follows (audit.EventPostToolUse).
func RanRecord(ran agent.Ran, via string) audit.Record {
	rec := audit.NewRecord(ran.Call.Request, api.Decision{})
	rec.Event, rec.Via = audit.EventPostToolUse, via
	rec.Outcome, rec.ToolError = audit.OutcomeRan, ran.ToolError
	return rec
}
