"""Entity mentions in a question: the words that name a company or a person, best first.

Names are runs of capitalised words (the word classes are in `name_words`), often with
lower-case words inside a company name ("Alpina swiss travel Sàrl") and ended by a legal form.
Question, role and fact words are not names ("VR der X AG" names X AG); a place after "in", "à",
"di", "a" is the seat, not part of the name ("Nova Verde Sagl di Locarno"). Pure functions over
the question text.
"""

from __future__ import annotations

import re
from functools import cache

from graph_agent.planners.offline.branch_order import branch_first
from graph_agent.planners.offline.date_words import without_written_dates
from graph_agent.planners.offline.language import is_language_word
from graph_agent.planners.offline.list_words import GAZETTE_NUMBER_RE
from graph_agent.planners.offline.lower_names import form_runs, lower_mentions
from graph_agent.planners.offline.mention import Mention
from graph_agent.planners.offline.name_cuts import cut_variants
from graph_agent.planners.offline.name_words import (
    BRANCH_WORDS,
    JOINERS,
    PLACE_WORDS,
    TOKEN_RE,
    _bare,
    _capital,
    _continues_name,
    _cue_words,
    _fact_noun,
    _form_ahead,
    _is_form,
    _is_keyword,
    _plain,
    _starts_name,
    _word_of_name,
    names_something,
)
from graph_agent.planners.offline.slots import QUOTED_RE, TAIL_RE, extend_tail
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.folding import match_key as key
from shabgraph.register.nationalities import nationality_code
from shabgraph.register.uid import remove_uids

__all__ = [
    "Mention",
    "branch_first",
    "cut_variants",
    "lower_mentions",
    "mentions",
    "names_something",
]


TIME_BEFORE_YEAR_RE = re.compile(
    r"\b(?:Herbst|Frühling|Frühjahr|Sommer|Winter|Jahrgang|Stand|Ende|Anfang|Mitte|Geschäftsjahr"
    r"|Printemps|Été|Automne|Hiver|Primavera|Estate|Autunno|Inverno|Spring|Summer|Autumn|Fall"
    r"|Mid|Early|Late)[\s-]+(?=(?:of\s+)?\d{4}\b)"
)
"""A season or part of a year written before the year ("Herbst 2009", "Mid-2012"): a time, even
where it is also a family name ("Sommer")."""


NOTICE_WORD_RE = re.compile(
    r"(?:Meldung|Publikation|Eintrag|Eintragung|Mitteilung|Notice|Publication|Avis|"
    r"Pubblicazione|Annuncio)(?:en|s|e|i)?"
)
"""A notice word joined to an acronym ("ALPHA-Meldung"): the notice of that entity."""


COMMON_NOUN_RE = re.compile(
    r"\b(?i:ein|eine|einen|einem|einer|eines|un|une|uno|una|an)\s+([A-ZÄÖÜÀ-Ý][\w-]+)"
    r"(?!\s+[A-ZÄÖÜÀ-Ý&]|\s*[?.!]|\s*$|\s+(?:in|im|à|a|au|di|at|bei|mit|avec|con)\b)"
)
"""A capitalised word after an indefinite article, with no capitalised word after it; one
that ends the question or has a seat after it may be asked for ("Gibt es eine Nakanes?",
"eine Beispiel in Bern")."""
RELATION_RE = re.compile(
    r"(?i:\b(?:beziehung|verhältnis|verhaltnis|bezug|verbindung|verbunden|steht|stehen|stand)\b)"
)
"""German words that relate one named entity "zu" another ("In welcher Beziehung steht X zur
Y?", "das Verhältnis von X zum Y")."""
RELATION_TO_RE = re.compile(
    r"(?<!\S)(?=[A-ZÄÖÜÀ-Ý])\S+\s+(?P<w>[A-ZÄÖÜÀ-Ý]\S*)\s+(?P<to>zur|zum|zu)\s+(?=[A-ZÄÖÜ])"
)
"""Two capitalised words, then "zu(r|m)" and a capitalised word (one word before it may be a
name's own: "Restaurant zum Sternen")."""


def _split_relation(text: str) -> str:
    """In a relation question "zu(r|m)" after a name starts the second name ("Muster AG zur
    Beta GmbH"); after a long legal form it stays inside one ("Stiftung zur Förderung …")."""
    if not RELATION_RE.search(text):
        return text

    def cut(m: re.Match[str]) -> str:
        opens = _is_form(m["w"]) and not _closed([m["w"]])
        head = m[0][: m.start("w") - m.start()]
        return m[0] if opens or _is_keyword(m["w"]) else f"{head}{m['w']} , {m['to']} "

    return RELATION_TO_RE.sub(cut, text)


def mentions(question: str) -> list[Mention]:
    """Candidate names, best first: quoted text, then runs with a legal form, then the rest."""
    question = without_written_dates(GAZETTE_NUMBER_RE.sub(r"\1", question))
    question = branch_first(TIME_BEFORE_YEAR_RE.sub(" ", question))
    # "Muster-ZN Flamatt", "Muster ZN Flamatt": the register's abbreviation of a branch
    question = re.sub(r"(?<=\w)[- ]ZN(?= [A-ZÄÖÜ])", " Zweigniederlassung", question)
    # "ABC-Stiftungsrat", "XYZ-Präsident": an acronym, then the role asked
    text = re.sub(
        r"\b([A-ZÄÖÜ]{2,6})-([A-ZÄÖÜ][a-zäöüß]+)",
        # "ALPHA-Meldung": a notice or fact word after the acronym is no part of the name
        lambda m: (
            f"{m[1]} , {m[2]}"
            if _is_keyword(m[2]) or NOTICE_WORD_RE.fullmatch(m[2])
            else f"{m[1]} {m[2]}"
        ),
        remove_uids(question),
    )
    # "d'ALPHA", "dell'Edilbau": the elided article is no part of the name
    text = re.sub(
        r"(?<![\w])((?:[dlDL]|dell|all|nell|sull|dall|dell|qu)['’])(?=[A-ZÀ-Ý])", r"\1 ", text
    )
    found: list[Mention] = [
        Mention(m["q"].strip(), any(_is_form(t) for t in m["q"].split()))
        for m in QUOTED_RE.finditer(text)
    ]
    text = _split_relation(text)
    tokens = TOKEN_RE.findall(re.sub(r"[?!,;:()\[\]–—]", " , ", text))
    i = 0
    while i < len(tokens):
        if not (
            _starts_name(tokens[i])
            or _caps_run_start(tokens, i)
            or (_is_form(tokens[i]) and _capital(tokens[i]))
            or _form_ahead(tokens, i)
            or _word_of_name(tokens, i)
        ):
            i += 1
            continue
        run, j = [tokens[i]], i + 1
        if key(tokens[i]).endswith(("'s", "’s")):
            found.append(Mention(tokens[i][:-2], _is_form(tokens[i]), None))
            i = j
            continue
        while j < len(tokens):
            tok, low = tokens[j], key(tokens[j])
            if tok == ",":
                break
            if _bare(tok) in BRANCH_WORDS and _branch_tail(tokens, j):
                break  # "…, succursale di Lugano": the register's branch tail, re-attached below
            if _continues_name(tok) or _is_form(tok):
                run.append(tok)
                if key(tok).strip(".,?!;:()").endswith("'s"):
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
        run = _after_fact_phrase(_before_role_phrase(run))
        # "the Muster branch in X": a branch word after the name says what it is, not which
        if len(run) > 1 and _bare(run[-1]) in BRANCH_WORDS:
            run.pop()
        # a trailing cue word after the legal form is no part of the name ("Beispiel GmbH
        # Revisionsstelle"); without a form it may be ("Exemple Administrateurs")
        while run and (
            (len(run) == 2 and run[0].isupper() and len(run[0]) > 1 and _is_keyword(run[1]))
            or key(run[-1]) in JOINERS
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
        if len(run) > 2 and _bare(run[0]) in BRANCH_WORDS and key(run[1]) in JOINERS:
            run = run[2:]
        if run and (split := _seat_after_form(run)):
            run, seat = split
            found.append(Mention(" ".join(run).strip(" .'’"), True, seat))
            i = max(j, i + 1)
            continue
        if run:
            place = _place_after(tokens, j)
            name = " ".join(run).strip(" .'’")
            name = name[:-2] if name.endswith(("'s", "’s")) else name
            if name and not all(t.isdigit() for t in run) and not _unit_or_country(run, tokens, j):
                found.append(Mention(name, any(_is_form(t) for t in run), place))
        i = max(j, i + 1)
    # a branch or liquidation tail is written only after a company's name: the mention is one
    found = [
        Mention(tail, True, None) if (tail := extend_tail(question, m.text)) else m for m in found
    ]
    # the place of a branch tail ("…, Zweigniederlassung Allschwil") names no second entity
    tails = [key(m.text) for m in found if TAIL_RE.search(m.text)]
    found = [m for m in found if not any(key(m.text) in t and key(m.text) != t for t in tails)]
    # "Muster Sàrl in Fully": the place written after a name is its seat, no second name
    places = {key(m.place) for m in found if m.place and names_something(m.text)}
    found = [
        m for m in found if m.org or not (key(m.text) in places or NOTICE_WORD_RE.fullmatch(m.text))
    ]
    # "Für eine Statistik: …", "pour une Enquête": a lone word after an indefinite article is a
    # common noun (German capitalises every noun), not a name
    common = {key(w) for w in COMMON_NOUN_RE.findall(text)}
    found = [m for m in found if m.org or " " in m.text.strip() or key(m.text) not in common]
    seen: set[str] = set()
    unique = [m for m in found if not (key(m.text) in seen or seen.add(key(m.text)))]  # type: ignore[func-returns-value]
    if not unique and (formed := form_runs(question)):
        return formed  # "muster administrateurs sarl : …": a lower-case name closed by its form
    if not unique and (firms := [m for m in lower_mentions(question) if m.org and "&" in m.text]):
        return firms  # "muster & partner umzug?": a firm's name, its "partner" no role asked
    if not unique and _only_names(question):
        return lower_mentions(question)  # "anna muster beispiel?": names typed in lower case
    return sorted(unique, key=lambda m: (not m.org, -len(m.text) if m.org else 0))


def _caps_run_start(tokens: list[str], i: int) -> bool:
    """A word in capitals that is also a fact word opens a name written in capitals ("NEW
    HORIZON MANAGEMENT SA"); a role abbreviation does not ("VR ALPHA AG" asks ALPHA's board)."""
    tok = tokens[i].strip(".,'’?!;:()")
    if not (tok.isupper() and len(tok) > 2 and i + 1 < len(tokens)):
        return False
    nxt = tokens[i + 1].strip(".,'’?!;:()")
    return nxt.isupper() and _starts_name(nxt) and key(tok) not in _role_words()


@cache
def _role_words() -> frozenset[str]:
    return frozenset(key(w.strip()) for ws in vocab().roles.values() for w in ws)


def _only_names(question: str) -> bool:
    """A question made only of words no list knows ("hans muster alpha?"): a bare lookup of
    names typed in lower case."""
    words = [t for t in TOKEN_RE.findall(remove_uids(question)) if t != ","]
    return bool(words) and not any(
        _is_keyword(t) or is_language_word(t) or key(t).strip(".?!") in PLACE_WORDS for t in words
    )


YEAR_RE = re.compile(r"(?:1[89]|20)\d\d")


def _unit_or_country(run: list[str], tokens: list[str], j: int) -> bool:
    """One word that is no name: a currency before an amount ("CHF 20'000", not "ABB 2020"),
    or a country ("lebt in Frankreich", "lives in France")."""
    if len(run) != 1 or _is_form(run[0]):
        return False
    word = run[0].strip(".,")
    after = tokens[j] if j < len(tokens) else ""
    if len(word) == 3 and word.isupper() and after[:1].isdigit() and not YEAR_RE.fullmatch(after):
        return True
    code = nationality_code(word)
    return bool(code and len(code) == 2 and code.isupper())


def _branch_tail(tokens: list[str], j: int) -> bool:
    """A branch word followed by the branch's place ("succursale di Lugano", "Zweigniederlassung
    Allschwil"): the tail the register appends to the head office's name."""
    k = j + 1
    if k < len(tokens) and key(tokens[k]) in {"de", "di", "d'"}:
        k += 1
    return k < len(tokens) and _capital(tokens[k])


def _inner_word(tokens: list[str], j: int) -> bool:
    """A lower-case word inside a company name: a capitalised word or legal form follows within
    two words ("Alpina swiss travel Sàrl", "AB legnami Rossi")."""
    tok = tokens[j]
    if _is_keyword(tok) or key(tok) in PLACE_WORDS or key(tok) in JOINERS:
        return False
    for k in (j + 1, j + 2):
        if k >= len(tokens) or tokens[k] == ",":
            return False
        if key(tokens[k]).endswith(("'s", "’s")):
            return False  # "X stop being Y's chair": the possessive opens another name
        if _is_form(tokens[k]) or _starts_name(tokens[k]):
            return True
        if _is_keyword(tokens[k]) or key(tokens[k]) in PLACE_WORDS:
            return False
    return False


def _before_role_phrase(run: list[str]) -> list[str]:
    """A role word joined to another cue word ("Muster Vorsitzender der GF", "Beta Präsident des
    VR") asks the role: the name ends before it."""
    for k in range(1, len(run) - 2):
        if (
            _is_keyword(run[k])
            and key(run[k + 1]) in JOINERS
            and (_is_keyword(run[k + 2]) or set(_bare(run[k + 2]).split("-")) & _cue_words())
            and not any(_is_form(t) for t in run[k:])
        ):
            return run[:k]
    return run


OF_WORDS = frozenset({"von", "vo", "der", "des", "of", "de", "du", "di", "della", "del", "dello"})
"""Words that join an asked fact or role to the name it is asked of ("Adresse von X")."""


def _after_fact_phrase(run: list[str]) -> list[str]:
    """A fact or role word and "von"/"der"/"of"/"de" opening the run ("Letzte Adresse von Kaspar
    Muster Sanitär", "Präsident der Beta Holding AG") ask about what follows: the name starts
    after them. A legal form before ("Stiftung der X") makes the whole a name."""
    for k in range(min(3, len(run) - 2)):
        if (
            _is_keyword(run[k])
            and key(run[k + 1]) in OF_WORDS
            and _starts_name(run[k + 2])
            and not any(_is_form(t) for t in run[: k + 1])
        ):
            return run[k + 2 :]
    return run


def _closed(run: list[str]) -> bool:
    """An abbreviated legal form ("AG", "Sàrl", "S.A.") closes a company name: a lower-case word
    after it starts the rest of the sentence ("bei der X AG auf Peter Muster"), while a long form
    may open a name that goes on ("Stiftung zur Förderung …")."""
    last = _bare(run[-1])
    return _is_form(run[-1]) and (len(last.replace(".", "")) <= 5 or "." in last)


SAINT_RE = re.compile(r"(?:St|Ste|S|San|Sta|Sankt|Saint|Sainte)\.?", re.IGNORECASE)
"""A saint's abbreviation that opens a place name ("St. Imier", "Ste-Croix", "S. Antonino")."""


def _place_after(tokens: list[str], j: int) -> str | None:
    if j + 1 < len(tokens) and key(tokens[j]) in PLACE_WORDS and _starts_name(tokens[j + 1]):
        place = tokens[j + 1]
        k = j + 2
        if SAINT_RE.fullmatch(place) and k < len(tokens) and _capital(tokens[k]):
            place, k = f"{place} {tokens[k]}", k + 1
        if k < len(tokens) and re.fullmatch(r"[A-Z]{2}", tokens[k]):
            place += " " + tokens[k]
        return place.strip(".,")
    return None


def _seat_after_form(run: list[str]) -> tuple[list[str], str] | None:
    """ "Muster AG St. Gallen", "Exemple Sàrl Sion": capitalised words after the legal form are
    the seat the user adds, not part of the name (the register ends a name with its form)."""
    k = max((i for i, t in enumerate(run) if _is_form(t) and _capital(t)), default=-1)
    tail = run[k + 1 :]
    # only a form that ends names (AG, GmbH, Sàrl, SA, ...): "Stiftung", "Verein" open them
    if k < 1 or not tail or len(tail) > 3 or len(_bare(run[k]).replace(".", "")) > 5:
        return None
    if any(_is_form(t) or _is_keyword(t) or _bare(t) in BRANCH_WORDS for t in tail):
        return None  # "X AG Zweigniederlassung Y", "X AG Revisionsstelle": not a seat
    if not all(_capital(t) or re.fullmatch(r"[A-Z]{2}", t) for t in tail):
        return None
    return run[: k + 1], " ".join(tail).strip(".,")
