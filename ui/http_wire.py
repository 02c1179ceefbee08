"""Just enough HTTP/1.1 for the worker proxy (`ui.proxy`): read a message head, frame its body.

The proxy forwards bytes; it parses only what it must to route a request and to know where a
message ends on a kept-alive connection: the start line, the headers, and the body's framing
(`Content-Length`, `chunked`, or until the server closes). Bodies are copied as they come,
never buffered whole. Ambiguous framing is refused, not guessed: a request that carries both
`Content-Length` and `Transfer-Encoding`, two different lengths, or an encoding other than
`chunked` could be read one way here and another way by the worker (request smuggling).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Literal

from shabgraph.errors import InputError

MAX_HEAD_BYTES = 64 * 1024
"""Largest request or response head (start line + headers); browsers send a few kB."""
CHUNK = 64 * 1024
"""Bytes copied per read."""

Framing = tuple[Literal["none", "length", "chunked", "close"], int]
"""How a body ends: no body, `n` bytes, chunked, or when the sender closes."""


class WireError(InputError):
    """A message the proxy cannot forward safely (answered 400 or the connection is closed)."""


@dataclass
class Head:
    """The start line and headers of one HTTP/1.1 message, header order and case kept."""

    start: str
    """`GET /path HTTP/1.1` or `HTTP/1.1 200 OK`."""
    headers: list[tuple[str, str]] = field(default_factory=list)
    """(name, value) pairs as received."""

    def get(self, name: str) -> str | None:
        """The first value of a header (case-insensitive), None if absent."""
        low = name.lower()
        return next((v for k, v in self.headers if k.lower() == low), None)

    def values(self, name: str) -> list[str]:
        """Every value of a header, in order."""
        low = name.lower()
        return [v for k, v in self.headers if k.lower() == low]

    def tokens(self, name: str) -> set[str]:
        """The comma-separated tokens of a header, lower-cased (`Connection`, `Upgrade`)."""
        return {t.strip().lower() for v in self.values(name) for t in v.split(",") if t.strip()}

    def add(self, name: str, value: str) -> None:
        self.headers.append((name, value))

    def remove(self, name: str) -> None:
        low = name.lower()
        self.headers = [(k, v) for k, v in self.headers if k.lower() != low]

    @property
    def parts(self) -> list[str]:
        """The three fields of the start line."""
        return self.start.split(" ", 2)

    def encode(self) -> bytes:
        lines = [self.start, *(f"{k}: {v}" for k, v in self.headers), "", ""]
        return "\r\n".join(lines).encode("latin-1")


async def read_head(reader: asyncio.StreamReader) -> Head | None:
    """The next message head; None when the peer closed before sending one."""
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if not exc.partial.strip():
            return None
        raise WireError("the connection closed inside a message head") from exc
    except asyncio.LimitOverrunError as exc:
        raise WireError(f"message head larger than {MAX_HEAD_BYTES} bytes") from exc
    lines = raw.decode("latin-1").split("\r\n")
    while lines and not lines[0]:
        lines.pop(0)  # stray empty lines before a request are allowed (RFC 9112, 2.2)
    if not lines:
        return None
    head = Head(lines[0])
    if len(head.parts) < 2 or not head.start.isprintable():
        raise WireError(f"malformed start line {head.start[:80]!r}")
    for line in lines[1:]:
        if not line:
            continue
        name, sep, value = line.partition(":")
        if not sep or not name or name != name.strip() or not name.isprintable():
            raise WireError(f"malformed header line {line[:80]!r}")
        head.add(name, value.strip())
    return head


def body_framing(head: Head, *, request_method: str | None = None) -> Framing:
    """How the body of `head` ends; `request_method` is given for a response (HEAD has none)."""
    is_response = request_method is not None
    encodings = [t for v in head.values("transfer-encoding") for t in v.lower().split(",")]
    encodings = [t.strip() for t in encodings if t.strip()]
    lengths = {v.strip() for v in head.values("content-length")}
    if is_response:
        status = int(head.parts[1]) if head.parts[1].isdigit() else 0
        if request_method == "HEAD" or status < 200 or status in (204, 304):
            return ("none", 0)
    if encodings:
        if lengths or encodings != ["chunked"]:
            raise WireError("ambiguous body framing (Transfer-Encoding with Content-Length)")
        return ("chunked", 0)
    if lengths:
        if len(lengths) > 1 or not next(iter(lengths)).isdigit():
            raise WireError(f"bad Content-Length {sorted(lengths)!r}")
        return ("length", int(next(iter(lengths))))
    return ("close", 0) if is_response else ("none", 0)


async def copy_exact(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, n: int) -> None:
    """Copy `n` bytes; a peer that closes earlier is an error (the message is cut)."""
    while n > 0:
        data = await reader.read(min(n, CHUNK))
        if not data:
            raise WireError("the connection closed inside a message body")
        writer.write(data)
        n -= len(data)
        await writer.drain()


async def copy_body(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, framing: Framing
) -> None:
    """Copy one message body from `reader` to `writer` as framed, chunk markers included."""
    kind, length = framing
    if kind == "length":
        await copy_exact(reader, writer, length)
    elif kind == "chunked":
        while True:
            line = await reader.readuntil(b"\r\n")
            writer.write(line)
            size_text = line.split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError as exc:
                raise WireError(f"bad chunk size {size_text[:20]!r}") from exc
            if size == 0:
                while (trailer := await reader.readuntil(b"\r\n")) != b"\r\n":
                    writer.write(trailer)
                writer.write(b"\r\n")
                await writer.drain()
                return
            await copy_exact(reader, writer, size + 2)  # the data and its CRLF
    elif kind == "close":
        await pipe(reader, writer)


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy bytes until `reader` ends (a close-delimited body, one way of a websocket)."""
    while data := await reader.read(CHUNK):
        writer.write(data)
        await writer.drain()


def keep_alive(head: Head) -> bool:
    """Whether the sender of `head` keeps the connection open after this message."""
    version = head.parts[0] if head.start.startswith("HTTP/") else head.parts[-1]
    conn = head.tokens("connection")
    if version.upper() == "HTTP/1.0":
        return "keep-alive" in conn
    return "close" not in conn
