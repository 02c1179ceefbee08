"""The cited notices behind an answer, read from the graph for the side view and the export."""

from __future__ import annotations

from typing import Any

from neo4j import Driver
from pydantic import BaseModel

from shabgraph import db
from shabgraph.markdown import escape_block, escape_inline, notice_ref

NOTICES_BY_NUMBER = """
MATCH (e:Event) WHERE e.pub_number IN $numbers
OPTIONAL MATCH (c:Company)-[:HAS_EVENT]->(e)
RETURN e.pub_number AS pub_number, toString(e.pub_date) AS pub_date,
       toString(e.journal_date) AS journal_date, e.journal_number AS journal_number,
       e.canton AS canton, e.language AS language, e.source AS source, e.text AS text,
       e.event_types AS event_types, c.name AS subject
"""


class Notice(BaseModel):
    """One SHAB notice as cited."""

    pub_number: str
    """Publication number."""
    pub_date: str | None = None
    """Publication date."""
    journal_date: str | None = None
    """Register journal date (the legal date)."""
    journal_number: str | None = None
    """Register journal number."""
    canton: str | None = None
    """Canton of the register."""
    language: str | None = None
    """Language of the notice."""
    source: str | None = None
    """File or URL it was read from."""
    text: str | None = None
    """Full notice text."""
    event_types: list[str] | None = None
    """Extracted event labels."""
    subject: str | None = None
    """Name of the company the notice is about."""


def fetch_notices(driver: Driver, database: str, numbers: list[str]) -> dict[str, Notice]:
    """The notices with these publication numbers (missing ones are simply absent)."""
    if not numbers:
        return {}
    rows: list[dict[str, Any]] = db.read(driver, database, NOTICES_BY_NUMBER, numbers=numbers)
    return {r["pub_number"]: Notice(**r) for r in rows}


def notice_markdown(n: Notice) -> str:
    """The side view of one notice: heading, dates, source, text (every value escaped)."""

    def v(value: object) -> str:
        return escape_inline(value) or "-"

    kinds = ", ".join(escape_inline(k) for k in n.event_types or []) or "-"
    return (
        f"### {notice_ref(n.pub_number)}\n\n**subject** {v(n.subject)} · **published** "
        f"{v(n.pub_date)} · **journal** {v(n.journal_date)} "
        f"(no. {v(n.journal_number)}) · **canton** {v(n.canton)} · "
        f"**language** {v(n.language)}  \n**events** {kinds}  \n**source** "
        f"{v(n.source)}\n\n{escape_block(n.text) or '_text not stored_'}"
    )
