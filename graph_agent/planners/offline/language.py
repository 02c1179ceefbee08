"""The language of a question, read from its own words around the names.

Evidence comes in three ranks, each deciding only when the one above ties:

1. words proper to one language (`lexicon/language.json` WORDS plus each STOPWORDS set). A word
   of several languages ("in", "a", "per", "con", "la") counts for none: "Quali persone abitano
   in Ticino?" is Italian by "quali" and "persone", not German by "in";
2. morphology: accents (é/è inside a word, ç, ê: French; a final à/ì/ò/ù and a lone è: Italian;
   ä/ö/ü/ß: German), the endings of each language (-zione/-ano/-ità, -ez/-eux, -ung/-keit/-lich,
   -ing/-ed/-ly), endings read only after a word of that language (Italian plurals -i/-e after
   an Italian article, -tion/-ent after a French word, -tion after an English one), and, once
   the names are gone, capitalised words (German nouns);
3. the shared words, among the languages still tied ("capital" is French or English, not
   German); then the register's order (German, French, Italian, English).

Register names decide nothing: the caller's name spans, the canton names, acronyms in capitals
(UID, CHE, SA, AG) and UIDs are dropped first, so "Qui dirige la Müller Bau AG ?" stays French. A
turn made only of names has no language of its own; the planner then keeps the conversation's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from graph_agent.planners.offline import lexicon as lx
from shabgraph.register.folding import fold_accents as fold
from shabgraph.register.folding import match_key
from shabgraph.register.places import EXONYMS
from shabgraph.register.uid import UID_PATTERN

__all__ = ["detect_language", "has_language_words", "is_language_word", "question_language"]

ORDER = ("de", "fr", "it", "en")
"""Last tie-break: the register's languages by the share of its notices."""
_CONTRACTION = re.compile(r"(?<=[^\W\d_])(?=['’](?:s|re|ve|ll|d|m|t)\b)")
_WORD = re.compile(r"['’](?:s|re|ve|ll|d|m|t)\b|[^\W\d_]+(?:-[^\W\d_]+)*['’]?")
_SENTENCE_END = tuple('.?!:;«»"“„(')
_FRENCH_LETTERS = frozenset("çâêîôûœëïÿ")
_UMLAUTS = frozenset("äöüß")


class Token(NamedTuple):
    """A word as written (`orig`), folded, and whether it opens a sentence."""

    orig: str
    folded: str
    initial: bool


@dataclass
class Evidence:
    """Per-language counts of the three ranks."""

    words: Counter[str] = field(default_factory=Counter)
    morphology: Counter[str] = field(default_factory=Counter)
    shared: Counter[str] = field(default_factory=Counter)

    def any(self) -> bool:
        """True when a word or a form of some language was seen (shared words are none)."""
        return bool(+self.words or +self.morphology)

    def best(self) -> str:
        """The language of the highest rank that tells them apart."""
        return max(
            ORDER,
            key=lambda g: (self.words[g], self.morphology[g], self.shared[g], -ORDER.index(g)),
        )

    def reason(self) -> str:
        """The counts, for the route's reason."""
        return (
            f"words {dict(+self.words)} forms {dict(+self.morphology)} shared {dict(+self.shared)}"
        )


def tokens(text: str) -> list[Token]:
    """The words of a text; UIDs dropped, elisions (qu', dell') and English contractions ('s)
    kept as words of their own."""
    text = _CONTRACTION.sub(" ", UID_PATTERN.sub(" ", text))
    out: list[Token] = []
    for m in _WORD.finditer(text):
        before = text[: m.start()].rstrip()
        out.append(Token(m.group(), fold(m.group()), not before or before.endswith(_SENTENCE_END)))
    return out


@cache
def _place_words() -> frozenset[str]:
    """Words of canton names and exonyms that no language list holds: names, not language."""
    names = [*lx.CANTON_NAMES, *(n for group in EXONYMS for n in group)]
    words = {match_key(w) for n in names for w in re.split(r"[ .\-]+", fold(n)) if len(w) > 2}
    known = set().union(*lx.language_table()["WORDS"].values()) | lx.language_table()["SHARED"]
    return frozenset(words - known)


@cache
def _languages_of(word: str, acronym: bool = False) -> frozenset[str]:
    """The languages that list the word, or else list the form their inflection leads back
    to ("fallimenti" -> "fallimento": Italian; "persons" -> shared "person": English)."""
    table = lx.language_table()
    if acronym:
        return frozenset(g for g in ORDER if word in table["ACRONYMS"][g])
    # the lists hold each word's `match_key` too: "geschaeft" is found as "geschaft"
    word = match_key(word)
    found = {g for g in ORDER if word in table["WORDS"][g]}
    if not found and word.endswith("'"):
        found = {g for g in ORDER if word[:-1] in table["WORDS"][g]}
    if found or word in table["SHARED"]:
        return frozenset(found)
    # the least change wins: "mandates" is English "mandate" + s before German "Mandat" + es
    least: dict[str, int] = {}
    for g in ORDER:
        for ending, listed in table["INFLECTIONS"][g]:
            stem = word.removesuffix(ending)
            if stem == word or len(stem) < 3:
                continue
            lemma = match_key(stem + listed)
            if lemma in table["WORDS"][g] or (len(lemma) > 3 and lemma in table["SHARED"]):
                least[g] = min(least.get(g, 99), len(ending))
    fewest = min(least.values(), default=0)
    return frozenset(g for g, n in least.items() if n == fewest)


def is_language_word(word: str) -> bool:
    """True when some language lists the word or leads it back to a listed form ("publiés",
    "ensemble", "published"): a common word, not a name typed in lower case."""
    folded = fold(word).strip(".,'?!;:()")
    return bool(folded) and (
        bool(_languages_of(folded)) or match_key(folded) in lx.language_table()["SHARED"]
    )


def _accents(word: str) -> str | None:
    """The language an accented spelling belongs to (`word` lower case, as written)."""
    if word in ("à", "où") or any(c in _FRENCH_LETTERS for c in word):
        return "fr"
    if any(c in _UMLAUTS for c in word):
        return "de"
    if any(c in "éè" for c in word[:-1]):
        return "fr"  # Italian writes accents on the last vowel only
    if word == "è" or (len(word) > 2 and word[-1] in "àìòùè") or word.endswith("ché"):
        return "it"
    if word.endswith("é") and len(word) > 2:
        return "fr"
    return None


def _forms(word: str, capital: bool, after: str | None) -> set[str]:
    """Languages whose endings the word has; a capitalised word is read as a German noun only."""
    found: set[str] = set()
    for g in ORDER:
        if capital and g != "de":
            continue
        if any(
            word.endswith(e) and len(word) >= len(e) + 3 for e in lx.language_table()["ENDINGS"][g]
        ):
            found.add(g)
        after_own = lx.language_table()["AFTER_OWN_WORD"][g]
        if after == g and any(word.endswith(e) and len(word) >= len(e) + 2 for e in after_own):
            found.add(g)
    return found


def _split_compounds(words: list[Token]) -> list[Token]:
    """Hyphenated words no list knows, as their parts ("VR-Präsidentin"; "est-ce" stays)."""
    out: list[Token] = []
    for tok in words:
        if "-" in tok.folded and not _languages_of(tok.folded):
            first, *others = [p for p in tok.orig.split("-") if p]
            out += [
                Token(first, fold(first), tok.initial),
                *(Token(p, fold(p), False) for p in others),
            ]
        else:
            out.append(tok)
    return out


def evidence(words: list[Token], names_gone: bool) -> Evidence:
    """Count the evidence of each language in `words`.

    `names_gone` says the caller removed the names: capitalised words left are then nouns and
    count for German; otherwise a capitalised word may be a name and only its lower-case
    neighbours speak ("Muster Holding AG" has no language).
    """
    ev = Evidence()
    shared_words = lx.language_table()["SHARED"]
    has_lower = any(t.orig != t.orig.upper() for t in words)
    after: str | None = None
    known = False
    for tok in _split_compounds(words):
        word, orig = tok.folded, tok.orig
        acronym = len(orig) > 1 and orig.isupper() and has_lower
        langs = _languages_of(word, acronym)
        if (acronym and not langs) or match_key(word) in _place_words():
            after = None
            continue
        if orig == "I":
            langs = frozenset({"it", "en"} if tok.initial else {"en"})  # pronoun, or "I soci"
        shared = match_key(word) in shared_words
        known = known or bool(langs) or shared
        if len(langs) == 1 and not shared:
            ev.words.update(langs)
        else:
            ev.shared.update(langs)
        capital = orig[:1].isupper() and not tok.initial
        if not capital or names_gone:
            accent = _accents(orig.lower())
            if accent:
                ev.morphology[accent] += 1
            if not langs:
                ev.morphology.update(_forms(word, capital, after))
                if capital and len(word) > 2:
                    ev.morphology["de"] += 1  # a capitalised word that is no name: a noun
        after = next(iter(langs)) if len(langs) == 1 and not shared else None
    if not known:
        ev.morphology.clear()  # no word any list knows: names only ("hans muster")
    return ev


def detect_language(text: str, names_gone: bool = False) -> tuple[str, str]:
    """(language, reason) of a text as written (not folded: accents and capitals are evidence)."""
    ev = evidence(tokens(text), names_gone)
    return ev.best(), ev.reason()


def has_language_words(question: str) -> bool:
    """True when some word of the question belongs to one language, or has its forms
    ("Muster Holding AG" alone has none: a follow-up keeps the conversation's language)."""
    return evidence(tokens(question), names_gone=False).any()


def question_language(question: str, spans: list[str]) -> str:
    """The language of the words around the names: "Boulangerie du Lac SA?" asked in English
    is English although the name is French. The first word stays (it is capitalised as a
    sentence start, not as a name)."""
    words = tokens(question)
    named = {t.folded.removesuffix("'s") for sp in spans for t in tokens(sp)}
    is_name = [t.folded in named for t in words]
    # a short word between two name words belongs to the name ("Bäckerei zur Sonne")
    inside = [
        0 < i < len(words) - 1 and is_name[i - 1] and is_name[i + 1] and len(t.folded) <= 4
        for i, t in enumerate(words)
    ]
    rest = [t for i, t in enumerate(words) if i == 0 or not (is_name[i] or inside[i])]
    ev = evidence(rest, names_gone=True)
    if not ev.any():
        ev = evidence(words, names_gone=False)  # only names: their words decide
    return ev.best()
