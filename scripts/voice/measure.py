"""Measures a voice folder: pitch per tone, duration per syllable, crest factor.

Usage: python measure.py VOICE_DIR [--json]   (run through scripts/voice/measure.sh,
which makes the pinned virtual environment).

Clips are found through VOICE_DIR/voice.json; a clip whose file name is tone-numbered pinyin
(yi1.wav, dao4-zhang4.wav) counts its syllables from the name (any other clip: the characters of its
word), and a one-syllable clip is grouped by its tone for the pitch figures. Everything is computed on the 16-bit samples as stored.

- Active part: from the first to the last sample within 40 dB of the clip's peak (the renderer's
  trimming threshold), so leading/trailing margins do not count as speech.
- Pitch: YIN (cumulative mean normalised difference, threshold 0.30, parabolic refinement) on 25 ms
  frames every 5 ms, 60-500 Hz, frames within 25 dB of the clip's loudest frame. Per clip: median F0
  and its movement, the 10th-to-90th percentile span in semitones. Per tone: the median over its
  clips of both, and the start and end pitch (median of the first and last 20 % of voiced frames).
  Tonal space: from the lowest per-tone median 10th percentile to the highest per-tone median 90th
  percentile, in semitones.
- Crest factor: peak / RMS of the active part, in dB.
"""
import argparse
import json
import math
import os
import re
import sys
import wave

import numpy as np

FRAME_S = 0.025
HOP_S = 0.005
FMIN, FMAX = 60.0, 500.0
YIN_THRESHOLD = 0.30
VOICED_DB = 25.0
TRIM_DB = 40.0
SYLLABLE = re.compile(r"^[a-z]+[1-5]$")


def read_wav(path):
    with wave.open(path) as w:
        if w.getsampwidth() != 2:
            raise SystemExit(f"measure: {path}: only 16-bit PCM WAV is measured")
        sr, ch, n = w.getframerate(), w.getnchannels(), w.getnframes()
        x = np.frombuffer(w.readframes(n), dtype="<i2").astype(np.float64) / 32768.0
    if ch > 1:
        x = x.reshape(-1, ch).mean(axis=1)
    return x, sr


def active_range(x):
    peak = np.max(np.abs(x))
    if peak == 0:
        return 0, 0
    loud = np.nonzero(np.abs(x) >= peak * 10 ** (-TRIM_DB / 20))[0]
    return int(loud[0]), int(loud[-1]) + 1


def yin_f0(x, sr):
    """F0 per frame (Hz, NaN where unvoiced)."""
    w = int(FRAME_S * sr)
    hop = int(HOP_S * sr)
    tmin, tmax = int(sr / FMAX), int(sr / FMIN)
    if len(x) < w + tmax:
        x = np.concatenate([x, np.zeros(w + tmax - len(x))])
    starts = range(0, len(x) - w - tmax + 1, hop)
    energies = np.array([np.sum(x[s:s + w] ** 2) for s in starts])
    if energies.max() <= 0:
        return np.full(len(energies), np.nan)
    gate = energies.max() * 10 ** (-VOICED_DB / 10)
    f0 = np.full(len(energies), np.nan)
    for k, s in enumerate(starts):
        if energies[k] < gate:
            continue
        seg = x[s:s + w + tmax]
        # d(tau) = sum_j (x_j - x_{j+tau})^2 over a window of w samples
        d = np.array([np.sum((seg[:w] - seg[t:t + w]) ** 2) for t in range(tmax + 1)])
        cmnd = np.ones_like(d)
        cs = np.cumsum(d[1:])
        cmnd[1:] = d[1:] * np.arange(1, tmax + 1) / np.where(cs == 0, 1, cs)
        cand = np.nonzero(cmnd[tmin:tmax] < YIN_THRESHOLD)[0]
        if len(cand) == 0:
            continue
        t = tmin + cand[0]
        while t + 1 < tmax and cmnd[t + 1] < cmnd[t]:
            t += 1
        a, b, c = cmnd[t - 1], cmnd[t], cmnd[t + 1]
        den = a - 2 * b + c
        shift = 0.5 * (a - c) / den if den != 0 else 0.0
        f0[k] = sr / (t + shift)
    return f0


def semitones(hi, lo):
    return 12 * math.log2(hi / lo)


def measure_clip(path, syllables):
    x, sr = read_wav(path)
    a, b = active_range(x)
    act = x[a:b]
    peak = float(np.max(np.abs(x))) if len(x) else 0.0
    rms = float(np.sqrt(np.mean(act ** 2))) if len(act) else 0.0
    f0 = yin_f0(act, sr) if len(act) else np.array([])
    v = f0[~np.isnan(f0)]
    r = {
        "duration": len(x) / sr,
        "active": (b - a) / sr,
        "syllables": syllables,
        "peak_dbfs": 20 * math.log10(peak) if peak > 0 else None,
        "crest_db": 20 * math.log10(peak / rms) if rms > 0 else None,
        "voiced_frames": int(len(v)),
    }
    if len(v) >= 4:
        q = max(1, len(v) // 5)
        r.update(
            f0_median=float(np.median(v)),
            f0_p10=float(np.percentile(v, 10)),
            f0_p90=float(np.percentile(v, 90)),
            f0_start=float(np.median(v[:q])),
            f0_end=float(np.median(v[-q:])),
        )
        r["span_st"] = semitones(r["f0_p90"], r["f0_p10"])
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("voice")
    ap.add_argument("--json", action="store_true", help="print all figures as JSON")
    args = ap.parse_args()
    with open(os.path.join(args.voice, "voice.json"), encoding="utf-8") as f:
        clips = json.load(f)["clips"]
    rows = {}
    for word, entry in clips.items():
        # A clip is a file name, or {"file": …, "when": …}.
        fn = entry["file"] if isinstance(entry, dict) else entry
        parts = os.path.splitext(os.path.basename(fn))[0].split("-")
        pinyin = parts if all(SYLLABLE.match(p) for p in parts) else None
        r = measure_clip(os.path.join(args.voice, fn), len(pinyin) if pinyin else len(word))
        r["word"], r["file"] = word, fn
        r["tone"] = int(pinyin[0][-1]) if pinyin and len(pinyin) == 1 else None
        rows[fn] = r

    tones = {}
    for t in (1, 2, 3, 4):
        rs = [r for r in rows.values() if r["tone"] == t and "f0_median" in r]
        if not rs:
            continue
        tones[t] = {
            "clips": len(rs),
            "f0_median": float(np.median([r["f0_median"] for r in rs])),
            "f0_start": float(np.median([r["f0_start"] for r in rs])),
            "f0_end": float(np.median([r["f0_end"] for r in rs])),
            "span_st": float(np.median([r["span_st"] for r in rs])),
            "f0_p10": float(np.median([r["f0_p10"] for r in rs])),
            "f0_p90": float(np.median([r["f0_p90"] for r in rs])),
        }
    allv = [r for r in rows.values() if "f0_median" in r]
    per_syl = [r["active"] / r["syllables"] for r in rows.values()]
    crest = [r["crest_db"] for r in rows.values() if r["crest_db"] is not None]
    summary = {
        "clips": len(rows),
        "f0_median": float(np.median([r["f0_median"] for r in allv])) if allv else None,
        # the tonal space: from the lowest tone's typical low (median over its clips of the
        # 10th percentile) to the highest tone's typical high; medians keep one clip's octave
        # error out
        "tonal_span_st": semitones(max(t["f0_p90"] for t in tones.values()),
                                   min(t["f0_p10"] for t in tones.values())) if tones else None,
        "tone_medians_span_st": semitones(max(t["f0_median"] for t in tones.values()),
                                          min(t["f0_median"] for t in tones.values())) if tones else None,
        "syllable_ms_median": 1000 * float(np.median(per_syl)),
        "syllable_ms_min": 1000 * float(np.min(per_syl)),
        "syllable_ms_max": 1000 * float(np.max(per_syl)),
        "crest_db_median": float(np.median(crest)),
        "crest_db_min": float(np.min(crest)),
        "crest_db_max": float(np.max(crest)),
    }
    if args.json:
        json.dump({"summary": summary, "tones": tones, "clips": list(rows.values())}, sys.stdout,
                  ensure_ascii=False, indent=1)
        print()
        return
    print(f"voice: {args.voice} ({summary['clips']} clips)")
    print("tone  clips  F0 median  start -> end (Hz)  movement (st, p10-p90)")
    for t, v in tones.items():
        print(f"  {t}    {v['clips']:>3}   {v['f0_median']:6.1f} Hz  {v['f0_start']:5.1f} -> {v['f0_end']:5.1f}"
              f"        {v['span_st']:4.1f}")
    s = summary
    print(f"F0 median {s['f0_median']:.1f} Hz; tonal space (tone medians of p10..p90) "
          f"{s['tonal_span_st']:.1f} st; tone medians span {s['tone_medians_span_st']:.1f} st")
    print(f"active duration per syllable: median {s['syllable_ms_median']:.0f} ms "
          f"(min {s['syllable_ms_min']:.0f}, max {s['syllable_ms_max']:.0f})")
    print(f"crest factor (peak/RMS of active part): median {s['crest_db_median']:.1f} dB "
          f"(min {s['crest_db_min']:.1f}, max {s['crest_db_max']:.1f})")


if __name__ == "__main__":
    main()
