package shell

import (
	"strings"
	"unicode/utf8"

	"github.com/wardenhq/warden/checks"
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
	// codeWaits matches pausing, which bounds a loop.
	codeWaits = lazyre.Compile(`(?i)sleep`)
	// codeRecursiveR matches R's and Julia's recursive deletes.
	codeRecursiveR = lazyre.Compile(`\b(?:unlink|rm)\(\s*((?:[^,()]|\([^()]*\))*)[^;\n]*?recursive\s*=\s*(?:TRUE|true|T)\b`)
)

// patternFacts matches what code does in its text, for a language
// internal/lang/code has no reader for (PowerShell, Julia, Tcl,
// AppleScript): the patterns see strings and comments as code.
func (a *analyzer) patternFacts(code string) codeFacts {
	var x codeFacts
	if codeHomeDelete.MatchString(code) {
		x.deletes = append(x.deletes, codeDelete{tree: true, home: true})
	} else {
		for _, m := range codeRmTree.FindAllStringSubmatch(code, 4) {
			x.deletes = append(x.deletes, patternDelete(m[1], true))
		}
	}
	for _, m := range codeRemoveFile.FindAllStringSubmatch(code, 4) {
		x.deletes = append(x.deletes, patternDelete(m[1], false))
	}
	for _, m := range codeRecursiveR.FindAllStringSubmatch(code, 4) {
		x.deletes = append(x.deletes, patternDelete(m[1], true))
	}
	x.massDelete = codeMassDelete.FindString(code)
	x.forkBomb = codeFork.MatchString(code) || strings.Contains(code, ":(){") || strings.Contains(code, "fork while fork")
	x.hog = codeInfinite.MatchString(code) && codeHog.MatchString(code) && !strings.Contains(code, "break") && !codeWaits.MatchString(code)
	x.fetchRuns = codeNetFetch.MatchString(code) && codeEval.MatchString(code)
	x.reverse = codeSocket.MatchString(code) && codeShellSpawn.MatchString(code)
	x.home = codeHomeExpr.MatchString(code)
	x.strings = stringLits(code, 64)
	for _, m := range codeSecretVar.FindAllStringSubmatch(code, 8) {
		if checks.SecretVarName(m[1]) {
			x.secretVar = m[1]
			break
		}
	}
	x.envDump = codeEnvDump.MatchString(code)
	x.sends = codeSend.MatchString(code) || codeSocket.MatchString(code)
	x.urlImport = codeURLImport.MatchString(code)
	x.decodeRuns = codeDecode.MatchString(code) && codeRunsText.MatchString(code)
	x.shellAlone = codeSpawnShell.MatchString(code) && !codeSocket.MatchString(code)
	x.writes = codeWriteVerb.MatchString(code)
	return x
}

// patternDelete is a delete whose target a pattern matched: a literal, the
// home directory, or computed at run time.
func patternDelete(target string, tree bool) codeDelete {
	target = strings.TrimSpace(target)
	d := codeDelete{tree: tree, expr: target}
	switch lit, ok := stringLiteral(target); {
	case codeHomeExpr.MatchString(target):
		d.home = true
	case ok:
		d.known, d.target = true, lit
	case target == "":
		d.tree = false // nothing to judge
	}
	return d
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
