"""Escaping user text for Lucene's query parser (the full-text indexes of the graph).

User words, LLM words and names must never become query syntax: a `-` would negate, a `:` name
a field, an unbalanced `(` or `"` fail the whole query.
"""

from __future__ import annotations

import re
from typing import Final

LUCENE_SPECIAL: Final = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
"""Characters with a meaning in Lucene's classic query syntax."""


def escape_lucene(term: str) -> str:
    """A term with every Lucene operator character escaped with a backslash."""
    return LUCENE_SPECIAL.sub(r"\\\1", term)
