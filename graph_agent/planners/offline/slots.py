"""Slot filling for the offline planner: language, dates, places, metrics, event types, spans.

Small pure functions over the question text; `fill_slots` combines them into `Slots`.
"""

from __future__ import annotations

import re
from functools import cache

from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.attribute_words import detect_attribute, without_still_registered
from graph_agent.planners.offline.date_words import (
    DOTTED_RE,
    ISO_RE,
    YEAR_RE,
    find_full_date,
    find_period,
    without_written_dates,
)
from graph_agent.planners.offline.forms import legal_form_in
from graph_agent.planners.offline.language import (
    question_language,
)
from graph_agent.planners.offline.list_words import GAZETTE_NUMBER_RE
from graph_agent.state import Slots
from shabgraph.register.folding import fold_accents, has_any
from shabgraph.register.uid import find_uid, remove_uids

fold = fold_accents
"""The form the lexicon is written in (lower case, no accents, `ß` as `ss`)."""

# A single quote opens a quotation only off a word: "s'appelle aujourd'hui" holds elisions.
QUOTED_RE = re.compile(
    r"(?:[\"“„«‹]|(?<![\wÀ-ÿ])')(?P<q>[^\"”“»›']{2,80})(?:[\"”“»›]|'(?![\wÀ-ÿ]))"
)
LIMIT_RE = re.compile(
    r"\b(?:top|die|les|i|the)?\s*(\d{1,3})\s+(?:largest|biggest|grosste|groesste|"
    r"grossten|plus|piu|companies|firmen|societes|societa|persons|personen)"
)
TOKEN_RE = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ0-9][\wÀ-ÖØ-öø-ÿ'&.\-]*")
PLACE_CONNECTORS = frozenset({"di", "de", "da", "von", "from", "in", "du", "of", "aus"})
CONNECTORS = frozenset(
    {
        "&",
        "und",
        "and",
        "et",
        "e",
        "de",
        "di",
        "da",
        "von",
        "van",
        "der",
        "du",
        "des",
        "la",
        "le",
        "del",
        "della",
        "-",
    }
)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def find_canton(question: str, folded: str) -> str | None:
    """A canton code written as such (`ZH`) or a canton name in any language."""
    for code in lx.CANTONS:
        if _compiled(rf"\b{code}\b").search(question) and code not in ("AG", "SO", "UR"):
            return code
    if m := re.search(
        r"\b(?:canton|kanton|cantone)\s+(?:de\s+|di\s+|du\s+)?([a-z.\- ]+?)\b", folded
    ):
        name = m[1].strip()
        if name.upper() in lx.CANTONS:
            return name.upper()
        if name in lx.CANTON_NAMES:
            return lx.CANTON_NAMES[name]
    return next(
        (
            code
            for name, code in lx.CANTON_NAMES.items()
            if _compiled(rf"\b(?:in|im|au|en|nel|del|of|von|de|du|a)\s+{re.escape(name)}\b").search(
                folded
            )
        ),
        None,
    )


def pick(folded: str, table: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    """The first key of a (key, words) table whose words occur in the question."""
    return next((key for key, words in table if has_any(folded, words)), None)


def find_limit(folded: str) -> int:
    """Size of a ranking ("top 5", "die 3 grössten"), 10 by default, at most 100."""
    m = LIMIT_RE.search(folded) or re.search(r"\btop\s*(\d{1,3})\b", folded)
    return max(1, min(100, int(m[1]))) if m else 10


def _is_keyword(token: str) -> bool:
    f = fold(token)
    if f in lx.NOT_NAME or f in lx.MONTHS or YEAR_RE.fullmatch(f):
        return True
    lists = (lx.NETWORK_WORDS, lx.HISTORY_WORDS, lx.TEXT_WORDS, lx.TOP_WORDS, lx.COUNT_WORDS)
    return len(f) > 3 and any(w.strip() and f.startswith(w.strip()) for ws in lists for w in ws)


def candidate_spans(question: str) -> list[str]:
    """Entity mentions, best first: quoted text, then runs of capitalised or legal-form words."""
    spans = [m["q"].strip() for m in QUOTED_RE.finditer(question)]
    unnumbered = GAZETTE_NUMBER_RE.sub(r"\1", without_written_dates(question))
    tokens = TOKEN_RE.findall(unnumbered.replace("?", " ").replace(",", " "))
    run: list[str] = []
    runs: list[list[str]] = []
    for tok in tokens:
        clean = tok.rstrip(".'").removesuffix("'s")
        is_name = clean[:1].isupper() or clean[:1].isdigit() or fold(clean) in lx.NAME_SUFFIXES
        # "SA" after a name is the legal form, not the possessive "sa" of the keyword list
        suffix = bool(run) and clean.isupper() and fold(clean) in lx.NAME_SUFFIXES
        if (is_name and not _is_keyword(clean)) or (run and fold(clean) in CONNECTORS) or suffix:
            run.append(clean)
        else:
            if run:
                runs.append(run)
            run = []
    if run:
        runs.append(run)
    for r in runs:
        while r and fold(r[-1]) in CONNECTORS:
            r.pop()
        if r and not all(t.isdigit() or DOTTED_RE.fullmatch(t) or ISO_RE.fullmatch(t) for t in r):
            spans.append(" ".join(r))
            cut = next((i for i, tok in enumerate(r) if i > 1 and tok in PLACE_CONNECTORS), None)
            if cut:
                spans.append(" ".join(r[:cut]))  # "Anna Meier di Genève" -> "Anna Meier"
    # A name's own tail ("…, Zweigniederlassung Buchs SG", "…, en liquidation") is part of it:
    # the extended name goes first, the bare one stays as the fallback.
    spans = [x for sp in spans for x in (extend_tail(question, sp), sp) if x]
    seen: set[str] = set()
    unique = [s for s in spans if s and not (fold(s) in seen or seen.add(fold(s)))]  # type: ignore[func-returns-value]
    return unique


_CAP = r"[A-ZÀ-Ý][\w.'\-À-ÿ]*"
TAIL_RE = re.compile(
    rf",?\s+(?:(?:Zweigniederlassung|succursale(?:\s+de|\s+di)?|filiale(?:\s+di)?)\s+"
    rf"(?:d')?{_CAP}(?:\s+(?:[A-Z]{{2}}\b|{_CAP}))?"
    rf"|(?:en|in)\s+(?:liquidation|Liquidation|liquidazione))"
)


def extend_tail(question: str, span: str) -> str | None:
    """The span with the branch or liquidation tail that follows it in the question, if any."""
    idx = question.find(span)
    if idx < 0:
        return None
    end = idx + len(span)
    if (
        question[end : end + 1] == "." and span[-1:].isupper()
    ):  # "Verilgen B.V., Zweigniederlassung"
        span, end = span + ".", end + 1
    m = TAIL_RE.match(question, end)
    if not m:
        return None
    tail = m[0]
    # A trailing cue word caught as the second place token ("… Allschwil Show") is not a name.
    words = tail.split()
    if len(words) > 2 and (fold(words[-1]) in lx.NOT_NAME or _is_keyword(words[-1])):
        tail = tail[: tail.rfind(words[-1])].rstrip()
    return span + tail


def residual_text(question: str, folded: str) -> str | None:
    """The phrase a text search should look for: quoted text, else the words after the cue."""
    if m := QUOTED_RE.search(question):
        return m[1].strip()
    for cue in lx.TEXT_WORDS:
        idx = folded.find(cue.strip())
        if idx >= 0:
            rest = question[idx + len(cue.strip()) :].strip(" ?.:")
            words = [w for w in rest.split() if fold(w) not in lx.NOT_NAME and len(w) > 1]
            words = [w for w in words if fold(w) not in ("ing", "ed", "s", "en", "t", "ent")]
            if words:
                return " ".join(words)
    return None


def cue_text(question: str, spans: list[str]) -> str:
    """The question without what names an entity: quoted text and names carrying a tail.

    "…AG in Liquidation" asks about no liquidation, "…, succursale de Vevey" about no branches.
    """
    text = QUOTED_RE.sub(" ", question)
    for sp in spans:
        if TAIL_RE.search(sp):
            text = text.replace(sp, " ")
    return text


CHANGE_STEMS = (
    *("anderung", "geandert", "wechsel", "erhohung", "herabsetzung", "verlegung", "verlegt"),
    *("change", "increase", "reduction", "moved"),
    *("changement", "modifi", "mutation", "augmentation", "transfert"),
    *("cambi", "modific", "mutazion", "aumento", "riduzion", "trasferiment"),
)
"""Nouns and participles of a change in the four languages ("Kapitaländerung", "auditor
changes", "modification des statuts", "cambiamenti di capitale")."""
CHANGE_TOPICS = (
    ("capital_change", ("kapital", "capital")),
    ("auditor_change", ("revisionsstelle", "auditor", "organe de revision", "revision")),
    ("statutes_change", ("statut", "articles of association")),
    ("purpose_change", ("zweck", "purpose", "but ", "scopo")),
    ("address_change", ("adress", "domizil", "indirizzo", "recapito")),
    ("seat_change", ("sitz", "seat", "siege", "sede")),
    ("name_change", ("firmenname", "namen", "name", "raison sociale", "ragione sociale")),
)
"""What changed, by the register's event type: the object named with a change word."""


def change_event(folded: str) -> str | None:
    """The event type of "<object> + <change word>" ("wie viele Sitzverlegungen", "how many
    auditor changes", "quanti cambiamenti di capitale"); None without a change word."""
    if not any(stem in folded for stem in CHANGE_STEMS):  # inside compounds: "Zweckänderung"
        return None
    return pick(folded, CHANGE_TOPICS)


def fill_slots(question: str, as_of: str | None = None) -> Slots:
    """Everything the offline router needs, read from the question (and the caller's as_of)."""
    folded = fold(question)
    # Words inside a quoted name ("..., Zweigniederlassung Genf") are not cues.
    spans = candidate_spans(remove_uids(question))
    language = question_language(question, spans)
    cues = without_still_registered(fold(cue_text(question, spans)))
    full = find_full_date(folded)
    date_from, date_to = (None, None) if full else find_period(folded)
    event_type = pick(cues, lx.EVENT_TYPES) or (
        change_event(cues) if has_any(folded, lx.COUNT_WORDS) else None
    )
    attribute = detect_attribute(cues)
    return Slots(
        language=language,  # type: ignore[arg-type]
        spans=spans,
        uid=find_uid(question),
        as_of=as_of or full,
        date_from=date_from,
        date_to=date_to,
        canton=find_canton(question, folded),
        # "im Kanton AG" names a canton, not the legal form AG
        legal_form=legal_form_in(folded, branches=False)
        if has_any(folded, lx.COUNT_WORDS + lx.TOP_WORDS)
        else None,
        metric=pick(cues, lx.METRICS),
        event_type=event_type,
        sub_rubric=lx.SUB_RUBRICS.get(event_type or ""),
        aspect=pick(cues, lx.ASPECTS),
        role=pick(cues, lx.ROLES),
        # "the former X … today": the past cue names the company, the question asks about now
        past=has_any(cues, lx.PAST_WORDS) is not None and attribute != "current",
        follow_up=has_any(cues, lx.FOLLOW_UP_WORDS) is not None,
        other=has_any(cues, lx.OTHER_WORDS) is not None,
        limit=find_limit(folded),
        attribute=attribute,
        text=residual_text(question, folded),
    )
