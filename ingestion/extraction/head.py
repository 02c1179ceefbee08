"""The head sentence of a notice (subject name, seat, UID) and the notice's language."""

from __future__ import annotations

import re
from functools import lru_cache

from ingestion.extraction.fields import UID_TEXT
from ingestion.extraction.gates import may_match, needles
from ingestion.extraction.models import Subject
from ingestion.extraction.text import brackets, clean, sentence_end
from ingestion.extraction.vocab import ordered
from shabgraph.register import legal_forms

GMBH = "0107"
"""eCH-0097 code of the GmbH / Sàrl / Sagl."""

_HEAD = re.compile(r"^(?P<name>.+?),\s+(?:in|à|a)\s+(?P<seat>[A-ZÄÖÜÉÈ][^,(]*(?:\([^)]*\))?)")
_UID = re.compile(rf"\b({UID_TEXT}|CH-\d[\d.\-]{{6,}}\d)\b")
_PREAMBLE = re.compile(
    r"^(?:Berichtigung|Rectification|Rettifica|Complemento|Complément|Korrektur|"
    r"Ergänzung)\b"
)
_WORD = re.compile(r"[^\W\d_]+")


# The subject parser and the extractor both ask for the span of the same notice text.
@lru_cache(maxsize=2)
def head_span(text: str) -> tuple[int, int]:
    """Offsets of the head sentence (after a correction preamble such as `Berichtigung des …`)."""
    start = 0
    end = sentence_end(text)
    if _PREAMBLE.match(text) and end < len(text):
        start = end
        while start < len(text) and text[start] == " ":
            start += 1
        end = sentence_end(text, start)
    return start, end


Gated = tuple[frozenset[str] | None, re.Pattern[str]]
"""A regex with the strings one of which it cannot match without (most notices change neither
name nor seat: a substring test spares the regex scan)."""


@lru_cache(maxsize=8)
def _change_rx(lang: str | None) -> tuple[list[Gated], list[Gated]]:
    vocabs = ordered(lang)
    return (
        [(needles(p), re.compile(p)) for v in vocabs for p in v.name_change],
        [(needles(p), re.compile(p)) for v in vocabs for p in v.seat_change],
    )


@lru_cache(maxsize=8)
def _change_keys(lang: str | None) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """All needles of the name-change and of the seat-change regexes: most notices hold none,
    and one test then spares one test per regex."""

    def union(group: list[Gated]) -> frozenset[str] | None:
        if any(keys is None for keys, _ in group):
            return None
        return frozenset(k for keys, _ in group for k in keys or ())

    names, seats = _change_rx(lang)
    return union(names), union(seats)


def _first(value: str) -> str:
    return clean(value[: sentence_end(value)])


def parse_subject(text: str, lang: str | None, given: Subject | None) -> Subject:
    """Subject as it stands after the notice: the input's fields win, the text fills the gaps."""
    start, end = head_span(text)
    head = text[start:end]
    name = seat = uid = None
    m = _HEAD.match(head)
    if m:
        name = clean(brackets(m.group("name"))[0])
        seat = clean(m.group("seat"))
    u = _UID.search(head)
    if u:
        uid = u.group(1)
    names, seats = _change_rx(lang)
    name_keys, seat_keys = _change_keys(lang)
    for keys, rx in names if may_match(name_keys, text) else ():
        hit = rx.search(text, end) if may_match(keys, text) else None
        if hit:
            name = _first(hit.group("value"))
            break
    for keys, rx in seats if may_match(seat_keys, text) else ():
        hit = rx.search(text, end) if may_match(keys, text) else None
        if hit:
            seat = _first(hit.group("value"))
            break
    given = given or Subject()
    return Subject(name=given.name or name, uid=given.uid or uid, seat=given.seat or seat)


def is_sarl(subject: Subject) -> bool:
    """True for a GmbH / Sàrl / Sagl, whose `président` presides the managing directors."""
    return bool(subject.name and legal_forms.abbreviation_pattern(GMBH).search(subject.name))


@lru_cache(maxsize=1)
def _markers() -> dict[str, frozenset[str]]:
    return {v.lang: frozenset(w.lower() for w in v.markers) for v in ordered(None)}


@lru_cache(maxsize=1)
def _marker_langs() -> dict[str, tuple[str, ...]]:
    """Marker word -> the languages it counts for (one dict lookup per distinct word)."""
    langs: dict[str, list[str]] = {}
    for lang, words in _markers().items():
        for w in words:
            langs.setdefault(w, []).append(lang)
    return {w: tuple(ls) for w, ls in langs.items()}


def detect_language(text: str) -> tuple[str | None, float]:
    """(language, margin): the language whose function words are most frequent, and by how much."""
    counts = dict.fromkeys(_markers(), 0)
    get = _marker_langs().get
    # Most words are no marker: one dict lookup each, no Counter built over all of them.
    for w in _WORD.findall(text[:1500].lower()):
        langs = get(w)
        if langs:
            for lang in langs:
                counts[lang] += 1
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    best, second = ranked[0], ranked[1]
    if best[1] == 0:
        return None, 0.0
    return best[0], (best[1] - second[1]) / best[1]
