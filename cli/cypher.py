"""Commands of the `tools` package, added to `shabgraph` by `register`."""

from __future__ import annotations

import json

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this package's commands to the main app (and the `eval` group)."""
    app.command("cypher")(cypher)


def cypher(
    query: str = typer.Argument(..., help="One read-only Cypher statement."),
    params: str = typer.Option("{}", "--params", help="Query parameters as a JSON object."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole tool result as JSON."),
    max_rows: int = typer.Option(200, "--max-rows", help="Row cap."),
    timeout: float = typer.Option(10.0, "--timeout", help="Seconds before the query is stopped."),
) -> None:
    """Replay a query through the read-only sandbox: rows, or the refusal and a non-zero exit."""
    from rich.console import Console
    from rich.table import Table

    from shabgraph import db
    from shabgraph.errors import InputError
    from shabgraph.settings import Settings
    from tools.base import ToolContext
    from tools.cypher_tool import RunCypherArgs, run_cypher

    try:
        parsed = json.loads(params)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"--params is not valid JSON: {exc.msg}", hint='e.g. --params \'{"id": "CHE-..."}\''
        ) from exc
    if not isinstance(parsed, dict):
        raise InputError(
            "--params must be a JSON object", hint='e.g. --params \'{"id": "CHE-..."}\''
        )
    settings = Settings()
    with db.open_driver(settings) as driver:
        ctx = ToolContext(
            driver=driver, database=settings.neo4j_database, timeout_s=timeout, max_rows=max_rows
        )
        result = run_cypher(ctx, RunCypherArgs(query=query, params=parsed))
    if as_json:
        typer.echo(result.model_dump_json(indent=2))
    else:
        out = Console()
        if result.records:
            table = Table(*result.records[0].keys())
            for rec in result.records:
                table.add_row(
                    *(
                        json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v
                        for v in rec.values()
                    )
                )
            out.print(table)
        Console(stderr=True).print(f"{result.outcome}: {result.message} ({result.ms:.0f} ms)")
    if result.outcome == "error":
        raise typer.Exit(3)
