#!/usr/bin/env bash
# measure.sh - pitch per tone, duration per syllable and crest factor of a voice folder,
# or duration, peak and pitch of WAV files named by their romanisation.
#
# Usage: scripts/voice/measure.sh VOICE_DIR [--json]
#        scripts/voice/measure.sh --files [--tones 1-6] WAV...
#
# Runs scripts/voice/measure.py (measure-files.py with --files) in a virtual
# environment it creates once (VENV, default .build/voice-venv) with pinned numpy.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="${VENV:-$HERE/../../.build/voice-venv}"
NUMPY_VERSION=2.4.6

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import numpy, sys; sys.exit(numpy.__version__ != '$NUMPY_VERSION')" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "numpy==$NUMPY_VERSION"
fi
if [ "${1:-}" = --files ]; then
    shift
    exec "$VENV/bin/python" "$HERE/measure-files.py" "$@"
fi
exec "$VENV/bin/python" "$HERE/measure.py" "$@"
