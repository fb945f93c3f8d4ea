"""Runs the shared intelligibility tool with a fixed seed, so that voice settings are compared on the same amounts.

The tool (shared/tools/intelligibility.py, Whisper-base through faster-whisper) draws its random amounts from a
generator seeded with int(time.time()); this wrapper pins that clock reading to SEED and runs the tool unchanged.

Usage (with the tool's own virtual environment, see Clips/README.md):
    ~/asr/bin/python scripts/voice/intelligibility-seeded.py SEED TOOL ANNOUNCE_BIN [-n N] [--voice DIR]
"""
import runpy
import sys
import time

if len(sys.argv) < 4:
    sys.exit(__doc__)
seed, tool = int(sys.argv[1]), sys.argv[2]
time.time = lambda: float(seed)
sys.argv = [tool] + sys.argv[3:]
runpy.run_path(tool, run_name="__main__")
