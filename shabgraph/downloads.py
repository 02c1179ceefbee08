"""Checksum-verified downloads into a cache folder, for the parts of the server bootstrap.

A fresh machine fetches Apache Maven's binary distribution once and keeps it beside the Neo4j
jars. A cached file is trusted only while it matches the SHA-512 published beside it; a file that
does not (a truncated download, a flipped bit on disk) is fetched again, once, and a second
mismatch is an error rather than a loop. The published checksum is cached too, so a machine that
has everything needs no network.
"""

from __future__ import annotations

import hashlib
import urllib.error
import urllib.request
from pathlib import Path

from shabgraph.errors import ServerError

CHUNK = 1 << 20


def sha512_of(path: Path) -> str:
    """Hex SHA-512 of a file, read in chunks (archives are megabytes, not memory-sized)."""
    digest = hashlib.sha512()
    with path.open("rb") as fh:
        while chunk := fh.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _get(url: str, target: Path, timeout: float) -> None:
    """Write `url` to `target` through a `.part` file, so an interrupted copy is never taken."""
    part = target.with_name(target.name + ".part")
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp, part.open("wb") as out:
            while chunk := resp.read(CHUNK):
                out.write(chunk)
    except (urllib.error.URLError, OSError) as exc:
        part.unlink(missing_ok=True)
        reason = getattr(exc, "reason", exc)
        raise ServerError(
            f"cannot download {url}: {reason}",
            hint="check the network connection to the package registry, then run it again",
        ) from exc
    part.replace(target)


def _published_sha512(url: str, target: Path, timeout: float, refresh: bool) -> str:
    """The checksum published at `url.sha512`, cached as `target.sha512`."""
    sum_file = target.with_name(target.name + ".sha512")
    if refresh or not sum_file.exists():
        _get(url + ".sha512", sum_file, timeout)
    words = sum_file.read_text(errors="replace").split()
    value = words[0].lower() if words else ""
    if len(value) != 128 or any(c not in "0123456789abcdef" for c in value):
        sum_file.unlink(missing_ok=True)
        raise ServerError(f"{url}.sha512 does not hold a SHA-512 checksum")
    return value


def fetch_verified(url: str, target: Path, timeout: float = 60.0) -> Path:
    """`target`, downloaded from `url` unless a cached copy matches its published SHA-512.

    A copy that fails the check (the cached one or a fresh download) is deleted and fetched again
    with its checksum, once; a second failure raises `ServerError`.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    expected = _published_sha512(url, target, timeout, refresh=False)
    cached = target.exists()
    if cached and sha512_of(target) == expected:
        return target
    if not cached:
        _get(url, target, timeout)
        if sha512_of(target) == expected:
            return target
    # The cached copy or the first download is corrupt: fetch both files again, once.
    target.unlink(missing_ok=True)
    expected = _published_sha512(url, target, timeout, refresh=True)
    _get(url, target, timeout)
    if sha512_of(target) == expected:
        return target
    target.unlink(missing_ok=True)
    raise ServerError(
        f"{url} failed its SHA-512 check twice",
        hint="the download was corrupted on the way; run the command again later",
    )
