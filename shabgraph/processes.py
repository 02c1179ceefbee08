"""The servers shabgraph runs itself (Neo4j, Postgres): ports, pids and stopping, written once.

Both are started as child processes that outlive the command, found again by a pid file and
stopped by signal; these helpers hold what does not depend on which server it is.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from shabgraph.errors import ServerError


def port_free(host: str, port: int) -> bool:
    """Whether a server could listen on `host:port` now (with SO_REUSEADDR, as servers bind:
    the closed connections of a previous run in TIME_WAIT do not hold the port)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def is_zombie(pid: int) -> bool:
    """True for an exited child not yet reaped (or a pid that is gone)."""
    try:
        # The command name in field 2 may hold spaces and parentheses: split after its last ")".
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


def alive(pid: int) -> bool:
    """True while `pid` runs (a zombie does not count)."""
    return Path(f"/proc/{pid}").exists() and not is_zombie(pid)


def terminate(
    pid: int, *, first: signal.Signals, last: signal.Signals, timeout: float, poll: float = 0.2
) -> None:
    """Send `first`, wait up to `timeout` seconds for the process to end, else send `last`."""
    os.kill(pid, first)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive(pid):
            return
        time.sleep(poll)
    os.kill(pid, last)


def log_tail(paths: list[Path], lines: int) -> str:
    """The last `lines` lines of the existing files among `paths`, in order; "(no log)" if none."""
    texts: list[str] = []
    for path in paths:
        if path.exists():
            texts.extend(path.read_text(errors="replace").splitlines()[-lines:])
    return "\n".join(texts[-lines:]) if texts else "(no log)"


def recorded_pid(pid_file: Path, ours: Callable[[int, list[bytes]], bool]) -> int | None:
    """The pid in `pid_file` while that process is still ours, else None (a stale file is removed).

    `ours(pid, argv)` decides from the process's command line: a pid may have been reused by an
    unrelated process since the file was written, and that one must never be signalled.
    """
    if not pid_file.exists():
        return None
    try:
        pid = int(pid_file.read_text().strip())
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except (ValueError, OSError):
        pid_file.unlink(missing_ok=True)
        return None
    if not is_zombie(pid) and ours(pid, argv):
        return pid
    pid_file.unlink(missing_ok=True)
    return None


def wait_until_ready(
    proc: subprocess.Popen[bytes],
    probe: Callable[[], str | None],
    *,
    name: str,
    timeout: float,
    poll: float,
    pid_file: Path,
    tail: Callable[[], str],
    not_ready: str,
    hint: str,
) -> None:
    """Poll `probe` until it returns None (ready); fail early if `proc` exits, late on `timeout`.

    `probe` returns the reason it is not ready yet (shown if the wait times out). The two failure
    messages carry the server's log tail, because that is where the cause is.
    """
    deadline = time.monotonic() + timeout
    last: str | None = "not probed"
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pid_file.unlink(missing_ok=True)
            raise ServerError(
                f"{name} exited during start-up (code {proc.returncode}); log tail:\n{tail()}"
            )
        last = probe()
        if last is None:
            return
        time.sleep(poll)
    reason = f" ({last})" if last else ""
    raise ServerError(
        f"{name} {not_ready} within {timeout:.0f} s{reason}; log tail:\n{tail()}", hint=hint
    )


_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a child before exec: have the kernel send it SIGTERM when its parent dies.

    Workers run in their own session (so Ctrl-C reaches only the supervisor, which stops them in
    order); without this a supervisor killed with SIGKILL would leave them running. Linux only:
    elsewhere it does nothing.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass
