"""The stretch of a notice that belongs to one named person or company (pure).

Entries follow each other in the notice's text ("Müller, Hans, von Bern, in Zürich, Gesellschafter,
mit 100 Stammanteilen zu je CHF 100; Keller, Anna, …"), in the order the extractor lists them.
A mention's segment runs from where its name is written to where the next mention's name is
written (or the entry's end), so that a contribution read there is that mention's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ingestion.extraction.facts.capital import Contribution, contribution

_ENTRY_END: Final = re.compile(r";|(?<![A-Z][a-z])(?<!\b[A-Za-z])\.\s+(?=[A-ZÄÖÜ])")
"""Where an entry ends: the next `;`, or a full stop before a capital that does not close an
abbreviation (`Dr.`, `St.`)."""


_WORDS: Final = re.compile(
    r"stamm|parts?\b|quot[ae]|kommandit|commandit|accomandit|anteil|einlage|apport|conferiment",
    re.IGNORECASE,
)
"""A word every contribution phrase has."""


def _spellings(family: str, given: str | None) -> list[str]:
    if not given:
        return [family]
    return [f"{family}, {given}", f"{given} {family}", f"{family} {given}", family]


def _find(text: str, spellings: Sequence[str], start: int) -> int:
    """First position at or after `start` (else anywhere) where the fullest spelling is
    written as words: the family name alone only when no spelling with the given names is."""
    groups = [spellings[:-1], spellings[-1:]] if len(spellings) > 1 else [spellings]
    for group in groups:
        for lo in (start, 0):
            hits = [
                lo + m.start()
                for s in group
                if (m := re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text[lo:]))
            ]
            if hits:
                return min(hits)
    return -1


def mention_positions(text: str, names: Sequence[tuple[str, str | None]]) -> list[int]:
    """Start of each mention's name in `text` (in the given order), -1 when not written."""
    out: list[int] = []
    cursor = 0
    for family, given in names:
        at = _find(text, _spellings(family, given), cursor) if family else -1
        out.append(at)
        if at >= 0:
            cursor = at + 1
    return out


def contributions(text: str, names: Sequence[tuple[str, str | None]]) -> list[Contribution | None]:
    """The contribution each named mention's entry states (None where it states none)."""
    if not _WORDS.search(text):  # most notices state no contribution at all
        return [None] * len(names)
    starts = mention_positions(text, names)
    ordered = sorted(p for p in starts if p >= 0)
    out: list[Contribution | None] = []
    for at in starts:
        if at < 0:
            out.append(None)
            continue
        following = [p for p in ordered if p > at]
        end = following[0] if following else len(text)
        stop = _ENTRY_END.search(text, at, end)
        out.append(contribution(text[at : stop.start() if stop else end]))
    return out
