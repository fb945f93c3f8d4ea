#!/usr/bin/env bash
# espeak-tts.sh - say one item of a voice script with espeak-ng, the way the
# default voice of announce is made.
#
# Usage: scripts/voice/espeak-tts.sh PINYIN OUT.wav
#        scripts/voice/espeak-tts.sh --settings     (prints the settings, KEY=VALUE)
#   PINYIN  tone-numbered pinyin as pronounced, syllables separated by blanks
#           ("yi4 bai3"); it is what `announce voice build --tts` substitutes
#           for {pinyin}:
#               announce voice build ... --tts 'scripts/voice/espeak-tts.sh {pinyin} {out}'
#   OUT     the WAV to write: 16000 Hz, mono, 16-bit PCM, untrimmed and not
#           levelled (the builder trims and levels with the engine's rule).
#
# The settings below are the ones the default voice uses; Clips/README.md
# ("Measurements") says how they were chosen. For experiments each can be
# overridden from the environment (ESPEAK_VOICE, ESPEAK_VARIANT, ESPEAK_RATE,
# ESPEAK_PITCH, ESPEAK_GAP, ESPEAK_AMPLITUDE); make-voice.sh records the values it used.
#
# Pinyin, not characters: the Mandarin dictionary in Debian's espeak-ng-data
# lacks most characters and reads 一百 through its English fallback, while the
# cmn-latn-pinyin voice reads every tone-numbered syllable.
#
# The variant (pitch range, formants) is a file in scripts/voice/espeak-variants/;
# espeak-ng only looks for variants inside its data folder, so the script lays
# out a private data folder in a temporary directory (symbolic links to the
# installed data plus the variant) and points espeak-ng at it with --path:
# nothing is installed, and no root is needed.
#
# Deterministic: the same input and the same espeak-ng/SoX versions give the
# same bytes (espeak-ng's noise sources are seeded identically in each process;
# SoX runs without dither).
set -euo pipefail

VOICE="${ESPEAK_VOICE:-cmn-latn-pinyin}"
VARIANT="${ESPEAK_VARIANT-announce-m}"   # file in espeak-variants/, or a stock one (f2, m3, klatt3), or "" for none
RATE="${ESPEAK_RATE:-210}"                # words per minute (espeak-ng -s); each syllable is a word
PITCH="${ESPEAK_PITCH:-50}"               # espeak-ng -p, 0-99; 50 keeps the variant's pitch
GAP="${ESPEAK_GAP:-0}"                    # espeak-ng -g, extra pause between words in 10 ms units
AMPLITUDE="${ESPEAK_AMPLITUDE:-70}"       # espeak-ng -a, 0-200; at 100 the loudest items (er4) clip inside espeak-ng
SAMPLE_RATE=16000

here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -eq 1 ] && [ "$1" = --settings ]; then
    printf 'voice=%s\nvariant=%s\nrate=%s\npitch=%s\ngap=%s\namplitude=%s\nsampleRate=%s\n' \
        "$VOICE" "$VARIANT" "$RATE" "$PITCH" "$GAP" "$AMPLITUDE" "$SAMPLE_RATE"
    if [ -n "$VARIANT" ] && [ -f "$here/espeak-variants/$VARIANT" ]; then
        printf 'variantFile=scripts/voice/espeak-variants/%s\n' "$VARIANT"
        printf 'variantPitch=%s\n' "$(sed -n 's/^pitch[[:space:]]\{1,\}//p' "$here/espeak-variants/$VARIANT" | head -n 1)"
    fi
    exit 0
fi
if [ "$#" -ne 2 ]; then
    echo "usage: espeak-tts.sh PINYIN OUT.wav" >&2
    exit 64
fi
text="$1"
out="$2"
if [ -z "${text//[[:space:]]/}" ]; then
    echo "espeak-tts: empty text" >&2
    exit 65
fi
for tool in espeak-ng sox; do
    command -v "$tool" >/dev/null 2>&1 || { echo "espeak-tts: '$tool' not found (apt-get install espeak-ng sox)" >&2; exit 69; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/espeak-tts.XXXXXX")"
trap 'rm -rf "$work"' EXIT

voice="$VOICE"
path_opt=()
if [ -n "$VARIANT" ]; then
    voice="$VOICE+$VARIANT"
    if [ -f "$here/espeak-variants/$VARIANT" ]; then
        data="$(espeak-ng --version | sed -n 's/.*Data at: *//p')"
        [ -d "$data/voices/!v" ] || { echo "espeak-tts: espeak-ng data folder not found ('$data')" >&2; exit 69; }
        mkdir -p "$work/espeak-ng-data/voices/!v"
        for entry in "$data"/*; do
            [ "$(basename "$entry")" = voices ] || ln -s "$entry" "$work/espeak-ng-data/"
        done
        for entry in "$data"/voices/*; do
            [ "$(basename "$entry")" = '!v' ] || ln -s "$entry" "$work/espeak-ng-data/voices/"
        done
        cp "$here/espeak-variants/$VARIANT" "$work/espeak-ng-data/voices/!v/$VARIANT"
        path_opt=(--path="$work")
    fi
fi

# espeak-ng writes 22050 Hz 16-bit mono; -z: no sentence-final pause.
LC_ALL=C.UTF-8 espeak-ng "${path_opt[@]}" -v "$voice" -s "$RATE" -p "$PITCH" -g "$GAP" -a "$AMPLITUDE" -z \
    -w "$work/raw.wav" "$text"
[ -s "$work/raw.wav" ] || { echo "espeak-tts: espeak-ng wrote nothing for '$text'" >&2; exit 70; }
# Resample (SoX's very-high-quality resampler, no dither) to a temporary file
# beside OUT, then rename, so a failed run leaves no half-written OUT.
tmp_out="$(dirname "$out")/.espeak-tts.$$.wav"
sox -D -V1 "$work/raw.wav" -t wav -e signed-integer -b 16 -c 1 -r "$SAMPLE_RATE" "$tmp_out" rate -v \
    || { rm -f "$tmp_out"; echo "espeak-tts: cannot write '$out'" >&2; exit 73; }
mv "$tmp_out" "$out"
