"""Commands of `ingestion.extraction`: `shabgraph extract` and `shabgraph eval extraction`."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this module's commands to the main app (and the `eval` group)."""

    @app.command("extract")
    def extract(
        input_path: Path = typer.Argument(..., help="JSONL of {id, text, language?, subject?}."),
        output: Path = typer.Option(..., "-o", "--output", help="JSONL output, one record a line."),
        backend: str = typer.Option("rules", "--backend", help="rules | llm | hybrid"),
    ) -> None:
        """Extract persons, companies, roles and events from notice texts."""
        from ingestion.extraction.run import run_extract

        run_extract(input_path, output, backend)

    @eval_app.command("extraction")
    def eval_extraction(
        gold: Path = typer.Option(..., "--gold", help="Gold JSONL (extraction schema)."),
        pred: Path = typer.Option(..., "--pred", help="Predicted JSONL (extraction schema)."),
        json_out: Path | None = typer.Option(None, "--json", help="Also write the report as JSON."),
    ) -> None:
        """Score predictions against gold: the paper's Table 4, per language."""
        from evals.extraction_scorer import run_eval

        run_eval(gold, pred, json_out)
