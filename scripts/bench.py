#!/usr/bin/env python3
"""make bench: how fast announce renders, measured, never asserted.

Cold single announcement: runs the release binary once per announcement (a cold
process each time), output on a tmpfs, and reports the median wall time and the
peak resident set size of the process over several runs.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "announce")
RUNS = int(os.environ.get("BENCH_RUNS", "30"))


SPAWN_SOURCE = os.path.join(ROOT, "scripts", "bench", "spawn.c")


def build_spawn(work):
    """The C launcher: a forked Python would hand its own ~14 MB RSS high-water
    mark to every child, so processes are started from a small C parent."""
    spawn = os.path.join(work, "spawn")
    subprocess.run(["cc", "-O2", "-o", spawn, SPAWN_SOURCE], check=True)
    return spawn


def run_cold(spawn, runs, command):
    """`runs` cold processes of `command`: a list of (wall seconds, peak RSS KiB)."""
    result = subprocess.run([spawn, str(runs), *command], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed: {result.stderr.strip()}")
    return [(float(ms) / 1000, int(rss)) for ms, rss in (line.split() for line in result.stdout.splitlines())]


def scratch_dir():
    base = "/dev/shm" if os.path.isdir("/dev/shm") else None
    return tempfile.mkdtemp(prefix="announce-bench-", dir=base)


def cold_single(spawn):
    out = scratch_dir()
    cases = [("123.45 (到账, caf)", ["render", "123.45"]),
             ("99999999.99 (支付宝到账, wav)", ["render", "--prefix", "alipay", "--format", "wav", "99999999.99"]),
             ("--version (process start only)", ["--version"])]
    rows = []
    for label, args in cases:
        command = [BINARY, *args] + (["--out", out] if args[0] == "render" else [])
        run_cold(spawn, 1, command)  # warm the page cache for the binary and clips
        results = run_cold(spawn, RUNS, command)
        walls = sorted(w for w, _ in results)
        rss = max(r for _, r in results)
        rows.append((label, statistics.median(walls) * 1000, walls[len(walls) * 9 // 10] * 1000, rss / 1024))
    print(f"cold single announcement, {RUNS} runs each, release build, output on {os.path.dirname(out)}")
    print(f"  {'announcement':34} {'median ms':>10} {'p90 ms':>8} {'peak RSS MB':>12}")
    for label, median, p90, rss in rows:
        print(f"  {label:34} {median:10.2f} {p90:8.2f} {rss:12.1f}")
    subprocess.run(["rm", "-rf", out], check=False)


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"bench: {BINARY} not built (make build)")
    work = tempfile.mkdtemp(prefix="announce-bench-tools-")
    cold_single(build_spawn(work))
    subprocess.run(["rm", "-rf", work], check=False)
