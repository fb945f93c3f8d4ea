"""Azure AI Speech, text to speech through its REST API.

Request (https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech):
POST https://REGION.tts.speech.microsoft.com/cognitiveservices/v1 with
Ocp-Apim-Subscription-Key, Content-Type application/ssml+xml,
X-Microsoft-OutputFormat riff-16khz-16bit-mono-pcm and a User-Agent (the
page marks it required, under 255 characters); the answer is the audio.
400 a bad request (SSML), 401 a refused key, 429 too many requests (quota
or rate of the key), 502/503/504 passing failures.

Every tone forced: each item is one <phoneme alphabet="sapi"> element
(https://learn.microsoft.com/azure/ai-services/speech-service/speech-synthesis-markup-pronunciation#phoneme-element)
in the locale's phone set, syllable and tone apart, syllables joined by
" - " (scripts/tts/azurephones.py, after
https://learn.microsoft.com/azure/ai-services/speech-service/speech-ssml-phonetic-sets):
一万 is ph="yi 2 - wan 4", Cantonese 会员 ph="wui 2 - jyun 4"; ü is v (女
"nv 3") or u (略 "lue 4": lüe4 and lve4 alike), erhua an r before the tone
("hui r 4" for huir4). A syllable the set does not have is refused (65)
before any request: Azure rejects the whole SSML document for one unknown
phone. zh-HK's set has no syllabic nasal, so 五 ng5 and 唔 m4 cannot be
forced: such a character is sent as plain text (the rest of the item
keeps its phonemes, one element per character) and its tone is the
voice's own reading, which the speak command says on standard error and
the dry run under the item; `speak azure --language cantonese
--check-markup` measures what the voice says for them.

Rate: the free tier (F0) takes 20 requests a minute
(https://learn.microsoft.com/azure/ai-services/speech-service/speech-services-quotas-and-limits,
"Real-time text to speech"); a 429 is tried again after the waits of
ttscommon.with_retries, which add up to more than that minute, or after
its Retry-After (seconds or an HTTP date) when longer.

Billing (https://learn.microsoft.com/azure/ai-services/speech-service/text-to-speech#billable-characters):
every character inside <voice>, the markup included (only the <speak> and
<voice> tags are free), each Chinese character counting as two. The count
printed by --dry-run follows that rule: 一万 sent as
<phoneme alphabet="sapi" ph="yi 2 - wan 4">一万</phoneme> is 57.

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

import azurephones
import httpcall
from ttscommon import HAN, DATA, NO_PERMISSION, PROTOCOL, UNAVAILABLE, USAGE, Failure, Retry, is_wav, need, retry_after, xml_text

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


def phones(found, language):
    """Each syllable as the locale's phone set writes it, None where it cannot."""
    try:
        return [azurephones.phone(syllable, language == "cantonese") for syllable in found]
    except ValueError as problem:
        raise Failure(DATA, f"azure: {problem}: the service would refuse the whole item")


def phoneme(text, ph):
    return f'<phoneme alphabet="sapi" ph="{ph}">{xml_text(text)}</phoneme>'


def plan(language, voice, speed, text, found):
    locale = LOCALES[language]
    written = phones(found, language)
    unforced = [syllable for syllable, ph in zip(found, written) if ph is None]
    if not unforced:
        inner = phoneme(text, " - ".join(written))
    elif len(text) == len(found) and all(HAN.match(character) for character in text):
        inner = "".join(phoneme(character, ph) if ph else xml_text(character) for character, ph in zip(text, written))
        unforced = [f"{character} {syllable}" for character, syllable, ph in zip(text, found, written) if ph is None]
    else:
        inner = xml_text(text)
        unforced = [f"{text} {' '.join(found)}"]
    if speed is not None:
        inner = f'<prosody rate="{speed}">{inner}</prosody>'
    ssml = (f'<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="{locale}">'
            f'<voice name="{voice}">{inner}</voice></speak>')
    request = {"ssml": ssml, "outputFormat": OUTPUT_FORMAT}
    if unforced:
        request["asText"] = unforced
    return request


def notes(text, request):
    """What the audio of this request does not force: the characters sent as text."""
    return [f"azure: {what} sent as text, as zh-HK's phone set has no syllabic nasal: its tone is the voice's own "
            "reading (speak azure --language cantonese --check-markup measures it)" for what in request.get("asText", [])]


def billed(text, request):
    """Every character inside <voice>, markup included, a Chinese character counting as two."""
    ssml = request["ssml"]
    inner = ssml[ssml.index(">", ssml.index("<voice ")) + 1:ssml.rindex("</voice>")]
    return sum(2 if HAN.match(character) else 1 for character in inner)


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
