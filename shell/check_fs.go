package shell

import (
	"fmt"
	"github.com/wardenhq/warden/internal/fspath"
	"strconv"
	"strings"
	"unicode"

	"github.com/wardenhq/warden/checks"
	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/programs"
)

// recursiveRm reports a deleting call given -r, -R or --recursive in any
// spelling its entry reads (-rf, --rec).
func recursiveRm(res *programs.Result) bool { return res.Has("--recursive") }

func checkRm(a *analyzer, c *call) {
	recursive := c.prog != "rmdir" && c.prog != "unlink" && recursiveRm(a.entryParse(c)) || c.prog == "rimraf"
	targets := a.entryOperands(c)
	if (c.prog == "rm" || c.prog == "rimraf") && len(targets) == 0 && c.xargs {
		if !a.upstreamArtifacts(c) {
			risk := medium
			if recursive {
				risk = high
			}
			a.flagAt(c, danger.RecursiveDelete, "deletes every path read from its input, which cannot be known", risk)
		}
		return
	}
	for _, t := range targets {
		if t.Value == "{}" && c.find != nil {
			continue
		}
		a.judgeDelete(c, t, recursive)
	}
}

// upstreamArtifacts reports that the paths piped into xargs come from a
// find that only selects build artifacts inside the working tree.
func (a *analyzer) upstreamArtifacts(c *call) bool {
	for _, u := range c.upstream() {
		if u.prog == "find" {
			fi := checks.ParseFind(u.operands())
			return a.findSelectsArtifacts(u, fi)
		}
	}
	return false
}

// findSelectsArtifacts reports a find whose roots are inside the tree and
// whose name tests only match regenerable files.
func (a *analyzer) findSelectsArtifacts(c *call, fi *checks.Find) bool {
	roots := fi.Roots
	if len(roots) == 0 {
		roots = []arg{{Value: ".", Lit: true}}
	}
	for _, r := range roots {
		p := a.resolve(r, c.cwd)
		if p == "" || !a.inTree(p) {
			return false
		}
		if a.artifactInTree(p) {
			continue
		}
		if len(fi.Names) == 0 {
			return false
		}
	}
	if len(fi.Names) == 0 {
		return true
	}
	for _, n := range fi.Names {
		n = strings.TrimPrefix(n, "./")
		base := n
		if i := strings.LastIndexByte(n, '/'); i >= 0 {
			base = n[i+1:]
		}
		if !artifactPattern(base) && !artifactNames(base) {
			return false
		}
	}
	return true
}

// artifactInTree reports a path inside the working tree that lies within a
// regenerable artifact (node_modules, dist, *.log, ...).
func (a *analyzer) artifactInTree(p string) bool {
	root := a.treeRoot(p)
	if root == "" || p == root {
		return false
	}
	rel := fspath.Rel(p, root)
	comps := strings.Split(rel, "/")
	for i, comp := range comps {
		if comp == ".git" {
			return false
		}
		if artifactNames(comp) {
			return true
		}
		if i == len(comps)-1 && artifactFile(comp) {
			return true
		}
		if comp == "tmp" && i+1 < len(comps) && comps[i+1] == "cache" {
			return true
		}
		if comp == "vendor" && i+1 < len(comps) && comps[i+1] == "bundle" {
			return true
		}
	}
	return false
}

// followLinks replaces a prefix of p that is a symlink made earlier in the
// same command by its target.
func (a *analyzer) followLinks(c *call, p string) string {
	links := c.ctx.sc.linkMap()
	if len(links) == 0 {
		return p
	}
	for link, target := range links {
		if fspath.Within(p, link) {
			return fspath.Join(target, strings.TrimPrefix(strings.TrimPrefix(p, link), "/"))
		}
	}
	return p
}

// judgeDelete judges deleting one operand (recursively or not), per
// POLICY R2 and R18.
func (a *analyzer) judgeDelete(c *call, t arg, recursive bool) {
	if t.Value == "" && !t.Unbound {
		return
	}
	if t.Mktemp {
		return
	}
	if t.Unbound {
		if recursive {
			a.flag(c, danger.RecursiveDelete, "recursively deletes a path built from a value not set in this command ("+t.Raw+")")
		}
		return
	}
	raw := t.Value
	if fspath.WindowsDrive(raw) || strings.Contains(raw, "\\") {
		a.judgeForeignDelete(c, raw, recursive)
		return
	}
	p := a.resolve(t, c.cwd)
	if p == "" {
		if recursive {
			a.flag(c, danger.RecursiveDelete, "recursively deletes "+raw+" in an unknown directory")
		}
		return
	}
	p = a.followLinks(c, p)
	if t.Glob {
		dir, pat := splitGlob(p)
		if backupPath(pat) {
			a.flag(c, danger.BackupDestruction, "deletes the backups matching "+raw)
			return
		}
		if artifactPattern(pat) && (a.inTree(dir) || fspath.Temp(dir)) {
			return
		}
		if base := baseName(p); base != pat && (artifactNames(base) || artifactPattern(base)) && a.inTree(dir) && !a.isTreeRootOrAbove(p) {
			return // */__pycache__, packages/*/dist
		}
		if (a.artifactInTree(dir) || fspath.Temp(dir) && uniqueTempName(dir)) && dir != "/tmp" {
			return
		}
		if !recursive && a.inTree(dir) && !a.isTreeRootOrAbove(dir) && pat != "*" && pat != ".*" && pat != "*.*" {
			return
		}
		if recursive || pat == "*" || pat == ".*" || pat == "*.*" {
			a.flag(c, danger.RecursiveDelete, "deletes everything matching "+raw+" (in "+dir+")")
			return
		}
		p = dir
	}
	a.judgeDeletePath(c, p, raw, recursive)
}

func (a *analyzer) judgeDeletePath(c *call, p, raw string, recursive bool) {
	switch {
	case backupPath(p):
		a.flag(c, danger.BackupDestruction, "deletes the backup "+p)
	case logPath(a, p):
		a.flag(c, danger.LogTampering, "deletes logs or history ("+p+")")
	case a.inTree(p):
		switch {
		case a.isTreeRootOrAbove(p):
			if recursive {
				a.flag(c, danger.RecursiveDelete, "recursively deletes the working tree itself ("+raw+")")
			}
		case strings.Contains(p+"/", "/.git/"):
			a.flag(c, danger.GitDestructive, "deletes the repository's history ("+raw+")")
		case a.artifactInTree(p), checks.GeneratedFile(p):
		case recursive:
			a.flag(c, danger.RecursiveDelete, "recursively deletes "+raw+", which is not a regenerable build artifact")
		case secretEnvFile(p):
			a.flagAt(c, danger.FileOverwrite, "deletes the secrets file "+raw, medium)
		case dataFile(p):
			a.flag(c, danger.FileOverwrite, "deletes the database file "+raw)
		}
	case a.critical(p) || a.isTreeRootOrAbove(p):
		if recursive {
			a.flag(c, danger.RecursiveDelete, "recursively deletes "+p)
		} else if p != "/" && strings.Count(p, "/") > 1 && !a.isTreeRootOrAbove(p) {
			a.flag(c, danger.RecursiveDelete, "deletes "+p)
		}
	case fspath.Temp(p) && !fspath.Within(p, a.opts.Home):
		if recursive && !uniqueTempName(p) {
			a.flagAt(c, danger.RecursiveDelete, "recursively deletes the shared temporary path "+p, medium)
		}
	case a.credentialFile(p):
		a.flag(c, danger.FileOverwrite, "deletes the credential file "+p)
	case a.systemPath(p):
		a.flag(c, danger.RecursiveDelete, "deletes the system path "+p)
	case recursive:
		a.flag(c, danger.RecursiveDelete, "recursively deletes "+p+", outside the working tree")
	default:
		a.flagAt(c, danger.RecursiveDelete, "deletes "+p+", outside the working tree", medium)
	}
}

// judgeForeignDelete judges a Windows path (C:\..., .\dist, ~\Documents,
// /c/...) that cannot be resolved against the POSIX working directory.
func (a *analyzer) judgeForeignDelete(c *call, raw string, recursive bool) {
	s := strings.ReplaceAll(raw, "\\", "/")
	switch {
	case strings.HasPrefix(s, "~"), strings.HasPrefix(strings.ToLower(s), "$home"), strings.HasPrefix(strings.ToLower(s), "$env:userprofile"):
		i := strings.IndexByte(s, '/')
		rest := ""
		if i >= 0 {
			rest = s[i:]
		}
		a.judgeDeletePath(c, fspath.Clean(a.opts.Home+rest), raw, recursive)
		return
	case fspath.WindowsDrive(s):
		comps := strings.Split(strings.Trim(s[2:], "/"), "/")
		for _, comp := range comps {
			if artifactNames(comp) {
				return
			}
		}
		if recursive {
			a.flag(c, danger.RecursiveDelete, "recursively deletes "+raw)
		}
		return
	}
	a.judgeDelete(c, arg{Value: strings.TrimPrefix(s, "./"), Lit: true, Raw: raw}, recursive)
}

// splitGlob splits a path at its first component with pattern characters:
// the directory before it and that component.
func splitGlob(p string) (string, string) {
	comps := strings.Split(p, "/")
	for i, comp := range comps {
		if fspath.HasGlob(comp) {
			dir := strings.Join(comps[:i], "/")
			if dir == "" {
				dir = "/"
			}
			return dir, comp
		}
	}
	return dirOf(p), baseName(p)
}

// uniqueTempName reports a temporary directory whose name looks made for
// one task (tmp.XXXXXX, agent-build-7f3a9c), as opposed to a shared one.
func uniqueTempName(p string) bool {
	base := baseName(p)
	if !fspath.Temp(p) || strings.Count(strings.TrimPrefix(p, "/private"), "/") < 2 || fspath.HasGlob(base) {
		return false
	}
	if strings.HasPrefix(base, "tmp.") || strings.Contains(base, "mktemp") {
		return true
	}
	digits, letters := 0, 0
	run, best := 0, 0
	for i := 0; i < len(base); i++ {
		ch := base[i]
		isHex := ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f'
		if ch >= '0' && ch <= '9' {
			digits++
		} else if ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' {
			letters++
		}
		if isHex {
			run++
			if run > best {
				best = run
			}
		} else {
			run = 0
		}
	}
	return digits > 0 && letters > 0 && best >= 4
}

func checkFindDelete(a *analyzer, c *call) {
	fi := checks.ParseFind(c.operands())
	deletes := fi.Deletes
	for _, ex := range fi.Execs {
		if len(ex) == 0 {
			continue
		}
		switch key(programName(execProgram(ex))) {
		case "rm", "shred", "unlink", "rmdir", "srm":
			deletes = true
		}
	}
	if !deletes || a.findSelectsArtifacts(c, fi) {
		return
	}
	roots := fi.Roots
	if len(roots) == 0 {
		roots = []arg{{Value: ".", Lit: true, Raw: "."}}
	}
	for _, r := range roots {
		p := a.resolve(r, c.cwd)
		switch {
		case p == "":
			a.flag(c, danger.RecursiveDelete, "find deletes under "+r.Raw+", whose value is not known")
		case backupPath(p):
			a.flag(c, danger.BackupDestruction, "find deletes backups under "+p)
		case logPath(a, p):
			a.flag(c, danger.LogTampering, "find deletes logs under "+p)
		case a.inTree(p) && !a.isTreeRootOrAbove(p) && a.artifactInTree(p):
		case a.inTree(p) && len(fi.Names) > 0 && !a.isTreeRootOrAbove(p):
			a.flagAt(c, danger.RecursiveDelete, "find deletes every file matching "+strings.Join(fi.Names, ", ")+" under "+r.Value, medium)
		case a.inTree(p) && len(fi.Names) > 0:
			a.flagAt(c, danger.RecursiveDelete, "find deletes every file matching "+strings.Join(fi.Names, ", ")+" in the working tree", medium)
		default:
			a.flag(c, danger.RecursiveDelete, "find deletes everything it finds under "+p)
		}
	}
}

// rsyncDeletes are rsync's options that delete files in the destination
// that the source does not have.
var rsyncDeletes = []string{"--delete", "--delete-during", "--delete-before", "--delete-delay", "--delete-after", "--delete-excluded", "--delete-missing-args"}

func checkRsync(a *analyzer, c *call) {
	res := a.entryParse(c)
	if res.Has("--dry-run", "--list-only") {
		return
	}
	removesSources := res.Has("--remove-source-files")
	deletesDest := res.Has(rsyncDeletes...)
	pos := a.entryOperands(c)
	if len(pos) < 2 {
		return
	}
	dst := pos[len(pos)-1]
	deletes := deletesDest || removesSources
	if remoteSpec(dst.Value) {
		for _, s := range pos[:len(pos)-1] {
			if p := a.resolve(s, c.cwd); p != "" && a.sensitiveTree(p) {
				a.flag(c, danger.Exfiltration, "copies "+p+" to another machine")
				return
			}
		}
		host := strings.ToLower(dst.Value[:strings.IndexByte(dst.Value, ':')])
		if prodName(host) {
			a.flag(c, danger.PublishDeploy, "syncs files to the production host "+host)
		}
		a.remoteSystemWrite(c, dst.Value)
		if deletesDest {
			a.flag(c, danger.RecursiveDelete, "rsync --delete removes every file in "+dst.Value+" that is not in the source")
		}
		a.rsyncRemovesSources(c, removesSources, pos[:len(pos)-1])
		return
	}
	a.rsyncRemovesSources(c, removesSources, pos[:len(pos)-1])
	if !deletes {
		return
	}
	p := a.resolve(dst, c.cwd)
	switch {
	case p == "":
		a.flag(c, danger.RecursiveDelete, "rsync --delete into a path that is not known ("+dst.Raw+")")
	case a.inTree(p) && !a.isTreeRootOrAbove(p):
	case backupPath(p):
		a.flag(c, danger.BackupDestruction, "rsync --delete removes files from the backup "+p)
	default:
		a.flag(c, danger.RecursiveDelete, "rsync --delete removes every file in "+p+" that is not in the source")
	}
}

// checkWinDelete reads PowerShell's Remove-Item (and its aliases) and
// cmd.exe's rd/del through their entries: recursion is -Recurse (any
// prefix, -Recurse:$true) or /s (any case), the targets the operands and
// the values of -Path and -LiteralPath. In PowerShell rm and rmdir are
// Remove-Item, in cmd.exe rmdir is rd: rd's entry reads both.
func checkWinDelete(a *analyzer, c *call) {
	posix := c.prog == "rm" || c.prog == "rmdir"
	if posix && c.lang == "" {
		return // POSIX rm is judged by checkRm
	}
	spec := programs.Lookup(c.prog)
	switch {
	case c.lang == "powershell" && (posix || spec != nil && spec.Slash):
		// PowerShell's rm, rmdir, del, erase and rd are Remove-Item,
		// which takes -WhatIf.
		spec = programs.Lookup("ri")
	case posix:
		spec = programs.Lookup("rd")
	}
	if spec == nil {
		return
	}
	ops := c.operands()
	res := parseAs(spec, c)
	if res.WhatIf {
		return
	}
	recursive := res.Has("-recurse", "/s")
	given := operandsAt(ops, &res)
	for _, o := range res.Options {
		if o.Index >= 0 && o.Index < len(ops) && (o.Option == "-path" || o.Option == "-literalpath") {
			given = append(given, argOf(ops, o))
		}
	}
	var targets []string
	for _, x := range given {
		v := x.Raw
		if c.lang != "" || v == "" {
			v = x.Value
		}
		if x.Home {
			v = "~" + strings.TrimPrefix(x.Value, a.opts.Home)
		}
		targets = append(targets, strings.Trim(v, `"'`))
	}
	if recursive && len(targets) == 0 && c.lang == "powershell" {
		a.flag(c, danger.RecursiveDelete, "Remove-Item -Recurse deletes whatever is piped into it")
		return
	}
	for _, t := range targets {
		a.judgeForeignDelete(c, t, recursive)
	}
}

// chattrMode reports whether s is a chattr attribute change: +, - or =
// followed by attribute letters only.
func chattrMode(s string) bool {
	if len(s) < 2 || !strings.ContainsRune("+-=", rune(s[0])) {
		return false
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("aAcCdDeFijmPsStTux", r) {
			return false
		}
	}
	return true
}

func checkChmod(a *analyzer, c *call) {
	res := a.entryParse(c)
	recursive := res.Has("--recursive", "-R")
	var mode string
	var targets []arg
	switch c.prog {
	case "icacls", "takeown":
		// /T (icacls) and /R (takeown) recurse; takeown's file is its /F,
		// icacls's its first operand.
		recursive = res.Has("/t", "/r")
		targets = a.entryValues(c, "/f")
		if pos := a.entryOperands(c); len(targets) == 0 && len(pos) > 0 {
			targets = pos[:1]
		}
		mode = "777"
	case "chattr":
		// The attribute change is an option (-i, +i) or, given as =ai,
		// an operand of the entry's.
		for _, x := range a.entryOperands(c) {
			if !chattrMode(x.Value) {
				targets = append(targets, x)
			}
		}
	case "setfacl":
		targets = a.entryOperands(c)
		mode = "777"
	default:
		// chmod, chown, chgrp and chflags: the mode, owner or flags, then
		// the files; with --reference every operand is a file.
		pos := a.entryOperands(c)
		if res.Has("--reference") {
			targets = pos
		} else if len(pos) > 0 {
			mode, targets = pos[0].Value, pos[1:]
		}
	}
	worldWritable, readable, setuid := modeEffects(c.prog, mode)
	for _, t := range targets {
		if t.Unbound {
			if recursive {
				a.flag(c, danger.Permissions, "recursively changes permissions on a path not known here ("+t.Raw+")")
			}
			continue
		}
		if (c.prog == "icacls" || c.prog == "takeown") && len(t.Value) >= 2 && t.Value[1] == ':' && unicode.IsLetter(rune(t.Value[0])) {
			// A Windows path (C:\Users\dev, which bash reads as
			// C:Usersdev) is outside any POSIX working tree.
			if recursive || broadGrant(a.entryValues(c, "/grant")) {
				a.flag(c, danger.Permissions, "loosens ownership or permissions of the Windows path "+t.Value)
			}
			continue
		}
		p := a.resolve(t, c.cwd)
		if p == "" {
			continue
		}
		if setuid {
			a.flag(c, danger.Privilege, "sets the setuid/setgid bit on "+p)
			continue
		}
		switch {
		case a.inTree(p) && !a.isTreeRootOrAbove(p) || a.inTree(p) && c.prog == "chmod" && !recursive:
			if worldWritable && c.prog == "chmod" {
				a.flagAt(c, danger.Permissions, "makes "+t.Value+" writable by every user", medium)
			}
		case recursive && (a.systemPath(p) || p == "/" || a.opts.Home != "" && fspath.Within(a.opts.Home, p) || a.underHome(p) || worldWritable):
			a.flag(c, danger.Permissions, "recursively changes ownership or permissions of "+p+", outside the working tree")
		case a.credentialFile(p) && (readable || worldWritable) && c.prog == "chmod":
			a.flag(c, danger.Permissions, "makes the private key "+p+" readable by other users")
		case a.systemPath(p) || p == "/" || a.opts.Home != "" && fspath.Within(a.opts.Home, p) || blockDevice(p) || strings.HasSuffix(p, ".sock"):
			if worldWritable || c.prog != "chmod" {
				a.flag(c, danger.Permissions, "loosens ownership or permissions of the system path "+p)
			} else {
				a.flagAt(c, danger.Permissions, "changes permissions of the system path "+p, medium)
			}
		case worldWritable:
			a.flagAt(c, danger.Permissions, "makes "+p+" writable by every user", medium)
		}
	}
}

// broadGrant reports an icacls /grant (its values) to everyone or every
// user.
func broadGrant(grants []arg) bool {
	for _, x := range grants {
		who := strings.ToLower(x.Value)
		for _, p := range []string{"everyone", "*s-1-1-0", "users", "authenticated users", "*s-1-5-11", "*s-1-5-32-545"} {
			if strings.HasPrefix(who, p+":") {
				return true
			}
		}
	}
	return false
}

// modeEffects reads a chmod mode (octal or symbolic).
func modeEffects(prog, mode string) (worldWritable, groupOtherReadable, setuid bool) {
	if prog == "chown" || prog == "chgrp" || mode == "" {
		return false, false, false
	}
	if prog != "chmod" {
		return mode == "777", false, false
	}
	if n, err := strconv.ParseUint(mode, 8, 32); err == nil {
		return n&0o002 != 0, n&0o044 != 0, n&0o6000 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		i := 0
		for i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0 {
			i++
		}
		who := clause[:i]
		if i >= len(clause) {
			continue
		}
		op := clause[i]
		perms := clause[i+1:]
		if op == '-' {
			continue
		}
		others := who == "" || strings.ContainsAny(who, "oa")
		group := who == "" || strings.ContainsAny(who, "ga")
		if others && strings.ContainsRune(perms, 'w') {
			worldWritable = true
		}
		if (others || group) && strings.ContainsRune(perms, 'r') {
			groupOtherReadable = true
		}
		if strings.ContainsRune(perms, 's') {
			setuid = true
		}
	}
	return
}

func checkDD(a *analyzer, c *call) {
	var in, out string
	count := false
	bs, n := int64(512), int64(-1)
	for _, x := range c.operands() {
		switch {
		case strings.HasPrefix(x.Value, "if="):
			in = x.Value[3:]
		case strings.HasPrefix(x.Value, "of="):
			out = x.Value[3:]
		case strings.HasPrefix(x.Value, "count="):
			count = true
			n = parseSize(x.Value[6:])
		case strings.HasPrefix(x.Value, "bs="):
			bs = parseSize(x.Value[3:])
		}
	}
	if count && n > 0 && bs > 0 && n <= (1<<62)/bs && n*bs >= 10<<30 && (in == "/dev/zero" || in == "/dev/urandom" || in == "/dev/random") && out != "" && !harmlessTarget(out) {
		a.flag(c, danger.ResourceExhaustion, fmt.Sprintf("writes %d GiB from %s to %s", n*bs>>30, in, out))
	}
	if out == "" || harmlessTarget(out) {
		return
	}
	p := a.resolveString(out, c.cwd)
	if p == "" || blockDevice(p) {
		return // a device write is flagged with the writes
	}
	if imageFile(p) && (a.inTree(p) || fspath.Temp(p)) {
		return
	}
	a.judgeOverwrite(c, p, "dd")
	if !count && (in == "/dev/zero" || in == "/dev/urandom" || in == "/dev/random") {
		a.flag(c, danger.ResourceExhaustion, "fills "+p+" from "+in+" until the disk is full")
	}
}

func imageFile(p string) bool {
	switch strings.ToLower(pathExt(p)) {
	case ".img", ".iso", ".raw", ".bin", ".qcow2", ".vmdk", ".vdi", ".dmg", ".image", ".fs", ".ext4", ".swap":
		return true
	}
	return false
}

func pathExt(p string) string {
	b := baseName(p)
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		return b[i:]
	}
	return ""
}

func checkMkfs(a *analyzer, c *call) {
	for _, x := range c.operands() {
		if strings.HasPrefix(x.Value, "/dev/") && !harmlessTarget(x.Value) {
			a.flag(c, danger.DiskWipe, "creates a file system on "+x.Value+", erasing it")
			return
		}
	}
	for _, x := range a.entryOperands(c) {
		if x.Unbound {
			a.flag(c, danger.DiskWipe, "creates a file system on "+x.Raw+", which is not known here")
			return
		}
		if rp := a.resolve(x, c.cwd); rp != "" && !(a.inTree(rp) || fspath.Temp(rp)) {
			a.flag(c, danger.DiskWipe, "creates a file system on "+rp)
			return
		}
	}
}

func checkPartition(a *analyzer, c *call) {
	res := a.entryParse(c)
	ops := a.entryOperands(c)
	switch c.prog {
	case "wipefs":
		if res.Has("--all") || len(ops) > 0 && !res.Has("--no-act") {
			a.flag(c, danger.DiskWipe, "erases file system signatures from a device")
		}
		return
	case "hdparm":
		if res.Has("--security-erase", "--security-erase-enhanced", "--trim-sector-ranges", "--trim-sector-ranges-stdin", "--make-bad-sector", "--security-set-pass",
			"--fwdownload", "--fwdownload-mode3", "--fwdownload-mode3-max", "--fwdownload-mode7") {
			a.flag(c, danger.DiskWipe, "erases or damages a disk through its firmware")
		}
		return
	case "parted":
		// parted's commands are operands after the device: print alone
		// only reads.
		if res.Has("--list") || partedPrints(ops) {
			return
		}
	default:
		// The entry says the call only lists (fdisk -l, sgdisk -p).
		if res.ReadOnly() {
			return
		}
	}
	for _, x := range ops {
		if strings.HasPrefix(x.Value, "/dev/") || x.Unbound && c.prog != "parted" {
			a.flag(c, danger.DiskWipe, "changes the partition table of "+x.Value)
			return
		}
	}
	if c.prog == "blkdiscard" && len(ops) > 0 {
		a.flag(c, danger.DiskWipe, "discards every block of a device")
	}
}

// partedPrints reports parted operands that print the table and change
// nothing.
func partedPrints(ops []arg) bool {
	prints := false
	for _, x := range ops {
		switch x.Value {
		case "print":
			prints = true
		case "mklabel", "mktable", "rm", "mkpart", "resizepart", "rescue", "name", "set", "toggle", "disk_set", "disk_toggle", "type":
			return false
		}
	}
	return prints
}

func checkShred(a *analyzer, c *call) {
	for _, x := range a.entryOperands(c) {
		p := a.resolve(x, c.cwd)
		switch {
		case blockDevice(p) || strings.HasPrefix(x.Value, "/dev/"):
			a.flag(c, danger.DiskWipe, "overwrites the device "+x.Value)
		case p != "" && (logPath(a, p)):
			a.flag(c, danger.LogTampering, "shreds logs or history ("+p+")")
		case p != "" && a.artifactInTree(p):
		default:
			a.flagAt(c, danger.FileOverwrite, "irrecoverably overwrites "+x.Value, medium)
		}
	}
}

func checkVolumes(a *analyzer, c *call) {
	ops := c.operands()
	switch c.prog {
	case "zfs":
		if sub, _ := a.entrySub(c); sub == "destroy" {
			if strings.Contains(c.text, "@") {
				a.flag(c, danger.BackupDestruction, "destroys ZFS snapshots")
			} else {
				a.flag(c, danger.DiskWipe, "destroys a ZFS dataset")
			}
		}
	// btrfs subvolume delete is its entry's Raises.
	// diskutil's erasers and partitioners are its entry's Raises.
	case "format":
		// The volume, after any /X option (the entry's, in any case).
		for _, x := range a.entryOperands(c) {
			if len(x.Value) == 2 && x.Value[1] == ':' {
				a.flag(c, danger.DiskWipe, "formats the drive "+x.Value)
			}
		}
	// diskpart and the Storage cmdlets (Clear-Disk, Format-Volume,
	// Initialize-Disk, Remove-Partition) are their entries' Raises.
	// tmutil's deleting and disabling verbs are its entry's Raises.
	case "duplicacy":
		for _, x := range ops {
			switch strings.ToLower(x.Value) {
			case "forget", "prune", "delete":
				a.flag(c, danger.BackupDestruction, "deletes "+c.prog+" snapshots ("+x.Value+")")
				return
			}
		}
	case "duplicity":
		if sub, _ := a.entrySub(c); strings.HasPrefix(sub, "remove-") || sub == "cleanup" && a.entryParse(c).Has("--force") {
			a.flag(c, danger.BackupDestruction, "deletes duplicity backups ("+sub+")")
		}
	// vssadmin delete and resize, wbadmin delete are their entries'
	// Raises.
	case "wmic":
		if strings.Contains(strings.ToLower(c.text), "shadowcopy") && strings.Contains(strings.ToLower(c.text), "delete") {
			a.flag(c, danger.BackupDestruction, "deletes Windows shadow copies")
		}
	}
}

// checkOutputFiles judges the files sort -o and tee (without -a) write
// from scratch, as cp's target is judged.
func checkOutputFiles(a *analyzer, c *call) {
	if c.prog != "tee" || a.entryParse(c).Has("--append") {
		return
	}
	for _, t := range a.entryOperands(c) {
		if p := a.resolve(t, c.cwd); p != "" {
			a.judgeOverwrite(c, p, c.prog)
		}
	}
}

func checkTruncate(a *analyzer, c *call) {
	var size arg
	if ss := a.entryValues(c, "-s", "--size"); len(ss) > 0 {
		size = ss[len(ss)-1]
	}
	for _, p := range c.writes {
		if size.Value == "0" || strings.HasPrefix(size.Value, "-") || strings.HasPrefix(size.Value, "<") {
			a.judgeOverwrite(c, p, "truncate")
			if tableFile(p) {
				a.flag(c, danger.FileOverwrite, "truncate empties the data table "+p)
			}
		}
	}
}

func checkFallocate(a *analyzer, c *call) {
	if v, ok := a.entryParse(c).Value("--length"); ok {
		if n := parseSize(v); n >= 10<<30 {
			a.flag(c, danger.ResourceExhaustion, "allocates "+v+" of disk")
		}
	}
}

// endlessDevice reports a device that reads without end.
func endlessDevice(p string) bool {
	return p == "/dev/zero" || p == "/dev/urandom" || p == "/dev/random"
}

// parseSize reads sizes like 900G, 1T, 10GiB (in bytes; -1 if unknown).
func parseSize(s string) int64 {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	f, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return -1
	}
	mult := 1.0
	switch strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(s[i:], "iB"), "B")) {
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	case "P":
		mult = 1 << 50
	}
	return int64(f * mult)
}

func checkCopyMove(a *analyzer, c *call) {
	srcs, dst, noClobber, ok := a.copyOperands(c)
	if !ok {
		return
	}
	if c.prog == "cp" || c.prog == "copy-item" || c.prog == "install" {
		for _, s := range srcs {
			if p := a.resolve(s, c.cwd); p != "" && a.credentialFile(p) {
				a.flagAt(c, danger.CredentialAccess, "copies the private credential "+p+" out of its protected place", medium)
			}
		}
	}
	if !noClobber && !dst.Unbound {
		if p := a.resolve(dst, c.cwd); p != "" {
			a.judgeOverwrite(c, p, c.prog)
		}
	}
	if c.prog == "mv" || c.prog == "move-item" {
		if dp := a.resolve(dst, c.cwd); dp == "/dev/null" {
			a.flag(c, danger.RecursiveDelete, "moves files into /dev/null, destroying them")
		}
		for _, s := range srcs {
			p := a.resolve(s, c.cwd)
			switch {
			case p == "":
			case a.credentialFile(p):
				a.flag(c, danger.FileOverwrite, "moves the credential file "+p+" away")
			case a.critical(p) || a.isTreeRootOrAbove(p):
				a.flag(c, danger.RecursiveDelete, "moves "+p+" away")
			case backupPath(p) && !a.inTree(p):
				a.flagAt(c, danger.BackupDestruction, "moves the backup "+p, medium)
			}
		}
	}
}

// copyOperands returns a copy's or move's sources and destination as the
// program's entry reads them (cp -t DIR SRC…, cp -T SRC DST, Copy-Item
// -Path SRC -Destination DST). noClobber says existing files are kept.
func (a *analyzer) copyOperands(c *call) (srcs []arg, dst arg, noClobber, ok bool) {
	ops := c.operands()
	res := a.entryParse(c)
	into := -1
	for _, u := range res.Uses {
		switch {
		case u.Index < 0 || u.Index >= len(ops):
		case u.Effect == programs.Into:
			into, dst, ok = u.Index, argOf(ops, u), true
		case u.Option != "" && (u.Effect == programs.Read || u.Effect == programs.Delete):
			srcs = append(srcs, argOf(ops, u)) // Copy-Item -Path SRC, Move-Item -Path SRC
		}
	}
	for _, i := range res.OperandIndexes {
		if i != into && i < len(ops) {
			srcs = append(srcs, ops[i])
		}
	}
	noClobber = res.Has("-n", "--no-clobber", "-i", "--interactive")
	for _, o := range res.Option("--update") {
		noClobber = noClobber || o.Target == "none" || o.Target == "none-fail"
	}
	return srcs, dst, noClobber, ok && len(srcs) > 0
}

// checkFiller flags commands that fill the disk: cat /dev/zero > file,
// yes > file, head -c 100G /dev/zero > file.
func checkFiller(a *analyzer, c *call) {
	out := ""
	for _, r := range c.redirs {
		if r.isOutput() && !harmlessTarget(r.target.Value) && !strings.HasPrefix(r.target.Value, "/dev/") {
			out = r.target.Value
		}
	}
	if out == "" {
		return
	}
	switch c.prog {
	case "yes":
		a.flag(c, danger.ResourceExhaustion, "writes to "+out+" until the disk is full")
	case "cat":
		for _, x := range a.entryOperands(c) {
			if endlessDevice(x.Value) {
				a.flag(c, danger.ResourceExhaustion, "writes to "+out+" until the disk is full")
				return
			}
		}
	case "head":
		if v, ok := a.entryParse(c).Value("--bytes"); ok && parseSize(v) >= 10<<30 {
			a.flag(c, danger.ResourceExhaustion, "writes "+v+" to "+out)
		}
	}
}

// execProgram returns the program a find -exec runs, past the wrappers in
// front of it (env, command, busybox, nice, timeout, sudo...), their
// options, env's assignments and timeout's duration: find -exec env rm
// -rf {} + deletes as find -exec rm -rf {} + does.
func execProgram(ex []arg) string {
	i := 0
	for i < len(ex) {
		k := key(programName(ex[i].Value))
		if !isWrapper(k) || k == "xargs" {
			break
		}
		if spec := programs.Lookup(k); spec != nil {
			// The wrapper's entry says where its command starts (nice -n 5
			// rm, env -u X rm: the 5 and the X are the wrapper's).
			words := make([]programs.Word, 0, len(ex)-i-1)
			for _, x := range ex[i+1:] {
				words = append(words, programs.Word{Text: x.Value, Literal: x.Lit})
			}
			res := programs.Parse(spec, words)
			switch {
			case res.Command > 0:
				i += res.Command
			case len(res.OperandIndexes) > 0:
				i += 1 + res.OperandIndexes[0]
				for i < len(ex) && isAssignWord(ex[i].Value) {
					i++ // env NAME=VALUE CMD
				}
			default:
				i = len(ex)
			}
			continue
		}
		i++
		for i < len(ex) && (strings.HasPrefix(ex[i].Value, "-") || isAssignWord(ex[i].Value)) {
			i++
		}
	}
	if i >= len(ex) {
		return ex[0].Value
	}
	return ex[i].Value
}

// rsyncRemovesSources flags --remove-source-files on sources outside the
// working tree: rsync deletes each file it has sent.
func (a *analyzer) rsyncRemovesSources(c *call, removes bool, srcs []arg) {
	if !removes {
		return
	}
	for _, s := range srcs {
		if remoteSpec(s.Value) {
			continue
		}
		p := a.resolve(s, c.cwd)
		if p == "" || !a.inTree(p) || a.isTreeRootOrAbove(p) {
			a.flag(c, danger.RecursiveDelete, "rsync --remove-source-files deletes the files it sends from "+s.Raw)
			return
		}
	}
}
