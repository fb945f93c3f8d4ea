"""Measures WAV files named by their tone-numbered romanisation: the figures of measure.py per file.

Usage: python measure-files.py [--tones 1-6] WAV...   (through scripts/voice/measure.sh --files, which
makes the pinned virtual environment).

A file's name without .wav is its syllables joined by "-" (jat1.wav, zi1-fu6-bou2.wav): their number
gives the duration per syllable, and a one-syllable file is grouped by its tone. Prints a Markdown
table per file (active duration within 40 dB of the peak, per syllable, peak in dBFS, samples at full
scale, F0 median, start -> end), then per tone (one-syllable files) the median F0, start and end, and
the semitone distances that tell the tones apart: the span of the tone medians and the nearest two
tone medians.
"""
import argparse
import math
import os
import re
import sys
import wave

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402  (the voice folder measurements: same YIN, same trimming rule)


def full_scale_samples(path):
    with wave.open(path) as w:
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    return int(np.count_nonzero((x == 32767) | (x == -32768)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tones", default="1-4", help="tone digits, e.g. 1-4 (pinyin) or 1-6 (Jyutping)")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    lo, hi = args.tones.split("-")
    syllable = re.compile(rf"^[a-z]+[{lo}-{hi}]$")
    rows = []
    for path in args.files:
        parts = os.path.basename(path)[:-4].split("-")
        if not all(syllable.match(p) for p in parts):
            raise SystemExit(f"measure-files: {path}: the name is not tone-numbered syllables")
        r = measure.measure_clip(path, len(parts))
        r["name"], r["parts"], r["clipped"] = "-".join(parts), parts, full_scale_samples(path)
        rows.append(r)
    print("| item | file | active | per syllable | peak | full-scale samples | F0 median | start -> end |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        f0 = (f"{r['f0_median']:.1f} Hz | {r['f0_start']:.1f} -> {r['f0_end']:.1f} Hz"
              if "f0_median" in r else "- | -")
        print(f"| {' '.join(r['parts'])} | {r['duration']:.3f} s | {r['active']:.3f} s | "
              f"{1000 * r['active'] / r['syllables']:.0f} ms | {r['peak_dbfs']:.1f} dBFS | {r['clipped']} | {f0} |")
    tones = {}
    for r in rows:
        if len(r["parts"]) == 1 and "f0_median" in r:
            tones.setdefault(int(r["parts"][0][-1]), []).append(r)
    print()
    print("| tone | clips | F0 median | start -> end | movement |")
    print("|---|---|---|---|---|")
    medians = {}
    for t in sorted(tones):
        rs = tones[t]
        medians[t] = float(np.median([r["f0_median"] for r in rs]))
        start = float(np.median([r["f0_start"] for r in rs]))
        end = float(np.median([r["f0_end"] for r in rs]))
        print(f"| {t} | {len(rs)} | {medians[t]:.1f} Hz | {start:.1f} -> {end:.1f} Hz | "
              f"{measure.semitones(end, start):+.1f} st |")
    total = sum(r["active"] for r in rows)
    peak = max(r["peak_dbfs"] for r in rows)
    per_syl = [1000 * r["active"] / r["syllables"] for r in rows]
    print()
    print(f"files {len(rows)}; active total {total:.3f} s; per syllable median {np.median(per_syl):.0f} ms "
          f"(min {min(per_syl):.0f}, max {max(per_syl):.0f}); highest peak {peak:.1f} dBFS; "
          f"full-scale samples {sum(r['clipped'] for r in rows)}")
    if len(medians) >= 2:
        ordered = sorted(medians.items(), key=lambda kv: kv[1])
        gaps = [(measure.semitones(b[1], a[1]), a[0], b[0]) for a, b in zip(ordered, ordered[1:])]
        nearest = min(gaps)
        print(f"tone medians span {measure.semitones(ordered[-1][1], ordered[0][1]):.1f} st; "
              f"nearest tones {nearest[1]} and {nearest[2]}: {nearest[0]:.1f} st apart")
    levels = [t for t in (1, 3, 6) if t in medians]
    if len(levels) == 3:
        print(f"level tones 1/3/6: {medians[1]:.1f} / {medians[3]:.1f} / {medians[6]:.1f} Hz, "
              f"1-3 {measure.semitones(medians[1], medians[3]):.1f} st, "
              f"3-6 {measure.semitones(medians[3], medians[6]):.1f} st")


if __name__ == "__main__":
    main()
