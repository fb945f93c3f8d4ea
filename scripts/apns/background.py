"""--background for the stand-ins (scripts/apns/loopback-apns,
scripts/push/loopback-push, scripts/tts/loopback-tts): the command prints the
stand-in's address once it listens and returns, leaving the stand-in running
on its own, so that a shell can go on with `endpoint=$(loopback-… --background)`.
Standard library only.
"""

import atexit
import os
import signal
import sys


class FirstLine:
    """The stand-in's standard output: its first line (the address) goes to
    the waiting command, anything after it nowhere."""

    def __init__(self, descriptor):
        self.descriptor = descriptor

    def write(self, text):
        if self.descriptor is not None:
            os.write(self.descriptor, text.encode("utf-8"))
            if "\n" in text:
                os.close(self.descriptor)
                self.descriptor = None
        return len(text)

    def flush(self):
        pass


def detach(name, folder):
    """Forks. This command waits for the stand-in's first line, prints it and
    exits 0, or exits 69 in one line when the stand-in stops before it
    listens. The stand-in, in a session of its own, returns from here: its
    process id is in FOLDER/pid until it stops (SIGTERM stops it at once),
    its standard error goes to FOLDER/log."""
    os.makedirs(folder, exist_ok=True)
    log_path = os.path.join(folder, "log")
    pid_path = os.path.join(folder, "pid")
    sys.stdout.flush()
    sys.stderr.flush()
    read, write = os.pipe()
    child = os.fork()
    if child:
        os.close(write)
        with os.fdopen(read, encoding="utf-8") as pipe:
            address = pipe.readline().strip()
        if not address:
            os.waitpid(child, 0)
            print(f"{name}: the stand-in stopped before it listened (see {log_path})", file=sys.stderr)
            os._exit(69)
        print(address, flush=True)
        os._exit(0)
    os.close(read)
    os.setsid()
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    os.close(quiet)
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(log, 2)
    os.close(log)
    sys.stdout = FirstLine(write)
    with open(pid_path + ".new", "w") as handle:
        handle.write(f"{os.getpid()}\n")
    os.replace(pid_path + ".new", pid_path)

    def forget():
        try:
            with open(pid_path) as handle:
                if handle.read().strip() == str(os.getpid()):
                    os.remove(pid_path)
        except OSError:
            pass

    def stop(*_):
        forget()
        os._exit(0)

    atexit.register(forget)
    signal.signal(signal.SIGTERM, stop)
