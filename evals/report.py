"""The report folder: Markdown tables in the paper's layout, a JSON summary, and the plots.

Folder layout (written by `write_report`):
  records.jsonl   every scored item with its answer and trace (written by the runner)
  summary.json    the aggregated numbers
  report.md       the tables
  results.md      the short main table the README links to
  plots/*.png     per-system bars with intervals, latency distributions
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.plots import write_plots
from evals.stats import Interval
from evals.summary import SuiteSummary, SystemSummary

FLAT_NOTE = (
    "The flat baselines (lexical, dense, hybrid) are not in the answer-quality table: "
    "offline (no LLM) they write no answer, their output is the retrieved notices, so "
    "the share of reference facts found in them measures retrieval, not answer quality. "
    "They are compared on retrieval instead: token recall, hit@50% and evidence-bearing "
    "at k = 5, 10 and 20, beside the full agent's tool records."
)

DEPTHS = ("5", "10", "20")
"""Retrieval depths of the flat baselines (prefixes of one ranked list)."""


def _f(x: float, digits: int = 3) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def _ci(iv: Interval | None) -> str:
    if iv is None or iv.n == 0:
        return "N/A"
    return f"{_f(iv.value)} [{_f(iv.low)}, {_f(iv.high)}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
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
            _ci(s.means.get("correctness")),
            _ci(s.rates.get("answer_correct")),
            _f(s.means["token_recall"].value),
            _ci(s.rates.get("unsuccessful")),
            _f(s.values["mean_s"], 2),
            _f(s.values["p95_s"], 2),
        ]
        if judge:
            row += [
                _ci(s.means.get(f"judge_{k}"))
                for k in ("faithfulness", "answer_relevance", "information_recall")
            ]
        rows.append(row)
    return _table(header, rows)


def diagnostics_table(suite: SuiteSummary) -> list[str]:
    """Tables 8 and S14: evidence and trajectory diagnostics."""
    rows = [
        [
            s.system,
            str(s.n),
            _ci(s.rates.get("evidence_bearing")),
            _ci(s.rates.get("supported")),
            _ci(s.rates.get("empty")),
            _ci(s.rates.get("tool_error")),
            _f(s.values["retrieved"], 2),
        ]
        for s in suite.systems
    ]
    return _table(
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
            _ci(s.rates.get("search_first")),
            _ci(s.rates.get("fallback")),
            _f(s.values["reasoning_steps"], 2),
            _ci(s.rates.get("query_success")),
            _f(s.values["failed_call_share"]),
            _f(s.values["mean_s"], 2),
        ]
        for s in suite.systems
        if s.family == "graph"
    ]
    if not rows:
        return ["(no graph system in this run)", ""]
    return _table(
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
            _ci(s.means.get("correctness")),
            _ci(s.rates.get("answer_correct")),
            _ci(s.rates.get("carryover")),
            _ci(s.rates.get("tool_transition")),
        ]
        for s in suite.systems
    ]
    return _table(["System", "Turns", "Corr.", "Turn succ.", "Carryover", "Tool trans."], rows)


def comparison_table(suite: SuiteSummary) -> list[str]:
    """Tables S17 and S21: paired differences against the full agent, Holm-corrected."""
    if not suite.comparisons:
        return ["(no paired comparison: the full system did not run)", ""]
    rows = [
        [
            f"{c.system} minus {c.reference}",
            c.metric,
            str(c.n),
            _f(c.diff),
            f"[{_f(c.low)}, {_f(c.high)}]",
            f"{c.a_only}/{c.b_only}" if c.metric != "correctness" else "–",
            "<0.001" if c.p_holm < 0.001 else _f(c.p_holm),
        ]
        for c in suite.comparisons
    ]
    return _table(
        ["Comparison", "Metric", "N", "Diff.", "95% CI", "Sys only / Full only", "Holm p"], rows
    )


def breakdown_table(suite: SuiteSummary) -> list[str]:
    """Table S20: correctness by difficulty, task type and language."""
    rows = [
        [s.system, group, value, str(n), _f(mean)]
        for s in suite.systems
        for group, cells in s.breakdown.items()
        for value, (n, mean) in cells.items()
    ]
    return _table(["System", "Grouping", "Value", "N", "Correctness"], rows)


def depth_table(suite: SuiteSummary) -> list[str]:
    """Tables S22 to S25: flat retrieval by depth k (fact presence = retrieval recall)."""
    rows = [
        [
            s.system,
            k,
            _f(v["correctness"]),
            _f(v["token_recall"]),
            _f(v["hit_at_50"]),
            _f(v.get("evidence_bearing", math.nan)),
            _f(v["nonempty"]),
            _f(v["docs"], 2),
        ]
        for s in suite.systems
        for k, v in s.by_k.items()
    ]
    if not rows:
        return ["(no flat system in this run)", ""]
    return _table(
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


def retrieval_table(suites: Sequence[SuiteSummary]) -> list[str]:
    """The flat baselines' headline: retrieval at k = 5/10/20; the full agent's tool records
    (its retrieved context, no depth) as the reference row."""
    rows = []
    for su in suites:
        for s in su.systems:
            if s.family == "graph":
                if s.system == "full":
                    rows.append(
                        [
                            su.suite,
                            "full (tool records)",
                            "–",
                            str(s.n),
                            _f(s.means["token_recall"].value),
                            _f(s.rates["hit_at_50"].value),
                            _f(s.rates["evidence_bearing"].value),
                            _f(s.values["reasoning_steps"], 2),
                        ]
                    )
                continue
            for k in DEPTHS:
                v = s.by_k.get(k)
                if v:
                    rows.append(
                        [
                            su.suite,
                            s.system,
                            k,
                            str(s.n),
                            _f(v["token_recall"]),
                            _f(v["hit_at_50"]),
                            _f(v.get("evidence_bearing", math.nan)),
                            _f(v["docs"], 2),
                        ]
                    )
    if not any(r[2] != "–" for r in rows):
        return ["(no flat system in this run)", ""]
    return _table(
        [
            "Suite",
            "System",
            "k",
            "N",
            "Token recall",
            "Hit@50%",
            "Evidence-bearing",
            "Docs / tool calls",
        ],
        rows,
    )


def latency_table(suites: Sequence[SuiteSummary]) -> list[str]:
    """Table S32: latency and tool calls per suite and system."""
    rows = [
        [
            su.suite,
            s.system,
            str(s.n),
            _f(s.values["mean_s"], 2),
            _f(s.values["median_s"], 2),
            _f(s.values["p95_s"], 2),
            _f(s.values["reasoning_steps"], 2) if s.family == "graph" else "–",
            str(int(s.values["max_tools"])) if s.family == "graph" else "–",
        ]
        for su in suites
        for s in su.systems
    ]
    return _table(
        ["Suite", "System", "N", "Mean s", "Median s", "P95 s", "Mean tools", "Max tools"], rows
    )


def main_table(suites: Sequence[SuiteSummary]) -> list[str]:
    """The headline: answer quality per suite and graph system, plus the conversational targets."""
    rows = []
    for su in suites:
        for s in graph_systems(su):
            rows.append(
                [
                    su.suite,
                    s.system,
                    str(s.n),
                    _ci(s.means.get("correctness")),
                    _ci(s.rates.get("query_success")),
                    _ci(s.rates.get("carryover")) if su.suite == "conversational" else "–",
                    _ci(s.rates.get("tool_transition")) if su.suite == "conversational" else "–",
                    _f(s.values["p95_s"], 2),
                ]
            )
    return _table(
        [
            "Suite",
            "System",
            "N",
            "Correctness",
            "Query success",
            "Carryover",
            "Tool trans.",
            "P95 s",
        ],
        rows,
    )


def short_tier1(tier1: Sequence[str]) -> list[str]:
    """Tier-1 lines without the long per-language block (for results.md)."""
    out: list[str] = []
    skipping = False
    for line in tier1:
        if line.startswith("Per language and attribute accuracy"):
            skipping = True
        elif skipping and line.startswith("### "):
            skipping = False
        if not skipping:
            out.append(line)
    return out


def headline(
    suites: Sequence[SuiteSummary], tier1: Sequence[str], short: bool = False
) -> list[str]:
    """Main answer-quality table, the sentence on the flat baselines, retrieval table, tier 1."""
    out = ["## Main results: answer quality (graph systems)", "", *main_table(suites)]
    out += [
        "## Retrieval: flat baselines (and the full agent's tool records)",
        "",
        FLAT_NOTE,
        "",
        *retrieval_table(suites),
    ]
    out += ["## Tier 1: extraction and entity resolution", ""]
    lines = short_tier1(tier1) if short else list(tier1)
    out += lines or ["(not run: the tier-1 functions are not available or no data was given)"]
    return [*out, ""]


def render(
    suites: Sequence[SuiteSummary], meta: dict[str, Any], tier1: list[str] | None = None
) -> str:
    """The whole Markdown report."""
    out = ["# shabgraph evaluation report", ""]
    out += [f"- {k}: {v}" for k, v in meta.items()] + [""]
    out += headline(suites, tier1 or [])
    for su in suites:
        out += [f"## Suite `{su.suite}`", ""]
        if su.suite == "conversational":
            out += ["### Conversational metrics (Tables 9, S13)", "", *conversation_table(su)]
        out += ["### Answer quality (Tables 6, 7, S11, S12)", "", *quality_table(su)]
        out += ["### Trajectory (Table 5, S26)", "", *trajectory_table(su)]
        out += ["### Evidence diagnostics (Tables 8, S14)", "", *diagnostics_table(su)]
        out += ["### Paired comparisons with the full system (Tables S17, S21)", ""]
        out += comparison_table(su)
        out += ["### Retrieval depth of the flat baselines (Tables S22 to S25)", ""]
        out += depth_table(su)
        out += ["### Correctness by difficulty, task type and language (Table S20)", ""]
        out += breakdown_table(su)
    out += ["## Latency (Table S32)", "", *latency_table(suites)]
    out += ["Definitions: docs/evaluation.md. Plots: plots/."]
    return "\n".join(out) + "\n"


def write_report(
    out_dir: Path,
    suites: Sequence[SuiteSummary],
    meta: dict[str, Any],
    latencies: dict[str, dict[str, list[float]]],
    tier1: list[str] | None = None,
) -> list[Path]:
    """Write summary.json, report.md, results.md and the plots; return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = out_dir / "summary.json"
    summary.write_text(
        json.dumps({"meta": meta, "suites": [s.model_dump(mode="json") for s in suites]}, indent=1)
    )
    report = out_dir / "report.md"
    report.write_text(render(suites, meta, tier1), encoding="utf-8")
    results = out_dir / "results.md"
    results.write_text(
        "\n".join(
            ["# Results", ""]
            + [f"- {k}: {v}" for k, v in meta.items()]
            + [""]
            + headline(suites, tier1 or [], short=True)
        ),
        encoding="utf-8",
    )
    plots = write_plots(out_dir / "plots", suites, latencies)
    return [summary, report, results, *plots]
