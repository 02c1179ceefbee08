"""Tier 1 of the report: extraction and identity resolution, scored by their packages' functions.

Extraction: the rules extractor (`ingestion.extraction.backends.get_extractor("rules", ...)`) runs
on the development gold inputs and `evals.extraction_scorer.score` compares its records with
the gold annotations (the paper's Table 4; rendered by `scorer.render`). Resolution:
`evals.resolution.evaluate` compares the built graph with a synthetic corpus's truth
(pairwise precision/recall of company and person identity) and runs its diagnostics. This module
only turns their reports into Markdown lines.
"""

from __future__ import annotations

from pathlib import Path

from neo4j import Driver

from shabgraph.settings import Settings

GOLD_INPUTS = "inputs_dev.jsonl"
"""Development inputs (notice texts) of the gold folder."""
GOLD_RECORDS = "gold_dev.jsonl"
"""Their hand annotations in the extraction schema."""


def extraction_lines(settings: Settings, gold_dir: Path) -> list[str]:
    """The rules extractor scored on the development gold: summary row, then the full table."""
    from evals.extraction_scorer import render, score
    from ingestion.extraction.backends import get_extractor
    from ingestion.extraction.inputs import ExtractionInput, read_inputs
    from ingestion.extraction.models import ExtractionRecord

    inputs = [i for i in read_inputs(gold_dir / GOLD_INPUTS) if isinstance(i, ExtractionInput)]
    gold = [
        ExtractionRecord.model_validate_json(line)
        for line in (gold_dir / GOLD_RECORDS).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    pred = list(get_extractor("rules", settings).extract_many(inputs))
    rep = score(gold, pred)
    o = rep.overall
    rows = [
        (label, getattr(o, key))
        for label, key in (
            ("persons", "persons"),
            ("companies", "companies"),
            ("roles", "roles"),
            ("entity-role relations", "relations"),
            ("events", "events"),
        )
    ]
    return [
        "### Tier 1: extraction (rules extractor on the development gold, "
        "`evals.extraction_scorer`)",
        "",
        f"gold: {gold_dir / GOLD_RECORDS} ({len(gold)} notices); inputs: {gold_dir / GOLD_INPUTS}",
        "",
        "| extraction | precision | recall | F1 |",
        "|---|---|---|---|",
        *[
            f"| {label} | {prf.precision:.3f} | {prf.recall:.3f} | {prf.f1:.3f} |"
            for label, prf in rows
        ],
        "",
        "The rules were written against this development set: these are development "
        "figures, not a held-out estimate.",
        "",
        "Per language and attribute accuracy (`scorer.render`):",
        "",
        "```",
        *render(rep).rstrip().splitlines(),
        "```",
    ]


def _pair_line(label: str, scores: object) -> str:
    p, r, f = (getattr(scores, k) for k in ("precision", "recall", "f1"))
    vals = [v() if callable(v) else v for v in (p, r, f)]
    return (
        f"| {label} | {vals[0]:.3f} | {vals[1]:.3f} | {vals[2]:.3f} | "
        f"{getattr(scores, 'mentions', '')} |"
    )


def resolution_lines(
    driver: Driver, database: str, corpus: Path | None, sample: int = 200
) -> list[str]:
    """Markdown lines of the resolution tier (truth-based rows only with a corpus truth)."""
    from evals.resolution import evaluate

    rep = evaluate(driver, database, corpus, sample)
    lines = [
        "### Tier 1: entity resolution (`evals.resolution.evaluate`)",
        "",
        f"truth: {corpus / 'truth' if corpus else '(none given: diagnostics only)'}",
        "",
        "| identity | precision | recall | F1 | mentions |",
        "|---|---|---|---|---|",
    ]
    if rep.company is not None:
        lines.append(_pair_line("company (vs truth)", rep.company))
    if rep.person is not None:
        lines.append(_pair_line("person (vs truth)", rep.person))
    lines += [
        _pair_line("UID continuity (ours)", rep.uid_ours),
        _pair_line("UID continuity (NameHub only)", rep.uid_hub_only),
        "",
        f"orthographic consistency: {rep.consistency:.3f} over {rep.comparisons} "
        f"comparisons in {rep.hubs_sampled} sampled hubs; {rep.uid_count} distinct UIDs.",
    ]
    return lines
