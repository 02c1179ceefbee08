"""What a question about one entity asks: the facts, the role, the time (pure, from the words).

"Wer war am 1. Januar 2009 Vizepräsident der X?" asks the holder of one role on one day;
"Et son adresse ?" asks the address of the entity of the last turn; "who left in 2010" asks the
role intervals that end in a year. `understand` reads these from the folded question with the
word lists of `vocab`, and a bare follow-up keeps the facts and role of the turn before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.ask_finders import (
    ATTRIBUTE_FACTS,
    TOGETHER_WORDS,
    find_cues,
    find_facts,
    find_role,
    find_roles,
    month_period,
    noun_phrase,
    prune,
    season_period,
    without,
)
from graph_agent.planners.offline.ask_words import (
    ONE_HOLDER_PLURALS,
    asks_predecessor,
    claimed_seat,
    find_signature,
)
from graph_agent.planners.offline.date_words import find_full_date, find_period, part_of_year
from graph_agent.planners.offline.descriptions import described
from graph_agent.planners.offline.mentions import mentions, names_something
from graph_agent.planners.offline.slots import fold
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.folding import has_any

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
PERSON_PLACE_FACTS = frozenset({"residence", "origin", "nationality"})
"""A person's own places: where they live, where they are from."""
OPTING_OUT = (
    "opting",
    "verzicht auf die revision",
    "renonce au controle",
    "renonciation au controle",
)
"""Words of the audit waiver (opting-out) of one company."""
OTHER_RE = re.compile(
    r"(?<![a-z])(?:(?:der|die|das|den|dem) anderen?|l'autre|les autres|l'altr[oa]|gli altri|"
    r"le altre|the other|the others)(?![a-z])"
)
"""'The other (partner)': the holders besides the one the conversation named."""
THAT_COMPANY_RE = re.compile(
    r"(?<![a-z])(?:diese[rsnm]?|jene[rsnm]?|that|this|cette|cet|quell[ao]|quest[ao])\s+"
    r"(?:firma|gesellschaft|unternehmen|company|firm|societe|entreprise|societa|ditta|azienda)"
)
"""'That company' in a follow-up: the company the last answer named (a holder), in folded words."""
HOLDER_ATTRIBUTES = frozenset({"uid", "seat", "address"})
"""Facts of a company that a follow-up may ask of the company holding the role just asked."""
COMPANY_ROLES = frozenset({"auditor"})
"""Roles the register gives to companies: a follow-up's "it" is the firm that holds it."""
EVENT_FACTS = ("deleted", "registered", "happened", "changes", "notices")

FOLLOW_UP_RE = re.compile(
    r"^\s*(?:und|and|et|e|ed|also|auch|dann|puis|poi|ma|but|aber|mais|so|alors|quindi)\b"
    r"|\b(?:sie|ihr|ihre|ihren|ihrem|ihrer|sein|seine|seinen|es|dort|diese|dieser|diesem|"
    r"son|sa|ses|elle|il|lui|leur|y|cette|ce|suo|sua|suoi|sue|lei|essa|esso|questa|"
    r"its|it|he|she|him|her|his|their|they|them|there|this|that)\b"
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
    more_roles: tuple[str, ...] = ()
    """Further roles joined to the first by a coordinator ("Präsident und Geschäftsführer")."""
    together: bool = False
    """The roles are asked of one holder at once ("gleichzeitig", "à la fois", "both")."""
    besides_role: str | None = None
    """The role of the holder a "signs with her?" follow-up points to (the others are asked)."""
    claimed: str | None = None
    """A seat a yes/no question asserts ("ha sede a X?"): the answer says yes or no first."""
    not_named: tuple[str, ...] = ()
    """Persons the last turn named that "the other partner" leaves out."""

    @property
    def main(self) -> str | None:
        """The main fact, or `role` when only a role is asked."""
        return self.facts[0] if self.facts else ("role" if self.role else None)

    def has(self, *names: str) -> bool:
        """True when any of the facts or time cues is present."""
        return any(n in self.facts or n in self.cues for n in names)


def understand(question: str, history: list[dict[str, Any]] | None = None) -> Ask:
    """The reading of a question; a bare follow-up inherits from the last turn's question."""
    cue_text = time_text = question
    for m in mentions(question):
        if names_something(m.text):
            cue_text = without(cue_text, m.text)  # a legal form alone ("Sàrl") stays a cue
            if m.org or not noun_phrase(m.text):
                time_text = without(time_text, m.text)
    folded = fold(cue_text)
    whole = fold(question)
    facts = prune(find_facts(folded), folded)
    facts = tuple(sorted(facts, key=lambda x: x not in ATTRIBUTE_FACTS))
    if facts[:1] == ("registered",) and has_any(whole, WHO_WORDS):
        # "Which people are registered at X?": the persons entered at X, not X's registration
        facts = ("role", *facts[1:])
    role = find_role(folded)
    at_company = AT_COMPANY_RE.search(whole) or AT_COMPANY_AFTER_RE.search(whole)
    if at_company and not role and not {"role", "mandates"} & set(facts):
        facts = ("role", *facts)  # "chi è X nella Y?": X's role at Y (and any fact asked)
    full = find_full_date(whole)
    date_from, date_to = (
        (None, None) if full else month_period(whole) or season_period(whole) or find_period(whole)
    )
    lists = vocab().lists
    ask = Ask(
        facts=facts,
        role=role,
        as_of=full,
        date_from=date_from,
        date_to=date_to,
        cues=_direction(find_cues(fold(time_text)), whole),
        count=has_any(folded, lists["count"]) is not None and not FROM_TO_RE.search(whole),
        # "il presidente della società anonima di X" describes one company, not a population
        population=has_any(folded, lists["population"]) is not None and not described(question),
        most=has_any(folded, lists["most"]) is not None,
        follow_up=bool(FOLLOW_UP_RE.search(whole)) or len(whole.split()) <= 4,
        signature=find_signature(folded),
        more_roles=_more_roles(folded, role),
        together=has_any(whole, TOGETHER_WORDS) is not None,
        claimed=claimed_seat(question),
    )
    people = has_any(folded, PEOPLE_WORDS) is not None
    if ask.role and ask.has("successor") and set(ask.facts) & {"mergers", "transfers"}:
        # "who took over as vice president?": a holder followed, no business taken over
        facts = tuple(x for x in ask.facts if x not in ("mergers", "transfers"))
        ask = replace(ask, facts=facts)
    if (
        ask.role in ("auditor", "chair")
        and has_any(folded, ONE_HOLDER_PLURALS)
        and not (ask.as_of or ask.date_from or ask.date_to or ask.has("now", "registration"))
    ):
        # one holder at a time, asked in the plural: all of them in order, each with its dates
        ask = replace(ask, cues=(ask.cues - {"since_when"}) | {"over_time"})
    if ask.has("had") and not (
        ask.as_of
        or ask.date_from
        or ask.date_to
        or ask.has("now", "registration", "before", "after", "successor", "since_when", "past")
    ):
        # "Welche Revisionsstellen hatte X?", "quali indirizzi ha avuto X?": everything it
        # had, in order; with a date or another time word that word decides
        ask = replace(ask, cues=ask.cues | {"over_time"})
    if (
        ask.count
        and (ask.role or people)
        and not ask.has("left")
        and has_any(folded, NEW_ENTRY_WORDS)
    ):
        # "wie viele neue Stiftungsräte …?", "how many persons were newly entered …?": the
        # holders who joined (of any role when only persons are named)
        facts = ask.facts if ask.role else ("role",)
        ask = replace(ask, facts=facts, cues=ask.cues | {"joined"})
    if ask.as_of and (set(ask.facts) & {"changes", "happened", "notices"} or ask.has("changes")):
        # "changements début 2017", "what happened at the end of 2013": a part of the year
        # is a period of notices, not the state on one day
        part = part_of_year(whole)
        if part:
            ask = replace(ask, as_of=None, date_from=part[0], date_to=part[1])
    if SAME_PERSON_RE.search(whole):
        # "sono la stessa persona?", "eine Person oder zwei?": the holders who share a name
        ask = replace(ask, facts=("namesakes",), count=False, population=False)
    if FROM_TO_RE.search(whole):
        # "de combien à combien ?": the value before and after a change, not a count
        ask = replace(ask, cues=ask.cues | {"changes", "over_time"})
    if not ask.role and not (ask.population or ask.count) and has_any(folded, OPTING_OUT):
        # "quando ha fatto l'opting out?": the audit waiver, read with the auditors' entries
        ask = replace(ask, role="auditor")
    if "transfers" in ask.facts and ask.role and ask.has("left"):
        # "wann schied X als Präsident aus und wer übernahm?": who took the role over, no
        # transfer of assets
        facts = tuple(x for x in ask.facts if x != "transfers")
        ask = replace(ask, facts=facts, cues=ask.cues | {"successor"})
    if ask.has("besides") and set(ask.facts) <= {"registered", "status", "role"}:
        # "Ist X ausser bei Y noch woanders eingetragen?": X's other companies
        ask = replace(ask, facts=("mandates",))
    if ask.role and "address" in ask.facts and set(ask.facts) & {"nationality", "origin"}:
        # "Titolare della ditta X – nazionalità e domicilio?": the holder's home, not the firm's
        facts = tuple("residence" if x == "address" else x for x in ask.facts)
        ask = replace(ask, facts=tuple(dict.fromkeys(facts)))
    if THAT_COMPANY_RE.search(whole):
        ask = replace(ask, cues=ask.cues | {"that_company"})
    if history and ask.follow_up and not asks_identity(question, ask):
        before = understand(str(history[-1].get("question", "")), history[:-1])
        ask = inherit(ask, before, asks_who=bool(has_any(whole, WHO_WORDS)))
    if history and OTHER_RE.search(whole):
        # "und der andere Gesellschafter?" after "Wer ist X dort?": the holders besides X
        last = str(history[-1].get("question", ""))
        named = tuple(m.text for m in mentions(last) if not m.org and names_something(m.text))
        ask = replace(ask, not_named=named)
    return ask


NEW_ENTRY_WORDS = ("neue", "neu ", "eingetragen", "eintragen", "nouveaux", "nouvelles",
                   "nouveau", "nouvelle", "inscrit", "nuovi", "nuove", "nuovo", "iscritt",
                   "entrat", "new ", "entered", "registered", "added")  # fmt: skip
"""Words that make a count of role holders a count of those newly entered (folded)."""
PEOPLE_WORDS = ("personen", "persons", "people", "personnes", "persone", "leute")
"""Words that count persons rather than notices (folded)."""
SAME_PERSON_RE = re.compile(
    r"(?<![a-z])(?:(?:die ?selbe|die gleiche|dieselbe|la meme|la stessa|the same|one and the same)"
    r"\s+person\w*|eine person oder zwei|une (?:seule )?personne ou deux|una (?:sola )?persona o due"
    r"|one person or two|(?:gleichen?|selben?) (?:nachnamen?|familiennamen?|namen)"
    r"|(?:meme|memes) nom|stesso cognome|same (?:sur|family |last )?name|deux personnes differentes"
    r"|zwei verschiedene personen|due persone diverse|two different (?:people|persons))"
)
"""A question whether holders who share a name are one person ("ist das dieselbe Person?",
"sont-ils la même personne ?", "i due soci con lo stesso cognome", "the same person?")."""
FROM_TO_RE = re.compile(
    r"\b(?:de combien a combien|von wie ?viel\w* auf wie ?viel|da quanto a quanto"
    r"|from how much to (?:how much|what)|from what to what)\b"
    # "capital avant / après", "vorher und nachher", "before and after", "prima e dopo"
    r"|\b(?:avant|vorher|before|prima)\s*(?:/|et|und|and|e|-)\s*(?:apres|nachher|after|dopo)\b"
)
"""A value asked before and after its change, in folded words ("de combien à combien",
"von wie viel auf wie viel", "da quanto a quanto", "from how much to how much")."""
AT_COMPANY_RE = re.compile(
    r"^\s*(?:und |and |et |e )?(?:wer ist|wer war|who is|who was|qui est|qui etait|chi e|chi era)\s+"
    r"[^?]+?\s(?:bei der|bei|in der|im|nella|nel|nello|presso|alla|chez|a la|au|at|in the|with)\s"
    r"(?=[a-z])"
)
"""A person asked about at a company ("Wer ist X bei der Y?", "chi è X nella Y?", "Who is X at
Y?"): the question asks X's role there."""
AT_COMPANY_AFTER_RE = re.compile(
    r"(?:wer ist|wer war|who is|who was|qui est|qui etait|chi e|chi era)\s+"
    r"(?:er |sie |he |she |il |elle |lui |lei |egli |ella )?"
    r"(?:bei der|bei|in der|im|nella|nel|nello|presso|alla|chez|a la|au|at|in the|with)\s+(?=[a-z])"
)
"""The same with the name before it ("X – wer ist sie bei der Y?", "X – chi è nella Y?")."""


def _more_roles(folded: str, role: str | None) -> tuple[str, ...]:
    """The roles asked besides the first one (none when the first differs from `find_role`)."""
    roles = find_roles(folded)
    return roles[1:] if roles[:1] == (role,) else ()


def asks_identity(question: str, ask: Ask) -> bool:
    """A question that names an entity in its own words and asks nothing but who or what it is
    ("Who is X?", "Qui est X ?", "Parlami di X") asks about that entity, however short it is;
    it inherits no fact from the turn before (the name is no filter on the entity in focus)."""
    if ask.facts or ask.role:
        return False
    if not any(names_something(m.text) for m in mentions(question)):
        return False  # "Wer ist das?", "who is she?": the entity in focus
    return has_any(fold(question), lx.LOOKUP_WORDS) is not None


MOVED_FROM_RE = re.compile(
    r"\b(?:mov|relocat|transferr?)(?:e|ed|es|ing)?\s+(?:\w+\s+){0,2}from\b"
    r"|\bwhere\b.{0,40}\b(?:mov|relocat)\w*\s+from\b"
    r"|\bvon\s+wo\b.{0,60}\b(?:verlegt|umgezogen|gezogen|gezügelt|hergezogen)"
    r"|\bd['’]\s?o[uù]\b.{0,60}\b(?:d[ée]m[ée]nag|transf[ée]r|d[ée]plac|venait|vient|venue)"
    r"|\bda\s+dove\b.{0,60}\b(?:trasferit|spostat|venut|arrivat|traslocat)",
    re.IGNORECASE,
)
"""A move asked by its origin ("where did it move from?", "d'où a-t-elle déménagé ?"): the
seat it left, not the one after the move."""


def _direction(cues: frozenset[str], whole: str) -> frozenset[str]:
    """A replace verb with the holder as its subject asks the predecessor, not the successor;
    a move asked by its origin asks the former seat."""
    if asks_predecessor(whole):
        return (cues - {"successor"}) | {"before"}
    if MOVED_FROM_RE.search(whole):
        return (cues - {"after"}) | {"past"}
    return cues


def inherit(ask: Ask, last: Ask, asks_who: bool = False) -> Ask:
    """A follow-up without its own fact ("und seit wann?", "e prima?") keeps the last one's;
    one with its own fact keeps the last role when it names none ("und wer folgte?").
    `asks_who`: the follow-up asks for persons ("et qui détient les parts ?": the holders of
    the shares, not the shares of the last role's holder)."""
    changes: dict[str, Any] = {}
    own = [f for f in ask.facts if f != "notices"]
    if own == ["address"] and last.role and not ask.role and ask.has("residence_word"):
        # "et son domicile ?" after a question about a role holder: the holder's residence
        return replace(ask, facts=("residence",), role=last.role, inherited=True)
    if ask.has("co_sign") and "signature" in own and last.role and not ask.role:
        # "and who signs with her?" after "who is the managing director?": the other signatories
        return replace(ask, facts=("signature",), besides_role=last.role, inherited=True)
    if own and set(own) <= PERSON_PLACE_FACTS and last.role and not ask.role:
        # "et avant, il habitait où ?" after "qui est le gérant ?": the holder's places; the
        # time words qualify the place, not the role
        return replace(ask, role=last.role, more_roles=(), inherited=True)
    if not own and not ask.role:
        changes.update(facts=last.facts, role=last.role, inherited=True)
        timed = ask.as_of or ask.date_from or ask.date_to
        if ask.has("over_time", "since_when") and not (ask.has("left", "joined", "now") or timed):
            # "When?" after "Who left the partnership?": still those who left
            changes.update(cues=ask.cues | (last.cues & {"left", "joined"}))
    elif (
        (not ask.role and last.role and ask.has("successor", "before", "since_when", "past"))
        or (
            not ask.role
            and last.role
            and set(own) <= {"signature", "shares", "residence"}
            and not (asks_who and "shares" in own)
        )
        # "welche UID hat die?" after "wer ist Revisionsstelle?": the audit firm's UID
        or (
            not ask.role
            and (last.role in COMPANY_ROLES or (last.role and ask.has("that_company")))
            and bool(set(own) - {"mandates"})
            and set(own) - {"mandates"} <= HOLDER_ATTRIBUTES
        )
    ):
        changes.update(role=last.role, inherited=True)
        if (last.role in COMPANY_ROLES or ask.has("that_company")) and set(own) - {
            "mandates"
        } <= HOLDER_ATTRIBUTES:
            changes.update(facts=tuple(x for x in ask.facts if x != "mandates"))
    if not (ask.as_of or ask.date_from or ask.date_to) and ask.has("since_when", "before"):
        changes.update(as_of=last.as_of, date_from=last.date_from, date_to=last.date_to)
        if ask.has("left", "joined") and ask.has("since_when") and last.role:
            # "und wann ist sie ausgeschieden?" after "wer war 2005 Präsidentin?": the time
            # picks the holder, whose own exit is asked (not who left in 2005)
            changes.update(cues=changes.get("cues", ask.cues) | {"holder_then"})
    return replace(ask, **changes) if changes else ask
