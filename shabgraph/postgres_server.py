"""Start and stop a local PostgreSQL server, as `neo4j_server` does for Neo4j.

Each instance (`main` for the app, one per test run) lives in `.postgres/<instance>/`: the
cluster in `data/` (made by `postgres_cluster.initialize`), the unix socket in `socket/`,
`server.log`, the pid file and the generated password of the superuser `shabgraph`. The server
listens on 127.0.0.1 only, on its own port, is started as the cluster's OS user when we are root,
and is stopped by its pid.
"""

from __future__ import annotations

import os
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

from shabgraph.errors import ServerError
from shabgraph.postgres_cluster import (
    DATABASE,
    SUPERUSER,
    binaries_present,
    data_dir,
    find_bin,
    initialize,
    password,
    pid_file,
    run_as,
    socket_dir,
    url,
)
from shabgraph.processes import log_tail, port_free, recorded_pid, terminate, wait_until_ready
from shabgraph.settings import Settings

__all__ = [
    "DATABASE",
    "SUPERUSER",
    "Status",
    "binaries_present",
    "create_database",
    "find_bin",
    "initialize",
    "password",
    "start",
    "status",
    "stop",
    "url",
]


@dataclass(frozen=True)
class Status:
    """What `postgres status` reports."""

    running: bool
    """True when the recorded pid is a live server of this instance."""
    pid: int | None
    """Process id of the postmaster."""
    url: str
    """The app's database URL, password left out (the app reads it from the instance folder)."""
    initialized: bool
    """True when the cluster exists (initdb has run)."""


def _live_pid(settings: Settings) -> int | None:
    """The recorded pid if it is still this instance's postmaster; removes a stale pid file."""
    folder = str(data_dir(settings)).encode()
    return recorded_pid(pid_file(settings), lambda _pid, argv: folder in argv)


def _log_tail(settings: Settings, lines: int = 15) -> str:
    return log_tail([settings.postgres_dir / "server.log"], lines)


def status(settings: Settings) -> Status:
    """Whether the instance runs (by its pid file), and where."""
    pid = _live_pid(settings)
    return Status(
        running=pid is not None,
        pid=pid,
        url=url(settings),
        initialized=(data_dir(settings) / "PG_VERSION").exists(),
    )


def start(settings: Settings) -> Status:
    """Start the instance (initdb first if needed), wait until it answers, create the app's
    database; a no-op when it already runs."""
    running = _live_pid(settings)
    if running is not None:
        args = Path(f"/proc/{running}/cmdline").read_bytes().split(b"\0")
        if f"port={settings.postgres_port}".encode() not in args:
            raise ServerError(
                f"Postgres ({settings.postgres_instance}) already runs, on another port than "
                f"{settings.postgres_port}",
                hint="`shabgraph postgres stop` first, or set SHABGRAPH_POSTGRES_PORT to its port",
            )
        return status(settings)
    if not port_free("127.0.0.1", settings.postgres_port):
        raise ServerError(
            f"port {settings.postgres_port} on 127.0.0.1 is already in use",
            hint="stop what uses it, or set SHABGRAPH_POSTGRES_PORT",
        )
    initialize(settings)
    ids = run_as(settings)
    sock_dir = socket_dir(settings)
    if len(str(sock_dir)) > 90:  # a unix socket path holds at most 107 bytes
        raise ServerError(
            f"the socket folder {sock_dir} is too long a path for a unix socket",
            hint="set SHABGRAPH_POSTGRES_HOME to a shorter folder",
        )
    sock_dir.mkdir(exist_ok=True)
    if ids:
        os.chown(sock_dir, *ids)
    cmd = [
        str(find_bin(settings) / "postgres"),
        "-D",
        str(data_dir(settings)),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        f"port={settings.postgres_port}",
        "-c",
        f"unix_socket_directories={sock_dir}",
        "-c",
        "logging_collector=off",
    ]
    # A clean environment: the server needs no variable of ours (and must not see secrets).
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    with open(settings.postgres_dir / "server.log", "ab") as log:
        proc = subprocess.Popen(
            cmd,
            stdout=log,
            stderr=log,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            cwd=settings.postgres_dir,
            env=env,
            user=ids[0] if ids else None,
            group=ids[1] if ids else None,
            extra_groups=[] if ids else None,
        )
    pid_file(settings).write_text(str(proc.pid))
    _wait_until_ready(settings, proc)
    create_database(settings, DATABASE)
    return status(settings)


def _wait_until_ready(settings: Settings, proc: subprocess.Popen[bytes]) -> None:
    import psycopg

    def probe() -> str | None:
        try:
            with psycopg.connect(url(settings, "postgres", with_password=True), connect_timeout=2):
                return None
        except psycopg.OperationalError as exc:
            return str(exc).strip()

    wait_until_ready(
        proc,
        probe,
        name="Postgres",
        timeout=settings.postgres_start_timeout,
        poll=0.2,
        pid_file=pid_file(settings),
        tail=lambda: _log_tail(settings),
        not_ready=f"did not accept connections on port {settings.postgres_port}",
        hint="raise SHABGRAPH_POSTGRES_START_TIMEOUT or read the log",
    )


def create_database(settings: Settings, name: str, *, fresh: bool = False) -> str:
    """Create database `name` on the running instance if missing (dropped first if `fresh`);
    returns its URL without the password."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(url(settings, "postgres", with_password=True), autocommit=True) as conn:
        if fresh:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return url(settings, name)


def stop(settings: Settings, timeout: float = 30.0) -> bool:
    """Stop the instance shabgraph started (fast shutdown by its pid); False if none ran."""
    pid = _live_pid(settings)
    if pid is None:
        return False
    # SIGINT is Postgres' "fast" shutdown (roll back open sessions, checkpoint, exit); SIGQUIT is
    # the immediate one, after which recovery runs at the next start.
    terminate(pid, first=signal.SIGINT, last=signal.SIGQUIT, timeout=timeout, poll=0.1)
    pid_file(settings).unlink(missing_ok=True)
    return True
