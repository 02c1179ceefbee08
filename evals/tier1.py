"""Tier 1 of the report: identity resolution scored with the graph package's own functions.

`ingestion.graph.evaluation.evaluate` compares the built graph with a synthetic corpus's truth
(pairwise precision/recall of company and person identity) and runs its diagnostics; this module
only turns its report into Markdown lines. Extraction scoring needs predictions on the gold set
(`shabgraph eval extraction`), which the report does not recompute.
"""

from __future__ import annotations

from pathlib import Path

from neo4j import Driver


def _pair_line(label: str, scores: object) -> str:
    p, r, f = (getattr(scores, k) for k in ("precision", "recall", "f1"))
    vals = [v() if callable(v) else v for v in (p, r, f)]
    return (f"| {label} | {vals[0]:.3f} | {vals[1]:.3f} | {vals[2]:.3f} | "
            f"{getattr(scores, 'mentions', '')} |")


def resolution_lines(driver: Driver, database: str, corpus: Path | None,
                     sample: int = 200) -> list[str]:
    """Markdown lines of the resolution tier (truth-based rows only with a corpus truth)."""
    from ingestion.graph.evaluation import evaluate

    rep = evaluate(driver, database, corpus, sample)
    lines = ["### Tier 1: entity resolution (`ingestion.graph.evaluation.evaluate`)", "",
             f"truth: {corpus / 'truth' if corpus else '(none given: diagnostics only)'}", "",
             "| identity | precision | recall | F1 | mentions |", "|---|---|---|---|---|"]
    if rep.company is not None:
        lines.append(_pair_line("company (vs truth)", rep.company))
    if rep.person is not None:
        lines.append(_pair_line("person (vs truth)", rep.person))
    lines += [_pair_line("UID continuity (ours)", rep.uid_ours),
              _pair_line("UID continuity (NameHub only)", rep.uid_hub_only), "",
              f"orthographic consistency: {rep.consistency:.3f} over {rep.comparisons} "
              f"comparisons in {rep.hubs_sampled} sampled hubs; {rep.uid_count} distinct UIDs."]
    return lines
