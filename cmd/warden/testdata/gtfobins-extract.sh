#!/bin/sh
# Extracts the _gtfobins entry files of a GTFOBins clone (a git directory
# or a work tree) into a fresh temporary directory and prints its path, for
#   WARDEN_GTFOBINS=$(cmd/warden/testdata/gtfobins-extract.sh DIR) go test ./cmd/warden -run TestGTFOBins
# GTFOBins is GPL-licensed, so its text is never copied into this repository.
set -eu
src=${1:?usage: gtfobins-extract.sh GTFOBINS-GIT-DIR [REV]}
rev=${2:-HEAD}
out=$(mktemp -d "${TMPDIR:-/tmp}/gtfobins.XXXXXX")
git --git-dir="$src" archive "$rev" _gtfobins 2>/dev/null | tar -x -C "$out" ||
	git --git-dir="$src/.git" archive "$rev" _gtfobins | tar -x -C "$out"
echo "$out/_gtfobins"
