#!/usr/bin/env bash
# phrase-length.sh - worst-case announcement length of a voice, per prefix preset.
#
# Usage: scripts/voice/phrase-length.sh ANNOUNCE_BIN VOICE_DIR
#
# Renders the longest phrases (99999999.99, the largest amount the default
# budget promises to fit, and 999999999999.99, the largest amount there is)
# with every prefix preset, twice: with --budget 30 (the natural length: pauses
# and speed untouched when it fits) and with the default budget (what a user
# gets: the duration and the libsonic speed factor, or the refusal). Prints a
# Markdown table. Needs python3 (standard library) to read the JSON lines.
set -euo pipefail

[ "$#" -eq 2 ] || { echo "usage: phrase-length.sh ANNOUNCE_BIN VOICE_DIR" >&2; exit 64; }
bin="$1"
voice="$2"
out="$(mktemp -d "${TMPDIR:-/tmp}/phrase-length.XXXXXX")"
trap 'rm -rf "$out"' EXIT

render() { # amount prefix [budget]: prints "duration s at speed x" or "refused: <reason>"
    local args=(render "$1" --prefix "$2" --format wav --json --voice "$voice" --out "$out")
    [ -n "${3:-}" ] && args+=(--budget "$3")
    "$bin" "${args[@]}" 2>/dev/null | python3 -c '
import json, sys
d = json.loads(sys.stdin.readline())
print("refused: %s" % d["error"] if "error" in d else "%.2f s at %.2fx" % (d["duration"], d["speed"]))'
}

echo "| amount | prefix | natural length (--budget 30) | default budget 6 s |"
echo "|---|---|---|---|"
for amount in 99999999.99 999999999999.99; do
    for prefix in alipay wechat collect 到账 none; do
        echo "| $amount | $prefix | $(render "$amount" "$prefix" 30) | $(render "$amount" "$prefix") |"
    done
done
