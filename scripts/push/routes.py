"""Each push service's request, built from a Push and the service's keys.

Every route returns a one-line success text or raises Failure with the exit
status and one line. JPush and Aliyun EMAS Push go through their own SDKs
(jpush, alibabacloud-push20160801); Getui, Tencent Push and Umeng are
written here from their REST documentation (see send-through --help for
why), with requests. Nothing is retried: each route makes one call (Getui
two when it has no valid token kept: its token, then the push; one more of
each when Getui refuses a kept token).
"""

import datetime
import hashlib
import json
import os
import time
import uuid

import requests

import tokenstore

# Exit statuses, as send-through --help documents them.
REFUSED = 1
BAD_OPTIONS = 64
NOT_A_PUSH = 65
UNREACHABLE = 69
NO_ANSWER = 75
CREDENTIALS = 77


class Failure(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def network_failure(service, error):
    """A failed call as its exit status: no answer in time, or unreachable."""
    seen = error
    while seen is not None:
        if isinstance(seen, (requests.Timeout, TimeoutError)) or "timeout" in type(seen).__name__.lower():
            return Failure(NO_ANSWER, f"no answer from {service} within the time limit")
        # Alibaba Cloud's SDK keeps the transport's error as inner_exception.
        seen = getattr(seen, "inner_exception", None) or seen.__cause__ or seen.__context__
    return Failure(UNREACHABLE, f"cannot reach {service}: {type(error).__name__}")


def post_json(service, url, body, timeout, headers=None, auth=None):
    """One POST of a JSON body; the parsed JSON answer and the status."""
    try:
        answer = requests.post(url, data=json.dumps(body, ensure_ascii=False).encode("utf-8"), timeout=timeout,
                               headers={"content-type": "application/json;charset=utf-8", **(headers or {})}, auth=auth)
    except requests.RequestException as error:
        raise network_failure(service, error) from None
    return answer.status_code, json_answer(service, answer)


def json_answer(service, answer):
    """The answer's JSON object; anything else is a refusal in one line."""
    try:
        value = answer.json()
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise Failure(REFUSED, f"refused: {service} answered {answer.status_code} without a JSON object")
    return value


# JPush's APNs environment, options.apns_production, a boolean: "该字段仅对 iOS 的 Notification 有效，如果不指定
# 则为推送生产环境。注意：JPush 服务端 SDK 默认设置为推送 “开发环境”。 true：表示推送生产环境。 false：表示推送开发环境。"
# (Push API v3's options table, https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/). Here from
# JPUSH_APNS_PRODUCTION, true or false, in --keys FILE or the environment; --production says true; neither,
# false (development, as JPush's own server SDKs default). It must match the app's build (the app's
# apsForProduction), so it is sent every time, never left to a default that differs between JPush's API and
# its SDKs.
JPUSH_PRODUCTION = "JPUSH_APNS_PRODUCTION"


def jpush_production(keys, arguments):
    """options.apns_production: --production, else JPUSH_APNS_PRODUCTION, else false (development)."""
    value = keys.get(JPUSH_PRODUCTION)
    if value is None:
        return bool(arguments.production)
    if value not in ("true", "false"):
        raise Failure(BAD_OPTIONS, f"{JPUSH_PRODUCTION} must be true or false, not {value!r}")
    if arguments.production and value == "false":
        raise Failure(BAD_OPTIONS, f"--production and {JPUSH_PRODUCTION}=false disagree")
    return value == "true"


# JPush: https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/ (POST /v3/push, HTTP Basic
# appKey:masterSecret; notification.ios with extras, sound, mutable-content; options.time_to_live,
# apns_production, apns_collapse_id).
def jpush(push, keys, arguments):
    import logging

    import jpush as sdk
    from jpush import common

    # The SDK logs failed answers on its own; the one line is ours.
    logging.getLogger("jpush").disabled = True

    zone = "default"
    if arguments.endpoint:
        # The SDK's own endpoint table: a zone of our own for the stand-in.
        base = arguments.endpoint.rstrip("/") + "/v3/"
        common.ZONES["LOOPBACK"] = {name: base for name in common.ZONES["DEFAULT"]}
        zone = "loopback"
    production = jpush_production(keys, arguments)
    client = sdk.JPush(keys["JPUSH_APP_KEY"], keys["JPUSH_MASTER_SECRET"], timeout=arguments.timeout, zone=zone)
    ios = {"alert": {"title": push.title, "body": push.body} if push.title else push.body, "extras": push.fields}
    if push.sound:
        ios["sound"] = push.sound
    if push.mutable:
        ios["mutable-content"] = True
    request = client.create_push()
    request.platform = ["ios"]
    request.audience = {"registration_id": [arguments.target]}
    request.notification = {"ios": ios}
    request.options = {"time_to_live": arguments.max_age, "apns_production": production}
    if push.collapse_id:
        request.options["apns_collapse_id"] = push.collapse_id
    try:
        answer = request.send()
    except common.Unauthorized:
        raise Failure(CREDENTIALS, "JPush rejected the app key and master secret (401)") from None
    except common.JPushFailure as error:
        status = getattr(error.response, "status_code", "")
        raise Failure(REFUSED, f"refused: {status} {error.error_code} {error.details}") from None
    except (common.APIConnectionException, common.APIRequestException) as error:
        raise network_failure("JPush", error) from None
    except (AttributeError, ValueError):
        # The SDK cannot read an error answer without JPush's error object.
        raise Failure(REFUSED, "refused: JPush answered with an error the SDK cannot read") from None
    return f"sent: jpush msg_id {answer.payload.get('msg_id')}"


# Aliyun EMAS Push: https://help.aliyun.com/document_detail/48089.html (Action=Push, AppKey,
# PushType NOTICE, DeviceType iOS, Target DEVICE, iOSApnsEnv, iOSMusic, iOSMutableContent,
# iOSExtParameters as a JSON map of strings in a string, ExpireTime, iOSNotificationCollapseId),
# signed by the SDK (Alibaba Cloud's ACS3-HMAC-SHA256).
def aliyun(push, keys, arguments):
    from alibabacloud_push20160801 import models
    from alibabacloud_push20160801.client import Client
    from alibabacloud_tea_openapi import exceptions
    from alibabacloud_tea_openapi import models as openapi
    from darabonba.runtime import RuntimeOptions

    config = openapi.Config(access_key_id=keys["ALIBABA_CLOUD_ACCESS_KEY_ID"],
                            access_key_secret=keys["ALIBABA_CLOUD_ACCESS_KEY_SECRET"], region_id="cn-hangzhou")
    if arguments.endpoint:
        scheme, _, host = arguments.endpoint.rstrip("/").partition("://")
        config.protocol, config.endpoint = scheme, host
    try:
        app_key = int(keys["ALIYUN_PUSH_APP_KEY"])
    except ValueError:
        raise Failure(BAD_OPTIONS, "ALIYUN_PUSH_APP_KEY must be the app's number") from None
    expiry = datetime.datetime.fromtimestamp(time.time() + arguments.max_age, datetime.timezone.utc)
    request = models.PushRequest(
        app_key=app_key, push_type="NOTICE", device_type="iOS", target="DEVICE", target_value=arguments.target,
        title=push.title or None, body=push.body, i_osapns_env="PRODUCT" if arguments.production else "DEV",
        # An empty iOSMusic is a silent notification; none at all would be the default sound.
        i_osmusic=push.sound or "", i_osmutable_content=push.mutable or None,
        i_osext_parameters=json.dumps(push.string_fields(), ensure_ascii=False, separators=(",", ":"), sort_keys=True),
        store_offline=True,
        expire_time=expiry.strftime("%Y-%m-%dT%H:%M:%SZ"), i_osnotification_collapse_id=push.collapse_id)
    milliseconds = int(arguments.timeout * 1000)
    runtime = RuntimeOptions(autoretry=False, max_attempts=1, read_timeout=milliseconds, connect_timeout=milliseconds)
    try:
        answer = Client(config).push_with_options(request, runtime)
    except exceptions.AlibabaCloudException as error:
        code = error.code or ""
        if code.startswith(("InvalidAccessKeyId", "SignatureDoesNotMatch", "IncompleteSignature", "Forbidden")):
            raise Failure(CREDENTIALS, f"Aliyun rejected the AccessKey: {error.status_code} {code}") from None
        raise Failure(REFUSED, f"refused: {error.status_code} {code} {error.message}") from None
    except Exception as error:  # the SDK raises its transport's own errors
        raise network_failure("Aliyun", error) from None
    return f"sent: aliyun MessageId {answer.body.message_id}"


# Getui RestAPI V2: https://docs.getui.com/getui/server/rest_v2/token (POST $BaseUrl/auth,
# sign = sha256(appkey + timestamp + mastersecret); a token for a day, refreshed when a call
# answers 10001) and https://docs.getui.com/getui/server/rest_v2/push/ (POST
# $BaseUrl/push/single/cid with the token header; push_channel.ios: type notify, aps, payload
# string, apns-collapse-id; settings.ttl in ms, settings.strategy.ios below).
GETUI_TOKEN_INVALID = 10001


def getui_token(base, keys, arguments):
    """Getui's token: the kept one while valid (less a minute), else a new
    one from /auth, kept. Returns the token, its file, and whether it was
    kept from an earlier run."""
    fingerprint = hashlib.sha256("\n".join([base, keys["GETUI_APP_KEY"], keys["GETUI_MASTER_SECRET"]]).encode()).hexdigest()
    path = os.path.join(tokenstore.folder(arguments.token_cache), f"getui-token-{fingerprint[:32]}.json")
    with tokenstore.lock(path):
        token = tokenstore.read(path, fingerprint, time.time() + 60)
        if token:
            return token, path, True
        return new_getui_token(base, keys, arguments, path, fingerprint)


def new_getui_token(base, keys, arguments, path, fingerprint):
    """A token from Getui's /auth, kept."""
    timestamp = str(int(time.time() * 1000))
    sign = hashlib.sha256((keys["GETUI_APP_KEY"] + timestamp + keys["GETUI_MASTER_SECRET"]).encode("utf-8")).hexdigest()
    status, answer = post_json("Getui", base + "/auth", {"sign": sign, "timestamp": timestamp, "appkey": keys["GETUI_APP_KEY"]},
                               arguments.timeout)
    data = answer.get("data") if isinstance(answer.get("data"), dict) else {}
    token, until = data.get("token"), str(data.get("expire_time", ""))
    if status != 200 or answer.get("code") != 0 or not isinstance(token, str) or not until.isdigit():
        raise Failure(CREDENTIALS, f"Getui refused the app key and master secret: {answer.get('code')} {answer.get('msg')}")
    tokenstore.keep(path, fingerprint, token, int(until) / 1000)
    return token, path, False


# Getui's silent iOS sound: push_channel.ios.aps.sound "通知铃声文件名，如果铃声文件未找到，响铃为系统
# 默认铃声。无声设置为“com.gexin.ios.silence”或不填" (RestAPI V2's parameter page,
# https://docs.getui.com/getui/server/rest_v2/common_args/, the aps table; Getui's own Java client
# for RestAPI V2: "通知铃声文件名，无声设置为“com.gexin.ios.silence”", GetuiLaboratory/
# getui-pushapi-java-client-v2, src/main/java/com/getui/push/v2/sdk/dto/req/message/ios/Aps.java).
# A push without a sound (a held payment) names it, as documented, rather than leaving the key
# out: Getui's server SDK before V2 put "default" in a sound left empty (its APNPayload).
GETUI_SILENCE = "com.gexin.ios.silence"

# Getui's channel for iOS, settings.strategy.ios: "1: 表示该消息在用户在线时推送个推通道，用户离线时推送厂商通道；
# 2: 表示该消息只通过厂商通道策略下发，不考虑用户是否在线；3: 表示该消息只通过个推通道下发，不考虑用户是否在线；4: 表示该消
# 息优先从厂商通道下发，若消息内容在厂商通道代发失败后会从个推通道下发", and for ios "要推送ios通道 … 建议填写2或4，否则可能
# 会有消息不展示的问题" (the strategy table, https://docs.getui.com/getui/server/java/advanced, 厂商下发策略;
# RestAPI V2 takes the same object in settings.strategy, https://docs.getui.com/getui/server/rest_v2/common_args/:
# "strategy":{"default":1,"ios":4,"st":4}). The default, 1, sends a phone whose app is online Getui's
# transmission over its own connection: no extension runs and GTSDK hands the app {"payload": …} alone.
# 4 sends through APNs first (the extension says the payment from the pack) and keeps Getui's own
# connection as the retry when APNs fails, which the app, if open, says from the transmission.
GETUI_IOS_STRATEGY = 4


def getui(push, keys, arguments):
    base = (arguments.endpoint.rstrip("/") if arguments.endpoint else "https://restapi.getui.com") + "/v2/" + keys["GETUI_APP_ID"]
    aps = dict(push.aps)
    if not push.sound:
        aps["sound"] = GETUI_SILENCE
    ios = {"type": "notify", "aps": aps, "payload": push.fields_json()}
    if push.collapse_id:
        ios["apns-collapse-id"] = push.collapse_id
    body = {
        "request_id": uuid.uuid4().hex,
        "settings": {"ttl": arguments.max_age * 1000, "strategy": {"ios": GETUI_IOS_STRATEGY}},
        "audience": {"cid": [arguments.target]},
        "push_message": {"transmission": push.fields_json()},
        "push_channel": {"ios": ios},
    }
    token, path, kept = getui_token(base, keys, arguments)
    status, answer = post_json("Getui", base + "/push/single/cid", body, arguments.timeout, headers={"token": token})
    if answer.get("code") == GETUI_TOKEN_INVALID:
        # A kept token Getui no longer takes: one new token, one more try.
        tokenstore.forget(path)
        if kept:
            token, path, _ = getui_token(base, keys, arguments)
            status, answer = post_json("Getui", base + "/push/single/cid", body, arguments.timeout, headers={"token": token})
    if status != 200 or answer.get("code") != 0:
        raise Failure(REFUSED, f"refused: {status} {answer.get('code')} {answer.get('msg')}")
    tasks = answer.get("data") if isinstance(answer.get("data"), dict) else {}
    return f"sent: getui taskid {next(iter(tasks), '')}"


# Tencent Push (TPNS): https://cloud.tencent.com/document/product/548/39064 (POST /v3/push/app,
# HTTP Basic AccessID:SecretKey; audience_type token, message_type notify, environment,
# expire_time; message.ios.aps and custom_content) and its error codes,
# https://cloud.tencent.com/document/product/548/39080. tpns_online_push_type 1: Tencent Push's own
# channel (its SDK's long connection, iOS SDK 1.2.8.0 and later) is otherwise preferred for a phone
# whose app is online (the default, 0), and a push delivered that way never reaches APNs, so no
# Notification Service Extension runs and no sound plays. With 1, APNs is preferred and Tencent
# Push's channel is only its retry when APNs fails (channel_rules and tpns_online_push_type,
# https://www.tencentcloud.com/document/product/1024/33764; Channel Policies,
# https://www.tencentcloud.com/document/product/1024/36151). The "apns" channel is never disabled.
def tpns(push, keys, arguments):
    url = (arguments.endpoint.rstrip("/") if arguments.endpoint else "https://api.tpns.tencent.com") + "/v3/push/app"
    body = {
        "audience_type": "token",
        "token_list": [arguments.target],
        "message_type": "notify",
        "environment": "product" if arguments.production else "dev",
        "expire_time": arguments.max_age,
        "tpns_online_push_type": 1,
        "message": {"title": push.title, "content": push.body,
                    "ios": {"aps": push.aps, "custom_content": push.fields_json()}},
    }
    status, answer = post_json("Tencent Push", url, body, arguments.timeout,
                               auth=(keys["TPNS_ACCESS_ID"], keys["TPNS_SECRET_KEY"]))
    code = answer.get("ret_code")
    if code == 1008003 or status == 401:
        raise Failure(CREDENTIALS, f"Tencent Push rejected the access ID and secret key: {code} {answer.get('err_msg')}")
    if status != 200 or code != 0:
        raise Failure(REFUSED, f"refused: {status} {code} {answer.get('err_msg')}")
    return f"sent: tpns push_id {answer.get('push_id')}"


# Umeng U-Push: http://dev.umeng.com/push/ios/api-doc, now https://developer.umeng.com/docs/67966/detail/68343
# (POST /api/send?sign=MD5("POST" + url + body + app_master_secret); type unicast, device_tokens,
# payload with aps and custom string values beside it, policy.expire_time, production_mode), whose
# parameter list (read through the copies Umeng's server SDK samples and its API guide carry) gives "payload": "必填，JSON格式，具体消息内容(iOS最大为2012B)" and
# "policy"."apns_collapse_id": "可选，多条带有相同apns_collapse_id的消息，iOS设备仅展示最新的一条，字段长度不得
# 超过64bytes"; its error codes: 2021 appkey不存在, 2022 payload长度过长, 2027 签名不正确, 2007 未对请求进行签名.
UMENG_PAYLOAD_LIMIT = 2012
UMENG_KEYS_REJECTED = ("2021", "2027", "2007")


def umeng_payload_size(payload):
    """The payload's bytes as sent: compact UTF-8 JSON, as the request body carries it."""
    return len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def umeng(push, keys, arguments):
    url = (arguments.endpoint.rstrip("/") if arguments.endpoint else "https://msgapi.umeng.com") + "/api/send"
    payload = {"aps": push.aps, **push.string_fields()}
    size = umeng_payload_size(payload)
    if size > UMENG_PAYLOAD_LIMIT:
        # Umeng would answer 2022; refused here, before any request, as a line that is no Umeng push.
        raise Failure(NOT_A_PUSH, f"the Umeng payload is {size} bytes; Umeng takes at most {UMENG_PAYLOAD_LIMIT} bytes for iOS")
    beijing = datetime.timezone(datetime.timedelta(hours=8))
    expiry = datetime.datetime.fromtimestamp(time.time() + arguments.max_age, beijing)
    policy = {"expire_time": expiry.strftime("%Y-%m-%d %H:%M:%S")}
    if push.collapse_id:
        policy["apns_collapse_id"] = push.collapse_id
    body = json.dumps({
        "appkey": keys["UMENG_APP_KEY"],
        "timestamp": str(int(time.time())),
        "type": "unicast",
        "device_tokens": arguments.target,
        "payload": payload,
        "policy": policy,
        "production_mode": "true" if arguments.production else "false",
        "description": "announce " + str(push.fields.get("announce-id", "")),
    }, ensure_ascii=False, separators=(",", ":"))
    sign = hashlib.md5(("POST" + url + body + keys["UMENG_MASTER_SECRET"]).encode("utf-8")).hexdigest()
    try:
        answer = requests.post(url, params={"sign": sign}, data=body.encode("utf-8"), timeout=arguments.timeout,
                               headers={"content-type": "application/json"})
    except requests.RequestException as error:
        raise network_failure("Umeng", error) from None
    status, result = answer.status_code, json_answer("Umeng", answer)
    data = result.get("data") if isinstance(result.get("data"), dict) else {}
    if result.get("ret") != "SUCCESS":
        code = str(data.get("error_code"))
        if code in UMENG_KEYS_REJECTED:
            raise Failure(CREDENTIALS, f"Umeng rejected the app key and master secret: {code} {data.get('error_msg')}")
        raise Failure(REFUSED, f"refused: {status} {code} {data.get('error_msg')}")
    return f"sent: umeng msg_id {data.get('msg_id')}"


ROUTES = {"jpush": jpush, "aliyun": aliyun, "getui": getui, "tpns": tpns, "umeng": umeng}

# The keys each route reads, from --keys FILE or the environment.
KEYS = {
    "jpush": ["JPUSH_APP_KEY", "JPUSH_MASTER_SECRET"],
    "aliyun": ["ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "ALIYUN_PUSH_APP_KEY"],
    "getui": ["GETUI_APP_ID", "GETUI_APP_KEY", "GETUI_MASTER_SECRET"],
    "tpns": ["TPNS_ACCESS_ID", "TPNS_SECRET_KEY"],
    "umeng": ["UMENG_APP_KEY", "UMENG_MASTER_SECRET"],
}

# Settings a route reads when they are given, from --keys FILE or the environment.
SETTINGS = {"jpush": [JPUSH_PRODUCTION]}

