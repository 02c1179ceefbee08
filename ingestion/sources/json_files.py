"""JSON and JSON-lines files: amtsblattportal publications, synthetic corpora, Zefix REST.

Accepted shapes: the API list response `{"content": [...], "total": n}`, the recorded fixture
`{"publications": [...], ...}`, a bare array, one publication `{"meta", "content"}`, Zefix REST
company records (alone or in an array), and any of these one per line in `.jsonl` files. A file
with `"_generator": "shabgraph"` at the top is a synthetic corpus (source format `synthetic`).

A file that does not parse as a whole (truncated download, one broken record, a bad byte, a
record nested past the parser's depth) is read record by record so that every complete record
before and after the damage is kept. Each record is checked against the raw limits (size,
nesting depth) before it is mapped.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

import orjson

from ingestion.publication import Publication, RecordLimits, Source
from ingestion.sources.amtsblatt import RecordError, map_publication
from ingestion.sources.rejects import Reject, RejectReason, excerpt_of, too_deep, too_large
from ingestion.sources.shape import json_depth
from ingestion.sources.zefix_rest import is_zefix_company, read_zefix_company

SYNTHETIC_MARKER = ("_generator", "shabgraph")
"""Top-level key and value that mark a file written by `shabgraph generate`."""

_ARRAY_START_RE = re.compile(r'"(?:publications|content)"\s*:\s*\[')
_RECORD_START_RE = re.compile(r'\{\s*"(?:meta|content)"\s*:\s*\{')
_SYNTHETIC_RE = re.compile(r'"_generator"\s*:\s*"shabgraph"')
_DECODER = json.JSONDecoder()
_SURROGATE_RE = re.compile("[\ud800-\udfff]")

Item = Publication | Reject


def _format_of(doc: Any) -> str:
    synthetic = isinstance(doc, dict) and doc.get(SYNTHETIC_MARKER[0]) == SYNTHETIC_MARKER[1]
    return "synthetic" if synthetic else "amtsblatt_json"


def _raw_problem(obj: Any, path: str, loc: str, limits: RecordLimits, big: bool) -> Reject | None:
    """A reject when the raw record breaks the depth or (in a file past it) the size limit."""
    depth = json_depth(obj, limits.depth)
    if depth > limits.depth:
        return too_deep(path, loc, depth, limits.depth, excerpt_of(_dump(obj)))
    if big:
        raw = _dump(obj)
        if len(raw) > limits.record_bytes:
            return too_large(path, loc, len(raw), limits.record_bytes, excerpt_of(raw))
    return None


def _one(
    obj: Any, path: str, pointer: str, fmt: str, limits: RecordLimits, big: bool = False
) -> Iterator[Item]:
    """A publication or a Zefix company record found at `pointer`."""
    problem = _raw_problem(obj, path, pointer or "/", limits, big)
    if problem is not None:
        yield problem
        return
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
    except TypeError:  # orjson stops at 255 levels and at lone surrogates
        return repr(obj)[: 4 * 1024]


def read_document(
    doc: Any,
    path: str,
    limits: RecordLimits,
    pointer: str = "",
    fmt: str | None = None,
    big: bool = False,
) -> Iterator[Item]:
    """Every record of one parsed JSON document, whatever its shape; `big` when the document
    is larger than one record may be (only then is each record's size measured)."""
    fmt = fmt or _format_of(doc)
    if isinstance(doc, list):
        for i, obj in enumerate(doc):
            yield from _one(obj, path, f"{pointer}/{i}", fmt, limits, big)
    elif isinstance(doc, dict) and isinstance(doc.get("publications"), list):
        for i, obj in enumerate(doc["publications"]):
            yield from _one(obj, path, f"{pointer}/publications/{i}", fmt, limits, big)
    elif isinstance(doc, dict) and isinstance(doc.get("content"), list):
        for i, obj in enumerate(doc["content"]):
            yield from _one(obj, path, f"{pointer}/content/{i}", fmt, limits, big)
    elif isinstance(doc, dict) and ("meta" in doc or is_zefix_company(doc)):
        yield from _one(doc, path, pointer, fmt, limits, big)
    else:
        keys = sorted(doc)[:8] if isinstance(doc, dict) else type(doc).__name__
        yield Reject(
            path=path,
            location=pointer or "/",
            reason="unknown_format",
            detail=f"JSON that is neither a publication list nor a record: {keys}",
            excerpt=excerpt_of(_dump(doc)),
        )


def _salvage(
    text: str, path: str, fmt: str, first_error: str, limits: RecordLimits
) -> Iterator[Item]:
    """Read a damaged document record by record, rejecting only the damaged stretches."""
    start = _ARRAY_START_RE.search(text)
    if start is not None:
        pos, base = start.end(), "/" + start.group(0).split('"')[1]
    elif text.lstrip().startswith("["):
        pos, base = text.index("[") + 1, ""
    else:
        reason: RejectReason = "truncated" if _looks_cut(text) else "malformed_json"
        detail = first_error
        binary = _SURROGATE_RE.search(text) or "\x00" in text
        if binary:  # no JSON text holds a NUL or a byte that is not UTF-8
            reason, detail = "encoding", f"binary data or not UTF-8 text: {first_error}"
        yield Reject(
            path=path,
            location="byte 0",
            reason=reason,
            detail=detail,
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
        except RecursionError:
            # the decoder recursed past Python's stack: skip to the next record's start
            yield too_deep(
                path, f"{base}/{index} (char {pos})", sys.getrecursionlimit(), limits.depth,
                excerpt_of(text[pos : pos + 300]),
            )  # fmt: skip
            nxt = _RECORD_START_RE.search(text, pos + 1)
            if nxt is None:
                return
            pos, index = nxt.start(), index + 1
            continue
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
        loc = f"{base}/{index}"
        depth = json_depth(obj, limits.depth)
        if depth > limits.depth:
            yield too_deep(path, loc, depth, limits.depth, excerpt_of(text[pos : pos + 300]))
        elif after - pos > limits.record_bytes:
            yield too_large(path, loc, after - pos, limits.record_bytes, excerpt_of(text[pos:]))
        elif _has_surrogates(obj):
            yield Reject(
                path=path,
                location=loc,
                reason="encoding",
                detail="bytes that are not UTF-8 (or a broken \\u escape) inside the record",
                excerpt=excerpt_of(text[pos:after]),
            )
        else:
            yield from _one(obj, path, loc, fmt, limits)
        pos, index = after, index + 1


def _looks_cut(text: str) -> bool:
    """A document that stops before its closing bracket (a cut download)."""
    tail = text.rstrip()
    return not tail.endswith(("}", "]"))


def _has_surrogates(obj: Any) -> bool:
    """True when a string in `obj` holds a lone surrogate (no JSON encoder accepts one)."""
    stack = [obj]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if _SURROGATE_RE.search(node):
                return True
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def read_json(path: str, data: bytes, limits: RecordLimits) -> Iterator[Item]:
    """Every record of one JSON file (one document)."""
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        text = data.decode("utf-8", errors="surrogateescape")
        fmt = "synthetic" if _SYNTHETIC_RE.search(text[:4096]) else "amtsblatt_json"
        yield from _salvage(text, path, fmt, str(exc), limits)
        return
    yield from read_document(doc, path, limits, big=len(data) > limits.record_bytes)


def read_jsonl(path: str, data: bytes, limits: RecordLimits) -> Iterator[Item]:
    """Every record of a JSON-lines file: one document per line."""
    lines = data.split(b"\n")
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if len(line) > limits.record_bytes:
            yield too_large(path, f"line {i}", len(line), limits.record_bytes, excerpt_of(line))
            continue
        try:
            doc = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            if str(exc).startswith("depth limit"):
                yield too_deep(path, f"line {i}", 1024, limits.depth, excerpt_of(line))
                continue
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
        yield from read_document(doc, path, limits, f"line {i}:")
