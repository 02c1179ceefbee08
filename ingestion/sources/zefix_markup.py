"""The inline markup of Zefix notice texts: plain text and the tagged fields.

The old daily files wrap fields in one-character tags closed by `<E>`: `<F>firm<E>`, `<S>seat<E>`,
`<L>UID<E>`, `<I>old CH id<E>`, `<M>referenced UID<E>`, `<R>referenced old id<E>`, `<5>new seat<E>`,
`<V>translations<E>`, `<Q>legal form<E>`, `<C>correction<E>`, `<B>filed documents<E>` (glued on
without a space). Zefix REST writes `<FT TYPE="F">firm</FT>`. The plain text keeps every character
between the tags, so it equals the text the gazette printed; a stray literal `<>` is text too.
Non-breaking spaces become plain spaces (the files use them inside dates: `18.\xa001.\xa02002`).
"""

from __future__ import annotations

import re

_DAILY_TAG_RE = re.compile(r"<[A-Z0-9]>")
_DAILY_FIELD_RE = re.compile(r"<([A-DF-Z0-9])>(.*?)(?=<[A-Z0-9]>|$)", re.DOTALL)
_REST_TAG_RE = re.compile(r"</?FT\b[^>]*>", re.IGNORECASE)
_REST_FIELD_RE = re.compile(
    r"<FT\s+TYPE=\"?([A-Z0-9]+)\"?\s*>(.*?)</FT>", re.IGNORECASE | re.DOTALL
)


def plain_text(raw: str) -> str:
    """The notice text with all markup removed (daily and REST flavours)."""
    text = _DAILY_TAG_RE.sub("", raw)
    if "<FT" in text or "<ft" in text or "</FT>" in text:
        text = _REST_TAG_RE.sub("", text)
    return text.replace("\xa0", " ").strip()


def tagged_fields(raw: str) -> dict[str, list[str]]:
    """Tag letter -> the texts it wraps, in order (`{"F": ["Musterbau AG"], "S": ["Rapperswil"]}`)."""
    out: dict[str, list[str]] = {}
    for tag, value in _DAILY_FIELD_RE.findall(raw):
        # an opening tag's value runs to the next tag; only the part before <E> belongs to it
        value = value.split("<E>", 1)[0] if "<E>" in value else value
        out.setdefault(tag, []).append(value.replace("\xa0", " "))
    for tag, value in _REST_FIELD_RE.findall(raw):
        out.setdefault(tag.upper(), []).append(value.replace("\xa0", " "))
    return out
