"""Commands of the `evals` package, added to `shabgraph` by `register`.

`shabgraph eval run` runs the benchmarks and writes a report folder; `eval generate` writes the
graph-seeded and conversational suites from a synthetic corpus's ground truth; `eval check`
validates a (hand-written) benchmark file; `eval schema` prints the JSON Schema of its lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console

console = Console(stderr=True)


def run(
    suite: str = typer.Option("all", help="graph-seeded, conversational, curated or all."),
    systems: str = typer.Option(
        "full,dense,lexical,hybrid,no-router,no-reflection,structured-only",
        help="Comma-separated systems to evaluate.",
    ),
    out: Path = typer.Option(Path("data/eval-report"), help="Report folder (overwritten)."),
    bench_dir: Path = typer.Option(
        None, help="Folder with the suite files (default: the shipped evals/data)."
    ),
    limit: int = typer.Option(0, help="At most this many items per suite (0: all)."),
    judge: bool = typer.Option(True, help="Use the LLM judge when an LLM is configured."),
    corpus: Path = typer.Option(
        None,
        help="Synthetic corpus the graph was built from (tier-1 resolution against its truth).",
    ),
    questions: Path = typer.Option(
        None, help="Curated suite: a questions file (default: evals/data/questions/real_dev)."
    ),
) -> None:
    """Run the benchmarks against the systems and write the report folder."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskID,
        TextColumn,
        TimeElapsedColumn,
    )

    from evals.pipeline import DATA_DIR, RunConfig, parse_suites, parse_systems, run_evaluation
    from shabgraph import db
    from shabgraph.settings import Settings

    settings = Settings()
    # The curated suite is real users' questions judged by the scorer's rule (evals/curated.py),
    # not a benchmark-format file: it runs beside the pipeline, not through it.
    suites = parse_suites(suite)
    curated = "curated" in suites
    config = RunConfig(
        suites=[s for s in suites if s != "curated"],
        systems=parse_systems(systems),
        out_dir=out,
        bench_dir=bench_dir or DATA_DIR,
        limit=limit or None,
        judge=judge,
        corpus=corpus,
    )
    with (
        db.open_driver(settings) as driver,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        ) as bar,
    ):
        tasks: dict[str, TaskID] = {}

        def progress(label: str, done: int, total: int) -> None:
            kind = "embedding notices" if label == "embedding notices" else "questions"
            if kind not in tasks:
                tasks[kind] = bar.add_task(kind, total=total)
            bar.update(
                tasks[kind], completed=done, total=total, description=f"{kind}: {label}"[:60]
            )

        paths = run_evaluation(settings, driver, config, progress) if config.suites else []
        if curated:
            from evals.curated import run_curated

            paths += run_curated(settings, driver, out, questions, limit or None, progress)
    console.print(f"Report written to {out}/ ({len(paths)} files): {', '.join(map(str, paths))}")


def generate(
    corpus: Path = typer.Option(..., help="Corpus folder of `shabgraph generate` (with truth/)."),
    out: Path = typer.Option(None, help="Folder for the suite files (default: evals/data)."),
    questions: int = typer.Option(324, help="Graph-seeded questions (at least 300 for a report)."),
    conversations: int = typer.Option(12, help="Conversations."),
    seed: int = typer.Option(7, help="Random seed (same truth and seed, same files)."),
) -> None:
    """Write graph_seeded.jsonl and conversational.jsonl from the corpus's ground truth."""
    from collections import Counter

    from evals import benchmark
    from evals.generate import conversational, graph_seeded
    from evals.pipeline import DATA_DIR, SUITE_FILES
    from evals.truth import Truth

    target = out or DATA_DIR
    truth = Truth.load(corpus)
    qs = graph_seeded(truth, questions, seed)
    cs = conversational(truth, conversations, seed)
    benchmark.dump(qs, target / SUITE_FILES["graph-seeded"])
    benchmark.dump(cs, target / SUITE_FILES["conversational"])
    cells = Counter(f"{q.task_type}/{q.difficulty}" for q in qs)
    langs = Counter(q.language for q in qs)
    console.print(
        f"{len(qs)} questions ({', '.join(f'{k} {v}' for k, v in sorted(cells.items()))})"
    )
    console.print(
        f"languages: {dict(sorted(langs.items()))}; {len(cs)} conversations, "
        f"{sum(len(c.turns) for c in cs)} turns; written to {target}/"
    )
    if len(qs) < questions:
        console.print(
            f"[yellow]only {len(qs)} of {questions} questions: the corpus is too small "
            "for some task types[/yellow]"
        )


def report(
    out: Path = typer.Option(Path("data/eval-report"), help="Report folder of an earlier run."),
    corpus: Path = typer.Option(
        None,
        help="Synthetic corpus the graph was built from (tier-1 resolution against its truth).",
    ),
) -> None:
    """Write report.md, results.md, summary.json and plots again from a run's records.jsonl."""
    from evals.pipeline import rerender
    from shabgraph import db
    from shabgraph.settings import Settings

    settings = Settings()
    with db.open_driver(settings) as driver:
        paths = rerender(settings, driver, out, corpus)
    console.print(
        f"Report written to {out}/ ({len(paths)} files): {out / 'report.md'}, {out / 'results.md'}"
    )


def check(path: Path = typer.Argument(..., help="A benchmark JSONL file.")) -> None:
    """Validate a benchmark file (for hand-written curated sets) and print what it holds."""
    from collections import Counter

    from evals import benchmark

    records = benchmark.load(path)
    kinds = Counter(r.kind for r in records)
    console.print(f"{path}: valid, {dict(kinds)}")


def schema() -> None:
    """Print the JSON Schema of one benchmark line."""
    from evals.benchmark import json_schema

    typer.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this package's commands to the `eval` group."""
    eval_app.command("run")(run)
    eval_app.command("report")(report)
    eval_app.command("generate")(generate)
    eval_app.command("check")(check)
    eval_app.command("schema")(schema)
