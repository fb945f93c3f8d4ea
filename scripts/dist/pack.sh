#!/usr/bin/env bash
# Packs announce for a Debian 12 machine without Swift: `make dist`.
#
#   scripts/dist/pack.sh BINARY TARBALL "RUNTIME PACKAGES" "SCRIPT PACKAGES"
#
# The tarball holds one folder, named as the tarball less .tar.gz, laid out
# as `make install` lays out a prefix (scripts/dist/stage.sh), and INSTALL,
# which names the Debian packages to install first. The same inputs give
# the same bytes: names sorted, times, owners and gzip's header fixed.
set -euo pipefail

[ "$#" -eq 4 ] || { echo "usage: scripts/dist/pack.sh BINARY TARBALL RUNTIME-PACKAGES SCRIPT-PACKAGES" >&2; exit 64; }
binary=$1
tarball=$2
runtime=$3
scripts=$4
here="$(cd "$(dirname "$0")" && pwd)"
name=$(basename "$tarball" .tar.gz)
out=$(dirname "$tarball")
mkdir -p "$out"
work=$(mktemp -d "$out/.pack.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$here/stage.sh" "$binary" "$work/$name"
cat >"$work/$name/INSTALL" <<TEXT
announce, for Debian 12 (x86_64 or as built): no Swift needed.

Before the first run, as root:

    apt-get install -y $runtime

(the C libraries announce links: libsndfile, libsamplerate, libsonic,
libebur128). The speech and push commands (bin/announce-speak,
bin/announce-send-through, bin/announce-send-push and their stand-ins
bin/announce-loopback-*) also need

    apt-get install -y $scripts

and their Python packages, pinned in share/announce/scripts/*/requirements*.txt,
which bin/announce-prepare-tools installs from PyPI into a virtual
environment beside each script (once; a command makes it on its first run
otherwise).

Then, from this folder:

    bin/announce 123.45                 # writes ./Library/Sounds/announce-123.45-….caf
    bin/announce --help

or put bin/ on PATH, or copy the folder's contents under a prefix (/usr/local):
announce finds its voices in ../share/announce/voices from its own place.
The documentation is in share/doc/announce/ (docs/CLI.md: every command).
TEXT

partial="$tarball.partial.$$"
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner --mode='u+rwX,go+rX,go-w' \
    -C "$work" -cf - "$name" | gzip -9 -n >"$partial"
mv -f "$partial" "$tarball"
echo "$tarball: $(stat -c %s "$tarball") bytes"
