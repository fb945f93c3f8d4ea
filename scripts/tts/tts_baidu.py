"""Baidu AI Cloud short-text speech synthesis (短文本在线合成), REST API.

Token (https://ai.baidu.com/ai-doc/SPEECH/Pk38y8m7k, and the shared page
https://ai.baidu.com/ai-doc/REFERENCE/Ck3dwjhhu): POST to
https://aip.baidubce.com/oauth/2.0/token with its fields in the URL, as both
pages put them ("并在URL中带上以下参数"): grant_type=client_credentials,
client_id (the API Key) and client_secret (the Secret Key); the answer's
access_token and expires_in (30 days), or error invalid_client with "unknown
client id" (a bad API Key) or "Client authentication failed" (a bad Secret
Key).

Synthesis (https://ai.baidu.com/ai-doc/SPEECH/mlbxh7xie): POST
https://tsn.baidu.com/text2audio, form fields tex (urlencoded twice, as the
page recommends; under 1024 GBK bytes), tok, cuid, ctp 1, lan zh, per (the
voice), spd (0-15), aue 6 (wav, 16 kHz). The answer is the audio, or JSON
with err_no and err_msg (https://ai.baidu.com/ai-doc/SPEECH/Albxhaijw): 502
a refused token, 6 no permission, 16 no characters left (quota), 13/15/18
the QPS or concurrency limit, 500 a timeout, 501/503/513 a bad request.

Every tone forced, as far as the page lets it be: the page documents one
markup, a character followed by its pinyin in parentheses, for a polyphone
(多音字可以通过标注自行定义发音。格式如:重(chong2)报集团); each item is sent
as 一(yi2)万(wan4), every character annotated. The page says nothing of
annotating a character that is not a polyphone, nor of the neutral tone
(5): whether the service follows those annotations is not documented, and
`speak baidu --check-markup` measures what it does with 一 (Baidu's SSML
page, https://cloud.baidu.com/doc/SPEECH/s/hms4o443s, has <phoneme
py="zhao1"> with xml=1, likewise described for polyphones, and advises
against SSML over 150 characters). lan takes only zh (Mandarin and
English): a Cantonese voice (度小粤) exists, but no Jyutping markup, so a
Cantonese item is refused before any request.

Billing: one call per 120 GBK bytes of tex (120 or fewer is one call, each
further 120 one more); the dry run counts the calls from tex's GBK bytes,
the pinyin annotations included.

Written here with urllib rather than with baidu-aip: that SDK fixes both
URLs in name-mangled class attributes (AipSpeech.__ttsUrl,
AipBase.__accessTokenUrl) with no documented way to point it elsewhere, and
turns every HTTP failure into the same answer, so neither a stand-in nor
the rate limit could be told apart.

The access token (valid 30 days) is kept (mode 0600, in the cache folder's
tokens/) until a minute before it expires, so a build asks for one, not one
per item.

Keys: BAIDU_API_KEY, BAIDU_SECRET_KEY; BAIDU_TTS_ENDPOINT and
BAIDU_OAUTH_ENDPOINT (full URLs) for a stand-in.
"""

import json
import os
import time
from urllib.parse import quote_plus, urlencode

import httpcall
from ttscommon import (DATA, NO_PERMISSION, PROTOCOL, UNAVAILABLE, USAGE, Failure, Retry, is_wav, need,
                       one_per_character, retry_after, shown_json, with_token, TokenRefused)

SERVICE = "baidu"
LIMIT = 1024
BILLED_BYTES = 120
ENDPOINT = "https://tsn.baidu.com/text2audio"
OAUTH_ENDPOINT = "https://aip.baidubce.com/oauth/2.0/token"
CUID = "announce-speak"


def check_options(language, voice, speed):
    if language != "mandarin":
        raise Failure(UNAVAILABLE, "baidu: its text takes pinyin annotations only (字(pin1)) and lan zh only; "
                      "a Cantonese item's tones cannot be forced")
    if not voice.isdigit():
        raise Failure(USAGE, f"baidu: --voice '{voice}' is not a per number such as 0 (度小美) or 4100")
    if speed is not None and not (speed.isdigit() and 0 <= int(speed) <= 15):
        raise Failure(USAGE, f"baidu: --speed '{speed}' is not a spd from 0 to 15")


def plan(language, voice, speed, text, found):
    one_per_character(text, found)
    tex = "".join(f"{character}({syllable})" for character, syllable in zip(text, found))
    if len(tex.encode("gbk")) >= LIMIT:
        raise Failure(DATA, f"baidu: '{text}' is over the {LIMIT} GBK bytes tex takes")
    request = {"tex": tex, "per": int(voice), "lan": "zh", "ctp": 1, "aue": 6}
    if speed is not None:
        request["spd"] = int(speed)
    return request


def billed(text, request):
    return max(1, -(-len(request["tex"].encode("gbk")) // BILLED_BYTES))


shown = shown_json


def keys():
    api_key, secret_key = need(["BAIDU_API_KEY", "BAIDU_SECRET_KEY"], SERVICE)
    return {"api": api_key, "secret": secret_key}


def token(session):
    url = os.environ.get("BAIDU_OAUTH_ENDPOINT") or OAUTH_ENDPOINT
    query = urlencode({"grant_type": "client_credentials", "client_id": session["api"], "client_secret": session["secret"]})
    status, headers, answer = httpcall.post(f"{url}?{query}", b"", {"Content-Type": "application/x-www-form-urlencoded"})
    if status == 429 or status >= 500:
        raise Retry(f"token: the service failed ({status})", retry_after(headers.get("Retry-After")))
    try:
        parsed = json.loads(answer)
    except ValueError:
        raise Failure(PROTOCOL, f"baidu: the token answer ({status}) is not JSON")
    if isinstance(parsed, dict) and isinstance(parsed.get("access_token"), str):
        lifetime = parsed.get("expires_in") if isinstance(parsed.get("expires_in"), (int, float)) else 0
        return parsed["access_token"], time.time() + lifetime
    if isinstance(parsed, dict) and parsed.get("error"):
        raise Failure(NO_PERMISSION, f"baidu: the service refused BAIDU_API_KEY/BAIDU_SECRET_KEY "
                      f"({parsed.get('error')}: {parsed.get('error_description', '')})")
    raise Failure(PROTOCOL, f"baidu: the token answer ({status}) has no access_token")


def synthesize(request, session):
    identity = "\n".join([session["api"], os.environ.get("BAIDU_OAUTH_ENDPOINT") or OAUTH_ENDPOINT])
    return with_token(SERVICE, identity, lambda: token(session), lambda access_token: call(request, access_token))


def call(request, access_token):
    fields = {name: str(value) for name, value in request.items()}
    fields["tex"] = quote_plus(request["tex"])
    fields.update(tok=access_token, cuid=CUID)
    url = os.environ.get("BAIDU_TTS_ENDPOINT") or ENDPOINT
    status, headers, answer = httpcall.post(url, urlencode(fields).encode("ascii"),
                                            {"Content-Type": "application/x-www-form-urlencoded"})
    if status == 200 and headers.get("Content-Type", "").startswith("audio/"):
        if not is_wav(answer):
            raise Failure(PROTOCOL, "baidu: the answer is not wav audio")
        return answer
    try:
        error = json.loads(answer)
        code, message = int(error.get("err_no")), str(error.get("err_msg", ""))
    except (ValueError, TypeError, AttributeError):
        if status == 429 or status >= 500:
            raise Retry(f"the service failed ({status})", retry_after(headers.get("Retry-After")))
        raise Failure(PROTOCOL, f"baidu: the answer ({status}) is neither audio nor the service's error")
    line = f"err_no {code}: {message}"
    if code == 502:
        raise TokenRefused(f"baidu: the service refused its token ({line})")
    if code == 6:
        raise Failure(NO_PERMISSION, f"baidu: the app has no permission for speech synthesis ({line})")
    if code == 16:
        raise Failure(UNAVAILABLE, f"baidu: the account's character quota is used up ({line})")
    if code in (13, 15, 18, 500):
        raise Retry(f"{line}", retry_after(headers.get("Retry-After")))
    if code in (501, 503, 513):
        raise Failure(DATA, f"baidu: the service refused the request ({line})")
    raise Failure(PROTOCOL, f"baidu: unexpected answer ({line})")
