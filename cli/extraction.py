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
        gold: Path | None = typer.Option(None, "--gold", help="Gold JSONL (extraction schema)."),
        pred: Path | None = typer.Option(None, "--pred", help="Predicted JSONL (with --gold)."),
        suite: str = typer.Option(
            "all",
            "--suite",
            help="Without --gold/--pred: all, or a comma list of dev-gold (the real dev gold), "
            "own-dev, own-heldout (the project's own notices, the held-back third).",
        ),
        backend: str = typer.Option("rules", "--backend", help="rules | llm | hybrid (suites)"),
        json_out: Path | None = typer.Option(None, "--json", help="Also write the report as JSON."),
    ) -> None:
        """Score predictions against gold (Table 4, per language), or run the extractor on the
        suites and show them side by side."""
        if gold is not None or pred is not None:
            from evals.extraction_scorer import run_eval
            from shabgraph.errors import InputError

            if gold is None or pred is None:
                raise InputError("--gold and --pred go together", "give both, or use --suite")
            run_eval(gold, pred, json_out)
            return
        from evals.extraction_suites import parse_suites, run_suites

        run_suites(parse_suites(suite), backend, json_out)
