"""One line of `announce batch`, as every push route of send-through reads it.

The push is the line's `aps` (or `heldAps` for a held payment of a burst)
and its `announce-*` keys: the fields the phone's extension reads
(announce-id, announce-at, announce-message, announce-sound-url). A held
payment renders and downloads nothing, so it goes without the sound URL and
the message.
"""

import hashlib
import json
import sys

import smallfile  # scripts/apns, on the path send-through sets

MAXIMUM_COLLAPSE_ID = 64


class Refusal(Exception):
    """A line that is no push: exit status 65, one line."""


# The longest input read: a line of announce batch is a few kilobytes.
LINE_LIMIT = 1 << 20


def read_text(path):
    """The text of `path`, or of standard input when `path` is None: at most
    LINE_LIMIT bytes, never a device or a folder (smallfile)."""
    try:
        if path:
            data = smallfile.read(path, LINE_LIMIT)
        else:
            data = sys.stdin.buffer.read(LINE_LIMIT + 1)
            if len(data) > LINE_LIMIT:
                raise smallfile.Refused(f"is larger than {LINE_LIMIT} bytes")
        return data.decode("utf-8")
    except smallfile.Refused as refusal:
        raise Refusal(f"cannot read the line: {refusal}") from None
    except UnicodeDecodeError:
        raise Refusal("cannot read the line: it is not UTF-8 text") from None


def parse(text):
    """The JSON object of the one non-empty line of `text`."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise Refusal(f"expected one JSON line, got {len(lines)}")
    try:
        line = json.loads(lines[0])
    except json.JSONDecodeError as error:
        raise Refusal(f"the line is not JSON: {error}") from None
    if not isinstance(line, dict):
        raise Refusal("the line is not a JSON object")
    if "error" in line:
        raise Refusal(f"the line is a failed item: {line['error']}")
    return line


class Push:
    """What every service is asked to deliver: the alert, the sound, whether
    the extension runs, and announce's fields."""

    def __init__(self, line, held):
        key = "heldAps" if held else "aps"
        aps = line.get(key)
        if not isinstance(aps, dict):
            raise Refusal(f"the line has no {key} object: render with a sound (not explain)")
        alert = aps.get("alert")
        if isinstance(alert, str):
            alert = {"body": alert}
        if not isinstance(alert, dict) or not isinstance(alert.get("body"), str):
            raise Refusal(f"the line's {key} has no alert body")
        self.aps = dict(aps)
        self.title = alert.get("title") if isinstance(alert.get("title"), str) else ""
        self.body = alert["body"]
        self.sound = aps.get("sound") if isinstance(aps.get("sound"), str) else None
        self.mutable = aps.get("mutable-content") == 1
        self.fields = {
            name: value for name, value in line.items()
            if name.startswith("announce-") and not (held and name in ("announce-sound-url", "announce-message"))
        }
        self.collapse_id = collapse_id(self.fields.get("announce-id"))

    def string_fields(self):
        """announce's fields with every value a string (a number's digits, an
        object's compact JSON), for the services whose custom values are
        strings."""
        return {name: value if isinstance(value, str) else
                json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
                for name, value in self.fields.items()}

    def fields_json(self):
        """announce's fields as one compact JSON object in a string, for the
        services that carry custom fields as a string."""
        return json.dumps(self.fields, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def collapse_id(announce_id):
    """The payment's id, or its SHA-256 in hex when longer than APNs allows."""
    if not isinstance(announce_id, str) or not announce_id:
        return None
    if len(announce_id.encode("utf-8")) <= MAXIMUM_COLLAPSE_ID:
        return announce_id
    return hashlib.sha256(announce_id.encode("utf-8")).hexdigest()
