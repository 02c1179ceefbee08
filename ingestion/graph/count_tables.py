"""The stored count tables computed in Python from the notices' columns (numpy passes).

The numpy code mirrors the Cypher scans it replaces: UNWIND of the group list, then of the
filter list; count(DISTINCT) and min / max skip nulls. Unsorted groups (period tables) come in
order of first appearance in publication-number order; readers never depend on that order. The
tables' keys and row order are the contract in `shabgraph/derived_counts.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from ingestion.graph.event_columns import EventColumns
from shabgraph.derived_counts import (
    GROUP_BYS,
    PERIOD_FILTERS,
    STORED_FILTERS,
    row_order,
    table_key,
)

GROUP_COLUMNS: Final = {g: "event_types" if g == "event_type" else g for g in GROUP_BYS}
"""The column each group-by unwinds (`tools/event_counts.py` GROUP_EXPRESSIONS)."""

FILTER_COLUMNS: Final = {
    "none": "",
    "canton": "canton",
    "sub_rubric": "sub_rubric",
    "event_type": "event_types",
}
"""The column each stored filter dimension unwinds ('' : the constant [''])."""

DENSE_KEYS: Final = 1 << 16
"""Keys up to twice the rows plus this are grouped through a key-indexed table, not a sort."""

_NO_YEAR: Final = -1
"""Year code of a notice without pub_date (real years are positive)."""


@dataclass(frozen=True)
class _Unwind:
    """How UNWIND turns each notice into values: its list's code, each list's value ids."""

    codes: np.ndarray  # per notice: code of its list
    items: np.ndarray  # per list code: value ids, padded to the longest list
    lengths: np.ndarray  # per list code: its length
    values: list[Any]  # value id -> value


def _single_unwind(codes: np.ndarray, values: list[Any]) -> _Unwind:
    count = len(values)
    items = np.arange(count, dtype=np.int64).reshape(count, 1)
    return _Unwind(codes, items, np.ones(count, dtype=np.int64), values)


def _list_unwind(codes: np.ndarray, lists: list[tuple[Any, ...]]) -> _Unwind:
    values = list(dict.fromkeys(v for items in lists for v in items))
    value_id = {v: i for i, v in enumerate(values)}
    items = np.zeros((len(lists), max((len(t) for t in lists), default=0) or 1), dtype=np.int64)
    for row, items_of in enumerate(lists):
        items[row, : len(items_of)] = [value_id[v] for v in items_of]
    lengths = np.array([len(t) for t in lists], dtype=np.int64)
    return _Unwind(codes, items, lengths, values)


def _unwind(notices: np.ndarray, unwind: _Unwind) -> tuple[np.ndarray, np.ndarray]:
    """UNWIND over rows whose notices are `notices`: (input row of each output row, value id),
    rows in input order and each list in its own order."""
    codes = unwind.codes[notices]
    lengths = unwind.lengths[codes]
    source = np.repeat(np.arange(len(notices)), lengths)
    position = np.arange(len(source)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return source, unwind.items[codes[source], position]


def _first_seen_groups(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group rows by a key >= 0, groups numbered in order of first appearance:
    (group of each row, first row of each group)."""
    rows = len(key)
    span = int(key.max(initial=0)) + 1
    if span <= 2 * rows + DENSE_KEYS:  # small keys: a table indexed by key, no sort
        first_of_key = np.full(span, rows, dtype=np.int64)
        np.minimum.at(first_of_key, key, np.arange(rows, dtype=np.int64))
        keys = np.flatnonzero(first_of_key < rows)
        index_of_key = np.zeros(span, dtype=np.int64)
        index_of_key[keys] = np.arange(len(keys))
        index, first = index_of_key[key], first_of_key[keys]
    else:
        by_key = np.argsort(key, kind="stable")  # stable: a key's run starts at its first row
        run_start = np.diff(key[by_key], prepend=-1) != 0
        first = by_key[run_start]
        index = np.empty(rows, dtype=np.int64)
        index[by_key] = np.cumsum(run_start) - 1
    # `index` numbers the groups in key order; renumber them by first appearance.
    order = np.argsort(first)
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rank[index], first[order]


def _distinct_count(groups: np.ndarray, ids: np.ndarray, n_groups: int) -> np.ndarray:
    """count(DISTINCT id) per group (ids < 0 are nulls, not counted)."""
    known = ids >= 0
    span = int(ids.max(initial=0)) + 1
    pairs = np.sort(groups[known] * span + ids[known])
    distinct = pairs[np.diff(pairs, prepend=-1) != 0]
    return np.bincount(distinct // span, minlength=n_groups)


def _min_max(
    groups: np.ndarray, values: np.ndarray, n_groups: int
) -> tuple[np.ndarray, np.ndarray]:
    """min and max per group of values >= 0 (-1 where a group has none: null)."""
    known = values >= 0
    low = np.full(n_groups, np.iinfo(np.int64).max, dtype=np.int64)
    high = np.full(n_groups, -1, dtype=np.int64)
    np.minimum.at(low, groups[known], values[known])
    np.maximum.at(high, groups[known], values[known])
    low[high < 0] = -1
    return low, high


@dataclass(frozen=True)
class _Notices:
    """EventColumns as numpy arrays, ready for the table passes."""

    unwinds: dict[str, _Unwind]  # column name ('' for the constant ['']) -> its UNWIND
    year: np.ndarray  # pub_date year, _NO_YEAR when missing
    subject: np.ndarray  # subject code, -1 when missing
    pub_rank: np.ndarray  # rank of pub_number in sorted order, -1 when missing
    pub_values: list[str]  # rank -> pub_number


def _pub_ranks(pubs: list[str | None]) -> tuple[np.ndarray, list[str]]:
    """Each pub_number's rank among the distinct ones (string order, as Cypher's min/max)."""
    known = np.fromiter((p is not None for p in pubs), dtype=bool, count=len(pubs))
    ranks = np.full(len(pubs), -1, dtype=np.int64)
    values = np.array([p for p in pubs if p is not None], dtype=str)
    distinct, inverse = np.unique(values, return_inverse=True)
    ranks[known] = inverse
    return ranks, distinct.tolist()


def _notices(columns: EventColumns) -> _Notices:
    def codes(name: str) -> np.ndarray:
        return np.frombuffer(columns.columns[name].rows, dtype=np.int32).astype(np.int64)

    unwinds = {
        "": _single_unwind(np.zeros(len(columns), dtype=np.int64), [""]),
        "event_types": _list_unwind(codes("event_types"), columns.columns["event_types"].values()),
    }
    for name in ("sub_rubric", "canton", "language"):
        unwinds[name] = _single_unwind(codes(name), columns.columns[name].values())
    years = columns.columns["year"].values()
    unwinds["year"] = _single_unwind(codes("year"), [None if y is None else str(y) for y in years])
    year_of_code = np.array([_NO_YEAR if y is None else y for y in years], dtype=np.int64)
    subjects = columns.columns["subject_id"].values()
    subject_of_code = np.array(
        [-1 if s is None else i for i, s in enumerate(subjects)], dtype=np.int64
    )
    pub_rank, pub_values = _pub_ranks(columns.pubs)
    return _Notices(
        unwinds=unwinds,
        year=year_of_code[codes("year")],
        subject=subject_of_code[codes("subject_id")],
        pub_rank=pub_rank,
        pub_values=pub_values,
    )


@dataclass(frozen=True)
class _Rows:
    """The rows of one group-by x filter scan: notice, group value id, filter value id."""

    notice: np.ndarray
    group: np.ndarray
    fval: np.ndarray
    group_values: list[Any]
    fval_values: list[Any]


def _scan_rows(notices: _Notices, group_by: str, dimension: str) -> _Rows:
    """UNWIND <group> AS grp UNWIND <filter> AS fval, over every notice."""
    group, fval = (
        notices.unwinds[GROUP_COLUMNS[group_by]],
        notices.unwinds[FILTER_COLUMNS[dimension]],
    )
    first, group_ids = _unwind(np.arange(len(notices.year)), group)
    second, fval_ids = _unwind(first, fval)
    return _Rows(first[second], group_ids[second], fval_ids, group.values, fval.values)


def _pubs(notices: _Notices, low: int, high: int) -> tuple[str | None, str | None]:
    return (
        None if low < 0 else notices.pub_values[low],
        None if high < 0 else notices.pub_values[high],
    )


def stored_table(notices: _Notices, rows: _Rows) -> dict[str, list[dict[str, Any]]]:
    """Per filter value (sorted), the count rows of each group in the live query's order."""
    groups, first = _first_seen_groups(rows.fval * len(rows.group_values) + rows.group)
    n_groups = len(first)
    events = np.bincount(groups, minlength=n_groups).tolist()
    companies = _distinct_count(groups, notices.subject[rows.notice], n_groups).tolist()
    low, high = _min_max(groups, notices.pub_rank[rows.notice], n_groups)
    by_value: dict[Any, list[dict[str, Any]]] = {}
    for g, (fval_id, group_id) in enumerate(
        zip(rows.fval[first].tolist(), rows.group[first].tolist(), strict=True)
    ):
        fval = rows.fval_values[fval_id]
        if fval is None:  # a filter value never matches a missing property
            continue
        first_pub, last_pub = _pubs(notices, int(low[g]), int(high[g]))
        by_value.setdefault(fval, []).append(
            {
                "group": rows.group_values[group_id],
                "events": events[g],
                "companies": companies[g],
                # Cypher's `first_pub = last_pub` is null (not true) when both are null.
                "pubs": [first_pub]
                if first_pub is not None and first_pub == last_pub
                else [first_pub, last_pub],
            }
        )
    return {str(fval): sorted(by_value[fval], key=row_order) for fval in sorted(by_value)}


def period_table(notices: _Notices, rows: _Rows) -> dict[str, list[dict[str, Any]]]:
    """Per filter value and group: per-year notices and pub range, and how many companies
    have their first / last notice in each year (see rows_from_period)."""
    dated = notices.year[rows.notice] >= 0
    notice, group, fval = rows.notice[dated], rows.group[dated], rows.fval[dated]
    pairs, pair_first = _first_seen_groups(fval * len(rows.group_values) + group)
    year = notices.year[notice]
    entries: list[dict[str, Any]] = [
        {"group": rows.group_values[g], "years": {}, "first": {}, "last": {}}
        for g in group[pair_first].tolist()
    ]
    _fill_years(entries, notices, pairs, year, notice)
    _fill_company_years(entries, notices, pairs, year, notice)
    table: dict[str, list[dict[str, Any]]] = {}
    for entry, fval_id in zip(entries, fval[pair_first].tolist(), strict=True):
        value = rows.fval_values[fval_id]
        if value is not None:  # a filter value never matches a missing property
            table.setdefault(str(value), []).append(entry)
    return table


def _fill_years(
    entries: list[dict[str, Any]],
    notices: _Notices,
    pairs: np.ndarray,
    year: np.ndarray,
    notice: np.ndarray,
) -> None:
    """Each entry's years: [notices, first pub, last pub] per year of pub_date."""
    span = int(year.max(initial=0)) + 1
    groups, first = _first_seen_groups(pairs * span + year)
    n_groups = len(first)
    events = np.bincount(groups, minlength=n_groups).tolist()
    low, high = _min_max(groups, notices.pub_rank[notice], n_groups)
    for g, (pair, y) in enumerate(zip(pairs[first].tolist(), year[first].tolist(), strict=True)):
        entries[pair]["years"][str(y)] = [events[g], *_pubs(notices, int(low[g]), int(high[g]))]


def _fill_company_years(
    entries: list[dict[str, Any]],
    notices: _Notices,
    pairs: np.ndarray,
    year: np.ndarray,
    notice: np.ndarray,
) -> None:
    """Each entry's first / last: companies whose first (last) notice falls in each year."""
    subject = notices.subject[notice]
    known = subject >= 0
    pairs, year, subject = pairs[known], year[known], subject[known]
    span = int(subject.max(initial=0)) + 1
    per_company, first = _first_seen_groups(pairs * span + subject)
    n_companies = len(first)
    low = np.full(n_companies, np.iinfo(np.int64).max, dtype=np.int64)
    high = np.full(n_companies, -1, dtype=np.int64)
    np.minimum.at(low, per_company, year)
    np.maximum.at(high, per_company, year)
    # Cypher unwinds ['first', min], ['last', max] per company, then counts per side and year.
    side = np.tile(np.array([0, 1], dtype=np.int64), n_companies)
    side_pair = np.repeat(pairs[first], 2)
    side_year = np.column_stack((low, high)).ravel()
    year_span = int(side_year.max(initial=0)) + 1
    groups, hist_first = _first_seen_groups((side_pair * 2 + side) * year_span + side_year)
    counts = np.bincount(groups, minlength=len(hist_first)).tolist()
    for g, i in enumerate(hist_first.tolist()):
        name = "first" if side[i] == 0 else "last"
        entries[int(side_pair[i])][name][str(int(side_year[i]))] = counts[g]


def count_tables(columns: EventColumns) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Every stored table (node key -> rows_json content) from the notices' columns."""
    notices = _notices(columns)
    tables: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for group_by in GROUP_BYS:
        for dimension in STORED_FILTERS:
            rows = _scan_rows(notices, group_by, dimension)
            tables[table_key(group_by, dimension)] = stored_table(notices, rows)
            if dimension in PERIOD_FILTERS:
                tables[table_key(group_by, dimension, period=True)] = period_table(notices, rows)
    return tables
