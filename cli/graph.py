"""Commands of `ingestion.graph`: `ingest`, `stats`, `eval resolution`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

console = Console(stderr=True)


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this module's commands to the main app (and the `eval` group)."""

    @app.command("ingest")
    def ingest(
        paths: list[Path] = typer.Argument(..., help="Files or folders of notices (any format)."),
        extractor: str = typer.Option("rules", help="rules, llm or hybrid."),
        rejects: Path | None = typer.Option(
            None, help="Reject file (default: <data_dir>/rejects/ingest-<UTC time>.jsonl)."
        ),
    ) -> None:
        """Parse, extract, load and resolve notices into the graph (idempotent, resumable)."""
        from datetime import UTC, datetime

        from ingestion.graph.pipeline import build_graph, summary_table
        from shabgraph import db
        from shabgraph.settings import Settings

        settings = Settings()
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        rejects = rejects or settings.data_dir / "rejects" / f"ingest-{stamp}.jsonl"
        with db.open_driver(settings) as driver:
            summary = build_graph(
                paths, driver, settings.neo4j_database, extractor, console, settings, rejects
            )
        console.print(summary_table(summary))
        if summary.reject_file:
            console.print(f"every reject, with field, reason and location: {summary.reject_file}")

    @app.command("stats")
    def stats() -> None:
        """Node and edge counts by label and strength (the paper's Table S2 layout)."""
        from ingestion.graph.stats import graph_stats, stats_table
        from shabgraph import db
        from shabgraph.settings import Settings

        settings = Settings()
        with db.open_driver(settings) as driver:
            result = graph_stats(driver, settings.neo4j_database)
        Console().print(stats_table(result))

    @eval_app.command("resolution")
    def eval_resolution(
        truth: Path | None = typer.Option(
            None, help="Synthetic corpus folder (with truth/); default: the demo corpus."
        ),
        sample: int = typer.Option(1000, help="NameHubs sampled for the orthographic diagnostic."),
    ) -> None:
        """Tier 1: pairwise P/R/F1 of company and person identity, NameHub consistency, UIDs."""
        from evals.resolution import evaluate, report_tables
        from shabgraph import db
        from shabgraph.settings import Settings

        settings = Settings()
        folder = truth or settings.data_dir / "demo" / "synthetic"
        with db.open_driver(settings) as driver:
            report = evaluate(driver, settings.neo4j_database, folder, sample)
        out = Console()
        for table in report_tables(report):
            out.print(table)
