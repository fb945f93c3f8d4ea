"""Runs a script of scripts/apns or scripts/push inside a virtual
environment of its own.

The packages come from PyPI at the versions pinned in the script's
requirements file, as wheels only (except the few named as built from
source, pure-Python packages PyPI has no wheel of) and without dependency
resolution (the file lists the whole set). The environment is made once,
next to the script, and made again when the requirements file changes; a
lock keeps two runs from making it at the same time.
"""

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys

def run_inside(script, folder, requirements, sources=()):
    """Re-runs `script` with the Python of `folder` beside it, made from
    `requirements` (beside it too) when missing or stale; `sources` are the
    packages pip may build from source. Returns when already inside it."""
    here = os.path.dirname(os.path.abspath(script))
    env = os.path.join(here, folder)
    shown = os.path.join(os.path.basename(here), folder)
    if os.path.realpath(sys.prefix) == os.path.realpath(env):
        return
    name = os.path.basename(script)
    requirements_path = os.path.join(here, requirements)
    with open(requirements_path, "rb") as handle:
        wanted = hashlib.sha256(handle.read()).hexdigest()
    stamp = os.path.join(env, "requirements.sha256")
    python = os.path.join(env, "bin", "python")
    with open(env + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        current = open(stamp).read().strip() if os.path.exists(stamp) else None
        if current != wanted:
            print(f"{name}: making scripts/{shown} from {requirements} (once)", file=sys.stderr)
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
                    hint = " (on Debian: apt-get install python3-venv)" if step[1:3] == ["-m", "venv"] else ""
                    print(f"{name}: cannot make scripts/{shown}{hint}", file=sys.stderr)
                    sys.exit(69)
            with open(stamp, "w") as handle:
                handle.write(wanted + "\n")
    os.execv(python, [python, os.path.abspath(script)] + sys.argv[1:])
