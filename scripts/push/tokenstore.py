"""A service token kept between runs, as scripts/apns/send-push keeps its
APNs provider token: one file per service and account, mode 0600, in a
folder made 0700, replaced in one rename.

Getui's token lasts a day and its auth call is limited (100 a minute, 100,000
a day: https://docs.getui.com/getui/server/rest_v2/token), so a backend
sending each payment must not ask for a token per push.
"""

import contextlib
import fcntl
import json
import os
import stat
import sys
import tempfile


def folder(chosen):
    """--token-cache, else $ANNOUNCE_PUSH_CACHE, else the user's cache."""
    if chosen:
        return chosen
    if os.environ.get("ANNOUNCE_PUSH_CACHE"):
        return os.environ["ANNOUNCE_PUSH_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "announce-push")


def read(path, fingerprint, now):
    """The kept token when made for `fingerprint` and valid past `now`, in
    a plain file only this user can read; otherwise None."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        status = os.fstat(handle.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_mode & 0o077 or status.st_uid != os.getuid():
            return None
        try:
            kept = json.loads(handle.read(4096).decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None
    if not isinstance(kept, dict) or kept.get("fingerprint") != fingerprint:
        return None
    token, until = kept.get("token"), kept.get("until")
    if not isinstance(token, str) or not isinstance(until, (int, float)) or now >= until:
        return None
    return token


def keep(path, fingerprint, token, until):
    """Writes the token; a folder that cannot be written only costs the reuse."""
    where = os.path.dirname(path)
    try:
        os.makedirs(where, mode=0o700, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".token-", dir=where)
        with os.fdopen(descriptor, "w") as handle:
            os.fchmod(handle.fileno(), 0o600)
            json.dump({"fingerprint": fingerprint, "token": token, "until": until}, handle)
        os.replace(temporary, path)
    except OSError as error:
        print(f"send-through: the token is not kept ({error.strerror}: {where})", file=sys.stderr)


def forget(path):
    try:
        os.unlink(path)
    except OSError:
        pass


@contextlib.contextmanager
def lock(path):
    """An exclusive lock beside the token file while it is read or made, so
    runs started together ask for one token; a folder that cannot hold the
    lock only costs the sharing."""
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        descriptor = os.open(path + ".lock", os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)
