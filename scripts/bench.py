#!/usr/bin/env python3
"""make bench: how fast announce renders, measured, never asserted.

1. Cold single announcement: the release binary once per announcement (a cold
   process each time), output on a tmpfs; median wall time and peak RSS; and
   for each render its C peer (concat.c started cold on that one
   announcement's plan: the same clip files read with libsndfile, joined and
   written as one file of the same container), the two taking turns, and
   announce's median over the peer's: the cold-start ratio.
2. Batch: the same 2000 amounts (fixed seed, mixed magnitudes), PCM16 WAV, the
   bundled voice, output on a tmpfs, rendered by
   - announce batch with 1 job and with all cores,
   - sox once per announcement, concatenating the clip files of announce's plan,
   - a small C program with libsndfile that concatenates the same clips cached
     in memory (no processing: the practical floor),
   as announcements per second, peak RSS, and announce's speed over each.
3. Streaming: 100k items through announce batch --dry-run, peak RSS.
4. The phone's renderer (scripts/bench/device, ordo-one/benchmark): the
   bundled voice's device pack made by announce voice export, then time,
   allocations and peak memory per announcement over the batch's amounts and
   the voice's longest payment (from announce voice check --json); and the
   extension's memory as its limit counts it (DeviceMemory): anonymous
   memory (RssAnon) above the process's baseline after loading the pack, and
   at its peak while rendering the voice's longest payments, one process
   per figure.
"""
import json
import random
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("ANNOUNCE_BINARY", os.path.join(ROOT, ".build", "release", "announce"))
RUNS = int(os.environ.get("BENCH_RUNS", "30"))
BATCH_ITEMS = int(os.environ.get("BENCH_ITEMS", "2000"))
BATCH_RUNS = int(os.environ.get("BENCH_BATCH_RUNS", "5"))
STREAM_ITEMS = int(os.environ.get("BENCH_STREAM_ITEMS", "100000"))
MEMORY_RUNS = int(os.environ.get("BENCH_MEMORY_RUNS", "5"))
# Which parts run (all by default): cold, batch, stream, device.
VOICE = os.path.join(ROOT, "Clips", "default")
CONCAT_SOURCE = os.path.join(ROOT, "scripts", "bench", "concat.c")


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


def plan_clips(phrase, amount):
    """The clip files announce's plan says `amount` with (`phrase`: its options)."""
    run = subprocess.run([BINARY, "explain", "--json", *phrase, amount], capture_output=True, text=True, check=True)
    return [os.path.join(VOICE, clip["file"]) for clip in json.loads(run.stdout)["clips"]]


def cold_single(spawn, work):
    out = scratch_dir()
    concat = build_concat(work)
    # (label, announce's arguments, the rendered amount and its phrase options, the file's extension)
    cases = [("123.45 (支付宝到账, caf)", ["render", "--prefix", "alipay", "123.45"], (["--prefix", "alipay"], "123.45"), "caf"),
             ("99999999.99 (支付宝到账, wav)", ["render", "--prefix", "alipay", "--format", "wav", "99999999.99"],
              (["--prefix", "alipay"], "99999999.99"), "wav"),
             ("--version (process start only)", ["--version"], None, None)]
    rows = []
    for label, args, rendered, extension in cases:
        command = [BINARY, *args] + (["--out", out] if args[0] == "render" else [])
        peer = None
        if rendered:
            plan_file = os.path.join(work, "cold-plan.txt")
            with open(plan_file, "w") as file:
                file.write(f"{out}/peer.{extension} " + " ".join(plan_clips(*rendered)) + "\n")
            peer = [concat, plan_file]
        run_cold(spawn, 1, command)  # warm the page cache for the binary and clips
        if peer:
            run_cold(spawn, 1, peer)
        # Taking turns, so a slow spell of this shared machine slows both alike.
        results, peer_results = [], []
        for _ in range(RUNS):
            results += run_cold(spawn, 1, command)
            if peer:
                peer_results += run_cold(spawn, 1, peer)
        walls = sorted(w for w, _ in results)
        rss = max(r for _, r in results)
        median = statistics.median(walls) * 1000
        peer_median = statistics.median(w for w, _ in peer_results) * 1000 if peer else None
        rows.append((label, median, walls[len(walls) * 9 // 10] * 1000, rss / 1024, peer_median))
    print(f"cold single announcement, {RUNS} runs each, release build, output on {os.path.dirname(out)}; "
          f"C peer: scripts/bench/concat.c started cold on the same plan (libsndfile reads the clips, joins, writes)")
    print(f"  {'announcement':34} {'median ms':>10} {'p90 ms':>8} {'peak RSS MB':>12} {'C peer ms':>10} {'÷ C peer':>9}")
    for label, median, p90, rss, peer_median in rows:
        peer_text = f"{peer_median:10.2f} {median / peer_median:9.1f}" if peer_median else f"{'':10} {'':9}"
        print(f"  {label:34} {median:10.2f} {p90:8.2f} {rss:12.1f} {peer_text}")
    subprocess.run(["rm", "-rf", out], check=False)


def build_concat(work):
    """scripts/bench/concat.c, built once per run."""
    concat = os.path.join(work, "concat")
    if not os.path.exists(concat):
        subprocess.run(["cc", "-O2", "-o", concat, CONCAT_SOURCE, "-lsndfile"], check=True)
    return concat


def amounts(count, seed=20261121):
    """Amounts of every magnitude up to 99,999,999.99, with many zeros."""
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        digits = rng.randint(1, 8)
        integer = str(rng.randint(1, 9)) + "".join(
            "0" if rng.random() < 0.3 else str(rng.randint(0, 9)) for _ in range(digits - 1))
        roll = rng.random()
        fraction = "" if roll < 0.4 else "." + str(rng.randint(0, 9)) if roll < 0.6 else "." + f"{rng.randint(0, 99):02d}"
        result.append(integer + fraction)
    return result


def per_second(items, results):
    walls = sorted(w for w, _ in results)
    return items / statistics.median(walls), max(r for _, r in results) / 1024


def batch_bench(spawn, work):
    items = amounts(BATCH_ITEMS)
    items_file = os.path.join(work, "items.txt")
    with open(items_file, "w") as file:
        file.write("\n".join(items) + "\n")
    plan_run = subprocess.run([BINARY, "batch", "--dry-run", "--format", "wav", items_file],
                              capture_output=True, text=True, check=True)
    plans = [[os.path.join(VOICE, clip["file"]) for clip in json.loads(line)["clips"]]
             for line in plan_run.stdout.splitlines()]
    cores = os.cpu_count() or 1
    concat = build_concat(work)
    plan_file = os.path.join(work, "plan.txt")

    def announce(jobs):
        def run(out):
            return run_cold(spawn, 1, [BINARY, "batch", "--jobs", str(jobs), "--format", "wav", "--out", out, items_file])
        return run

    def floor(out):
        with open(plan_file, "w") as file:
            for index, clips in enumerate(plans):
                file.write(f"{out}/c{index}.wav " + " ".join(clips) + "\n")
        return run_cold(spawn, 1, [concat, plan_file])

    renderers = [(f"announce batch --jobs {jobs}", announce(jobs)) for jobs in sorted({1, cores})]
    renderers.append(("C + libsndfile, clips cached (floor)", floor))
    # The runs take turns, so a slow spell of this shared machine slows
    # every renderer alike instead of one of them.
    results = {name: [] for name, _ in renderers}
    for _ in range(BATCH_RUNS):
        for name, run in renderers:
            out = scratch_dir()
            results[name] += run(out)
            subprocess.run(["rm", "-rf", out], check=False)
    rows = [(name, *per_second(len(items), results[name])) for name, _ in renderers]

    out = scratch_dir()
    commands = os.path.join(work, "sox.txt")
    with open(commands, "w") as file:
        for index, clips in enumerate(plans):
            file.write("sox " + " ".join(clips) + f" {out}/s{index}.wav\n")
    result = subprocess.run([spawn, "-f", commands], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: sox failed: {result.stderr.strip()}")
    per_file = [(float(ms) / 1000, int(rss)) for ms, rss in (line.split() for line in result.stdout.splitlines())]
    rows.append(("sox, one process per file", len(items) / sum(w for w, _ in per_file), max(r for _, r in per_file) / 1024))
    subprocess.run(["rm", "-rf", out], check=False)

    one_job = rows[0][1]
    all_jobs = next(rate for name, rate, _ in rows if name == f"announce batch --jobs {cores}")
    print(f"\nbatch: {len(items)} amounts (seed 20261121, 1-8 integer digits), wav pcm16 16 kHz, bundled voice, "
          f"output on tmpfs, median of {BATCH_RUNS} runs taking turns")
    print(f"  {'renderer':38} {'per second':>11} {'peak RSS MB':>12} {'-j1 ÷ it':>9} {f'-j{cores} ÷ it':>9}")
    for name, rate, rss in rows:
        print(f"  {name:38} {rate:11.0f} {rss:12.1f} {one_job / rate:9.2f} {all_jobs / rate:9.2f}")


def stream_bench(spawn, work):
    items_file = os.path.join(work, "stream.txt")
    with open(items_file, "w") as file:
        file.write("\n".join(amounts(STREAM_ITEMS, seed=7)) + "\n")
    wall, rss = run_cold(spawn, 1, [BINARY, "batch", "--dry-run", items_file])[0]
    small_file = os.path.join(work, "stream-small.txt")
    with open(small_file, "w") as file:
        file.write("\n".join(amounts(STREAM_ITEMS // 100, seed=7)) + "\n")
    _, small_rss = run_cold(spawn, 1, [BINARY, "batch", "--dry-run", small_file])[0]
    print(f"\nstreaming: {STREAM_ITEMS} items through batch --dry-run in {wall:.1f} s, peak RSS {rss / 1024:.1f} MB "
          f"({STREAM_ITEMS // 100} items: {small_rss / 1024:.1f} MB)")


DEVICE_PACKAGE = os.path.join(ROOT, "scripts", "bench", "device")


def device_bench(work):
    """The phone's renderer from the bundled voice's pack, measured by
    ordo-one/benchmark in a package of its own."""
    pack = os.path.join(work, "default.announcepack")
    export = subprocess.run([BINARY, "voice", "export", "-o", pack, VOICE], capture_output=True, text=True)
    if export.returncode != 0:
        sys.exit(f"bench: voice export failed: {export.stderr.strip()}")
    print(f"\nthe phone's renderer: {export.stdout.strip()}")
    check = subprocess.run([BINARY, "voice", "check", "--json", VOICE], capture_output=True, text=True)
    rows = [row for row in json.loads(check.stdout)["budget"]["rows"] if row["template"] == "payment" and row["fits"]]
    longest = {}
    for row in sorted(rows, key=lambda row: -row["seconds"]):
        longest.setdefault(row["prefix"], row)
    longest = list(longest.values())
    worst = longest[0]
    worst_fields = message_fields(worst)
    print(f"  longest payment: {worst['prefix'] or 'no prefix'} {worst['amount']} ({worst['reading']}), {worst['seconds']} s at natural pace")
    amounts_file = os.path.join(work, "device-amounts.txt")
    with open(amounts_file, "w") as file:
        file.write("\n".join(amounts(BATCH_ITEMS)) + "\n")
    environment = dict(os.environ, ANNOUNCE_BENCH_PACK=pack, ANNOUNCE_BENCH_AMOUNTS=amounts_file,
                       ANNOUNCE_BENCH_WORST=worst_fields)
    result = subprocess.run(
        ["swift", "package", "--package-path", DEVICE_PACKAGE, "--allow-writing-to-package-directory", "benchmark",
         "--no-progress"], env=environment, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench: the device benchmarks failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    tables = result.stdout[result.stdout.find("load the pack"):] if "load the pack" in result.stdout else result.stdout
    print(tables.rstrip())
    device_memory(pack, [message_fields(row) for row in longest])


def message_fields(row):
    """A budget row of voice check --json as DeviceMemory's and DeviceRender's
    message: amount, prefix preset, style, liang, leadYi."""
    reading = row["reading"].split(", ")
    prefix = {"到账": "到账", "": "none"}.get(row["prefix"], row["prefix"])
    return " ".join([row["amount"], prefix, reading[0], str("两" in reading).lower(), str("一十" in reading).lower()])


def device_memory(pack, messages):
    """The extension's anonymous memory above its baseline, one process per
    figure: after loading the pack, and after loading it and rendering
    `messages` (the longest payment of each prefix) with their files' bytes.
    glibc is told to keep every page it touches (no trimming, no mmap'd
    blocks), so RssAnon only grows and each figure is the high-water mark."""
    build = subprocess.run(["swift", "build", "-c", "release", "--package-path", DEVICE_PACKAGE, "--product", "DeviceMemory"],
                           capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit(f"bench: DeviceMemory failed to build:\n{build.stdout[-2000:]}{build.stderr[-2000:]}")
    probe = os.path.join(DEVICE_PACKAGE, ".build", "release", "DeviceMemory")
    environment = dict(os.environ, MALLOC_TRIM_THRESHOLD_=str(2**32 - 1), MALLOC_MMAP_THRESHOLD_=str(32 * 1024 * 1024))
    print(f"\nthe extension's memory as its limit counts it: anonymous (RssAnon) above the process's baseline, "
          f"at its high-water mark, {MEMORY_RUNS} processes each")
    figures = [("after loading the pack (mapped)", ["load"]),
               (f"peak, loading and rendering the {len(messages)} longest payments", ["render", *messages])]
    for label, arguments in figures:
        values = []
        for _ in range(MEMORY_RUNS):
            run = subprocess.run([probe, pack, *arguments], env=environment, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"bench: DeviceMemory failed: {run.stderr.strip()}")
            values.append(int(run.stdout.split()[0]))
        print(f"  {label:58} median {statistics.median(values) / 1024:5.2f} MB, most {max(values) / 1024:5.2f} MB")


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"bench: {BINARY} not built (make build)")
    work = tempfile.mkdtemp(prefix="announce-bench-tools-")
    spawn = build_spawn(work)
    print(f"announce bench, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores")
    parts = os.environ.get("BENCH_PARTS", "cold,batch,stream,device").split(",")
    if "cold" in parts:
        cold_single(spawn, work)
    if "batch" in parts:
        batch_bench(spawn, work)
    if "stream" in parts:
        stream_bench(spawn, work)
    if "device" in parts:
        device_bench(work)
    subprocess.run(["rm", "-rf", work], check=False)
