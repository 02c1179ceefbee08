"""The word finders behind `asks.understand`: role, facts, time cues and month periods.

Each reads one kind of slot from the folded question with the vocabularies of the four
languages: the role named first (the head of a compound decides), the facts in order of
appearance (a long misspelt fact word counts), the time cues, and a month written with its year.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from graph_agent.planners.offline.ask_words import (
    BEFORE_HOLDER_RE,
    CO_SIGN_RE,
    COURT_WORDS,
    HOME_WORDS,
    OPENING_WORDS,
    POSTAL_WORDS,
    RESIDENCE_WORDS,
    misspelt,
    separable_cues,
)
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.folding import has_any, word_pattern
from shabgraph.register.months import MONTHS, month_number

PERSON_WORDS = ("personen", "persons", "people", "personnes", "persone", "leute", "individui")
"""Words that limit holders to natural persons."""


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


WORD_END_RE = re.compile(r"[\s,;:?!.()]")
COORDINATOR_RE = re.compile(
    r"(?<![a-z])(?:und|sowie|oder|and|or|et|ou|e|ed|o|oppure)(?![a-z])|[+&/]"
)
"""Words that join two roles into two questions ("Präsident und Geschäftsführer", "chi presiede
… e chi è la segretaria", "admin + direction"); a genitive ("Präsident des Stiftungsrates",
"président du conseil") joins a role to its body and asks one role."""
TOGETHER_WORDS = (
    "gleichzeitig",
    "zugleich",
    "zur gleichen zeit",
    "in personalunion",
    "sowohl",
    "a la fois",
    "en meme temps",
    "simultanement",
    "contemporaneamente",
    "allo stesso tempo",
    "al tempo stesso",
    "nel contempo",
    "at the same time",
    "simultaneous",
    "both ",
)
"""Words that ask for one holder of two roles at once, not for the holders of each."""


def find_roles(folded: str) -> tuple[str, ...]:
    """Every role asked, in order: the role of each role word (the head of a compound decides,
    as in `find_role`), a further one only when a coordinator joins it to the one before."""
    hits: list[tuple[int, int, str]] = []
    for role, entries in vocab().roles.items():
        for w in entries:
            hits += [(m.start(), -len(w), role) for m in _word_re(w).finditer(folded)]
    hits.sort()
    spans: list[tuple[int, int, str]] = []  # (start, end, role) of each role word
    for h in hits:
        if spans and h[0] < spans[-1][1]:
            continue
        end = WORD_END_RE.search(folded, h[0])
        stop = end.start() if end else len(folded)
        same = [x for x in hits if h[0] <= x[0] < stop]
        spans.append((h[0], stop, max(same, key=lambda x: (x[0] - x[1], -x[1]))[2]))
    roles: list[str] = []
    for k, (start, _end, role) in enumerate(spans):
        if k and not COORDINATOR_RE.search(folded[spans[k - 1][1] : start]):
            continue  # "Präsident des Verwaltungsrates": one role and its body
        if role not in roles:
            roles.append(role)
    return tuple(roles)


def _find(folded: str, word: str) -> int | None:
    m = _word_re(word).search(folded)
    return m.start() if m else None


def _word_re(word: str) -> re.Pattern[str]:
    """A word list entry as a pattern, compiled once: the register's one word-list pattern
    (`folding.word_pattern`: spellings of an umlaut match alike)."""
    return word_pattern(word)


COMPOUND_CHANGE_RE = re.compile(r"\b[a-z]{4,}(?:wechsel|anderung)(?:n|en)?\b")
"""A German compound of a thing and its change, written as one word ("Präsidentenwechsel",
"Revisionsstellenwechsel", "Statutenänderung"), in folded text."""


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
    for m in COMPOUND_CHANGE_RE.finditer(folded):
        found.append((m.start(), "changes"))  # "Präsidentenwechsel", "Zweckänderung"
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


SEASONS = (
    ((3, 5), ("fruhling", "fruhjahr", "printemps", "primavera", "spring")),
    ((6, 8), ("sommer", "ete", "estate", "summer")),
    ((9, 11), ("herbst", "automne", "autunno", "autumn", "fall")),
)
"""Seasons as the months they cover (winter spans two years and is left out)."""
SEASON_RE = re.compile(
    r"(?<![a-z])(?P<w>[a-z]+)\s+(?:(?:de\s+l'annee|dell'anno|des jahres|of)\s+)?(?:de\s+|del\s+|di\s+)?"
    r"(?P<y>\d{4})\b"
)


def season_period(folded: str) -> tuple[str, str] | None:
    """'im Herbst 2009', 'au printemps 2026', 'nell'estate 2012', 'in spring 2013': the months of
    that season as a period."""
    for m in SEASON_RE.finditer(folded):
        for (first, last), words in SEASONS:
            if m["w"] in words:
                year = int(m["y"])
                end = (date(year, last % 12 + 1, 1) - timedelta(days=1)).day
                return f"{year}-{first:02d}-01", f"{year}-{last:02d}-{end:02d}"
    return None


SINCE_NOUNS = frozenset(
    {"fondazione", "costituzione", "iscrizione", "inizio", "allora", "giorno", "mese", "anno"}
    | {"primo", "suo", "sua", "quel", "quella", "oggi"}
)
"""What Italian "dal", "dalla" is a "since" before ("dal 2019", "dalla costituzione")."""
FROM_RE = re.compile(r"(?<![a-z])dal(?:la)?(?![a-z'])\s*([a-z0-9]*)")


def _without_from(folded: str) -> str:
    """The question without an Italian "dal(la)" before a name (or where a name was cut out):
    "uscito dalla Muster Sagl" leaves the company, it says no "since"."""

    def keep(m: re.Match[str]) -> str:
        word = m.group(1)
        timed = bool(word) and (word[:1].isdigit() or word in MONTHS or word in SINCE_NOUNS)
        return m.group(0) if timed else " " + word

    return FROM_RE.sub(keep, folded)


def find_cues(folded: str) -> frozenset[str]:
    """Time cues present in the question (and whether it speaks of where someone lives)."""
    since = _without_from(folded)
    cues = {
        k for k, words in vocab().time.items() if has_any(since if k == "after" else folded, words)
    }
    cues |= separable_cues(folded)
    if has_any(folded, PERSON_WORDS):
        cues.add("persons_word")  # "wie viele Personen traten aus": persons, not audit firms
    if has_any(folded, RESIDENCE_WORDS):
        cues.add("residence_word")
    if has_any(folded, POSTAL_WORDS):
        cues.add("postal")  # "Postadresse", "adresse postale": not the business address
    if has_any(folded, OPENING_WORDS):
        cues.add("opening")  # "quand la faillite a-t-elle été prononcée ?": its opening day
    if has_any(folded, COURT_WORDS):
        cues.add("court")  # "quel tribunal ?": the court of a bankruptcy, not its notices
    if BEFORE_HOLDER_RE.search(folded):
        cues.add("predecessor")  # "and before him?": whom the holder in question followed
    if CO_SIGN_RE.search(folded):
        cues.add("co_sign")  # "who signs with her?": the others who sign with her
    if has_any(folded, HOME_WORDS):
        cues.add("person_home")  # "wo wohnt er", "where does she live": a person's home
    return frozenset(cues)


# Facts that name a relation or an attribute of the entity itself (not an event): the first of
# these found is the question's main fact; events and time words only qualify it.
ATTRIBUTE_FACTS = (
    "shareholders",
    "birth_date",
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
    "origin",
    "nationality",
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


def without(text: str, name: str) -> str:
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


def prune(facts: tuple[str, ...], folded: str) -> tuple[str, ...]:
    """Drop facts a stronger reading explains ("Sitz" inside "Domizil" questions, "wo ist X
    eingetragen")."""
    out = list(facts)
    if "address" in out and "seat" in out:
        out.remove("seat")
    if "branches" in out and "address" in out:
        out.remove("address")  # "branch office": the branches, not the address
    if "origin" in out and "seat" in out:
        out.remove("seat")  # "von wo ist sie heimatberechtigt?": the origin, not a seat
    if "head_office" in out and "seat" in out:
        out.remove("seat")
    if "struck" in out:
        # "was wurde gestrichen?", "qu'est-ce qui a été radié des statuts ?": the clauses
        out = [f for f in out if f not in ("deleted", "statutes", "notices")]
    if "status" in out and "registered" in out:
        out.remove("registered")  # "still registered?": the status today, not the entry day
    if "mandates" in out and any(
        f in out for f in ATTRIBUTE_FACTS if f not in ("seat", "status", "names", "residence")
    ):
        out.remove("mandates")
    return tuple(out)
