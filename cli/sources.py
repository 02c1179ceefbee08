"""Commands of `ingestion.sources`: `parse` (any files to JSONL) and `harvest` (the live API)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import typer
from rich.console import Console

console = Console(stderr=True)


def parse(
    paths: list[Path] = typer.Argument(..., help="Files or folders (read recursively)."),
    out: Path = typer.Option(
        Path("publications.jsonl"),
        "--out",
        "-o",
        help="Where to write the publications, one JSON a line.",
    ),
    rejects: Path | None = typer.Option(None, help="Reject file (default: <out>.rejects.jsonl)."),
) -> None:
    """Read amtsblattportal JSON/XML, Zefix daily and Zefix REST files into publications JSONL."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ingestion.sources import PublicationReader, Reject, iter_files
    from ingestion.sources.summary import ParseSummary
    from shabgraph.errors import InputError

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise InputError(f"not found: {', '.join(missing)}", "check the paths")
    files = list(iter_files(paths))
    if not files:
        raise InputError(
            "no files to read in the given folders",
            "expected .json, .jsonl, .xml or Zefix daily files",
        )
    rejects = rejects or out.with_name(out.stem + ".rejects.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp_out, tmp_rej = out.with_name(out.name + ".part"), rejects.with_name(rejects.name + ".part")
    summary = ParseSummary()
    reader = PublicationReader()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[records]} records"),
    )
    with (
        tmp_out.open("w", encoding="utf-8") as fo,
        tmp_rej.open("w", encoding="utf-8") as fr,
        Progress(*columns, console=console, transient=True) as progress,
    ):
        task = progress.add_task("parsing", total=len(files), records=0)
        for path in files:
            for item in reader.read_file(path):
                summary.add(item)
                (fr if isinstance(item, Reject) else fo).write(item.model_dump_json() + "\n")
            summary.files += 1
            progress.update(task, advance=1, records=summary.publications)
    tmp_out.replace(out)
    tmp_rej.replace(rejects)
    console.print(summary.table())
    console.print(f"publications: {out}" + (f"; rejects: {rejects}" if summary.rejected else ""))


def harvest(
    date_from: str = typer.Option(..., "--from", help="First publication date (YYYY-MM-DD)."),
    date_to: str = typer.Option(..., "--to", help="Last publication date (YYYY-MM-DD)."),
    sub_rubric: str = typer.Option("HR01,HR02,HR03", help="Comma-separated sub-rubrics."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for raw responses and state."),
    base_url: str = typer.Option("https://amtsblattportal.ch", help="The service's base URL."),
    min_interval: float = typer.Option(1.0, help="Seconds between two requests (politeness)."),
    page_size: int = typer.Option(2000, help="Results per request (the service allows 2,000)."),
) -> None:
    """Fetch HR publications from amtsblattportal.ch into DIR (resumable; parse DIR offline)."""
    from ingestion.sources.harvest import HarvestConfig, Harvester
    from shabgraph.errors import InputError

    try:
        start, end = date.fromisoformat(date_from), date.fromisoformat(date_to)
    except ValueError as exc:
        raise InputError(f"bad date: {exc}", "use YYYY-MM-DD") from exc
    config = HarvestConfig(
        base_url=base_url,
        date_from=start,
        date_to=end,
        sub_rubrics=[s.strip() for s in sub_rubric.split(",") if s.strip()],
        out_dir=out,
        min_interval=min_interval,
        page_size=page_size,
    )
    report = Harvester(config, console=console).run()
    console.print(report.table())


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this module's commands to the main app (and the `eval` group)."""
    app.command("parse")(parse)
    app.command("harvest")(harvest)
