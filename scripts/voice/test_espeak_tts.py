"""Tests of scripts/voice/espeak-tts.sh's Cantonese route (standard library only).

Run: python3 scripts/voice/test_espeak_tts.py
Needs espeak-ng and sox (apt-get install espeak-ng sox); without them the tests are skipped.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TTS = os.path.join(HERE, "espeak-tts.sh")
HAVE_TOOLS = all(shutil.which(t) for t in ("espeak-ng", "sox"))

# Words whose espeak-ng dictionary reading (espeak-ng -x -v yue, one character at a time) is the
# table's Jyutping: said from Jyutping they must sound exactly as espeak-ng reads the characters.
SAME_AS_CHARACTERS = {
    "零": "ling4", "一": "jat1", "二": "ji6", "两": "loeng5", "四": "sei3", "五": "ng5",
    "六": "luk6", "七": "cat1", "八": "baat3", "九": "gau2", "十": "sap6", "百": "baak3",
    "千": "cin1", "万": "maan6", "亿": "jik1", "点": "dim2", "元": "jyun4", "角": "gok3",
    "分": "fan1", "笔": "bat1", "到账": "dou3 zoeng3", "支付宝": "zi1 fu6 bou2",
    "微信": "mei4 seon3", "收款": "sau1 fun2", "成功": "sing4 gung1", "退款": "teoi3 fun2",
    "共计": "gung6 gai3", "会员": "wui2 jyun4", "充值": "cung1 zik6", "两百": "loeng5 baak3",
}


def tts(args, env_extra=None, language="yue"):
    env = {**os.environ, "ESPEAK_LANGUAGE": language, **(env_extra or {})}
    return subprocess.run([TTS, *args], capture_output=True, env=env, timeout=120)


@unittest.skipUnless(HAVE_TOOLS, "espeak-ng or sox not installed")
class CantoneseTests(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def test_settings(self):
        r = tts(["--settings"])
        self.assertEqual(r.returncode, 0)
        settings = dict(line.split("=", 1) for line in r.stdout.decode().splitlines())
        self.assertEqual(settings["language"], "yue")
        self.assertEqual(settings["voice"], "yue")
        self.assertEqual(settings["variant"], "announce-yue-m")
        self.assertEqual(settings["variantFile"], "scripts/voice/espeak-variants/announce-yue-m")
        self.assertEqual(settings["variantPitch"], "75 270")
        for key in ("rate", "pitch", "gap", "amplitude", "sampleRate"):
            self.assertTrue(settings[key].isdigit(), key)

    def test_jyutping_sounds_as_the_characters(self):
        # Without the variant the yue voice reading characters is the reference; the settings
        # are passed to both the same way, and SoX resamples both alike.
        settings = dict(line.split("=", 1) for line in tts(["--settings"]).stdout.decode().splitlines())
        for word, jyutping in SAME_AS_CHARACTERS.items():
            ours = self.path("ours.wav")
            r = tts([jyutping, ours], {"ESPEAK_VARIANT": ""})
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            raw, ref = self.path("raw.wav"), self.path("ref.wav")
            subprocess.run(["espeak-ng", "-v", "yue", "-s", settings["rate"], "-p", settings["pitch"],
                            "-g", settings["gap"], "-a", settings["amplitude"],
                            "-z", "-w", raw, word], check=True, capture_output=True)
            subprocess.run(["sox", "-D", "-V1", raw, "-t", "wav", "-e", "signed-integer", "-b", "16",
                            "-c", "1", "-r", "16000", ref, "rate", "-v"], check=True)
            with open(ours, "rb") as a, open(ref, "rb") as b:
                self.assertTrue(a.read() == b.read(), f"{word} {jyutping}")

    def test_same_input_same_bytes(self):
        a, b = self.path("a.wav"), self.path("b.wav")
        for out in (a, b):
            self.assertEqual(tts(["zi1 fu6 bou2 dou3 zoeng3", out]).returncode, 0)
        with open(a, "rb") as x, open(b, "rb") as y:
            self.assertEqual(x.read(), y.read())

    def test_bad_syllables(self):
        cases = {
            "jat1 Baak3": "'Baak3' is not a Jyutping syllable",
            "jat7": "'jat7' is not a Jyutping syllable",
            "jat": "'jat' is not a Jyutping syllable",
            "jat1;touch": "'jat1;touch' is not a Jyutping syllable",
            "jät1": "'jät1' is not a Jyutping syllable",
            "yi4 bai3x": "'bai3x' is not a Jyutping syllable",
            "m4": "espeak-ng has no phonemes for Jyutping 'm4'",
            "xyz1": "espeak-ng has no phonemes for Jyutping 'xyz1'",
            " ": "empty text",
        }
        out = self.path("x.wav")
        for text, message in cases.items():
            r = tts([text, out])
            self.assertEqual(r.returncode, 65, text)
            lines = r.stderr.decode().splitlines()
            self.assertEqual(len(lines), 1, text)
            self.assertIn(message, lines[0], text)
            self.assertFalse(os.path.exists(out), text)
        self.assertEqual(os.listdir(self.dir.name), [])

    def test_unknown_voice(self):
        r = tts(["jat1", self.path("x.wav")], {"ESPEAK_VOICE": "nosuch"})
        self.assertEqual(r.returncode, 69)
        self.assertEqual(r.stderr.decode().splitlines(),
                         ["espeak-tts: espeak-ng cannot speak with voice 'nosuch'"])
        self.assertEqual(os.listdir(self.dir.name), [])

    def test_unknown_language(self):
        r = tts(["--settings"], language="yue-Latn")
        self.assertEqual(r.returncode, 64)
        self.assertIn("unknown ESPEAK_LANGUAGE 'yue-Latn'", r.stderr.decode())


if __name__ == "__main__":
    unittest.main()
