#!/usr/bin/env bash
# Lays out announce as installed under one prefix: the layout `make install`
# writes into PREFIX and `make dist` packs into its tarball.
#
#   scripts/dist/stage.sh BINARY DEST
#
#   DEST/bin/announce                  the binary (Swift's runtime linked in)
#   DEST/bin/announce-speak            scripts/tts/speak: cloud speech for voice build --tts
#   DEST/bin/announce-loopback-tts     scripts/tts/loopback-tts: its stand-ins on 127.0.0.1
#   DEST/bin/announce-send-through     scripts/push/send-through: a line through a push service
#   DEST/bin/announce-loopback-push    scripts/push/loopback-push: their stand-ins
#   DEST/bin/announce-send-push        scripts/apns/send-push: a line straight to APNs
#   DEST/bin/announce-loopback-apns    scripts/apns/loopback-apns: its stand-in
#   DEST/bin/announce-prepare-tools    scripts/prepare-tools: makes the scripts' venvs
#   DEST/share/announce/voices/NAME    the bundled voices, where announce finds them
#   DEST/share/announce/scripts/       the scripts and their pinned requirements
#   DEST/share/doc/announce/           README, LICENSE, docs/, and the
#                                      licences of the libraries linked in
#                                      from their archives (aubio, FFTW)
#
# Each command in bin is a two-line shell script that runs its script from
# share/announce/scripts, found from its own real place, so the tree can be
# moved as a whole. Nothing outside DEST is written.
set -euo pipefail

[ "$#" -eq 2 ] || { echo "usage: scripts/dist/stage.sh BINARY DEST" >&2; exit 64; }
binary=$1
dest=$2
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ -f "$binary" ] && [ -x "$binary" ] || { echo "stage: $binary is not an executable file (make build first)" >&2; exit 66; }

# The bundled voices and the commands, each as NAME:PATH under scripts/.
voices="default cantonese cantonese-hk"
commands="speak:tts/speak loopback-tts:tts/loopback-tts send-through:push/send-through
loopback-push:push/loopback-push send-push:apns/send-push loopback-apns:apns/loopback-apns
prepare-tools:prepare-tools"

install -d "$dest/bin" "$dest/share/announce/voices" "$dest/share/announce/scripts" "$dest/share/doc/announce"
install -m 755 "$binary" "$dest/bin/announce"
for voice in $voices; do
    install -d "$dest/share/announce/voices/$voice"
    install -m 644 "$root/Clips/$voice"/* "$dest/share/announce/voices/$voice/"
done

# The scripts without their tests, caches or virtual environments.
for folder in apns push tts; do
    install -d "$dest/share/announce/scripts/$folder"
    for file in "$root/scripts/$folder"/*; do
        name=$(basename "$file")
        case "$name" in
            test_*.py | pushtests.py | __pycache__ | .venv*) continue ;;
        esac
        [ -f "$file" ] || continue
        if [ -x "$file" ]; then mode=755; else mode=644; fi
        install -m "$mode" "$file" "$dest/share/announce/scripts/$folder/$name"
    done
done
# The speech stand-ins speak with the espeak-ng script the bundled voices are made with.
install -d "$dest/share/announce/scripts/voice/espeak-variants"
install -m 755 "$root/scripts/voice/espeak-tts.sh" "$dest/share/announce/scripts/voice/"
install -m 644 "$root/scripts/voice/espeak-variants"/* "$dest/share/announce/scripts/voice/espeak-variants/"
install -m 755 "$root/scripts/prepare-tools" "$dest/share/announce/scripts/prepare-tools"

for entry in $commands; do
    name=${entry%%:*}
    path=${entry#*:}
    printf '#!/bin/sh\nexec "$(dirname "$(readlink -f "$0")")/../share/announce/scripts/%s" "$@"\n' "$path" >"$dest/bin/announce-$name"
    chmod 755 "$dest/bin/announce-$name"
done

install -m 644 "$root/README.md" "$root/LICENSE" "$dest/share/doc/announce/"
install -m 644 "$root/Clips/README.md" "$dest/share/doc/announce/VOICES-BUNDLED.md"
# aubio (GPL-3.0-or-later) and FFTW (GPL-2.0-or-later) are linked into the
# binary from their static archives (Sources/CAubio): their terms travel
# with it. Debian's copyright files state them.
for package in libaubio-dev libfftw3-dev; do
    if [ ! -f "/usr/share/doc/$package/copyright" ]; then
        echo "stage: /usr/share/doc/$package/copyright missing (apt-get install $package)" >&2
        exit 1
    fi
    install -m 644 "/usr/share/doc/$package/copyright" "$dest/share/doc/announce/COPYING.${package%-dev}"
done
(cd "$root" && find docs -type f ! -name '.*' | sort) | while read -r file; do
    install -d "$dest/share/doc/announce/$(dirname "$file")"
    install -m 644 "$root/$file" "$dest/share/doc/announce/$file"
done
