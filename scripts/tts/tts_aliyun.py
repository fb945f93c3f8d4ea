"""Alibaba Cloud Intelligent Speech Interaction (智能语音交互), speech
synthesis through its RESTful API, with a token from CreateToken.

Token (https://www.alibabacloud.com/help/en/isi/user-guide/obtain-an-access-token):
CreateToken, version 2019-02-28, at nls-meta.cn-shanghai.aliyuncs.com,
called with Alibaba Cloud's own SDK (aliyun-python-sdk-core, which signs
the RPC request with the AccessKey); the answer's Token.Id is the token.

Synthesis (https://www.alibabacloud.com/help/en/isi/user-guide/restful-api-3):
POST https://nls-gateway-cn-shanghai.aliyuncs.com/stream/v1/tts, a JSON body
with appkey, token, text (at most 300 characters), format wav,
sample_rate 16000, voice, speech_rate (-500 to 500); the answer is the audio,
or JSON with status and message: 40000001 a bad or expired token,
40000005 too many requests, 40000010 the free trial is over,
40000002/40000003 a bad request, 5000000x a passing failure of the service.
This call is written here: the Python NLS SDK (alibabacloud-nls-python-sdk)
speaks the WebSocket gateway only, while the RESTful endpoint is the
documented one-request-one-audio route.

Every tone forced: text is SSML with one <phoneme alphabet="py" ph="yi2">
per character (<speak><phoneme alphabet="py" ph="yi2">一</phoneme><phoneme
alphabet="py" ph="wan4">万</phoneme></speak>), pinyin with tone numbers
(https://help.aliyun.com/document_detail/2672807.html, <phoneme>: a ph of
one syllable per character of the element, elements among the text inside
<speak>); an element per character, as Tencent's page asks, leaves the
service no way to spread the syllables over the characters its own way.
The SSML is for Chinese and English voices; Cantonese voices exist
(jiajia, taozi) but the phoneme takes pinyin only, so a Cantonese item is
refused before any request.

Billing: 语音合成 is billed per call, by the thousand calls, whatever the
text's length within a request's 300 characters
(https://help.aliyun.com/document_detail/207373.html, 计费说明); the dry run
counts one call per item.

The token is kept (mode 0600, in the cache folder's tokens/) until a minute
before its ExpireTime, so a build asks for one, not one per item.

Keys: ALIBABA_CLOUD_ACCESS_KEY_ID, ALIBABA_CLOUD_ACCESS_KEY_SECRET (for the
token) and ALIYUN_NLS_APPKEY (the project); ALIYUN_NLS_ENDPOINT (the
synthesis URL) and ALIYUN_NLS_TOKEN_ENDPOINT (scheme and host of CreateToken)
for a stand-in.
"""

import json
import os
from urllib.parse import urlparse

import httpcall
from ttscommon import (DATA, NO_PERMISSION, PROTOCOL, UNAVAILABLE, USAGE, Failure, Retry, is_wav, need,
                       one_per_character, pinyin_ssml, retry_after, shown_json, with_token, TokenRefused)

SERVICE = "aliyun"
LIMIT = 300
ENDPOINT = "https://nls-gateway-cn-shanghai.aliyuncs.com/stream/v1/tts"
TOKEN_ENDPOINT = "https://nls-meta.cn-shanghai.aliyuncs.com"


def check_options(language, voice, speed):
    if language != "mandarin":
        raise Failure(UNAVAILABLE, "aliyun: its SSML gives a pronunciation in pinyin only (phoneme alphabet \"py\"); "
                      "a Cantonese item's tones cannot be forced")
    if not voice.isascii() or not voice.isalnum() or not voice.islower():
        raise Failure(USAGE, f"aliyun: --voice '{voice}' is not a voice name such as xiaoyun")
    if speed is not None and not (speed.lstrip("-").isdigit() and -500 <= int(speed) <= 500):
        raise Failure(USAGE, f"aliyun: --speed '{speed}' is not a speech_rate from -500 to 500")


def plan(language, voice, speed, text, found):
    one_per_character(text, found)
    if len(text) > LIMIT:
        raise Failure(DATA, f"aliyun: '{text}' is over the {LIMIT} characters a request takes")
    request = {
        "text": pinyin_ssml(text, found),
        "format": "wav", "sample_rate": 16000, "voice": voice,
    }
    if speed is not None:
        request["speech_rate"] = int(speed)
    return request


def billed(text, request):
    return 1


shown = shown_json


def keys():
    key_id, key_secret, appkey = need(
        ["ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "ALIYUN_NLS_APPKEY"], SERVICE)
    return {"id": key_id, "secret": key_secret, "appkey": appkey}


def token(session):
    from aliyunsdkcore.acs_exception.exceptions import ClientException, ServerException
    from aliyunsdkcore.client import AcsClient
    from aliyunsdkcore.request import CommonRequest

    address = urlparse(os.environ.get("ALIYUN_NLS_TOKEN_ENDPOINT") or TOKEN_ENDPOINT)
    if address.scheme not in ("http", "https") or not address.hostname:
        raise Failure(USAGE, "aliyun: ALIYUN_NLS_TOKEN_ENDPOINT must be a scheme and host, such as " + TOKEN_ENDPOINT)
    port = address.port or (443 if address.scheme == "https" else 80)
    client = AcsClient(session["id"], session["secret"], "cn-shanghai", auto_retry=False, port=port, timeout=30)
    request = CommonRequest()
    request.set_method("POST")
    request.set_domain(address.hostname)
    request.set_protocol_type(address.scheme)
    request.set_version("2019-02-28")
    request.set_action_name("CreateToken")
    try:
        answer = json.loads(client.do_action_with_exception(request))
    except ServerException as error:
        code, status = error.get_error_code() or "", error.get_http_status()
        line = f"{status} {code}: {error.get_error_msg()}"
        if status in (401, 403, 404) or code.startswith("InvalidAccessKey") or code in ("SignatureDoesNotMatch", "Forbidden.RAM"):
            raise Failure(NO_PERMISSION, f"aliyun: the service refused the AccessKey ALIBABA_CLOUD_ACCESS_KEY_ID/SECRET ({line})")
        if status == 429 or code.startswith("Throttling") or (status or 0) >= 500:
            raise Retry(f"CreateToken: {line}")
        raise Failure(PROTOCOL, f"aliyun: CreateToken failed ({line})")
    except ClientException as error:
        raise Retry(f"CreateToken: {error.get_error_msg()}")
    except ValueError:
        raise Failure(PROTOCOL, "aliyun: CreateToken's answer is not JSON")
    value = (answer.get("Token") or {}).get("Id")
    expires = (answer.get("Token") or {}).get("ExpireTime")
    if not isinstance(value, str) or not value or not isinstance(expires, (int, float)):
        raise Failure(PROTOCOL, "aliyun: CreateToken's answer has no Token.Id and ExpireTime")
    return value, expires


def synthesize(request, session):
    url = os.environ.get("ALIYUN_NLS_ENDPOINT") or ENDPOINT
    identity = "\n".join([session["id"], os.environ.get("ALIYUN_NLS_TOKEN_ENDPOINT") or TOKEN_ENDPOINT])
    return with_token(SERVICE, identity, lambda: token(session), lambda access_token: call(request, session, url, access_token))


def call(request, session, url, access_token):
    body = dict(request, appkey=session["appkey"], token=access_token)
    status, headers, answer = httpcall.post(url, json.dumps(body, ensure_ascii=False).encode("utf-8"),
                                            {"Content-Type": "application/json"})
    if status == 200 and is_wav(answer):
        return answer
    try:
        error = json.loads(answer)
        code, message = int(error.get("status")), str(error.get("message", ""))
    except (ValueError, TypeError, AttributeError):
        if status == 429 or status >= 500:
            raise Retry(f"the service failed ({status})", retry_after(headers.get("Retry-After")))
        raise Failure(PROTOCOL, f"aliyun: the answer ({status}) is neither wav audio nor the service's error")
    line = f"{code}: {message}"
    if code == 40000001:
        raise TokenRefused(f"aliyun: the service refused its token ({line})")
    if code in (40020105, 40020106):
        raise Failure(NO_PERMISSION, f"aliyun: the service refused ALIYUN_NLS_APPKEY ({line})")
    if code == 40000005:
        raise Retry(f"too many requests ({line})", retry_after(headers.get("Retry-After")))
    if code == 40000010:
        raise Failure(UNAVAILABLE, f"aliyun: no quota left for this account ({line})")
    if code in (40000002, 40000003, 40000004):
        raise Failure(DATA, f"aliyun: the service refused the request ({line})")
    if code // 10000000 == 5:
        raise Retry(f"the service failed ({line})")
    raise Failure(PROTOCOL, f"aliyun: unexpected answer ({status}, {line})")
