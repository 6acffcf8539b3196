package audit_test

import (
	"strings"
	"testing"

	"github.com/wardenhq/warden/audit"
)

// TestRedactProviderTokens checks the tokens of providers the first
// patterns missed: each secret is gone from the redacted text, and
// look-alikes that are not secrets stay as written.
func TestRedactProviderTokens(t *testing.T) {
	r, err := audit.NewRedactor(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ text, secret string }{
		{"CI_RUNNER=glrt-abcdefghijklmnopqrst1234", "abcdefghijklmnopqrst1234"},
		{"git clone https://x:gldt-abcdefghijklmnopqrst1234@gitlab.com/r", "gldt-abcdefghijklmnopqrst1234"},
		{"curl -X POST https://hooks.slack.com/services/T0123ABCD/B0123ABCD/abcdefghijklmnopqrstuvwx -d x", "abcdefghijklmnopqrstuvwx"},
		{"SLACK_APP=xapp-1-A0123ABCD-1234567890123-abcdef0123456789abcdef", "abcdef0123456789abcdef"},
		{"curl -H 'Authorization: OAuth ya29.a0AfH6SMBabcdefghijklmnop'", "ya29.a0AfH6SMBabcdefghijklmnop"},
		{"az storage blob list --connection-string 'DefaultEndpointsProtocol=https;AccountName=a;AccountKey=abcdEFGHijklMNOPqrstUVWXyz01==;EndpointSuffix=core.windows.net'", "abcdEFGHijklMNOPqrstUVWXyz01=="},
		{"curl 'https://a.blob.core.windows.net/c/b?sv=2022-11-02&sig=abcdEFGHijkl%2BMNOPqrst%3D'", "abcdEFGHijkl%2BMNOPqrst%3D"},
		{"SENDGRID=SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"},
		{"mailgun key-0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"},
		{"doctl auth init -t dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"},
		{"X-Shopify-Access-Token shpat_0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"},
		{"databricks dapi0123456789abcdef0123456789abcdef", "dapi0123456789abcdef0123456789abcdef"},
		{"doppler dp.pt.abcdefghijklmnopqrstuvwxyz0123456789ABCD", "abcdefghijklmnopqrstuvwxyz0123456789ABCD"},
		{"LINEAR lin_api_abcdefghijklmnopqrstuvwxyz0123456789ABCD", "abcdefghijklmnopqrstuvwxyz0123456789ABCD"},
		{"notion ntn_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"},
		{"jira ATATT3xFfGF0abcdefghijklmnopqrstuvwxyz0123456789", "ATATT3xFfGF0abcdefghijklmnopqrstuvwxyz0123456789"},
		{"postman PMAK-0123456789abcdef01234567-0123456789abcdef0123456789abcdef01", "0123456789abcdef0123456789abcdef01"},
		{"grafana glsa_abcdefghijklmnopqrstuvwxyz012345_0123abcd", "abcdefghijklmnopqrstuvwxyz012345_0123abcd"},
		{"curl https://api.telegram.org/bot123456789:AAHabcdefghijklmnopqrstuvwxyz0123456/getMe", "AAHabcdefghijklmnopqrstuvwxyz0123456"},
		{"curl https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"},
		{"AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ", "QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ"},
		{"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPrivate-Lines: 1\nAAAAIabcdefghijklmnop\nPrivate-MAC: 00", "AAAAIabcdefghijklmnop"},
		{"GROQ=gsk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP"},
		{"REPLICATE=r8_abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz0123456789"},
		{"pplx-abcdefghijklmnopqrstuvwxyz0123456789abcdefgh", "abcdefghijklmnopqrstuvwxyz0123456789abcdefgh"},
		{"xai-abcdefghijklmnopqrstuvwxyz0123456789abcdefgh", "abcdefghijklmnopqrstuvwxyz0123456789abcdefgh"},
		{"stripe listen --forward-to x whsec_abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwxyz012345"},
		{"printf 'machine api.example.com login bob password hunter2secret' > ~/.netrc", "hunter2secret"},
		{"twilio SK0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"},
		{"square sq0atp-abcdefghijklmnopqrstuv", "abcdefghijklmnopqrstuv"},
		{"square EAAAEabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTU", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTU"},
	}
	for _, tt := range tests {
		if got := r.String(tt.text); strings.Contains(got, tt.secret) {
			t.Errorf("%q: the secret stays: %q", tt.text, got)
		}
	}
	for _, keep := range []string{"SKU-1234 in stock", "the machine learning team", "key-value store", "git log --oneline", "docs for the sig parameter", "glob pattern"} {
		if got := r.String(keep); got != keep {
			t.Errorf("%q is not secret, redacted to %q", keep, got)
		}
	}
}
