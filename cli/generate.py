"""Commands of `synthetic`: `shabgraph generate`."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this module's commands to the main app (and the `eval` group)."""
    del eval_app

    @app.command("generate")
    def generate_cmd(
        notices: int = typer.Option(10_000, "--notices", help="Number of publications."),
        seed: int = typer.Option(1, "--seed", help="Random seed (same seed, same bytes)."),
        out: Path = typer.Option(..., "--out", help="Empty output folder."),
    ) -> None:
        """Write a synthetic SHAB corpus with ground truth (docs/synthetic-corpus.md)."""
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
        from rich.table import Table

        from synthetic import generate

        console = Console(stderr=True)
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        ) as bar:
            task = bar.add_task("generating", total=notices)
            summary = generate(notices, seed, out, progress=lambda k: bar.advance(task, k))
        table = Table(title=f"synthetic corpus in {summary.out_dir} (seed {summary.seed})")
        table.add_column("what")
        table.add_column("count", justify="right")
        table.add_row("notices", str(summary.notices))
        table.add_row("notice files", str(summary.files))
        for k, v in summary.by_language.items():
            table.add_row(f"language {k}", str(v))
        for k, v in summary.by_sub_rubric.items():
            table.add_row(f"sub-rubric {k}", str(v))
        table.add_row("prose-style notices", str(summary.prose_notices))
        table.add_row("homonym persons", str(summary.homonyms))
        for k, v in summary.truth_counts.items():
            table.add_row(f"truth/{k}.jsonl", str(v))
        table.add_row("seconds", f"{summary.seconds:.1f}")
        console.print(table)
