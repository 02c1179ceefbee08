"""Coercion of published field values: dates, amounts, flags, name translations, language.

The same value arrives as `2026-08-26T00:00:00.000Z` (JSON), `2026-08-26` (XML) or
`2001-01-22 00:00:00` (Zefix daily); amounts as numbers or strings; flags as booleans or
`"false"`. These functions accept every spelling seen and raise `ValueError` on anything else, so
that a parser can turn the error into a reject with its location.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

_LANGUAGE_MARKERS: dict[str, tuple[str, ...]] = {
    "de": (" und ", " der ", " mit ", " von ", " die ", "Gesellschaft", "Unterschrift"),
    "fr": (" et ", " de ", " avec ", " à ", " la ", "société", "signature"),
    "it": (" e ", " della ", " con ", " di ", " il ", "società", "firma"),
}


def parse_date(value: Any) -> date:
    """A date from any published spelling; `ValueError` when there is none."""
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or len(value) < 10:
        raise ValueError(f"not a date: {value!r}")
    return date.fromisoformat(value[:10])


def optional_date(value: Any) -> date | None:
    """Like `parse_date`, but empty values give None."""
    if value in (None, ""):
        return None
    return parse_date(value)


def optional_float(value: Any) -> float | None:
    """An amount from a number or a string (`20000.00`, `20'000`); empty gives None."""
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        raise ValueError(f"not an amount: {value!r}")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        return float(value.replace("'", "").replace("’", "").strip())
    raise ValueError(f"not an amount: {value!r}")


def optional_bool(value: Any) -> bool | None:
    """A flag from a boolean or `"true"`/`"false"`; empty gives None."""
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise ValueError(f"not a flag: {value!r}")


def optional_str(value: Any) -> str | None:
    """A stripped string, None when empty; numbers are accepted (journal numbers, zip codes)."""
    if type(value) is str:  # the common case first: this runs ~30 times a record
        return value.strip() or None
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError(f"not a text value: {value!r}")
    text = str(value).strip()
    return text or None


def split_translations(text: str | None) -> list[str]:
    """`(A) (B (Schweiz))` or ` [A]` as ["A", "B (Schweiz)"], respecting nested brackets."""
    if not text:
        return []
    out: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in "([":
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch in ")]" and depth > 0:
            depth -= 1
            if depth == 0:
                part = text[start:i].strip()
                if part:
                    out.append(part)
    if not out and text.strip():
        out.append(text.strip(" ()[]"))
    return out


def guess_language(text: str) -> tuple[str | None, str]:
    """(language, reason) from marker words, for sources that do not say (old Zefix files)."""
    sample = f" {text[:600]} "
    scores = {
        lang: sum(sample.count(m) for m in markers) for lang, markers in _LANGUAGE_MARKERS.items()
    }
    best = max(scores, key=lambda k: scores[k])
    ranked = sorted(scores.values(), reverse=True)
    if ranked[0] == 0 or ranked[0] == ranked[1]:
        return None, f"no clear marker words {scores}"
    return best, f"marker words {scores}"


_SPACES_RE = re.compile(r"[ \t]+")


def clean_line(text: str) -> str:
    """Collapse runs of spaces of a one-line field (names, seats), keeping its content."""
    return _SPACES_RE.sub(" ", text).strip()
