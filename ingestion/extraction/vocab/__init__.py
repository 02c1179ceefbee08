"""Per-language vocabularies of the rules extractor: data only, one module per language.

Every word list the extractor matches on lives here (headings, role words, signature phrases,
nationalities, event cues, legal-form words), so a new convention is a data change, not a code
change. `ordered(lang)` puts the notice's own language first because bilingual cantons mix
conventions.
"""

from __future__ import annotations

from ingestion.extraction.vocab import de, fr, it
from ingestion.extraction.vocab.model import Vocabulary

__all__ = ["Vocabulary", "get", "ordered"]

VOCABS: tuple[Vocabulary, ...] = (de.VOCAB, fr.VOCAB, it.VOCAB)
"""Every language's vocabulary, German first (the default)."""


def ordered(lang: str | None) -> list[Vocabulary]:
    """The vocabularies with `lang` first (the others follow for mixed-language notices)."""
    return sorted(VOCABS, key=lambda v: v.lang != lang)


def get(lang: str | None) -> Vocabulary:
    """The vocabulary of `lang` (German when unknown)."""
    return ordered(lang)[0]
