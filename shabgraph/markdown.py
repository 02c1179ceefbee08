"""Escaping of data values for Markdown, HTML and JSON output, and the link policy.

Names, addresses, purposes and notice texts come from the register (or from whoever wrote a
file we ingested) and are shown to every reader of a thread, including colleagues it was
shared with. Interpolated raw they can fetch URLs in the reader's browser
(`![x](http://host/t.png)`), carry `<script>` into an exported file that a Markdown viewer
renders, or display as another name through bidi controls (issue 17, finding 3). Every data
value is therefore passed through one of these functions where it is rendered:

- `escape_inline`: a value inside a line of Markdown (names, seats, addresses, roles, cells);
  a URL or e-mail address inside it is shown as inline code (GFM would link it otherwise).
- `escape_block`: a multi-line text shown as paragraphs (a notice's text, a purpose).
- `code_span` / `code_fence`: a value shown as code (Cypher, parameters, JSON).
- `escape_html`: a value inside HTML (attribute or text).
- `html_safe_json`: JSON that stays exact but cannot be sniffed into HTML.
- `sanitize_markdown`: Markdown we compose from templates or an LLM: formatting kept; images,
  raw HTML, explicit links and autolinks neutralised, outside code.
- `mark_controls`: bidi and invisible format characters made visible as `⟨U+202E⟩`, so a
  reader sees that a name holds them (stripping would hide that the source is odd).

Link policy: our Markdown holds no links. The only links a reader gets are the cited notices,
which Chainlit links itself to their side view by element name, so a notice number must reach
the text unescaped (`notice_ref`).
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from typing import Any

# Bidi embeddings, overrides, isolates and marks: they reorder what follows on screen.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Invisible characters that change how a name compares or displays (U+200B also becomes
# Chainlit's blinking cursor).
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e")

# Characters that start an inline construct anywhere in a line (CommonMark, GFM, remark-directive).
_INLINE_SPECIAL = re.compile(r"[\\`*_\[\]!~|@]")
_HTML_SPECIAL = {"<": "&lt;", ">": "&gt;"}
# An ampersand is only special where it opens a character reference ("&amp;", "&#38;"): a
# name's "Muster & Partner" stays as written, so an answer quotes the register exactly.
_REFERENCE = re.compile(r"&(?=#[0-9xX]|[A-Za-z][A-Za-z0-9]*;)")
# `:name` is a remark-directive (Chainlit enables it).
_DIRECTIVE = re.compile(r":(?=[A-Za-z])")
# What GFM turns into a link without any Markdown syntax: URLs, `www.` hosts, e-mail addresses.
_AUTOLINK = re.compile(
    r"\b(?:https?|ftp)://[^\s<>`]*|\bwww\.[^\s<>`]*|[-.\w+]+@[-\w]+(?:\.[-\w]+)+", re.IGNORECASE
)
# A line that would open a block: heading, quote, list item, setext rule, table.
_URL_TRAIL = ").,;:!?'\"]*_~"
# ("02.03.2021" opens no list: a list number is followed by a space or the line's end)
_BLOCK_START = re.compile(r"^([#=>]|[+\-](?=\s|$)|\d{1,9}(?=[.)](?:\s|$)))")
_NOTICE_REF = re.compile(r"[A-Z]{2,5}\d{0,2}-[0-9A-Za-z-]{4,40}")
_WS = re.compile(r"\s+")


def mark_controls(text: str) -> str:
    """`text` with bidi, invisible and control characters shown as `⟨U+XXXX⟩`.

    Tabs become spaces; line breaks stay (callers that need one line collapse them).
    """
    out: list[str] = []
    for ch in text:
        if ch in "\n\t\u2028\u2029":
            out.append(" " if ch == "\t" else "\n")
        elif ch == "\r":
            continue
        elif ch in BIDI_CONTROLS or ch in INVISIBLE or unicodedata.category(ch) in ("Cc", "Cf"):
            out.append(f"⟨U+{ord(ch):04X}⟩")
        else:
            out.append(ch)
    return "".join(out)


def _escape_text(line: str) -> str:
    """Escape one line of text (no newlines, no URL) for Markdown."""
    line = _REFERENCE.sub("&amp;", line)
    line = "".join(_HTML_SPECIAL.get(ch, ch) for ch in line)
    line = _INLINE_SPECIAL.sub(lambda m: "\\" + m.group(0), line)
    return _DIRECTIVE.sub(r"\\:", line)


def _escape_line(line: str) -> str:
    """Escape one line (no newlines) for Markdown; URLs and e-mail addresses become code.

    GFM links bare URLs and addresses by a pass over the parsed text, after escapes are
    resolved, so no escape can stop it; inside inline code they stay literal, and exact.
    """
    parts: list[str] = []
    pos = 0
    for m in _AUTOLINK.finditer(line):
        url = m.group(0).rstrip(_URL_TRAIL)  # as GFM: closing punctuation is not the URL's
        parts += [_escape_text(line[pos : m.start()]), code_span(url)]
        pos = m.start() + len(url)
    parts.append(_escape_text(line[pos:]))
    line = "".join(parts)
    start = _BLOCK_START.match(line)
    if start is None:
        return line
    marker = start.group(0)
    # A digit run is an ordered-list number only with `.` or `)` after it: escape that.
    escaped = marker + "\\" if marker[0].isdigit() else "\\" + marker
    return escaped + line[start.end() :]


def escape_inline(value: Any) -> str:
    """A data value as literal text inside a Markdown line: one line, nothing it can open."""
    if value is None:
        return ""
    text = _WS.sub(" ", mark_controls(str(value))).strip()
    return _escape_line(text)


def escape_block(value: Any) -> str:
    """A multi-line data text as literal Markdown paragraphs (line breaks kept)."""
    if value is None:
        return ""
    lines = [_WS.sub(" ", line).strip() for line in mark_controls(str(value)).split("\n")]
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line:
            paragraphs[-1].append(_escape_line(line))
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join("  \n".join(p) for p in paragraphs if p)


def notice_ref(number: Any) -> str:
    """A notice number as it must appear for Chainlit to link it to its side view.

    Only a value shaped like a publication number passes unescaped; anything else is escaped.
    """
    text = "" if number is None else str(number)
    return text if _NOTICE_REF.fullmatch(text) else escape_inline(text)


def _fence_for(text: str, char: str = "`") -> str:
    longest = max((len(m) for m in re.findall(re.escape(char) + "+", text)), default=0)
    return char * max(3, longest + 1)


def code_fence(text: str, lang: str = "") -> str:
    """A fenced code block no line of `text` can close (the fence is longer than any run)."""
    body = mark_controls(text)
    fence = _fence_for(body)
    return f"{fence}{lang}\n{body}\n{fence}"


def code_span(text: str) -> str:
    """Inline code holding `text` literally (one line; backticks inside cannot close it)."""
    body = _WS.sub(" ", mark_controls(text)).strip()
    longest = max((len(m) for m in re.findall("`+", body)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if body.startswith("`") or body.endswith("`") or not body else ""
    return f"{ticks}{pad}{body}{pad}{ticks}"


def escape_html(value: Any) -> str:
    """A data value as HTML text or attribute value (quotes escaped, controls marked)."""
    return "" if value is None else html.escape(mark_controls(str(value)), quote=True)


def html_safe_json(data: Any, **dumps_kwargs: Any) -> str:
    """JSON whose decoded values are exact, written so that no viewer can read HTML in it.

    `<`, `>`, `&`, backticks (the JSON may be shown in a Markdown code block), bidi and
    invisible characters (and U+2028/9) are written as `\\uXXXX`.
    """
    text = json.dumps(data, ensure_ascii=False, **dumps_kwargs)
    risky = set("<>&`\u2028\u2029") | BIDI_CONTROLS | INVISIBLE
    return "".join(f"\\u{ord(ch):04x}" if ch in risky else ch for ch in text)


# --- composed Markdown -------------------------------------------------------------------------

_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_LINK_DEFINITION = re.compile(r"^( {0,3})\[(?=[^\]]+\]:)")
# Outside code: escaped pairs kept, images, links, autolinks, directives and HTML recognised.
_INLINE_TOKENS = re.compile(
    r"(?P<esc>\\.)"
    r"|(?P<code>`+)"
    r"|(?P<image>!\[(?:(?P<alt>[^\]\n]*)\]\([^)\n]*\))?)"
    r"|(?P<link>\[(?P<text>[^\]\n]*)\]\((?P<target>[^)\n]*)\))"
    r"|(?P<html><(?=[A-Za-z/!?]))"
    r"|(?P<url>" + _AUTOLINK.pattern + ")"
    r"|(?P<colon>:(?=[A-Za-z]))",
    re.IGNORECASE,
)
_BACKTICKS = re.compile("`+")


def _code_span_end(line: str, run: re.Match[str]) -> int:
    """Where the code span opened by `run` ends (CommonMark: the next run of equal length)."""
    for close in _BACKTICKS.finditer(line, run.end()):
        if len(close.group(0)) == len(run.group(0)):
            return close.end()
    return run.end()  # never closed: the backticks are literal


def _sanitize_inline(line: str) -> str:
    out: list[str] = []
    pos = 0
    while (m := _INLINE_TOKENS.search(line, pos)) is not None:
        out.append(line[pos : m.start()])
        token = m.group(0)
        pos = m.end()
        if m.group("code"):
            pos = _code_span_end(line, m)
            out.append(line[m.start() : pos])
        elif m.group("esc"):
            out.append(token)
        elif m.group("image"):  # a whole image keeps its alt text only
            alt = m.group("alt")
            out.append("\\!\\[" if alt is None else _sanitize_inline(alt))
        elif m.group("link"):
            text, target = m.group("text"), m.group("target").strip()
            kept = text == target and _NOTICE_REF.fullmatch(target) is not None
            out.append(token if kept else _sanitize_inline(text))
        elif m.group("html"):
            out.append("&lt;")
        elif m.group("url"):  # bare URL or address: code, so that GFM cannot link it
            out.append(code_span(token))
        else:  # a directive's colon
            out.append("\\" + token)
    out.append(line[pos:])
    return "".join(out)


def sanitize_markdown(markdown: str) -> str:
    """Markdown composed by us or an LLM, with what data inside it could abuse neutralised.

    Formatting (emphasis, lists, tables, headings, code) is kept. Images become text, raw HTML
    is escaped, links keep only their text (a link to a notice number stays: it is ours), bare
    URLs and e-mail addresses become inline code, and `:directives` stay text. Code spans and fences are left as
    written. Bidi and invisible characters are made visible everywhere.
    """
    out: list[str] = []
    fence: str | None = None
    for line in mark_controls(markdown).split("\n"):
        m = _FENCE_LINE.match(line)
        if fence is not None:
            out.append(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
        elif m:
            fence = m.group(1)
            out.append(line)
        else:
            out.append(_sanitize_inline(_LINK_DEFINITION.sub(r"\1\\[", line)))
    return "\n".join(out)


def stream_safe(pending: str, token: str) -> tuple[str, str]:
    """(text to send now, text to hold back) for a token streamed into a rendered message.

    While an answer streams, the browser renders every prefix, so an image must not form even
    for a moment: each `![` is sent escaped, and a trailing run of `!` or `\\` waits for the
    next token (it may begin one). The final text (`sanitize_markdown`) replaces the stream.
    """
    text = pending + token
    keep = len(text) - len(text.rstrip("!\\"))
    send, held = (text[:-keep], text[-keep:]) if keep else (text, "")
    return _escape_images(send), held


def _escape_images(text: str) -> str:
    """Every `![` not already escaped (an even run of backslashes before it) escaped."""

    def fix(m: re.Match[str]) -> str:
        slashes = m.group(1)
        return m.group(0) if len(slashes) % 2 else slashes + "\\!["

    return re.sub(r"(\\*)!\[", fix, text)
