"""Words and sentences of fact answers in de/fr/it/en, read from `sentences/{lang}.json`.

An answer states the fact in the question's language; the register's own words (the role as the
notice wrote it) follow in quotes, so a reader can check them against the notice. The files are
read on first use, not at import time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from shabgraph.register.legal_forms import by_code

LANGUAGES = ("de", "fr", "it", "en")
HERE = Path(__file__).with_name("sentences")


@cache
def table(lang: str) -> dict[str, Any]:
    """One language's sentences and words (English for an unknown language)."""
    lang = lang if lang in LANGUAGES else "en"
    data: dict[str, Any] = json.loads((HERE / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def _word(lang: str, section: str, key: str) -> str | None:
    value = table(lang)[section].get(key)
    return str(value) if value is not None else None


def say(lang: str, key: str, **kw: object) -> str:
    """One sentence in the question's language (English when a key is missing there)."""
    text = _word(lang, "sentences", key) or _word("en", "sentences", key) or key
    return text.format(**kw)


def role_name(lang: str, role: str | None) -> str:
    """The role in the question's language."""
    return _word(lang, "roles", role or "") or (role or "").replace("_", " ")


def signature_name(lang: str, code: str | None) -> str:
    """The signature kind in the question's language ('' when unknown)."""
    return _word(lang, "signatures", code or "") or ""


def form_text(lang: str, code: object) -> str:
    """A legal form's name in the language, with the register's German label."""
    form = by_code(str(code or ""))
    if not form:
        return str(code or "")
    text = form.names.get(lang) or form.label
    return text + (f" ({form.label})" if form.label != text else "")


def event_names(lang: str, codes: Iterable[object] | None) -> str:
    """Event type codes as the register's words in the question's language ("Sitzverlegung,
    Personelles"), unknown codes as written."""
    return ", ".join(
        _word(lang, "events", str(c)) or str(c).replace("_", " ") for c in (codes or []) if c
    )


def fact_name(lang: str, fact: str) -> str:
    """'no auditor' and the like, for honest negatives."""
    return _word(lang, "no_fact", fact) or fact.replace("_", " ")


def day(iso: object) -> str:
    """An ISO date as the register writes it (dd.mm.yyyy)."""
    text = str(iso or "")
    if len(text) >= 10 and text[4] == "-":
        return f"{text[8:10]}.{text[5:7]}.{text[0:4]}"
    return text


def span(lang: str, start: object, end: object) -> str:
    """An interval as words: from … to …, since …, until …."""
    if start and end:
        return say(lang, "span", a=day(start), b=day(end))
    if start:
        return say(lang, "since", a=day(start))
    if end:
        return say(lang, "until", b=day(end))
    return ""
