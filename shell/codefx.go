package shell

import (
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/internal/fspath"
	"github.com/wardenhq/warden/internal/lazyre"
)

// Inline interpreter code (python -c, node -e, perl -e, R -e, …) always
// runs code, so it is never read-only. Beyond the shell commands it runs
// (walked as nested scripts by checkCode), it is flagged where it
// recognisably deletes a tree or a guarded file, sends secrets over the
// network, decodes a payload and runs it, opens a shell, or reads
// credentials.

var (
	// codeDecode matches decoding a hidden payload.
	codeDecode = lazyre.Compile(`(?i)b64decode|base64_decode|decode_base64|base64\.decode|Base64\.decode64|unpack1?\(\s*["']m|Buffer\.from\([^)]*["'](?:base64|hex)["']|\batob\(|fromhex|unhexlify|pack\(\s*["']H\*|decompress\(|codecs\.decode|FromBase64String|fromCharCode|base64enc|base64decode|rawToChar|\.decode\(\s*["'](?:base64|hex|rot13|rot_13)`)
	// codeRunsText matches running text as code.
	codeRunsText = lazyre.Compile(`(?i)\b(?:eval|exec|execfile|compile|instance_eval|class_eval|module_eval|assert|create_function|Invoke-Expression|iex|loadstring|load|dostring|parse|run)\s*[\(\s]|new Function|Function\(|vm\.run|runInThisContext|\beval\b`)
	// codeSpawnShell matches starting a shell.
	codeSpawnShell = lazyre.Compile(`(?i)pty\.spawn|os\.exec[lv]p?e?\s*\(\s*["'](?:/usr)?(?:/bin/)?(?:ba|z|da|k|c|tc|fi)?sh["']|\bexec\s*\(?\s*["'](?:/usr)?(?:/bin/)?(?:ba|z|da|k|c|tc|fi)?sh(?:\s+-i)?["']|spawn(?:Sync)?\(\s*["'](?:/usr)?(?:/bin/)?(?:ba|z|da|k)?sh["']|pcntl_exec|(?:os\.execute|system|system2|popen|os\.system|Kernel\.system|run)\s*\(\s*["'](?:/usr)?(?:/bin/)?(?:ba|z|da|k)?sh(?:\s+-i)?["']|run\(\x60(?:ba|z)?sh\x60\)|\[\s*["'](?:/usr)?(?:/bin/)?(?:ba|z|da|k)?sh["']\s*(?:,\s*["']-i["']\s*)?\]|Deno\.Command\(\s*["'](?:ba)?sh["']|do shell script\s+["'](?:/bin/)?(?:ba|z)?sh["']`)
	// codeEnvDump matches reading the whole environment.
	codeEnvDump = lazyre.Compile(`(?i)(?:dict|str|json\.dumps|repr)\(\s*os\.environ\s*\)|os\.environ\.items\(\)|JSON\.stringify\(\s*process\.env\s*\)|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|\bENV\.to_[ha]\b|%ENV\b|\$_ENV\b|getenv\(\s*\)|Deno\.env\.toObject|System\.getenv\(\s*\)|Sys\.getenv\(\s*\)|ENV\.inspect|\bprintenv\b`)
	// codeSecretVar matches reading one variable by a secret's name.
	codeSecretVar = lazyre.Compile(`(?:os\.environ(?:\.get)?[\[\(]\s*|process\.env\.|process\.env\[\s*|ENV\[\s*|\$ENV\{\s*|getenv\(\s*|Deno\.env\.get\(\s*|Sys\.getenv\(\s*)["']?([A-Za-z_][A-Za-z0-9_]*)`)
	// codeSend matches sending data to a host.
	codeSend = lazyre.Compile(`(?i)requests\.(?:post|put|patch|get)|urlopen|urllib|http\.client|httpx|aiohttp|fetch\(|axios|https?\.request|https?\.get|XMLHttpRequest|Net::HTTP|LWP::|HTTP::Tiny|IO::Socket|socket\.|TCPSocket|fsockopen|file_get_contents\(\s*["']https?:|curl_exec|stream_context_create|download\.file|httr::|RCurl|smtplib|ftplib|paramiko|dns\.resolver|\bcurl\b|\bwget\b|Invoke-WebRequest|Invoke-RestMethod|net\.connect|dgram|WebSocket|require\(\s*["'](?:https?|net|dgram|tls|axios|node-fetch)["']\)|\.request\(`)
	// codeWriteVerb matches writing, moving or deleting a file.
	codeWriteVerb = lazyre.Compile(`(?i)open\([^)]*["'][wax]\+?b?["']|\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*["']\+?>|sysopen|writeFile|appendFile|createWriteStream|File\.(?:write|open\([^)]*["'][wa])|IO\.write|file_put_contents|fopen\([^)]*["'][wax]|write_text|write_bytes|os\.(?:remove|unlink|rename|replace)|shutil\.(?:copy|move)|fs\.(?:unlink|rm|rename|copyFile|symlink)|FileUtils\.|File\.(?:delete|unlink|rename|symlink)|unlink\(|rename\(|copy\(|writeLines|cat\([^)]*file\s*=|sink\(|Deno\.(?:writeTextFile|writeFile|remove|rename)|file delete|file rename|spit\b`)
	// codeURLImport matches loading a module straight from the network.
	codeURLImport = lazyre.Compile(`(?:\bimport\s*\(\s*|\bimport\s[^;\n]*?from\s*|\brequire\s*\(\s*|\bsource\s*\(\s*|\bload\s*\(\s*)["'\x60]https?://`)
	// codeRecursiveR matches R's and Julia's recursive deletes.
	codeRecursiveR = lazyre.Compile(`\b(?:unlink|rm)\(\s*((?:[^,()]|\([^()]*\))*)[^;\n]*?recursive\s*=\s*(?:TRUE|true|T)\b`)
)

// checkCodeEffects flags inline code that deletes, sends, decodes and runs,
// opens a shell, reads credentials or writes agent control files.
func (a *analyzer) checkCodeEffects(c *call, prog, code string) {
	if len(code) > 64<<10 {
		code = code[:64<<10]
	}
	homeRef := codeHomeExpr.MatchString(code)
	var credPaths, controlPaths []string
	for _, lit := range stringLits(code, 64) {
		if t := strings.TrimLeft(lit, " "); strings.HasPrefix(t, ">") || strings.HasPrefix(t, "+<") || strings.HasPrefix(t, "+>") {
			// Perl's and Ruby's two-argument open: ">FILE", ">>FILE",
			// "+<FILE" open FILE for writing, whatever verb surrounds it.
			for _, p := range a.codePaths(strings.TrimLeft(t, "+<> "), c.cwd, homeRef) {
				if isControl(a, p) {
					a.judgeWrite(c, p)
				}
			}
			continue
		}
		for _, p := range a.codePaths(lit, c.cwd, homeRef) {
			switch {
			case a.credentialFile(p) || secretEnvFile(p):
				credPaths = appendPath(credPaths, p)
			case isControl(a, p):
				controlPaths = appendPath(controlPaths, p)
			}
		}
	}
	secretVar := ""
	for _, m := range codeSecretVar.FindAllStringSubmatch(code, 8) {
		if checks.SecretVarName(m[1]) {
			secretVar = m[1]
			break
		}
	}
	envDump := codeEnvDump.MatchString(code)
	sends := codeSend.MatchString(code) || codeSocket.MatchString(code)

	switch {
	case sends && len(credPaths) > 0:
		a.flag(c, danger.Exfiltration, prog+" code sends the credential file "+credPaths[0]+" over the network")
	case sends && envDump:
		a.flag(c, danger.Exfiltration, prog+" code sends the environment, secrets included, over the network")
	case sends && secretVar != "":
		a.flag(c, danger.Exfiltration, prog+" code sends the secret "+secretVar+" over the network")
	case len(credPaths) > 0:
		a.flag(c, danger.CredentialAccess, prog+" code reads the credential file "+credPaths[0])
	case secretVar != "":
		a.flagAt(c, danger.CredentialAccess, prog+" code reads the secret "+secretVar, medium)
	case envDump:
		a.flagAt(c, danger.CredentialAccess, prog+" code reads the whole environment, secrets included", medium)
	}
	if codeURLImport.MatchString(code) {
		a.flag(c, danger.RemoteExec, prog+" code loads and runs a module straight from the network")
	}
	if codeDecode.MatchString(code) && codeRunsText.MatchString(code) {
		a.flag(c, danger.RemoteExec, prog+" code decodes a hidden payload and runs it")
	}
	if codeSpawnShell.MatchString(code) && !codeSocket.MatchString(code) {
		a.flagAt(c, danger.RemoteExec, prog+" code opens a shell, escaping what the command shows", medium)
	}
	if codeWriteVerb.MatchString(code) {
		for _, p := range controlPaths {
			a.judgeWrite(c, p)
		}
	}
	for _, m := range codeRecursiveR.FindAllStringSubmatch(code, 4) {
		target := strings.TrimSpace(m[1])
		switch lit, ok := stringLiteral(target); {
		case codeHomeExpr.MatchString(target):
			a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes the home directory")
		case ok:
			checks.JudgeDelete(a.view(c), arg{Value: lit, Raw: lit, Lit: true, Glob: fspath.HasGlob(lit)}, true)
		case target != "":
			a.flag(c, danger.RecursiveDelete, prog+" code recursively deletes a path computed at run time ("+target+")")
		}
	}
}

// codePaths returns where a string literal in code may point: resolved
// against the working directory and ~, and, when the code names the home
// directory, under it (homedir() + "/.aws/credentials").
func (a *analyzer) codePaths(lit, cwd string, homeRef bool) []string {
	if !strings.ContainsAny(lit, "/.~") || strings.ContainsAny(lit, " \t") && !strings.HasPrefix(lit, "/") || strings.Contains(lit, "://") {
		return nil
	}
	var out []string
	if p := a.resolveString(lit, cwd); p != "" {
		out = append(out, p)
	}
	if homeRef && a.opts.Home != "" && (strings.HasPrefix(lit, "/.") || strings.HasPrefix(lit, ".")) {
		out = append(out, fspath.Join(a.opts.Home, strings.TrimPrefix(lit, "/")))
	}
	return out
}

// isControl reports an agent control file.
func isControl(a *analyzer, p string) bool {
	_, ok := a.control(p)
	return ok
}

// stringLits returns up to n string literals of code, in order: a run of
// 1 to 300 characters with no quote of its kind, backslash or newline,
// between two double or two single quotes ("x", 'x'). It is what the
// pattern "([^"\\\n]{1,300})"|'([^'\\\n]{1,300})' finds (TestStringLits holds
// them to the same answers), without the pattern, whose counted
// repetitions cost more to compile than all the rest of a hook's work.
func stringLits(code string, n int) []string {
	var out []string
	for i := 0; i < len(code) && len(out) < n; i++ {
		q := code[i]
		if q != '"' && q != '\'' {
			continue
		}
		j := i + 1
		for j < len(code) && code[j] != q && code[j] != '\\' && code[j] != '\n' {
			j++
		}
		if j == len(code) || code[j] != q || j == i+1 || utf8.RuneCountInString(code[i+1:j]) > 300 {
			continue
		}
		out = append(out, code[i+1:j])
		i = j
	}
	return out
}
