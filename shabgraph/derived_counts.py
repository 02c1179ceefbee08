"""The stored counts' contract: what the graph build writes into `DerivedCounts` nodes and the
tools read back.

The build's derived-counts stage (`ingestion/graph/stages/derived.py`) precomputes the answers
of `count_entities_by_event` for the common filters; the tool (`tools/event_counts.py`) reads
them instead of scanning every notice. Writer and reader sit in layers that do not import each other, so the node label, the
table keys and the row order they must agree on live here, once.
"""

from __future__ import annotations

from typing import Any, Final

DERIVED_LABEL: Final = "DerivedCounts"
"""Label of the precomputed count nodes (not part of the investigated graph)."""

GROUP_BYS: Final = ("event_type", "sub_rubric", "canton", "language", "year")
"""The group-bys of `count_entities_by_event`, each with its stored tables."""

STORED_FILTERS: Final = ("none", "canton", "sub_rubric", "event_type")
"""Filter dimensions whose answers are precomputed (at most one filter set)."""

PERIOD_FILTERS: Final = ("none", "canton")
"""Filter dimensions whose answers are also stored for one-sided whole-year periods."""

MANDATE_METRICS: Final = ("mandates", "current_mandates")
"""Person rankings stored per canton (top persons by mandates, by open mandates)."""


def table_key(group_by: str, dimension: str, period: bool = False) -> str:
    """Key of the stored table of one group-by and filter dimension (`|period`: by year)."""
    return f"{group_by}|{dimension}|period" if period else f"{group_by}|{dimension}"


def mandates_key(metric: str) -> str:
    """Key of the stored per-canton top persons by `metric`."""
    return f"{metric}|canton"


def row_order(row: dict[str, Any]) -> tuple[int, int, bool, str]:
    """The live query's ORDER BY companies DESC, events DESC, group (nulls last)."""
    return -row["companies"], -row["events"], row["group"] is None, str(row["group"] or "")
