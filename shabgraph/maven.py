"""Maven, for resolving the Neo4j server's jars: the system `mvn`, else one from Maven Central.

Neo4j's modules and their ~200 transitive jars are published on Maven Central, and Maven is what
resolves that graph correctly (parents, BOMs, exclusions). When no `mvn` is on PATH, Apache
Maven's binary distribution is fetched from Maven Central itself, checked against the SHA-512
published beside it, and unpacked under `.neo4j/dist/maven/`. Either way Maven is launched by
the Java chosen for the server, through its class-world launcher (what `bin/mvn` does), so it
needs neither a `java` on PATH nor `JAVA_HOME`.
"""

from __future__ import annotations

import shutil
import tarfile
from dataclasses import dataclass
from pathlib import Path

from shabgraph.downloads import fetch_verified
from shabgraph.errors import ServerError
from shabgraph.java_runtime import Java

MAVEN_VERSION = "3.9.11"
MAVEN_CENTRAL = "https://repo.maven.apache.org/maven2"
LAUNCHER = "org.codehaus.plexus.classworlds.launcher.Launcher"


@dataclass(frozen=True)
class Maven:
    """A Maven installation."""

    home: Path | None
    """Its folder (holding boot/ and bin/m2.conf); None when only a `mvn` script is known."""
    script: Path | None
    """The `mvn` found on PATH, if that is where it came from."""
    source: str
    """`PATH` or `Maven Central`."""

    def command(
        self, java: Java, project: Path, args: list[str], jvm: list[str] | None = None
    ) -> list[str]:
        """The command line that runs Maven with `java` (JVM options `jvm`) on `project`."""
        jar = classworlds_jar(self.home) if self.home else None
        if self.home is None or jar is None:
            if self.script is None:
                raise ServerError(f"Maven at {self.home} has no boot/plexus-classworlds jar")
            return [str(self.script), *args]  # an unusual layout: let its script find a Java
        return [
            str(java.path),
            *(jvm or []),
            "-classpath",
            str(jar),
            f"-Dclassworlds.conf={self.home / 'bin' / 'm2.conf'}",
            f"-Dmaven.home={self.home}",
            f"-Dlibrary.jansi.path={self.home / 'lib' / 'jansi-native'}",
            f"-Dmaven.multiModuleProjectDirectory={project}",
            LAUNCHER,
            *args,
        ]


def classworlds_jar(home: Path) -> Path | None:
    """The launcher jar of a Maven home, when the home has the standard layout."""
    if not (home / "bin" / "m2.conf").is_file():
        return None
    jars = sorted((home / "boot").glob("plexus-classworlds-*.jar"))
    return jars[-1] if jars else None


def system_maven() -> Maven | None:
    """The `mvn` on PATH, with its home when its script sits in a standard layout."""
    found = shutil.which("mvn")
    if not found:
        return None
    home = Path(found).resolve().parent.parent
    return Maven(home=home if classworlds_jar(home) else None, script=Path(found), source="PATH")


def distribution_url(base: str = MAVEN_CENTRAL, version: str = MAVEN_VERSION) -> str:
    """Where Maven Central keeps the binary distribution of `version`."""
    return f"{base}/org/apache/maven/apache-maven/{version}/apache-maven-{version}-bin.tar.gz"


def central_maven(cache: Path, base: str = MAVEN_CENTRAL, version: str = MAVEN_VERSION) -> Maven:
    """Maven `version` from Maven Central, unpacked under `cache` (downloaded and checked once)."""
    home = cache / f"apache-maven-{version}"
    marker = home / ".complete"
    if marker.exists() and classworlds_jar(home):
        return Maven(home=home, script=None, source="Maven Central")
    try:
        archive = fetch_verified(
            distribution_url(base, version), cache / f"apache-maven-{version}.tar.gz"
        )
    except ServerError as exc:
        raise ServerError(
            f"no mvn on PATH, and Maven {version} could not be fetched: {exc.message}",
            hint="allow access to Maven Central, or install Maven (apt-get install maven)",
        ) from exc
    staging = cache / f".unpack-{version}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        with tarfile.open(archive) as tar:
            tar.extractall(staging, filter="data")
    except (tarfile.TarError, OSError) as exc:
        archive.unlink(missing_ok=True)  # checksum-valid yet unreadable: never reuse it
        raise ServerError(f"cannot unpack {archive.name}: {exc}") from exc
    unpacked = staging / f"apache-maven-{version}"
    if not classworlds_jar(unpacked):
        raise ServerError(f"{archive.name} does not hold a Maven distribution")
    shutil.rmtree(home, ignore_errors=True)
    unpacked.replace(home)
    shutil.rmtree(staging, ignore_errors=True)
    marker.write_text(version)
    return Maven(home=home, script=None, source="Maven Central")


def find_maven(cache: Path, base: str = MAVEN_CENTRAL) -> Maven:
    """The system Maven when there is one, else Maven Central's distribution."""
    return system_maven() or central_maven(cache, base)
