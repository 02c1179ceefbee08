"""The language of a question: the stop words and common question words of each language,
read around the names (a French company name in an English question is no French).

Words come from the lexicon (`STOPWORDS`, `LANGUAGE_WORDS`, one set per language). A turn made
only of a name has no language of its own; the planner then keeps the conversation's.
"""

from __future__ import annotations

import re

from graph_agent.planners.offline import lexicon as lx
from shabgraph.register.folding import fold_accents as fold

__all__ = ["detect_language", "has_language_words", "question_language"]


def detect_language(folded: str) -> tuple[str, str]:
    """(language, reason): the language whose stop words and common question words occur
    most (ties: German first)."""
    tokens = re.findall(r"[a-z]+(?:-[a-z]+)?", folded.replace("'", " "))
    scores = {
        lang: sum(t in words or t in lx.LANGUAGE_WORDS[lang] for t in tokens)
        for lang, words in lx.STOPWORDS.items()
    }
    best = max(("de", "fr", "it", "en"), key=lambda lang: scores[lang])
    return best, f"stop words {scores}"


def has_language_words(question: str) -> bool:
    """True when some word of the question is a stop word or question word of a language
    ("Muster Holding AG" alone has none: a follow-up keeps the conversation's language)."""
    _lang, reason = detect_language(fold(question))
    return any(c.isdigit() and c != "0" for c in reason)


def question_language(question: str, spans: list[str]) -> str:
    """The language of the words around the names: "Boulangerie du Lac SA?" asked in English
    is English although the name is French. The first word stays (it is capitalised as a
    sentence start, not as a name)."""
    words = re.findall(r"[\wÀ-ÿ'’-]+", question)
    named = {fold(t) for sp in spans for t in re.findall(r"[\wÀ-ÿ'’-]+", sp)}
    rest = words[:1] + [w for w in words[1:] if fold(w) not in named]
    lang, reason = detect_language(fold(" ".join(rest)))
    if not any(c.isdigit() and c != "0" for c in reason):
        lang, _ = detect_language(fold(question))  # only names: their words decide
    return lang
