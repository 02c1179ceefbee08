"""Which reader a file needs, from its name and its first bytes."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

FileKind = Literal["json", "jsonl", "xml", "zefix_daily", "unknown"]
"""The file-level formats; JSON files are told apart record by record afterwards."""

SNIFF_BYTES = 4096
"""How much of a file is looked at to decide."""

DAILY_MIN_TABS = 20
"""A Zefix daily line has at least 21 tab-separated columns."""


def detect(path: Path, head: bytes) -> FileKind:
    """The reader for a file whose first bytes are `head`."""
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    # Tabs first: a damaged first notice of a daily file may start with `[` or `<`, and reading
    # the whole file as JSON or XML would lose every good line after it.
    if start.split(b"\n", 1)[0].count(b"\t") >= DAILY_MIN_TABS:
        return "zefix_daily"
    if start.startswith(b"<"):
        return "xml"
    if start.startswith((b"{", b"[")):
        first_line = start.split(b"\n", 1)[0].strip()
        # one complete object per line (and more than one line) is JSON lines, not one document
        if start.startswith(b"{") and first_line.endswith(b"}") and b"\n{" in start:
            return "jsonl"
        return "json"
    if suffix == ".json":
        return "json"
    if suffix == ".xml":
        return "xml"
    return "unknown"
