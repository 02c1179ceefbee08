"""Install, configure, start and stop a local Neo4j 5.26 Community server.

The server comes from Maven Central as modules (the packaged tarball is not served there):
`mvn dependency:copy-dependencies` on a two-line POM puts every jar under
`.neo4j/dist/<version>/lib`, and the server runs as `java -cp "lib/*" CommunityEntryPoint`.
Each *instance* (`main` for the app, `test` for the test suite) has its own conf, data, logs,
pid file and generated password under `.neo4j/instances/<name>/`.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from shabgraph.errors import ServerError
from shabgraph.settings import NEO4J_VERSION, PROJECT_ROOT, Settings

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.shabgraph</groupId><artifactId>neo4j-server-dist</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.neo4j</groupId><artifactId>neo4j</artifactId><version>{v}</version></dependency>
    <dependency><groupId>org.neo4j.app</groupId><artifactId>neo4j-server</artifactId><version>{v}</version></dependency>
  </dependencies>
</project>
"""


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


def dist_dir(settings: Settings) -> Path:
    return settings.neo4j_home / "dist" / NEO4J_VERSION


def is_installed(settings: Settings) -> bool:
    return (dist_dir(settings) / ".complete").exists()


def _java() -> str:
    java_home = os.environ.get("JAVA_HOME")
    java = str(Path(java_home) / "bin" / "java") if java_home else shutil.which("java")
    if not java or not Path(java).exists():
        raise ServerError(
            "Java is not installed (Neo4j 5.26 needs Java 17 or 21)",
            hint="apt-get install openjdk-17-jre-headless, or set JAVA_HOME",
        )
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
    match = re.search(r'version "(\d+)', out)
    if match and int(match.group(1)) < 17:
        raise ServerError(
            f"Java {match.group(1)} is too old for Neo4j 5.26", hint="install Java 17"
        )
    return java


def install(settings: Settings) -> Path:
    """Fetch the server jars once; later calls return at once."""
    target = dist_dir(settings)
    if is_installed(settings):
        return target
    _java()
    mvn = shutil.which("mvn")
    if not mvn:
        raise ServerError("Maven (mvn) is not installed", hint="apt-get install maven")
    target.mkdir(parents=True, exist_ok=True)
    (target / "pom.xml").write_text(_POM.format(v=NEO4J_VERSION))
    cmd = [
        mvn,
        "-B",
        "-q",
        "dependency:copy-dependencies",
        "-DincludeScope=runtime",
        f"-DoutputDirectory={target / 'lib'}",
    ]
    proc = subprocess.run(cmd, cwd=target, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise ServerError(
            f"Maven could not fetch Neo4j {NEO4J_VERSION}:\n{tail}",
            hint="check that Maven Central is reachable",
        )
    if not list((target / "lib").glob(f"neo4j-{NEO4J_VERSION}.jar")):
        raise ServerError(f"Maven finished but the Neo4j {NEO4J_VERSION} jar is missing")
    (target / ".complete").write_text(NEO4J_VERSION)
    return target


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
            # A single runaway read (a huge cartesian product) must fail, not starve the server.
            f"db.memory.transaction.max={settings.neo4j_tx_memory}",
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
    pid_file = _pid_file(settings)
    if not pid_file.exists():
        return None
    try:
        pid = int(pid_file.read_text().strip())
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except (ValueError, OSError):
        pid_file.unlink(missing_ok=True)
        return None
    if ENTRY_POINT in cmdline and str(settings.instance_dir) in cmdline:
        return pid
    pid_file.unlink(missing_ok=True)
    return None


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _log_tail(settings: Settings, lines: int = 20) -> str:
    texts = []
    for name in ("console.log", "neo4j.log"):
        path = settings.instance_dir / "logs" / name
        if path.exists():
            texts.extend(path.read_text(errors="replace").splitlines()[-lines:])
    return "\n".join(texts[-lines:])


def status(settings: Settings) -> Status:
    return Status(
        running=_live_pid(settings) is not None,
        pid=_live_pid(settings),
        bolt_uri=settings.bolt_uri,
        installed=is_installed(settings),
    )


def start(settings: Settings) -> Status:
    """Start the instance (installing first if needed) and wait until Bolt answers."""
    if not settings.managed:
        raise ServerError(
            f"NEO4J_URI is set ({settings.neo4j_uri}): that server is used, nothing is started",
            hint="unset NEO4J_URI to use the managed server",
        )
    if _live_pid(settings) is not None:
        return status(settings)
    dist = install(settings)
    java = _java()
    for port in (settings.neo4j_bolt_port, settings.neo4j_http_port):
        if not _port_free(port):
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
        java,
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
    _wait_for_bolt(settings, proc)
    _set_initial_password(settings, password_file.read_text().strip())
    if settings.neo4j_instance == "main":
        write_env_value(PROJECT_ROOT / ".env", "NEO4J_PASSWORD", password_file.read_text().strip())
    return status(settings)


def _wait_for_bolt(settings: Settings, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + settings.neo4j_start_timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            _pid_file(settings).unlink(missing_ok=True)
            raise ServerError(
                f"Neo4j exited during start-up (code {proc.returncode}); log tail:\n"
                f"{_log_tail(settings)}"
            )
        try:
            with socket.create_connection(("127.0.0.1", settings.neo4j_bolt_port), timeout=1):
                if (
                    "Started."
                    in (settings.instance_dir / "logs" / "neo4j.log")
                    .read_text(errors="replace")
                    .rsplit("Starting...", 1)[-1]
                ):
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise ServerError(
        f"Neo4j did not answer on port {settings.neo4j_bolt_port} within "
        f"{settings.neo4j_start_timeout:.0f} s; log tail:\n{_log_tail(settings)}",
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
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or _is_zombie(pid):
            break
        time.sleep(0.3)
    else:
        os.kill(pid, signal.SIGKILL)
    _pid_file(settings).unlink(missing_ok=True)
    return True


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except OSError:
        return True


def write_env_value(env_file: Path, key: str, value: str) -> None:
    """Set `key=value` in a dotenv file, keeping every other line."""
    lines = env_file.read_text().splitlines() if env_file.exists() else []
    lines = [line for line in lines if not line.startswith(f"{key}=")]
    lines.append(f"{key}={value}")
    env_file.write_text("\n".join(lines) + "\n")
    env_file.chmod(0o600)
