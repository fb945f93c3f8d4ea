#!/usr/bin/env python3
"""Tests of scripts/push: send-through against loopback-push, for each
service, on 127.0.0.1 only; scripts/prepare-tools; the stand-ins'
--background; docs/PUSH-SERVICES.md's commands and walkthroughs run as
written, and every command of it and docs/VOICES.md run by some test or
exempt for its reason (scripts/doccommands.py). `make test` runs them after
`swift test` (they use the debug build's announce for real lines); without
scripts/prepare-tools run before, the first run makes the environments from
PyPI. Standard library only.

  python3 scripts/push/test_push.py [-k PATTERN]
"""

import atexit
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from pushtests import (ANNOUNCE, FIELDS, FIRST_RUN, KEY_NAMES, LOOPBACK, LOOPBACK_APNS, ROOT, SEND, SEND_PUSH, SERVICES,
                       STRING_VALUES, TARGET, LoopbackAPNs, StandIn, announce_fields, batch_line, documented_sends,
                       documented_service, longest_line, matches, placed, process_alive, send, stop_background, wait_gone)

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import doccommands  # noqa: E402


_PACK = []


def device_pack():
    """The bundled voice's device pack, exported once per run."""
    if not _PACK:
        folder = tempfile.mkdtemp(prefix="announce-push-pack-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "default.announcepack")
        result = subprocess.run([ANNOUNCE, "voice", "export", "-o", path], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result
        _PACK.append(path)
    return _PACK[0]


class OptionTests(unittest.TestCase):
    def test_badOptionsExit64InOneLine(self):
        for arguments in ([], ["fcm", "--target", TARGET], ["jpush"], ["jpush", "--target", "a b"], ["jpush", "--target", TARGET, "--max-age", "0"]):
            with self.subTest(arguments=arguments):
                result = send(arguments[0] if arguments else "", arguments[1:]) if arguments else \
                    subprocess.run([SEND], capture_output=True, text=True, timeout=FIRST_RUN)
                self.assertEqual(result.returncode, 64, result)
                self.assertEqual(len(result.stderr.splitlines()), 1, result)

    def test_aLineThatIsNoPushIsRefusedBeforeAnythingIsSent(self):
        for line, message in [("not json", "the line is not JSON"),
                              ('{"amount":"-5","line":2,"error":"not an amount: -5"}', "the line is a failed item"),
                              ('{"amount":"1"}', "the line has no aps object")]:
            with self.subTest(line=line):
                result = send("jpush", ["--target", TARGET, "--endpoint", "http://127.0.0.1:9"], line)
                self.assertEqual(result.returncode, 65, result)
                self.assertTrue(result.stderr.startswith("send-through: " + message), result)


class PushServiceTests(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-")
        self.standins = []

    def tearDown(self):
        for standin in self.standins:
            standin.stop()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def standin(self, service, **options):
        standin = StandIn(service, os.path.join(self.scratch, service + str(len(self.standins))), **options)
        self.standins.append(standin)
        return standin

    def assertOneLine(self, text):
        self.assertEqual(len(text.splitlines()), 1, text)

    # One test of each kind per service, made below.
    def sends(self, service):
        line = batch_line(self.scratch)
        printed = json.loads(line)
        standin = self.standin(service, requests=2 if service == "getui" else 1)
        result = send(service, ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url, "--max-age", "300"], line)
        self.assertEqual(result.returncode, 0, result)
        self.assertTrue(result.stdout.startswith(f"sent: {service} "), result)
        self.assertOneLine(result.stdout)
        request = standin.finish()[-1]
        self.assertEqual(request["status"], 200, request)
        expected = {name: printed[name] for name in FIELDS}
        if service in STRING_VALUES:
            expected = {name: value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                                                                               sort_keys=True)
                        for name, value in expected.items()}
        self.assertEqual(placed(service, request), expected)
        arrival = standin.arrived()
        self.assertEqual(announce_fields(service, arrival), expected)
        self.assertEqual(arrival["aps"]["alert"], printed["aps"]["alert"])
        self.assertEqual(arrival["aps"]["sound"], printed["sound"])
        self.assertEqual(arrival["aps"].get("mutable-content"), 1, arrival)
        # What the phone makes of it: the extension's own decisions
        # (announce check-push) say this payment from the bundled pack.
        with open(standin.arrival, "rb") as handle:
            arrived_bytes = handle.read()
        checked = subprocess.run([ANNOUNCE, "check-push", "--pack", device_pack(), "--now", "1767225630", "--service", service,
                                  "--json", "-"], input=arrived_bytes, capture_output=True, timeout=120)
        self.assertEqual(checked.returncode, 0, checked)
        decision = json.loads(checked.stdout)
        self.assertEqual((decision["route"], decision["sound"], decision["says"]),
                         ("rendered", printed["sound"], printed["aps"]["alert"]["body"]), decision)
        # Aliyun adds no key PushService tells it by: it reads as APNs's shape.
        self.assertEqual(decision["service"], "apns" if service == "aliyun" else service, decision)
        # The keys each service adds beside announce's (see standins.py); Aliyun documents none for iOS.
        added = {"jpush": "_j_msgid", "getui": "_gmid_", "tpns": "xg", "umeng": "d"}
        if service == "aliyun":
            self.assertEqual(set(arrival), {"aps"} | FIELDS, arrival)
        else:
            self.assertIn(added[service], arrival)
        # The expiry, and the collapse id where the service has one.
        body, query = request["request"], request["query"]
        if service == "jpush":
            self.assertEqual(body["options"]["time_to_live"], 300)
            self.assertEqual(body["options"]["apns_collapse_id"], "order-9")
            # Neither --production nor JPUSH_APNS_PRODUCTION: development, said outright.
            self.assertIs(body["options"]["apns_production"], False)
        elif service == "aliyun":
            self.assertEqual(query["iOSNotificationCollapseId"], "order-9")
            self.assertEqual(query["iOSMusic"], printed["sound"])
        elif service == "getui":
            self.assertEqual(body["settings"]["ttl"], 300_000)
            self.assertEqual(body["push_channel"]["ios"]["apns-collapse-id"], "order-9")
            # APNs first even when the app is online, so that the extension runs.
            self.assertEqual(body["settings"]["strategy"], {"ios": 4})
        elif service == "tpns":
            self.assertEqual(body["expire_time"], 300)
            # APNs first even when the app is online, so that the extension runs.
            self.assertEqual(body["tpns_online_push_type"], 1)
        elif service == "umeng":
            self.assertEqual(body["policy"]["apns_collapse_id"], "order-9")
        # No request ever carries a key in a recorded field.
        with open(standin.keys, encoding="utf-8") as handle:
            secrets = [entry.split("=", 1)[1].strip() for entry in handle if "SECRET" in entry]
        self.assertFalse([secret for secret in secrets if secret in json.dumps(request) + result.stdout + result.stderr])

    def sendsAHeldPayment(self, service):
        line = batch_line(self.scratch)
        standin = self.standin(service, requests=2 if service == "getui" else 1)
        result = send(service, ["--held", "--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], line)
        self.assertEqual(result.returncode, 0, result)
        arrival = standin.arrived()
        self.assertEqual(set(announce_fields(service, arrival)), {"announce-at", "announce-id"})
        self.assertNotIn("sound", arrival["aps"], "a held payment is silent")
        if service == "getui":
            # Getui's documented silent sound in the request; it arrives as no sound (above).
            request = standin.finish()[-1]["request"]
            self.assertEqual(request["push_channel"]["ios"]["aps"]["sound"], "com.gexin.ios.silence")

    def rejectedKeysAreOneLine(self, service):
        standin = self.standin(service)
        with open(standin.keys, encoding="utf-8") as handle:
            keys = dict(entry.strip().split("=", 1) for entry in handle if "=" in entry)
        secret = next(name for name in keys if "SECRET" in name)
        keys[secret] = keys[secret][::-1] + "x"
        wrong = os.path.join(self.scratch, "wrong.keys")
        with open(wrong, "w", encoding="utf-8") as handle:
            handle.writelines(f"{name}={value}\n" for name, value in keys.items())
        result = send(service, ["--target", TARGET, "--keys", wrong, "--endpoint", standin.url], batch_line(self.scratch))
        self.assertEqual(result.returncode, 77, result)
        self.assertEqual(result.stdout, "")
        self.assertOneLine(result.stderr.replace("send-through: making scripts/push/.venv from requirements.txt (once)\n", ""))
        self.assertNotIn(keys[secret], result.stderr)

    def missingKeysAreOneLine(self, service):
        environment = {name: value for name, value in os.environ.items() if not name.startswith(
            ("JPUSH_", "ALIBABA_CLOUD_", "ALIYUN_", "GETUI_", "TPNS_", "UMENG_"))}
        result = send(service, ["--target", TARGET, "--endpoint", "http://127.0.0.1:9"], batch_line(self.scratch), environment)
        self.assertEqual(result.returncode, 77, result)
        self.assertRegex(result.stderr, r"^send-through: the key [A-Z_]+ is missing \(in --keys FILE or the environment\)\n$")

    def anErrorAnswerIsOneLine(self, service):
        # A phone the service does not know: its own error answer.
        standin = self.standin(service, target="another-phone", requests=2 if service == "getui" else 1)
        result = send(service, ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], batch_line(self.scratch))
        self.assertEqual(result.returncode, 1, result)
        self.assertTrue(result.stdout.startswith("refused: "), result)
        self.assertOneLine(result.stdout)

    def aPushTooLargeIsRefused(self, service):
        line = json.loads(batch_line(self.scratch))
        line["announce-message"]["prefix"] = "收" * 1400
        standin = self.standin(service, requests=2 if service == "getui" else 1)
        result = send(service, ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url],
                      json.dumps(line, ensure_ascii=False))
        self.assertFalse(os.path.exists(standin.arrival))
        if service == "umeng":
            # Over the 2012 bytes Umeng takes for iOS: refused before any request, naming both sizes.
            self.assertEqual(result.returncode, 65, result)
            self.assertRegex(self.withoutFirstRun(result.stderr), r"^send-through: the Umeng payload is \d+ bytes; Umeng takes at most 2012 bytes for iOS\n$")
            self.assertEqual(self.requestsMade(standin), 0)
            return
        self.assertEqual(result.returncode, 1, result)
        self.assertOneLine(result.stdout)

    @staticmethod
    def withoutFirstRun(stderr):
        """stderr without the note of the first run making the virtual environment."""
        return stderr.replace("send-through: making scripts/push/.venv from requirements.txt (once)\n", "")

    def requestsMade(self, standin):
        with open(os.path.join(standin.folder, "requests.jsonl"), encoding="utf-8") as handle:
            return len(handle.read().splitlines())

    def aPushWithoutAnnouncesFieldsIsCaught(self, service):
        # A plain push (no announce-id where the phone reads it): the stand-in's own 422.
        line = json.dumps({"aps": {"alert": {"title": "收款通知", "body": "到账一元"}, "sound": "pay.caf"}}, ensure_ascii=False)
        standin = self.standin(service, requests=2 if service == "getui" else 1)
        result = send(service, ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], line)
        self.assertEqual(result.returncode, 1, result)
        self.assertTrue(result.stdout.startswith("refused: "), result)
        self.assertEqual(standin.finish()[-1]["status"], 422)

    def theLongestPushFits(self, service):
        for held in (False, True):
            standin = self.standin(service, requests=2 if service == "getui" else 1)
            result = send(service, ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url]
                          + (["--held"] if held else []), longest_line())
            if service == "umeng" and not held:
                # Through Umeng the longest push does not fit: its payload (announce's fields as
                # strings beside aps) is 2292 bytes, over the 2012 Umeng takes for iOS. Refused
                # before any request; the held push (no message, no sound URL) fits.
                self.assertEqual(result.returncode, 65, result)
                self.assertEqual(self.withoutFirstRun(result.stderr), "send-through: the Umeng payload is 2292 bytes; "
                                                "Umeng takes at most 2012 bytes for iOS\n")
                self.assertEqual(self.requestsMade(standin), 0)
                continue
            self.assertEqual(result.returncode, 0, result)
            with open(standin.arrival, "rb") as handle:
                size = len(handle.read().strip())
            self.assertLessEqual(size, 4096, f"{service} held={held}: {size} bytes")
            self.assertEqual(announce_fields(service, standin.arrived())["announce-id"], "\u0001" * 128)

    def assertTimesOutInOneLine(self, service, **standin_options):
        standin = self.standin(service, **standin_options)
        result = send(service, ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url, "--timeout", "1"],
                      batch_line(self.scratch))
        self.assertEqual(result.returncode, 75, result)
        self.assertTrue(result.stderr.endswith(" within the time limit\n"), result)

    def noAnswerInTimeIsOneLine(self, service):
        self.assertTimesOutInOneLine(service, silent=True)

    def anAnswerThatNeverEndsIsOneLine(self, service):
        # A byte every half second: each wait for a byte is short, the answer endless.
        self.assertTimesOutInOneLine(service, trickle=True)

    def anUnreachableServiceIsOneLine(self, service):
        with open(os.path.join(self.scratch, "keys"), "w", encoding="utf-8") as handle:
            handle.writelines(f"{name}=12345\n" for name in KEY_NAMES[service])
        result = send(service, ["--target", TARGET, "--keys", os.path.join(self.scratch, "keys"),
                                "--endpoint", "http://127.0.0.1:9"], batch_line(self.scratch))
        self.assertEqual(result.returncode, 69, result)
        self.assertTrue(result.stderr.startswith("send-through: cannot reach "), result)


class GetuiTokenTests(unittest.TestCase):
    """Getui limits its auth calls: the token is kept and reused, and a kept
    token Getui refuses is replaced once."""

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-getui-")
        self.addCleanup(shutil.rmtree, self.scratch, True)
        self.tokens = os.path.join(self.scratch, "tokens")

    def test_pushesInARowShareOneToken(self):
        standin = StandIn("getui", os.path.join(self.scratch, "getui"), requests=4)
        self.addCleanup(standin.stop)
        line = batch_line(self.scratch)
        for _ in range(3):
            result = send("getui", ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], line,
                          tokens=self.tokens)
            self.assertEqual(result.returncode, 0, result)
        records = standin.finish()
        self.assertEqual([record["path"].rsplit("/", 1)[-1] for record in records], ["auth", "cid", "cid", "cid"])
        kept = [name for name in os.listdir(self.tokens) if name.endswith(".json")]
        self.assertEqual(len(kept), 1, kept)
        self.assertEqual(os.stat(os.path.join(self.tokens, kept[0])).st_mode & 0o777, 0o600)
        self.assertEqual(os.stat(self.tokens).st_mode & 0o777, 0o700)

    def test_aKeptTokenGetuiRefusesIsReplacedOnce(self):
        standin = StandIn("getui", os.path.join(self.scratch, "getui"), requests=3)
        self.addCleanup(standin.stop)
        with open(standin.keys, encoding="utf-8") as handle:
            keys = dict(entry.strip().split("=", 1) for entry in handle if "=" in entry)
        base = standin.url + "/v2/" + keys["GETUI_APP_ID"]
        fingerprint = hashlib.sha256("\n".join([base, keys["GETUI_APP_KEY"], keys["GETUI_MASTER_SECRET"]]).encode()).hexdigest()
        os.makedirs(self.tokens, mode=0o700)
        path = os.path.join(self.tokens, f"getui-token-{fingerprint[:32]}.json")
        with open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as handle:
            json.dump({"fingerprint": fingerprint, "token": "no-longer-valid", "until": time.time() + 3600}, handle)
        result = send("getui", ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], batch_line(self.scratch),
                      tokens=self.tokens)
        self.assertEqual(result.returncode, 0, result)
        records = standin.finish()
        self.assertEqual([(record["path"].rsplit("/", 1)[-1], record["answer"]["code"]) for record in records],
                         [("cid", 10001), ("auth", 0), ("cid", 0)])


class ChannelAndEnvironmentTests(unittest.TestCase):
    """What each service documents for a payment that must sound: JPush's APNs environment from
    JPUSH_APNS_PRODUCTION, and what Getui does with its default strategy while the app is open."""

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-channel-")
        self.addCleanup(shutil.rmtree, self.scratch, True)

    def environment(self, production=None):
        environment = {name: value for name, value in os.environ.items() if name != "JPUSH_APNS_PRODUCTION"}
        if production is not None:
            environment["JPUSH_APNS_PRODUCTION"] = production
        return environment

    def test_jpushTakesItsAPNsEnvironmentFromJPUSH_APNS_PRODUCTION(self):
        line = batch_line(self.scratch)
        cases = [([], None, None, False), ([], "true", None, True), ([], "false", None, False), ([], None, "true", True),
                 (["--production"], None, None, True), (["--production"], "true", None, True)]
        for number, (flags, in_environment, in_file, expected) in enumerate(cases):
            with self.subTest(flags=flags, environment=in_environment, file=in_file):
                standin = StandIn("jpush", os.path.join(self.scratch, f"jpush{number}"))
                self.addCleanup(standin.stop)
                if in_file is not None:
                    with open(standin.keys, "a", encoding="utf-8") as handle:
                        handle.write(f"JPUSH_APNS_PRODUCTION={in_file}\n")
                result = send("jpush", flags + ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], line,
                              self.environment(in_environment))
                self.assertEqual(result.returncode, 0, result)
                self.assertIs(standin.finish()[-1]["request"]["options"]["apns_production"], expected)

    def test_aJPushEnvironmentThatIsNotTrueOrFalseIsOneLine(self):
        keys = os.path.join(self.scratch, "jpush.keys")
        with open(keys, "w", encoding="utf-8") as handle:
            handle.write("JPUSH_APP_KEY=0123456789abcdef01234567\nJPUSH_MASTER_SECRET=0123456789abcdef01234567\n")
        for flags, production, says in ([], "yes", "JPUSH_APNS_PRODUCTION must be true or false"),\
                (["--production"], "false", "--production and JPUSH_APNS_PRODUCTION=false disagree"):
            with self.subTest(production=production):
                result = send("jpush", flags + ["--target", TARGET, "--keys", keys, "--endpoint", "http://127.0.0.1:9"],
                              batch_line(self.scratch), self.environment(production))
                self.assertEqual(result.returncode, 64, result)
                self.assertIn(says, result.stderr)
                self.assertEqual(len(result.stderr.strip().splitlines()), 1, result)

    def test_getuisDefaultStrategyReachesAnOpenAppAsGTSDKHandsItOverAndIsSaid(self):
        """Without settings.strategy Getui sends an online phone its own channel: the stand-in's
        arrival is GTSDK's {"payload": …}, which the till, with the app open, says from the pack."""
        standin = StandIn("getui", os.path.join(self.scratch, "getui"), requests=2)
        self.addCleanup(standin.stop)
        with open(standin.keys, encoding="utf-8") as handle:
            keys = dict(entry.strip().split("=", 1) for entry in handle if "=" in entry)
        base = standin.url + "/v2/" + keys["GETUI_APP_ID"]
        timestamp = str(int(time.time() * 1000))
        sign = hashlib.sha256((keys["GETUI_APP_KEY"] + timestamp + keys["GETUI_MASTER_SECRET"]).encode()).hexdigest()

        def post(path, body, headers=None):
            request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                             headers={"content-type": "application/json", **(headers or {})})
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read())

        token = post("/auth", {"sign": sign, "timestamp": timestamp, "appkey": keys["GETUI_APP_KEY"]})["data"]["token"]
        printed = json.loads(batch_line(self.scratch))
        transmission = json.dumps({name: printed[name] for name in ("announce-at", "announce-id", "announce-message")},
                                  ensure_ascii=False, separators=(",", ":"))
        aps = {"alert": printed["aps"]["alert"], "sound": printed["sound"], "mutable-content": 1}
        answer = post("/push/single/cid", {
            "request_id": "announce-default-1", "settings": {"ttl": 120000}, "audience": {"cid": [TARGET]},
            "push_message": {"transmission": transmission},
            "push_channel": {"ios": {"type": "notify", "aps": aps, "payload": transmission}}}, {"token": token})
        self.assertEqual(answer["code"], 0, answer)
        arrival = standin.arrived()
        self.assertEqual(arrival, {"payload": transmission})
        taken = printed["announce-at"]
        day = os.path.join(self.scratch, "day.jsonl")
        with open(day, "w", encoding="utf-8") as handle:
            for event in ({"at": taken, "event": "app", "state": "active"}, {"at": taken, "event": "ringer", "silent": True},
                          {"at": taken + 1, "event": "push", "service": "getui", "channel": "vendor", "payload": arrival}):
                handle.write(json.dumps(event, ensure_ascii=False) + "\n")
        played = subprocess.run([ANNOUNCE, "till", "--pack", device_pack(), "--json", day], capture_output=True, text=True,
                                timeout=120)
        self.assertEqual(played.returncode, 0, played)
        heard = json.loads(played.stdout)
        self.assertEqual((heard["id"], heard["heard"], heard["times"]), ("order-9", "in-app", 1), heard)


class UmengStandInTests(unittest.TestCase):
    """What Umeng's stand-in answers a request send-through never makes: a payload over the 2012
    bytes Umeng takes for iOS (2022) and an apns_collapse_id that is not a string (1027)."""

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-umeng-")
        self.addCleanup(shutil.rmtree, self.scratch, True)

    def post(self, payload, policy):
        standin = StandIn("umeng", os.path.join(self.scratch, "umeng" + str(len(os.listdir(self.scratch)))))
        self.addCleanup(standin.stop)
        with open(standin.keys, encoding="utf-8") as handle:
            keys = dict(entry.strip().split("=", 1) for entry in handle if "=" in entry)
        body = json.dumps({"appkey": keys["UMENG_APP_KEY"], "timestamp": str(int(time.time())), "type": "unicast",
                           "device_tokens": TARGET, "payload": payload, "policy": policy, "production_mode": "false"},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        url = standin.url + "/api/send"
        sign = hashlib.md5(b"POST" + url.encode() + body + keys["UMENG_MASTER_SECRET"].encode()).hexdigest()
        request = urllib.request.Request(url + "?sign=" + sign, data=body, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.loads(error.read())

    def payload(self, size):
        payload = {"aps": {"alert": {"body": "到账一元"}, "mutable-content": 1}, "announce-id": "order-9", "pad": ""}
        payload["pad"] = "x" * (size - len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")))
        return payload

    def test_aPayloadOver2012BytesIsUmengs2022(self):
        expiry = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(time.time() + 300))
        status, answer = self.post(self.payload(2013), {"expire_time": expiry})
        self.assertEqual((status, answer["ret"], answer["data"]["error_code"]), (400, "FAIL", "2022"), answer)
        status, answer = self.post(self.payload(2012), {"expire_time": expiry})
        self.assertEqual((status, answer["ret"]), (200, "SUCCESS"), answer)

    def test_aCollapseIdThatIsNoStringIsRefused(self):
        expiry = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(time.time() + 300))
        for collapse in (9, "x" * 65):
            with self.subTest(collapse=collapse):
                status, answer = self.post(self.payload(200), {"expire_time": expiry, "apns_collapse_id": collapse})
                self.assertEqual((status, answer["data"]["error_code"]), (400, "1027"), answer)


class APNsRouteTests(unittest.TestCase):
    # Enough runs at once that, unlocked, some would sign tokens of their own.
    RUNS = 8

    def test_aBurstOfRunsSharesOneNewProviderToken(self):
        """Runs started together with no kept token make one token, not one
        each (APNs would answer the others 429 TooManyProviderTokenUpdates)."""
        scratch = tempfile.mkdtemp(prefix="announce-push-apns-")
        self.addCleanup(shutil.rmtree, scratch, True)
        standin = LoopbackAPNs(os.path.join(scratch, "apns"), "5d1c" * 16, requests=self.RUNS)
        self.addCleanup(standin.stop)
        line = batch_line(scratch) + "\n"
        runs = [subprocess.Popen([SEND, "apns"] + standin.options(os.path.join(scratch, "tokens")), stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(self.RUNS)]
        # All wait on their standard input, past their start-up; then all go at once.
        time.sleep(3)
        for run in runs:
            run.stdin.write(line)
            run.stdin.close()
        results = [(run.stdout.read(), run.stderr.read()) for run in runs]
        for run in runs:
            run.wait(timeout=FIRST_RUN)
            run.stdout.close()
            run.stderr.close()
        self.assertEqual([run.returncode for run in runs], [0] * self.RUNS, results)
        records = standin.finish()
        self.assertEqual(sorted(record["status"] for record in records), [200] * self.RUNS, records)
        self.assertEqual(max(record["tokens"] for record in records), 1)

    def test_sendThroughAPNsRunsSendPush(self):
        scratch = tempfile.mkdtemp(prefix="announce-push-apns-")
        self.addCleanup(shutil.rmtree, scratch, True)
        standin = LoopbackAPNs(os.path.join(scratch, "apns"), "5d1c" * 16)
        self.addCleanup(standin.stop)
        result = send("apns", standin.options(os.path.join(scratch, "tokens")), batch_line(scratch))
        self.assertEqual(result.returncode, 0, result)
        self.assertTrue(result.stdout.startswith("sent: 200 apns-id "), result)
        printed = json.loads(batch_line(scratch))
        with open(os.path.join(scratch, "apns", "arrival.json"), encoding="utf-8") as handle:
            arrival = json.loads(handle.read())
        self.assertEqual({name: arrival[name] for name in FIELDS}, {name: printed[name] for name in FIELDS})
        self.assertEqual(arrival["aps"], printed["aps"])


class HostileFileTests(unittest.TestCase):
    """Keys files, signing keys and lines that are not plain files: one line
    and the documented status, at once, whatever the path names (decoys in a
    scratch folder only)."""

    # Long enough for a run once the virtual environments exist; a run that
    # waits on a pipe nobody writes to fails here instead of hanging.
    QUICK = 60

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-hostile-")
        self.addCleanup(shutil.rmtree, self.scratch, True)
        self.pipe = os.path.join(self.scratch, "pipe")
        os.mkfifo(self.pipe)
        self.folder = os.path.join(self.scratch, "folder")
        os.mkdir(self.folder)
        self.large = os.path.join(self.scratch, "large")
        with open(self.large, "w", encoding="utf-8") as handle:
            handle.write("# " + "x" * (1 << 17) + "\n")
        self.line = batch_line(self.scratch)
        # The virtual environments are made (once) before a run is timed.
        send("jpush", ["--target", TARGET, "--endpoint", "http://127.0.0.1:9"], "not json")

    def run_quickly(self, command, line):
        return subprocess.run(command, input=line + "\n", capture_output=True, text=True, timeout=self.QUICK)

    def assertRefused(self, result, status, phrase):
        self.assertEqual(result.returncode, status, result)
        self.assertEqual(result.stdout, "", result)
        self.assertEqual(len(result.stderr.splitlines()), 1, result)
        self.assertIn(phrase, result.stderr, result)

    def test_aKeysFileThatIsNoPlainFileIsOneLine(self):
        for path, phrase in [(self.pipe, "the key JPUSH_APP_KEY is missing"), (self.folder, "is a folder, not a file"),
                             (self.large, "is larger than 65536 bytes")]:
            with self.subTest(path=path):
                result = self.run_quickly([SEND, "jpush", "--target", TARGET, "--keys", path, "--endpoint", "http://127.0.0.1:9",
                                           "--token-cache", os.path.join(self.scratch, "tokens")], self.line)
                self.assertRefused(result, 77, phrase)

    def test_aKeyOfCharactersNoServiceIssuesIsOneLine(self):
        keys = os.path.join(self.scratch, "keys")
        for service in SERVICES:
            with open(keys, "w", encoding="utf-8") as handle:
                handle.writelines(f"{name}=密钥\n" for name in KEY_NAMES[service])
            with self.subTest(service=service):
                result = self.run_quickly([SEND, service, "--target", TARGET, "--keys", keys, "--endpoint", "http://127.0.0.1:9",
                                           "--token-cache", os.path.join(self.scratch, "tokens")], self.line)
                self.assertRefused(result, 77, "is not printable ASCII")
                self.assertNotIn("密钥", result.stderr)

    def test_aLineFileThatIsNoPlainFileIsOneLine(self):
        for service in ("jpush", "apns"):
            for path, phrase in [(self.pipe, "expected one JSON line, got 0"), (self.folder, "is a folder, not a file")]:
                with self.subTest(service=service, path=path):
                    result = self.run_quickly([SEND, service, path, "--target", TARGET] if service == "jpush" else
                                              [SEND, service, path] + LoopbackAPNs.offline_options(self.scratch), "")
                    self.assertRefused(result, 65, phrase)

    def test_aSigningKeyThatIsNoPlainFileIsOneLine(self):
        for path, phrase in [(self.pipe, "cannot sign with"), (self.folder, "is a folder, not a file"),
                             (self.large, "is larger than 65536 bytes")]:
            with self.subTest(path=path):
                options = LoopbackAPNs.offline_options(self.scratch)
                options[options.index("--key") + 1] = path
                result = self.run_quickly([SEND, "apns"] + options, self.line)
                self.assertRefused(result, 64, phrase)
                self.assertIn(path, result.stderr)


class PrepareToolsTests(unittest.TestCase):
    """scripts/prepare-tools makes every virtual environment the scripts run
    inside, ahead, beside the scripts wherever they are (a copy installed
    elsewhere, reached through a symbolic link), in bootstrap's one way."""

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-tools-")
        self.addCleanup(shutil.rmtree, self.scratch, True)

    def test_itListsEveryEnvironmentAScriptRunsInside(self):
        calls = set()
        for folder in ("apns", "push", "tts"):
            for name in sorted(os.listdir(os.path.join(ROOT, "scripts", folder))):
                path = os.path.join(ROOT, "scripts", folder, name)
                if name == "bootstrap.py" or name.startswith("test_") or not os.path.isfile(path):
                    continue
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
                found = list(re.finditer(r'run_inside\((__file__|os\.path\.join\(HERE, "([\w-]+)"\)), "([^"]+)", "([^"]+)"'
                                         r'(?:, sources=\(([^)]*)\))?\)', text))
                # Every call is one this reads.
                self.assertEqual(len(found), len(re.findall(r"\brun_inside\(", text)), path)
                for match in found:
                    sources = tuple(re.findall(r'"([^"]+)"', match.group(5) or ""))
                    calls.add((folder, match.group(2) or name, match.group(3), match.group(4), sources))
        path = os.path.join(ROOT, "scripts", "prepare-tools")
        spec = importlib.util.spec_from_file_location("prepare_tools", path,
                                                      loader=importlib.machinery.SourceFileLoader("prepare_tools", path))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.assertEqual(sorted(module.TOOLS), sorted(calls))

    def copy(self):
        """The scripts as `make install` lays them out, each requirements
        file emptied (a virtual environment without packages is made in
        seconds, offline), and prepare-tools linked from a bin folder."""
        share = os.path.join(self.scratch, "share", "announce", "scripts")
        for folder in ("apns", "push", "tts"):
            shutil.copytree(os.path.join(ROOT, "scripts", folder), os.path.join(share, folder),
                            ignore=shutil.ignore_patterns(".venv*", "__pycache__", "test_*"))
        shutil.copy2(os.path.join(ROOT, "scripts", "prepare-tools"), share)
        for folder, name in (("apns", "requirements.txt"), ("apns", "requirements-loopback.txt"), ("push", "requirements.txt"),
                             ("tts", "requirements.txt")):
            with open(os.path.join(share, folder, name), "w", encoding="utf-8") as handle:
                handle.write("# nothing: a test\n")
        os.mkdir(os.path.join(self.scratch, "bin"))
        link = os.path.join(self.scratch, "bin", "prepare-tools")
        os.symlink(os.path.join(share, "prepare-tools"), link)
        return share, link

    def test_aCopyElsewhereGetsItsEnvironmentsThroughALink(self):
        share, link = self.copy()
        made = subprocess.run([link], capture_output=True, text=True, timeout=FIRST_RUN, cwd=self.scratch)
        shown = ["scripts/apns/.venv", "scripts/apns/.venv-loopback", "scripts/push/.venv", "scripts/tts/.venv"]
        self.assertEqual((made.returncode, made.stdout.splitlines()), (0, ["made " + name for name in shown]), made)
        for name in shown:
            self.assertTrue(os.access(os.path.join(share, name[len("scripts/"):], "bin", "python"), os.X_OK), name)
        again = subprocess.run([link], capture_output=True, text=True, timeout=60, cwd=self.scratch)
        self.assertEqual((again.returncode, again.stdout.splitlines(), again.stderr),
                         (0, ["up to date " + name for name in shown], ""), again)

        # A requirement pip cannot install (found without reaching PyPI): that
        # environment is not left half made, the ones after it are left as they were.
        with open(os.path.join(share, "push", "requirements.txt"), "w", encoding="utf-8") as handle:
            handle.write(os.path.join(self.scratch, "missing-1.0-py3-none-any.whl") + "\n")
        result = subprocess.run([link], capture_output=True, text=True, timeout=FIRST_RUN, cwd=self.scratch)
        self.assertEqual(result.returncode, 69, result)
        self.assertEqual(result.stdout.splitlines(), ["up to date " + name for name in shown[:2]], result)
        self.assertEqual(result.stderr.splitlines()[-1],
                         "prepare-tools: cannot make scripts/push/.venv (pip could not install requirements.txt)", result)
        self.assertFalse(os.path.exists(os.path.join(share, "push", ".venv")))
        self.assertTrue(os.path.exists(os.path.join(share, "tts", ".venv")))
        for arguments in (["--now"], ["x"]):
            wrong = subprocess.run([link] + arguments, capture_output=True, text=True, timeout=60)
            self.assertEqual((wrong.returncode, len(wrong.stderr.splitlines()), wrong.stdout), (64, 1, ""), wrong)

    def test_aScriptRunsThroughASymbolicLink(self):
        os.mkdir(os.path.join(self.scratch, "bin"))
        for name, script in (("send-through", os.path.join(ROOT, "scripts", "push", "send-through")),
                             ("send-push", os.path.join(ROOT, "scripts", "apns", "send-push"))):
            link = os.path.join(self.scratch, "bin", name)
            os.symlink(script, link)
            arguments = [link, "jpush", "--target", TARGET] if name == "send-through" else \
                [link] + LoopbackAPNs.offline_options(self.scratch)
            result = subprocess.run(arguments, input="not json\n", capture_output=True, text=True, timeout=FIRST_RUN)
            with self.subTest(name=name):
                self.assertEqual(result.returncode, 65, result)
                self.assertIn("not JSON", result.stderr.splitlines()[-1], result)


class BackgroundTests(unittest.TestCase):
    """--background: the stand-in's address printed once it listens, the
    command returned (holding none of the caller's pipes), the stand-in
    stopped by SIGTERM or by itself, its process id file gone with it."""

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="announce-push-background-")
        self.addCleanup(shutil.rmtree, self.scratch, True)

    def start(self, command, folder):
        result = subprocess.run(command + ["--background"], capture_output=True, text=True, timeout=FIRST_RUN)
        self.addCleanup(stop_background, folder)
        return result

    def assertStopsWithItsFile(self, folder, pid):
        self.assertTrue(wait_gone(pid), "the stand-in is still running")
        self.assertFalse(os.path.exists(os.path.join(folder, "pid")))

    def test_eachStandInRunsInTheBackgroundAndStops(self):
        for name in ("jpush", "apns"):
            folder = os.path.join(self.scratch, name)
            command = [LOOPBACK, "jpush", "--dir", folder, "--target", TARGET, "--requests", "5"] if name == "jpush" else \
                [LOOPBACK_APNS, "--dir", folder, "--key-id", "ABC123DEFG", "--team-id", "DEF123GHIJ", "--topic", "t",
                 "--device-token", "5d1c", "--requests", "5"]
            with self.subTest(name=name):
                result = self.start(command, folder)
                self.assertEqual((result.returncode, result.stderr), (0, ""), result)
                self.assertRegex(result.stdout, r"^https?://127\.0\.0\.1:\d+\n$")
                with open(os.path.join(folder, "pid")) as handle:
                    pid = int(handle.read())
                self.assertTrue(process_alive(pid))
                self.assertEqual(os.getsid(pid), pid, "a session of its own")
                os.kill(pid, signal.SIGTERM)
                self.assertStopsWithItsFile(folder, pid)
        # Stopping by itself (--seconds) removes the file too.
        folder = os.path.join(self.scratch, "short")
        result = self.start([LOOPBACK, "umeng", "--dir", folder, "--target", TARGET, "--seconds", "0.5"], folder)
        self.assertEqual(result.returncode, 0, result)
        with open(os.path.join(folder, "pid")) as handle:
            self.assertStopsWithItsFile(folder, int(handle.read()))

    def test_aStandInThatStopsBeforeItListensIs69InOneLine(self):
        folder = os.path.join(self.scratch, "broken")
        os.makedirs(os.path.join(folder, "keys"))
        result = self.start([LOOPBACK, "jpush", "--dir", folder, "--target", TARGET], folder)
        self.assertEqual((result.returncode, result.stdout), (69, ""), result)
        self.assertEqual(result.stderr, f"loopback-push: the stand-in stopped before it listened (see {folder}/log)\n")
        with open(os.path.join(folder, "log"), encoding="utf-8") as handle:
            self.assertIn("IsADirectoryError", handle.read())


class CheckPushDocTests(unittest.TestCase):
    def test_theDocumentedCheckOfACapturedPush(self):
        """docs/PUSH-SERVICES.md's `announce check-push` line, run as written
        in a folder holding what it names: the bundled pack exported, and a
        push as Getui's stand-in delivered it to the phone."""
        (command,) = [entry for entry in doccommands.commands("docs/PUSH-SERVICES.md")
                      if doccommands.runner(entry) == "scripts/push/test_push.py: CheckPushDocTests"]
        scratch = tempfile.mkdtemp(prefix="announce-push-check-")
        self.addCleanup(shutil.rmtree, scratch, True)
        standin = StandIn("getui", os.path.join(scratch, "getui"), requests=2)
        self.addCleanup(standin.stop)
        sent = send("getui", ["--target", TARGET, "--keys", standin.keys, "--endpoint", standin.url], batch_line(scratch))
        self.assertEqual(sent.returncode, 0, sent)
        shutil.copy(standin.arrival, os.path.join(scratch, "getui-push.json"))
        shutil.copy(device_pack(), os.path.join(scratch, "default.announcepack"))
        result = subprocess.run(["/bin/sh", "-c", command.text], capture_output=True, text=True, timeout=120, cwd=scratch,
                                env=dict(os.environ, PATH=os.path.dirname(ANNOUNCE) + os.pathsep + os.environ["PATH"]))
        self.assertEqual(result.returncode, 0, result)
        self.assertIn("route: rendered", result.stdout)
        self.assertIn("says: 支付宝到账一百二十三点四五元", result.stdout)


class DocumentedCommandTests(unittest.TestCase):
    def test_everyCommandOfTheDocsIsRunOrExemptForItsReason(self):
        """Each shell command of docs/PUSH-SERVICES.md and docs/VOICES.md is
        run as written by a test (scripts/doccommands.py says which), or
        exempt there with its reason; an exemption matches a command."""
        unrun, exempt_used = [], set()
        for document in doccommands.DOCUMENTS:
            for command in doccommands.commands(document):
                runner = doccommands.runner(command)
                if runner is None:
                    unrun.append(repr(command))
                for (name, start) in doccommands.EXEMPT:
                    if name == document and command.text.startswith(start):
                        exempt_used.add((name, start))
        self.assertEqual(unrun, [], "commands no test runs: run them, or exempt them in scripts/doccommands.py with why")
        # Each test named is there.
        for runner in {doccommands.runner(command) for document in doccommands.DOCUMENTS
                       for command in doccommands.commands(document)} - {None}:
            where, name = runner.split(": ", 1)
            if where == "exempt":
                continue
            path = os.path.join(ROOT, "Tests", "AnnounceCLITests", "Examples", name + ".swift") if where == "swift test" else \
                os.path.join(ROOT, where)
            with open(path, encoding="utf-8") as handle:
                self.assertRegex(handle.read(), rf"(struct|class|def) {name}\b", runner)
        self.assertEqual(set(doccommands.EXEMPT) - exempt_used, set(), "exemptions of no command")
        for key in doccommands.RUN_ELSEWHERE:
            self.assertIn(key, {(command.document, command.text) for command in doccommands.commands(key[0])}, key)

    def test_theCommandsFound(self):
        """The reader of the docs finds commands where they are, and no
        messages, output or synopses."""
        texts = {command.text for document in doccommands.DOCUMENTS for command in doccommands.commands(document)}
        self.assertIn("announce explain 110 5.55 5.5", texts)
        self.assertIn("scripts/push/send-through jpush --keys jpush.keys --target 1a0018970a4c5b5e1e7 line.json", texts)
        self.assertTrue(any(text.startswith("curl --http2 --header ") for text in texts), texts)
        self.assertFalse([text for text in texts if text.startswith(("announce:", "covers:", "budget")) or "[--" in text], texts)


class WalkthroughTests(unittest.TestCase):
    """docs/PUSH-SERVICES.md's walkthrough of each service, run as written
    from the repository's root, `mktemp -d` making its folder in a scratch
    one; each stand-in stopped by the walkthrough itself, or else killed."""

    def run_walkthrough(self, service, script):
        scratch = tempfile.mkdtemp(prefix="announce-push-walk-")
        self.addCleanup(shutil.rmtree, scratch, True)
        self.addCleanup(doccommands.stop_standins, scratch, 0)
        environment = dict(os.environ, TMPDIR=scratch, ANNOUNCE_PUSH_CACHE=os.path.join(scratch, "cache"),
                           PATH=os.path.dirname(ANNOUNCE) + os.pathsep + os.environ["PATH"])
        result = subprocess.run(["/bin/sh", "-e", "-c", script], capture_output=True, text=True, timeout=FIRST_RUN,
                                cwd=ROOT, env=environment)
        self.assertEqual(result.returncode, 0, result)
        (folder,) = [os.path.join(scratch, name) for name in os.listdir(scratch) if name != "cache"]
        self.assertEqual(doccommands.stop_standins(scratch), [], "the walkthrough left its stand-in running")
        self.assertFalse(os.path.exists(os.path.join(folder, "pid")))
        printed = result.stdout.splitlines()
        self.assertTrue(printed[0].startswith("sent: 200 apns-id " if service == "apns" else f"sent: {service} "), result)
        with open(os.path.join(folder, "requests.jsonl"), encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle]
        self.assertEqual(records[-1]["status"], 200, records)
        self.assertEqual(json.loads(printed[1]), records[-1])
        with open(os.path.join(folder, "arrival.json"), encoding="utf-8") as handle:
            arrival = json.loads(handle.read())
        self.assertEqual(json.loads(printed[2]), arrival)
        self.assertEqual(len(printed), 3, result)
        self.assertEqual(announce_fields(service, arrival)["announce-id"], "order-9")
        # Nothing of the stand-in's kept with the user's tokens.
        self.assertFalse(os.path.exists(os.path.join(scratch, "cache")))

    def test_eachServicesWalkthroughRunsAsWritten(self):
        found = {}
        for stand_in in ("scripts/push/loopback-push", "scripts/apns/loopback-apns"):
            for listed, script in doccommands.walkthroughs("docs/PUSH-SERVICES.md", stand_in):
                start = next(command.text for command in listed if stand_in in command.text)
                service = "apns" if stand_in.endswith("apns") else start.split(stand_in + " ", 1)[1].split()[0]
                self.assertNotIn(service, found)
                found[service] = script
        self.assertEqual(sorted(found), sorted(SERVICES + ["apns"]))
        for service, script in found.items():
            with self.subTest(service=service):
                self.run_walkthrough(service, script)


class DocumentedSendTests(unittest.TestCase):
    """docs/PUSH-SERVICES.md's send-through examples, run against the
    stand-ins with the documented target, keys file and line."""

    def run_example(self, path, number, command, output):
        scratch = tempfile.mkdtemp(prefix="announce-push-doc-")
        self.addCleanup(shutil.rmtree, scratch, True)
        words = shlex.split(command)
        service = documented_service(command)
        program, arguments = ([SEND_PUSH], words[1:]) if words[0] == "scripts/apns/send-push" else ([SEND, service], words[2:])
        with open(os.path.join(scratch, "line.json"), "w", encoding="utf-8") as handle:
            handle.write(batch_line(scratch) + "\n")
        if service == "apns":
            token = arguments[arguments.index("--device-token") + 1]
            standin = LoopbackAPNs(os.path.join(scratch, "apns"), token)
            self.addCleanup(standin.stop)
            arguments[arguments.index("--key") + 1] = standin.options("")[1]
            arguments += standin.options(os.path.join(scratch, "tokens"))[-6:]
        else:
            target = arguments[arguments.index("--target") + 1]
            standin = StandIn(service, os.path.join(scratch, service), requests=2 if service == "getui" else 1, target=target)
            self.addCleanup(standin.stop)
            arguments[arguments.index("--keys") + 1] = standin.keys
            arguments += ["--endpoint", standin.url, "--token-cache", os.path.join(scratch, "tokens")]
        result = subprocess.run(program + arguments, capture_output=True, text=True, timeout=FIRST_RUN, cwd=scratch)
        printed = result.stdout.splitlines()
        self.assertEqual(len(printed), len(output), f"{path}:{number}: {result}")
        for documented, line in zip(output, printed):
            self.assertTrue(matches(documented, line), f"{path}:{number}: documented {documented!r}, printed {line!r}")

    def test_everyServiceHasATestedExample(self):
        for path in ("docs/PUSH-SERVICES.md",):
            examples = documented_sends(path)
            self.assertEqual(sorted(documented_service(words) for _, words, _ in examples),
                             sorted(SERVICES + ["apns", "apns"]), path)
            for number, command, output in examples:
                with self.subTest(path=path, line=number):
                    self.run_example(path, number, command, output)


class ExtensionSampleTests(unittest.TestCase):
    def test_theServicesCallsParse(self):
        """docs/PUSH-SERVICES.md links the services' calls in the extension
        and the app; each file parses with `swiftc -parse`, as `make lint`
        checks docs/ios."""
        with open(os.path.join(ROOT, "docs", "PUSH-SERVICES.md"), encoding="utf-8") as handle:
            section = handle.read()
        names = ["PushServiceReceipts.swift", "PushServiceDelegates.swift", "PushServiceKeys.swift"]
        for name in names:
            self.assertIn("(ios/%s)" % name, section)
        swiftc = shutil.which(os.environ.get("SWIFTC", "swiftc"))
        if swiftc is None:
            self.skipTest("swiftc is not on PATH")
        paths = [os.path.join(ROOT, "docs", "ios", name) for name in names]
        result = subprocess.run([swiftc, "-parse"] + paths, capture_output=True, text=True, timeout=300)
        self.assertEqual(result.returncode, 0, result.stderr)


KINDS = ["sends", "sendsAHeldPayment", "rejectedKeysAreOneLine", "missingKeysAreOneLine", "anErrorAnswerIsOneLine",
         "aPushTooLargeIsRefused", "aPushWithoutAnnouncesFieldsIsCaught", "theLongestPushFits", "noAnswerInTimeIsOneLine", "anAnswerThatNeverEndsIsOneLine",
         "anUnreachableServiceIsOneLine"]
for _service in SERVICES:
    for _kind in KINDS:
        setattr(PushServiceTests, f"test_{_service}_{_kind}",
                (lambda kind, service: lambda self: getattr(self, kind)(service))(_kind, _service))


def main():
    if not os.access(ANNOUNCE, os.X_OK):
        print(f"test_push: {ANNOUNCE} is missing: build announce first (swift build), or set ANNOUNCE", file=sys.stderr)
        sys.exit(69)
    program = unittest.main(exit=False, verbosity=1)
    result = program.result
    # A test with failing subtests counts once.
    failed = len({getattr(test, "test_case", test).id() for test, _ in result.failures + result.errors})
    print(f"scripts/push: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or not result.testsRun else 0)


if __name__ == "__main__":
    main()
