"""`eval run` end to end on a handful of questions: the report's structure, not its values."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from neo4j import Driver

from evals import benchmark
from evals.generate import conversational, graph_seeded
from evals.pipeline import DATA_DIR, SUITE_FILES, RunConfig, rerender, run_evaluation
from evals.truth import Truth
from shabgraph.settings import Settings

SYSTEMS = ["full", "dense", "lexical", "hybrid", "no-reflection"]


def test_eval_run_writes_the_report(
    small_graph: Driver, small_truth: Truth, neo4j_settings: Settings, tmp_path: Path
) -> None:
    bench = tmp_path / "bench"
    benchmark.dump(graph_seeded(small_truth, 24, seed=5), bench / SUITE_FILES["graph-seeded"])
    benchmark.dump(conversational(small_truth, 2), bench / SUITE_FILES["conversational"])
    shutil.copy(DATA_DIR / SUITE_FILES["curated"], bench / SUITE_FILES["curated"])
    out = tmp_path / "report"
    settings = neo4j_settings.model_copy(
        update={"llm_base_url": None, "planner": "offline", "data_dir": tmp_path / "data"}
    )
    seen: list[tuple[str, int, int]] = []
    config = RunConfig(
        suites=["graph-seeded", "conversational", "curated"],
        systems=SYSTEMS,
        out_dir=out,
        bench_dir=bench,
        limit=3,
    )
    paths = run_evaluation(settings, small_graph, config, lambda *a: seen.append(a))

    assert {p.name for p in paths} >= {"records.jsonl", "summary.json", "report.md", "results.md"}
    summary = json.loads((out / "summary.json").read_text())
    ran = summary["meta"]["systems"].split(", ")
    assert {"dense", "lexical", "hybrid"} <= set(ran)
    records = [json.loads(x) for x in (out / "records.jsonl").read_text().splitlines()]
    turns = sum(
        len(c.turns)
        for c in benchmark.conversations(benchmark.load(bench / SUITE_FILES["conversational"]))[:3]
    )
    assert len(records) == len(ran) * (3 + turns + 3)
    assert seen[-1][1] == seen[-1][2] == len(ran) * (3 + 2 + 3)  # progress reached its total
    for suite in summary["suites"]:
        for system in suite["systems"]:
            assert 0.0 <= system["means"]["correctness"]["value"] <= 1.0
            assert system["rates"]["query_success"]["n"] == system["n"]
            if system["family"] == "flat":
                assert set(system["by_k"]) == {"5", "10", "20"}
                assert all(0.0 <= v["evidence_bearing"] <= 1.0 for v in system["by_k"].values())
    report = (out / "report.md").read_text()
    for heading in (
        "## Main results",
        "## Tier 1",
        "### Answer quality",
        "### Trajectory",
        "### Evidence diagnostics",
        "### Conversational metrics",
        "### Retrieval depth",
        "## Latency",
    ):
        assert heading in report
    _assert_flat_baselines_apart((out / "results.md").read_text(), ran)
    assert "### Tier 1: entity resolution" in report
    assert "### Tier 1: extraction" in report and "| persons |" in report
    # `eval report` writes the same report again from records.jsonl alone.
    (out / "report.md").unlink()
    rerender(settings, small_graph, out)
    assert "## Main results" in (out / "report.md").read_text()
    assert (out / "plots" / "graph-seeded-correctness.png").stat().st_size > 1000
    assert (out / "plots" / "conversational-latency.png").exists()
    if "full" in ran:
        assert any(r["output"]["tools"] for r in records if r["system"] == "full")


def _assert_flat_baselines_apart(results: str, ran: list[str]) -> None:
    """Answer quality lists graph systems only; the flat ones appear in the retrieval table."""
    quality, _, rest = results.partition("## Retrieval")
    rows = [line.split(" | ") for line in quality.splitlines() if line.startswith("| ")]
    assert {r[1] for r in rows[1:]} <= {
        "System",
        "full",
        "no-reflection",
        "no-router",
        "structured-only",
    }
    retrieval = [
        line.split(" | ")
        for line in rest.split("## Tier 1")[0].splitlines()
        if line.startswith("| ") and not line.startswith("| Suite")
    ]
    for flat in {"dense", "lexical", "hybrid"} & set(ran):
        assert {r[2] for r in retrieval if r[1] == flat} == {"5", "10", "20"}, flat
