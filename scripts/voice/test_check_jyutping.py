"""Tests of scripts/voice/check-jyutping (standard library only).

Run: python3 -m unittest discover -s scripts/voice -p 'test_check_jyutping.py'
The checks against espeak-ng need espeak-ng with its Cantonese voice (apt-get install espeak-ng);
without it they are skipped and the exit-69 test runs instead.
"""
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "check-jyutping")
HAVE_ESPEAK = shutil.which("espeak-ng") is not None

# The words announce says in Cantonese (the voice's table), one syllable per character.
# 会员 is wui2 jyun4: espeak-ng reads 会 wui2 and PyCantonese reads the word 會員 wui2 jyun4.
TABLE = """\
零\tling4
一\tjat1
二\tji6
两\tloeng5
三\tsaam1
四\tsei3
五\tng5
六\tluk6
七\tcat1
八\tbaat3
九\tgau2
十\tsap6
百\tbaak3
千\tcin1
万\tmaan6
亿\tjik1
点\tdim2
元\tjyun4
角\tgok3
分\tfan1
笔\tbat1
到账\tdou3 zoeng3
支付宝\tzi1 fu6 bou2
微信\tmei4 seon3
收款\tsau1 fun2
成功\tsing4 gung1
退款\tteoi3 fun2
会员充值\twui2 jyun4 cung1 zik6
共计\tgung6 gai3
两百\tloeng5 baak3
"""


def run(text, env=None):
    return subprocess.run([sys.executable, SCRIPT], input=text.encode(), capture_output=True,
                          env=env, timeout=120)


def load_module():
    loader = importlib.machinery.SourceFileLoader("check_jyutping", SCRIPT)
    spec = importlib.util.spec_from_loader("check_jyutping", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class NotationTests(unittest.TestCase):
    """espeak-ng's phoneme notation back to Jyutping."""

    def setUp(self):
        self.m = load_module()

    def test_notation_forms(self):
        cases = {
            "j'a1t_|": "jat1",        # tone before a final stop
            "d'i2m_|": "dim2",        # and before a final m
            "l'ing4_|": "ling4",      # after a final ng
            "'ng5_|": "ng5",          # syllabic ng
            "N'o5_|": "ngo5",         # initial N is ng
            "s'aa7m_|": "saam1",      # tone 7: high falling, Jyutping tone 1
            "gw'o3k_|": "gwok3",
            "s'eo3n_|": "seon3",
        }
        for raw, expected in cases.items():
            self.assertEqual(self.m.normalise(raw), expected, raw)

    def test_notation_that_is_no_syllable(self):
        for raw in ["", "j'a1t_| b'aa3k_|", "(en)sA:1mw'01n(yue)_|", "s'aa8m_|", "m_|", "sxxm_|"]:
            self.assertIsNone(self.m.normalise(raw), raw)

    def test_exception_accepts_only_its_pair(self):
        class Fixed:
            def notation(self, char):
                return "w'ui2_|"
        self.m.EXCEPTIONS["会"] = ("wui6", "wui2", "test")
        try:
            rows = [(1, "会", ["wui6"])]
            self.assertEqual(self.m.check_espeak(rows, Fixed()), [])
            self.assertEqual(len(self.m.check_espeak([(1, "会", ["wui5"])], Fixed())), 1)
        finally:
            del self.m.EXCEPTIONS["会"]
        self.assertEqual(len(self.m.check_espeak([(1, "会", ["wui6"])], Fixed())), 1)


@unittest.skipUnless(HAVE_ESPEAK, "espeak-ng not installed")
class EspeakTests(unittest.TestCase):

    def test_accepts_the_table(self):
        r = run(TABLE)
        self.assertEqual(r.returncode, 0, r.stdout.decode() + r.stderr.decode())
        self.assertEqual(r.stdout, b"")

    def test_wrong_tone(self):
        r = run(TABLE.replace("两\tloeng5", "两\tloeng2"))
        self.assertEqual(r.returncode, 1)
        lines = r.stdout.decode().splitlines()
        self.assertEqual(lines, ["两 两: table loeng2, espeak-ng loeng5 (espeak-ng -x: l'oeng5_|)"])

    def test_wrong_syllable(self):
        r = run("支付宝\tzi1 fu6 baa2\n")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout.decode().splitlines(),
                         ["支付宝 宝: table baa2, espeak-ng bou2 (espeak-ng -x: b'ou2_|)"])

    def test_table_reading_of_hui_as_wui6_is_reported(self):
        r = run("会员充值\twui6 jyun4 cung1 zik6\n")
        self.assertEqual(r.returncode, 1)
        self.assertIn("会员充值 会: table wui6, espeak-ng wui2", r.stdout.decode())


class InputTests(unittest.TestCase):

    def test_malformed_lines(self):
        cases = {
            "两 loeng5\n": "expected WORD<TAB>JYUTPING",
            "两\tloeng7\n": "'loeng7' is not a Jyutping syllable",
            "两\tLoeng5\n": "'Loeng5' is not a Jyutping syllable",
            "两百\tloeng5\n": "两百 has 2 characters but 1 syllables",
            "ab\tloeng5\n": "the word 'ab' is not Chinese characters only",
            "两\tloeng5\textra\n": "expected WORD<TAB>JYUTPING",
        }
        for text, message in cases.items():
            # a good line first: a malformed line anywhere stops the check before anything is read
            r = run("一\tjat1\n" + text)
            self.assertEqual(r.returncode, 65, text)
            self.assertEqual(r.stdout, b"", text)
            err = r.stderr.decode().splitlines()
            self.assertEqual(len(err), 1, text)
            self.assertIn("line 2: " + message, err[0])

    def test_espeak_missing(self):
        with tempfile.TemporaryDirectory() as empty:
            r = run("一\tjat1\n", env={**os.environ, "PATH": empty})
        self.assertEqual(r.returncode, 69)
        self.assertIn("espeak-ng not found", r.stderr.decode())


if __name__ == "__main__":
    unittest.main()
