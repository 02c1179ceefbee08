"""The thread store: Chainlit's SQL data layer on SQLite (default) or Postgres, schema made here.

No schema ships with Chainlit and the one in its docs is out of date, so the columns are derived
from the installed version's own dict types (`StepDict`, `ElementDict`, `ThreadDict`,
`Feedback`) — the keys `to_dict()` produces — and created with SQLAlchemy, which picks the right
column types per dialect. `tests/ui/test_persistence.py` checks that every key a real
`Step/Message/Element.to_dict()` emits has a column, so a Chainlit upgrade that adds one fails
there instead of silently dropping steps; at start-up `ensure_schema` adds such a column to an
existing database (and the indexes the data layer's lookups need), so it is also migrated.

On Postgres the schema is made under an advisory lock: several workers start at once and would
otherwise race to create the same tables.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
    TypeDecorator,
    inspect,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.types import TypeEngine

from ui import readiness

# Keys of the dict types that are not columns: nested objects the data layer joins in.
NOT_COLUMNS = {"feedback", "steps", "elements", "path"}
JSON_KEYS = {"metadata", "generation", "props", "playerConfig", "modes"}
BOOL_KEYS = {"streaming", "waitForAnswer", "isError", "defaultOpen", "autoCollapse", "autoPlay"}
INT_KEYS = {"page", "value"}
ARRAY_KEYS = {"tags"}
# Keys the data layer writes outside the dict types.
USER_KEYS = ["id", "identifier", "createdAt", "metadata"]
# The columns the data layer looks rows up by (a thread's steps, elements and feedback; a user's
# threads): without an index each lookup reads the whole table.
INDEXED = {"steps": "threadId", "elements": "threadId", "feedbacks": "forId", "threads": "userId"}
SCHEMA_LOCK = 0x5348_4247_0002
"""Postgres advisory lock key held while the thread store's schema is made or migrated."""


class TagList(TypeDecorator[Any]):
    """Text array on Postgres, JSON text on SQLite (which has no arrays).

    The conversions only apply to statements built on these tables (export and import); the
    data layer's own SQL strings pass lists for Postgres as they are.
    """

    impl = Text
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            return dialect.type_descriptor(ARRAY(Text))
        return dialect.type_descriptor(Text())

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        if dialect.name != "postgresql" and isinstance(value, list):
            return json.dumps(value)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> Any:
        return parse_json_field(value)


class JsonText(TypeDecorator[Any]):
    """JSON kept as TEXT on every dialect, never JSONB.

    The data layer passes JSON strings and reads some of them back with `json.loads`; on a JSONB
    column the asyncpg driver hands back decoded dicts, which breaks those reads (an element's
    props) and its `LIKE` on metadata. As TEXT both dialects behave alike. Statements built on
    these tables (export, import) write and read the decoded value.
    """

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        if value is None or isinstance(value, str):
            return value
        return json.dumps(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Any:
        return parse_json_field(value)


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
        tab = Table(table, md, *columns)
        if table in INDEXED:
            Index(f"ix_{table}_{INDEXED[table].lower()}", tab.c[INDEXED[table]])
    return md


def sync_schema(conn: Connection, md: MetaData) -> list[str]:
    """Create missing tables, columns and indexes on `conn`; return what was made."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
    before = set(inspect(conn).get_table_names())
    md.create_all(conn)  # missing tables, with their indexes
    made = [f"table {t}" for t in sorted(md.tables) if t not in before]
    insp = inspect(conn)
    quote = conn.dialect.identifier_preparer.quote
    for table in md.sorted_tables:
        if table.name not in before:
            continue
        have = {c["name"] for c in insp.get_columns(table.name)}
        for col in table.columns:
            if col.name not in have:  # a key a newer Chainlit writes
                kind = col.type.compile(dialect=conn.dialect)
                conn.execute(
                    text(f"ALTER TABLE {quote(table.name)} ADD COLUMN {quote(col.name)} {kind}")
                )
                made.append(f"column {table.name}.{col.name}")
        indexes = {i["name"] for i in insp.get_indexes(table.name)}
        for index in table.indexes:
            if index.name not in indexes:
                index.create(conn)
                made.append(f"index {index.name}")
    return made


def prepare_sqlite_folder(url: str) -> None:
    """SQLite creates the file but not its folder."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)


async def ensure_schema(url: str) -> list[str]:
    """Create or migrate the thread store's schema (idempotent); what it made, [] if nothing."""
    prepare_sqlite_folder(url)
    md = build_metadata()
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(sync_schema, md)
    finally:
        await engine.dispose()


async def create_schema(url: str) -> list[str]:
    """Create or migrate the schema (idempotent) and return the table names.

    The app's start-up step: its outcome is what `GET /ready` reports (`ui.readiness`), since
    Chainlit logs an error of the start-up hook and serves anyway.
    """
    try:
        await ensure_schema(url)
    except Exception as exc:
        readiness.store_failed(url, exc)
        raise
    readiness.store_made(url)
    return sorted(build_metadata().tables)


def parse_json_field(value: Any) -> Any:
    """SQLite gives JSON columns back as strings: decode them, leave dicts/None alone."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value
