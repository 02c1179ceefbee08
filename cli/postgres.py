"""`shabgraph postgres ...` (the managed local Postgres) and `shabgraph threads ...` (moving the
chat's threads and the agent's memory between databases), added to `shabgraph` by `register`."""

from __future__ import annotations

import asyncio
from pathlib import Path

import typer
from rich.console import Console

from shabgraph.errors import ShabgraphError

console = Console(stderr=True)

postgres_app = typer.Typer(
    help="Start, stop and inspect the managed local Postgres (threads, sharing, agent memory).",
    no_args_is_help=True,
)
threads_app = typer.Typer(
    help="Export and import chat threads with their steps, elements, feedback, shares and the "
    "agent's checkpoints (e.g. SQLite to Postgres).",
    no_args_is_help=True,
)


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add the `postgres` and `threads` command groups to the main app."""
    app.add_typer(postgres_app, name="postgres")
    app.add_typer(threads_app, name="threads")


def ensure_managed_postgres(console: Console) -> bool:
    """For `shabgraph up`: start the managed Postgres when SHABGRAPH_DATABASE_URL names it.

    True when this call started it (so that a failing `up` can stop it again).
    """
    from shabgraph import database_url, postgres_server
    from shabgraph.settings import Settings

    settings = Settings()
    started = False
    if database_url.points_at_managed(settings):
        started = not postgres_server.status(settings).running
        st = postgres_server.start(settings)
        console.print(f"Postgres ({settings.postgres_instance}) running (pid {st.pid}).")
    if database_url.backend(settings) == "postgresql":
        console.print(f"Threads and agent memory in {database_url.describe(settings)}.")
    return started


def prepare_thread_database(console: Console) -> None:
    """For `shabgraph up`, before anything else starts: the managed Postgres if the URL names
    it, then the thread store's schema; on failure nothing `up` started stays running."""
    from shabgraph import postgres_server
    from shabgraph.settings import Settings

    started = ensure_managed_postgres(console)
    try:
        check_thread_database(console)
    except ShabgraphError:
        if started:
            postgres_server.stop(Settings())
            console.print("Stopped the managed Postgres again.")
        raise


STORE_CHECK_TIMEOUT_S = 20.0
"""Seconds `shabgraph up` waits for the thread database before it gives up."""


def check_thread_database(console: Console) -> None:
    """For `shabgraph up`: make or migrate the thread store's schema now, or fail with the cause.

    Run before anything is started: the app itself would only log the failure and serve anyway
    (Chainlit swallows start-up errors), and so reported ready a UI whose every thread fails.
    """
    from shabgraph import database_url
    from shabgraph.errors import DatabaseUnavailable
    from shabgraph.settings import Settings
    from ui.persistence import ensure_schema
    from ui.readiness import cause

    settings = Settings()
    where = database_url.describe(settings)
    hint = "check SHABGRAPH_DATABASE_URL (host, port, user, password, database), or unset it"
    try:
        asyncio.run(
            asyncio.wait_for(
                ensure_schema(database_url.thread_store_url(settings)), STORE_CHECK_TIMEOUT_S
            )
        )
    except TimeoutError as exc:
        raise DatabaseUnavailable(
            f"the thread database {where} did not answer within {STORE_CHECK_TIMEOUT_S:g} s",
            hint=hint,
        ) from exc
    except ShabgraphError:
        raise  # a bad URL, said as such by database_url
    except Exception as exc:  # any driver error: the cause is the driver's own message
        raise DatabaseUnavailable(
            f"the thread database {where} cannot be used: {cause(exc)}", hint=hint
        ) from exc
    console.print(f"Thread store ready in {where}.")


@postgres_app.command("start")
def postgres_start() -> None:
    """Start the managed Postgres on 127.0.0.1 (initdb on first use); a no-op when it runs."""
    from shabgraph import postgres_server
    from shabgraph.settings import Settings

    settings = Settings()
    was_running = postgres_server.status(settings).running
    st = postgres_server.start(settings)
    word = "already running" if was_running else "started"
    console.print(f"Postgres ({settings.postgres_instance}) {word} (pid {st.pid}).")
    console.print("Use it with:")
    typer.echo(f"SHABGRAPH_DATABASE_URL={st.url}")


@postgres_app.command("stop")
def postgres_stop() -> None:
    """Stop the managed Postgres (by its recorded pid)."""
    from shabgraph import postgres_server
    from shabgraph.settings import Settings

    stopped = postgres_server.stop(Settings())
    console.print("Postgres stopped." if stopped else "No managed Postgres was running.")


@postgres_app.command("status")
def postgres_status() -> None:
    """Report whether the managed Postgres runs (exit 1 if not) and its URL."""
    from shabgraph import postgres_server
    from shabgraph.settings import Settings

    settings = Settings()
    st = postgres_server.status(settings)
    if not st.running:
        console.print(
            f"Postgres ({settings.postgres_instance}) is not running "
            f"(initialised: {'yes' if st.initialized else 'no'}; folder {settings.postgres_dir})."
        )
        raise typer.Exit(1)
    typer.echo(f"Postgres ({settings.postgres_instance}) running, pid {st.pid}: {st.url}")


@postgres_app.command("url")
def postgres_url(
    database: str = typer.Option("shabgraph", help="Database name in the URL."),
    password: bool = typer.Option(
        False, "--password", help="Include the generated password (for other clients)."
    ),
) -> None:
    """Print the managed instance's URL (the app fills the password in itself)."""
    from shabgraph import postgres_server
    from shabgraph.settings import Settings

    typer.echo(postgres_server.url(Settings(), database, with_password=password))


@threads_app.command("export")
def threads_export(
    file: Path = typer.Argument(..., help="JSON-lines file to write."),
) -> None:
    """Write every thread of the configured store (SHABGRAPH_DATABASE_URL, default SQLite),
    with its element files and the agent's checkpoints, to FILE."""
    from shabgraph.settings import Settings
    from ui.thread_transfer import export_threads

    counts = asyncio.run(export_threads(Settings(), file))
    console.print(f"Exported to {file}: {_summary(counts)}.")


@threads_app.command("import")
def threads_import(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="File of `threads export`."),
) -> None:
    """Read FILE into the configured store (schema made first); rows already there are kept,
    so importing twice changes nothing."""
    from shabgraph.settings import Settings
    from ui.thread_transfer import import_threads

    counts = asyncio.run(import_threads(Settings(), file))
    console.print(f"Imported from {file}: {_summary(counts)}.")


def _summary(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())
