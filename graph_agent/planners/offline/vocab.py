"""The question words of the four languages, read from `words/{de,fr,it,en}.json` on first use.

Data, not code: each file lists, folded, the words users and the register use for the facts a
question can ask (`facts`), the register's roles (`roles`), time cues (`time`) and the words of
population questions. Nothing is read at import time; `vocab()` loads and merges once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("de", "fr", "it", "en")
DIALECTS = ("gsw",)
"""Word files of dialects merged with the four (Swiss German, `gsw.json`: "isch", "Gsellschafter")."""
WORDS_DIR = Path(__file__).with_name("words")


@dataclass(frozen=True)
class Vocab:
    """The merged word lists: key -> words of all four languages (entries folded)."""

    facts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Fact asked (uid, address, capital, ...) -> cue words."""
    roles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Role code of the graph (chair, auditor, ...) -> the register's and users' words."""
    time: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Time cue (now, past, before, successor, left, ...) -> words."""
    lists: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """population / list / count / most / question / not_names -> words."""
    by_language: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The raw file of each language (for per-language words such as negations)."""


def _merge(files: dict[str, dict[str, Any]], key: str) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for lang in (*LANGUAGES, *DIALECTS):
        for name, words in (files[lang].get(key) or {}).items():
            out.setdefault(name, []).extend(words)
    # Longer words first: "vizeprasident" must win over its tail "prasident".
    return {k: tuple(sorted(dict.fromkeys(v), key=len, reverse=True)) for k, v in out.items()}


@cache
def vocab() -> Vocab:
    """Load the four files once (first question), merged per key."""
    files = {
        lang: json.loads((WORDS_DIR / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in (*LANGUAGES, *DIALECTS)
    }
    lists = {
        key: tuple(
            sorted({w for lang in files for w in files[lang].get(key, [])}, key=len, reverse=True)
        )
        for key in ("population", "list", "count", "most", "question", "not_names")
    }
    return Vocab(
        facts=_merge(files, "facts"),
        roles=_merge(files, "roles"),
        time=_merge(files, "time"),
        lists=lists,
        by_language={lang: files[lang] for lang in LANGUAGES},
    )
