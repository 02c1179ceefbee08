"""Coverage score of an extraction: how much of the notice's name-like text it explains.

A *name span* is a run of capitalised words right before an origin, nationality or residence
marker (`Muster Hans, von …`, `X SA, à …`, `Rossi, Mario, cittadino …`), outside the head
sentence. A span is explained when an extracted person's or company's name occurs in it. The hybrid
backend sends notices whose coverage is below its threshold to the LLM.
"""

from __future__ import annotations

import re

from ingestion.extraction.head import head_span
from ingestion.extraction.models import ExtractionRecord
from ingestion.extraction.text import normalize
from shabgraph.register.folding import tokens

_CAP = r"[A-ZÄÖÜÉÈÀÂÎÔÛÇ][\w'’.\-]*"
NAME_SPAN = re.compile(
    rf"(?P<span>{_CAP}(?:(?:,? | (?:&|und|et|e|ép\.|von|de|van|del|di|da) ){_CAP}){{0,5}}),\s+"
    r"(?=(?:von|de|d'|da|di|in|à|a)\s+[A-ZÄÖÜÉÈ]|(?:citoyen|ressortissant|cittadin)\w*\s|"
    r"[\w-]+ Staatsangehörige|staatenlos|apatride)"
)


_PLACE_BEFORE = re.compile(r"(?:\b(?:von|de|da|di|in|im|am|bei|à|a|sur|sous|und|et|e) |d')$")


def name_spans(text: str) -> list[str]:
    """Name-like spans of a notice body (head sentence excluded).

    A span that itself follows a place marker (`von Basel, in …`) is a place, not a name.
    """
    text = normalize(text)
    _, end = head_span(text)
    spans = []
    for m in NAME_SPAN.finditer(text, end):
        span = m.group("span")
        if (
            _PLACE_BEFORE.search(text[max(0, m.start() - 4) : m.start()])
            or "Staatsangehörig" in span
        ):
            continue
        spans.append(span)
    return spans


def _key(text: str | None) -> str:
    # Folded tokens only: a name and its span differ in case, accents and punctuation.
    return " ".join(tokens(text))


def coverage(text: str, record: ExtractionRecord) -> tuple[float, str]:
    """(share of name spans explained by an extracted entity, reason)."""
    spans = name_spans(text)
    if not spans:
        return 1.0, "no name spans"
    names = [_key(p.family_name) for p in record.persons] + [_key(c.name) for c in record.companies]
    names += [_key(p.given_names) for p in record.persons if p.given_names]
    unexplained = []
    for span in spans:
        f = _key(span)
        if not any(n and (n in f or f in n) for n in names):
            unexplained.append(span)
    score = 1 - len(unexplained) / len(spans)
    reason = f"{len(spans) - len(unexplained)}/{len(spans)} name spans explained"
    if unexplained:
        reason += "; unexplained: " + "; ".join(unexplained[:3])
    return score, reason
