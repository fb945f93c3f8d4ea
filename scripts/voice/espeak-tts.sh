#!/usr/bin/env bash
# espeak-tts.sh - say one item of a voice script with espeak-ng, the way the
# bundled voices of announce are made: Mandarin from pinyin (the default voice)
# or Cantonese from Jyutping (ESPEAK_LANGUAGE=yue).
#
# Usage: scripts/voice/espeak-tts.sh ROMANISATION OUT.wav
#        scripts/voice/espeak-tts.sh --settings     (prints the settings, KEY=VALUE)
#   ROMANISATION  the item as pronounced, tone-numbered, syllables separated by
#           blanks; what `announce voice build --tts` substitutes:
#             Mandarin (default, ESPEAK_LANGUAGE unset or cmn): pinyin ("yi4 bai3"),
#               announce voice build ... --tts 'scripts/voice/espeak-tts.sh {pinyin} {out}'
#             Cantonese (ESPEAK_LANGUAGE=yue): Jyutping, tones 1-6 ("jat1 baak3"),
#               announce voice build ... --tts 'ESPEAK_LANGUAGE=yue scripts/voice/espeak-tts.sh {romanisation} {out}'
#   OUT     the WAV to write: 16000 Hz, mono, 16-bit PCM, untrimmed and not
#           levelled (the builder trims and levels with the engine's rule).
#   --settings prints the settings of the language ESPEAK_LANGUAGE selects:
#           language, voice, variant, rate, pitch, gap, amplitude, sampleRate,
#           and variantFile/variantPitch when the variant is one of ours.
#
# Exit codes: 64 usage (wrong arguments, unknown ESPEAK_LANGUAGE), 65 bad text
# (empty; for Cantonese, a syllable that is not lowercase ASCII letters plus
# one tone digit 1-6, or one espeak-ng has no phonemes for), 69 espeak-ng/sox
# or their data missing, 70 espeak-ng wrote nothing, 73 OUT cannot be written.
#
# The settings below are the ones the bundled voices use; Clips/README.md
# ("Measurements") says how the Mandarin ones were chosen,
# scripts/voice/measurements.md ("Cantonese") the Cantonese ones. For experiments each can be
# overridden from the environment (ESPEAK_VOICE, ESPEAK_VARIANT, ESPEAK_RATE,
# ESPEAK_PITCH, ESPEAK_GAP, ESPEAK_AMPLITUDE); make-voice.sh records the values it used.
#
# Mandarin: pinyin, not characters: the Mandarin dictionary in Debian's espeak-ng-data
# lacks most characters and reads 一百 through its English fallback, while the
# cmn-latn-pinyin voice reads every tone-numbered syllable.
#
# Cantonese: each Jyutping syllable is turned into espeak-ng's own Cantonese
# phoneme mnemonics (jat1 -> j'a1t, ling4 -> l'ing4, ng5 -> 'ng5) and spoken as
# phoneme input ([[...]]) by the yue voice: the sound espeak-ng's dictionary
# gives the characters (byte-identical where the readings agree), with the
# reading the voice script asks for. The stock yue-Latn-jyutping letter rules
# are not used: they drop the tone of a syllabic ng (ng5 is spoken toneless)
# and split a final ng off its tone (ling4 -> l'i4N). Every syllable's mnemonic
# is checked by reading it back through espeak-ng (-x); one it does not know
# is refused (65) rather than spoken wrongly.
#
# The variant (pitch range, formants) is a file in scripts/voice/espeak-variants/;
# espeak-ng only looks for variants inside its data folder, so the script lays
# out a private data folder in a temporary directory (symbolic links to the
# installed data plus the variant) and points espeak-ng at it with --path:
# nothing is installed, and no root is needed.
#
# Deterministic: the same input and the same espeak-ng/SoX versions give the
# same bytes (espeak-ng's noise sources are seeded identically in each process;
# SoX runs without dither).
set -euo pipefail

LANGUAGE="${ESPEAK_LANGUAGE:-cmn}"
case "$LANGUAGE" in
    cmn)
        VOICE="${ESPEAK_VOICE:-cmn-latn-pinyin}"
        VARIANT="${ESPEAK_VARIANT-announce-m}"   # file in espeak-variants/, or a stock one (f2, m3, klatt3), or "" for none
        RATE="${ESPEAK_RATE:-210}"                # words per minute (espeak-ng -s); each syllable is a word
        PITCH="${ESPEAK_PITCH:-50}"               # espeak-ng -p, 0-99; 50 keeps the variant's pitch
        GAP="${ESPEAK_GAP:-0}"                    # espeak-ng -g, extra pause between words in 10 ms units
        AMPLITUDE="${ESPEAK_AMPLITUDE:-70}"       # espeak-ng -a, 0-200; at 100 the loudest items (er4) clip inside espeak-ng
        ;;
    yue)
        VOICE="${ESPEAK_VOICE:-yue}"              # spoken from phoneme input, see the header
        VARIANT="${ESPEAK_VARIANT-announce-yue-m}" # 75-270 Hz: the level tones 1/3/6 apart
        RATE="${ESPEAK_RATE:-200}"                # the longest summary fits the budget at 1.33x (measurements.md)
        PITCH="${ESPEAK_PITCH:-50}"
        GAP="${ESPEAK_GAP:-0}"
        AMPLITUDE="${ESPEAK_AMPLITUDE:-70}"       # at 100 some items reach full scale
        ;;
    *)
        echo "espeak-tts: unknown ESPEAK_LANGUAGE '$LANGUAGE' (cmn or yue)" >&2
        exit 64
        ;;
esac
SAMPLE_RATE=16000

here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -eq 1 ] && [ "$1" = --settings ]; then
    printf 'language=%s\n' "$LANGUAGE"
    printf 'voice=%s\nvariant=%s\nrate=%s\npitch=%s\ngap=%s\namplitude=%s\nsampleRate=%s\n' \
        "$VOICE" "$VARIANT" "$RATE" "$PITCH" "$GAP" "$AMPLITUDE" "$SAMPLE_RATE"
    if [ -n "$VARIANT" ] && [ -f "$here/espeak-variants/$VARIANT" ]; then
        printf 'variantFile=scripts/voice/espeak-variants/%s\n' "$VARIANT"
        printf 'variantPitch=%s\n' "$(sed -n 's/^pitch[[:space:]]\{1,\}//p' "$here/espeak-variants/$VARIANT" | head -n 1)"
    fi
    exit 0
fi
if [ "$#" -ne 2 ]; then
    echo "usage: espeak-tts.sh ROMANISATION OUT.wav" >&2
    exit 64
fi
text="$1"
out="$2"
if [ -z "${text//[[:space:]]/}" ]; then
    echo "espeak-tts: empty text" >&2
    exit 65
fi
LOWER=abcdefghijklmnopqrstuvwxyz   # spelled out: a range like [a-z] follows the locale's collation
if [ "$LANGUAGE" = yue ]; then
    read -r -d '' -a syllables <<< "$text" || true
    for syl in "${syllables[@]}"; do
        [[ "$syl" =~ ^[$LOWER]+[1-6]$ ]] || {
            echo "espeak-tts: '$syl' is not a Jyutping syllable (lowercase letters a-z and one tone digit 1-6)" >&2
            exit 65
        }
    done
fi
for tool in espeak-ng sox; do
    command -v "$tool" >/dev/null 2>&1 || { echo "espeak-tts: '$tool' not found (apt-get install espeak-ng sox)" >&2; exit 69; }
done

# yue_phonemes SYLLABLE: espeak-ng's Cantonese mnemonic for one Jyutping
# syllable, in the notation its dictionary uses (espeak-ng -x -v yue): the
# initial (ng written N), a stress mark, the final with the tone digit after the
# vowel or after a final ng, before a final p t k m n; a syllabic ng keeps its
# tone ('ng5; espeak-ng has no toned syllabic m, so m4 is refused).
yue_phonemes() {
    local syl="$1" tone body init="" final candidate
    tone="${syl: -1}"
    body="${syl%?}"
    if [ "$body" = ng ] || [ "$body" = m ]; then
        printf "'%s%s" "$body" "$tone"
        return
    fi
    for candidate in gw kw ng b p m f d t n l g k h z c s j w; do
        if [[ "$body" == "$candidate"[aeiouy]* ]]; then
            init="$candidate"
            break
        fi
    done
    final="${body#"$init"}"
    [ "$init" = ng ] && init=N
    case "$final" in
        *ng) printf "%s'%s%s" "$init" "$final" "$tone" ;;
        *[ptkmn]) printf "%s'%s%s%s" "$init" "${final%?}" "$tone" "${final: -1}" ;;
        *) printf "%s'%s%s" "$init" "$final" "$tone" ;;
    esac
}

speak="$text"
if [ "$LANGUAGE" = yue ]; then
    phonemes=()
    for syl in "${syllables[@]}"; do
        phonemes+=("$(yue_phonemes "$syl")")
    done
    # Read the mnemonics back: espeak-ng prints a phoneme it does not have
    # differently (s'xx1m -> sxxm, 'm4 -> m), so a mismatch names the syllable.
    for i in "${!syllables[@]}"; do
        if ! heard="$(LC_ALL=C.UTF-8 espeak-ng -q -x -v "$VOICE" "[[${phonemes[$i]}]]" 2>/dev/null | tr -d ' \n')"; then
            echo "espeak-tts: espeak-ng cannot speak with voice '$VOICE'" >&2
            exit 69
        fi
        if [ "$heard" != "${phonemes[$i]}_|" ]; then
            echo "espeak-tts: espeak-ng has no phonemes for Jyutping '${syllables[$i]}' (${phonemes[$i]} read back as '${heard%_|}')" >&2
            exit 65
        fi
    done
    speak="[[${phonemes[*]}]]"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/espeak-tts.XXXXXX")"
trap 'rm -rf "$work"' EXIT

voice="$VOICE"
path_opt=()
if [ -n "$VARIANT" ]; then
    voice="$VOICE+$VARIANT"
    if [ -f "$here/espeak-variants/$VARIANT" ]; then
        data="$(espeak-ng --version | sed -n 's/.*Data at: *//p')"
        [ -d "$data/voices/!v" ] || { echo "espeak-tts: espeak-ng data folder not found ('$data')" >&2; exit 69; }
        mkdir -p "$work/espeak-ng-data/voices/!v"
        for entry in "$data"/*; do
            [ "$(basename "$entry")" = voices ] || ln -s "$entry" "$work/espeak-ng-data/"
        done
        for entry in "$data"/voices/*; do
            [ "$(basename "$entry")" = '!v' ] || ln -s "$entry" "$work/espeak-ng-data/voices/"
        done
        cp "$here/espeak-variants/$VARIANT" "$work/espeak-ng-data/voices/!v/$VARIANT"
        path_opt=(--path="$work")
    fi
fi

# espeak-ng writes 22050 Hz 16-bit mono; -z: no sentence-final pause.
LC_ALL=C.UTF-8 espeak-ng "${path_opt[@]}" -v "$voice" -s "$RATE" -p "$PITCH" -g "$GAP" -a "$AMPLITUDE" -z \
    -w "$work/raw.wav" "$speak"
[ -s "$work/raw.wav" ] || { echo "espeak-tts: espeak-ng wrote nothing for '$text'" >&2; exit 70; }
# Resample (SoX's very-high-quality resampler, no dither) to a temporary file
# beside OUT, then rename, so a failed run leaves no half-written OUT.
tmp_out="$(dirname "$out")/.espeak-tts.$$.wav"
sox -D -V1 "$work/raw.wav" -t wav -e signed-integer -b 16 -c 1 -r "$SAMPLE_RATE" "$tmp_out" rate -v \
    || { rm -f "$tmp_out"; echo "espeak-tts: cannot write '$out'" >&2; exit 73; }
mv "$tmp_out" "$out"
