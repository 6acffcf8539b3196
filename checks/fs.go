package checks

import (
	"fmt"
	"github.com/wardenhq/warden/internal/fspath"
	"path"
	"strconv"
	"strings"
	"unicode"

	"github.com/wardenhq/warden/danger"
	"github.com/wardenhq/warden/pathclass"
	"github.com/wardenhq/warden/programs"
)

// Rm judges rm, rmdir, unlink and rimraf: what each operand deletes.
// -r, -R and --recursive are one option in every spelling the entry reads
// (-rf, --rec).
func Rm(c Call) {
	recursive := c.Program() != "rmdir" && c.Program() != "unlink" && c.Parse().Has("--recursive") || c.Program() == "rimraf"
	targets := c.Operands()
	if (c.Program() == "rm" || c.Program() == "rimraf") && len(targets) == 0 && c.InXargs() {
		if !upstreamArtifacts(c) {
			risk := medium
			if recursive {
				risk = high
			}
			c.FlagAt(danger.RecursiveDelete, "deletes every path read from its input, which cannot be known", risk)
		}
		return
	}
	for _, t := range targets {
		if fi := c.RunByFind(); t.Value == "{}" && fi != nil {
			if !fi.Judged {
				judgeFoundDeletes(c, c, fi)
			}
			continue
		}
		JudgeDelete(c, t, recursive)
	}
}

// upstreamArtifacts reports that the paths piped into xargs come from a
// find that only selects build artifacts inside the working tree.
func upstreamArtifacts(c Call) bool {
	for _, u := range c.Upstream() {
		if findExpression(u) {
			fi := ParseFind(u.Args())
			return findSelectsArtifacts(c, u, fi)
		}
	}
	return false
}

// findSelectsArtifacts reports a find (the call f, its expression fi)
// whose roots are inside the tree and whose name tests only match
// regenerable files.
func findSelectsArtifacts(c Paths, f Part, fi *Find) bool {
	roots := fi.Roots
	if len(roots) == 0 {
		roots = []Word{{Value: ".", Lit: true}}
	}
	for _, r := range roots {
		p := f.Resolve(r)
		if p == "" || !c.InTree(p) {
			return false
		}
		if artifactInTree(c, p) {
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
func artifactInTree(c Paths, p string) bool {
	root := c.TreeRoot(p)
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

// JudgeDelete judges deleting one operand (recursively or not), per
// POLICY R2 and R18.
func JudgeDelete(c Call, t Word, recursive bool) {
	if t.Value == "" && !t.Unbound {
		return
	}
	if t.Mktemp {
		return
	}
	if t.Unbound {
		if recursive {
			c.Flag(danger.RecursiveDelete, "recursively deletes a path built from a value not set in this command ("+t.Raw+")")
		}
		return
	}
	raw := t.Value
	if fspath.WindowsDrive(raw) || strings.Contains(raw, "\\") {
		judgeForeignDelete(c, raw, recursive)
		return
	}
	p := c.Resolve(t)
	if p == "" {
		if recursive {
			c.Flag(danger.RecursiveDelete, "recursively deletes "+raw+" in an unknown directory")
		}
		return
	}
	p = c.FollowLinks(p)
	if t.Glob {
		dir, pat := splitGlob(p)
		if backupPath(pat) {
			c.Flag(danger.BackupDestruction, "deletes the backups matching "+raw)
			return
		}
		if artifactPattern(pat) && (c.InTree(dir) || fspath.Temp(dir)) {
			return
		}
		if base := path.Base(p); base != pat && (artifactNames(base) || artifactPattern(base)) && c.InTree(dir) && !c.AboveTree(p) {
			return // */__pycache__, packages/*/dist
		}
		if (artifactInTree(c, dir) || fspath.Temp(dir) && uniqueTempName(dir)) && dir != "/tmp" {
			return
		}
		if !recursive && c.InTree(dir) && !c.AboveTree(dir) && pat != "*" && pat != ".*" && pat != "*.*" {
			return
		}
		if recursive || pat == "*" || pat == ".*" || pat == "*.*" {
			c.Flag(danger.RecursiveDelete, "deletes everything matching "+raw+" (in "+dir+")")
			return
		}
		p = dir
	}
	judgeDeletePath(c, p, raw, recursive)
}

func judgeDeletePath(c Call, p, raw string, recursive bool) {
	switch {
	case backupPath(p):
		c.Flag(danger.BackupDestruction, "deletes the backup "+p)
	case logPath(c, p):
		c.Flag(danger.LogTampering, "deletes logs or history ("+p+")")
	case c.InTree(p):
		switch {
		case c.AboveTree(p):
			if recursive {
				c.Flag(danger.RecursiveDelete, "recursively deletes the working tree itself ("+raw+")")
			}
		case strings.Contains(p+"/", "/.git/"):
			c.Flag(danger.GitDestructive, "deletes the repository's history ("+raw+")")
		case artifactInTree(c, p), GeneratedFile(p):
		case recursive:
			c.Flag(danger.RecursiveDelete, "recursively deletes "+raw+", which is not a regenerable build artifact")
		case pathclass.SecretEnv.Is(p, ""):
			c.FlagAt(danger.FileOverwrite, "deletes the secrets file "+raw, medium)
		case dataFile(p):
			c.Flag(danger.FileOverwrite, "deletes the database file "+raw)
		}
	case c.Critical(p) || c.AboveTree(p):
		if recursive {
			c.Flag(danger.RecursiveDelete, "recursively deletes "+p)
		} else if p != "/" && strings.Count(p, "/") > 1 && !c.AboveTree(p) {
			c.Flag(danger.RecursiveDelete, "deletes "+p)
		}
	case fspath.Temp(p) && !fspath.Within(p, c.Home()):
		if recursive && !uniqueTempName(p) {
			c.FlagAt(danger.RecursiveDelete, "recursively deletes the shared temporary path "+p, medium)
		}
	case c.Credential(p):
		c.Flag(danger.FileOverwrite, "deletes the credential file "+p)
	case c.System(p):
		c.Flag(danger.RecursiveDelete, "deletes the system path "+p)
	case recursive:
		c.Flag(danger.RecursiveDelete, "recursively deletes "+p+", outside the working tree")
	default:
		c.FlagAt(danger.RecursiveDelete, "deletes "+p+", outside the working tree", medium)
	}
}

// judgeForeignDelete judges a Windows path (C:\..., .\dist, ~\Documents,
// /c/...) that cannot be resolved against the POSIX working directory.
func judgeForeignDelete(c Call, raw string, recursive bool) {
	s := strings.ReplaceAll(raw, "\\", "/")
	switch {
	case strings.HasPrefix(s, "~"), strings.HasPrefix(strings.ToLower(s), "$home"), strings.HasPrefix(strings.ToLower(s), "$env:userprofile"):
		i := strings.IndexByte(s, '/')
		rest := ""
		if i >= 0 {
			rest = s[i:]
		}
		judgeDeletePath(c, fspath.Clean(c.Home()+rest), raw, recursive)
		return
	case fspath.WindowsDrive(s):
		comps := strings.Split(strings.Trim(s[2:], "/"), "/")
		for _, comp := range comps {
			if artifactNames(comp) {
				return
			}
		}
		if recursive {
			c.Flag(danger.RecursiveDelete, "recursively deletes "+raw)
		}
		return
	}
	JudgeDelete(c, Word{Value: strings.TrimPrefix(s, "./"), Lit: true, Raw: raw}, recursive)
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
	return path.Dir(p), path.Base(p)
}

// uniqueTempName reports a temporary directory whose name looks made for
// one task (tmp.XXXXXX, agent-build-7f3a9c), as opposed to a shared one.
func uniqueTempName(p string) bool {
	base := path.Base(p)
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

func FindDelete(c Call) {
	fi := ParseFind(c.Args())
	deletes := fi.Deletes
	for _, ex := range fi.Execs {
		if len(ex) == 0 {
			continue
		}
		switch c.ExecProgram(ex) {
		case "rm", "shred", "unlink", "rmdir", "srm":
			deletes = true
		}
	}
	if !deletes {
		return
	}
	judgeFoundDeletes(c, c, fi)
}

// judgeFoundDeletes judges deleting what a walk (fi: its roots and name
// tests) finds: every file below its roots, unless they only select
// build artifacts inside the tree. f is the call whose words the roots
// are.
func judgeFoundDeletes(c Call, f Part, fi *Find) {
	if findSelectsArtifacts(c, f, fi) {
		return
	}
	roots := fi.Roots
	if len(roots) == 0 {
		roots = []Word{{Value: ".", Lit: true, Raw: "."}}
	}
	for _, r := range roots {
		p := f.Resolve(r)
		switch {
		case p == "":
			c.Flag(danger.RecursiveDelete, "find deletes under "+r.Raw+", whose value is not known")
		case backupPath(p):
			c.Flag(danger.BackupDestruction, "find deletes backups under "+p)
		case logPath(c, p):
			c.Flag(danger.LogTampering, "find deletes logs under "+p)
		case c.InTree(p) && !c.AboveTree(p) && artifactInTree(c, p):
		case c.InTree(p) && len(fi.Names) > 0 && !c.AboveTree(p):
			c.FlagAt(danger.RecursiveDelete, "find deletes every file matching "+strings.Join(fi.Names, ", ")+" under "+r.Value, medium)
		case c.InTree(p) && len(fi.Names) > 0:
			c.FlagAt(danger.RecursiveDelete, "find deletes every file matching "+strings.Join(fi.Names, ", ")+" in the working tree", medium)
		default:
			c.Flag(danger.RecursiveDelete, "find deletes everything it finds under "+p)
		}
	}
}

// rsyncDeletes are rsync's options that delete files in the destination
// that the source does not have.
var rsyncDeletes = []string{"--delete", "--delete-during", "--delete-before", "--delete-delay", "--delete-after", "--delete-excluded", "--delete-missing-args"}

func Rsync(c Call) {
	res := c.Parse()
	if res.Has("--dry-run", "--list-only") {
		return
	}
	removesSources := res.Has("--remove-source-files")
	deletesDest := res.Has(rsyncDeletes...)
	pos := c.Operands()
	if len(pos) < 2 {
		return
	}
	dst := pos[len(pos)-1]
	deletes := deletesDest || removesSources
	if fspath.Remote(dst.Value) {
		for _, s := range pos[:len(pos)-1] {
			if p := c.Resolve(s); p != "" && c.SensitiveTree(p) {
				c.Flag(danger.Exfiltration, "copies "+p+" to another machine")
				return
			}
		}
		host := strings.ToLower(dst.Value[:strings.IndexByte(dst.Value, ':')])
		if ProdName(host) {
			c.Flag(danger.PublishDeploy, "syncs files to the production host "+host)
		}
		RemoteSystemWrite(c, dst.Value)
		if deletesDest {
			c.Flag(danger.RecursiveDelete, "rsync --delete removes every file in "+dst.Value+" that is not in the source")
		}
		rsyncRemovesSources(c, removesSources, pos[:len(pos)-1])
		return
	}
	rsyncRemovesSources(c, removesSources, pos[:len(pos)-1])
	if !deletes {
		return
	}
	p := c.Resolve(dst)
	switch {
	case p == "":
		c.Flag(danger.RecursiveDelete, "rsync --delete into a path that is not known ("+dst.Raw+")")
	case c.InTree(p) && !c.AboveTree(p):
	case backupPath(p):
		c.Flag(danger.BackupDestruction, "rsync --delete removes files from the backup "+p)
	default:
		c.Flag(danger.RecursiveDelete, "rsync --delete removes every file in "+p+" that is not in the source")
	}
}

// checkWinDelete reads PowerShell's Remove-Item (and its aliases) and
// cmd.exe's rd/del through their entries: recursion is -Recurse (any
// prefix, -Recurse:$true) or /s (any case), the targets the operands and
// the values of -Path and -LiteralPath. In PowerShell rm and rmdir are
// Remove-Item, in cmd.exe rmdir is rd: rd's entry reads both.
func WinDelete(c Call) {
	posix := c.Program() == "rm" || c.Program() == "rmdir"
	if posix && c.Lang() == "" {
		return // POSIX rm is judged by Rm
	}
	spec := programs.Lookup(c.Program())
	switch {
	case c.Lang() == "powershell" && (posix || spec != nil && spec.Slash):
		// PowerShell's rm, rmdir, del, erase and rd are Remove-Item,
		// which takes -WhatIf.
		spec = programs.Lookup("ri")
	case posix:
		spec = programs.Lookup("rd")
	}
	if spec == nil {
		return
	}
	ops := c.Args()
	res := c.ParseAs(spec)
	if res.WhatIf {
		return
	}
	recursive := res.Has("-recurse", "/s")
	given := OperandsAt(ops, &res)
	for _, o := range res.Options {
		if o.Index >= 0 && o.Index < len(ops) && (o.Option == "-path" || o.Option == "-literalpath") {
			given = append(given, UseWord(ops, o))
		}
	}
	var targets []string
	for _, x := range given {
		v := x.Raw
		if c.Lang() != "" || v == "" {
			v = x.Value
		}
		if x.Home {
			v = "~" + strings.TrimPrefix(x.Value, c.Home())
		}
		targets = append(targets, strings.Trim(v, `"'`))
	}
	if recursive && len(targets) == 0 && c.Lang() == "powershell" {
		c.Flag(danger.RecursiveDelete, "Remove-Item -Recurse deletes whatever is piped into it")
		return
	}
	for _, t := range targets {
		judgeForeignDelete(c, t, recursive)
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

func Chmod(c Call) {
	res := c.Parse()
	recursive := res.Has("--recursive", "-R")
	var mode string
	var targets []Word
	switch c.Program() {
	case "icacls", "takeown":
		// /T (icacls) and /R (takeown) recurse; takeown's file is its /F,
		// icacls's its first operand.
		recursive = res.Has("/t", "/r")
		targets = values(c, "/f")
		if pos := c.Operands(); len(targets) == 0 && len(pos) > 0 {
			targets = pos[:1]
		}
		mode = "777"
	case "chattr":
		// The attribute change is an option (-i, +i) or, given as =ai,
		// an operand of the entry's.
		for _, x := range c.Operands() {
			if !chattrMode(x.Value) {
				targets = append(targets, x)
			}
		}
	case "setfacl":
		targets = c.Operands()
		mode = "777"
	default:
		// chmod, chown, chgrp and chflags: the mode, owner or flags, then
		// the files; with --reference every operand is a file.
		pos := c.Operands()
		if res.Has("--reference") {
			targets = pos
		} else if len(pos) > 0 {
			mode, targets = pos[0].Value, pos[1:]
		}
	}
	worldWritable, readable, setuid := modeEffects(c.Program(), mode)
	for _, t := range targets {
		if t.Unbound {
			if recursive {
				c.Flag(danger.Permissions, "recursively changes permissions on a path not known here ("+t.Raw+")")
			}
			continue
		}
		if (c.Program() == "icacls" || c.Program() == "takeown") && len(t.Value) >= 2 && t.Value[1] == ':' && unicode.IsLetter(rune(t.Value[0])) {
			// A Windows path (C:\Users\dev, which bash reads as
			// C:Usersdev) is outside any POSIX working tree.
			if recursive || broadGrant(values(c, "/grant")) {
				c.Flag(danger.Permissions, "loosens ownership or permissions of the Windows path "+t.Value)
			}
			continue
		}
		p := c.Resolve(t)
		if p == "" {
			continue
		}
		if setuid {
			c.Flag(danger.Privilege, "sets the setuid/setgid bit on "+p)
			continue
		}
		switch {
		case c.InTree(p) && !c.AboveTree(p) || c.InTree(p) && c.Program() == "chmod" && !recursive:
			if worldWritable && c.Program() == "chmod" {
				c.FlagAt(danger.Permissions, "makes "+t.Value+" writable by every user", medium)
			}
		case recursive && (c.System(p) || p == "/" || c.Home() != "" && fspath.Within(c.Home(), p) || c.UnderHome(p) || worldWritable):
			c.Flag(danger.Permissions, "recursively changes ownership or permissions of "+p+", outside the working tree")
		case c.Credential(p) && (readable || worldWritable) && c.Program() == "chmod":
			c.Flag(danger.Permissions, "makes the private key "+p+" readable by other users")
		case c.System(p) || p == "/" || c.Home() != "" && fspath.Within(c.Home(), p) || blockDevice(p) || strings.HasSuffix(p, ".sock"):
			if worldWritable || c.Program() != "chmod" {
				c.Flag(danger.Permissions, "loosens ownership or permissions of the system path "+p)
			} else {
				c.FlagAt(danger.Permissions, "changes permissions of the system path "+p, medium)
			}
		case worldWritable:
			c.FlagAt(danger.Permissions, "makes "+p+" writable by every user", medium)
		}
	}
}

// broadGrant reports an icacls /grant (its values) to everyone or every
// user.
func broadGrant(grants []Word) bool {
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

func DD(c Call) {
	var in, out string
	count := false
	bs, n := int64(512), int64(-1)
	for _, x := range c.Args() {
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
	if count && n > 0 && bs > 0 && n <= (1<<62)/bs && n*bs >= 10<<30 && (in == "/dev/zero" || in == "/dev/urandom" || in == "/dev/random") && out != "" && !fspath.NotAFile(out) {
		c.Flag(danger.ResourceExhaustion, fmt.Sprintf("writes %d GiB from %s to %s", n*bs>>30, in, out))
	}
	if out == "" || fspath.NotAFile(out) {
		return
	}
	p := c.ResolveText(out)
	if p == "" || blockDevice(p) {
		return // a device write is flagged with the writes
	}
	if imageFile(p) && (c.InTree(p) || fspath.Temp(p)) {
		return
	}
	c.JudgeOverwrite(p, "dd")
	if !count && (in == "/dev/zero" || in == "/dev/urandom" || in == "/dev/random") {
		c.Flag(danger.ResourceExhaustion, "fills "+p+" from "+in+" until the disk is full")
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
	b := path.Base(p)
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		return b[i:]
	}
	return ""
}

func Mkfs(c Call) {
	for _, x := range c.Args() {
		if strings.HasPrefix(x.Value, "/dev/") && !fspath.NotAFile(x.Value) {
			c.Flag(danger.DiskWipe, "creates a file system on "+x.Value+", erasing it")
			return
		}
	}
	for _, x := range c.Operands() {
		if x.Unbound {
			c.Flag(danger.DiskWipe, "creates a file system on "+x.Raw+", which is not known here")
			return
		}
		if rp := c.Resolve(x); rp != "" && !(c.InTree(rp) || fspath.Temp(rp)) {
			c.Flag(danger.DiskWipe, "creates a file system on "+rp)
			return
		}
	}
}

func Partition(c Call) {
	res := c.Parse()
	ops := c.Operands()
	switch c.Program() {
	case "wipefs":
		if res.Has("--all") || len(ops) > 0 && !res.Has("--no-act") {
			c.Flag(danger.DiskWipe, "erases file system signatures from a device")
		}
		return
	case "hdparm":
		if res.Has("--security-erase", "--security-erase-enhanced", "--trim-sector-ranges", "--trim-sector-ranges-stdin", "--make-bad-sector", "--security-set-pass",
			"--fwdownload", "--fwdownload-mode3", "--fwdownload-mode3-max", "--fwdownload-mode7") {
			c.Flag(danger.DiskWipe, "erases or damages a disk through its firmware")
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
		if strings.HasPrefix(x.Value, "/dev/") || x.Unbound && c.Program() != "parted" {
			c.Flag(danger.DiskWipe, "changes the partition table of "+x.Value)
			return
		}
	}
	if c.Program() == "blkdiscard" && len(ops) > 0 {
		c.Flag(danger.DiskWipe, "discards every block of a device")
	}
}

// partedPrints reports parted operands that print the table and change
// nothing.
func partedPrints(ops []Word) bool {
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

func Shred(c Call) {
	for _, x := range c.Operands() {
		p := c.Resolve(x)
		switch {
		case blockDevice(p) || strings.HasPrefix(x.Value, "/dev/"):
			c.Flag(danger.DiskWipe, "overwrites the device "+x.Value)
		case p != "" && (logPath(c, p)):
			c.Flag(danger.LogTampering, "shreds logs or history ("+p+")")
		case p != "" && artifactInTree(c, p):
		default:
			c.FlagAt(danger.FileOverwrite, "irrecoverably overwrites "+x.Value, medium)
		}
	}
}

func Volumes(c Call) {
	ops := c.Args()
	switch c.Program() {
	case "zfs":
		if sub, _ := c.Sub(); sub == "destroy" {
			if strings.Contains(c.Text(), "@") {
				c.Flag(danger.BackupDestruction, "destroys ZFS snapshots")
			} else {
				c.Flag(danger.DiskWipe, "destroys a ZFS dataset")
			}
		}
	// btrfs subvolume delete is its entry's Raises.
	// diskutil's erasers and partitioners are its entry's Raises.
	case "format":
		// The volume, after any /X option (the entry's, in any case).
		for _, x := range c.Operands() {
			if len(x.Value) == 2 && x.Value[1] == ':' {
				c.Flag(danger.DiskWipe, "formats the drive "+x.Value)
			}
		}
	// diskpart and the Storage cmdlets (Clear-Disk, Format-Volume,
	// Initialize-Disk, Remove-Partition) are their entries' Raises.
	// tmutil's deleting and disabling verbs are its entry's Raises.
	case "duplicacy":
		for _, x := range ops {
			switch strings.ToLower(x.Value) {
			case "forget", "prune", "delete":
				c.Flag(danger.BackupDestruction, "deletes "+c.Program()+" snapshots ("+x.Value+")")
				return
			}
		}
	case "duplicity":
		if sub, _ := c.Sub(); strings.HasPrefix(sub, "remove-") || sub == "cleanup" && c.Parse().Has("--force") {
			c.Flag(danger.BackupDestruction, "deletes duplicity backups ("+sub+")")
		}
	// vssadmin delete and resize, wbadmin delete are their entries'
	// Raises.
	case "wmic":
		if strings.Contains(strings.ToLower(c.Text()), "shadowcopy") && strings.Contains(strings.ToLower(c.Text()), "delete") {
			c.Flag(danger.BackupDestruction, "deletes Windows shadow copies")
		}
	}
}

// checkOutputFiles judges the files sort -o and tee (without -a) write
// from scratch, as cp's target is judged.
func OutputFiles(c Call) {
	if c.Program() != "tee" || c.Parse().Has("--append") {
		return
	}
	for _, t := range c.Operands() {
		if p := c.Resolve(t); p != "" {
			c.JudgeOverwrite(p, c.Program())
		}
	}
}

func Truncate(c Call) {
	var size Word
	if ss := values(c, "-s", "--size"); len(ss) > 0 {
		size = ss[len(ss)-1]
	}
	for _, p := range c.Writes() {
		if size.Value == "0" || strings.HasPrefix(size.Value, "-") || strings.HasPrefix(size.Value, "<") {
			c.JudgeOverwrite(p, "truncate")
			if tableFile(p) {
				c.Flag(danger.FileOverwrite, "truncate empties the data table "+p)
			}
		}
	}
}

func Fallocate(c Call) {
	if v, ok := c.Parse().Value("--length"); ok {
		if n := parseSize(v); n >= 10<<30 {
			c.Flag(danger.ResourceExhaustion, "allocates "+v+" of disk")
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

func CopyMove(c Call) {
	srcs, dst, noClobber, ok := copyOperands(c)
	if !ok {
		return
	}
	if c.Program() == "cp" || c.Program() == "copy-item" || c.Program() == "install" {
		for _, s := range srcs {
			if p := c.Resolve(s); p != "" && c.Credential(p) {
				c.FlagAt(danger.CredentialAccess, "copies the private credential "+p+" out of its protected place", medium)
			}
		}
	}
	if !noClobber && !dst.Unbound {
		if p := c.Resolve(dst); p != "" {
			c.JudgeOverwrite(p, c.Program())
		}
	}
	if c.Program() == "mv" || c.Program() == "move-item" {
		if dp := c.Resolve(dst); dp == "/dev/null" {
			c.Flag(danger.RecursiveDelete, "moves files into /dev/null, destroying them")
		}
		for _, s := range srcs {
			p := c.Resolve(s)
			switch {
			case p == "":
			case c.Credential(p):
				c.Flag(danger.FileOverwrite, "moves the credential file "+p+" away")
			case c.Critical(p) || c.AboveTree(p):
				c.Flag(danger.RecursiveDelete, "moves "+p+" away")
			case backupPath(p) && !c.InTree(p):
				c.FlagAt(danger.BackupDestruction, "moves the backup "+p, medium)
			}
		}
	}
}

// copyOperands returns a copy's or move's sources and destination as the
// program's entry reads them (cp -t DIR SRC…, cp -T SRC DST, Copy-Item
// -Path SRC -Destination DST). noClobber says existing files are kept.
func copyOperands(c Call) (srcs []Word, dst Word, noClobber, ok bool) {
	ops := c.Args()
	res := c.Parse()
	into := -1
	for _, u := range res.Uses {
		switch {
		case u.Index < 0 || u.Index >= len(ops):
		case u.Effect == programs.Into:
			into, dst, ok = u.Index, UseWord(ops, u), true
		case u.Option != "" && (u.Effect == programs.Read || u.Effect == programs.Delete):
			srcs = append(srcs, UseWord(ops, u)) // Copy-Item -Path SRC, Move-Item -Path SRC
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
func Filler(c Call) {
	out := ""
	for _, t := range c.Outputs() {
		if !fspath.NotAFile(t.Value) && !strings.HasPrefix(t.Value, "/dev/") {
			out = t.Value
		}
	}
	if out == "" {
		return
	}
	switch c.Program() {
	case "yes":
		c.Flag(danger.ResourceExhaustion, "writes to "+out+" until the disk is full")
	case "cat":
		for _, x := range c.Operands() {
			if endlessDevice(x.Value) {
				c.Flag(danger.ResourceExhaustion, "writes to "+out+" until the disk is full")
				return
			}
		}
	case "head":
		if v, ok := c.Parse().Value("--bytes"); ok && parseSize(v) >= 10<<30 {
			c.Flag(danger.ResourceExhaustion, "writes "+v+" to "+out)
		}
	}
}

// rsyncRemovesSources flags --remove-source-files on sources outside the
// working tree: rsync deletes each file it has sent.
func rsyncRemovesSources(c Call, removes bool, srcs []Word) {
	if !removes {
		return
	}
	for _, s := range srcs {
		if fspath.Remote(s.Value) {
			continue
		}
		p := c.Resolve(s)
		if p == "" || !c.InTree(p) || c.AboveTree(p) {
			c.Flag(danger.RecursiveDelete, "rsync --remove-source-files deletes the files it sends from "+s.Raw)
			return
		}
	}
}

// remoteSystemDirs are the directories of another machine's system that a
// copy must not write: its root, configuration, programs, libraries, boot
// files, state, root's home.
var remoteSystemDirs = []string{"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/boot", "/var/lib", "/root", "/sys", "/proc", "/dev"}

// RemoteSystemWrite flags a copy to HOST:PATH whose PATH is the remote
// root or a system directory (scp passwd root@host:/etc/passwd).
func RemoteSystemWrite(c Call, dst string) {
	i := strings.IndexByte(dst, ':')
	if i < 0 {
		return
	}
	p := dst[i+1:]
	if !strings.HasPrefix(p, "/") {
		return
	}
	p = fspath.Clean(p)
	for _, d := range remoteSystemDirs {
		if p == "/" || fspath.Within(p, d) {
			c.Flag(danger.SystemConfig, c.Program()+" writes into "+p+" on "+dst[:i]+", a system directory there")
			return
		}
	}
}
