"""Entity mentions in a question: the words that name a company or a person, best first.

Names in the register are runs of capitalised words, joined by the connectors names use
("&", "und", "et", "für", "de", "di", "-", "/"), often with lower-case words inside a company
name ("Alpina swiss travel Sàrl") and ended by a legal form. Question, role and fact words are
not names ("VR der X AG" names X AG); a place after "in", "à", "di", "a" is the seat, not part
of the name ("Nova Verde Sagl di Locarno"). Pure functions over the question text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.slots import QUOTED_RE, TAIL_RE, extend_tail, fold
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS, spellings
from shabgraph.register.months import MONTHS
from shabgraph.register.uid import remove_uids

TOKEN_RE = re.compile(r"[\wÀ-ÖØ-öø-ÿ][\wÀ-ÖØ-öø-ÿ'’&.\-/]*|&")
JOINERS = frozenset(
    {"&", "und", "and", "et", "fur", "f.", "de", "di", "du", "des", "la", "le", "del", "della"}
    | {"von", "van", "der", "y", "-", "/", "of", "pour", "per", "for", "the", "l'", "d'"}
)
PLACE_WORDS = frozenset({"in", "a", "à", "di", "da", "au", "im", "from", "aus", "bei", "at", "zu"})
# Legal-form words minus the short ones that are also prepositions ("in liquidazione").
ORG_WORDS = (LEGAL_FORM_WORDS - PLACE_WORDS - JOINERS - {"en", "liq", "liquidation"}) | frozenset(
    {"stiftung", "fondation", "fondazione", "foundation", "verein", "holding", "treuhand"}
)
BRANCH_WORDS = frozenset({"zweigniederlassung", "succursale", "filiale", "branch", "zn"})


def names_something(text: str) -> bool:
    """A mention made only of legal forms ("Sàrl", "SA/AG", "Sagl/GmbH/Sàrl") names no entity."""
    parts = [p for t in text.split() for p in fold(t).strip(".").split("/") if p]
    return any(p.strip(".") not in ORG_WORDS for p in parts)


def has_org_word(text: str) -> bool:
    """The text carries a legal form or organisation word (it names a company)."""
    return any(_is_form(t) for t in text.split())


@dataclass(frozen=True)
class Mention:
    """One candidate name and what the question says around it."""

    text: str
    """The name as written."""
    org: bool
    """It carries a legal-form or organisation word (a company, not a person)."""
    place: str | None = None
    """A place written right after it ("… in Giubiasco"): the seat or residence."""


@cache
def _keywords() -> frozenset[str]:
    """Single folded words that are question, fact, role or time words in some language."""
    v = vocab()
    words: set[str] = set()
    for table in (v.facts, v.roles, v.time):
        for entries in table.values():
            words.update(w.strip() for w in entries if " " not in w.strip())
    for entries in v.lists.values():
        words.update(w.strip() for w in entries if " " not in w.strip())
    for _key, entries in lx.EVENT_TYPES:
        words.update(w.strip() for w in entries if " " not in w.strip())
    return frozenset((words | _plain()) - ORG_WORDS - {"partner", "co", "sa", "ag"})


@cache
def _plain() -> frozenset[str]:
    """Words that never start or continue a name: stop words, months, sentence openers."""
    words = set(lx.NOT_NAME) | set(MONTHS) | set(vocab().lists.get("not_names", ()))
    for lang_words in lx.STOPWORDS.values():
        words |= set(lang_words)
    return frozenset(words - ORG_WORDS)


def _is_keyword(token: str) -> bool:
    f = fold(token).strip(".'’?!,;:()")
    if not f:
        return True
    if "-" in f and all(_is_keyword(part) or part in _cue_words() for part in f.split("-") if part):
        return True  # "VR-Präsident", "GF-Mitglied": a compound of role or fact words
    if f in _keywords():
        return True
    # inflected role and fact words ("Vizepräsidentin", "Geschäftsführers")
    return len(f) > 4 and any(f.startswith(k) and len(k) > 4 for k in _keywords() if k[:2] == f[:2])


def _is_form(token: str) -> bool:
    f = _bare(token)
    last = f.split("-")[-1]
    return (
        f in ORG_WORDS
        or f.replace(".", "") in ORG_WORDS
        or last in ORG_WORDS
        or (f in spellings() and f not in PLACE_WORDS | JOINERS)
    )


def _bare(token: str) -> str:
    f = fold(token).strip(".,'’?!;:()")
    return f[:-2] if f.endswith(("'s", "’s")) else f


def _capital(token: str) -> bool:
    clean = token.strip(".,'’?!;:()")
    return bool(clean) and clean[0].isupper()


def _starts_name(token: str) -> bool:
    """A capitalised word that is no question word; an all-capitals word ("DAS", "ALPHA") is
    a name even when it spells a common word."""
    clean = token.strip(".,'’?!;:()")
    if not _capital(clean):
        return False
    if len(clean) > 1 and clean.isupper():
        # "ALPHA", "DAS" are names; "UID", "CHE-UID", "GF", "SHAB" are cue words
        return not set(_bare(clean).split("-")) & _cue_words()
    return not _is_keyword(clean)


@cache
def _cue_words() -> frozenset[str]:
    """Fact, role and opener words: an all-capitals "UID", "VR", "GF" or "SHAB" is no name."""
    v = vocab()
    words = {w.strip() for t in (v.facts, v.roles) for ws in t.values() for w in ws}
    return frozenset(words | set(v.lists.get("not_names", ())))


def _continues_name(token: str) -> bool:
    """Inside a name a capitalised word may be a role or fact word ("Alpha Revisions und
    Treuhand", "Exemple Administrateurs Sàrl"); only plain words end it."""
    return _capital(token) and _bare(token) not in _plain()


@cache
def _fact_words() -> frozenset[str]:
    """Single fact and time words (a role word may open a company name, these do not)."""
    v = vocab()
    return frozenset(
        w.strip()
        for t in (v.facts, v.time)
        for ws in t.values()
        for w in ws
        if " " not in w.strip()
    )


def _fact_noun(token: str) -> bool:
    """A fact word written after a name, capitalised as German nouns are ("Muster AG
    Zeichnungsrecht", "Beispiel Stiftung Kollektivunterschrift"): the fact asked, not the end of the name."""
    f = _bare(token)
    return f in _fact_words() or any(len(k) > 5 and f.startswith(k) for k in _fact_words())


def _word_of_name(tokens: list[str], i: int) -> bool:
    """A capitalised role or fact word right before a name word starts a company name
    ("Conseil Rey", "Treuhand Muster", "Holding Keller")."""
    tok = tokens[i]
    if not _capital(tok) or tok.isupper() or _bare(tok) in _plain() or i + 1 >= len(tokens):
        return False
    if _bare(tok) in _fact_words():
        return False  # "Rechtsform Costa Pereira?": the fact asked, then the name
    nxt = tokens[i + 1]
    return _starts_name(nxt) and not _is_form(nxt) and fold(nxt) not in JOINERS


def _form_ahead(tokens: list[str], i: int) -> bool:
    """A legal form closes a run of capitalised words starting at i ("Blue Ocean Management SA")."""
    if not _capital(tokens[i]) or _bare(tokens[i]) in _plain():
        return False
    if tokens[i].isupper() and set(_bare(tokens[i]).split("-")) & _cue_words():
        return False  # "GF Stiftung X", "VR Muster AG": the role asked, then the name
    for k in range(i + 1, min(len(tokens), i + 6)):
        if _is_form(tokens[k]):
            return True
        if not _capital(tokens[k]):
            return False
    return False


def mentions(question: str) -> list[Mention]:
    """Candidate names, best first: quoted text, then runs with a legal form, then the rest."""
    question = branch_first(question)
    # "SKS-Stiftungsrat", "ZKB-Präsident": an acronym, then the role asked
    text = re.sub(r"\b([A-ZÄÖÜ]{2,6})-(?=[A-ZÄÖÜ][a-zäöüß])", r"\1 ", remove_uids(question))
    # "d'ALPHA", "dell'Edilbau": the elided article is no part of the name
    text = re.sub(
        r"(?<![\w])((?:[dlDL]|dell|all|nell|sull|dall|dell|qu)['’])(?=[A-ZÀ-Ý])", r"\1 ", text
    )
    found: list[Mention] = [
        Mention(m["q"].strip(), any(_is_form(t) for t in m["q"].split()))
        for m in QUOTED_RE.finditer(text)
    ]
    tokens = TOKEN_RE.findall(re.sub(r"[?!,;:()\[\]–—]", " , ", text))
    i = 0
    while i < len(tokens):
        if not (
            _starts_name(tokens[i])
            or (_is_form(tokens[i]) and _capital(tokens[i]))
            or _form_ahead(tokens, i)
            or _word_of_name(tokens, i)
        ):
            i += 1
            continue
        run, j = [tokens[i]], i + 1
        if fold(tokens[i]).endswith(("'s", "’s")):
            found.append(Mention(tokens[i][:-2], _is_form(tokens[i]), None))
            i = j
            continue
        while j < len(tokens):
            tok, low = tokens[j], fold(tokens[j])
            if tok == ",":
                break
            if _bare(tok) in BRANCH_WORDS and _branch_tail(tokens, j):
                break  # "…, succursale di Lugano": the register's branch tail, re-attached below
            if _continues_name(tok) or _is_form(tok):
                run.append(tok)
                if _bare(tok) != fold(tok).strip(".,'’?!;:()"):
                    j += 1
                    break  # a possessive ends the name ("ALPHA's Geschäftsführer")
            elif (
                low in JOINERS
                and j + 1 < len(tokens)
                and (_continues_name(tokens[j + 1]) or _is_form(tokens[j + 1]))
            ):
                if low in PLACE_WORDS:
                    break
                run.append(tok)
            elif _inner_word(tokens, j) and not _closed(run):
                run.append(tok)
            else:
                break
            j += 1
        run = _before_role_phrase(run)
        # a trailing cue word after the legal form is no part of the name ("Beispiel GmbH
        # Revisionsstelle"); without a form it may be ("Exemple Administrateurs")
        while run and (
            (len(run) == 2 and run[0].isupper() and len(run[0]) > 1 and _is_keyword(run[1]))
            or fold(run[-1]) in JOINERS
            or _bare(run[-1]) in _plain()
            or (len(run) > 1 and not _is_form(run[-1]) and _fact_noun(run[-1]))
            or (
                _is_keyword(run[-1])
                and not _is_form(run[-1])
                and (any(_is_form(t) for t in run[:-1]) or len(run) == 1)
            )
        ):
            run.pop()
        # "Zweigniederlassung der Mustertel AG": the branch word says what, the rest says which
        if len(run) > 2 and _bare(run[0]) in BRANCH_WORDS and fold(run[1]) in JOINERS:
            run = run[2:]
        if run:
            place = _place_after(tokens, j)
            name = " ".join(run).strip(" .'’")
            name = name[:-2] if name.endswith(("'s", "’s")) else name
            if name and not all(t.isdigit() for t in run):
                found.append(Mention(name, any(_is_form(t) for t in run), place))
        i = max(j, i + 1)
    # a branch or liquidation tail is written only after a company's name: the mention is one
    found = [
        Mention(tail, True, None) if (tail := extend_tail(question, m.text)) else m for m in found
    ]
    # the place of a branch tail ("…, Zweigniederlassung Allschwil") names no second entity
    tails = [fold(m.text) for m in found if TAIL_RE.search(m.text)]
    found = [m for m in found if not any(fold(m.text) in t and fold(m.text) != t for t in tails)]
    seen: set[str] = set()
    unique = [m for m in found if not (fold(m.text) in seen or seen.add(fold(m.text)))]  # type: ignore[func-returns-value]
    return sorted(unique, key=lambda m: (not m.org, -len(m.text) if m.org else 0))


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


def _branch_tail(tokens: list[str], j: int) -> bool:
    """A branch word followed by the branch's place ("succursale di Lugano", "Zweigniederlassung
    Allschwil"): the tail the register appends to the head office's name."""
    k = j + 1
    if k < len(tokens) and fold(tokens[k]) in {"de", "di", "d'"}:
        k += 1
    return k < len(tokens) and _capital(tokens[k])


def _inner_word(tokens: list[str], j: int) -> bool:
    """A lower-case word inside a company name: a capitalised word or legal form follows within
    two words ("Alpina swiss travel Sàrl", "AB legnami Rossi")."""
    tok = tokens[j]
    if _is_keyword(tok) or fold(tok) in PLACE_WORDS or fold(tok) in JOINERS:
        return False
    for k in (j + 1, j + 2):
        if k >= len(tokens) or tokens[k] == ",":
            return False
        if _is_form(tokens[k]) or _starts_name(tokens[k]):
            return True
        if _is_keyword(tokens[k]) or fold(tokens[k]) in PLACE_WORDS:
            return False
    return False


def _before_role_phrase(run: list[str]) -> list[str]:
    """A role word joined to another cue word ("Muster Vorsitzender der GF", "Beta Präsident des
    VR") asks the role: the name ends before it."""
    for k in range(1, len(run) - 2):
        if (
            _is_keyword(run[k])
            and fold(run[k + 1]) in JOINERS
            and (_is_keyword(run[k + 2]) or set(_bare(run[k + 2]).split("-")) & _cue_words())
            and not any(_is_form(t) for t in run[k:])
        ):
            return run[:k]
    return run


def _closed(run: list[str]) -> bool:
    """An abbreviated legal form ("AG", "Sàrl", "S.A.") closes a company name: a lower-case word
    after it starts the rest of the sentence ("bei der X AG auf Peter Muster"), while a long form
    may open a name that goes on ("Stiftung zur Förderung …")."""
    last = _bare(run[-1])
    return _is_form(run[-1]) and (len(last.replace(".", "")) <= 5 or "." in last)


def _place_after(tokens: list[str], j: int) -> str | None:
    if j + 1 < len(tokens) and fold(tokens[j]) in PLACE_WORDS and _starts_name(tokens[j + 1]):
        place = tokens[j + 1]
        if j + 2 < len(tokens) and re.fullmatch(r"[A-Z]{2}", tokens[j + 2]):
            place += " " + tokens[j + 2]
        return place.strip(".,")
    return None


def lower_mentions(question: str) -> list[Mention]:
    """Names typed in lower case ("sternstiftung changed auditor"): runs of words that are no
    question, fact, role or time word, longest first. Used only when no capitalised name is found."""
    tokens = TOKEN_RE.findall(re.sub(r"[?!,;:()\[\]–—]", " , ", remove_uids(question)))
    runs: list[list[str]] = [[]]
    for tok in tokens:
        bare = _bare(tok)
        if tok == "," or _is_keyword(tok) or bare in PLACE_WORDS or bare.isdigit() or len(bare) < 3:
            runs.append([])
        else:
            runs[-1].append(tok)
    names = sorted((" ".join(r) for r in runs if r), key=len, reverse=True)
    return [Mention(n, any(_is_form(t) for t in n.split())) for n in names[:2]]


def cut_variants(name: str) -> list[str]:
    """Shorter forms to try when a name does not link: without a trailing place after a legal
    form ("Beispiel Stiftung Bern"), before a place preposition ("Lago AG of Ascona",
    "Mustertel de Düdingen")."""
    words = name.split()
    out = []
    if len(words) > 2 and _is_form(words[-2]) and words[-1][:1].isupper():
        out.append(" ".join(words[:-1]))
    for i in range(len(words) - 1, 0, -1):
        if fold(words[i]) in {"of", "de", "di", "du", "von", "da", "in", "a", "à"}:
            out.append(" ".join(words[:i]))
            break
    return [o for o in out if o and o != name]
