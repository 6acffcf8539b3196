package programs

// Simple file commands: what acceptEdits may run inside the working
// directories. The shell package resolves their operands and judges the
// targets (copy sources are read, destinations written, removals deleted).

var _ = family("files", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("mkdir"), Abbrev: true, Permute: true, Operands: "w*", Options: "-m= --mode= -p --parents -v --verbose -Z --context?" + gnu,
			Flagged: []string{"mkdir -p build"}},
		&Spec{Names: n("touch"), Abbrev: true, Permute: true, Operands: "w*", Options: "-a -c --no-create -d= --date= -f -h --no-dereference -m -r=r --reference=r -t= --time=" + gnu,
			Flagged: []string{"touch x"}},
		&Spec{Names: n("rmdir"), Abbrev: true, Permute: true, Operands: "d*", Options: "--ignore-fail-on-non-empty -p --parents -v --verbose" + gnu},
		&Spec{Names: n("rm"), Abbrev: true, Permute: true, Operands: "d*",
			Options: "-f --force -i -I --interactive? --one-file-system --no-preserve-root --preserve-root? -r -R --recursive -d --dir -v --verbose -P -W -x" + gnu,
			Flagged: []string{"rm -rf victim -- --help", "rm -rf ~ --help", "rm x"}, ReadOnly: []string{"rm --help"}},
		&Spec{Names: n("cp"), Abbrev: true, Permute: true, Operands: "r* w",
			Options: "-a --archive --attributes-only -b --backup? --copy-contents -d -f --force -i --interactive -H -l --link -L --dereference -n --no-clobber -P --no-dereference " +
				"-p --preserve? --no-preserve= --parents -R -r --recursive --reflink? --remove-destination --sparse= --strip-trailing-slashes -s --symbolic-link -S= --suffix= " +
				"-t=w --target-directory=w -T --no-target-directory -u --update? -v --verbose -x --one-file-system -Z --context? --keep-directory-symlink -c -X" + gnu,
			Flagged: []string{"cp a b"}},
		&Spec{Names: n("mv"), Abbrev: true, Permute: true, Operands: "d* w",
			Options: "-b --backup? -f --force -i --interactive -n --no-clobber --no-copy --strip-trailing-slashes -S= --suffix= -t=w --target-directory=w -T --no-target-directory " +
				"-u --update? -v --verbose -Z --context --exchange" + gnu,
			Flagged: []string{"mv a b"}},
		&Spec{Names: n("ln"), Abbrev: true, Permute: true, Operands: "-* w",
			Options: "-b --backup? -d -F --directory -f --force -i --interactive -L --logical -n --no-dereference -P --physical -r --relative -s --symbolic -S= --suffix= " +
				"-t=w --target-directory=w -T --no-target-directory -v --verbose -h" + gnu,
			Flagged: []string{"ln -s a b"}},
		&Spec{Names: n("tee"), Abbrev: true, Permute: true, Operands: "w*", Options: "-a --append -i --ignore-interrupts -p --output-error?" + gnu,
			Flagged: []string{"tee ~/.bashrc", "tee -a .git/hooks/pre-commit"}},
		&Spec{Names: n("chmod"), Abbrev: true, Permute: true, Operands: "- w*",
			Options: "-c --changes -f --silent --quiet -v --verbose --no-preserve-root --preserve-root -R --recursive --reference=r -h -H -L -P" + gnu,
			Flagged: []string{"chmod +x build.sh"}},
	)
})
