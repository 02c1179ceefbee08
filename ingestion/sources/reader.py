"""Read any mix of files and folders into `Publication` records, streaming, with rejects.

Each file is read whole (the largest real files are API pages of at most 2,000 records) and its
records are yielded one by one; a bad file or record becomes a `Reject` and the batch goes on.
A publication id seen before in the same batch is rejected as a duplicate: harvested pages
overlap when the service's order shifts, and the loader must see each notice once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ingestion.publication import Publication
from ingestion.sources.detect import SNIFF_BYTES, detect
from ingestion.sources.json_files import read_json, read_jsonl
from ingestion.sources.rejects import Reject, excerpt_of
from ingestion.sources.xml_files import read_xml
from ingestion.sources.zefix_daily import read_zefix_daily

Item = Publication | Reject

DIRECTORY_SUFFIXES = frozenset({"", ".json", ".jsonl", ".ndjson", ".xml", ".tsv", ".txt"})
"""Files picked up when walking a folder (Zefix daily files have no suffix); named files are
always read. Hidden files (harvest state) and documentation are skipped."""

_READERS: dict[str, Callable[[str, bytes], Iterator[Item]]] = {
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


class PublicationReader:
    """Reads files one at a time, remembering publication ids across them to drop duplicates."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}
        """Publication id -> where it was first read."""

    def read_file(self, path: Path) -> Iterator[Item]:
        """Every record of one file, duplicates of earlier records turned into rejects."""
        name = str(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            yield Reject(path=name, reason="unreadable", detail=str(exc))
            return
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
        try:
            for item in reader(name, data):
                yield self._dedupe(item)
        except RecursionError as exc:
            # a pathologically nested document: the records before it are already out
            yield Reject(path=name, reason="unreadable", detail=f"RecursionError: {exc}")

    def _dedupe(self, item: Item) -> Item:
        if isinstance(item, Reject):
            return item
        where = f"{item.source.path} {item.source.location or ''}".strip()
        first = self.seen.setdefault(item.id, where)
        if first is where:
            return item
        return Reject(
            path=item.source.path,
            location=item.source.location,
            reason="duplicate",
            detail=f"publication {item.id} ({item.number}) first read at {first}",
            excerpt=excerpt_of(item.text),
        )


def read_paths(paths: Iterable[Path]) -> Iterator[Publication | Reject]:
    """Every publication (or reject) in the given files and folders, format detected per file."""
    reader = PublicationReader()
    for path in iter_files(paths):
        yield from reader.read_file(path)
