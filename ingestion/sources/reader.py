"""Read any mix of files and folders into `Publication` records, streaming, with rejects.

Each file is read whole (the largest real files are API pages of at most 2,000 records) and its
records are yielded one by one; a bad file or record becomes a `Reject` and the batch goes on.
Every file is turned into UTF-8 first (byte-order marks, UTF-16), and every publication is
checked against the configured `RecordLimits` (field sizes, dates) before it is yielded.
A publication id seen before in the same batch is rejected (`ingestion.sources.duplicates`):
harvested pages overlap when the service's order shifts, and the loader must see each notice once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ingestion.publication import Publication, RecordLimits, check_limits
from ingestion.sources.detect import SNIFF_BYTES, detect
from ingestion.sources.duplicates import FirstSeen
from ingestion.sources.json_files import read_json, read_jsonl
from ingestion.sources.rejects import Reject, excerpt_of
from ingestion.sources.shape import to_utf8
from ingestion.sources.xml_files import read_xml
from ingestion.sources.zefix_daily import read_zefix_daily
from shabgraph.settings import Settings

Item = Publication | Reject

DIRECTORY_SUFFIXES = frozenset({"", ".json", ".jsonl", ".ndjson", ".xml", ".tsv", ".txt"})
"""Files picked up when walking a folder (Zefix daily files have no suffix); named files are
always read. Hidden files (harvest state) and documentation are skipped."""

_READERS: dict[str, Callable[[str, bytes, RecordLimits], Iterator[Item]]] = {
    "json": read_json,
    "jsonl": read_jsonl,
    "xml": read_xml,
    "zefix_daily": read_zefix_daily,
}


def iter_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The files to read: named files as given, folders walked recursively in sorted order."""
    for path in paths:
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                rel = child.relative_to(path).parts
                if (
                    child.is_file()
                    and not any(p.startswith(".") for p in rel)
                    and child.suffix.lower() in DIRECTORY_SUFFIXES
                ):
                    yield child
        else:
            yield path


def limit_reject(pub: Publication, limits: RecordLimits) -> Reject | None:
    """The reject of a publication that breaks a limit, None when it keeps them all."""
    problem = check_limits(pub, limits)
    if problem is None:
        return None
    return Reject(
        path=pub.source.path,
        location=pub.source.location,
        reason=problem.reason,
        field=problem.field,
        size=problem.size,
        limit=problem.limit,
        detail=f"publication {pub.number[:80]}: {problem.detail}",
        excerpt=excerpt_of(pub.text),
    )


class PublicationReader:
    """Reads files one at a time, remembering publication ids across them to drop duplicates."""

    def __init__(self, limits: RecordLimits | None = None) -> None:
        self.limits = limits or RecordLimits.from_settings(Settings())
        """Size and date limits every record must keep."""
        self.seen = FirstSeen()
        """Publication id -> where it was first read, with its content checksum."""

    def read_file(self, path: Path) -> Iterator[Item]:
        """Every record of one file, duplicates of earlier records turned into rejects."""
        name = str(path)
        try:
            size = path.stat().st_size
            if size > self.limits.file_bytes:
                yield Reject(
                    path=name,
                    reason="too_large",
                    field="file",
                    size=size,
                    limit=self.limits.file_bytes,
                    detail=f"file of {size:,} bytes, at most {self.limits.file_bytes:,} "
                    "(ingest_max_file_bytes): split it",
                )
                return
            data = path.read_bytes()
        except OSError as exc:
            yield Reject(path=name, reason="unreadable", detail=str(exc))
            return
        decoded = to_utf8(data)
        if decoded.data is None:
            yield Reject(
                path=name,
                location="byte 0",
                reason="encoding",
                detail=decoded.problem,
                excerpt=excerpt_of(data),
            )
            return
        data = decoded.data
        kind = detect(path, data[:SNIFF_BYTES])
        reader = _READERS.get(kind)
        if reader is None:
            yield Reject(
                path=name,
                location="byte 0",
                reason="unknown_format",
                detail="not JSON, XML or a Zefix daily file",
                excerpt=excerpt_of(data),
            )
            return
        last = "the start"
        try:
            for item in reader(name, data, self.limits):
                checked = self._check(item)
                last = str(
                    checked.location if isinstance(checked, Reject) else checked.source.location
                )
                yield checked
        except Exception as exc:  # a parser fault must cost this file's rest, never the run
            yield Reject(
                path=name,
                location=f"after {last}",
                reason="unreadable",
                detail=f"{type(exc).__name__}: {str(exc)[:300]}; the rest of the file was not read",
            )

    def _check(self, item: Item) -> Item:
        if isinstance(item, Reject):
            return item
        problem = limit_reject(item, self.limits)
        if problem is not None:
            return problem
        source = item.source
        duplicate = self.seen.check(
            item.id, item.number, item.content_checksum(), source.path, source.location, item.text
        )
        return duplicate or item


def read_paths(
    paths: Iterable[Path], limits: RecordLimits | None = None
) -> Iterator[Publication | Reject]:
    """Every publication (or reject) in the given files and folders, format detected per file."""
    reader = PublicationReader(limits)
    for path in iter_files(paths):
        yield from reader.read_file(path)
