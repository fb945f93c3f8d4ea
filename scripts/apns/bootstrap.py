"""Runs a script of scripts/apns, scripts/push or scripts/tts inside a
virtual environment of its own.

The packages come from PyPI at the versions pinned in the script's
requirements file, as wheels only (except the few named as built from
source, pure-Python packages PyPI has no wheel of) and without dependency
resolution (the file lists the whole set). The environment is made next to
the script (its real path, so a symbolic link to it works), ahead by
scripts/prepare-tools or else on the script's first run, and made again when
the requirements file changes; a lock keeps two runs from making it at the
same time.
"""

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys


class Unmade(Exception):
    """The environment cannot be made: one line saying which, and why."""


def prepare(script, folder, requirements, sources=(), note=True):
    """Makes `folder` beside `script`'s real path from `requirements`
    (beside it too) when missing or stale; `sources` are the packages pip
    may build from source. Returns (its Python, whether it was made now);
    raises Unmade. pip's own messages go to stderr, and with `note` a line
    saying that the environment is being made."""
    here = os.path.dirname(os.path.realpath(script))
    env = os.path.join(here, folder)
    shown = os.path.join(os.path.basename(here), folder)
    python = os.path.join(env, "bin", "python")
    requirements_path = os.path.join(here, requirements)
    try:
        with open(requirements_path, "rb") as handle:
            wanted = hashlib.sha256(handle.read()).hexdigest()
    except OSError as error:
        raise Unmade(f"cannot make scripts/{shown}: cannot read {requirements} ({error.strerror})") from None
    stamp = os.path.join(env, "requirements.sha256")
    try:
        lock = open(env + ".lock", "w")
    except OSError as error:
        raise Unmade(f"cannot make scripts/{shown}: cannot write beside it ({error.strerror})") from None
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        current = open(stamp).read().strip() if os.path.exists(stamp) else None
        if current == wanted:
            return python, False
        if note:
            print(f"{os.path.basename(script)}: making scripts/{shown} from {requirements} (once)", file=sys.stderr)
        shutil.rmtree(env, ignore_errors=True)
        steps = [
            [sys.executable, "-m", "venv", env],
            [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:"] + [f"--no-binary={source}" for source in sources]
            + ["-r", requirements_path],
        ]
        for step in steps:
            if subprocess.run(step, stdout=sys.stderr).returncode != 0:
                shutil.rmtree(env, ignore_errors=True)
                hint = " (on Debian: apt-get install python3-venv)" if step[1:3] == ["-m", "venv"] else \
                    f" (pip could not install {requirements})"
                raise Unmade(f"cannot make scripts/{shown}{hint}")
        with open(stamp, "w") as handle:
            handle.write(wanted + "\n")
    return python, True


def run_inside(script, folder, requirements, sources=()):
    """Re-runs `script` with the Python of `folder` beside it (see
    prepare). Returns when already inside it; exits 69 when it cannot be
    made."""
    here = os.path.dirname(os.path.realpath(script))
    if os.path.realpath(sys.prefix) == os.path.realpath(os.path.join(here, folder)):
        return
    try:
        python, _ = prepare(script, folder, requirements, sources)
    except Unmade as problem:
        print(f"{os.path.basename(script)}: {problem}", file=sys.stderr)
        sys.exit(69)
    os.execv(python, [python, os.path.realpath(script)] + sys.argv[1:])
