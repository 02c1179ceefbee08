"""The managed Postgres cluster on disk: binaries, the OS user it runs as, initdb, password.

`initdb` and `postgres` refuse to run as root. When shabgraph runs as root (CI, these machines)
the server runs as an unprivileged system user (`Settings.postgres_os_user`, default `postgres`,
the Debian package's user; created with `useradd --system` if missing): the instance folder is
given to that user, and every folder above it must let it pass (`o+x`), which is checked before
anything is made. The superuser `shabgraph` gets a generated password (scram-sha-256 on TCP and
on the socket), kept in the instance folder, readable by root only.
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote

from shabgraph.errors import ServerError
from shabgraph.settings import Settings

SUPERUSER = "shabgraph"
"""The cluster's superuser (initdb `-U`); its password is generated into the instance folder."""
DATABASE = "shabgraph"
"""The database `start` creates for the app."""
PG_ROOTS = (Path("/usr/lib/postgresql"),)
"""Where Debian installs the server binaries (`<root>/<major>/bin`)."""


def find_bin(settings: Settings) -> Path:
    """The folder holding `initdb` and `postgres`: configured, newest Debian version, or PATH."""
    candidates: list[Path] = []
    if settings.postgres_bin:
        candidates.append(settings.postgres_bin)
    else:
        for root in PG_ROOTS:
            versions = [p for p in root.glob("*/bin") if p.parent.name.isdigit()]
            candidates.extend(sorted(versions, key=lambda p: int(p.parent.name), reverse=True))
        on_path = shutil.which("initdb")
        if on_path:
            candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    raise ServerError(
        "no PostgreSQL server binaries found (initdb, postgres)",
        hint="apt-get install postgresql, or set SHABGRAPH_POSTGRES_BIN to their folder",
    )


def binaries_present(settings: Settings) -> bool:
    """True when `find_bin` would succeed (the tests skip locally without them)."""
    try:
        find_bin(settings)
    except ServerError:
        return False
    return True


def data_dir(settings: Settings) -> Path:
    return settings.postgres_dir / "data"


def socket_dir(settings: Settings) -> Path:
    return settings.postgres_dir / "socket"


def pid_file(settings: Settings) -> Path:
    return settings.postgres_dir / "shabgraph.pid"


def _password_file(settings: Settings) -> Path:
    return settings.postgres_dir / "password"


def password(settings: Settings) -> str | None:
    """The generated superuser password of the instance, None before the first start."""
    file = _password_file(settings)
    return file.read_text().strip() if file.exists() else None


def url(settings: Settings, database: str = DATABASE, *, with_password: bool = False) -> str:
    """`postgresql://shabgraph@127.0.0.1:<port>/<database>` (the password only when asked)."""
    secret = password(settings) if with_password else None
    auth = f"{SUPERUSER}:{quote(secret, safe='')}" if secret else SUPERUSER
    return f"postgresql://{auth}@127.0.0.1:{settings.postgres_port}/{database}"


def run_as(settings: Settings) -> tuple[int, int] | None:
    """(uid, gid) of the unprivileged user the server runs as when we are root; else None."""
    if os.geteuid() != 0:
        return None
    name = settings.postgres_os_user
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        done = subprocess.run(
            [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise ServerError(
                f"cannot create the system user {name!r} for Postgres: {done.stderr.strip()}",
                hint="create it, or set SHABGRAPH_POSTGRES_OS_USER to an unprivileged user",
            ) from None
        entry = pwd.getpwnam(name)
    if entry.pw_uid == 0:
        raise ServerError(
            f"SHABGRAPH_POSTGRES_OS_USER={name} is root; Postgres refuses to run as root",
            hint="name an unprivileged user",
        )
    return entry.pw_uid, entry.pw_gid


def _check_reachable(folder: Path, name: str) -> None:
    """Every folder above the instance must let another user pass, or the server cannot start."""
    for parent in folder.parents:
        if parent.exists() and not parent.stat().st_mode & 0o001:
            raise ServerError(
                f"{parent} is closed to other users, so the Postgres user {name!r} cannot reach "
                f"{folder}",
                hint=f"chmod o+x {parent}, or set SHABGRAPH_POSTGRES_HOME to an open folder",
            )


def _run(cmd: list[str], settings: Settings, ids: tuple[int, int] | None) -> None:
    done = subprocess.run(
        cmd,
        capture_output=True,
        text=True,
        check=False,
        cwd=settings.postgres_dir,
        user=ids[0] if ids else None,
        group=ids[1] if ids else None,
        extra_groups=[] if ids else None,
    )
    if done.returncode != 0:
        raise ServerError(
            f"{Path(cmd[0]).name} failed (code {done.returncode}): "
            f"{(done.stderr or done.stdout).strip()[-1500:]}"
        )


def initialize(settings: Settings) -> bool:
    """Create the cluster once (initdb); False when it already exists."""
    folder, data = settings.postgres_dir, data_dir(settings)
    if (data / "PG_VERSION").exists():
        return False
    bin_dir = find_bin(settings)
    ids = run_as(settings)
    if ids:
        _check_reachable(folder, settings.postgres_os_user)
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    if ids:
        os.chown(folder, *ids)
    if not _password_file(settings).exists():
        _password_file(settings).write_text(secrets.token_urlsafe(18))
        _password_file(settings).chmod(0o600)
    # initdb reads the password from a file; only the server's user may read this copy.
    pwfile = folder / "initdb-password"
    pwfile.write_text(password(settings) or "")
    pwfile.chmod(0o600)
    if ids:
        os.chown(pwfile, *ids)
    try:
        _run(
            [
                str(bin_dir / "initdb"),
                "--pgdata",
                str(data),
                "--username",
                SUPERUSER,
                "--pwfile",
                str(pwfile),
                "--auth-host=scram-sha-256",
                "--auth-local=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C.UTF-8",
                "--no-instructions",
            ],
            settings,
            ids,
        )
    finally:
        pwfile.unlink(missing_ok=True)
    return True
