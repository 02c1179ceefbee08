"""The process helpers of the managed servers and the app workers, on real processes."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shabgraph.processes import alive, log_tail, port_free, terminate

# The parent starts a child that dies with it, prints the child's pid, then waits to be killed.
PARENT = """
import subprocess, sys, time
from shabgraph.processes import die_with_parent
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                         preexec_fn=die_with_parent, start_new_session=True)
print(child.pid, flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux only")
def test_child_dies_with_a_parent_killed_outright() -> None:
    root = Path(__file__).resolve().parent.parent
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True, cwd=root
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert alive(child)
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(child)


def test_terminate_escalates_when_the_first_signal_is_ignored() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
            "print('ready', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    terminate(proc.pid, first=signal.SIGTERM, last=signal.SIGKILL, timeout=0.5, poll=0.05)
    assert proc.wait(timeout=10) == -signal.SIGKILL


def test_port_free_sees_a_listener() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        assert not port_free("127.0.0.1", port)
    assert port_free("127.0.0.1", port)


def test_log_tail_joins_the_files_that_exist(tmp_path: Path) -> None:
    (tmp_path / "a.log").write_text("one\ntwo\nthree\n")
    (tmp_path / "b.log").write_text("four\n")
    assert log_tail([tmp_path / "a.log", tmp_path / "missing", tmp_path / "b.log"], 3) == (
        "two\nthree\nfour"
    )
    assert log_tail([tmp_path / "missing"], 3) == "(no log)"
