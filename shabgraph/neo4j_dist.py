"""The Neo4j 5.26 server jars: resolved from Maven Central once, checked, cached in `.neo4j/dist/`.

Maven Central serves Neo4j as modules, not as the packaged tarball: `dependency:copy-dependencies`
on a two-line POM puts every jar under `.neo4j/dist/<version>/lib`. Maven runs with strict
checksums and its own repository in `.neo4j/dist/repository`, so each jar is checked against the
SHA-1 Maven Central publishes for it; the copied jars are then checked against those same sums,
and their SHA-1s are written to `lib.sha1`. Every later start checks `lib/` against that file: a
corrupt cached jar is found there, its cached artifact is dropped, and the jars are fetched again,
once. Java and Maven come from `java_runtime` and `maven` (system ones first, else the registries).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

from shabgraph.errors import ServerError
from shabgraph.java_runtime import find_java
from shabgraph.maven import MAVEN_CENTRAL, find_maven
from shabgraph.project import NEO4J_VERSION
from shabgraph.settings import Settings
from shabgraph.truststore import ssl_options

MANIFEST = "lib.sha1"
_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.shabgraph</groupId><artifactId>neo4j-server-dist</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.neo4j</groupId><artifactId>neo4j</artifactId><version>{v}</version></dependency>
    <dependency><groupId>org.neo4j.app</groupId><artifactId>neo4j-server</artifactId><version>{v}</version></dependency>
  </dependencies>
</project>
"""


def dist_root(settings: Settings) -> Path:
    """`.neo4j/dist`: server versions, Maven's repository and Maven itself."""
    return settings.neo4j_home / "dist"


def dist_dir(settings: Settings) -> Path:
    return dist_root(settings) / NEO4J_VERSION


def is_installed(settings: Settings) -> bool:
    return (dist_dir(settings) / ".complete").exists()


def _say(text: str) -> None:
    # Installing takes minutes on a fresh machine: say what is happening, on stderr.
    print(text, file=sys.stderr, flush=True)


def sha1_of(path: Path) -> str:
    return hashlib.sha1(path.read_bytes(), usedforsecurity=False).hexdigest()


def corrupt_jars(target: Path) -> list[str]:
    """Jars of `target/lib` that differ from `lib.sha1` (or are missing); none without the file."""
    manifest = target / MANIFEST
    if not manifest.exists():
        return []  # an install made before the manifest existed: nothing to compare with
    bad = []
    for line in manifest.read_text().splitlines():
        digest, _, name = line.partition("  ")
        jar = target / "lib" / name
        if not jar.is_file() or sha1_of(jar) != digest:
            bad.append(name)
    return bad


def unverified_against(lib: Path, repository: Path) -> list[Path]:
    """Repository artifacts whose jar in `lib` differs from the SHA-1 Maven Central published."""
    published: dict[str, list[Path]] = {}
    for jar in repository.rglob("*.jar"):
        published.setdefault(jar.name, []).append(jar)
    bad: list[Path] = []
    for jar in sorted(lib.glob("*.jar")):
        digest = sha1_of(jar)
        for source in published.get(jar.name, []):
            sums = source.with_name(source.name + ".sha1")
            words = sums.read_text(errors="replace").split() if sums.exists() else []
            if words and words[0].lower() != digest:
                bad.append(source.parent)
    return bad


def _discard(target: Path, artifacts: list[Path]) -> None:
    for folder in artifacts:
        shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(target / "lib", ignore_errors=True)
    for name in (".complete", MANIFEST):
        (target / name).unlink(missing_ok=True)


def _artifacts_named(repository: Path, names: list[str]) -> list[Path]:
    return [jar.parent for name in names for jar in repository.rglob(name)]


def _resolve(settings: Settings, target: Path, repository: Path, base_url: str) -> None:
    """Run Maven once: every runtime jar of the two Neo4j modules into `target/lib`."""
    java = find_java(settings)
    maven = find_maven(dist_root(settings) / "maven", base_url)
    _say(
        f"Fetching the Neo4j {NEO4J_VERSION} jars with Maven ({maven.source}) on {java.describe()}"
    )
    args = [
        "-B",
        "-q",
        "--strict-checksums",
        f"-Dmaven.repo.local={repository}",
        "dependency:copy-dependencies",
        "-DincludeScope=runtime",
        f"-DoutputDirectory={target / 'lib'}",
    ]
    proc = subprocess.run(
        maven.command(java, target, args, ssl_options(java, dist_root(settings))),
        cwd=target,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        lines = (proc.stdout + proc.stderr).strip().splitlines()
        # Maven reports a network fault as a warning and then a puzzling "no plugin found".
        cause = next((ln.strip() for ln in lines if "Could not transfer" in ln), None)
        tail = "\n".join(([cause] if cause else []) + lines[-15:])
        raise ServerError(
            f"Maven could not fetch Neo4j {NEO4J_VERSION}:\n{tail}",
            hint="check that Maven Central is reachable",
        )
    if not (target / "lib" / f"neo4j-{NEO4J_VERSION}.jar").is_file():
        raise ServerError(f"Maven finished but the Neo4j {NEO4J_VERSION} jar is missing")


def install(settings: Settings, base_url: str = MAVEN_CENTRAL) -> Path:
    """Fetch and check the server jars once; later calls only check the cached ones."""
    target = dist_dir(settings)
    repository = dist_root(settings) / "repository"
    if is_installed(settings):
        bad_names = corrupt_jars(target)
        if not bad_names:
            return target
        _say(f"{len(bad_names)} cached Neo4j jar(s) fail their checksum: fetching them again")
        _discard(target, _artifacts_named(repository, bad_names))
    target.mkdir(parents=True, exist_ok=True)
    (target / "pom.xml").write_text(_POM.format(v=NEO4J_VERSION))
    for attempt in (1, 2):
        _resolve(settings, target, repository, base_url)
        bad = unverified_against(target / "lib", repository)
        if not bad:
            break
        _discard(target, bad)
        if attempt == 2:
            raise ServerError(
                f"{len(bad)} Neo4j jar(s) failed their Maven Central checksum twice: "
                + ", ".join(sorted(p.name for p in bad)[:5]),
                hint="run the command again later",
            )
        _say(f"{len(bad)} downloaded jar(s) fail their checksum: fetching them again")
    lines = [f"{sha1_of(jar)}  {jar.name}" for jar in sorted((target / "lib").glob("*.jar"))]
    (target / MANIFEST).write_text("\n".join(lines) + "\n")
    (target / ".complete").write_text(NEO4J_VERSION)
    return target
