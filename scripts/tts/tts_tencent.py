"""Tencent Cloud Text To Speech (语音合成), TextToVoice, through its own
Python SDK (tencentcloud-sdk-python-tts, which signs with TC3-HMAC-SHA256).

Request (https://www.tencentcloud.com/document/api/1154/48916): Action
TextToVoice, Version 2019-08-23, Region; Text (at most 150 Chinese
characters), SessionId, VoiceType, Codec wav, SampleRate 16000, Speed
(-2 to 6), PrimaryLanguage 1, ModelType 1. The answer is JSON with Audio,
the wav in base64. Errors are Response.Error.Code: AuthFailure.* a refused
key, RequestLimitExceeded the rate limit, UnsupportedOperation.PkgExhausted /
AccountArrears / ServerNotOpen no quota or no service, InternalError a
passing failure.

Every tone forced: Text is SSML with one <phoneme alphabet="py" ph="yi2 wan4">
element, pinyin with tone numbers 1-5, one syllable per character
(https://www.tencentcloud.com/document/product/1154/47883). Tencent's SSML
is for Chinese (Mandarin) only: a Cantonese voice exists (VoiceType 101019)
but its pronunciation cannot be given in Jyutping, so a Cantonese item is
refused before any request.

Billing: per character of Text's spoken content (tags are markup); the
dry run counts the item's characters.

Keys: TENCENTCLOUD_SECRET_ID, TENCENTCLOUD_SECRET_KEY; TENCENT_TTS_REGION
(default ap-guangzhou); TENCENT_TTS_ENDPOINT, scheme and host
(default https://tts.tencentcloudapi.com), for a stand-in.
"""

import base64
import json
import os
import uuid
from urllib.parse import urlparse

from ttscommon import (DATA, NO_PERMISSION, PROTOCOL, UNAVAILABLE, USAGE, Failure, Retry, is_wav, need,
                       one_per_character, pinyin_ssml, shown_json)

SERVICE = "tencent"
LIMIT = 150
QUOTA_CODES = ("UnsupportedOperation.PkgExhausted", "UnsupportedOperation.AccountArrears",
               "UnsupportedOperation.ServerNotOpen", "UnsupportedOperation.ServerDestroyed",
               "ResourceInsufficient")
RETRY_CODES = ("RequestLimitExceeded", "InternalError", "ClientNetworkError", "ServerNetworkError",
               "ServerUnavailable", "FailedOperation.ServerUnavailable")


def check_options(language, voice, speed):
    if language != "mandarin":
        raise Failure(UNAVAILABLE, "tencent: its SSML gives a pronunciation in pinyin only (phoneme alphabet \"py\"); "
                      "a Cantonese item's tones cannot be forced")
    if not voice.isdigit():
        raise Failure(USAGE, f"tencent: --voice '{voice}' is not a VoiceType number such as 101001")
    if speed is not None:
        try:
            value = float(speed)
        except ValueError:
            value = None
        if value is None or not -2 <= value <= 6:
            raise Failure(USAGE, f"tencent: --speed '{speed}' is not a Speed from -2 to 6")


def plan(language, voice, speed, text, found):
    one_per_character(text, found)
    if len(text) > LIMIT:
        raise Failure(DATA, f"tencent: '{text}' is over the {LIMIT} characters TextToVoice takes")
    request = {
        "Text": pinyin_ssml(text, found),
        "VoiceType": int(voice), "Codec": "wav", "SampleRate": 16000, "PrimaryLanguage": 1, "ModelType": 1,
    }
    if speed is not None:
        request["Speed"] = float(speed)
    return request


def billed(text, request):
    return len(text)


shown = shown_json


def keys():
    from tencentcloud.common import credential
    from tencentcloud.common.profile.client_profile import ClientProfile
    from tencentcloud.common.profile.http_profile import HttpProfile
    from tencentcloud.tts.v20190823 import tts_client

    secret_id, secret_key = need(["TENCENTCLOUD_SECRET_ID", "TENCENTCLOUD_SECRET_KEY"], SERVICE)
    address = urlparse(os.environ.get("TENCENT_TTS_ENDPOINT") or "https://tts.tencentcloudapi.com")
    if address.scheme not in ("http", "https") or not address.netloc:
        raise Failure(USAGE, "tencent: TENCENT_TTS_ENDPOINT must be a scheme and host, such as https://tts.tencentcloudapi.com")
    profile = ClientProfile(httpProfile=HttpProfile(protocol=address.scheme, endpoint=address.netloc, reqTimeout=30))
    region = os.environ.get("TENCENT_TTS_REGION") or "ap-guangzhou"
    return tts_client.TtsClient(credential.Credential(secret_id, secret_key), region, profile)


def synthesize(request, client):
    from tencentcloud.common.exception.tencent_cloud_sdk_exception import TencentCloudSDKException
    from tencentcloud.tts.v20190823 import models

    model = models.TextToVoiceRequest()
    model.from_json_string(json.dumps(dict(request, SessionId=str(uuid.uuid4()))))
    try:
        response = client.TextToVoice(model)
    except TencentCloudSDKException as error:
        code, message = error.get_code() or "", error.get_message() or ""
        line = f"{code}: {message}".strip(": ")
        if code.startswith("AuthFailure"):
            raise Failure(NO_PERMISSION, f"tencent: the service refused the keys TENCENTCLOUD_SECRET_ID/KEY ({line})")
        if code in QUOTA_CODES:
            raise Failure(UNAVAILABLE, f"tencent: no quota or no service for this account ({line})")
        if code in RETRY_CODES or code.startswith("InternalError"):
            raise Retry(f"{line}")
        if code.startswith("InvalidParameter") or code.startswith("MissingParameter"):
            raise Failure(DATA, f"tencent: the service refused the request ({line})")
        raise Failure(PROTOCOL, f"tencent: unexpected answer ({line})")
    try:
        audio = base64.b64decode(response.Audio or "", validate=True)
    except ValueError:
        audio = b""
    if not is_wav(audio):
        raise Failure(PROTOCOL, "tencent: the answer's Audio is not wav audio")
    return audio
