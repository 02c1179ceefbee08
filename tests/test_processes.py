"""The process helpers of the managed servers and the app workers, on real processes."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from shabgraph.errors import ServerError
from shabgraph.processes import (
    alive,
    log_tail,
    port_free,
    recorded_pid,
    terminate,
    wait_until_ready,
)

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


def _wait(
    proc: subprocess.Popen[bytes],
    probe: Callable[[], str | None],
    pid_file: Path,
    timeout: float = 5.0,
) -> None:
    wait_until_ready(
        proc,
        probe,
        name="Demo",
        timeout=timeout,
        poll=0.05,
        pid_file=pid_file,
        tail=lambda: "last log line",
        not_ready="did not answer",
        hint="read the log",
    )


def test_wait_until_ready_returns_once_the_probe_says_ready(tmp_path: Path) -> None:
    answers = iter(["starting", "starting", None])
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as proc:
        try:
            _wait(proc, lambda: next(answers), tmp_path / "pid")
            assert next(answers, "exhausted") == "exhausted"
        finally:
            proc.kill()


def test_wait_until_ready_reports_an_early_exit_with_the_log(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    pid_file.write_text("1")
    proc = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    proc.wait()
    with pytest.raises(
        ServerError, match=r"(?s)Demo exited during start-up \(code 3\).*last log line"
    ):
        _wait(proc, lambda: "starting", pid_file)
    assert not pid_file.exists()


def test_wait_until_ready_times_out_with_the_last_reason(tmp_path: Path) -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as proc:
        try:
            with pytest.raises(ServerError) as caught:
                _wait(proc, lambda: "port closed", tmp_path / "pid", timeout=0.3)
        finally:
            proc.kill()
    assert "Demo did not answer within 0 s (port closed)" in str(caught.value)
    assert caught.value.hint == "read the log"


def test_recorded_pid_keeps_only_our_own_process(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    with subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(30)", "marker-arg"]
    ) as proc:
        try:
            # Right after the fork /proc still shows the parent's command line: wait for the exec.
            cmdline = Path(f"/proc/{proc.pid}/cmdline")
            deadline = time.monotonic() + 5
            while b"marker-arg" not in cmdline.read_bytes() and time.monotonic() < deadline:
                time.sleep(0.02)
            pid_file.write_text(str(proc.pid))
            assert recorded_pid(pid_file, lambda _pid, argv: b"marker-arg" in argv) == proc.pid
            assert pid_file.exists()
            assert recorded_pid(pid_file, lambda _pid, argv: b"other" in argv) is None
            assert not pid_file.exists()
        finally:
            proc.kill()
    pid_file.write_text("not a pid")
    assert recorded_pid(pid_file, lambda _pid, _argv: True) is None
    assert not pid_file.exists()
