"""The stand-ins for Getui, Tencent Push and Umeng (see standins.py)."""

import hashlib
import hmac
import time
import uuid

from standins import APNS_LIMIT, Problem, StandIn, basic_matches, compact, json_object, string_map

# Getui's silent iOS sound (see Getui below).
SILENCE = "com.gexin.ios.silence"


class Getui(StandIn):
    """https://docs.getui.com/getui/server/rest_v2/token (POST /v2/$appId/auth with sign =
    sha256(appkey + timestamp + mastersecret); a token, refreshed on code 10001) and
    https://docs.getui.com/getui/server/rest_v2/push/ (POST /v2/$appId/push/single/cid with the
    token header; push_channel.ios: type, aps, payload string; settings.strategy, each channel 1 to
    4, https://docs.getui.com/getui/server/rest_v2/common_args/). Its phone has the app open: a push
    whose iOS strategy is 1 (the default) or 3 goes over Getui's own connection and arrives as GTSDK
    hands it to the app, {"payload": "<transmission>"}; 2 or 4 go through APNs. The payload string
    arrives as the
    top-level key "payload", with Getui's _ge_ and _gmid_ keys. aps.sound "com.gexin.ios.silence" is
    Getui's silent sound (https://docs.getui.com/getui/server/rest_v2/common_args/, the aps table:
    "无声设置为“com.gexin.ios.silence”或不填"); it arrives as no sound."""

    NAMES = {"GETUI_APP_ID": 22, "GETUI_APP_KEY": 22, "GETUI_MASTER_SECRET": 22}
    OWN_REFUSAL = (20001,)

    def __init__(self, keys, target):
        super().__init__(keys, target)
        self.tokens = set()

    @staticmethod
    def announce_fields(arrival):
        """Getui's custom fields: the `payload` string, as JSON."""
        return string_map(arrival.get("payload")) or {}

    @staticmethod
    def refuse(code, message):
        raise Problem(200, {"code": code, "msg": message})

    def handle(self, method, path, query, headers, body):
        base = "/v2/" + self.keys["GETUI_APP_ID"]
        if method != "POST" or path not in (base + "/auth", base + "/push/single/cid"):
            raise Problem(404, {"code": 404, "msg": "not found"})
        request = json_object(body)
        if request is None:
            self.refuse(20001, "the body is not a JSON object")
        if path.endswith("/auth"):
            return self.auth(request)
        if headers.get("token") not in self.tokens:
            self.refuse(10001, "token is invalid or expired")
        return self.push(request)

    def auth(self, request):
        timestamp, sign = request.get("timestamp"), request.get("sign")
        if request.get("appkey") != self.keys["GETUI_APP_KEY"] or not isinstance(timestamp, str) or not timestamp.isdigit():
            self.refuse(10001, "appkey or timestamp is wrong")
        if abs(int(timestamp) / 1000 - time.time()) > 600:
            self.refuse(10001, "timestamp is too far from now")
        expected = hashlib.sha256((self.keys["GETUI_APP_KEY"] + timestamp + self.keys["GETUI_MASTER_SECRET"]).encode()).hexdigest()
        if not isinstance(sign, str) or not hmac.compare_digest(sign, expected):
            self.refuse(10001, "sign is wrong")
        token = uuid.uuid4().hex
        self.tokens.add(token)
        return 200, {"code": 0, "msg": "success", "data": {"expire_time": str(int(time.time() * 1000) + 86400000),
                                                            "token": token}}, None

    def push(self, request):
        request_id = request.get("request_id")
        if not isinstance(request_id, str) or not 10 <= len(request_id) <= 32:
            self.refuse(20001, "request_id must be 10 to 32 characters")
        if (request.get("audience") or {}).get("cid") != [self.target]:
            self.refuse(20001, "the cid is not of this app")
        if not isinstance(request.get("push_message"), dict):
            self.refuse(20001, "push_message is required")
        ttl = (request.get("settings") or {}).get("ttl", 3600000)
        if not isinstance(ttl, int) or not -1 <= ttl <= 3 * 86400000:
            self.refuse(20001, "settings.ttl is milliseconds, at most 3 days")
        strategy = (request.get("settings") or {}).get("strategy", {"default": 1})
        if not isinstance(strategy, dict) or any(
                not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 4 for value in strategy.values()):
            self.refuse(20001, "settings.strategy gives each channel 1 to 4")
        ios = (request.get("push_channel") or {}).get("ios")
        if not isinstance(ios, dict) or ios.get("type") != "notify" or not isinstance(ios.get("aps"), dict):
            self.refuse(20001, "push_channel.ios needs type notify and aps")
        if "payload" in ios and not isinstance(ios["payload"], str):
            self.refuse(20001, "push_channel.ios.payload must be a string")
        if len(str(ios.get("apns-collapse-id", "")).encode("utf-8")) > 64:
            self.refuse(20001, "apns-collapse-id is longer than 64 bytes")
        if "sound" in ios["aps"] and not isinstance(ios["aps"]["sound"], str):
            self.refuse(20001, "push_channel.ios.aps.sound must be a string")
        task = "RASS_" + uuid.uuid4().hex[:24]
        if strategy.get("ios", strategy.get("default", 1)) in (1, 3):
            # The phone's app is open, so online: Getui's channel carries the push (1, the default:
            # Getui's channel while online; 3: Getui's channel only), and GTSDK hands the app the
            # transmission alone, {"payload": …}, no aps, no extension (GeTuiSdk.h 3.1.0.0,
            # GeTuiSdkDidReceiveSlience: "@param userInfo 推送消息内容, {"payload": 消息内容}").
            transmission = request["push_message"].get("transmission")
            return 200, {"code": 0, "msg": "", "data": {task: {self.target: "successed_online"}}}, {"payload": transmission}
        aps = dict(ios["aps"])
        if aps.get("sound") == SILENCE:
            # Getui's silent sound reaches the phone as no sound at all: Getui strips it. Its
            # documentation says a sound file the phone lacks rings the default sound, and names
            # this string for no sound ("无声"), so it cannot be passing it to APNs as aps.sound (iOS
            # would ring for a file no app has); Getui's server SDK before V2 built the APNs payload
            # itself and left sound out for exactly this string (APNPayload.getPayload).
            del aps["sound"]
        arrival = {"aps": aps, "_ge_": "1", "_gmid_": f"{task}-1-{self.target}"}
        if "payload" in ios:
            arrival["payload"] = ios["payload"]
        if len(compact(arrival)) > APNS_LIMIT:
            self.refuse(20001, "the iOS notification is larger than 4096 bytes")
        return 200, {"code": 0, "msg": "", "data": {task: {self.target: "successed_offline"}}}, arrival


class TPNS(StandIn):
    """https://cloud.tencent.com/document/product/548/39064 (POST /v3/push/app, HTTP Basic
    AccessID:SecretKey; audience_type, message, message_type, environment; token at most 36
    characters) and the error codes of https://cloud.tencent.com/document/product/548/39080
    (1008002 missing parameter, 1008003 auth failure, 1008007 invalid parameter, 1008029 token not
    valid). message.ios.custom_content (a JSON string) arrives as top-level keys, with "xg"."""

    NAMES = {"TPNS_ACCESS_ID": 0, "TPNS_SECRET_KEY": 32}
    OWN_REFUSAL = (422, 1008007)

    @staticmethod
    def refuse(status, code, message):
        raise Problem(status, {"seq": 0, "ret_code": code, "err_msg": message, "result": ""})

    def handle(self, method, path, query, headers, body):
        if method != "POST" or path != "/v3/push/app":
            self.refuse(404, 1008001, "only POST /v3/push/app")
        if not basic_matches(headers, self.keys["TPNS_ACCESS_ID"], self.keys["TPNS_SECRET_KEY"]):
            self.refuse(401, 1008003, "auth failure")
        request = json_object(body)
        if request is None:
            self.refuse(400, 1008001, "parameter parse error")
        for name in ("audience_type", "message", "message_type", "environment"):
            if name not in request:
                self.refuse(400, 1008002, f"missing parameter: {name}")
        if request["audience_type"] != "token" or request["message_type"] != "notify":
            self.refuse(400, 1008007, "invalid parameter: audience_type token and message_type notify")
        if request["environment"] not in ("dev", "product"):
            self.refuse(400, 1008007, "invalid parameter: environment is dev or product")
        tokens = request.get("token_list")
        if not isinstance(tokens, list) or not tokens or any(not isinstance(token, str) or len(token) > 36 for token in tokens):
            self.refuse(400, 1008007, "invalid parameter: token_list holds tokens of at most 36 characters")
        if tokens[0] != self.target:
            self.refuse(400, 1008029, "token is not valid")
        if request.get("tpns_online_push_type", 0) not in (0, 1) or isinstance(request.get("tpns_online_push_type"), bool):
            self.refuse(400, 1008007, "invalid parameter: tpns_online_push_type is 0 or 1")
        # 0 (the default) would send the push to a phone whose app is online over Tencent Push's own
        # connection (iOS SDK 1.2.8.0 and later), not through APNs: no extension would run. The
        # stand-in has no online app, so it delivers through APNs either way.
        expiry = request.get("expire_time", 259200)
        if not isinstance(expiry, int) or not 0 <= expiry <= 259200:
            self.refuse(400, 1008007, "invalid parameter: expire_time is seconds, at most 72 hours")
        ios = (request["message"] or {}).get("ios")
        if not isinstance(ios, dict) or not isinstance(ios.get("aps"), dict):
            self.refuse(400, 1008007, "invalid parameter: message.ios.aps")
        custom = string_map(ios.get("custom_content", "{}"))
        if custom is None:
            self.refuse(400, 1008007, "invalid parameter: custom_content must be a JSON object in a string")
        push_id = str(uuid.uuid4().int % 10 ** 10)
        arrival = {"aps": ios["aps"], **custom, "xg": {"bid": 1500000000, "guid": 0, "msgid": int(push_id),
                                                      "ts": int(time.time())}}
        if len(compact(arrival)) > APNS_LIMIT:
            self.refuse(400, 1008007, "invalid parameter: the iOS payload is larger than 4096 bytes")
        return 200, {"seq": 0, "push_id": push_id, "ret_code": 0, "environment": request["environment"],
                     "err_msg": "", "result": ""}, arrival


class Umeng(StandIn):
    """http://dev.umeng.com/push/ios/api-doc (POST /api/send?sign=MD5("POST" + url + post-body +
    app_master_secret); appkey, timestamp within 10 minutes, type unicast, device_tokens, payload
    with aps and custom keys beside it (not "d" or "p", Umeng's own; string values),
    policy.expire_time, production_mode). The payload arrives as sent, with Umeng's "d" and "p".
    The iOS payload is at most 2012 bytes ("具体消息内容(iOS最大为2012B)"; Umeng answers 2022,
    "payload长度过长") and policy.apns_collapse_id is a string of at most 64 bytes; Umeng lists no
    error code of its own for a bad apns_collapse_id, so the stand-in answers 1027, its code for a
    policy that is not valid. Error codes as Umeng's table gives them (2021 appkey不存在, 2027
    签名不正确, 2028 时间戳已过期, 2008 json解析错误, 2025 no aps, 2039 the policy's time format, 5002 d
    and p are Umeng's; from its older table 1017 production_mode and 4014 appkey和device_tokens不对应;
    1001, payload not valid, for values that are not strings, which it gives no code of its own)."""

    NAMES = {"UMENG_APP_KEY": 24, "UMENG_MASTER_SECRET": 32}
    PAYLOAD_LIMIT = 2012
    OWN_REFUSAL = (422, "2004")

    @staticmethod
    def refuse(status, code, message):
        raise Problem(status, {"ret": "FAIL", "data": {"error_code": code, "error_msg": message}})

    def handle(self, method, path, query, headers, body):
        if method != "POST" or path != "/api/send":
            self.refuse(404, "1000", "only POST /api/send")
        url = f"http://{headers.get('host', '')}{path}"
        expected = hashlib.md5(b"POST" + url.encode("utf-8") + body + self.keys["UMENG_MASTER_SECRET"].encode()).hexdigest()
        sign = dict(query).get("sign", "")
        request = json_object(body)
        if request is None:
            self.refuse(400, "2008", "the post body is not a JSON object")
        if request.get("appkey") != self.keys["UMENG_APP_KEY"]:
            self.refuse(400, "2021", "appkey does not exist")
        if not hmac.compare_digest(sign, expected):
            self.refuse(400, "2027", "sign does not match")
        timestamp = str(request.get("timestamp", ""))
        if not timestamp.isdigit() or abs(int(timestamp[:10]) - time.time()) > 600:
            self.refuse(400, "2028", "timestamp is more than 10 minutes from now")
        if request.get("type") != "unicast" or request.get("device_tokens") != self.target:
            self.refuse(400, "4014", "device_tokens names no device of this app")
        payload = request.get("payload")
        if not isinstance(payload, dict) or not isinstance(payload.get("aps"), dict):
            self.refuse(400, "2025", "payload.aps is required")
        if "d" in payload or "p" in payload:
            self.refuse(400, "5002", "payload keys d and p are Umeng's own")
        if not all(isinstance(value, str) for name, value in payload.items() if name != "aps"):
            self.refuse(400, "1001", "custom values beside aps must be strings")
        expiry = (request.get("policy") or {}).get("expire_time")
        try:
            time.strptime(expiry or "", "%Y-%m-%d %H:%M:%S")
        except ValueError:
            self.refuse(400, "2039", "policy.expire_time must be yyyy-MM-dd HH:mm:ss")
        if request.get("production_mode") not in ("true", "false"):
            self.refuse(400, "1017", "production_mode is \"true\" or \"false\"")
        collapse = (request.get("policy") or {}).get("apns_collapse_id")
        if collapse is not None and (not isinstance(collapse, str) or len(collapse.encode("utf-8")) > 64):
            self.refuse(400, "1027", "policy.apns_collapse_id must be a string of at most 64 bytes")
        size = len(compact(payload))
        if size > self.PAYLOAD_LIMIT:
            self.refuse(400, "2022", f"payload is {size} bytes, longer than the {self.PAYLOAD_LIMIT} an iOS payload takes")
        message_id = "uu" + uuid.uuid4().hex[:20]
        arrival = {**payload, "d": message_id, "p": 0}
        if len(compact(arrival)) > APNS_LIMIT:
            self.refuse(400, "2022", "payload is larger than 4096 bytes")
        return 200, {"ret": "SUCCESS", "data": {"msg_id": message_id}}, arrival

