"""What scripts/push/test_push.py runs against: the stand-ins in the
background, announce's lines, and where each service carries announce's
fields. Standard library only.
"""

import atexit
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SEND = os.path.join(HERE, "send-through")
SEND_PUSH = os.path.join(ROOT, "scripts", "apns", "send-push")
LOOPBACK = os.path.join(HERE, "loopback-push")
LOOPBACK_APNS = os.path.join(ROOT, "scripts", "apns", "loopback-apns")
ANNOUNCE = os.environ.get("ANNOUNCE") or os.path.join(ROOT, ".build", "debug", "announce")
# The first run makes the virtual environments (a download from PyPI).
FIRST_RUN = 600
SERVICES = ["jpush", "aliyun", "getui", "tpns", "umeng"]
# A device identifier each service would accept (TPNS: at most 36 characters).
TARGET = "1a0018970a4c5b5e1e7"
# The services whose custom values are strings (docs/PUSH-SERVICES.md; Aliyun's
# help.aliyun.com/document_detail/50271, Umeng's iOS API).
STRING_VALUES = {"aliyun", "umeng"}
FIELDS = {"announce-at", "announce-id", "announce-message", "announce-sound-url"}

# Kept tokens go to a folder of the tests' own, never the user's cache.
TOKENS = tempfile.mkdtemp(prefix="announce-push-tokens-")
atexit.register(shutil.rmtree, TOKENS, True)

# The stand-ins are on this machine: no proxy of the environment sits between.
os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"


def batch_line(scratch, item='{"amount": "123.45", "id": "order-9", "at": 1767225600}'):
    """The line announce batch prints for `item`."""
    result = subprocess.run([ANNOUNCE, "batch", "--prefix", "alipay", "--sound-url-base", "https://sounds.example.com",
                             "--out", os.path.join(scratch, "srv")], input=item + "\n", capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result
    return result.stdout.strip()


def longest_line():
    """The longest push announce makes, as PushFieldsCommandTests.longestPayload builds it: a
    128-byte id of control characters (6 bytes each once escaped), the latest time, a 512-byte URL
    base, the longest message (40-character prefix, count 9999, a 64-character template, the
    largest amount read as currency) and its text."""
    template = "{prefix}{count}" + "笔" * 42 + "{amount}元"
    body = "收" * 40 + "九千九百九十九" + "笔" * 42 + "玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分" + "元"
    sound = "announce-999999999999.99-0123abcd.aiff"
    return json.dumps({
        "announce-at": 99_999_999_999,
        "announce-id": "\u0001" * 128,
        "announce-message": {"amount": "999999999999.99", "count": 9999, "leadYi": True, "liang": True,
                             "prefix": "收" * 40, "style": "currency", "template": template},
        "announce-sound-url": "https://" + "x" * 504 + "/" + sound,
        "aps": {"alert": {"body": body, "title": "收款通知"}, "mutable-content": 1, "sound": sound},
        "heldAps": {"alert": {"body": body, "title": "收款通知"}},
    }, ensure_ascii=False)


class StandIn:
    """scripts/push/loopback-push (or scripts/apns/loopback-apns) in the background."""

    def __init__(self, service, folder, requests=1, silent=False, target=TARGET, trickle=False):
        self.folder = folder
        self.arrival = os.path.join(folder, "arrival.json")
        command = [LOOPBACK, service, "--dir", folder, "--target", target, "--requests", str(requests),
                   "--seconds", "300", "--arrival-out", self.arrival] + (["--silent"] if silent else []) + \
            (["--trickle"] if trickle else [])
        os.makedirs(folder, exist_ok=True)
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.process.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), f"{service} stand-in did not start: {self.url!r}"
        self.keys = os.path.join(folder, "keys")

    def finish(self):
        """Waits for it to stop after its requests; its records."""
        self.process.wait(timeout=60)
        with open(os.path.join(self.folder, "requests.jsonl"), encoding="utf-8") as handle:
            return [json.loads(line) for line in handle]

    def arrived(self):
        with open(self.arrival, encoding="utf-8") as handle:
            return json.loads(handle.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()


def send(service, arguments, line=None, environment=None, tokens=TOKENS):
    return subprocess.run([SEND, service] + arguments + ["--token-cache", tokens], input=(line + "\n") if line is not None else "",
                          capture_output=True, text=True, timeout=FIRST_RUN, env=environment)


def announce_fields(service, arrival):
    """announce's fields where the phone finds them in `service`'s arrival."""
    if service == "getui":
        return json.loads(arrival["payload"])
    return {name: value for name, value in arrival.items() if name.startswith("announce-")}


def placed(service, request):
    """announce's fields where `service`'s request carries them."""
    body, query = request["request"], request["query"]
    if service == "jpush":
        return body["notification"]["ios"]["extras"]
    if service == "aliyun":
        return json.loads(query["iOSExtParameters"])
    if service == "getui":
        return json.loads(body["push_channel"]["ios"]["payload"])
    if service == "tpns":
        return json.loads(body["message"]["ios"]["custom_content"])
    return {name: value for name, value in body["payload"].items() if name != "aps"}


class LoopbackAPNs:
    """scripts/apns/loopback-apns for one push."""

    KEY_ID, TEAM_ID, TOPIC = "ABC123DEFG", "DEF123GHIJ", "com.example.merchant"

    def __init__(self, folder, device_token, requests=1):
        self.folder, self.device_token = folder, device_token
        self.process = subprocess.Popen(
            [LOOPBACK_APNS, "--dir", folder, "--key-id", self.KEY_ID, "--team-id", self.TEAM_ID, "--topic", self.TOPIC,
             "--device-token", device_token, "--requests", str(requests), "--seconds", "300",
             "--arrival-out", os.path.join(folder, "arrival.json")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.process.stdout.readline().strip()
        assert self.url.startswith("https://127.0.0.1:"), f"loopback-apns did not start: {self.url!r}"

    def finish(self):
        """Waits for it to stop after its requests; its records."""
        self.process.wait(timeout=60)
        with open(os.path.join(self.folder, "requests.jsonl"), encoding="utf-8") as handle:
            return [json.loads(line) for line in handle]

    @classmethod
    def offline_options(cls, scratch):
        """send-push's options for a stand-in that is not running (nothing
        is sent: the run stops at its input), tokens kept in `scratch`."""
        return ["--key", os.path.join(scratch, "AuthKey.p8"), "--key-id", cls.KEY_ID, "--team-id", cls.TEAM_ID,
                "--topic", cls.TOPIC, "--device-token", "5d1c" * 16, "--server", "https://127.0.0.1:9",
                "--token-cache", os.path.join(scratch, "tokens")]

    def options(self, tokens):
        """send-push's options for this stand-in."""
        return ["--key", os.path.join(self.folder, f"AuthKey_{self.KEY_ID}.p8"), "--key-id", self.KEY_ID,
                "--team-id", self.TEAM_ID, "--topic", self.TOPIC, "--device-token", self.device_token,
                "--server", self.url, "--cacert", os.path.join(self.folder, "server.pem"), "--token-cache", tokens]

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()


def documented_service(command):
    """The service of a documented send: send-through's first word, or apns."""
    words = command.split()
    return "apns" if words[0] == "scripts/apns/send-push" else words[1]


def documented_sends(path):
    """Each `$ scripts/push/send-through …` and `$ scripts/apns/send-push …`
    line of a document with the output lines under it (to a blank line or
    the next `$ `)."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    found = []
    for index, line in enumerate(lines):
        text = line.strip()
        if line.startswith("    ") and text.startswith(("$ scripts/push/send-through ", "$ scripts/apns/send-push ")):
            output = []
            for following in lines[index + 1:]:
                if not following.strip() or following.strip().startswith("$ "):
                    break
                output.append(following.strip())
            found.append((index + 1, text[2:], output))
    return found


def matches(documented, printed):
    """`…` in a documented line stands for any text."""
    pattern = "^" + ".*".join(re.escape(part) for part in documented.split("…")) + "$"
    return re.match(pattern, printed) is not None


KEY_NAMES = {
    "jpush": ["JPUSH_APP_KEY", "JPUSH_MASTER_SECRET"],
    "aliyun": ["ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "ALIYUN_PUSH_APP_KEY"],
    "getui": ["GETUI_APP_ID", "GETUI_APP_KEY", "GETUI_MASTER_SECRET"],
    "tpns": ["TPNS_ACCESS_ID", "TPNS_SECRET_KEY"],
    "umeng": ["UMENG_APP_KEY", "UMENG_MASTER_SECRET"],
}


def process_alive(pid, command=""):
    """Whether `pid` runs (a process ended but not yet reaped does not), with
    `command` in its command line."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            running = handle.read().rsplit(")", 1)[1].split()[0] != "Z"
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return running and command.encode() in handle.read()
    except OSError:
        return False


def wait_gone(pid, seconds=10):
    """Whether `pid` has stopped within `seconds`."""
    deadline = time.monotonic() + seconds
    while process_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def stop_background(folder):
    """Stops every stand-in started with --background under `folder` (its
    DIR/pid files) that still runs: a test's cleanup, whatever happened."""
    for place, _, files in os.walk(folder):
        if "pid" in files:
            try:
                with open(os.path.join(place, "pid")) as handle:
                    pid = int(handle.read())
            except (OSError, ValueError):
                continue
            # Only a stand-in of this folder (never a process that took the number since).
            if process_alive(pid, "loopback-") and process_alive(pid, folder):
                os.kill(pid, signal.SIGKILL)
                wait_gone(pid)
