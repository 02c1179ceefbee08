"""One bad row must never abort a write batch, nor vanish: the batch is retried row by row.

Neo4j refuses a whole transaction for one row it cannot store (a value past an index's key
limit, "Property value is too large to index"). The parser limits keep such values out, and
this guard is the net behind them: a batch that fails with a non-transient error is retried
one row (or one block) at a time, each row that fails alone becomes a `write_failed` reject
naming the row and the error, and the others are written. When every row of a batch fails on
its own the fault is not in the data (a broken query, a schema change) and the first error is
raised as before. Transient errors and lost connections are the driver's to retry, not ours.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from neo4j import Driver
from neo4j.exceptions import DriverError, Neo4jError, TransientError

from ingestion.graph.writer import replace_company_holders, replace_person_blocks
from ingestion.sources.rejects import Reject

T = TypeVar("T")

_INDEX_RE = re.compile(r"schema=\(:(\w+) \{(\w+)\}\)")


def _data_error(exc: BaseException) -> bool:
    return isinstance(exc, Neo4jError) and not isinstance(exc, TransientError | DriverError)


def describe(row: Any) -> tuple[str, str | None]:
    """(path, location) of a write row: the notice's file and key when the row names them."""
    if isinstance(row, dict):
        raw = row.get("props")
        props: dict[str, Any] = raw if isinstance(raw, dict) else {}
        for key in ("pub_number", "id", "key", "holder", "pub"):
            value = row.get(key) or props.get(key)
            if isinstance(value, str):
                path = row.get("source") if isinstance(row.get("source"), str) else "graph write"
                pubs = row.get("pubs") or props.get("pubs")
                notice = f" (notice {pubs[0]})" if isinstance(pubs, list) and pubs else ""
                return str(path), f"{key} {value[:120]}{notice}"
    if isinstance(row, str):
        return "graph write", f"key {row[:120]}"
    return "graph write", None


def _largest(row: Any) -> int:
    """Length of the longest string in a row (the usual culprit of a refused write)."""
    best, stack = 0, [row]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            best = max(best, len(node))
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list | tuple):
            stack.extend(node)
    return best


def write_failed(row: Any, exc: BaseException) -> Reject:
    """The reject of one row Neo4j refused."""
    path, location = describe(row)
    message = getattr(exc, "message", None) or str(exc)
    index = _INDEX_RE.search(message)
    return Reject(
        path=path,
        location=location,
        reason="write_failed",
        field=f"{index.group(1)}.{index.group(2)}" if index else None,
        size=_largest(row),
        detail=f"Neo4j refused the row: {message[:400]}",
    )


def guarded(
    write: Callable[[Sequence[T]], None],
    rows: Sequence[T],
    on_reject: Callable[[Reject], None],
    describe_row: Callable[[T], Any] = lambda row: row,
) -> None:
    """`write(rows)`; on a data error, `write([row])` for each row, rejecting those that fail."""
    try:
        write(rows)
        return
    except Exception as exc:
        if not _data_error(exc):
            raise
        first = exc
    if len(rows) == 1:
        on_reject(write_failed(describe_row(rows[0]), first))
        return
    failed: list[tuple[T, BaseException]] = []
    for row in rows:
        try:
            write([row])
        except Exception as exc:
            if not _data_error(exc):
                raise
            failed.append((row, exc))
    if len(failed) == len(rows):
        raise first
    for row, error in failed:
        on_reject(write_failed(describe_row(row), error))


def guarded_query(
    run: Callable[..., None],
    query: str,
    params: dict[str, Any],
    on_reject: Callable[[Reject], None],
) -> None:
    """`run(query, **params)` guarded on its one list parameter (`rows`, `ids`, `keys`)."""
    lists = [k for k, v in params.items() if isinstance(v, list)]
    if len(lists) != 1:
        run(query, **params)
        return
    key = lists[0]
    guarded(lambda part: run(query, **{**params, key: list(part)}), params[key], on_reject)


def guarded_person_blocks(
    driver: Driver,
    database: str,
    keys: list[str],
    persons: list[dict[str, Any]],
    involved: list[dict[str, Any]],
    roles: list[dict[str, Any]],
    on_reject: Callable[[Reject], None],
) -> None:
    """`replace_person_blocks`, retried block by block when one block cannot be stored."""

    def write(part: Sequence[str]) -> None:
        if len(part) == len(keys):
            replace_person_blocks(driver, database, keys, persons, involved, roles)
            return
        wanted = set(part)
        ps = [p for p in persons if p["props"]["block_key"] in wanted]
        ids = {p["props"]["id"] for p in ps}
        inv = [i for i in involved if i["holder"] in ids]
        rl = [r for r in roles if r["holder"] in ids]
        replace_person_blocks(driver, database, list(part), ps, inv, rl)

    guarded(write, keys, on_reject, lambda key: {"key": f"person block {key}"})


def guarded_company_holders(
    driver: Driver,
    database: str,
    holder_ids: list[str],
    roles: list[dict[str, Any]],
    links: dict[str, list[dict[str, Any]]],
    on_reject: Callable[[Reject], None],
) -> None:
    """`replace_company_holders`, retried holder by holder when one cannot be stored."""

    def write(part: Sequence[str]) -> None:
        if len(part) == len(holder_ids):
            replace_company_holders(driver, database, holder_ids, roles, links)
            return
        wanted = set(part)
        rl = [r for r in roles if r["holder"] in wanted]
        lk = {rel: [r for r in rows if r["holder"] in wanted] for rel, rows in links.items()}
        replace_company_holders(driver, database, list(part), rl, lk)

    guarded(write, holder_ids, on_reject, lambda hid: {"holder": hid})
