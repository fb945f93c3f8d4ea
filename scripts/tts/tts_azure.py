"""Azure AI Speech, text to speech through its REST API.

Request (https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech):
POST https://REGION.tts.speech.microsoft.com/cognitiveservices/v1 with
Ocp-Apim-Subscription-Key, Content-Type application/ssml+xml,
X-Microsoft-OutputFormat riff-16khz-16bit-mono-pcm and a User-Agent; the
answer is the audio. 400 a bad request (SSML), 401 a refused key, 429 too
many requests (quota or rate of the key), 502/503/504 passing failures.

Every tone forced: each item is one <phoneme alphabet="sapi"> element
(https://learn.microsoft.com/azure/ai-services/speech-service/speech-synthesis-markup-pronunciation#phoneme-element).
The Speech service phone sets for zh-CN (pinyin) and zh-HK (Jyutping) write
a syllable and its tone number apart, syllables joined by " - "
(https://learn.microsoft.com/azure/ai-services/speech-service/speech-ssml-phonetic-sets,
"zh-CN": 组织关系 = "zu 3 - zhi 1 - guan 1 - xi 5"; "zh-HK": 詩 = "si 1"):
一万 is ph="yi 2 - wan 4", Cantonese 会员 ph="wui 2 - jyun 4". ü is written v.

Billing (https://learn.microsoft.com/azure/ai-services/speech-service/speech-synthesis-markup,
"Important"): every spoken character, a Chinese character counting as two,
and the optional elements that change how the text is spoken (the phoneme's
ph) count too; the SSML itself does not. The count printed by --dry-run
follows that rule.

Written here with urllib rather than azure-cognitiveservices-speech: that SDK
is a native library speaking the service's own WebSocket protocol, so it
could reach a stand-in only by reimplementing that protocol; the REST API is
the documented HTTP route to the same voices.

Keys: AZURE_SPEECH_KEY and AZURE_SPEECH_REGION (eastasia, …) from the
environment; AZURE_TTS_ENDPOINT replaces the whole URL (a stand-in).
"""

import json
import os
import re

import httpcall
from ttscommon import DATA, NO_PERMISSION, PROTOCOL, UNAVAILABLE, USAGE, Failure, Retry, is_wav, need, retry_after, xml_text

SERVICE = "azure"
LOCALES = {"mandarin": "zh-CN", "cantonese": "zh-HK"}
OUTPUT_FORMAT = "riff-16khz-16bit-mono-pcm"
RATE = re.compile(r"^[+-]\d{1,3}%$")
VOICE = re.compile(r"^[A-Za-z]{2,3}-[A-Za-z]{2,4}-[A-Za-z0-9]+$")


def check_options(language, voice, speed):
    locale = LOCALES[language]
    if not VOICE.match(voice) or not voice.startswith(locale + "-"):
        raise Failure(USAGE, f"azure: --voice '{voice}' is not a {locale} voice name such as {locale}-"
                      + ("XiaoxiaoNeural" if language == "mandarin" else "HiuMaanNeural"))
    if speed is not None:
        if not RATE.match(speed) or not -50 <= int(speed[:-1]) <= 100:
            raise Failure(USAGE, f"azure: --speed '{speed}' is not a prosody rate from -50% to +100%")


def phones(found):
    return " - ".join(f"{syllable[:-1].replace('ü', 'v')} {syllable[-1]}" for syllable in found)


def plan(language, voice, speed, text, found):
    locale = LOCALES[language]
    inner = f'<phoneme alphabet="sapi" ph="{phones(found)}">{xml_text(text)}</phoneme>'
    if speed is not None:
        inner = f'<prosody rate="{speed}">{inner}</prosody>'
    ssml = (f'<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="{locale}">'
            f'<voice name="{voice}">{inner}</voice></speak>')
    return {"ssml": ssml, "outputFormat": OUTPUT_FORMAT}


def billed(text, request):
    ph = re.search(r'ph="([^"]*)"', request["ssml"]).group(1)
    return sum(2 if "\u3400" <= character <= "\u9fff" else 1 for character in text) + len(ph)


def shown(request):
    return request["ssml"]


def endpoint():
    if os.environ.get("AZURE_TTS_ENDPOINT"):
        return os.environ["AZURE_TTS_ENDPOINT"]
    (region,) = need(["AZURE_SPEECH_REGION"], SERVICE)
    if not re.match(r"^[a-z0-9]+$", region):
        raise Failure(USAGE, f"azure: AZURE_SPEECH_REGION '{region}' is not a region name such as eastasia")
    return f"https://{region}.tts.speech.microsoft.com/cognitiveservices/v1"


def keys():
    url = endpoint()
    (key,) = need(["AZURE_SPEECH_KEY"], SERVICE)
    return url, key


def synthesize(request, session):
    url, key = session
    status, headers, body = httpcall.post(url, request["ssml"].encode("utf-8"), {
        "Ocp-Apim-Subscription-Key": key,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": request["outputFormat"],
        "User-Agent": "announce-speak",
    })
    detail = message(body)
    if status == 200:
        if not is_wav(body):
            raise Failure(PROTOCOL, f"azure: the answer is not {OUTPUT_FORMAT} audio ({len(body)} bytes)")
        return body
    if status in (401, 403):
        if "quota" in detail.lower():
            raise Failure(UNAVAILABLE, f"azure: the key's quota is used up ({status}: {detail})")
        raise Failure(NO_PERMISSION, f"azure: the service refused the key AZURE_SPEECH_KEY ({status}{': ' + detail if detail else ''})")
    if status == 429:
        raise Retry("too many requests (429)", retry_after(headers.get("Retry-After")))
    if status in (500, 502, 503, 504):
        raise Retry(f"the service failed ({status})", retry_after(headers.get("Retry-After")))
    if status == 400:
        raise Failure(DATA, f"azure: the service refused the request (400{': ' + detail if detail else ''})")
    raise Failure(PROTOCOL, f"azure: unexpected answer {status}{': ' + detail if detail else ''}")


def message(body):
    """The error's message: Azure answers JSON {"error": {"code", "message"}} or plain text."""
    try:
        return str(json.loads(body)["error"]["message"])[:300]
    except (ValueError, KeyError, TypeError):
        return body[:300].decode("utf-8", "replace").strip().replace("\n", " ")
