"""What a question about one entity asks: the facts, the role, the time (pure, from the words).

"Wer war am 1. Januar 2009 Vizepräsident der X?" asks the holder of one role on one day;
"Et son adresse ?" asks the address of the entity of the last turn; "who left in 2010" asks the
role intervals that end in a year. `understand` reads these from the folded question with the
word lists of `vocab`, and a bare follow-up keeps the facts and role of the turn before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import cache
from typing import Any

from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.ask_words import (
    HOME_WORDS,
    POSTAL_WORDS,
    RESIDENCE_WORDS,
    asks_predecessor,
    find_signature,
    misspelt,
    separable_cues,
)
from graph_agent.planners.offline.mentions import mentions, names_something
from graph_agent.planners.offline.slots import find_full_date, find_period, fold
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.folding import has_any
from shabgraph.register.months import MONTHS, month_number

# Facts that name a relation or an attribute of the entity itself (not an event): the first of
# these found is the question's main fact; events and time words only qualify it.
ATTRIBUTE_FACTS = (
    "uid",
    "statutes",
    "communications",
    "role",
    "address",
    "capital",
    "purpose",
    "legal_form",
    "signature",
    "shares",
    "residence",
    "supervision",
    "names",
    "head_office",
    "branches",
    "mergers",
    "transfers",
    "bankruptcy",
    "seat",
    "status",
)
WHO_WORDS = (
    "people",
    "persons",
    "personen",
    "personnes",
    "persone",
    "who ",
    "wer ",
    "qui ",
    "chi ",
)
"""Words that ask for persons: "wer ist eingetragen" asks who, not when."""
PERSON_WORDS = ("personen", "persons", "people", "personnes", "persone", "leute", "individui")
"""Words that limit holders to natural persons."""
EVENT_FACTS = ("deleted", "registered", "happened", "changes", "notices")

FOLLOW_UP_RE = re.compile(
    r"^\s*(?:und|and|et|e|ed|also|auch|dann|puis|poi|ma|but|aber|mais|so|alors|quindi)\b"
    r"|\b(?:sie|ihr|ihre|ihren|ihrem|ihrer|sein|seine|seinen|es|dort|diese|dieser|diesem|"
    r"son|sa|ses|elle|il|lui|leur|y|cette|ce|suo|sua|suoi|sue|lei|essa|esso|questa|"
    r"its|it|her|his|their|they|there|this|that)\b"
)


@dataclass(frozen=True)
class Ask:
    """The reading of one question."""

    facts: tuple[str, ...] = ()
    """Facts asked, main first (uid, address, role, ...)."""
    role: str | None = None
    """Role code asked about (chair, auditor, ...)."""
    as_of: str | None = None
    """A day the fact must hold on (ISO)."""
    date_from: str | None = None
    """Start of the period asked about (ISO)."""
    date_to: str | None = None
    """End of the period (ISO)."""
    cues: frozenset[str] = field(default_factory=frozenset)
    """Time cues found: now, past, before, after, successor, over_time, since_when, left, ..."""
    count: bool = False
    """The question asks how many."""
    population: bool = False
    """The question is about a population (companies, notices, persons), not one entity."""
    most: bool = False
    """A ranking ("the most")."""
    follow_up: bool = False
    """A follow-up that refers back (pronoun, "und ...?")."""
    inherited: bool = False
    """Facts or role taken over from the previous turn."""
    signature: str | None = None
    """A kind of signature the question names (individual, collective), to filter holders."""

    @property
    def main(self) -> str | None:
        """The main fact, or `role` when only a role is asked."""
        return self.facts[0] if self.facts else ("role" if self.role else None)

    def has(self, *names: str) -> bool:
        """True when any of the facts or time cues is present."""
        return any(n in self.facts or n in self.cues for n in names)


def find_role(folded: str) -> str | None:
    """The role named first (longest words first, so vice-chair beats chair)."""
    hits: list[tuple[int, int, str]] = []
    for role, words in vocab().roles.items():
        for w in words:
            m = _find(folded, w)
            if m is not None:
                hits.append((m, -len(w), role))
    if not hits:
        return None
    hits.sort()
    # A longer word at the same place decides ("vizeprasident" over "prasident"); inside one
    # compound the head decides ("vr-prasident", "verwaltungsratsprasident": the chair).
    first = hits[0]
    end = re.compile(r"[\s,;:?!.()]").search(folded, first[0])
    same_word = [h for h in hits if h[0] < (end.start() if end else len(folded))]
    # the word that reaches furthest into the compound, then the longest
    return max(same_word, key=lambda h: (h[0] - h[1], -h[1]))[2]


def _find(folded: str, word: str) -> int | None:
    m = _word_re(word).search(folded)
    return m.start() if m else None


@cache
def _word_re(word: str) -> re.Pattern[str]:
    """A word list entry as a pattern, compiled once (the lists hold more entries than the
    `re` module's own cache, which would then compile them again on every question)."""
    tail = r"(?![a-z])" if word.endswith(" ") else ""
    return re.compile(rf"(?<![a-z]){re.escape(word.strip())}{tail}")


def find_facts(folded: str) -> tuple[str, ...]:
    """The facts named, in order of appearance in the question; a long fact word with a typo
    ("Aktienkaptial", "adresss") counts, and wins over a shorter word read inside it."""
    found: list[tuple[int, str]] = []
    reach: dict[int, int] = {}  # position -> length of the longest fact word found there
    for fact, words in vocab().facts.items():
        where = [(p, len(w.strip())) for w in words if (p := _find(folded, w)) is not None]
        if where:
            pos = min(p for p, _ in where)
            found.append((pos, fact))
            reach[pos] = max(reach.get(pos, 0), *(n for p, n in where if p == pos))
    for pos, fact in misspelt(folded):
        token = re.match(r"[a-z]+", folded[pos:])
        if token and reach.get(pos, 0) > len(token[0]):
            continue  # "register number" is a fact phrase, not a slip of "registered"
        found = [(p, f) for p, f in found if p != pos]
        found.append((pos, fact))
    found.sort()
    return tuple(dict.fromkeys(f for _, f in found))


MONTH_YEAR_RE = re.compile(r"(?<![a-z])([a-z]{3,10})\.?\s+(\d{4})\b")


def month_period(folded: str) -> tuple[str, str] | None:
    """'im August 2026', 'en sept. 2026', 'nel gennaio 2017': that month as a period."""
    for m in MONTH_YEAR_RE.finditer(folded):
        month = month_number(m[1]) or (
            month_number(m[1][:3])
            if len(m[1]) > 3 and any(name.startswith(m[1]) for name in MONTHS)
            else None  # "sept 2026" is September; "apres 2024" is no April
        )
        if month:
            year = int(m[2])
            last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
            return f"{year}-{month:02d}-01", f"{year}-{month:02d}-{last:02d}"
    return None


def find_cues(folded: str) -> frozenset[str]:
    """Time cues present in the question (and whether it speaks of where someone lives)."""
    cues = {k for k, words in vocab().time.items() if has_any(folded, words)}
    cues |= separable_cues(folded)
    if has_any(folded, PERSON_WORDS):
        cues.add("persons_word")  # "wie viele Personen traten aus": persons, not audit firms
    if has_any(folded, RESIDENCE_WORDS):
        cues.add("residence_word")
    if has_any(folded, POSTAL_WORDS):
        cues.add("postal")  # "Postadresse", "adresse postale": not the business address
    if has_any(folded, HOME_WORDS):
        cues.add("person_home")  # "wo wohnt er", "where does she live": a person's home
    return frozenset(cues)


def understand(question: str, history: list[dict[str, Any]] | None = None) -> Ask:
    """The reading of a question; a bare follow-up inherits from the last turn's question."""
    cue_text = time_text = question
    for m in mentions(question):
        if names_something(m.text):
            cue_text = _without(cue_text, m.text)  # a legal form alone ("Sàrl") stays a cue
            if m.org or not noun_phrase(m.text):
                time_text = _without(time_text, m.text)
    folded = fold(cue_text)
    whole = fold(question)
    facts = _prune(find_facts(folded), folded)
    facts = tuple(sorted(facts, key=lambda x: x not in ATTRIBUTE_FACTS))
    if facts[:1] == ("registered",) and has_any(whole, WHO_WORDS):
        # "Which people are registered at X?": the persons entered at X, not X's registration
        facts = ("role", *facts[1:])
    role = find_role(folded)
    if AT_COMPANY_RE.search(whole) and not role and not {"role", "mandates"} & set(facts):
        facts = ("role", *facts)  # "chi è X nella Y?": X's role at Y (and any fact asked)
    full = find_full_date(whole)
    date_from, date_to = (None, None) if full else month_period(whole) or find_period(whole)
    lists = vocab().lists
    ask = Ask(
        facts=facts,
        role=role,
        as_of=full,
        date_from=date_from,
        date_to=date_to,
        cues=_direction(find_cues(fold(time_text)), whole),
        count=has_any(folded, lists["count"]) is not None,
        population=has_any(folded, lists["population"]) is not None,
        most=has_any(folded, lists["most"]) is not None,
        follow_up=bool(FOLLOW_UP_RE.search(whole)) or len(whole.split()) <= 4,
        signature=find_signature(folded),
    )
    if ask.has("besides") and set(ask.facts) <= {"registered", "status", "role"}:
        # "Ist X ausser bei Y noch woanders eingetragen?": X's other companies
        ask = replace(ask, facts=("mandates",))
    if history and ask.follow_up and not asks_identity(question, ask):
        ask = inherit(ask, understand(str(history[-1].get("question", "")), history[:-1]))
    return ask


AT_COMPANY_RE = re.compile(
    r"^\s*(?:und |and |et |e )?(?:wer ist|wer war|who is|who was|qui est|qui etait|chi e|chi era)\s+"
    r"[^?]+?\s(?:bei der|bei|in der|im|nella|nel|nello|presso|alla|chez|a la|au|at|in the|with)\s"
    r"(?=[a-z])"
)
"""A person asked about at a company ("Wer ist X bei der Y?", "chi è X nella Y?", "Who is X at
Y?"): the question asks X's role there."""


def asks_identity(question: str, ask: Ask) -> bool:
    """A question that names an entity in its own words and asks nothing but who or what it is
    ("Who is X?", "Qui est X ?", "Parlami di X") asks about that entity, however short it is;
    it inherits no fact from the turn before (the name is no filter on the entity in focus)."""
    if ask.facts or ask.role:
        return False
    if not any(names_something(m.text) for m in mentions(question)):
        return False  # "Wer ist das?", "who is she?": the entity in focus
    return has_any(fold(question), lx.LOOKUP_WORDS) is not None


def _direction(cues: frozenset[str], whole: str) -> frozenset[str]:
    """A replace verb with the holder as its subject asks the predecessor, not the successor."""
    if asks_predecessor(whole):
        return (cues - {"successor"}) | {"before"}
    return cues


def _without(text: str, name: str) -> str:
    """The text without a name; a name the mention finder joined across punctuation
    ("Muster GmbH (Winterthur)" -> "Muster GmbH Winterthur") is removed word by word."""
    if name in text:
        return text.replace(name, " ")
    for word in name.split():
        text = re.sub(rf"(?<![\w]){re.escape(word)}(?![\w])", " ", text, count=1)
    return text


def noun_phrase(text: str) -> bool:
    """Capitalised German nouns joined by an article ("Wechsel der Zeiten"): a phrase, not a name,
    whose time words still count."""
    return bool(
        re.fullmatch(
            r"[A-ZÄÖÜ][a-zäöüß]+(?: (?:der|des|dem|den|die|das) [A-ZÄÖÜ][a-zäöüß]+)+", text
        )
    )


def _prune(facts: tuple[str, ...], folded: str) -> tuple[str, ...]:
    """Drop facts a stronger reading explains ("Sitz" inside "Domizil" questions, "wo ist X
    eingetragen")."""
    out = list(facts)
    if "address" in out and "seat" in out:
        out.remove("seat")
    if "branches" in out and "address" in out:
        out.remove("address")  # "branch office": the branches, not the address
    if "head_office" in out and "seat" in out:
        out.remove("seat")
    if "status" in out and "registered" in out:
        out.remove("registered")  # "still registered?": the status today, not the entry day
    if "mandates" in out and any(
        f in out for f in ATTRIBUTE_FACTS if f not in ("seat", "status", "names")
    ):
        out.remove("mandates")
    return tuple(out)


def inherit(ask: Ask, last: Ask) -> Ask:
    """A follow-up without its own fact ("und seit wann?", "e prima?") keeps the last one's;
    one with its own fact keeps the last role when it names none ("und wer folgte?")."""
    changes: dict[str, Any] = {}
    own = [f for f in ask.facts if f != "notices"]
    if own == ["address"] and last.role and not ask.role and ask.has("residence_word"):
        # "et son domicile ?" after a question about a role holder: the holder's residence
        return replace(ask, facts=("residence",), role=last.role, inherited=True)
    if not own and not ask.role:
        changes.update(facts=last.facts, role=last.role, inherited=True)
    elif (not ask.role and last.role and ask.has("successor", "before", "since_when", "past")) or (
        not ask.role and last.role and set(own) <= {"signature", "shares", "residence"}
    ):
        changes.update(role=last.role, inherited=True)
    if not (ask.as_of or ask.date_from or ask.date_to) and ask.has("since_when", "before"):
        changes.update(as_of=last.as_of, date_from=last.date_from, date_to=last.date_to)
    return replace(ask, **changes) if changes else ask
