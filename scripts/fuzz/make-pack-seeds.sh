#!/usr/bin/env bash
# make-pack-seeds.sh - regenerate FuzzPack's seeds (scripts/fuzz/corpus/pack):
# real device voice packs, made by `announce voice export` from small voices
# cut from the bundled voice, and a few damaged copies of one.
#
# Usage: scripts/fuzz/make-pack-seeds.sh
#
# ANNOUNCE names the announce binary (default .build/debug/announce, which
# `swift build` makes). Needs python3 (to cut the clips). The output is
# deterministic: two runs give byte-identical seeds.
#
# A pack of the bundled voice is 2.8 MB, too large to fuzz: each seed voice
# has only the clips its coverage needs (the decimal reading's words and
# 到账, which export asks for), declares a maximum amount of 9.99, and its
# clips are the loudest 50 ms of the bundled voice's, tapered over 10 ms at
# each end (a clip needs 40 ms of sound). The limiter data of ~25 gains per
# clip is most of a pack's bytes, so a seed is about 100 kB:
#   payment   the payment template, clips at 16 kHz, exported at 8000 Hz
#             (resampled, so the pack holds 32-bit float samples)
#   phrases   payment, summary and received (两, 共计, 笔, 收款成功 too), clips
#             at 8 kHz, exported at 8000 Hz (the pack holds 16-bit codes)
# and from `payment`: empty, header (its first 32 bytes), truncated (its first
# half), and, each cut after the field the reader refuses, bad-magic,
# other-engine (the engine version one higher), huge-count (the voice id's
# length 0xFFFFFFFF) and altered-rate (a sample rate of 7 Hz). FuzzPack
# writes the checksum of what it is given before reading it, so the damaged
# copies keep export's checksum.
set -euo pipefail

cd "$(dirname "$0")/../.."
ANNOUNCE="${ANNOUNCE:-.build/debug/announce}"
OUT=scripts/fuzz/corpus/pack

command -v python3 >/dev/null 2>&1 || { echo "make-pack-seeds: 'python3' not found (apt-get install python3)" >&2; exit 69; }
[ -x "$ANNOUNCE" ] || { echo "make-pack-seeds: $ANNOUNCE not found (swift build)" >&2; exit 69; }

work="$(mktemp -d "${TMPDIR:-/tmp}/make-pack-seeds.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# voice FOLDER ID RATE TEMPLATES EXTRA-WORDS: a voice of the bundled voice's
# clips for the decimal reading, 到账 and EXTRA-WORDS, each cut to its loudest
# 50 ms at RATE Hz, covering TEMPLATES (comma-separated) up to 9.99.
voice() {
    python3 - "$@" <<'EOF'
import array, json, os, sys, wave

folder, voice_id, rate, templates, extra = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
bundled = json.load(open("Clips/default/voice.json", encoding="utf-8"))
words = "到账 零 一 二 三 四 五 六 七 八 九 十 百 千 万 亿 点 元".split() + extra.split()
manifest = {key: bundled[key] for key in ("format", "language", "license")}
manifest.update({
    "id": voice_id,
    "name": f"{voice_id} (FuzzPack seed)",
    "provenance": "Cut by scripts/fuzz/make-pack-seeds.sh from the bundled voice (Clips/default): "
                  "the loudest 50 ms of each clip, tapered over 10 ms at each end.",
    "sampleRate": rate,
    "maximumAmount": "9.99",
    "covers": {"styles": ["decimal"], "liang": False, "leadYi": False, "prefixes": ["到账"],
               "templates": templates.split(","), "units": "words"},
    "clips": {word: bundled["clips"][word] for word in words},
})
os.makedirs(folder)
with open(os.path.join(folder, "voice.json"), "w", encoding="utf-8") as out:
    json.dump(manifest, out, ensure_ascii=False, indent=2, sort_keys=True)
    out.write("\n")
for word in words:
    name = bundled["clips"][word]["file"]
    with wave.open(os.path.join("Clips/default", name)) as clip:
        params = clip.getparams()
        samples = array.array("h", clip.readframes(params.nframes))
    assert params.nchannels == 1 and params.sampwidth == 2 and params.framerate % rate == 0
    step = params.framerate // rate
    # At RATE: the mean of each STEP samples.
    samples = array.array("h", (sum(samples[i:i + step]) // step for i in range(0, len(samples) - step + 1, step)))
    length, taper = rate // 20, rate // 100
    energy = sum(x * x for x in samples[:length])
    best, loudest = 0, energy
    for start in range(1, len(samples) - length + 1):
        energy += samples[start + length - 1] ** 2 - samples[start - 1] ** 2
        if energy > loudest:
            best, loudest = start, energy
    cut = samples[best:best + length]
    for i in range(taper):
        cut[i] = cut[i] * i // taper
        cut[length - 1 - i] = cut[length - 1 - i] * i // taper
    with wave.open(os.path.join(folder, name), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(cut.tobytes())
EOF
}

voice "$work/payment" fuzz-payment 16000 payment ""
voice "$work/phrases" fuzz-phrases 8000 payment,summary,received "两 共计 笔 收款成功"
mkdir "$work/seeds"
for name in payment phrases; do
    "$ANNOUNCE" voice check "$work/$name" >/dev/null
    "$ANNOUNCE" voice export "$work/$name" -o "$work/seeds/$name" --sample-rate 8000 >/dev/null
done

python3 - "$work/seeds" <<'EOF'
import os, struct, sys

seeds = sys.argv[1]
pack = open(os.path.join(seeds, "payment"), "rb").read()

def write(name, data):
    with open(os.path.join(seeds, name), "wb") as out:
        out.write(data)

def changed(offset, data, keep=64):
    """The pack's first `keep` bytes after `offset` with `data` there."""
    return pack[:offset] + data + pack[offset + len(data):offset + keep]

write("empty", b"")
write("header", pack[:32])
write("truncated", pack[:len(pack) // 2])
write("bad-magic", changed(0, b"A"))
write("other-engine", changed(20, struct.pack("<I", struct.unpack_from("<I", pack, 20)[0] + 1)))
write("huge-count", changed(32, b"\xff\xff\xff\xff"))
# After the checksum: the voice id, the voice digest, the manifest, then the sample rate.
offset = 32
offset += 4 + struct.unpack_from("<I", pack, offset)[0]
offset += 8
offset += 4 + struct.unpack_from("<I", pack, offset)[0]
assert struct.unpack_from("<I", pack, offset)[0] == 8000
# The rate, 9 doubles and the frame multiple: what the reader checks together.
write("altered-rate", changed(offset, struct.pack("<I", 7), keep=4 + 9 * 8 + 4))
EOF

rm -rf "$OUT"
mkdir -p "$OUT"
cp "$work/seeds"/* "$OUT/"
ls -l "$OUT" | awk 'NR > 1 { printf "make-pack-seeds: %s %d bytes\n", $NF, $5 }'
