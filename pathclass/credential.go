package pathclass

import (
	"path"
	"strings"
)

// credentialEntry declares a file or directory of secrets; its pattern is
// its own example.
func credentialEntry(pattern string) Entry {
	return Entry{Pattern: pattern, Match: []string{strings.TrimSuffix(pattern, "/")}}
}

// credentials are the files and directories that hold secrets: cloud and
// tool tokens, password stores, browser profiles. Private keys, wherever
// they are, are recognised by name in Credential. The generated
// credentialEntries holds them as constant data, with their index.
func credentials() []Entry {
	var out []Entry
	for _, p := range []string{
		"~/.aws/credentials", "~/.aws/sso/cache/", "~/.aws/cli/cache/", "~/.config/gcloud/credentials.db", "~/.config/gcloud/access_tokens.db",
		"~/.config/gcloud/application_default_credentials.json", "~/.config/gcloud/legacy_credentials/", "~/.config/gcloud/configurations/",
		"~/.azure/accessTokens.json", "~/.azure/msal_token_cache.json", "~/.azure/msal_token_cache.bin", "~/.kube/config", "~/.docker/config.json",
		"~/.netrc", "~/.git-credentials", "~/.config/gh/hosts.yml", "~/.gnupg/private-keys-v1.d/", "~/.gnupg/secring.gpg", "~/.password-store/",
		"~/.vault-token", "~/.terraform.d/credentials.tfrc.json", "~/.config/hub", "~/.npmrc", "~/.pypirc", "~/.cargo/credentials",
		"~/.cargo/credentials.toml", "~/.gem/credentials", "~/.config/op/", "~/.local/share/keyrings/", "~/Library/Keychains/", "~/.mozilla/firefox/",
		"~/.config/google-chrome/", "~/.config/chromium/", "~/Library/Application Support/Google/Chrome/", "~/Library/Application Support/Firefox/",
		"~/Library/Cookies/", "~/.config/BraveSoftware/", "~/.claude/.credentials.json", "~/.codex/auth.json", "~/.databrickscfg", "~/.pgpass",
		"~/.my.cnf", "~/.s3cfg", "~/.boto", "~/.config/doctl/config.yaml", "~/.config/heroku/", "~/.netlify/config.json", "~/.config/netlify/",
		"/etc/shadow", "/etc/gshadow", "/etc/master.passwd", "/etc/ssl/private/",
		"~/.m2/settings.xml", "~/.m2/settings-security.xml", "~/.gradle/gradle.properties", "~/.composer/auth.json", "~/.config/composer/auth.json",
		"~/.config/Code/User/globalStorage/state.vscdb", "~/Library/Application Support/Code/User/globalStorage/state.vscdb", "~/.nuget/NuGet/NuGet.Config",
		"~/.config/gh/config.yml", "~/.config/glab-cli/config.yml", "~/.config/rclone/rclone.conf", "~/.wrangler/config/default.toml",
		// Other tools' tokens: git's XDG credential store and cookies,
		// container registries, clouds, hosting and deploy CLIs, model
		// hubs, agents' own sign-ins, secret managers' keys.
		"~/.config/git/credentials", "~/.gitcookies", "~/.config/containers/auth.json", "~/.config/helm/registry/config.json",
		"~/.terraformrc", "~/.pulumi/credentials.json", "~/.oci/config", "~/.aliyun/config.json", "~/.bluemix/config.json",
		"~/.config/hcloud/cli.toml", "~/.config/linode-cli", "~/.config/scaleway/config.yaml", "~/.fly/config.yml",
		"~/.local/share/com.vercel.cli/auth.json", "~/.vercel/auth.json", "~/.railway/config.json", "~/.supabase/access-token",
		"~/.config/configstore/firebase-tools.json", "~/.config/stripe/config.toml", "~/.config/ngrok/ngrok.yml", "~/.ngrok2/ngrok.yml",
		"~/.config/.wrangler/config/default.toml", "~/.cloudflared/cert.pem", "~/.sentryclirc", "~/.circleci/cli.yml", "~/.jfrog/",
		"~/.mc/config.json", "~/.snowflake/connections.toml", "~/.dbt/profiles.yml", "~/.ivy2/.credentials", "~/.config/tea/config.yml",
		"~/.cache/huggingface/token", "~/.huggingface/token", "~/.config/github-copilot/hosts.json", "~/.config/github-copilot/apps.json",
		"~/.gemini/oauth_creds.json", "~/.local/share/opencode/auth.json", "~/.config/sops/age/keys.txt", "~/.config/Bitwarden CLI/data.json",
		"~/.doppler/", "~/.expo/state.json", "~/.config/twilio-cli/config.json",
	} {
		out = append(out, credentialEntry(p))
	}
	return out
}

// compileCredentials indexes the credential entries, which match the
// declared entries only: reading ~/.aws is not reading ~/.aws/credentials.
// It is the definition of the generated credentialIndex.
func compileCredentials() *index {
	ix := compile(credentials())
	ix.exact = true
	return ix
}

// secretStoreNames are the file names of browsers' and wallets' secret
// stores, wherever they are.
var secretStoreNames = map[string]bool{"Login Data": true, "Cookies": true, "Web Data": true, "logins.json": true, "key4.db": true, "key3.db": true,
	"cookies.sqlite": true, "signons.sqlite": true, "login.keychain-db": true, "wallet.dat": true}

// Credential reports whether p (absolute, cleaned) holds secrets: a
// private key, a cloud or tool credential, a password or browser store.
// inWorkingDirs says whether p is in the project: a key-named .pem, .asc
// or .gpg there is taken for a test fixture or a public certificate.
func Credential(p, homeDir string, inWorkingDirs bool) bool {
	if orig, ok := BackedUp(p); ok && Credential(orig, homeDir, inWorkingDirs) {
		// ~/.aws/credentials~, ~/.kube/config.bak, ~/.netrc.orig: an
		// editor's or backup's copy holds the secrets.
		return true
	}
	base := path.Base(p)
	lb := strings.ToLower(base)
	dir := dirOf(p)
	if strings.HasSuffix(dir, "/.ssh") || dir == ".ssh" {
		if strings.HasSuffix(lb, ".pub") || lb == "known_hosts" || lb == "known_hosts.old" || lb == "config" || lb == "authorized_keys" || lb == "rc" {
			return false
		}
		return strings.HasPrefix(lb, "id_") || strings.HasSuffix(lb, ".pem") || strings.HasSuffix(lb, "_key") || strings.HasSuffix(lb, ".key") || lb == "identity"
	}
	if strings.HasPrefix(lb, "id_rsa") || strings.HasPrefix(lb, "id_ed25519") || strings.HasPrefix(lb, "id_ecdsa") || strings.HasPrefix(lb, "id_dsa") {
		return !strings.HasSuffix(lb, ".pub")
	}
	if strings.HasPrefix(p, "/proc/") && base == "environ" {
		return true // a process's environment, its tokens included
	}
	if secretStoreNames[base] || credentialIndex.match(p, homeDir) != nil {
		return true
	}
	for _, suf := range []string{".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".kdbx", ".gpg", ".asc"} {
		if strings.HasSuffix(lb, suf) && !strings.Contains(lb, "public") && !strings.HasSuffix(lb, ".pub.asc") {
			if suf == ".asc" || suf == ".gpg" || suf == ".pem" {
				// Certificates and signatures are public; keys in home
				// are not.
				underHome := homeDir != "" && p != homeDir && within(p, homeDir)
				return underHome && !inWorkingDirs && (strings.Contains(lb, "key") || strings.Contains(lb, "priv") || strings.Contains(lb, "secret"))
			}
			return true
		}
	}
	return false
}

// dirOf is path.Dir(p), without cleaning a path that is absolute and clean
// already (what callers hand over): its directory is p up to its last
// slash. Any other path is cleaned as path.Dir cleans it.
func dirOf(p string) string {
	if !cleanAbs(p) {
		return path.Dir(p)
	}
	i := strings.LastIndexByte(p, '/')
	if i == 0 {
		return "/"
	}
	return p[:i]
}

// cleanAbs reports an absolute path path.Clean leaves as it is: no empty,
// "." or ".." component and no trailing slash.
func cleanAbs(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	if p == "/" {
		return true
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		rest := p[i+1:]
		if rest == "" || rest[0] == '/' {
			return false
		}
		if rest[0] == '.' && (len(rest) == 1 || rest[1] == '/' || rest[1] == '.' && (len(rest) == 2 || rest[2] == '/')) {
			return false
		}
	}
	return true
}
