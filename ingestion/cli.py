"""Commands of the `ingestion` package, added to `shabgraph` by `register`."""

from __future__ import annotations

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add the ingestion commands (parse, harvest, generate, extract, ingest, stats, evals)."""
    from ingestion.extraction import cli as extraction_cli
    from ingestion.graph import cli as graph_cli
    from ingestion.sources import cli as sources_cli
    from ingestion.synthetic import cli as synthetic_cli

    for module in (sources_cli, synthetic_cli, extraction_cli, graph_cli):
        module.register(app, eval_app)
