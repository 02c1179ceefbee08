"""The thread store: Chainlit's SQL data layer on SQLite (default) or Postgres, schema made here.

No schema ships with Chainlit and the one in its docs is out of date, so the columns are derived
from the installed version's own dict types (`StepDict`, `ElementDict`, `ThreadDict`,
`Feedback`) — the keys `to_dict()` produces — and created with SQLAlchemy, which picks the right
column types per dialect. `tests/ui/test_persistence.py` checks that every key a real
`Step/Message/Element.to_dict()` emits has a column, so a Chainlit upgrade that adds one fails
there instead of silently dropping steps.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Integer,
    MetaData,
    Table,
    Text,
    TypeDecorator,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.types import TypeEngine

# Keys of the dict types that are not columns: nested objects the data layer joins in.
NOT_COLUMNS = {"feedback", "steps", "elements", "path"}
JSON_KEYS = {"metadata", "generation", "props", "playerConfig", "modes"}
BOOL_KEYS = {"streaming", "waitForAnswer", "isError", "defaultOpen", "autoCollapse", "autoPlay"}
INT_KEYS = {"page", "value"}
ARRAY_KEYS = {"tags"}
# Keys the data layer writes outside the dict types.
USER_KEYS = ["id", "identifier", "createdAt", "metadata"]


class TagList(TypeDecorator[Any]):
    """Text array on Postgres, JSON text on SQLite (which has no arrays)."""

    impl = Text
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            return dialect.type_descriptor(ARRAY(Text))
        return dialect.type_descriptor(Text())


class JsonText(TypeDecorator[Any]):
    """JSONB on Postgres, TEXT elsewhere (the data layer already passes JSON strings)."""

    impl = Text
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            return dialect.type_descriptor(JSONB())
        return dialect.type_descriptor(Text())


def column_type(key: str) -> TypeEngine[Any] | type[TypeEngine[Any]]:
    """The column type of one dict key (by its meaning in Chainlit's dicts)."""
    if key in JSON_KEYS:
        return JsonText()
    if key in BOOL_KEYS:
        return Boolean
    if key in INT_KEYS:
        return Integer
    if key in ARRAY_KEYS:
        return TagList()
    return Text


def chainlit_keys() -> dict[str, list[str]]:
    """Column names per table, read from the installed Chainlit's dict types."""
    from chainlit.element import ElementDict
    from chainlit.step import StepDict
    from chainlit.types import Feedback, ThreadDict

    def keys(annotated: Any) -> list[str]:
        return [k for k in annotated.__annotations__ if k not in NOT_COLUMNS]

    return {
        "users": USER_KEYS,
        "threads": keys(ThreadDict),
        "steps": keys(StepDict),
        "elements": keys(ElementDict),
        "feedbacks": [f.name for f in dataclasses.fields(Feedback)],
    }


def build_metadata() -> MetaData:
    """SQLAlchemy tables for every Chainlit table (`id` the primary key of each)."""
    md = MetaData()
    for table, cols in chainlit_keys().items():
        columns = [Column(c, column_type(c), primary_key=(c == "id")) for c in cols]
        if table == "users":
            columns = [
                Column("id", Text, primary_key=True),
                Column("identifier", Text, nullable=False, unique=True),
                Column("createdAt", Text),
                Column("metadata", JsonText(), nullable=False),
            ]
        Table(table, md, *columns)
    return md


async def create_schema(url: str) -> list[str]:
    """Create the missing tables (idempotent) and return the table names."""
    if url.startswith("sqlite"):
        # SQLite creates the file but not its folder.
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    md = build_metadata()
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(md.create_all)
    finally:
        await engine.dispose()
    return sorted(md.tables)


def parse_json_field(value: Any) -> Any:
    """SQLite gives JSON columns back as strings: decode them, leave dicts/None alone."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value
