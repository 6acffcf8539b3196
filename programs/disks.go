package programs

import (
	"strings"

	"github.com/wardenhq/warden/danger"
)

// Disks: the partitioners, signature wipers and device tools. Each changes
// the device it is given unless an option says it only lists; the shell
// package's partition check judges which device.

var _ = family("disks", func(add func(...*Spec)) {
	exact := func(ex string) Grant { return Grant{Exact: true, Offers: []string{ex + " => Bash(" + ex + ")"}} }
	// cryptsetup 2.6.1 (popt): options anywhere, no prefixes of long
	// options (--vers is refused), the action the first other word. The
	// options that take a value are declared so that the action is found
	// after them.
	cryptOpts := "--active-name= --align-payload= -c|--cipher= --device-size= -h|--hash= --header=r --header-backup-file= --hotzone-size= -I|--integrity= -i|--iter-time= " +
		"--json-file= --key-description= -d|--key-file=r -s|--key-size= -S|--key-slot= --keyfile-offset= -l|--keyfile-size= --keyslot-cipher= --keyslot-key-size= --label= " +
		"--luks2-keyslots-size= --luks2-metadata-size= --volume-key-file= --master-key-file= --new-keyfile= --new-key-slot= --new-keyfile-offset= --new-keyfile-size= --new-token-id= " +
		"-o|--offset= --pbkdf= --pbkdf-force-iterations= --pbkdf-memory= --pbkdf-parallel= --priority= --progress-frequency= --reduce-device-size= --resilience= --resilience-hash= " +
		"--sector-size= -b|--size= -p|--skip= --subsystem= -t|--timeout= --token-id= --token-type= -T|--tries= -M|--type= --uuid= --veracrypt-pim= -B|--block-size= " +
		"-q|--batch-mode -r|--readonly -v|--verbose -y|--verify-passphrase -N|--new --debug --help:h --usage:h -V|--version:h"
	crypt := func(r ...Raise) *Spec {
		return &Spec{Effect: Write, Loose: true, Permute: true, Operands: "r*", Options: cryptOpts, Raises: r}
	}
	wipes := func(why string, flagged, passes []string) Raise {
		return Raise{Kind: danger.DiskWipe, Why: why, Flagged: flagged, Passes: passes}
	}
	keys := wipes("cryptsetup destroys encrypted volume keys or formats a device",
		[]string{"cryptsetup luksFormat /dev/sdb", "cryptsetup -q luksFormat /dev/sdb", "cryptsetup --type luks2 luksFormat /dev/sdb", "cryptsetup -M luks2 erase /dev/sdb",
			"cryptsetup luksKillSlot /dev/sdb 0", "cryptsetup --batch-mode luksErase /dev/sdb", "cryptsetup reencrypt /dev/sdb", "cryptsetup luksRemoveKey /dev/sdb"},
		[]string{"cryptsetup luksDump /dev/sdb", "cryptsetup status root", "cryptsetup --help", "cryptsetup -M luksFormat open /dev/sdb x"})
	nvmeWipe := wipes("nvme formats or sanitizes an NVMe device",
		[]string{"nvme format /dev/nvme0n1", "nvme sanitize /dev/nvme0 -a 2", "nvme format /dev/nvme0n1 --ses=1"},
		[]string{"nvme list", "nvme smart-log /dev/nvme0", "nvme --help"})
	nvmeSub := func(r ...Raise) *Spec {
		return &Spec{Effect: Write, Loose: true, Permute: true, Operands: "r*", Options: "-h:h --help:h", Raises: r}
	}
	dupOpts := "--force --dry-run --no-encryption --archive-dir= --name= --encrypt-key= --sign-key= --hidden-encrypt-key= --gpg-options= --ssh-options= --volsize= --tempdir= " +
		"--log-file=w --log-fd= -v|--verbosity= -t|--time= -r|--file-to-restore= --full-if-older-than= --exclude= --include= --exclude-filelist=r --include-filelist=r " +
		"--exclude-regexp= --include-regexp= --backend-retry-delay= --num-retries= --timeout= -h|--help:h --version:h"
	dupSub := func() *Spec {
		return &Spec{Effect: Network, Loose: true, Abbrev: true, Permute: true, Operands: "-*", Options: dupOpts}
	}
	zpoolWipe := func() *Spec {
		return &Spec{Effect: Delete, Permute: true, Operands: "-*", Options: "-f",
			Raises: []Raise{{Kind: danger.DiskWipe, Why: "destroys a ZFS pool",
				Flagged: []string{"zpool destroy tank", "zpool destroy -f tank", "zpool labelclear -f /dev/sdb"}, Passes: []string{"zpool status", "zpool list", "zpool --help"}}}}
	}
	// restic 0.14.0 (cobra and pflag): short flags bundle (-nq), no
	// prefixes of long options (--rep is refused), the global options
	// before or after the command (restic -r R forget, restic forget -r R).
	// forget and prune delete snapshots and their data unless -n.
	resticOpts := "-r|--repo= --repository-file=r -p|--password-file=r --password-command=x --key-hint= --cache-dir= --no-cache --cleanup-cache --cacert=r " +
		"--tls-client-cert=r --insecure-tls --json -q|--quiet -v|--verbose? --no-lock --limit-upload= --limit-download= -o|--option= --compression= --pack-size= -h|--help:h"
	resticDelete := func() *Spec {
		return &Spec{Effect: Delete, Loose: true, Permute: true, Operands: "-*", Options: resticOpts + " -n|--dry-run",
			Raises: []Raise{{Kind: danger.BackupDestruction, Why: "restic forget and prune delete backup snapshots", Unless: "--dry-run",
				Flagged: []string{"restic forget --keep-last 1 --prune", "restic -r /srv/restic forget --prune", "restic --repo=/srv/restic prune", "restic prune -r /srv/restic",
					"restic -q -r /srv/restic forget abc123", "/usr/bin/restic forget abc123"},
				Passes: []string{"restic prune --dry-run", "restic forget --dry-run --keep-last 1", "restic -r /srv/restic snapshots", "restic forget --help"}}}}
	}
	// borg 1.2.4 (argparse: unique prefixes of long options, --dry-r is
	// --dry-run; the common options before or after the command). delete,
	// prune, compact and recreate remove archives or the data they free;
	// borg 2 adds -r|--repo and rdelete (repo-delete), the repository
	// itself.
	borgOpts := "-r|--repo= --critical --error --warning --info|-v|--verbose --debug --debug-topic= -p|--progress --iec --log-json --lock-wait= --bypass-lock --show-version " +
		"--show-rc --umask= --remote-path= --remote-ratelimit= --upload-ratelimit= --remote-buffer= --upload-buffer= --consider-part-files --debug-profile=w --rsh=x -h|--help:h"
	borgDelete := func(why string, dry bool, flagged, passes []string) *Spec {
		r := Raise{Kind: danger.BackupDestruction, Why: why, Flagged: flagged, Passes: passes}
		opts := borgOpts
		if dry {
			r.Unless = "--dry-run"
			opts += " -n|--dry-run"
		}
		return &Spec{Effect: Delete, Loose: true, Abbrev: true, Permute: true, Operands: "-*", Options: opts, Raises: []Raise{r}}
	}
	// kopia (kingpin, read in its source, cli/command_snapshot_delete.go):
	// long options whole (no prefixes), the global ones before or after
	// the command. snapshot delete and expire delete only with --delete
	// and otherwise say what they would; both are judged as deleting, as
	// blob and content delete are.
	kopiaOpts := "--config-file=r --password= --log-dir= --log-level= --file-log-level= --cache-directory= --content-cache-size-mb= --metadata-cache-size-mb= " +
		"--max-list-cache-duration= --timezone= --persist-credentials --no-persist-credentials --progress --no-progress --help:h --help-long:h --help-man:h --version:h"
	kopiaDelete := func(why string, flagged, passes []string) *Spec {
		return &Spec{Effect: Delete, Loose: true, Permute: true, Operands: "-*", Options: kopiaOpts + " --delete --all-snapshots-for-source",
			Raises: []Raise{{Kind: danger.BackupDestruction, Why: why, Flagged: flagged, Passes: passes}}}
	}
	// LVM 2.03.16 (getopt_long: prefixes, options after the volumes): the
	// removers destroy what they name unless -t|--test.
	lvmRemove := func(name string) *Spec {
		return &Spec{Names: n(name), Grant: exact(name + " x"), Effect: Delete, Abbrev: true, Permute: true, Operands: "-*",
			Options: "-A|--autobackup= -f|--force -S|--select= --nohistory --noudevsync --reportformat= -d|--debug -q|--quiet -v|--verbose -y|--yes -t|--test " +
				"--commandprofile= --config= --driverloaded= --nolocking --lockopt= --profile= --devicesfile= --devices= --nohints --journal= -h|--help:h --longhelp:h --version:h",
			Raises: []Raise{{Kind: danger.DiskWipe, Why: name + " removes LVM volumes and their data", Unless: "--test",
				Flagged: []string{name + " vg0", name + " -f vg0", name + " --force vg0", name + " -fy vg0", "sudo " + name + " vg0 -f"},
				Passes:  []string{name + " -t vg0", name + " --test vg0", name + " vg0 --tes", name + " -ft vg0", name + " --help"}}}}
	}
	add(
		&Spec{Names: n("restic"), Grant: exact("restic forget"), Options: resticOpts,
			// unlock removes stale locks; --remove-all removes every lock,
			// those of a backup still running too (the service-cli check).
			Subcommands: subs("forget", resticDelete(), "prune", resticDelete(),
				"unlock", &Spec{Effect: Write, Permute: true, Options: resticOpts + " --remove-all"})},
		&Spec{Names: n("borg", "borgbackup"), Grant: exact("borg delete"), Abbrev: true, Options: borgOpts,
			Subcommands: subs(
				"delete", borgDelete("borg delete removes backup archives", true,
					[]string{"borg delete ::archive", "borg delete --stats /srv/borg::a1", "borgbackup delete /srv/borg", "borg --lock-wait 5 delete ::a1", "borg delete ::a1 --lock-w 5"},
					[]string{"borg delete --dry-run ::a1", "borg list ::", "borg delete --help"}),
				"prune", borgDelete("borg prune removes backup archives", true,
					[]string{"borg prune --keep-daily 7 /srv/borg", "borg --info prune -s /srv/borg"}, []string{"borg prune --dry-run --list", "borg prune --help"}),
				"recreate", borgDelete("borg recreate rewrites backup archives and drops what they exclude", true,
					[]string{"borg recreate --exclude '*.log' ::a1"}, []string{"borg recreate --dry-run ::a1"}),
				"compact", borgDelete("borg compact frees the space of deleted archives", false, []string{"borg compact /srv/borg", "borg compact --progress"}, []string{"borg compact --help"}),
				"rdelete", borgDelete("borg rdelete deletes the repository", true, []string{"borg --repo /srv/borg rdelete", "borg rdelete -r /srv/borg"}, []string{"borg rdelete --dry-run --repo /srv/borg"}),
				"repo-delete", borgDelete("borg repo-delete deletes the repository", true, []string{"borg -r /srv/borg repo-delete"}, []string{"borg repo-delete --help"}))},
		&Spec{Names: n("kopia"), Grant: exact("kopia snapshot delete"), Options: kopiaOpts,
			Subcommands: subs(
				"snapshot", &Spec{Options: kopiaOpts, Subcommands: subs(
					"delete", kopiaDelete("kopia snapshot delete deletes backup snapshots",
						[]string{"kopia snapshot delete k1f2 --delete", "kopia --config-file=/etc/kopia.config snapshot delete k1f2 --delete", "kopia snapshot delete --all-snapshots-for-source /srv --delete"},
						[]string{"kopia snapshot list", "kopia snapshot delete --help"}),
					"expire", kopiaDelete("kopia snapshot expire deletes the snapshots its policy no longer keeps", []string{"kopia snapshot expire --all --delete"}, []string{"kopia snapshot expire --help"}))},
				"blob", &Spec{Options: kopiaOpts, Subcommands: subs("delete", kopiaDelete("kopia blob delete deletes repository blobs", []string{"kopia blob delete p1234"}, []string{"kopia blob list"}))},
				"content", &Spec{Options: kopiaOpts, Subcommands: subs("delete", kopiaDelete("kopia content delete deletes repository contents", []string{"kopia content delete c1234"}, []string{"kopia content list"}))})},
		lvmRemove("lvremove"), lvmRemove("vgremove"), lvmRemove("pvremove"),
		// util-linux 2.38.1 (getopt_long: prefixes, options after the
		// device). wipefs lists the signatures it finds unless -a or -o
		// names what to erase.
		&Spec{Names: n("wipefs"), Grant: exact("wipefs /dev/x"), Abbrev: true, Permute: true, Operands: "r*",
			Options: "-a|--all:W -b|--backup -f|--force -i|--noheadings -J|--json -n|--no-act -o|--offset=:W -O|--output= -p|--parsable -q|--quiet -t|--types= --lock? -h|--help:h -V|--version:h",
			Flagged: []string{"wipefs -a /dev/sdb", "wipefs --all disk.img"}, ReadOnly: []string{"wipefs --help"}},
		&Spec{Names: n("fdisk"), Grant: exact("fdisk /dev/x"), Effect: Write, ReadWith: "-l --list -x --list-details -s --getsz", Abbrev: true, Permute: true, Operands: "r*",
			Options: "-b|--sector-size= -B|--protect-boot -c|--compatibility? -L|--color? -l|--list -x|--list-details -n|--noauto-pt -o|--output= -t|--type= -u|--units? -s|--getsz --bytes --lock? " +
				"-w|--wipe= -W|--wipe-partitions= -C|--cylinders= -H|--heads= -S|--sectors= -h|--help:h -V|--version:h",
			Flagged: []string{"fdisk /dev/sda", "fdisk disk.img"}, ReadOnly: []string{"fdisk -l", "fdisk -l /dev/sda", "fdisk --list-details /dev/sda"}},
		&Spec{Names: n("sfdisk"), Grant: exact("sfdisk /dev/x"), Effect: Write, Abbrev: true, Permute: true, Operands: "r -*",
			ReadWith: "-d --dump -J --json -g --show-geometry -G --show-pt-geometry -l --list -F --list-free -s --show-size -T --list-types -V --verify",
			Options: "-A|--activate -d|--dump -J|--json -B|--backup-pt-sectors -g|--show-geometry|-G|--show-pt-geometry -l|--list -F|--list-free -r|--reorder -s|--show-size -T|--list-types -V|--verify " +
				"--delete --part-label --part-type --part-uuid --part-attrs --disk-id --relocate= -a|--append -b|--backup --bytes --move-data? --move-use-fsync -f|--force --color? --lock? " +
				"-N|--partno= -n|--no-act --no-reread --no-tell-kernel -O|--backup-file=w -o|--output= -q|--quiet -w|--wipe= -W|--wipe-partitions= -X|--label= -Y|--label-nested= -L|--Linux -u|--unit= " +
				"-h|--help:h -v|--version:h",
			Flagged: []string{"sfdisk /dev/sda < layout", "sfdisk --delete /dev/sda 1"}, ReadOnly: []string{"sfdisk -l /dev/sda", "sfdisk --dump /dev/sda"}},
		&Spec{Names: n("cfdisk"), Grant: exact("cfdisk /dev/x"), Effect: Write, ReadWith: "-r --read-only", Abbrev: true, Permute: true, Operands: "r?",
			Options: "-L|--color? -z|--zero --lock? -r|--read-only -h|--help:h -V|--version:h",
			Flagged: []string{"cfdisk /dev/sda"}, ReadOnly: []string{"cfdisk -r /dev/sda"}},
		&Spec{Names: n("blkdiscard"), Grant: exact("blkdiscard /dev/x"), Effect: Write, Abbrev: true, Permute: true, Operands: "r",
			Options: "-f|--force -o|--offset= -l|--length= -p|--step= -s|--secure -z|--zeroout -v|--verbose -h|--help:h -V|--version:h",
			Flagged: []string{"blkdiscard /dev/sda", "blkdiscard -l 1G /dev/sda"}, ReadOnly: []string{"blkdiscard --help"}},
		// hdparm 9.65 reads its words itself: short options (many with a
		// value, attached or not) are taken loosely; long options are
		// matched whole and without case (strcasecmp, no prefixes), and
		// the security ones take the password after them.
		&Spec{Names: n("hdparm"), Grant: exact("hdparm /dev/x"), Effect: Write, Loose: true, Fold: true, Permute: true, Operands: "r*",
			Options: "--security-erase= --security-erase-enhanced= --security-set-pass= --security-unlock= --security-disable= --security-freeze --user-master= --security-mode= " +
				"--trim-sector-ranges= --trim-sector-ranges-stdin --make-bad-sector= --fwdownload=r --fwdownload-mode3=r --fwdownload-mode3-max=r --fwdownload-mode7=r " +
				"--yes-i-know-what-i-am-doing --please-destroy-my-drive --verbose -h:h --help:h -V:h",
			Flagged: []string{"hdparm -I /dev/sda", "hdparm --security-erase p /dev/sda"}, ReadOnly: []string{"hdparm -h"}},
		// The file system makers write their device (or image file). Each
		// is declared as its --help (and getopt string) says: e2fsprogs
		// 1.47.0 mke2fs (glibc getopt: options after the device too),
		// util-linux 2.38.1 mkfs, mkswap and mkfs.minix, btrfs-progs,
		// dosfstools 4.2, xfsprogs, ntfs-3g, exfatprogs and f2fs-tools
		// (getopt_long where the help shows long options: prefixes).
		&Spec{Names: n("mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4"), Grant: exact("mkfs.ext4 /dev/x"), Permute: true, Operands: "w -?",
			Options: "-b= -c -d=r -e= -g= -i= -j -l=r -m= -n -o= -q -r= -s= -t= -v -C= -D -E= -F -G= -I= -J= -K -L= -M= -N= -O= -R= -S -T= -U= -V:h -z=w",
			Flagged: []string{"mkfs.ext4 -F disk.img", "mke2fs -L data /dev/sdb1"}},
		// mkfs hands the options it does not know to mkfs.TYPE.
		&Spec{Names: n("mkfs"), Grant: exact("mkfs /dev/x"), Effect: Write, Loose: true, Abbrev: true, Permute: true, Operands: "w -?", Options: "-t|--type= --verbose --help:h --version:h",
			Flagged: []string{"mkfs -t ext4 /dev/sdb1"}},
		&Spec{Names: n("mkswap"), Grant: exact("mkswap /dev/x"), Abbrev: true, Permute: true, Operands: "w -?",
			Options: "-c|--check -f|--force -q|--quiet -p|--pagesize= -L|--label= -v|--swapversion= -U|--uuid= --verbose --lock? -h|--help:h -V|--version:h",
			Flagged: []string{"mkswap swap.img", "mkswap /dev/sdb2"}},
		&Spec{Names: n("mkfs.minix"), Grant: exact("mkfs.minix /dev/x"), Abbrev: true, Permute: true, Operands: "w -?",
			Options: "-1 -2|-v -3 -n|--namelength= -i|--inodes= -c|--check -l|--badblocks=r --lock? -h|--help:h -V|--version:h"},
		&Spec{Names: n("mkfs.btrfs"), Grant: exact("mkfs.btrfs /dev/x"), Abbrev: true, Permute: true, Operands: "w*",
			Options: "-d|--data= -m|--metadata= -M|--mixed --csum|--checksum= -n|--nodesize= -s|--sectorsize= -O|--features= -R|--runtime-features= -L|--label= -U|--uuid= " +
				"-b|--byte-count= -r|--rootdir=r --shrink -K|--nodiscard -f|--force -q|--quiet -v|--verbose -l|--leafsize= -V|--version:h --help:h"},
		&Spec{Names: n("mkfs.fat", "mkfs.vfat", "mkdosfs"), Grant: exact("mkfs.fat /dev/x"), Abbrev: true, Permute: true, Operands: "w -?",
			Options: "-a -A -b= -c -C -D= -f= -F= -g= -h= -i= -I -l=r -m=r -M= --mbr? -n= --codepage= -r= -R= -s= -S= -v --variant= --invariant --offset= --help:h"},
		&Spec{Names: n("mkfs.xfs"), Grant: exact("mkfs.xfs /dev/x"), Permute: true, Operands: "w",
			Options: "-b= -c= -d= -i= -l= -L= -m= -n= -p=r -r= -s= -K -N -q -C -f -V:h"},
		&Spec{Names: n("mkfs.ntfs", "mkntfs"), Grant: exact("mkfs.ntfs /dev/x"), Abbrev: true, Permute: true, Operands: "w -?",
			Options: "-f|--fast -Q|--quick -L|--label= -C|--enable-compression -I|--no-indexing -n|--no-action -c|--cluster-size= -s|--sector-size= -p|--partition-start= " +
				"-H|--heads= -S|--sectors-per-track= -z|--mft-zone-multiplier= -T|--zero-time -F|--force -q|--quiet -v|--verbose --debug -V|--version:h -l|--license:h -h|--help:h"},
		&Spec{Names: n("mkfs.exfat"), Grant: exact("mkfs.exfat /dev/x"), Abbrev: true, Permute: true, Operands: "w",
			Options: "-L|--volume-label= -c|--cluster-size= -b|--boundary-align= --pack-bitmap -f|--full-format -v|--verbose -V|--version:h -h|--help:h"},
		&Spec{Names: n("mkfs.f2fs"), Grant: exact("mkfs.f2fs /dev/x"), Permute: true, Operands: "w -?",
			Options: "-a= -c= -C= -d= -e= -E= -f -g= -i -l= -m -o= -O= -q -r -R= -s= -S -t= -T= -U= -w= -z= -V:h -h:h"},
		// newfs (BSD) and macOS's newfs_apfs and newfs_hfs: their options
		// are not declared (Loose); a value of one is read as an operand,
		// a file system made on it.
		&Spec{Names: n("newfs", "newfs_apfs", "newfs_hfs"), Grant: exact("newfs /dev/x"), Effect: Write, Loose: true, Permute: true, Operands: "w*"},
		// duplicity 0.8.22 (optparse: unique prefixes of long options,
		// --forc is --force; options before and after the command). Its
		// many options are not all declared (Loose); those that take a
		// value before the command are, so that the command is found.
		// remove-* and cleanup delete backups only with --force.
		&Spec{Names: n("duplicity"), Grant: exact("duplicity cleanup x"), Effect: Network, Loose: true, Abbrev: true, Permute: true, OtherSubcommand: Network, Operands: "-*",
			Options:     dupOpts,
			Subcommands: subs("cleanup", dupSub(), "remove-older-than", dupSub(), "remove-all-but-n-full", dupSub(), "remove-all-inc-of-but-n-full", dupSub()),
			Flagged:     []string{"duplicity cleanup --force file:///srv/b", "duplicity --force cleanup file:///srv/b"}},
		// OpenZFS: zpool and zfs COMMAND [OPTIONS] …, the command first.
		// zpool destroy and labelclear erase the pool; zfs destroy is
		// judged by the volumes check (a snapshot is a backup, a dataset
		// its data).
		&Spec{Names: n("zpool"), Grant: exact("zpool destroy x"), Options: "-V|--version:h --help:h",
			Subcommands: subs("destroy", zpoolWipe(), "labelclear", zpoolWipe())},
		&Spec{Names: n("zfs"), Grant: exact("zfs destroy x"), Options: "-V|--version:h --help:h",
			Subcommands: subs("destroy", &Spec{Effect: Delete, Permute: true, Operands: "-*", Options: "-d -f -n -p -R -r -v"})},
		// GPT fdisk 1.0.9: gdisk takes -l (list) alone; sgdisk (popt: no
		// prefixes) changes the table with the options marked as writing
		// it, and only prints with the others.
		&Spec{Names: n("gdisk"), Grant: exact("gdisk /dev/x"), Effect: Write, ReadWith: "-l", Operands: "r", Options: "-l",
			Flagged: []string{"gdisk /dev/sda"}, ReadOnly: []string{"gdisk -l /dev/sda"}},
		&Spec{Names: n("sgdisk"), Grant: exact("sgdisk /dev/x"), Permute: true, Operands: "r",
			Options: "-A|--attributes=:W -a|--set-alignment= -b|--backup=w -B|--byte-swap-name=:W -c|--change-name=:W -C|--recompute-chs:W -d|--delete=:W -D|--display-alignment " +
				"-e|--move-second-header:W -E|--end-of-largest -f|--first-in-largest -F|--first-aligned-in-largest -g|--mbrtogpt:W -G|--randomize-guids:W -h|--hybrid=:W -i|--info= " +
				"-I|--align-end -j|--move-main-table=:W -l|--load-backup=r:W -L|--list-types -m|--gpttombr=:W -n|--new=:W -N|--largest-new=:W -o|--clear:W -O|--print-mbr -p|--print " +
				"-P|--pretend -r|--transpose=:W -R|--replicate=w -s|--sort:W -S|--resize-table=:W -t|--typecode=:W -T|--transform-bsd=:W -u|--partition-guid=:W -U|--disk-guid=:W " +
				"-v|--verify -z|--zap:W -Z|--zap-all:W -V|--version:h --help:h --usage:h",
			Flagged: []string{"sgdisk -Z /dev/sda", "sgdisk -p -Z /dev/sda", "sgdisk --new=1:0:0 /dev/sda"}, ReadOnly: []string{"sgdisk -p /dev/sda", "sgdisk --print /dev/sda"}},
		// parted 3.5 (getopt_long): the device, then commands (print,
		// mkpart, rm …) as operands.
		&Spec{Names: n("parted"), Grant: exact("parted /dev/x"), Effect: Write, ReadWith: "-l --list", Abbrev: true, Permute: true, Operands: "r? -*",
			Options: "-l|--list -m|--machine -j|--json -s|--script -f|--fix -a|--align= -h|--help:h -v|--version:h",
			Flagged: []string{"parted /dev/sda print", "parted -s /dev/sda mklabel gpt"}, ReadOnly: []string{"parted -l", "parted --list"}},
		// nvme-cli 2.3: nvme COMMAND [DEVICE] [OPTIONS].
		&Spec{Names: n("nvme"), Grant: exact("nvme format /dev/x"), Options: "-h:h --help:h --version:h",
			Subcommands: subs("format", nvmeSub(nvmeWipe), "sanitize", nvmeSub(nvmeWipe))},
		&Spec{Names: n("cryptsetup"), Grant: exact("cryptsetup luksFormat /dev/x"), Permute: true, Options: cryptOpts,
			Subcommands: subs("luksFormat", crypt(keys), "erase", crypt(keys), "luksErase", crypt(keys), "reencrypt", crypt(keys), "luksKillSlot", crypt(keys), "luksRemoveKey", crypt(keys))},
		btrfs(),
	)
})

// btrfs (btrfs(8), btrfs-progs 6.2): a command group and its command, each
// word taken by any unique prefix (btrfs sub del is btrfs subvolume
// delete; btrfs s is refused: subvolume, scrub, send). subvolume delete
// removes subvolumes and the snapshots that are a btrfs system's backups.
// Only the listings read; every other command stays unknown.
//
// Tried here on a scratch image (btrfs-progs 6.2): each command reads its
// options with getopt_long, unique prefixes taken (check --rep is
// --repair, --re is refused, balance start --metad=convert=dup), balance
// start and device remove permuted, check not (check DEV --repair is
// refused), and filesystem resize takes its size as a word that may
// start with a dash (-1g) and no prefix (--enq is refused). These write
// the devices, as R10 says of partitioning and raw devices: device
// remove and delete wipe the btrfs signature of the device they take out,
// device add and replace start write over the device they bring in (-f
// over a file system found there), check --repair (and its tree
// rebuilds, which repair without it: --init-csum-tree) rewrites an
// unmounted file system, rescue zero-log drops the log tree and the
// writes it held, and chunk-recover and super-recover rewrite the chunk
// tree and superblocks. filesystem resize (a shrink moves data off the
// end) and balance start with a convert filter (a profile change: single
// drops a mirror) change the file system's layout in place: medium.
func btrfs() *Spec {
	// The listings are read with no option: any option of theirs is
	// undeclared, and the call is unknown.
	read := &Spec{Permute: true, Operands: "-*"}
	del := &Spec{Effect: Delete, Permute: true, Loose: true, Operands: "-*",
		Raises: []Raise{{Kind: danger.BackupDestruction, Why: "deletes a btrfs subvolume or snapshot",
			Flagged: []string{"btrfs subvolume delete /srv/snap", "btrfs sub del /srv/snap", "btrfs subvol delete -c /srv/snap", "sudo btrfs subvolume delete -R /mnt/@home",
				"/usr/bin/btrfs subvolume del /srv/snap"},
			Passes: []string{"btrfs subvolume list /", "btrfs sub show /", "btrfs filesystem show", "btrfs subvolume create /srv/x"}}}}
	unknown := &Spec{Effect: Unknown, Permute: true, Loose: true, Operands: "-*"}
	subvolume := &Spec{Subcommands: prefixes(map[string]*Spec{"delete": del, "list": read, "show": read, "get-default": read, "find-new": read,
		"create": nil, "snapshot": nil, "set-default": nil, "sync": nil}, unknown)}
	wipe := func(why string, flagged, passes []string) []Raise {
		return []Raise{{Kind: danger.DiskWipe, Why: why, Flagged: flagged, Passes: passes}}
	}
	resize := &Spec{Effect: Write, Loose: true, Operands: "-*", Options: "--enqueue --help:h",
		Raises: []Raise{{Kind: danger.DiskWipe, Why: "btrfs filesystem resize changes the size of a file system", Medium: true,
			Flagged: []string{"btrfs filesystem resize -10g /mnt", "btrfs fi resize max /", "btrfs filesystem resi 1:-1g /srv", "sudo btrfs filesystem resize --enqueue 20g /mnt"},
			Passes:  []string{"btrfs filesystem resize --help", "btrfs filesystem usage /", "btrfs fi df /"}}}}
	filesystem := &Spec{Subcommands: prefixes(map[string]*Spec{"show": read, "df": read, "usage": read, "du": read, "label": nil, "sync": nil, "defragment": nil,
		"resize": resize, "mkswapfile": nil}, unknown)}
	devRemove := &Spec{Effect: Write, Abbrev: true, Permute: true, Operands: "-*", Options: "--enqueue --help:h",
		Raises: wipe("btrfs device remove takes a device out of a file system and wipes its btrfs signature",
			[]string{"btrfs device remove /dev/sdb /mnt", "btrfs device delete 2 /mnt", "btrfs dev del /dev/sdb /mnt", "btrfs device rem --enq /dev/sdb /mnt", "btrfs device remove /mnt/ missing --enqueue"},
			[]string{"btrfs device remove --help", "btrfs device usage /mnt", "btrfs device stats /mnt"})}
	devAdd := &Spec{Effect: Write, Abbrev: true, Permute: true, Operands: "-*", Options: "-K|--nodiscard -f|--force --enqueue --help:h",
		Raises: wipe("btrfs device add writes a file system over the device it adds",
			[]string{"btrfs device add /dev/sdc /mnt", "btrfs device add -f /dev/sdc /mnt", "btrfs dev a -Kf /dev/sdc /mnt", "btrfs device add /dev/sdc /mnt --nodisc"},
			[]string{"btrfs device add --help", "btrfs device usage /mnt"})}
	replaceStart := &Spec{Effect: Write, Abbrev: true, Permute: true, Operands: "-*", Options: "-r -f -B --enqueue -K|--nodiscard --help:h",
		Raises: wipe("btrfs replace start writes the file system over its target device",
			[]string{"btrfs replace start /dev/sdb /dev/sdc /mnt", "btrfs replace start -Bf 2 /dev/sdc /mnt", "btrfs device replace start /dev/sdb /dev/sdc /mnt"},
			[]string{"btrfs replace status /mnt", "btrfs replace start --help"})}
	replace := &Spec{Subcommands: prefixes(map[string]*Spec{"start": replaceStart, "status": nil, "cancel": nil}, unknown)}
	device := &Spec{Subcommands: prefixes(map[string]*Spec{"add": devAdd, "delete": devRemove, "remove": devRemove, "replace": replace, "scan": nil, "ready": nil,
		"stats": nil, "usage": read}, unknown)}
	// check: read-only by default; the repair options rewrite the file
	// system (--init-csum-tree repairs without --repair).
	check := &Spec{Effect: Unknown, Abbrev: true, Operands: "-*",
		Options: "-s|--super= -b|--backup -r|--tree-root= --chunk-root= --readonly --repair --force --mode= --init-csum-tree --init-extent-tree --clear-space-cache= " +
			"--clear-ino-cache --check-data-csum -Q|--qgroup-report -E|--subvol-extents= -p|--progress --help:h",
		Raises: []Raise{{Kind: danger.DiskWipe, Why: "btrfs check {opt} rewrites the file system", With: "--repair --init-csum-tree --init-extent-tree --clear-space-cache --clear-ino-cache",
			Flagged: []string{"btrfs check --repair /dev/sdb", "btrfs check --rep /dev/sdb", "btrfs check -p --repair --force /dev/sdb", "btrfs check --init-csum-tree /dev/sdb",
				"btrfs check --init-e /dev/sdb", "btrfs check --clear-space-cache v2 /dev/sdb", "btrfs ch --repair /dev/sdb"},
			Passes: []string{"btrfs check /dev/sdb", "btrfs check --readonly /dev/sdb", "btrfs check -p --check-data-csum /dev/sdb", "btrfs check --help"}}}}
	rescueWrite := func(what string, opts string, flagged []string) *Spec {
		return &Spec{Effect: Write, Abbrev: true, Operands: "-*", Options: opts + " --help:h",
			Raises: wipe("btrfs rescue "+what, flagged, []string{"btrfs rescue --help", "btrfs rescue create-control-device"})}
	}
	rescue := &Spec{Subcommands: prefixes(map[string]*Spec{
		"zero-log":        rescueWrite("zero-log drops the tree log and the writes it held", "", []string{"btrfs rescue zero-log /dev/sdb", "btrfs rescue z /dev/sdb", "sudo btrfs rescue zero-log /dev/nvme0n1p2"}),
		"chunk-recover":   rescueWrite("chunk-recover rewrites the chunk tree", "-y -h -v", []string{"btrfs rescue chunk-recover -y /dev/sdb", "btrfs rescue ch -yv /dev/sdb"}),
		"super-recover":   rescueWrite("super-recover rewrites the superblocks", "-y -v", []string{"btrfs rescue super-recover -y /dev/sdb", "btrfs resc su /dev/sdb"}),
		"fix-device-size": nil, "create-control-device": nil, "clear-uuid-tree": nil}, unknown)}
	// balance start: -d, -m and -s take their filters attached
	// (-dconvert=single, --data=usage=50,convert=raid1).
	balanceStart := &Spec{Effect: Write, Abbrev: true, Permute: true, Operands: "-*",
		Options: "-d|--data? -m|--metadata? -s|--system? -f|--force --full-balance --background|--bg --enqueue -v|--verbose --help:h",
		Raises: []Raise{{Kind: danger.DiskWipe, Why: "btrfs balance converts the file system's chunks to another profile (its redundancy)", Medium: true,
			With:    "--data=*convert=* --metadata=*convert=* --system=*convert=*",
			Flagged: []string{"btrfs balance start -dconvert=single /mnt", "btrfs balance start -mconvert=dup -f /mnt", "btrfs balance start --data=usage=50,convert=raid1 /mnt", "btrfs bal star /mnt -dconvert=single -mconvert=single -f"},
			Passes:  []string{"btrfs balance start -dusage=50 /mnt", "btrfs balance start --full-balance /mnt", "btrfs balance status /mnt", "btrfs balance start --help"}}}}
	balance := &Spec{Subcommands: prefixes(map[string]*Spec{"start": balanceStart, "status": read, "pause": nil, "cancel": nil, "resume": nil}, unknown)}
	return &Spec{Names: n("btrfs"), Grant: Grant{Exact: true, Offers: []string{"btrfs subvolume list / => Bash(btrfs subvolume list /)"}},
		Options: "--help:h --version:h -v|--verbose -q|--quiet --log=",
		Subcommands: prefixes(map[string]*Spec{"subvolume": subvolume, "filesystem": filesystem, "balance": balance, "device": device, "scrub": nil, "check": check,
			"rescue": rescue, "restore": nil, "inspect-internal": nil, "property": nil, "send": nil, "receive": nil, "quota": nil, "qgroup": nil, "replace": replace,
			"help": nil, "version": nil}, unknown),
		ReadOnly: []string{"btrfs subvolume list /", "btrfs sub list /", "btrfs filesystem show", "btrfs fi df /", "btrfs filesystem usage /"},
		Flagged:  []string{"btrfs subvolume delete /srv/snap", "btrfs su d /srv/snap"}}
}

// prefixes gives each command its name and every unique prefix of it, as
// btrfs takes them; a command without its own entry (nil) gets other.
func prefixes(cmds map[string]*Spec, other *Spec) map[string]*Spec {
	out := map[string]*Spec{}
	for name, s := range cmds {
		if s == nil {
			s = other
		}
		out[name] = s
	}
	for name := range cmds {
		for i := 1; i < len(name); i++ {
			p, n := name[:i], 0
			for other := range cmds {
				if strings.HasPrefix(other, p) {
					n++
				}
			}
			if n == 1 {
				out[p] = out[name]
			}
		}
	}
	return out
}
