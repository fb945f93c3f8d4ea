"""What each push service checks and answers, for scripts/push/loopback-push.

Each stand-in takes one HTTP request (method, path, query, headers, body)
and returns (status, answer, arrival): the service's JSON answer, and on
success the payload the phone's extension receives (`userInfo`): announce's
fields where the service puts them, with the keys the service adds. Written
from each service's documentation, cited at its class; standard library only.
"""

import base64
import hashlib
import hmac
import json
import time
import urllib.parse
import uuid

# APNs takes at most 4096 bytes of payload; every service ends at APNs.
APNS_LIMIT = 4096


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def basic_matches(headers, user, password):
    expected = "Basic " + base64.b64encode(f"{user}:{password}".encode("utf-8")).decode("ascii")
    return hmac.compare_digest(headers.get("authorization", ""), expected)


def json_object(body):
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def string_map(text):
    """A JSON string holding an object, as the services that carry custom
    fields in a string require; None otherwise."""
    return json_object(text) if isinstance(text, str) else None


class Problem(Exception):
    """A request the service refuses: its status and answer."""

    def __init__(self, status, answer):
        super().__init__(str(answer))
        self.status, self.answer = status, answer


class StandIn:
    """Common state: the keys it made, the one target it delivers to."""

    def __init__(self, keys, target):
        self.keys, self.target = keys, target

    def answer(self, method, path, query, headers, body):
        try:
            status, answer, arrival = self.handle(method, path, query, headers, body)
        except Problem as problem:
            return problem.status, problem.answer, None
        if arrival is not None and not isinstance(self.announce_fields(arrival).get("announce-id"), (str, int)):
            # The stand-in's own check, beyond the service's: a push whose
            # payment id the phone would not find where it reads it.
            return 422, self.own("loopback: no announce-id where the phone reads this service's custom fields"), None
        return status, answer, arrival

    @staticmethod
    def announce_fields(arrival):
        """announce's fields where the phone finds them: top-level keys."""
        return arrival

    def own(self, message):
        """The stand-in's own refusal, in the service's error shape."""
        try:
            self.refuse(*self.OWN_REFUSAL, message)
        except Problem as problem:
            return problem.answer


class JPush(StandIn):
    """https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/ and its error codes
    (https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push#调用返回): POST /v3/push, HTTP
    Basic appKey:masterSecret (401, code 1004), a JSON push object (1003), a target (1011);
    options.apns_production a boolean when given; notification.ios.extras arrive as top-level keys
    beside aps, with JPush's _j_ keys."""

    NAMES = {"JPUSH_APP_KEY": 24, "JPUSH_MASTER_SECRET": 24}
    OWN_REFUSAL = (422, 1003)

    def refuse(self, status, code, message):
        raise Problem(status, {"error": {"code": code, "message": message}})

    def handle(self, method, path, query, headers, body):
        if path != "/v3/push" or method != "POST":
            self.refuse(404, 1001, "only POST /v3/push")
        if not basic_matches(headers, self.keys["JPUSH_APP_KEY"], self.keys["JPUSH_MASTER_SECRET"]):
            self.refuse(401, 1004, "Authen failed")
        push = json_object(body)
        if push is None:
            self.refuse(400, 1003, "the push is not a JSON object")
        platform = push.get("platform")
        if platform != "all" and not (isinstance(platform, list) and "ios" in platform):
            self.refuse(400, 1003, "platform must include ios")
        audience = push.get("audience")
        if not isinstance(audience, dict) or audience.get("registration_id") != [self.target]:
            self.refuse(400, 1011, "cannot find user by this audience")
        ios = (push.get("notification") or {}).get("ios")
        if not isinstance(ios, dict) or "alert" not in ios:
            self.refuse(400, 1003, "notification.ios.alert is required")
        extras = ios.get("extras", {})
        if not isinstance(extras, dict):
            self.refuse(400, 1003, "notification.ios.extras must be a JSON object")
        options = push.get("options") or {}
        if not isinstance(options.get("time_to_live", 86400), int):
            self.refuse(400, 1003, "options.time_to_live must be a whole number of seconds")
        if len(str(options.get("apns_collapse_id", "")).encode("utf-8")) > 64:
            self.refuse(400, 1003, "options.apns_collapse_id is longer than 64 bytes")
        if not isinstance(options.get("apns_production", True), bool):
            # "true：表示推送生产环境。 false：表示推送开发环境。" (the options table).
            self.refuse(400, 1003, "options.apns_production must be true or false")
        aps = {"alert": ios["alert"]}
        if "sound" in ios:
            aps["sound"] = ios["sound"]
        if ios.get("mutable-content") is True:
            aps["mutable-content"] = 1
        message_id = str(int(time.time() * 1000))
        arrival = {"aps": aps, **extras, "_j_msgid": int(message_id), "_j_business": 1, "_j_uid": 31415926}
        if len(compact(arrival)) > APNS_LIMIT:
            self.refuse(400, 1003, "Msg content too long")
        return 200, {"sendno": "0", "msg_id": message_id}, arrival


class Aliyun(StandIn):
    """https://help.aliyun.com/document_detail/48089.html (Push) signed as
    https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature describes
    (ACS3-HMAC-SHA256 over the canonical request: x-acs-* headers, host, content-type). Parameters
    in the query; iOSExtParameters a JSON map of strings in a string, whose keys arrive top-level with
    the strings given, and no key of Aliyun's own beside them (help.aliyun.com/document_detail/50271)."""

    NAMES = {"ALIBABA_CLOUD_ACCESS_KEY_ID": 24, "ALIBABA_CLOUD_ACCESS_KEY_SECRET": 30, "ALIYUN_PUSH_APP_KEY": 0}
    OWN_REFUSAL = (422, "Loopback.AnnounceFields")

    def refuse(self, status, code, message):
        raise Problem(status, {"RequestId": str(uuid.uuid4()).upper(), "HostId": "cloudpush.aliyuncs.com",
                               "Code": code, "Message": message})

    @staticmethod
    def encode(text):
        return urllib.parse.quote(text, safe="-_.~")

    def check_signature(self, method, path, query, headers, body):
        authorization = headers.get("authorization", "")
        algorithm, _, rest = authorization.partition(" ")
        parts = dict(part.split("=", 1) for part in rest.split(",") if "=" in part)
        if algorithm != "ACS3-HMAC-SHA256" or not {"Credential", "SignedHeaders", "Signature"} <= parts.keys():
            self.refuse(400, "IncompleteSignature", "The request signature does not conform to Aliyun standards.")
        if parts["Credential"] != self.keys["ALIBABA_CLOUD_ACCESS_KEY_ID"]:
            self.refuse(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.")
        if headers.get("x-acs-content-sha256") != hashlib.sha256(body).hexdigest():
            self.refuse(400, "IncompleteSignature", "x-acs-content-sha256 is not the SHA-256 of the body")
        signed = parts["SignedHeaders"].split(";")
        required = {"host", "x-acs-action", "x-acs-version", "x-acs-date", "x-acs-signature-nonce", "x-acs-content-sha256"}
        if not required <= set(signed) or signed != sorted(signed):
            self.refuse(400, "IncompleteSignature", "SignedHeaders must list host and the x-acs-* headers, sorted")
        canonical = "\n".join([
            method, path,
            "&".join(f"{self.encode(name)}={self.encode(value)}" for name, value in sorted(query)),
            "".join(f"{name}:{headers.get(name, '').strip()}\n" for name in signed),
            ";".join(signed),
            headers["x-acs-content-sha256"],
        ])
        to_sign = "ACS3-HMAC-SHA256\n" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()
        expected = hmac.new(self.keys["ALIBABA_CLOUD_ACCESS_KEY_SECRET"].encode("utf-8"), to_sign.encode("utf-8"),
                            hashlib.sha256).hexdigest()
        if not hmac.compare_digest(parts["Signature"], expected):
            self.refuse(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.")

    def handle(self, method, path, query, headers, body):
        if method != "POST" or path != "/":
            self.refuse(404, "InvalidAction.NotFound", "only POST /")
        self.check_signature(method, path, query, headers, body)
        if headers.get("x-acs-action") != "Push" or headers.get("x-acs-version") != "2016-08-01":
            self.refuse(400, "InvalidAction.NotFound", "Specified api is not found, please check your url and method.")
        parameters = dict(query)
        expected = {"PushType": "NOTICE", "DeviceType": "iOS", "Target": "DEVICE"}
        for name, value in expected.items():
            if parameters.get(name) != value:
                self.refuse(400, "InvalidParameter", f"{name} must be {value} for an iOS notification")
        if parameters.get("AppKey") != self.keys["ALIYUN_PUSH_APP_KEY"]:
            self.refuse(400, "InvalidAppKey.NotExists", "The specified AppKey does not exist.")
        if parameters.get("TargetValue") != self.target:
            self.refuse(400, "InvalidParameter", "TargetValue names no device of this app")
        if parameters.get("iOSApnsEnv") not in ("DEV", "PRODUCT"):
            self.refuse(400, "InvalidEnv", "Env must be [DEV、PRODUCT].")
        if not parameters.get("Body"):
            self.refuse(400, "MissingBody", "Body is mandatory for this action.")
        extras = string_map(parameters.get("iOSExtParameters", "{}"))
        if extras is None or not all(isinstance(value, str) for value in extras.values()):
            self.refuse(400, "InvalidJsonExtParameter", "The specified ExtParameter is not valid json format of map.")
        try:
            time.strptime(parameters.get("ExpireTime", ""), "%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            self.refuse(400, "InvalidParameter.ExpireTime", "ExpireTime must be yyyy-MM-ddTHH:mm:ssZ in UTC")
        alert = {"body": parameters["Body"]}
        if parameters.get("Title"):
            alert["title"] = parameters["Title"]
        aps = {"alert": alert}
        # iOSMusic: a file name plays it, an empty one is silent, none is the default sound.
        music = parameters.get("iOSMusic", "default")
        if music:
            aps["sound"] = music
        # Booleans as Java reads them: the SDK writes Python's "True".
        if parameters.get("iOSMutableContent", "").lower() == "true":
            aps["mutable-content"] = 1
        message_id = str(uuid.uuid4().int % 10 ** 18)
        # Aliyun documents no key of its own in an iOS notification: its pages show the
        # iOSExtParameters keys beside aps and nothing else (help.aliyun.com/document_detail/50271).
        # _ALIYUN_NOTIFICATION_ID_ is its Android SDK's key in the extras it hands the app.
        arrival = {"aps": aps, **extras}
        if len(compact(arrival)) > APNS_LIMIT:
            self.refuse(400, "AppLimitExceed", "The specified payload beyond the permitted range.")
        return 200, {"RequestId": str(uuid.uuid4()).upper(), "MessageId": message_id}, arrival
