#!/usr/bin/env bash
# make-voice.sh - regenerate the default "announce" voice with espeak-ng.
#
# Usage: scripts/make-voice.sh [OUTDIR]        (default: Clips/default)
#
# Writes OUTDIR/*.wav (16 kHz, mono, 16-bit PCM), OUTDIR/voice.json and the
# voice README next to OUTDIR (default: $(dirname OUTDIR)/README.md, override
# with README=path). Needs only espeak-ng, sox and python3 (standard library).
# Output is deterministic: two runs give byte-identical files.
set -euo pipefail

OUTDIR="${1:-Clips/default}"
OUTDIR="${OUTDIR%/}"
PARENT="$(dirname "$OUTDIR")"
README="${README:-$PARENT/README.md}"

# ---- settings ---------------------------------------------------------------
# The synthesis settings (espeak-ng voice, variant, rate, pitch) live in
# scripts/voice/espeak-tts.sh, the TTS command `announce voice build --tts`
# runs too; this script runs it once per clip and records what it reports.
TTS="$(cd "$(dirname "$0")" && pwd)/voice/espeak-tts.sh"
SAMPLE_RATE=16000
TRIM_DB=42                # trim where the signal stays > 42 dB below clip peak
MARGIN_MS=10              # keep this much before/after the detected sound
FADE_MS=5                 # fade in/out length
PEAK_DBFS=-3              # target peak
RMS_CAP_DBFS=-15          # never let a clip's active RMS exceed this
SILENCE_DBFS=-50          # README: "silence" means |sample| below this

# word<TAB>pinyin (as pronounced, tone numbers). File name = pinyin, ' ' -> '-'.
CLIPS=$(cat <<'EOF'
零	ling2
一	yi1
二	er4
两	liang3
三	san1
四	si4
五	wu3
六	liu4
七	qi1
八	ba1
九	jiu3
十	shi2
百	bai3
千	qian1
万	wan4
亿	yi4
点	dian3
元	yuan2
角	jiao3
分	fen1
到账	dao4 zhang4
支付宝到账	zhi1 fu4 bao3 dao4 zhang4
微信收款	wei1 xin4 shou1 kuan3
收款到账	shou1 kuan3 dao4 zhang4
收款	shou1 kuan3
一百	yi4 bai3
一千	yi4 qian1
一万	yi2 wan4
一亿	yi2 yi4
两百	liang2 bai3
五百	wu2 bai3
九百	jiu2 bai3
五点	wu2 dian3
九点	jiu2 dian3
EOF
)

# ---- checks -----------------------------------------------------------------
for tool in espeak-ng sox python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "make-voice: '$tool' not found (apt-get install espeak-ng sox python3)" >&2; exit 1; }
done
TTS_SETTINGS="$("$TTS" --settings)"
setting() { printf '%s\n' "$TTS_SETTINGS" | sed -n "s/^$1=//p"; }
VOICE="$(setting voice)"; VARIANT="$(setting variant)"; RATE="$(setting rate)"
PITCH="$(setting pitch)"; GAP="$(setting gap)"; AMPLITUDE="$(setting amplitude)"; VARIANT_PITCH="$(setting variantPitch)"
[ "$(setting sampleRate)" = "$SAMPLE_RATE" ] || { echo "make-voice: $TTS does not write $SAMPLE_RATE Hz" >&2; exit 1; }
if ! espeak-ng --voices=cmn | awk '{print $2}' | grep -qx "$VOICE"; then
    echo "make-voice: espeak-ng voice '$VOICE' not available; Mandarin voices:" >&2
    espeak-ng --voices | grep -i cmn >&2 || true
    exit 1
fi
ESPEAK_VERSION="$(espeak-ng --version | sed -n 's/.*text-to-speech: *\([^ ]*\).*/\1/p')"
SOX_VERSION="$(sox --version | sed -n 's/.*SoX v*\([^ ]*\).*/\1/p')"

export LC_ALL=C.UTF-8
mkdir -p "$PARENT"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/make-voice.XXXXXX")"
STAGE="$(mktemp -d "$PARENT/.make-voice.XXXXXX")"
trap 'rm -rf "$WORK" "$STAGE"' EXIT

# ---- 1. synthesise ------------------------------------------------------------
# espeak-tts.sh writes 16 kHz 16-bit; the clip is widened to 32-bit raw so the
# level processing below works on more precision than the final 16 bits.
printf '%s\n' "$CLIPS" > "$WORK/clips.tsv"
while IFS=$'\t' read -r word pinyin; do
    [ -n "$word" ] || continue
    name="${pinyin// /-}"
    "$TTS" "$pinyin" "$WORK/$name.tts.wav"
    sox -D -R "$WORK/$name.tts.wav" -t raw -e signed-integer -b 32 -c 1 -r "$SAMPLE_RATE" "$WORK/$name.s32"
done < "$WORK/clips.tsv"

# ---- 2. analyse: trim points and gain per clip ------------------------------
python3 - "$WORK" "$SAMPLE_RATE" "$TRIM_DB" "$MARGIN_MS" "$PEAK_DBFS" "$RMS_CAP_DBFS" > "$WORK/plan.tsv" <<'PY'
import array, math, sys
work, sr, trim_db, margin_ms, peak_dbfs, rms_cap = sys.argv[1:]
sr = int(sr); trim_db = float(trim_db); margin = int(sr * float(margin_ms) / 1000)
peak_dbfs = float(peak_dbfs); rms_cap = float(rms_cap)
FULL = 2.0 ** 31
for line in open(f"{work}/clips.tsv", encoding="utf-8"):
    line = line.rstrip("\n")
    if not line:
        continue
    word, pinyin = line.split("\t")
    name = pinyin.replace(" ", "-")
    a = array.array("i")
    with open(f"{work}/{name}.s32", "rb") as f:
        a.frombytes(f.read())
    if sys.byteorder != "little":
        a.byteswap()
    n = len(a)
    peak = max(abs(x) for x in a)
    thr = peak * 10 ** (-trim_db / 20)
    first = next(i for i in range(n) if abs(a[i]) > thr)
    last = next(i for i in range(n - 1, -1, -1) if abs(a[i]) > thr)
    start = max(0, first - margin)
    end = min(n, last + 1 + margin)
    # active RMS: mean power of 10 ms frames within 30 dB of the peak
    frame = sr // 100
    acc = cnt = 0
    for i in range(first, last + 1, frame):
        seg = a[i:i + frame]
        if max(abs(x) for x in seg) > peak * 10 ** (-30 / 20):
            acc += sum(x * x for x in seg); cnt += len(seg)
    rms_db = 10 * math.log10(acc / cnt / FULL ** 2)
    peak_db = 20 * math.log10(peak / FULL)
    gain = min(peak_dbfs - peak_db, rms_cap - rms_db)
    print(f"{name}\t{start}\t{end - start}\t{gain:.2f}")
PY

# ---- 3. render final clips ---------------------------------------------------
fade="$(awk -v ms="$FADE_MS" 'BEGIN{printf "%.3f", ms/1000}')"
while IFS=$'\t' read -r name start len gain; do
    sox -D -R -t raw -e signed-integer -b 32 -c 1 -r "$SAMPLE_RATE" "$WORK/$name.s32" \
        -t wav -e signed-integer -b 16 -c 1 -r "$SAMPLE_RATE" "$STAGE/$name.wav" \
        trim "${start}s" "${len}s" gain "$gain" fade q "$fade" -0 "$fade"
done < "$WORK/plan.tsv"

# ---- 4. manifest + README (measured on the final files) ---------------------
MEASUREMENTS_MD="$(cd "$(dirname "$0")" && pwd)/voice/measurements.md"
export MEASUREMENTS_MD AMPLITUDE VOICE VARIANT VARIANT_PITCH GAP RATE PITCH SAMPLE_RATE TRIM_DB MARGIN_MS FADE_MS PEAK_DBFS RMS_CAP_DBFS SILENCE_DBFS ESPEAK_VERSION SOX_VERSION
python3 - "$WORK" "$STAGE" "$README" "$OUTDIR" <<'PY'
import array, json, math, os, sys, wave
work, stage, readme, outdir = sys.argv[1:]
e = os.environ
SILENCE_DBFS = int(e["SILENCE_DBFS"])
s = dict(voice=e["VOICE"], variant=e["VARIANT"], variant_pitch=e["VARIANT_PITCH"],
         rate=int(e["RATE"]), pitch=int(e["PITCH"]), gap=int(e["GAP"]), amplitude=int(e["AMPLITUDE"]), sr=int(e["SAMPLE_RATE"]), trim_db=int(e["TRIM_DB"]),
         margin=int(e["MARGIN_MS"]), fade=int(e["FADE_MS"]), peak=int(e["PEAK_DBFS"]),
         rms_cap=int(e["RMS_CAP_DBFS"]), espeak=e["ESPEAK_VERSION"], sox=e["SOX_VERSION"])

clips = []
for line in open(f"{work}/clips.tsv", encoding="utf-8"):
    line = line.rstrip("\n")
    if line:
        word, pinyin = line.split("\t")
        clips.append((word, pinyin, pinyin.replace(" ", "-") + ".wav"))

tts = "scripts/voice/espeak-tts.sh"
espeak_voice = s["voice"] + (f"+{s['variant']}" if s["variant"] else "")
command = (f"{tts} '<pinyin>' out.wav (= espeak-ng -v {espeak_voice} -s {s['rate']} -p {s['pitch']} "
           f"-g {s['gap']} -a {s['amplitude']} -z, then sox rate -v to {s['sr']} Hz 16-bit); "
           f"trim/gain computed per clip; sox -D -R ... -b 16 trim gain fade")
manifest = {
    "format": 1,
    "id": "default",
    "name": "announce default voice (espeak-ng)",
    "language": "cmn-Hans",
    "sampleRate": s["sr"],
    "license": (
        "CC0-1.0. The clips are audio produced by us by running the espeak-ng "
        "speech synthesizer (a GPL-3.0-or-later program) on our own pinyin input. "
        "The GPL licenses the program, not what it outputs: GPL-3.0 section 2 says "
        "output is covered only if, given its content, it is itself a covered work, "
        "and these waveforms contain no espeak-ng code or data files, just "
        "synthesized speech of short words. We therefore dedicate the generated "
        "audio to the public domain under CC0-1.0; espeak-ng itself stays GPL and "
        "is only needed to regenerate the clips, not to use them. espeak-ng is "
        "rule-based (no trained weights, no recorded training corpus), so no "
        "model or training-data licence applies."
    ),
    "provenance": (
        f"Generated by scripts/make-voice.sh with espeak-ng {s['espeak']} "
        f"(voice {espeak_voice}) and SoX {s['sox']}. Per clip: {command}. Silence trimmed "
        f"where the signal is more than {s['trim_db']} dB below the clip peak, keeping "
        f"{s['margin']} ms margin; {s['fade']} ms quarter-sine fades; gain so the peak is "
        f"{s['peak']} dBFS unless the active RMS would exceed {s['rms_cap']} dBFS; "
        f"16-bit output without dither (deterministic)."
    ),
    "generator": {
        "tool": "espeak-ng",
        "version": s["espeak"],
        "toolLicense": "GPL-3.0-or-later (the program; its output is not covered)",
        "model": "rule-based formant synthesis: no trained weights",
        "trainingData": "none (rule-based; no recorded speech corpus)",
        "command": f"{tts} {{pinyin}} {{out}}",
        "voice": s["voice"],
        "variant": s["variant"],
        "variantPitch": f"{s['variant_pitch']} Hz (base, top)" if s["variant_pitch"] else None,
        "rate": s["rate"],
        "pitch": s["pitch"],
        "wordGap": s["gap"],
        "amplitude": s["amplitude"],
        "sampleRate": s["sr"],
        "channels": 1,
        "bitsPerSample": 16,
        "trim": f"-{s['trim_db']} dB relative to clip peak, {s['margin']} ms margin",
        "fade": f"{s['fade']} ms in/out",
        "peak": f"{s['peak']} dBFS",
        "rmsCap": f"{s['rms_cap']} dBFS (active RMS)",
        "dither": "none",
        "resampler": f"sox {s['sox']} rate -v",
        "script": "scripts/make-voice.sh",
    },
    "clips": {w: f for w, _, f in clips},
}
with open(f"{stage}/voice.json", "w", encoding="utf-8") as f:
    json.dump(manifest, f, ensure_ascii=False, indent=2)
    f.write("\n")

def db(x):
    return 20 * math.log10(x) if x > 0 else float("-inf")

rows = []
thr = 32768 * 10 ** (SILENCE_DBFS / 20)
for word, pinyin, fn in clips:
    with wave.open(f"{stage}/{fn}") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, s["sr"]), fn
        a = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        a.byteswap()
    n = len(a)
    loud = [i for i in range(n) if abs(a[i]) > thr]
    lead = loud[0] if loud else n
    trail = n - 1 - loud[-1] if loud else n
    rms = math.sqrt(sum(x * x for x in a) / n)
    rows.append((word, fn, n * 1000 / s["sr"], db(max(abs(x) for x in a) / 32768),
                 db(rms / 32768), lead * 1000 / s["sr"], trail * 1000 / s["sr"]))

name = outdir.rsplit("/", 1)[-1]
variant_text = (f"variant `{s['variant']}` from `scripts/voice/espeak-variants/`, pitch "
                f"{s['variant_pitch'].replace(' ', ' to ')} Hz" if s["variant_pitch"] else
                f"variant `{s['variant']}`" if s["variant"] else "no variant")
longest = max(rows, key=lambda r: r[2])
out = []
out.append(f"""# Voices

`{name}/` is the default voice of *announce*: one WAV clip per word or fixed
phrase, plus `{name}/voice.json`, whose `clips` map (word -> file name) is
what the library reads. The clips are synthesized with
[espeak-ng](https://github.com/espeak-ng/espeak-ng) {s['espeak']}, voice
`{espeak_voice}` (Mandarin, input written as pinyin with tone numbers;
{variant_text}), rate {s['rate']} wpm, pitch {s['pitch']}, word gap {s['gap']}.

**This file is generated by `scripts/make-voice.sh`; edit the script (and
`scripts/voice/measurements.md` for the section "Measurements"), not this file.**

## Regenerating

    make voice                           # = scripts/make-voice.sh Clips/default

Needs `espeak-ng`, `sox` and `python3` (standard library only), e.g.
`apt-get install espeak-ng sox`. The script renders into a temporary
directory and replaces `{name}/` at the end; the output is deterministic
(no dither, fixed settings), so re-running it with the same espeak-ng/SoX
versions gives byte-identical files.

Processing per clip:

1. `{tts} "<pinyin>" out.wav`, the TTS command for `announce voice build --tts`
   that holds the settings: `espeak-ng -v {espeak_voice} -s {s['rate']} -p {s['pitch']} -g {s['gap']} -a {s['amplitude']} -z`
   (22050 Hz), resampled by SoX (`rate -v`, no dither) to {s['sr']} Hz 16-bit,
   widened to 32 bit for processing.
2. Leading/trailing silence trimmed: the first/last sample louder than
   {s['trim_db']} dB below the clip's own peak is found and {s['margin']} ms of margin
   is kept on each side (so quiet fricative onsets such as s/f/sh in
   三, 分, 收 survive).
3. Gain so the peak is {s['peak']} dBFS, reduced if the clip's active RMS (10 ms
   frames within 30 dB of the peak) would exceed {s['rms_cap']} dBFS, so that no word is
   much louder than the others.
4. {s['fade']} ms quarter-sine fade in and out (no clicks), written as
   {s['sr']} Hz mono 16-bit PCM WAV without dither.

The same synthesis through the voice builder, for a voice script of other
words: `announce voice build ... --tts 'scripts/voice/espeak-tts.sh {{pinyin}} {{out}}'`
(the builder trims and levels with the engine's own rule). To measure a voice
folder: `scripts/voice/measure.sh DIR` (pitch per tone, duration per
syllable, crest factor; it makes a virtual environment with pinned numpy in
`.build/voice-venv`) and `scripts/voice/phrase-length.sh ANNOUNCE_BIN DIR`
(worst-case phrase lengths per prefix preset).

Words whose pronunciation changes in context are recorded together, as
spoken: 一 before 百/千 is yi4, before 万/亿 yi2; third-tone sandhi makes
两百, 五百, 九百, 五点, 九点 start with a rising tone. Use the combined clip
when the text contains the combination.

## Licence

The clips are released under CC0-1.0. They are produced by us by running
espeak-ng (GPL-3.0-or-later) on our own input; the GPL covers the program,
not its output (GPL-3.0 section 2), and the waveforms contain no espeak-ng
code or data. espeak-ng is rule-based (formant synthesis driven by
pronunciation rules): there are no trained weights and no recorded speech
corpus behind it, so no training-data licence applies. The variant file in
`scripts/voice/espeak-variants/` is ours (CC0-1.0, like the clips).
espeak-ng is only needed to regenerate the voice.

## Clips

Measured on the files in `{name}/`. Peak and RMS are over the whole file,
in dBFS (0 dBFS = 32768). Leading/trailing silence is the time before the
first / after the last sample whose magnitude exceeds {SILENCE_DBFS} dBFS
(|x| > {thr:.0f}).

| word | file | duration (ms) | peak (dBFS) | RMS (dBFS) | lead silence (ms) | trail silence (ms) |
|------|------|--------------:|------------:|-----------:|------------------:|-------------------:|""")
for r in rows:
    out.append(f"| {r[0]} | `{r[1]}` | {r[2]:.0f} | {r[3]:.1f} | {r[4]:.1f} | {r[5]:.1f} | {r[6]:.1f} |")
out.append("")
out.append(f"{len(rows)} clips, total {sum(r[2] for r in rows):.0f} ms; longest: "
           f"{longest[0]} `{longest[1]}` ({longest[2]:.0f} ms).")
measurements = os.environ["MEASUREMENTS_MD"]
if os.path.exists(measurements):
    out.append("")
    out.append(open(measurements, encoding="utf-8").read().rstrip("\n"))
with open(f"{work}/README.md", "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
PY

# ---- 5. move into place -------------------------------------------------------
if [ -e "$OUTDIR" ]; then
    mv "$OUTDIR" "$STAGE.old"
fi
mv "$STAGE" "$OUTDIR"
rm -rf "$STAGE.old"
mv "$WORK/README.md" "$README"
echo "make-voice: wrote $(ls "$OUTDIR"/*.wav | wc -l) clips + voice.json to $OUTDIR, README to $README"
