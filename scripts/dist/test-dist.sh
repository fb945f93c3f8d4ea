#!/usr/bin/env bash
# `make test`'s check of `make dist`: the tarball, unpacked in a scratch
# folder, renders on a machine without Swift. The Swift toolchain's folder
# is hidden behind an empty one in a mount namespace of this test alone
# (unshare; as root), and PATH holds no Swift; ldd lists what the binary
# still needs, and none of it may be Swift's.
#
#   scripts/dist/test-dist.sh TARBALL
set -euo pipefail

tarball=$1
[ -f "$tarball" ] || { echo "test-dist: $tarball is missing (make dist)" >&2; exit 66; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -C "$scratch" -xzf "$tarball"
folder=$(find "$scratch" -mindepth 1 -maxdepth 1 -type d)
swift_root=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")

fail() { echo "test-dist: FAILED: $*" >&2; exit 1; }

echo "test-dist: $(basename "$tarball"), $(stat -c %s "$tarball") bytes; the binary needs:"
ldd "$folder/bin/announce" | sed 's/ (0x[0-9a-f]*)$//; s/^\t/test-dist:     /'
if ldd "$folder/bin/announce" | grep -q -e swift -e "not found" -e "$swift_root"; then
    fail "the binary needs a Swift library or a missing one"
fi
# aubio and FFTW are linked in from their archives, never loaded (Debian's
# shared aubio would bring FFmpeg); their licences travel with the binary.
if ldd "$folder/bin/announce" | grep -q -e aubio -e fftw -e avcodec; then
    fail "the binary loads aubio, FFTW or FFmpeg as shared libraries"
fi
for licence in COPYING.libaubio COPYING.libfftw3; do
    [ -s "$folder/share/doc/announce/$licence" ] || fail "share/doc/announce/$licence is missing"
done

# Run as a user would, from the unpacked folder, with Swift out of sight.
cat >"$scratch/run.sh" <<SCRIPT
set -eu
mount -t tmpfs none "$swift_root"
[ -z "\$(ls -A "$swift_root")" ]
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
! command -v swift >/dev/null
cd "$scratch"
"$folder/bin/announce" --prefix alipay 123.45
"$folder/bin/announce" explain --voice cantonese 2
"$folder/bin/announce" voice check "$folder/share/announce/voices/default" >/dev/null
"$folder/bin/announce" voice script --format json --prefix none --template payment >script.json
"$folder/bin/announce-speak" azure --voice zh-CN-XiaoxiaoNeural --dry-run --script script.json | tail -n 1
"$folder/bin/announce-send-through" --help >/dev/null

SCRIPT
output=$(unshare --mount sh "$scratch/run.sh" 2>&1) || fail "running the unpacked announce without Swift: $output"
printf '%s\n' "$output" | sed 's/^/    /'
sound=$(printf '%s\n' "$output" | head -n 1)
case "$sound" in
    "$scratch"/Library/Sounds/announce-123.45-*.caf) ;;
    *) fail "render printed '$sound'" ;;
esac
[ -s "$sound" ] || fail "$sound was not written"
# The same bytes as the build it was packed from, with its bundled voice.
expected=$(cd "$scratch" && mkdir -p direct && cd direct && "$REFERENCE" --prefix alipay 123.45)
[ "$(basename "$expected")" = "$(basename "$sound")" ] && cmp -s "$expected" "$sound" \
    || fail "the unpacked announce's file differs from the build's ($expected)"
# `make install` lays out the same tree under its prefix.
scripts/dist/stage.sh "$REFERENCE" "$scratch/prefix"
diff -r -x INSTALL "$folder" "$scratch/prefix" >/dev/null || fail "make install's layout differs from the tarball's"
echo "test-dist: the unpacked announce renders without Swift, the same bytes as the build; make install lays out the same tree"
