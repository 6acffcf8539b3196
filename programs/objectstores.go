package programs

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

// Object-storage clients and backup tools that are not a cloud's own CLI:
// each command talks to the store (Network), copies local files up or down
// (the operands, a path or a URL), or deletes objects and buckets (Delete).
// What deletes is the entries' Raises (s3cmd) or is judged by
// checks/cloud.go (ObjectStores) and, for the backup tools,
// checks/services.go, from these entries.

var _ = family("objectstores", func(add func(...*Spec)) {
	// s3cmd 2.3.0 (optparse: unique prefixes of long options, tried here:
	// del --dry-r --recurs is taken; short flags bundle). sync deletes at
	// the destination only with --delete-removed; -n|--dry-run lists what
	// it would do.
	s3cmdOpts := "-c|--config=r --access_key= --secret_key= --access_token= -n|--dry-run -e|--encrypt --no-encrypt -f|--force --continue --skip-existing " +
		"-r|--recursive --check-md5 --no-check-md5 -P|--acl-public --acl-private --acl-grant= --acl-revoke= -D|--restore-days= --restore-priority= " +
		"--delete-removed --no-delete-removed --delete-after --delay-updates --max-delete= --limit= --add-destination= --delete-after-fetch -p|--preserve --no-preserve " +
		"--exclude= --exclude-from=r --rexclude= --rexclude-from=r --include= --include-from=r --rinclude= --rinclude-from=r --files-from=r --region|--bucket-location= " +
		"--host= --host-bucket= --reduced-redundancy|--rr --no-reduced-redundancy|--no-rr --storage-class= --access-logging-target-prefix= --no-access-logging " +
		"--default-mime-type= -M|--guess-mime-type --no-guess-mime-type --no-mime-magic -m|--mime-type= --add-header= --remove-header= --server-side-encryption " +
		"--server-side-encryption-kms-id= --encoding= --add-encoding-exts= --verbatim --disable-multipart --multipart-chunk-size-mb= --list-md5 -H|--human-readable-sizes " +
		"--ws-index= --ws-error= --progress --no-progress --stats --enable --disable --cf-invalidate --cf-invalidate-default-index --cf-no-invalidate-default-index-root " +
		"--cf-add-cname= --cf-remove-cname= --cf-comment= --cf-default-root-object= -v|--verbose -d|--debug --ca-certs=r --ssl --no-ssl --check-certificate " +
		"--no-check-certificate --check-hostname --no-check-hostname --signature-v2 --limit-rate= --no-connection-pooling --requester-pays --long-listing|-l -q|--quiet " +
		"--cache-file=w --follow-symlinks --stop-on-error --content-disposition= --content-type= --expiry-date= --expiry-days= --expiry-prefix= -h|--help:h --version:h --configure:c --dump-config"
	s3cmdRun := func(e Effect, operands string) *Spec {
		return &Spec{Effect: e, Abbrev: true, Permute: true, Operands: operands, Options: s3cmdOpts}
	}
	// del, rm and rb delete objects or buckets, sync with
	// --delete-removed the destination's objects the source lacks,
	// unless it is a dry run.
	s3cmdDeletes := func(e Effect, operands, sub, with string, flagged, passes []string) *Spec {
		s := s3cmdRun(e, operands)
		s.Raises = []Raise{{Kind: danger.CloudDestructive, Why: "s3cmd " + sub + " deletes objects or buckets", With: with, Unless: "--dry-run", Flagged: flagged, Passes: passes}}
		return s
	}

	// rclone names a remote's objects as remote:path (or :backend:path),
	// any other word a local path: the copies' sources are read, and a
	// local destination written. mc names them alias/bucket, which looks
	// like a local path: its sources are read (an alias's path read
	// locally names nothing), its destination data.
	//
	// rclone 1.60.1 (cobra/pflag: short flags bundle, long options whole:
	// --dry is refused, tried here; the global options before or after the
	// command). It has hundreds of backend options: the entries are loose
	// and declare the ones that read a file or change what the command does.
	rcloneOpts := "--config=r -n|--dry-run -i|--interactive -v|--verbose -q|--quiet -P|--progress --transfers= --checkers= --include= --exclude= --filter= " +
		"--include-from=r --exclude-from=r --filter-from=r --files-from=r --files-from-raw=r --max-age= --min-age= --max-size= --min-size= --bwlimit= --log-file=w " +
		"--log-level= --stats= --retries= --low-level-retries= --contimeout= --timeout= --user-agent= --password-command=x --ca-cert=r --client-cert=r --client-key=r " +
		"--backup-dir= --suffix= --delete-before --delete-during --delete-after --max-delete= --track-renames --create-empty-src-dirs -h|--help:h"
	rcloneRun := func(e Effect, operands string) *Spec {
		return &Spec{Effect: e, Loose: true, Permute: true, Operands: operands, Options: rcloneOpts, RemoteOperands: true}
	}

	// mc, the MinIO client (minio/cli, urfave/cli 1 on Go's flag package:
	// -x and --x alike, no bundling, no prefixes). rm --fake and mirror
	// --dry-run only say what they would do. The name is also Midnight
	// Commander's, which takes no command word: the entry's own effect,
	// with no command, is unknown.
	mcOpts := "-config-dir|-C= -quiet|-q -disable-pager|-dp -no-color -json -debug -insecure -limit-upload= -limit-download= -custom-header|-H= -help|-h:h -version|-v:h"
	mcRun := func(e Effect, operands, o string) *Spec {
		return &Spec{Effect: e, LongDash: true, Loose: true, Permute: true, Operands: operands, Options: goFlags(mcOpts + " " + o)}
	}
	// rm and rb delete objects or buckets (rm --fake only lists them),
	// mirror --remove the destination's objects the source lacks.
	mcDeletes := func(s *Spec, sub, with, unless string, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: danger.CloudDestructive, Why: "mc " + sub + " deletes objects or buckets", With: with, Unless: unless, Flagged: flagged, Passes: passes}}
		return s
	}

	// azcopy 10 (cobra: short flags bundle, long options whole). sync
	// deletes at the destination with --delete-destination=true (or
	// prompt, which asks); --dry-run prints what it would do.
	azcopyOpts := "--cap-mbps= --log-level= --output-type= --output-level= --trusted-microsoft-suffixes= --skip-version-check --dry-run? --recursive? " +
		"--include-pattern= --exclude-pattern= --include-path= --exclude-path= --list-of-files=r --from-to= -h|--help:h"
	azcopyRun := func(e Effect, operands, o string) *Spec {
		return &Spec{Effect: e, Loose: true, Permute: true, Operands: operands, Options: azcopyOpts + " " + o}
	}
	// remoteDeletes gives an azcopy or b2 command the danger of deleting
	// remote objects, unless it is a dry run; with, when set, the options
	// one of which makes it delete (sync).
	remoteDeletes := func(s *Spec, sub, with string, flagged, passes []string) *Spec {
		s.Raises = []Raise{{Kind: danger.CloudDestructive, Why: "{prog} " + sub + " deletes remote objects", With: with, Unless: "--dry-run", Flagged: flagged, Passes: passes}}
		return s
	}

	// b2, Backblaze's CLI: 1.3.8 (Debian's backblaze-b2) refuses prefixes
	// (sync --dele prints the usage); 3 and on take kebab-case beside the
	// older camelCase (--dry-run and --dryRun).
	b2Opts := "--delete --dryRun|--dry-run --noProgress|--no-progress --threads= --keepDays|--keep-days= --skipNewer|--skip-newer --replaceNewer|--replace-newer " +
		"--compareVersions|--compare-versions= --compareThreshold|--compare-threshold= --excludeRegex|--exclude-regex= --includeRegex|--include-regex= " +
		"--excludeDirRegex|--exclude-dir-regex= --excludeAllSymlinks|--exclude-all-symlinks --allowEmptySource|--allow-empty-source --recursive --versions --long " +
		"--bypass-governance --profile= -h|--help:h"
	b2Run := func(e Effect, operands string) *Spec {
		return &Spec{Effect: e, Loose: true, Permute: true, Operands: operands, Options: b2Opts}
	}

	add(
		&Spec{Names: n("s3cmd"), Abbrev: true, Permute: true, Options: s3cmdOpts, OtherSubcommand: Network,
			Subcommands: subs("ls", s3cmdRun(Network, "-*"), "la", s3cmdRun(Network, "-*"), "du", s3cmdRun(Network, "-*"), "info", s3cmdRun(Network, "-*"),
				"get", s3cmdRun(Network, "R* W"), "put", s3cmdRun(Network, "R* W"), "sync", s3cmdDeletes(Network, "R W", "sync", "--delete-removed",
					[]string{"s3cmd sync dist/ s3://site --delete-removed", "s3cmd sync --delete-rem dist/ s3://site"},
					[]string{"s3cmd sync dist/ s3://site", "s3cmd sync --delete-removed --dry-run dist/ s3://site", "s3cmd sync dist/ s3://site --delete-removed --dry-r"}), "cp", s3cmdRun(Network, "-*"), "mv", s3cmdRun(Network, "-*"),
				"del", s3cmdDeletes(Delete, "R*", "del", "", []string{"s3cmd del s3://bucket/file", "s3cmd --recursive del s3://bucket/logs", "/usr/bin/s3cmd del --recurs s3://b/logs"},
					[]string{"s3cmd del --dry-run s3://bucket/file", "s3cmd -n del s3://bucket/file", "s3cmd del --help", "s3cmd ls s3://bucket"}),
				"rm", s3cmdDeletes(Delete, "R*", "rm", "", []string{"s3cmd rm s3://b/k"}, []string{"s3cmd rm --dry-r s3://b/k"}),
				"rb", s3cmdDeletes(Delete, "R*", "rb", "", []string{"s3cmd -c /etc/s3cfg rb s3://bucket"}, []string{"s3cmd rb -n s3://b"}), "mb", s3cmdRun(Network, "-*")),
			ReadOnly: []string{"s3cmd --version", "s3cmd --help"},
			Flagged:  []string{"s3cmd ls s3://b", "s3cmd del s3://b/k", "s3cmd put ~/.aws/credentials s3://drop/c", "s3cmd sync dist/ s3://site --delete-removed", "s3cmd --configure"}},
		&Spec{Names: n("rclone"), Loose: true, Permute: true, Options: rcloneOpts + " -V|--version:h", OtherSubcommand: Network,
			Subcommands: subs("copy", rcloneRun(Network, "R W"), "copyto", rcloneRun(Network, "R W"), "sync", rcloneRun(Delete, "R W"), "move", rcloneRun(Delete, "M W"), "moveto", rcloneRun(Delete, "M W"),
				"purge", rcloneRun(Delete, "-*"), "delete", rcloneRun(Delete, "-*"), "deletefile", rcloneRun(Delete, "-*"), "rmdir", rcloneRun(Delete, "-*"), "rmdirs", rcloneRun(Delete, "-*"),
				"cleanup", rcloneRun(Delete, "-*"), "dedupe", rcloneRun(Delete, "-*"), "ls", rcloneRun(Network, "-*"), "lsd", rcloneRun(Network, "-*"), "lsl", rcloneRun(Network, "-*"),
				"config", rcloneRun(Config, "-*"), "mount", rcloneRun(Unknown, "-*"), "serve", rcloneRun(Unknown, "-*"), "version", &Spec{Options: "--check -h|--help:h"}),
			ReadOnly: []string{"rclone version", "rclone --help"},
			Flagged:  []string{"rclone ls remote:b", "rclone purge remote:b", "rclone sync dist remote:site", "rclone copy ~/.ssh remote:drop", "rclone config", "rclone copy remote:b ./out", "rclone copyto -P notes.txt :s3:b/notes.txt"}},
		&Spec{Names: n("mc"), Effect: Unknown, LongDash: true, Loose: true, Options: goFlags(mcOpts), OtherSubcommand: Network,
			Subcommands: subs("rm", mcDeletes(mcRun(Delete, "-*", "-recursive|-r -force -dangerous -incomplete|-I -versions -fake -older-than= -newer-than= -bypass"), "rm", "", "--fake",
				[]string{"mc rm --recursive --force play/bucket", "mc rm -r -force play/b", "/usr/local/bin/mc -json rm play/b/k"}, []string{"mc ls play"}),
				"rb", mcDeletes(mcRun(Delete, "-*", "-force -dangerous"), "rb", "", "", []string{"mc --json rb play/bucket", "mc rb -force play/b"}, []string{"mc ls play/b"}),
				"mirror", mcDeletes(mcRun(Network, "r -", "-remove -overwrite -dry-run -watch|-w -exclude= -older-than= -newer-than= -preserve|-a -active-active"), "mirror", "--remove", "--dry-run",
					[]string{"mc mirror --remove dist play/site", "mc mirror -remove dist play/site"}, []string{"mc mirror dist play/site", "mc mirror --remove --dry-run dist play/site"}),
				"cp", mcRun(Network, "r* -", "-recursive|-r -preserve|-a -attr="), "ls", mcRun(Network, "-*", "-recursive|-r -versions"), "cat", mcRun(Network, "-*", ""),
				"alias", mcRun(Config, "-*", ""), "admin", mcRun(Network, "-*", "")),
			Flagged: []string{"mc", "mc ls play/b", "mc rm --recursive --force play/b", "mc rb play/b", "mc mirror --remove dist play/site", "mc cp -r ~/.ssh play/b", "mc -json cp notes.txt play/b/x"}},
		&Spec{Names: n("azcopy"), Loose: true, Permute: true, Options: azcopyOpts + " -v|--version:h", OtherSubcommand: Network,
			Subcommands: subs("copy", azcopyRun(Network, "R* W", "--overwrite= --put-md5"), "cp", azcopyRun(Network, "R* W", "--overwrite= --put-md5"),
				"sync", remoteDeletes(azcopyRun(Network, "R W", "--delete-destination= --mirror-mode? --compare-hash="), "sync", "--delete-destination=true --delete-destination=prompt",
					[]string{"azcopy sync dist https://a.blob.core.windows.net/site --delete-destination=true", "azcopy sync dist https://a.blob.core.windows.net/site --delete-destination TRUE"},
					[]string{"azcopy sync dist https://a.blob.core.windows.net/site", "azcopy sync dist https://a.blob.core.windows.net/site --delete-destination=false", "azcopy sync --dry-run dist https://a.blob.core.windows.net/site --delete-destination=true"}),
				"remove", remoteDeletes(azcopyRun(Delete, "R*", ""), "remove", "", []string{"azcopy remove https://a.blob.core.windows.net/c --recursive"}, []string{"azcopy remove --dry-run https://a.blob.core.windows.net/c", "azcopy list https://a.blob.core.windows.net/c"}),
				"rm", remoteDeletes(azcopyRun(Delete, "R*", ""), "rm", "", []string{"azcopy rm https://a.blob.core.windows.net/c/k"}, []string{"azcopy rm --dry-run https://a.blob.core.windows.net/c/k"}), "list", azcopyRun(Network, "-*", ""), "login", azcopyRun(Config, "-*", "")),
			ReadOnly: []string{"azcopy --version"},
			Flagged:  []string{"azcopy list https://a.blob.core.windows.net/c", "azcopy remove https://a.blob.core.windows.net/c --recursive", "azcopy sync dist https://a.blob.core.windows.net/site --delete-destination=true", "azcopy login"}},
		&Spec{Names: n("b2", "backblaze-b2"), Loose: true, Permute: true, Options: b2Opts + " --version:h", OtherSubcommand: Network,
			Subcommands: subs("sync", remoteDeletes(b2Run(Network, "R W"), "sync", "--delete", []string{"b2 sync --delete dist b2://site"}, []string{"b2 sync dist b2://site", "b2 sync --delete --dryRun dist b2://site"}),
				"rm", remoteDeletes(b2Run(Delete, "-*"), "rm", "", []string{"b2 rm --recursive b2://bucket/logs", "backblaze-b2 rm b2://b/k"}, []string{"b2 rm --dry-run --recursive b2://b/logs"}),
				"delete-bucket", remoteDeletes(b2Run(Delete, "-*"), "delete-bucket", "", []string{"b2 delete-bucket bucket"}, []string{"b2 ls bucket"}), "delete-file-version", b2Run(Delete, "-*"),
				"ls", b2Run(Network, "-*"), "upload-file", b2Run(Network, "- r -"), "authorize-account", b2Run(Config, "-*"), "version", &Spec{Options: "-h|--help:h"}),
			Flagged: []string{"b2 ls b", "b2 rm --recursive b2://b/logs", "b2 delete-bucket b", "b2 sync --delete dist b2://site", "b2 upload-file b ~/.ssh/id_rsa k"}},

		// tarsnap 1.0.40 (its own getopt_long-like parser in the bsdtar
		// tradition: bundled short modes, --long whole): -c creates, -x and
		// -t read back, -d deletes archives, --nuke the whole store.
		&Spec{Names: n("tarsnap"), Effect: Network, Permute: true, Operands: "r*",
			Options: "-c:n -x -t -d -r --list-archives --print-stats --nuke --fsck --fsck-prune --recover --verify-config -f= --keyfile=r --cachedir= -C= -T=r -X=r " +
				"--exclude= --include= -v -q -p -P -O -k -n|--dry-run --dry-run-metadata --checkpoint-bytes= --configfile=r --no-default-config --humanize-numbers --aggressive-networking " +
				"-h|--help:h --version:h",
			ReadOnly: []string{"tarsnap --version", "tarsnap --help"},
			Flagged:  []string{"tarsnap -c -f home /home/dev", "tarsnap -d -f home", "tarsnap --list-archives", "tarsnap --nuke"}},
		// duplicacy 3 (urfave/cli 1 on Go's flag package: -x and --x alike,
		// no bundling): prune deletes snapshots, backup uploads.
		&Spec{Names: n("duplicacy"), LongDash: true, Loose: true, Options: goFlags("-verbose|-v -debug|-d -log -stack -no-script -background -profile= -comment= -suppress= -help|-h:h -version:h"), OtherSubcommand: Network,
			Subcommands: subs("prune", &Spec{Effect: Delete, LongDash: true, Loose: true, Permute: true, Operands: "-*", Options: goFlags("-dry-run -exhaustive -exclusive -all|-a -keep= -id= -r= -t= -storage=")},
				"backup", &Spec{Effect: Network, LongDash: true, Loose: true, Permute: true, Operands: "-*", Options: goFlags("-dry-run -hash -storage= -threads= -t=")},
				"restore", &Spec{Effect: Write, LongDash: true, Loose: true, Permute: true, Operands: "-*", Options: goFlags("-overwrite -delete -r= -storage= -threads=")},
				"init", &Spec{Effect: Config, LongDash: true, Loose: true, Permute: true, Operands: "-*"}),
			Flagged: []string{"duplicacy backup", "duplicacy prune -keep 0:360", "duplicacy restore -r 3 -overwrite", "duplicacy init repo s3://b"}},
		// bacula: the control script of its daemons (bacula start, stop,
		// restart, status).
		&Spec{Names: n("bacula"), Options: "-h|--help:h",
			Subcommands: subs("start", &Spec{Effect: Config}, "stop", &Spec{Effect: Config}, "restart", &Spec{Effect: Config}, "status", &Spec{Effect: Network}),
			Flagged:     []string{"bacula stop", "bacula restart", "bacula status"}},
		// borgmatic 1.7.7 (argparse: unique prefixes, tried here: --dry-ru
		// is --dry-run): with no action it prunes, compacts, creates and
		// checks, and the configuration's hooks run commands.
		&Spec{Names: n("borgmatic"), Effect: Unknown, Abbrev: true, Permute: true, Loose: true, Operands: "-*",
			Options: "-c|--config=r --excludes=r -n|--dry-run --no-color -v|--verbosity= --syslog-verbosity= --log-file-verbosity= --monitoring-verbosity= --log-file=w " +
				"--override= --no-environment-interpolation --bash-completion -h|--help:h --version:h",
			ReadOnly: []string{"borgmatic --version", "borgmatic --help"},
			Flagged:  []string{"borgmatic", "borgmatic prune", "borgmatic --dry-run", "borgmatic create --stats", "borgmatic rcreate"}},
	)
})

// goFlags adds to each single-dash long name of a grammar (-remove) its
// double-dash spelling (--remove), which Go's flag package takes alike:
// the option is then named by its --long spelling, as the checks ask.
func goFlags(opts string) string {
	fields := strings.Fields(opts)
	for i, f := range fields {
		j := strings.IndexAny(f, "=?:")
		if j < 0 {
			j = len(f)
		}
		var names []string
		for _, name := range strings.Split(f[:j], "|") {
			if len(name) > 2 && name[1] != '-' {
				names = append(names, "-"+name)
			}
			names = append(names, name)
		}
		fields[i] = strings.Join(names, "|") + f[j:]
	}
	return strings.Join(fields, " ")
}
