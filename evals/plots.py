"""PNG plots of the report (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.stats import Interval
from evals.summary import SuiteSummary


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # set before pyplot is imported: the report runs headless
    import matplotlib.pyplot as plt

    return plt


def bar_plot(path: Path, suite: SuiteSummary, metric: str, title: str) -> Path | None:
    """Per-system bars of one metric with 95% interval whiskers."""
    items: list[tuple[str, Interval]] = []
    for s in suite.systems:
        iv = s.means.get(metric) or s.rates.get(metric)
        if iv is not None and iv.n:
            items.append((s.system, iv))
    if not items:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(items) + 1), 3.2))
    names = [n for n, _ in items]
    values = [iv.value for _, iv in items]
    lower = [max(0.0, iv.value - iv.low) for _, iv in items]
    upper = [max(0.0, iv.high - iv.value) for _, iv in items]
    ax.bar(names, values, yerr=[lower, upper], capsize=4, color="#4c72b0")
    ax.set_ylim(0, 1.05)
    ax.set_title(title)
    ax.tick_params(axis="x", rotation=30)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def latency_plot(path: Path, suite: str, latencies: dict[str, list[float]]) -> Path | None:
    """Latency distribution per system (box plot, seconds, log scale)."""
    data = [(name, [v / 1000 for v in vals]) for name, vals in latencies.items() if vals]
    if not data:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(data) + 1), 3.2))
    ax.boxplot([v for _, v in data], tick_labels=[n for n, _ in data])
    ax.set_yscale("log")
    ax.set_ylabel("seconds")
    ax.set_title(f"Latency, {suite}")
    ax.tick_params(axis="x", rotation=30)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def write_plots(
    folder: Path, suites: Sequence[SuiteSummary], latencies: dict[str, dict[str, list[float]]]
) -> list[Path]:
    """Correctness, evidence and (for conversations) carryover bars; latency boxes per suite."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path | None] = []
    for su in suites:
        written.append(
            bar_plot(
                folder / f"{su.suite}-correctness.png",
                su,
                "correctness",
                f"Correctness, {su.suite}",
            )
        )
        written.append(
            bar_plot(
                folder / f"{su.suite}-evidence.png",
                su,
                "evidence_bearing",
                f"Evidence-bearing retrieval, {su.suite}",
            )
        )
        if su.suite == "conversational":
            written.append(
                bar_plot(folder / f"{su.suite}-carryover.png", su, "carryover", "Context carryover")
            )
        written.append(
            latency_plot(folder / f"{su.suite}-latency.png", su.suite, latencies.get(su.suite, {}))
        )
    return [p for p in written if p is not None]
