"""A small file the push scripts read whole (a signing key, a keys file),
read so that no path given can hang them or fill memory: a plain file of at
most `limit` bytes, or a pipe (`--keys <(vault read …)`), read up to the
same limit. A device (/dev/zero), a folder or a socket is refused by name,
and a named pipe nobody writes to reads as empty instead of waiting for a
writer. Standard library only.
"""

import os
import stat


class Refused(Exception):
    """Why the file cannot be read: one phrase, e.g. `is a device, not a file`."""


def _kind(mode):
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def read(path, limit):
    """The bytes of `path`, at most `limit`; raises Refused otherwise."""
    try:
        # Non-blocking, so that opening a named pipe does not wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise Refused(error.strerror or str(error)) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISFIFO(mode):
            # A pipe with a writer is read as it writes; without one it ends at once.
            os.set_blocking(descriptor, True)
        elif not stat.S_ISREG(mode):
            raise Refused(f"is {_kind(mode)}, not a file")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(descriptor, limit + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise Refused(f"is larger than {limit} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise Refused(error.strerror or str(error)) from None
    finally:
        os.close(descriptor)
