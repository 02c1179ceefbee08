"""Aggregate scored records into the numbers of the report (one `SuiteSummary` per suite).

Rates get Wilson intervals, means get bootstrap intervals, and every system is compared with the
full agent item by item (Holm-corrected within each suite and metric).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

import numpy as np
from pydantic import BaseModel, Field

from evals import metrics as m
from evals.records import ItemRecord
from evals.stats import Interval, PairedComparison, apply_holm, bootstrap_mean, paired, wilson

REFERENCE_SYSTEM = "full"
JUDGE_METRICS = ("faithfulness", "correctness", "answer_relevance", "information_recall")


class SystemSummary(BaseModel):
    """All metrics of one system on one suite."""

    system: str
    """System name."""
    family: str
    """`graph` or `flat`."""
    n: int
    """Scored items (questions or turns)."""
    rates: dict[str, Interval] = Field(default_factory=dict)
    """Binary metrics with Wilson intervals (evidence_bearing, supported, empty, ...)."""
    means: dict[str, Interval] = Field(default_factory=dict)
    """Continuous metrics with bootstrap intervals (correctness, token_recall, judge scores)."""
    values: dict[str, float] = Field(default_factory=dict)
    """Plain figures (mean retrieved, reasoning steps, latency, failed-call share)."""
    by_k: dict[str, dict[str, float]] = Field(default_factory=dict)
    """Flat systems: mean metrics per retrieval depth."""
    breakdown: dict[str, dict[str, tuple[int, float]]] = Field(default_factory=dict)
    """Correctness by difficulty / task type / language: group -> value -> (n, mean)."""


class SuiteSummary(BaseModel):
    """One suite's systems and their paired comparisons with the full agent."""

    suite: str
    """Suite name."""
    systems: list[SystemSummary]
    """One entry per system, in run order."""
    comparisons: list[PairedComparison] = Field(default_factory=list)
    """System minus full, per metric, Holm-corrected."""


def _rate(records: Sequence[ItemRecord], pred: Callable[[ItemRecord], bool | None]) -> Interval:
    flags = [v for v in (pred(r) for r in records) if v is not None]
    return wilson(sum(flags), len(flags))


def summarise_system(records: Sequence[ItemRecord]) -> SystemSummary:
    """Every metric of one system's records on one suite."""
    first = records[0]
    s = SystemSummary(system=first.system, family=first.family, n=len(records))
    s.means["correctness"] = bootstrap_mean([r.correctness for r in records])
    s.means["token_recall"] = bootstrap_mean([r.token_recall for r in records])
    for metric in JUDGE_METRICS:
        scored = [r.judge[metric] for r in records if metric in r.judge]
        if scored:
            s.means[f"judge_{metric}"] = bootstrap_mean(scored)
    for name, pred in (
        ("answer_correct", m.answer_correct),
        ("evidence_bearing", m.evidence_bearing),
        ("supported", m.supported_outcome),
        ("empty", m.empty_result),
        ("tool_error", m.tool_error),
        ("unsuccessful", m.unsuccessful),
        ("query_success", m.query_success),
        ("hit_at_50", m.hit_at_half),
        ("nonempty", lambda r: r.output.retrieved > 0),
        ("search_first", m.search_first),
        ("fallback", m.fallback_activated),
        ("planner_fell_back", m.planner_fell_back),
        ("tool_transition", m.tool_transition),
        ("carryover", m.carryover),
    ):
        interval = _rate(records, pred)
        if interval.n:
            s.rates[name] = interval
    steps = [m.reasoning_steps(r) for r in records]
    s.values.update(m.latency_summary([r.output.latency_ms for r in records]))
    s.values["retrieved"] = float(np.mean([r.output.retrieved for r in records]))
    s.values["reasoning_steps"] = float(np.mean(steps))
    s.values["max_tools"] = float(max(steps))
    s.values["failed_call_share"] = m.failed_call_share(records)
    depth: dict[str, list[dict[str, float]]] = defaultdict(list)
    for r in records:
        for k, row in r.by_k.items():
            depth[k].append(row)
    for k, rows in sorted(depth.items(), key=lambda kv: int(kv[0])):
        s.by_k[k] = {
            "correctness": float(np.mean([x["correctness"] for x in rows])),
            "token_recall": float(np.mean([x["token_recall"] for x in rows])),
            "hit_at_50": float(np.mean([x["token_recall"] >= 0.5 for x in rows])),
            # A flat system's answer is its documents: fact presence at k is its evidence share.
            "evidence_bearing": float(
                np.mean([x["correctness"] >= m.EVIDENCE_THRESHOLD for x in rows])
            ),
            "nonempty": float(np.mean([x["retrieved"] > 0 for x in rows])),
            "docs": float(np.mean([x["retrieved"] for x in rows])),
        }
    for group in ("difficulty", "task_type", "language"):
        cells: dict[str, list[float]] = defaultdict(list)
        for r in records:
            cells[str(getattr(r, group))].append(r.correctness)
        s.breakdown[group] = {k: (len(v), float(np.mean(v))) for k, v in sorted(cells.items())}
    return s


Metric = tuple[str, Callable[[ItemRecord], float], bool]
ANSWER_METRICS: tuple[Metric, ...] = (
    ("correctness", lambda r: r.correctness, False),
    ("unsuccessful", lambda r: float(m.unsuccessful(r)), True),
    ("answer_correct", lambda r: float(m.answer_correct(r)), True),
)
"""Paired metrics of the graph systems against the full agent."""
RETRIEVAL_METRICS: tuple[Metric, ...] = (
    ("evidence_bearing", lambda r: float(m.evidence_bearing(r)), True),
    ("hit_at_50", lambda r: float(m.hit_at_half(r)), True),
)
"""Paired metrics of the flat baselines against the full agent (retrieval only)."""


def _key(r: ItemRecord) -> tuple[str, int]:
    return r.item_id, -1 if r.turn is None else r.turn


def compare(by_system: dict[str, list[ItemRecord]]) -> list[PairedComparison]:
    """Every system against the full agent on the items both answered."""
    if REFERENCE_SYSTEM not in by_system:
        return []
    ref = {_key(r): r for r in by_system[REFERENCE_SYSTEM]}
    families: dict[str, list[PairedComparison]] = defaultdict(list)
    for name, records in by_system.items():
        if name == REFERENCE_SYSTEM:
            continue
        pairs = [(r, ref[_key(r)]) for r in records if _key(r) in ref]
        if not pairs:
            continue
        # Flat systems write no answer offline: they are compared on retrieval only.
        metrics = RETRIEVAL_METRICS if records[0].family == "flat" else ANSWER_METRICS
        for metric, fn, binary in metrics:
            families[metric].append(
                paired(
                    name,
                    REFERENCE_SYSTEM,
                    metric,
                    [fn(a) for a, _ in pairs],
                    [fn(b) for _, b in pairs],
                    binary,
                )
            )
    return [c for family in families.values() for c in apply_holm(family)]


def summarise(records: Sequence[ItemRecord]) -> list[SuiteSummary]:
    """One summary per suite present in the records, systems in first-seen order."""
    suites: dict[str, dict[str, list[ItemRecord]]] = defaultdict(lambda: defaultdict(list))
    for r in records:
        suites[r.suite][r.system].append(r)
    return [
        SuiteSummary(
            suite=suite,
            systems=[summarise_system(rs) for rs in by_system.values()],
            comparisons=compare(by_system),
        )
        for suite, by_system in suites.items()
    ]
