"""Names typed in lower case: runs of words no list knows, a firm's "x & partner", a name closed
by its legal form, the company after "bei der" / "chez la", the seat and branch word after it.

Read only when the question has no capitalised name (`mentions`). Pure functions over the text.
"""

from __future__ import annotations

import re

from graph_agent.planners.offline.language import is_language_word
from graph_agent.planners.offline.mention import Mention
from graph_agent.planners.offline.name_words import (
    BRANCH_WORDS,
    JOINERS,
    ORG_WORDS,
    PLACE_WORDS,
    TOKEN_RE,
    TRADE_WORDS,
    _bare,
    _is_form,
    _is_keyword,
    _plain,
)
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS
from shabgraph.register.places import is_place
from shabgraph.register.uid import remove_uids


def lower_mentions(question: str) -> list[Mention]:
    """Names typed in lower case ("sternstiftung changed auditor"): runs of words that are no
    question, fact, role or time word, longest first. Used only when no capitalised name is found."""
    text = re.sub(r"(?<![\w])(?:[dlDL]|dell|all|nell|qu)['’]", " ", remove_uids(question))
    tokens = TOKEN_RE.findall(re.sub(r"[?!,;:()\[\]–—]", " , ", text))
    runs: list[list[str]] = [[]]
    at_company: set[int] = set()  # runs after "bei", "chez", "presso", "at": the company
    seats: dict[int, str] = {}  # the place written after a firm's name
    skip: set[int] = set()
    for k, tok in enumerate(tokens):
        bare = _bare(tok)
        # "bei der muster", "chez la muster": articles may stand between
        before = [_bare(t) for t in tokens[max(0, k - 2) : k]]
        if not runs[-1] and (
            (before[-1:] and before[-1] in COMPANY_PREPOSITIONS)
            or (len(before) == 2 and before[0] in COMPANY_PREPOSITIONS and before[1] in ARTICLES)
        ):
            at_company.add(len(runs) - 1)
        inside = (
            runs[-1]
            and bare in JOINERS
            and k + 1 < len(tokens)
            and not _is_keyword(tokens[k + 1])
            and (len(_bare(tokens[k + 1])) > 2 or _bare(tokens[k + 1]) in {"co", "cie"})
        )
        if inside:
            runs[-1].append(tok)  # "jazz aux franches-montagnes": a joiner inside the name
        elif runs[-1] and _bare(runs[-1][-1]) in JOINERS and bare in TRADE_WORDS | {"co", "cie"}:
            runs[-1].append(tok)  # "muster & partner", "rossi & co": a firm's name
            at_company.add(len(runs) - 1)
            runs.append([])  # what follows is its seat or the question ("… buchs quando …")
            after = tokens[k + 1] if k + 1 < len(tokens) else ","
            if after != "," and not _is_keyword(after) and not is_language_word(after):
                seats[len(runs) - 2] = after
                skip.add(k + 1)
        elif k in skip:
            continue
        elif (
            tok == ","
            or _is_keyword(tok)
            or (is_language_word(tok) and not _is_form(tok))
            or bare in PLACE_WORDS
            or bare.isdigit()
            or len(bare) < 3
        ):
            runs.append([])
        else:
            runs[-1].append(tok)
    for i, r in enumerate(runs):
        if len(r) == 1 and _bare(r[0]) in BRANCH_WORDS:
            r.pop()  # "… la succursale?": the branch asked, no name
        if len(r) > 1 and _bare(r[-1]) in BRANCH_WORDS:
            r.pop()  # "muster ebikon succursale": the branch word says what, not which
            at_company.add(i)
        # "muster ebikon succursale", "bei der muster ebikon": the place written after a
        # firm's name (a person's family name is often a place's: "anna maria wald" stays whole)
        if len(r) > 1 and i in at_company and i not in seats and is_place(r[-1]):
            seats[i] = r.pop()
    found = [
        Mention(n, i in at_company or any(_is_form(t) for t in n.split()), seats.get(i))
        for i, r in enumerate(runs)
        if (n := " ".join(r))
    ]
    return sorted(found, key=lambda m: (not m.org, -len(m.text)))[:2]


def form_runs(question: str) -> list[Mention]:
    """Company names typed in lower case and closed by a legal form ("muster administrateurs
    sarl"): the words before the form back to a stop word, role and trade words included (names
    hold them), when one of them is no word of any list (a population's "neue gmbh" names none)."""
    tokens = TOKEN_RE.findall(re.sub(r"[?!,;:()\[\]–—]", " , ", remove_uids(question)))
    found: list[Mention] = []
    for k, tok in enumerate(tokens):
        bare = _bare(tok)
        if (
            tok[:1].isupper()
            or bare not in LEGAL_FORM_WORDS
            or bare not in ORG_WORDS  # "en" (liquidation), "in", "di" are no form here
            or bare in BRANCH_WORDS
        ):
            continue
        j = k
        while j > 0 and tokens[j - 1] != "," and not _ends_run(tokens[j - 1]):
            j -= 1
        # a name starts with its own word: the verbs and role words before it are the question's
        while j < k and (
            _is_keyword(tokens[j]) or _is_form(tokens[j]) or is_language_word(tokens[j])
        ):
            j += 1
        if j < k:
            rest = [*tokens[k + 1 : k + 3], ",", ","]
            if _bare(rest[0]) in PLACE_WORDS:
                rest = rest[1:]  # "… sarl a sion", "… gmbh in winterthur"
            after = rest[0]
            seat = None if after == "," or _ends_run(after) or _is_keyword(after) else after
            found.append(Mention(" ".join(tokens[j : k + 1]), True, seat))
    return found


def _ends_run(token: str) -> bool:
    bare = _bare(token)
    return bare in _plain() or bare in PLACE_WORDS or bare.isdigit()


ARTICLES = frozenset({"der", "dem", "den", "die", "la", "le", "les", "l'", "il", "lo", "the"})
COMPANY_PREPOSITIONS = frozenset({"bei", "chez", "presso", "at"})
"""Before a name typed in lower case, the company a role is held at ("wer ist VR bei muster?")."""
