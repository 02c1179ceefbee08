"""Which company attribute a question asks about (capital, seat, registration, names, today's).

Read by the slot filler; the answers about the attribute live in `graph_agent.answers.attributes`.
"""

from __future__ import annotations

import re

from graph_agent.planners.offline.lexicon import PAST_WORDS
from shabgraph.register.folding import has_any

TODAY_WORDS: tuple[str, ...] = (
    "today",
    "nowadays",
    "now called",
    "heute",
    "heutige",
    "aujourd'hui",
    "aujourd hui",
    "desormais",
    "oggi",
    "attualmente",
)
"""With a past cue: the question names a company by a former name and asks for its state today."""

ATTRIBUTE_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("registered", ("registered", "eingetragen", "inscrite", "inscrit ", "iscritta", "iscritto")),
    (
        "name",
        (
            "names",
            "namen",
            "noms",
            "nomi",
            "was called",
            "was the name",
            "hiess",
            "s'appelait",
            "si chiamava",
        ),
    ),
    ("capital", ("capital", "kapital", "capitale")),
    (
        "seat",
        (
            "seat",
            "sitz",
            "siege",
            "sede",
            "based",
            "where was",
            "wo hatte",
            "wo war",
            "ou se trouvait",
            "ou etait",
            "dove aveva",
            "dove era",
        ),
    ),
)
"""Attribute asked about, first match wins (a seat move question also says "registered" rarely)."""


STILL_REGISTERED_RE = re.compile(
    r"\b(?:still|noch|toujours|encore|ancora|tuttora)\s+(?:\w+\s+)?"
    r"(?:registered|eingetragen|inscrit\w*|iscritt\w*|registriert)\b"
)
""""are they still registered?", "sind sie noch eingetragen?": the status is asked, not the
registration (an adverb of persistence, at most one word, then a "registered" of the languages)."""


def without_still_registered(folded: str) -> str:
    """The folded question without its "still registered" phrase: what is left does not ask
    for the registration date."""
    return STILL_REGISTERED_RE.sub(" ", folded)


def detect_attribute(cues: str) -> str | None:
    """The attribute a folded question asks about, if any.

    "current" (today's name and seat) when the question names a former state and asks about
    today: "what is the former X called today?" asks for no former seat.
    """
    if has_any(cues, TODAY_WORDS) and has_any(cues, PAST_WORDS):
        return "current"
    return next((key for key, words in ATTRIBUTE_WORDS if has_any(cues, words)), None)
