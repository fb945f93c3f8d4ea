#!/usr/bin/env bash
# cantonese-dry-run.sh - say a list of Cantonese items with espeak-tts.sh and measure them,
# without building a voice: the check of the Cantonese voice's settings before
# `announce voice build` makes Clips/cantonese.
#
# Usage: scripts/voice/cantonese-dry-run.sh [ITEMS] OUTDIR
#   ITEMS   lines WORD<TAB>JYUTPING (default scripts/voice/cantonese-items.tsv:
#           the words of the Cantonese table, 两 before its units, the prefixes)
#   OUTDIR  a new or empty folder; gets one WAV per item, named by its Jyutping
#           (zi1-fu6-bou2.wav), then the figures of measure.sh --files are printed.
# The settings are espeak-tts.sh's Cantonese ones; ESPEAK_* overrides them
# (ESPEAK_LANGUAGE is set to yue here).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
case "$#" in
    1) items="$HERE/cantonese-items.tsv"; out="$1" ;;
    2) items="$1"; out="$2" ;;
    *) echo "usage: cantonese-dry-run.sh [ITEMS] OUTDIR" >&2; exit 64 ;;
esac
[ -r "$items" ] || { echo "cantonese-dry-run: cannot read '$items'" >&2; exit 66; }
mkdir -p "$out"
[ -z "$(ls -A "$out")" ] || { echo "cantonese-dry-run: '$out' is not empty" >&2; exit 73; }
export ESPEAK_LANGUAGE=yue
files=()
while IFS=$'\t' read -r word jyutping; do
    [ -n "$word" ] || continue
    file="$out/$(printf '%s' "$jyutping" | tr ' ' '-').wav"
    "$HERE/espeak-tts.sh" "$jyutping" "$file"
    files+=("$file")
done < "$items"
"$HERE/espeak-tts.sh" --settings
"$HERE/measure.sh" --files --tones 1-6 "${files[@]}"
