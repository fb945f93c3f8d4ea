"""Tencent Cloud Text To Speech (语音合成), TextToVoice, through its own
Python SDK (tencentcloud-sdk-python-tts, which signs with TC3-HMAC-SHA256).

Request (基础语音合成, https://cloud.tencent.com/document/api/1073/37995):
Action TextToVoice, Version 2019-08-23, Region; Text (at most 150 Chinese
characters), SessionId, VoiceType, Codec wav, SampleRate 16000, Speed
(-2 to 6), PrimaryLanguage 1, ModelType 1. The answer is JSON with Audio,
the wav in base64.

Errors are Response.Error.Code, as the common codes
(https://cloud.tencent.com/document/api/1073/37996) and the product's own
(https://cloud.tencent.com/api/error-center?product=tts, the SDK's
tencentcloud/tts/v20190823/errorcodes.py) spell them:
  - a refused key (77): AuthFailure.*, UnsupportedOperation.AuthorizationFailed
    (鉴权失败), UnsupportedOperation.AuthorizationExpired (鉴权已过期);
  - no quota or no service (69): UnsupportedOperation.NoFreeAccount (免费额度
    已用完), NoBanlance (没有余额; the service's spelling), PkgExhausted,
    AccountArrears (欠费), ServerNotOpen, ServerStopped, ServerDestoryed
    (服务已销毁; the service's spelling), ForbiddenUse, and
    InvalidParameterValue.AppIdNotRegistered (the service not opened);
  - the rate limit, tried again: RequestLimitExceeded.* (common) and
    LimitExceeded.AccessLimit (请求超过限制频率);
  - a passing failure, tried again: InternalError.* (ExceedMaxLimit 负载限流,
    NoResource 暂无资源,请稍后重试, …), FailedOperation.ServerUnavailable and
    the SDK's own network errors;
  - a request refused as malformed (65): InvalidParameter.*,
    InvalidParameterValue.*, MissingParameter.*, UnsupportedOperation.TextTooLong.

Every tone forced: Text is SSML with one <phoneme alphabet="py" ph="yi2">
per character (<speak><phoneme alphabet="py" ph="yi2">一</phoneme><phoneme
alphabet="py" ph="wan4">万</phoneme></speak>), pinyin with tone numbers
1-5: the SSML page (https://cloud.tencent.com/document/product/1073/49575)
describes the py phoneme over one character. Tencent's SSML is for Chinese
(Mandarin) only: a Cantonese voice exists (VoiceType 101019) but its
pronunciation cannot be given in Jyutping, so a Cantonese item is refused
before any request.

Billing: per character of the text synthesised; SSML markup is not billed
(常见问题, "使用 SSML 标记语言会多收费吗? 不会,依旧按照最终合成的字符数收费",
https://cloud.tencent.com/document/product/1073/34090). The dry run counts
the item's characters.

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
KEY_CODES = ("UnsupportedOperation.AuthorizationFailed", "UnsupportedOperation.AuthorizationExpired")
QUOTA_CODES = ("UnsupportedOperation.NoFreeAccount", "UnsupportedOperation.NoBanlance",
               "UnsupportedOperation.PkgExhausted", "UnsupportedOperation.AccountArrears",
               "UnsupportedOperation.ServerNotOpen", "UnsupportedOperation.ServerStopped",
               "UnsupportedOperation.ServerDestoryed", "UnsupportedOperation.ForbiddenUse",
               "InvalidParameterValue.AppIdNotRegistered", "ResourceInsufficient")
RATE_CODES = ("RequestLimitExceeded", "LimitExceeded.AccessLimit")
RETRY_CODES = ("InternalError", "FailedOperation.ServerUnavailable", "ClientNetworkError", "ServerNetworkError",
               "ServerUnavailable")
MALFORMED_CODES = ("InvalidParameter", "InvalidParameterValue", "MissingParameter", "UnsupportedOperation.TextTooLong")


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
        raise refusal(error.get_code() or "", error.get_message() or "")
    try:
        audio = base64.b64decode(response.Audio or "", validate=True)
    except ValueError:
        audio = b""
    if not is_wav(audio):
        raise Failure(PROTOCOL, "tencent: the answer's Audio is not wav audio")
    return audio


def named(code, names):
    """Whether `code` is one of `names` or under one of them (RequestLimitExceeded.IPLimitExceeded)."""
    return any(code == name or code.startswith(name + ".") for name in names)


def refusal(code, message):
    """The failure (or Retry) an error code of the service stands for."""
    line = f"{code}: {message}".strip(": ")
    if code.startswith("AuthFailure") or code in KEY_CODES:
        return Failure(NO_PERMISSION, f"tencent: the service refused the keys TENCENTCLOUD_SECRET_ID/KEY ({line})")
    if code in QUOTA_CODES:
        return Failure(UNAVAILABLE, f"tencent: no quota or no service for this account ({line})")
    if named(code, RATE_CODES):
        return Retry(f"rate limited ({line})")
    if named(code, RETRY_CODES):
        return Retry(line)
    if named(code, MALFORMED_CODES):
        return Failure(DATA, f"tencent: the service refused the request ({line})")
    return Failure(PROTOCOL, f"tencent: unexpected answer ({line})")
