"""One candidate entity mention of a question (the type the mention readers share)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mention:
    """One candidate name and what the question says around it."""

    text: str
    """The name as written."""
    org: bool
    """It carries a legal-form or organisation word (a company, not a person)."""
    place: str | None = None
    """A place written right after it ("… in Giubiasco"): the seat or residence."""
