"""amtsblattportal XML exports (`/api/v1/publications/{id}/xml`, schemas shab/1.8 to 1.26).

The export's elements mirror the JSON API, so each `publication` element is turned into the same
nested dicts (repeated children become lists) and mapped by `amtsblatt.map_publication`. The
schema version is read from `xsi:schemaLocation`; a version outside the supported range is
rejected rather than guessed at. A file may hold one publication or a wrapper of several; each
is checked for nesting depth and size before it is converted (the conversion recurses).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from ingestion.publication import Publication, RecordLimits, Source
from ingestion.sources.amtsblatt import RecordError, map_publication
from ingestion.sources.rejects import Reject, RejectReason, excerpt_of, too_deep, too_large
from ingestion.sources.shape import xml_depth

SUPPORTED_SCHEMAS = ((1, 8), (1, 26))
"""Lowest and highest shab export schema version this reader was written for."""

_XSI_LOCATION = "{http://www.w3.org/2001/XMLSchema-instance}schemaLocation"
_VERSION_RE = re.compile(r"/shab/(\d+)\.(\d+)/")


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def element_to_value(elem: ET.Element) -> Any:
    """An element as a string (leaf) or a dict of its children (repeated tags as lists)."""
    children = list(elem)
    if not children:
        return (elem.text or "").strip()
    out: dict[str, Any] = {}
    for child in children:
        key = _local(child.tag)
        value = element_to_value(child)
        if key in out:
            if not isinstance(out[key], list):
                out[key] = [out[key]]
            out[key].append(value)
        else:
            out[key] = value
    return out


def schema_version(elem: ET.Element) -> tuple[int, int] | None:
    """(major, minor) from `xsi:schemaLocation`, None when the export does not say."""
    match = _VERSION_RE.search(elem.get(_XSI_LOCATION, ""))
    return (int(match.group(1)), int(match.group(2))) if match else None


def _publication(
    elem: ET.Element, path: str, loc: str, limits: RecordLimits, data: bytes
) -> Publication | Reject:
    depth = xml_depth(elem, limits.depth)
    if depth > limits.depth:
        return too_deep(path, loc, depth, limits.depth, excerpt_of(data))
    if len(data) > limits.record_bytes:  # only then can one element be too large
        size = len(ET.tostring(elem, encoding="utf-8"))
        if size > limits.record_bytes:
            return too_large(path, loc, size, limits.record_bytes, excerpt_of(data))
    version = schema_version(elem)
    if version is not None and not SUPPORTED_SCHEMAS[0] <= version <= SUPPORTED_SCHEMAS[1]:
        return Reject(
            path=path,
            location=loc,
            reason="unknown_schema",
            detail=f"shab schema {version[0]}.{version[1]} is outside "
            f"{SUPPORTED_SCHEMAS[0]}..{SUPPORTED_SCHEMAS[1]}",
            excerpt=excerpt_of(ET.tostring(elem, encoding="unicode")),
        )
    record = element_to_value(elem)
    source = Source(format="amtsblatt_xml", path=path, location=loc)
    try:
        pub = map_publication(record, source)
    except RecordError as exc:
        return Reject(
            path=path,
            location=loc,
            reason=exc.reason,  # type: ignore[arg-type]
            detail=exc.detail,
            excerpt=excerpt_of(ET.tostring(elem, encoding="unicode")),
        )
    if version is None:
        pub.flags.append("schema_version_unknown")
    return pub


def read_xml(path: str, data: bytes, limits: RecordLimits) -> Iterator[Publication | Reject]:
    """Every publication of one XML file."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        line, col = exc.position
        cut = not data.rstrip().endswith(b">") or "no element found" in str(exc)
        reason: RejectReason = (
            "encoding"
            if "invalid token" in str(exc) and _bad_utf8(data)
            else ("truncated" if cut else "malformed_xml")
        )
        yield Reject(
            path=path,
            location=f"line {line}, column {col}",
            reason=reason,
            detail=str(exc),
            excerpt=excerpt_of(data),
        )
        return
    if _local(root.tag) == "publication":
        yield _publication(root, path, "/", limits, data)
        return
    found = False
    for i, child in enumerate(root):
        if _local(child.tag) == "publication":
            found = True
            yield _publication(child, path, f"/publication[{i}]", limits, data)
    if not found:
        yield Reject(
            path=path,
            location="/",
            reason="unknown_schema",
            detail=f"root element <{_local(root.tag)}> holds no <publication>",
            excerpt=excerpt_of(data),
        )


def _bad_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False
