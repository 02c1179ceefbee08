"""The per-suite tables of the report (answer quality, trajectory, evidence, comparisons, depth,
breakdown), and the cell formatting every table of the report shares."""

from __future__ import annotations

import math
from collections.abc import Sequence

from evals.stats import Interval
from evals.summary import SuiteSummary, SystemSummary

DEPTHS = ("5", "10", "20")
"""Retrieval depths of the flat baselines (prefixes of one ranked list)."""


def fmt(x: float, digits: int = 3) -> str:
    """A number with `digits` decimals; a dash for a missing value."""
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def ci_cell(iv: Interval | None) -> str:
    """A value with its confidence interval, or N/A when nothing was measured."""
    if iv is None or iv.n == 0:
        return "N/A"
    return f"{fmt(iv.value)} [{fmt(iv.low)}, {fmt(iv.high)}]"


def md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown table as lines, followed by a blank line."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def graph_systems(suite: SuiteSummary) -> list[SystemSummary]:
    """The systems that write answers (the agent and its ablations)."""
    return [s for s in suite.systems if s.family == "graph"]


def quality_table(suite: SuiteSummary) -> list[str]:
    """Tables 6/7 and S11/S12: answer quality with intervals, one row per graph system."""
    systems = graph_systems(suite)
    if not systems:
        return ["(no graph system in this run)", ""]
    judge = any(k.startswith("judge_") for s in systems for k in s.means)
    header = [
        "System",
        "N",
        "Correctness",
        "Correct ≥0.8",
        "Token recall",
        "Unsucc.",
        "Mean s",
        "P95 s",
    ]
    if judge:
        header += ["Faith. (judge)", "Ans. rel. (judge)", "Info. recall (judge)"]
    rows = []
    for s in systems:
        row = [
            s.system,
            str(s.n),
            ci_cell(s.means.get("correctness")),
            ci_cell(s.rates.get("answer_correct")),
            fmt(s.means["token_recall"].value),
            ci_cell(s.rates.get("unsuccessful")),
            fmt(s.values["mean_s"], 2),
            fmt(s.values["p95_s"], 2),
        ]
        if judge:
            row += [
                ci_cell(s.means.get(f"judge_{k}"))
                for k in ("faithfulness", "answer_relevance", "information_recall")
            ]
        rows.append(row)
    return md_table(header, rows)


def diagnostics_table(suite: SuiteSummary) -> list[str]:
    """Tables 8 and S14: evidence and trajectory diagnostics."""
    rows = [
        [
            s.system,
            str(s.n),
            ci_cell(s.rates.get("evidence_bearing")),
            ci_cell(s.rates.get("supported")),
            ci_cell(s.rates.get("empty")),
            ci_cell(s.rates.get("tool_error")),
            fmt(s.values["retrieved"], 2),
        ]
        for s in suite.systems
    ]
    return md_table(
        [
            "System",
            "N",
            "Evidence-bearing",
            "Supported outcome",
            "Empty result",
            "Tool/error",
            "Retrieved docs / tool calls",
        ],
        rows,
    )


def trajectory_table(suite: SuiteSummary) -> list[str]:
    """Table 5 (and S26's call-level rate) for the graph systems."""
    rows = [
        [
            s.system,
            str(s.n),
            ci_cell(s.rates.get("search_first")),
            ci_cell(s.rates.get("fallback")),
            fmt(s.values["reasoning_steps"], 2),
            ci_cell(s.rates.get("query_success")),
            fmt(s.values["failed_call_share"]),
            fmt(s.values["mean_s"], 2),
        ]
        for s in suite.systems
        if s.family == "graph"
    ]
    if not rows:
        return ["(no graph system in this run)", ""]
    return md_table(
        [
            "System",
            "Questions",
            "Search-first accuracy",
            "Fallback activation",
            "Avg. reasoning steps",
            "Query success",
            "Empty/error tool calls",
            "Mean s",
        ],
        rows,
    )


def conversation_table(suite: SuiteSummary) -> list[str]:
    """Tables 9 and S13: conversational metrics."""
    rows = [
        [
            s.system,
            str(s.n),
            ci_cell(s.means.get("correctness")),
            ci_cell(s.rates.get("answer_correct")),
            ci_cell(s.rates.get("carryover")),
            ci_cell(s.rates.get("tool_transition")),
        ]
        for s in suite.systems
    ]
    return md_table(["System", "Turns", "Corr.", "Turn succ.", "Carryover", "Tool trans."], rows)


def comparison_table(suite: SuiteSummary) -> list[str]:
    """Tables S17 and S21: paired differences against the full agent, Holm-corrected."""
    if not suite.comparisons:
        return ["(no paired comparison: the full system did not run)", ""]
    rows = [
        [
            f"{c.system} minus {c.reference}",
            c.metric,
            str(c.n),
            fmt(c.diff),
            f"[{fmt(c.low)}, {fmt(c.high)}]",
            f"{c.a_only}/{c.b_only}" if c.metric != "correctness" else "–",
            "<0.001" if c.p_holm < 0.001 else fmt(c.p_holm),
        ]
        for c in suite.comparisons
    ]
    return md_table(
        ["Comparison", "Metric", "N", "Diff.", "95% CI", "Sys only / Full only", "Holm p"], rows
    )


def breakdown_table(suite: SuiteSummary) -> list[str]:
    """Table S20: correctness by difficulty, task type and language."""
    rows = [
        [s.system, group, value, str(n), fmt(mean)]
        for s in suite.systems
        for group, cells in s.breakdown.items()
        for value, (n, mean) in cells.items()
    ]
    return md_table(["System", "Grouping", "Value", "N", "Correctness"], rows)


def depth_table(suite: SuiteSummary) -> list[str]:
    """Tables S22 to S25: flat retrieval by depth k (fact presence = retrieval recall)."""
    rows = [
        [
            s.system,
            k,
            fmt(v["correctness"]),
            fmt(v["token_recall"]),
            fmt(v["hit_at_50"]),
            fmt(v.get("evidence_bearing", math.nan)),
            fmt(v["nonempty"]),
            fmt(v["docs"], 2),
        ]
        for s in suite.systems
        for k, v in s.by_k.items()
    ]
    if not rows:
        return ["(no flat system in this run)", ""]
    return md_table(
        [
            "System",
            "k",
            "Facts in docs",
            "Token recall",
            "Token hit@50%",
            "Evidence-bearing",
            "Nonempty",
            "Avg. docs",
        ],
        rows,
    )
