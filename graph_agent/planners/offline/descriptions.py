"""An entity described instead of named: "la fondazione di X", "die Stiftung in X", "the solar
company in X", "la Sàrl de X".

Users often name a company by what it is and where it sits: a legal form or a generic company
word, a place preposition and the seat, sometimes a word of its business before it. When no
mention links, the register can still be asked for the companies of that legal form at that
seat; when exactly one of them fits (its name holds the business word, if one was given), it is
the entity the words describe. Pure functions over the question and the list records.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from graph_agent.planners.offline.name_words import _is_form, _is_keyword, _plain
from graph_agent.state import ToolCall
from shabgraph.register.folding import match_key as key
from shabgraph.register.legal_forms import spellings

GENERIC_WORDS = frozenset(
    {"firma", "gesellschaft", "unternehmen", "betrieb", "company", "firm", "business"}
    | {"entreprise", "societe", "maison", "societa", "ditta", "impresa", "azienda"}
    | {"bude", "laden", "lade"}  # everyday German and Swiss German: "die Bude in X"
)
"""Words that say "a company" without a legal form."""
ARTICLE = (
    r"(?:the|a|an|die|der|den|dem|das|eine|einer|einem|la|le|l'|une|un|il|lo|una|della|dello"
    r"|del|de la|du|des|von der|vom)"
)
DESCRIBED_RE = re.compile(
    rf"(?<![\w]){ARTICLE}\s+(?P<what>(?:[\w'’.-]+\s+){{0,2}}?[\w'’.-]+?)\s+"
    r"(?:in|im|di|da|de|du|d'|à|a|au|of|from|at|von|aus|bei|mit sitz in|con sede a|avec siège à)"
    r"\s+(?P<place>[A-ZÀ-Ý][\w'’-]+(?:[ -](?:[A-ZÀ-Ý][\w'’-]+))*(?:\s[A-Z]{2}\b)?)"
    r"(?:\s+(?:mit|with|avec|con|für|for|pour|per)\s+(?P<biz>[\w'’-]{4,}))?"
)
EXTRA_FORMS = {"einzelfirma": "0101", "kollektivfirma": "0103", "ag": "0106", "sa": "0106"}
"""Everyday words for legal forms besides the register's own spellings."""
BRANCH_CODES = frozenset({"0151", "0111"})
"""Branches are named after their head office, never described by their seat alone."""


@dataclass(frozen=True)
class Description:
    """What the words say of an unnamed company."""

    legal_form: str | None
    """eCH-0097 code of the legal form named, if any."""
    seat: str
    """The seat (a place name as written)."""
    words: tuple[str, ...]
    """Folded business words the name should hold ("solar")."""


def described(question: str) -> Description | None:
    """The description in a question, when it has the form "<article> [word] <legal form or
    company word> <place preposition> <Place>"."""
    for m in DESCRIBED_RE.finditer(question):
        written = m["what"].split()
        words = key(m["what"]).split()
        inner = [k for k, w in enumerate(words[:-1]) if re.fullmatch(ARTICLE, w)]
        start = inner[-1] + 1 if inner else 0  # "Kapital der GmbH": the form is "GmbH"
        written, words = written[start:], words[start:]
        if not words or any(w[:1].isupper() and not _is_keyword(w) for w in written[:-1]):
            continue  # "la Musterbau Sagl di X": capitalised words before the form are a name
        head = words[-1].strip(".")
        pair = " ".join(words[-2:])
        code = spellings().get(pair) if len(words) > 1 else None
        used = 2 if code else 1
        code = code or spellings().get(head) or EXTRA_FORMS.get(head)
        if (code is None and head not in GENERIC_WORDS) or code in BRANCH_CODES:
            continue  # "the Lugano branch of X" names X's branch, not a company at a seat
        if any(_is_form(w) for w in m["place"].split()) or m["place"].split()[0].isupper():
            continue  # "… of Alpenblick Holding AG", "… di ALPHA": a company name, not a place
        before = words[:-used]
        if any(_is_keyword(w) for w in written[: len(words) - used]):
            continue  # "del consiglio di fondazione di X": the board of X, not a foundation at X
        rest = tuple(w for w in before if len(w) > 3 and w not in _plain() and not _is_keyword(w))
        if m["biz"]:
            rest += (key(m["biz"]),)
        place = re.sub(r"\s[A-Z]{2}$", "", m["place"].strip())
        return Description(code, place, rest)
    return None


def only_describes(mention: str, desc: Description) -> bool:
    """The mention is made of the description's own words ("Sàrl de Sion", "Basel"): it names
    no entity of its own."""
    place = set(key(desc.seat).split())
    for w in key(mention).replace("'", " ").split():
        w = w.strip(".,")
        if w in place or w in GENERIC_WORDS or w in desc.words or w in EXTRA_FORMS:
            continue
        if w in spellings() or w in {
            "de",
            "di",
            "du",
            "d",
            "in",
            "a",
            "à",
            "of",
            "von",
            "la",
            "le",
        }:
            continue
        if any(w in s.split() for s in spellings() if " " in s):
            continue  # a word of a long form ("societe anonyme")
        return False
    return True


def list_call(desc: Description) -> ToolCall:
    """The companies of the legal form at the seat."""
    args: dict[str, Any] = {"what": "companies", "seat": desc.seat, "limit": 50}
    if desc.legal_form:
        args["legal_form"] = desc.legal_form
    return ToolCall(tool="list_register", args=args, purpose="described entity")


def pick(desc: Description, records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one company the description fits, or None (none, or several it cannot tell apart)."""
    rows = [r for r in records if r.get("record_type") == "company" and r.get("id")]
    if desc.words:
        rows = [r for r in rows if all(_in_name(w, str(r.get("name") or "")) for w in desc.words)]
    elif not desc.legal_form:
        return None  # "the company in X" alone says too little
    return rows[0] if len(rows) == 1 else None


def _in_name(word: str, name: str) -> bool:
    """A business word is in the name, in any of the four languages' endings ("solar",
    "solaire", "solare", "Solar-"): the first letters of a long word suffice."""
    stem = word[: max(4, len(word) - 3)] if len(word) > 4 else word
    return any(t.startswith(stem) for t in re.split(r"[\s\-/&.,]+", key(name)) if t)
