package programs

// GNU parallel 20221122 (tried here; options_completion_hash in its
// source): Perl's Getopt::Long configured "bundling" and "require_order",
// so short flags bundle and take attached values (-kj2, -Shost), a long
// option is taken by any unique prefix (--dry is --dry-run; --jo is
// ambiguous between --jobs and --joblog, and refused), --name=VALUE or
// --name VALUE, and the options stop at the first word that is not one:
// the command (parallel echo -j2 ::: a echoes -j2) or ":::" when it is
// none. -- ends them too. -i/--replace and -e/--eof take an optional
// value, and Getopt::Long gives them the next word when it does not look
// like an option (parallel -i echo {} ::: a runs {}): they are declared
// as taking one. -l/--max-lines takes an optional number, attached here.
//
// The shell unwraps it (shell/unwrap_parallel.go): the command, then
// input groups after ::: (values) or :::: (files). It runs each job
// through a shell, on other hosts with -S: the call is never read-only.
// Options that change which words are separators (--arg-sep) or run code
// of their own (--ssh, --rpl, --filter: Perl) are unknown or exec.
var _ = family("parallel", func(add func(...*Spec)) {
	add(
		&Spec{Names: n("parallel", "sem"), Wraps: WrapChanges, Command: true, Effect: Unknown, Abbrev: true, InputSeps: "::: ::::", Placeholders: "{} {.} {/} {//} {/.}",
			Grant: Grant{Exact: true, Offers: []string{"parallel gzip ::: a b => Bash(parallel gzip ::: a b)"}},
			Options: "-j|-P|--jobs|--max-procs|--maxprocs= --delay= --ssh-delay|--sshdelay= --load= --noswap --nice= --memfree= --memsuspend= --retries= --timeout= " +
				"--term-seq|--termseq= --halt|--halt-on-error|--haltonerror= --limit=x -k|--keep-order|--keeporder --no-keep-order|--nokeeporder|--nok|--no-k " +
				"--group -u|--ungroup --ll|--latest-line|--latestline --lb|--line-buffer|--line-buffered|--linebuffer|--linebuffered --tmux --tmux-pane|--tmuxpane " +
				"-0|--null -q|--quote --plus -m -X --xargs -v --resume --resume-failed|--resumefailed --retry-failed|--retryfailed --silent --tag " +
				"--tag-string|--tagstring= --ctag --ctag-string|--ctagstring= --color|--colour --cf|--color-failed|--colour-failed|--colorfailed|--colourfailed " +
				"--parens= --rpl=x -I= --er|--extensionreplace= --bnr|--basenamereplace= --dnr|--dirnamereplace= --bner|--basenameextensionreplace= " +
				"--seqreplace= --slotreplace= -i|--replace= -E= -e|--eof= -d|--delimiter= -s|--max-chars|--maxchars= -n|--max-args|--maxargs= " +
				"-N|--max-replace-args|--maxreplaceargs= -C|--col-sep|--colsep= --csv -L= -l|--max-lines|--maxlines? -r|--no-run-if-empty|--norunifempty " +
				"-x|--exit -p|--interactive -t|--verbose --dry-run|--dryrun|--dr --progress --eta --bar --total-jobs|--totaljobs|--total= --shuf " +
				"--link|--xapply --linkinputsource|--xapplyinputsource= --trim= --process-slot-var|--processslotvar= --will-cite|--willcite|--nn|--nonotice|--no-notice " +
				"--gnu --plain --env= --recordenv|--record-env --skip-first-line|--skipfirstline --header= --files|--output-as-files|--outputasfiles " +
				"--pipe|--spreadstdin --pipe-part|--pipepart --round-robin|--roundrobin|--round --recstart= --recend= --regexp|--regex " +
				"--rrs|--remove-rec-sep|--removerecsep --block|--block-size|--blocksize= --bt|--block-timeout|--blocktimeout= --cat --fifo --tee " +
				"--group-by|--groupby=u --shard=x --bin=x --filter=x --compress --use-compress-program|--compress-program|--usecompressprogram|--compressprogram=x " +
				"--use-decompress-program|--decompress-program|--usedecompressprogram|--decompressprogram=x -a|--arg-file|--argfile=r --arg-sep|--argsep=u " +
				"--arg-file-sep|--argfilesep=u --joblog|--jl=w --results|--result|--res=w --tmpdir|--tempdir= -S|--sshlogin=n --slf|--sshloginfile=r " +
				"-M|--controlmaster --ssh=x --workdir|--work-dir|--wd= --transfer --tf|--transfer-file|--transferfile|--transfer-files|--transferfiles=r " +
				"--return=w --trc=w --cleanup --bf|--basefile=r --template|--tmpl=u --onall --nonall --filter-hosts|--filterhosts|--filter-host " +
				"--hgrp|--hostgrp|--hostgroup|--hostgroups --sql-master|--sqlmaster=n --sql-worker|--sqlworker=n --sql-and-worker|--sqlandworker=n " +
				"-J|--profile=r --semaphore --fg --bg --wait --st|--semaphore-timeout|--semaphoretimeout= --id|--semaphore-name|--semaphorename= " +
				"-o|--open-tty --tty --shebang|--hashbang -D|--debug= --rsync-opts|--rsyncopts=u --embed:h -h|--help:h -V|--version:h " +
				"--min-version|--minversion= --show-limits|--showlimits:h --number-of-cpus|--numberofcpus:h --number-of-cores|--numberofcores:h " +
				"--number-of-threads|--numberofthreads:h --number-of-sockets|--numberofsockets:h --max-line-length-allowed|--maxlinelengthallowed:h",
			Flagged: []string{"parallel rm -rf {} ::: /", "find ~/.ssh | parallel 'cat {}'", "parallel ::: 'rm -rf ~'", "parallel -j2 rm -rf ::: ~", "parallel --jobs=2 rm -rf ::: ~",
				"parallel --jo 2 rm -rf ::: ~", "parallel -kj2 rm -rf {} ::: ~", "parallel --dry rm -rf ::: ~", "parallel -- rm -rf ::: ~",

				"parallel -i rm -rf {} ::: ~", "parallel --arg-sep ,, rm ,, x", "sem rm -rf ~",
				"parallel --sshlogin=host ls ::: a", "parallel -Shost ls ::: a", "parallel --ssh 'sh -c id' ls ::: a", "parallel --joblog ~/.bashrc true ::: a",
				"parallel --results=out ls ::: a", "parallel --bogus ls ::: a",
			},
			ReadOnly: []string{"parallel ls ::: a", "parallel -k -j2 wc -l ::: a b", "parallel --keep-order --jobs=2 cat {} ::: a"}},
	)
})
