"""`speak SERVICE --check-markup`: whether the service says what the
markup forces, measured rather than assumed. A service that accepts the
phoneme markup and ignores it gives 一万 as yi1 wan4 and answers 200 all the
same; only the audio tells.

It has the service say minimal sets, one character forced to several tones
(through the same requests, cache and retries as a build), and measures each
clip with announce's own pitch tracker, `announce voice tones --json` (the
`announce` on the PATH, or ANNOUNCE), which takes the speaker's range from
all the clips together:

  Mandarin   一 forced to yi1, yi2 and yi4; 三 san1 and 五 wu3 (each said in
             its own tone, markup or not) give the range its top and bottom.
  Cantonese  三 forced to saam1, saam3 and saam6 (the level tones, told apart
             by height only); 五 ng5 and 唔 m4, the syllabic nasals (on Azure
             sent as text, zh-HK's phone set having no way to write them: the
             voice's own reading is measured).

Each forced clip is:
  followed                    the tracker confirms the tone forced, and no
                              clip of the same character forced to another
                              tone sounds the same;
  not followed (heard tone X) the tracker hears another tone;
  not followed (sounds the same as 一 yi1)
                              its contour is that of a clip forced to
                              another tone: the markup made no difference;
  could not tell              the tracker cannot judge it (too little voiced,
                              or the range too narrow).

Exit status: 0 every clip followed (and every text-sent one heard in its
tone); 78 the service did not follow the markup for at least one (do not
build a voice from it with this markup); 65 none disagreed but the tracker
could not tell for at least one (listen, or try another voice); 69 announce
cannot be run; the rest as for speak.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from ttscommon import DATA, UNAVAILABLE, Failure

NOT_FOLLOWED = 78
# Two clips whose tracked contours (the tracker's three letters of pitch
# height on its 1-5 scale) are all this close say the same tone: different
# tones differ by a whole letter or more.
SAME_CONTOUR = 0.3

CHECKS = {
    "mandarin": {"forced": [("一", "yi1"), ("一", "yi2"), ("一", "yi4")], "range": [("三", "san1"), ("五", "wu3")]},
    "cantonese": {"forced": [("三", "saam1"), ("三", "saam3"), ("三", "saam6"), ("五", "ng5"), ("唔", "m4")],
                  "range": []},
}


def announce():
    found = os.environ.get("ANNOUNCE") or shutil.which("announce")
    if not found or not os.access(found, os.X_OK):
        raise Failure(UNAVAILABLE, "--check-markup measures with `announce voice tones`: announce is not on the PATH "
                      "(or set ANNOUNCE to the binary)")
    return found


def measured(binary, language, clips):
    """`announce voice tones --json` over the clips: each clip's file entry."""
    command = [binary, "voice", "tones", "--language", language, "--json"] + [f"{path}={romanisation}"
                                                                              for path, romanisation in clips]
    result = subprocess.run(command, capture_output=True, text=True)
    try:
        report = json.loads(result.stdout)
        entries = report.get("clips", report.get("files"))
        by_file = {entry["file"]: entry for entry in entries}
        return [by_file[path] for path, _ in clips]
    except (ValueError, KeyError, TypeError, AttributeError):
        line = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[-1]
        raise Failure(UNAVAILABLE, f"announce voice tones did not measure the clips ({line})")


def contour(entry):
    letters = [value for syllable in entry.get("syllables", []) for value in (syllable.get("letters") or [])]
    return letters or None


def same(first, second):
    return first is not None and second is not None and len(first) == len(second) and \
        all(abs(a - b) <= SAME_CONTOUR for a, b in zip(first, second))


def heard(entry):
    return ", ".join(str(syllable.get("heard")) for syllable in entry.get("syllables", []) if syllable.get("heard"))


def judge(items, entries):
    """(state, words) for each forced item: state followed, not, or unclear."""
    judged = []
    for index, ((text, romanisation, _), entry) in enumerate(zip(items, entries)):
        twins = [f"{other} {forced}" for (other, forced, _), other_entry in zip(items, entries)
                 if other == text and forced != romanisation and same(contour(entry), contour(other_entry))]
        verdict = entry.get("verdict")
        if verdict == "disagrees":
            judged.append(("not", f"heard tone {heard(entry) or '?'}"))
        elif twins:
            judged.append(("not", f"sounds the same as {', '.join(twins)}"))
        elif verdict == "confirmed":
            judged.append(("followed", ""))
        else:
            judged.append(("unclear", ""))
    return judged


def check(options, speaker):
    binary = announce()
    plan = CHECKS[options.language]
    forced, reference = plan["forced"], plan["range"]
    label = f"{options.service} {options.voice} ({options.language.capitalize()})"
    folder = tempfile.mkdtemp(prefix="speak-check.")
    try:
        items, clips = [], []
        for number, (text, romanisation) in enumerate(forced + reference, start=1):
            audio, said = speaker.audio(text, romanisation)
            path = os.path.join(folder, f"{number}-{romanisation}.wav")
            with open(path, "wb") as handle:
                handle.write(audio)
            items.append((text, romanisation, bool(said)))
            clips.append((path, romanisation))
        entries = measured(binary, options.language, clips)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    judged = judge(items[:len(forced)], entries[:len(forced)])
    # Printed once every clip is in hand: the first request of an SDK service
    # may restart speak inside its virtual environment.
    print(f"the markup of {label}, measured by announce voice tones:")
    for (text, romanisation, as_text), (state, words) in zip(items, judged):
        if as_text:
            shown = {"followed": "sent as text, heard in its tone", "not": f"sent as text, not as {romanisation} ({words})",
                     "unclear": "sent as text, could not tell"}[state]
        else:
            shown = {"followed": "followed", "not": f"not followed ({words})", "unclear": "could not tell"}[state]
        print(f"  {text} {romanisation:<6} {shown}")
    for (text, romanisation, _), entry in zip(items[len(forced):], entries[len(forced):]):
        print(f"  {text} {romanisation:<6} for the range: {entry.get('verdict', '?')}")
    states = [state for state, _ in judged]
    wrong, unclear = states.count("not"), states.count("unclear")
    if wrong:
        print(f"{label} does not follow the markup ({wrong} of {len(states)} clips not as forced): "
              "do not build a voice from it (docs/VOICES.md)")
        sys.stdout.flush()
        sys.exit(NOT_FOLLOWED)
    if unclear:
        raise Failure(DATA, f"{options.service}: the tracker could not tell {unclear} of {len(states)} clips; "
                      "listen to them, or try another voice")
    print(f"{label} follows the markup ({len(states)} of {len(states)} clips as forced)")
