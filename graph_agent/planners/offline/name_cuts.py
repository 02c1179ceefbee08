"""Shorter forms of a name that did not link: the words around the name a question may keep.

A trailing place after a legal form, a place preposition, a noun before the article, a gloss
after an acronym: the register's name is inside, and these cuts try it, most likely first.
"""

from __future__ import annotations

from graph_agent.planners.offline.name_words import _is_form, names_something
from shabgraph.register.folding import match_key as key
from shabgraph.register.places import gazetteer, place_norm

__all__ = ["cut_variants"]


def cut_variants(name: str) -> list[str]:
    """Shorter forms to try when a name does not link: without a trailing place after a legal
    form ("Beispiel Stiftung Bern"), before a place preposition ("Lago AG of Ascona",
    "Mustertel de Düdingen")."""
    words = name.split()
    out = []
    if len(words) >= 3 and name == name.lower():
        # "anna muster beispiel ag" typed in lower case: a person's two names, then the company
        out += [" ".join(words[:2]), " ".join(words[2:])]
    if len(words) > 2 and _is_form(words[-2]) and words[-1][:1].isupper():
        out.append(" ".join(words[:-1]))
    elif (
        len(words) >= 2
        and not any(_is_form(w) for w in words)
        and key(words[-2]) not in {"of", "de", "di", "du", "von", "da", "in", "a", "à"}
        and words[-1][:1].isupper()
        and place_norm(words[-1]) in gazetteer()
    ):
        out.append(" ".join(words[:-1]))  # "Muster Wilderswil": a short name, then its village
    for i in range(len(words) - 1, 0, -1):
        if key(words[i]) in {"of", "de", "di", "du", "von", "da", "in", "a", "à"}:
            out.append(" ".join(words[:i]))
            break
    if len(words) == 2 and _is_form(words[-1]) and words[0].isupper():
        out.append(words[0])  # "SKS foundation": an acronym with its form in another language
    if len(words) > 2 and _is_form(words[0]) and key(words[1]) in {"de", "di", "of", "d'"}:
        out.insert(0, " ".join(words[2:]))  # "la SA de Girardet", "la Sagl di Rossi": the name
    elif len(words) > 2 and words[0].isupper() and len(words[0]) > 1 and words[1].islower():
        out.append(words[0])  # "SKS consumer protection foundation": the acronym, then a gloss
    # "Geschäfte der Muster Stiftung": a noun before the name (tried last, and never when the
    # words before the article end in a legal form: "X Sàrl of Sion" names X Sàrl)
    for i, w in enumerate(words[:-1]):
        if (
            key(w) in {"der", "des", "du", "della", "del", "of"}
            and i
            and words[i + 1][:1].isupper()
        ):
            if not any(_is_form(x) for x in words[:i]):
                out.append(" ".join(words[i + 1 :]))
            break
    # a legal form alone ("SA" of "SA de X") names nothing
    return list(dict.fromkeys(o for o in out if o and o != name and names_something(o)))
