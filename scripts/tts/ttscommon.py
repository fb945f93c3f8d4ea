"""What every adapter of scripts/tts/speak shares: the item's pronunciation
as syllables, the failures and their exit statuses, the response cache, the
bounded retries, and writing a file so that nothing is ever half-written.
Standard library only."""

import email.utils
import hashlib
import json
import os
import random
import re
import sys
import tempfile
import time

NAME = "speak"

# Exit statuses (sysexits.h), documented in scripts/tts/speak and docs/VOICES.md.
USAGE = 64          # bad options
DATA = 65           # the item's romanisation does not fit its text, or the text is over the service's limit
UNAVAILABLE = 69    # the service cannot force this language's pronunciation; quota used up; service not subscribed
CANNOT_CREATE = 73  # {out} or the cache cannot be written
TEMPORARY = 75      # rate limited or a transient failure, still after the retries
PROTOCOL = 76       # the service answered something that is not the audio asked for
NO_PERMISSION = 77  # keys missing, or refused by the service


class Failure(Exception):
    """One line for standard error and the exit status that goes with it."""

    def __init__(self, status, line):
        super().__init__(line)
        self.status = status
        self.line = line


class Retry(Exception):
    """A failure worth another try (HTTP 429, 5xx, a dropped connection):
    `line` says what happened; `after` is the service's Retry-After, if any."""

    def __init__(self, line, after=None):
        super().__init__(line)
        self.line = line
        self.after = after


MANDARIN_SYLLABLE = re.compile(r"^[a-z\u00fc]+[1-5]$")
CANTONESE_SYLLABLE = re.compile(r"^[a-z]+[1-6]$")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def syllables(romanisation, language):
    """The tone-numbered syllables of an item (`yi2 wan4`), checked: a
    Mandarin syllable has tone 1-5 (5 the neutral tone), a Jyutping one 1-6.
    A syllable without a tone cannot be forced, so it is refused."""
    found = romanisation.split()
    if not found:
        raise Failure(DATA, "the item has no romanisation to force")
    pattern = MANDARIN_SYLLABLE if language == "mandarin" else CANTONESE_SYLLABLE
    for syllable in found:
        if not pattern.match(syllable):
            kind = "pinyin with a tone 1-5" if language == "mandarin" else "Jyutping with a tone 1-6"
            raise Failure(DATA, f"'{syllable}' is not {kind}: its tone cannot be forced")
    return found


def one_per_character(text, found):
    """Services whose markup takes one syllable per character (Tencent's and
    Aliyun's `py` phoneme, Baidu's 字(pinyin)) need as many Han characters as
    syllables, and nothing else in the text."""
    if not all(HAN.match(character) for character in text) or len(text) != len(found):
        raise Failure(DATA, f"'{text}' has {len(text)} characters for {len(found)} syllables: "
                      "this service takes one syllable per Chinese character")


def pinyin_ssml(text, found):
    """The item as Tencent's and Aliyun's SSML say it: one <phoneme
    alphabet="py"> per character, each with that character's syllable
    (the count checked by one_per_character), inside <speak>:
    <speak><phoneme alphabet="py" ph="yi2">一</phoneme><phoneme alphabet="py" ph="wan4">万</phoneme></speak>."""
    return "<speak>" + "".join(f'<phoneme alphabet="py" ph="{syllable}">{xml_text(character)}</phoneme>'
                               for character, syllable in zip(text, found)) + "</speak>"


def shown_json(request):
    """A JSON request as the dry run prints it: keys sorted, characters as written."""
    return json.dumps(request, ensure_ascii=False, sort_keys=True)


def xml_text(value):
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def cache_folder():
    folder = os.environ.get("ANNOUNCE_TTS_CACHE")
    if folder:
        return folder
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "announce", "tts")


def request_key(service, request):
    """The cache key: the whole request as the service sees it, except the
    endpoint, the keys and per-call values (session ids, tokens)."""
    text = json.dumps({"service": service, "request": request}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_path(service, key):
    return os.path.join(cache_folder(), service, key[:2], key + ".wav")


def write_atomically(path, data, mode=0o644):
    """Writes `data` to a temporary file beside `path`, then renames it."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".speak.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise Failure(CANNOT_CREATE, f"cannot write '{path}': {error.strerror}")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise Failure(CANNOT_CREATE, f"cannot write '{path}': {error.strerror}")


def is_wav(data):
    return len(data) > 44 and data[:4] == b"RIFF" and data[8:12] == b"WAVE"


# The waits: ANNOUNCE_TTS_BACKOFF (1 s) doubling, each at most 30 s, over
# ANNOUNCE_TTS_ATTEMPTS (7) attempts: 1, 2, 4, 8, 16 and 30 s, 61 s in all,
# more than the minute over which Azure's free tier (F0) counts its 20
# requests (a rate-limited build waits for the next minute rather than
# failing). A Retry-After, in seconds or as an HTTP date, is honoured up to
# a minute.
LONGEST_WAIT = 30.0
LONGEST_RETRY_AFTER = 60.0


def with_retries(call, service):
    """Calls `call()`; on Retry waits (exponential backoff from
    ANNOUNCE_TTS_BACKOFF seconds, default 1, doubling, with jitter, at most
    30 s a wait, or the service's Retry-After when longer, up to 60 s) and
    tries again, at most ANNOUNCE_TTS_ATTEMPTS times in all (default 7)."""
    attempts = bounded_int("ANNOUNCE_TTS_ATTEMPTS", 7, 1, 20)
    base = bounded_float("ANNOUNCE_TTS_BACKOFF", 1.0, 0.0, 30.0)
    for attempt in range(1, attempts + 1):
        try:
            return call()
        except Retry as retry:
            if attempt == attempts:
                raise Failure(TEMPORARY, f"{service}: {retry.line}; still after {attempts} attempts")
            wait = min(LONGEST_WAIT, base * (2 ** (attempt - 1)) * (1 + random.random() / 4))
            if retry.after is not None:
                wait = max(wait, min(LONGEST_RETRY_AFTER, retry.after))
            print(f"{NAME}: {service}: {retry.line}; trying again in {wait:.2f} s", file=sys.stderr)
            time.sleep(wait)


def bounded_int(name, default, low, high):
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        raise Failure(USAGE, f"{name} '{value}' is not a whole number from {low} to {high}")
    return number


def bounded_float(name, default, low, high):
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        raise Failure(USAGE, f"{name} '{value}' is not a number of seconds from {low} to {high}")
    return number


def retry_after(value, now=None):
    """A Retry-After header's wait in seconds: delay-seconds ("120") or an
    HTTP date ("Wed, 21 Oct 2026 07:28:00 GMT", RFC 9110 10.2.3), counted
    from `now` (seconds since 1970, default the clock); None when absent or
    unreadable."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def need(names, service):
    """The keys, from the environment only; one line naming the missing ones."""
    missing = [name for name in names if not os.environ.get(name)]
    if missing:
        raise Failure(NO_PERMISSION, f"{service}: set {', '.join(missing)} in the environment (keys are never taken from arguments)")
    return [os.environ[name] for name in names]


class TokenRefused(Failure):
    """The service refused a token it issued (expired, revoked)."""

    def __init__(self, line):
        super().__init__(NO_PERMISSION, line)


def token_path(service, identity):
    digest = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:24]
    return os.path.join(cache_folder(), "tokens", f"{service}-{digest}.json")


def with_token(service, identity, fetch, call):
    """Calls `call(token)` with the service's access token: the one kept
    (mode 0600, in the cache folder's tokens/, named by a hash of the key id
    and the endpoint) until a minute before it expires, else a new one from
    `fetch()` -> (token, expiry in seconds since 1970), kept for the next
    item. A kept token the service refuses is dropped and one new one tried."""
    path = token_path(service, identity)
    kept = None
    try:
        with open(path, encoding="utf-8") as handle:
            saved = json.load(handle)
        if isinstance(saved.get("token"), str) and float(saved.get("expires", 0)) - 60 > time.time():
            kept = saved["token"]
    except (OSError, ValueError, AttributeError, TypeError):
        pass
    if kept is not None:
        try:
            return call(kept)
        except TokenRefused:
            try:
                os.unlink(path)
            except OSError:
                pass
    token, expires = with_retries(fetch, service)
    try:
        write_atomically(path, json.dumps({"token": token, "expires": expires}).encode("utf-8"), mode=0o600)
    except Failure:
        pass  # not kept: the next item asks for its own
    return call(token)
