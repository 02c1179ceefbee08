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
from evals.suite_tables import (
    DEPTHS,
    breakdown_table,
    ci_cell,
    comparison_table,
    conversation_table,
    depth_table,
    diagnostics_table,
    fmt,
    graph_systems,
    md_table,
    quality_table,
    trajectory_table,
)
from evals.summary import SuiteSummary

FLAT_NOTE = (
    "The flat baselines (lexical, dense, hybrid) are not in the answer-quality table: "
    "offline (no LLM) they write no answer, their output is the retrieved notices, so "
    "the share of reference facts found in them measures retrieval, not answer quality. "
    "They are compared on retrieval instead: token recall, hit@50% and evidence-bearing "
    "at k = 5, 10 and 20, beside the full agent's tool records."
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
                            fmt(s.means["token_recall"].value),
                            fmt(s.rates["hit_at_50"].value),
                            fmt(s.rates["evidence_bearing"].value),
                            fmt(s.values["reasoning_steps"], 2),
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
                            fmt(v["token_recall"]),
                            fmt(v["hit_at_50"]),
                            fmt(v.get("evidence_bearing", math.nan)),
                            fmt(v["docs"], 2),
                        ]
                    )
    if not any(r[2] != "–" for r in rows):
        return ["(no flat system in this run)", ""]
    return md_table(
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
            fmt(s.values["mean_s"], 2),
            fmt(s.values["median_s"], 2),
            fmt(s.values["p95_s"], 2),
            fmt(s.values["reasoning_steps"], 2) if s.family == "graph" else "–",
            str(int(s.values["max_tools"])) if s.family == "graph" else "–",
        ]
        for su in suites
        for s in su.systems
    ]
    return md_table(
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
                    ci_cell(s.means.get("correctness")),
                    ci_cell(s.rates.get("query_success")),
                    ci_cell(s.rates.get("carryover")) if su.suite == "conversational" else "–",
                    ci_cell(s.rates.get("tool_transition"))
                    if su.suite == "conversational"
                    else "–",
                    fmt(s.values["p95_s"], 2),
                ]
            )
    return md_table(
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
