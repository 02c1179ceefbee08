"""Words the offline router reads questions with, from `{de,fr,it,en}.json` beside this module.

Data, not code (issue 13): each language file lists its words, folded like the question (see
`slots.fold`), each word once: sets hold their words' `match_key` too and lists are matched by
it (`folding.has_any`), so no umlaut spelling is listed apart; `common.json` says which tables are (key, words) tables, lists or sets. The
names below (`COUNT_WORDS`, `ASPECTS`, `STOPWORDS`, ...) are built on first access from all four
files, each list in its original order, so `lexicon.X` reads as a constant and nothing is loaded
at import time. Cantons and month names are the register's (`shabgraph.register`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from shabgraph.register.cantons import CANTON_NAMES, CANTONS
from shabgraph.register.folding import match_key
from shabgraph.register.months import MONTHS

LANGUAGES = ("de", "fr", "it", "en")
DIALECTS = {"gsw": "de"}
"""Word files of a dialect, read as words of their language: Swiss German (`gsw.json`) is German."""
PER_LANGUAGE = frozenset({"STOPWORDS"})
"""Sets kept per language (language -> words), not merged."""
HERE = Path(__file__).parent

__all__ = ["CANTONS", "CANTON_NAMES", "LANGUAGES", "MONTHS", "language_table", "tables"]


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    return data


def keyed(words: Any) -> frozenset[str]:
    """A set of words as written and as their `match_key`: looked up by either form, a word is
    found in every spelling of its umlauts ("geschaft", "geschaeft")."""
    listed = [str(w) for w in words]
    return frozenset(listed) | frozenset(match_key(w) for w in listed)


def _ordered(pairs: list[list[Any]]) -> tuple[str, ...]:
    return tuple(str(w) for _i, w in sorted(pairs, key=lambda p: int(p[0])))


@cache
def tables() -> dict[str, Any]:
    """Every table, merged over the four languages (read once)."""
    common = _read("common")
    files = {lang: _read(lang) for lang in (*LANGUAGES, *DIALECTS)}
    out: dict[str, Any] = {"SUB_RUBRICS": dict(common["SUB_RUBRICS"])}
    for name in common["lists"]:
        out[name] = _ordered([p for f in files.values() for p in f.get(name, [])])
    for name, keys in common["tables"].items():
        out[name] = tuple(
            (key, _ordered([p for f in files.values() for p in f.get(name, {}).get(key, [])]))
            for key in keys
        )
    for name in common["sets"]:
        if name in PER_LANGUAGE:
            out[name] = {
                lang: keyed(
                    w
                    for f in (lang, *(d for d, of in DIALECTS.items() if of == lang))
                    for w in files[f].get(name, [])
                )
                for lang in LANGUAGES
            }
        else:
            out[name] = keyed(w for f in files.values() for w in f.get(name, []))
    return out


@cache
def language_table() -> dict[str, Any]:
    """What tells the languages apart (`language.json`, read once): each language's own words
    (its STOPWORDS included), acronyms and inflections, its endings, the endings read after one of its
    words, and the homographs of several languages that decide nothing."""
    data = _read("language")
    stop = tables()["STOPWORDS"]
    return {
        "SHARED": keyed(data["SHARED"]),
        "ACRONYMS": {lang: frozenset(data["ACRONYMS"][lang]) for lang in LANGUAGES},
        "INFLECTIONS": {
            lang: tuple((str(a), str(b)) for a, b in data["INFLECTIONS"][lang])
            for lang in LANGUAGES
        },
        "WORDS": {lang: keyed(data["WORDS"][lang]) | stop[lang] for lang in LANGUAGES},
        "ENDINGS": {lang: tuple(data["ENDINGS"][lang]) for lang in LANGUAGES},
        "AFTER_OWN_WORD": {lang: tuple(data["AFTER_OWN_WORD"][lang]) for lang in LANGUAGES},
    }


def __getattr__(name: str) -> Any:
    """`lexicon.COUNT_WORDS` and the like, built from the data files on first use."""
    found = tables()
    if name in found:
        return found[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
