"""A branch named before its head office, put into the register's order.

Users write "die Zweigniederlassung Genf der X AG", "la succursale di Lugano della X SA" or "the
Lugano branch of X"; the register names the branch "X AG, Zweigniederlassung Genf" (head office,
branch word, place). Pure functions over the question text.
"""

from __future__ import annotations

import re

from graph_agent.planners.offline.name_words import _bare, _is_keyword, _plain, has_org_word

BRANCH_OF_RE = re.compile(
    r"\b(?P<b>Zweigniederlassung|Filiale|filiale|succursale|Succursale)\s+(?P<p>(?:de |di |d')?"
    r"[A-ZÀ-Ý][\w'’-]+(?:\s[A-Z]{2}\b)?)\s+(?:(?:der|des|von|de la|du|de|di|della|del|dello|of)\s+"
    r"|d['’]|dell['’])(?:l['’]|the\s+)?(?P<c>[A-ZÀ-Ý][^?!,;:()]*?)(?=\s*(?:[?!,;:()]|$))"
)
BRANCH_OF_EN_RE = re.compile(
    r"\b(?:the\s+)?(?P<p>[A-ZÀ-Ý][\w'’-]+)\s+(?P<b>branch|Branch)\s+(?:office\s+)?of\s+(?:the\s+)?"
    r"(?P<c>[A-ZÀ-Ý][^?!,;:()]*?)(?=\s*(?:[?!,;:()]|$))"
)
"""A branch named before its head office ("die Zweigniederlassung Genf der X AG", "la succursale
di Lugano della X SA", "the Lugano branch of X AG"): the register names it "X AG,
Zweigniederlassung Genf"."""


def branch_first(question: str) -> str:
    """The question with a branch written before its head office put in the register's order."""

    def register_order(m: re.Match[str]) -> str:
        place_first = m["b"] in ("Zweigniederlassung", "branch", "Branch") or m["p"].startswith(
            ("de ", "di ", "d'")
        )
        if not place_first and not has_org_word(m["c"]):
            return m[0]  # "la succursale Alpenblick di Lugano": the name, then its place
        word = m["b"].lower() if m["b"] != "Zweigniederlassung" else m["b"]
        word = "Zweigniederlassung" if word == "branch" else word
        words = m["c"].split()
        # the head office's name ends at the first plain lower-case word ("… of Beta now?")
        cut = next(
            (
                i
                for i, w in enumerate(words)
                if i and w[:1].islower() and (_bare(w) in _plain() or _is_keyword(w))
            ),
            len(words),
        )
        rest = " ".join(words[cut:])
        return f"{' '.join(words[:cut])}, {word} {m['p']}" + (f" {rest}" if rest else "")

    question = BRANCH_OF_EN_RE.sub(register_order, question)
    return BRANCH_OF_RE.sub(register_order, question)
