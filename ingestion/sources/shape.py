"""The raw shape of a file or record before it is mapped: its text encoding and its nesting.

A file's bytes are whatever a download, an editor or an attacker left: UTF-8 with or without a
byte-order mark, UTF-16 from a Windows tool, binary. `to_utf8` turns every text encoding the
sources can come in into UTF-8 up front, so the parsers see one encoding and never a surrogate.
Nesting is measured iteratively: a record nested 100,000 levels deep must become a reject with
its location, not a `RecursionError` that ends the file.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, NamedTuple

_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
_SNIFF = 4096
_XML_ENCODING = re.compile(r"""\A(\s*<\?xml[^>]*?\bencoding\s*=\s*)["'][^"']*["']""")


class Decoded(NamedTuple):
    """A file's bytes as UTF-8, and the encoding they were read from."""

    data: bytes | None
    """UTF-8 bytes (the input itself when it needed no change); None when they do not decode."""
    encoding: str | None
    """`utf-16-le` etc. when converted, None for plain bytes left as they are."""
    problem: str = ""
    """Why the bytes could not be decoded, for the reject."""


def _utf16_without_bom(head: bytes) -> str | None:
    """`utf-16-le`/`-be` when every other byte of a mostly-ASCII text is NUL."""
    if len(head) < 8:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) >= 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) >= 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return None


def to_utf8(data: bytes) -> Decoded:
    """The file as UTF-8: byte-order marks removed, UTF-16/32 converted, anything else as is.

    Bytes without a mark that are not UTF-16 are left alone: the Zefix daily files are cp1252 and
    the parsers reject a bad record inside an otherwise good file by themselves.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            if encoding == "utf-8":
                return Decoded(body, "utf-8-bom")
            return _convert(body, encoding)
    guessed = _utf16_without_bom(data[:_SNIFF])
    if guessed is not None:
        return _convert(data, guessed)
    return Decoded(data, None)


def _convert(body: bytes, encoding: str) -> Decoded:
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        problem = f"{encoding} text that does not decode at byte {exc.start}: {exc.reason}"
        return Decoded(None, encoding, problem)
    # an XML declaration naming the old encoding would make the parser decode the UTF-8 wrongly
    text = _XML_ENCODING.sub(r'\1"UTF-8"', text, count=1)
    return Decoded(text.encode("utf-8"), encoding)


def json_depth(value: Any, cap: int) -> int:
    """Nesting depth of a parsed JSON value (a scalar is 0), counted up to `cap + 1`.

    Level by level, looking only at containers: this runs once per record, on the hot path.
    """
    level = [value] if type(value) is dict or type(value) is list else []
    depth = 0
    while level:
        depth += 1
        if depth > cap:
            return depth
        deeper: list[Any] = []
        for node in level:
            for child in node.values() if type(node) is dict else node:
                if type(child) is dict or type(child) is list:
                    deeper.append(child)
        level = deeper
    return depth


def xml_depth(elem: ET.Element, cap: int) -> int:
    """Nesting depth of an element (a leaf is 1), counted up to `cap + 1`."""
    deepest = 0
    stack = [(elem, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > cap:
                return deepest
        stack.extend((child, depth + 1) for child in node)
    return deepest
