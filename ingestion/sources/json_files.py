"""JSON and JSON-lines files: amtsblattportal publications, synthetic corpora, Zefix REST.

Accepted shapes: the API list response `{"content": [...], "total": n}`, the recorded fixture
`{"publications": [...], ...}`, a bare array, one publication `{"meta", "content"}`, Zefix REST
company records (alone or in an array), and any of these one per line in `.jsonl` files. A file
with `"_generator": "shabgraph"` at the top is a synthetic corpus (source format `synthetic`).

A file that does not parse as a whole (truncated download, one broken record, a bad byte) is
read record by record so that every complete record before and after the damage is kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import orjson

from ingestion.publication import Publication, Source
from ingestion.sources.amtsblatt import RecordError, map_publication
from ingestion.sources.rejects import Reject, RejectReason, excerpt_of
from ingestion.sources.zefix_rest import is_zefix_company, read_zefix_company

SYNTHETIC_MARKER = ("_generator", "shabgraph")
"""Top-level key and value that mark a file written by `shabgraph generate`."""

_ARRAY_START_RE = re.compile(r'"(?:publications|content)"\s*:\s*\[')
_RECORD_START_RE = re.compile(r'\{\s*"(?:meta|content)"\s*:\s*\{')
_SYNTHETIC_RE = re.compile(r'"_generator"\s*:\s*"shabgraph"')
_DECODER = json.JSONDecoder()

Item = Publication | Reject


def _format_of(doc: Any) -> str:
    synthetic = isinstance(doc, dict) and doc.get(SYNTHETIC_MARKER[0]) == SYNTHETIC_MARKER[1]
    return "synthetic" if synthetic else "amtsblatt_json"


def _one(obj: Any, path: str, pointer: str, fmt: str) -> Iterator[Item]:
    """A publication or a Zefix company record found at `pointer`."""
    if is_zefix_company(obj):
        yield from read_zefix_company(obj, path, pointer)
        return
    source = Source(format=fmt, path=path, location=pointer or "/")  # type: ignore[arg-type]
    try:
        yield map_publication(obj, source)
    except RecordError as exc:
        yield Reject(
            path=path,
            location=pointer or "/",
            reason=exc.reason,  # type: ignore[arg-type]
            detail=exc.detail,
            excerpt=excerpt_of(_dump(obj)),
        )


def _dump(obj: Any) -> str:
    try:
        return orjson.dumps(obj).decode()
    except TypeError:
        return repr(obj)


def read_document(doc: Any, path: str, pointer: str = "", fmt: str | None = None) -> Iterator[Item]:
    """Every record of one parsed JSON document, whatever its shape."""
    fmt = fmt or _format_of(doc)
    if isinstance(doc, list):
        for i, obj in enumerate(doc):
            yield from _one(obj, path, f"{pointer}/{i}", fmt)
    elif isinstance(doc, dict) and isinstance(doc.get("publications"), list):
        for i, obj in enumerate(doc["publications"]):
            yield from _one(obj, path, f"{pointer}/publications/{i}", fmt)
    elif isinstance(doc, dict) and isinstance(doc.get("content"), list):
        for i, obj in enumerate(doc["content"]):
            yield from _one(obj, path, f"{pointer}/content/{i}", fmt)
    elif isinstance(doc, dict) and ("meta" in doc or is_zefix_company(doc)):
        yield from _one(doc, path, pointer, fmt)
    else:
        keys = sorted(doc)[:8] if isinstance(doc, dict) else type(doc).__name__
        yield Reject(
            path=path,
            location=pointer or "/",
            reason="unknown_format",
            detail=f"JSON that is neither a publication list nor a record: {keys}",
            excerpt=excerpt_of(_dump(doc)),
        )


def _salvage(text: str, path: str, fmt: str, first_error: str) -> Iterator[Item]:
    """Read a damaged document record by record, rejecting only the damaged stretches."""
    start = _ARRAY_START_RE.search(text)
    if start is not None:
        pos, base = start.end(), "/" + start.group(0).split('"')[1]
    elif text.lstrip().startswith("["):
        pos, base = text.index("[") + 1, ""
    else:
        reason: RejectReason = "truncated" if _looks_cut(text) else "malformed_json"
        yield Reject(
            path=path,
            location="byte 0",
            reason=reason,
            detail=first_error,
            excerpt=excerpt_of(text),
        )
        return
    index = 0
    end = len(text)
    while pos < end:
        while pos < end and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= end or text[pos] == "]":
            return
        try:
            obj, after = _DECODER.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            nxt = _RECORD_START_RE.search(text, pos + 1)
            cut = nxt is None and _looks_cut(text)
            yield Reject(
                path=path,
                location=f"{base}/{index} (char {pos})",
                reason="truncated" if cut else "malformed_json",
                detail=f"{exc.msg} at char {exc.pos}",
                excerpt=excerpt_of(text[pos:]),
            )
            if nxt is None:
                return
            pos, index = nxt.start(), index + 1
            continue
        if _has_surrogates(obj):
            yield Reject(
                path=path,
                location=f"{base}/{index}",
                reason="encoding",
                detail="bytes that are not UTF-8 inside the record",
                excerpt=excerpt_of(text[pos:after].encode("utf-8", "replace")),
            )
        else:
            yield from _one(obj, path, f"{base}/{index}", fmt)
        pos, index = after, index + 1


def _looks_cut(text: str) -> bool:
    """A document that stops before its closing bracket (a cut download)."""
    tail = text.rstrip()
    return not tail.endswith(("}", "]"))


def _has_surrogates(obj: Any) -> bool:
    if isinstance(obj, str):
        return any("\udc80" <= ch <= "\udcff" for ch in obj)
    if isinstance(obj, dict):
        return any(_has_surrogates(v) for v in obj.values())
    if isinstance(obj, list):
        return any(_has_surrogates(v) for v in obj)
    return False


def read_json(path: str, data: bytes) -> Iterator[Item]:
    """Every record of one JSON file (one document)."""
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        text = data.decode("utf-8", errors="surrogateescape")
        fmt = "synthetic" if _SYNTHETIC_RE.search(text[:4096]) else "amtsblatt_json"
        yield from _salvage(text, path, fmt, str(exc))
        return
    yield from read_document(doc, path)


def read_jsonl(path: str, data: bytes) -> Iterator[Item]:
    """Every record of a JSON-lines file: one document per line."""
    lines = data.split(b"\n")
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            doc = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            reason: RejectReason
            try:
                line.decode("utf-8")
                reason = "truncated" if i == len(lines) else "malformed_json"
            except UnicodeDecodeError:
                reason = "encoding"
            yield Reject(
                path=path,
                location=f"line {i}",
                reason=reason,
                detail=str(exc),
                excerpt=excerpt_of(line),
            )
            continue
        yield from read_document(doc, path, f"line {i}:")
