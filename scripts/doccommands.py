"""The shell commands of docs/PUSH-SERVICES.md and docs/VOICES.md, and which
test runs each: scripts/push/test_push.py and scripts/tts/test_tts.py read
them here, and a test fails on a command no test runs that is not exempt
below for its reason. Standard library only.

A command is a line (with its `\\` continuations) of an indented code block
(4 spaces; inside a list item, more: the convention of
Tests/AnnounceCLITests/Examples/DocumentedExample.swift) or of a ``` fence
that may be shell (no info string, sh, bash, shell, console): in a block
with `$ ` lines, each of those; in a fence marked sh, bash or shell, every
line but a comment; in another block, each line whose first word is a
program or a shell word (below), so that messages, output and synopses
(`announce voice script [--style …]…`) are not commands.
"""

import os
import re
import signal
import time

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
DOCUMENTS = ["docs/PUSH-SERVICES.md", "docs/VOICES.md"]
SHELL_FENCES = {"", "sh", "bash", "shell", "console"}
PROGRAM = re.compile(r"^(announce|announce-\S+|scripts/\S+|\./\S+|\.build/\S+|curl|export|set|unset|kill|cat|tail|head|echo|"
                     r"printf|mv|cp|rm|ln|ls|cd|mkdir|find|grep|python3|pip|sh|bash|env|time|sudo|apt-get|make|swift|git|"
                     r"install|espeak-ng|sox|jq|\.|source|sleep|wait|for|while|if)(\s|$)|^[A-Za-z_]\w*=")
SYNOPSIS = re.compile(r"\s\[|\.\.\.")
COMMENT = re.compile(r"\s+#(\s.*)?$")

# Commands no test runs, each with why; a command starts with the text given.
EXEMPT = {
    ("docs/PUSH-SERVICES.md", "curl --http2"):
        "Apple's own host, with your provider token and a phone's device token: scripts/apns/send-push sends this "
        "request and its example is run against loopback-apns",
    ("docs/VOICES.md", "export AZURE_SPEECH_KEY="):
        "placeholders for your Azure keys: the test of the block sets the Azure stand-in's keys instead",
}


class Command:
    def __init__(self, document, line, text, block, prompted, output):
        self.document, self.line, self.text, self.block = document, line, text, block
        self.prompted, self.output = prompted, output

    def __eq__(self, other):
        return isinstance(other, Command) and (self.document, self.line) == (other.document, other.line)

    def __hash__(self):
        return hash((self.document, self.line))

    def __repr__(self):
        return f"{self.document}:{self.line}: {self.text}"


def blocks(document):
    """(number, fence info or None, [(line number, code)]) for each code block."""
    with open(os.path.join(ROOT, document), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    found, current, fence, indent, previous_blank = [], None, None, 4, True
    for index, line in enumerate(lines, start=1):
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith("```"):
                found.append((len(found) + 1, fence, current))
                fence, current = None, None
            else:
                current.append((index, line[min(fence_indent, len(line) - len(line.lstrip())):]))
            continue
        if stripped.startswith("```"):
            if current:
                found.append((len(found) + 1, None, current))
            current, fence, fence_indent = [], stripped[3:].strip().split(" ")[0], len(line) - len(line.lstrip())
            previous_blank = False
            continue
        blank = not stripped
        leading = len(line) - len(line.lstrip(" "))
        if not blank and current is None and previous_blank and leading >= 4:
            current, indent = [], leading
        if current is not None and not blank and leading >= indent:
            current.append((index, line[indent:]))
        elif current is not None and not blank:
            found.append((len(found) + 1, None, current))
            current = None
        previous_blank = blank
    if current:
        found.append((len(found) + 1, None, current))
    return found


def commands(document):
    """Every command of `document`, in order."""
    found = []
    for number, fence, code in blocks(document):
        if fence is not None and fence not in SHELL_FENCES:
            continue
        if any(text.startswith("$ ") for _, text in code):
            current = None
            for line, text in code:
                if text.startswith("$ "):
                    current = Command(document, line, text[2:], number, True, [])
                    found.append(current)
                elif current is not None:
                    current.output.append(text)
            for command in found:
                while command.block == number and command.output and not command.output[-1].strip():
                    command.output.pop()
            continue
        joined, start = "", None
        for line, text in code:
            start = start or line
            if text.rstrip().endswith("\\"):
                joined += text.strip()[:-1].rstrip() + " "
                continue
            joined = COMMENT.sub("", joined + text.strip())
            if fence in ("sh", "bash", "shell") and joined and not joined.startswith("#") or \
                    PROGRAM.match(joined) and not SYNOPSIS.search(joined):
                found.append(Command(document, start, joined, number, False, []))
            joined, start = "", None
    return found


def walkthroughs(document, stand_in):
    """The shell fences of `document` that start the stand-in `stand_in`
    (scripts/push/loopback-push, …; its output may be kept, `x=$(…)`): (the
    block's commands, its text as a shell runs it)."""
    found = []
    for number, fence, code in blocks(document):
        if fence is None or fence not in SHELL_FENCES:
            continue
        listed = [command for command in commands(document) if command.block == number]
        if any(re.search(r"(^|\$\()" + re.escape(stand_in) + " ", command.text) for command in listed):
            found.append((listed, "\n".join(text for _, text in code) + "\n"))
    return found


def keys_block():
    """docs/VOICES.md's block from the keys to a checked voice and its pack:
    its commands, the export of the keys first."""
    listed = commands("docs/VOICES.md")
    first = next(command for command in listed if command.text.startswith("export AZURE_SPEECH_KEY="))
    return [command for command in listed if command.block == first.block]


def recordings_block():
    """docs/VOICES.md's block from the script to a voice built from a
    speaker's recordings (take1.wav, take2.flac) and rendered with."""
    listed = commands("docs/VOICES.md")
    build = next(command for command in listed if " take1.wav take2.flac " in command.text)
    return [command for command in listed if command.block == build.block]


def runner(command):
    """The test that runs `command`, or why none does; None when neither."""
    text = command.text
    for (document, start), reason in EXEMPT.items():
        if command.document == document and text.startswith(start):
            return "exempt: " + reason
    if command.prompted and (text == "announce" or text.startswith("announce ")):
        return "swift test: DocumentationExampleTests"
    if command.prompted and text.startswith(("scripts/push/send-through ", "scripts/apns/send-push ")):
        return "scripts/push/test_push.py: DocumentedSendTests"
    if command.prompted:
        return None
    for stand_in, test in (("scripts/push/loopback-push", "scripts/push/test_push.py: WalkthroughTests"),
                           ("scripts/apns/loopback-apns", "scripts/push/test_push.py: WalkthroughTests"),
                           ("scripts/tts/loopback-tts", "scripts/tts/test_tts.py: WalkthroughTests")):
        if any(command in listed for listed, _ in walkthroughs(command.document, stand_in)):
            return test
    if command.document == "docs/VOICES.md" and command in keys_block():
        return "scripts/tts/test_tts.py: test_documented_commands"
    if command.document == "docs/VOICES.md" and command in recordings_block():
        return "scripts/tts/test_tts.py: test_voice_commands"
    if (command.document, text) in RUN_ELSEWHERE:
        return RUN_ELSEWHERE[(command.document, text)]
    return None


def standins_under(folder):
    """The process ids of the stand-ins running with `folder` in their
    command line (a walkthrough's `--dir "$dir"`, `$dir` made in it)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                words = handle.read().decode("utf-8", "replace").split("\0")
            with open(f"/proc/{name}/stat", encoding="utf-8") as handle:
                state = handle.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and any("/loopback-" in word for word in words) and any(word.startswith(folder) for word in words):
            found.append(int(name))
    return found


def stop_standins(folder, seconds=5):
    """Waits up to `seconds` for the stand-ins under `folder` to stop, then
    kills those left; returns the ids of those it had to kill."""
    deadline = time.monotonic() + seconds
    while standins_under(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = standins_under(folder)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return left


# Single commands a test runs as written, by their whole text.
RUN_ELSEWHERE = {
    ("docs/PUSH-SERVICES.md", "announce check-push --pack default.announcepack --service getui --now 1767225630 getui-push.json"):
        "scripts/push/test_push.py: CheckPushDocTests",
    ("docs/VOICES.md", "announce voice build --script script.json --out voices/espeak --id espeak "
                       "--tts 'espeak-ng -v cmn-latn-pinyin -s 210 -w {out} {pinyin}'"):
        "scripts/tts/test_tts.py: test_voice_commands",
}


if __name__ == "__main__":
    for name in DOCUMENTS:
        for entry in commands(name):
            print(f"{entry}\n    -> {runner(entry)}")
