"""Commands of the `graph_agent` package, added to `shabgraph` by `register`."""

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import date
from typing import Any

import typer
from rich.console import Console
from rich.markdown import Markdown

console = Console(stderr=True)


def _planner(value: str | None) -> str:
    from shabgraph.settings import Settings

    chosen = value or Settings().effective_planner
    if chosen not in ("offline", "llm"):
        raise typer.BadParameter("planner must be 'offline' or 'llm'")
    return chosen


async def _run(
    questions: list[str] | None,
    thread: str,
    planner: str,
    as_of: date | None,
    as_json: bool,
    rounds: int | None,
) -> None:
    from graph_agent.checkpoint import open_checkpointer
    from graph_agent.service import AgentService
    from shabgraph import db
    from shabgraph.settings import Settings

    settings = Settings()
    with db.open_driver(settings) as driver:
        async with open_checkpointer(settings) as saver:
            service = AgentService(
                settings,
                driver,
                saver,
                planner=planner,  # type: ignore[arg-type]
                max_rounds=rounds,
            )
            if questions is not None:
                for q in questions:
                    await _answer(service, q, thread, as_of, as_json)
                return
            console.print(
                f"Thread [bold]{thread}[/bold] ({planner} planner). Empty line or "
                "Ctrl-D ends; the thread is kept."
            )
            while True:
                try:
                    q = input("you> ").strip()
                except EOFError:
                    break
                if not q:
                    break
                await _answer(service, q, thread, as_of, as_json)


async def _answer(
    service: Any, question: str, thread: str, as_of: date | None, as_json: bool
) -> None:
    with console.status("thinking…"):
        result = await service.ask(question, thread, as_of=as_of)
    if as_json:
        typer.echo(
            json.dumps(
                result.model_dump(mode="json", include={"answer", "trace", "records", "citations"}),
                ensure_ascii=False,
                default=str,
            )
        )
        return
    Console().print(Markdown(result.answer))
    tr = result.trace
    route = tr.route.intent if tr.route else "-"
    console.print(
        f"[dim]thread {thread} · intent {route} · {len(tr.steps)} tool call(s) · "
        f"form {tr.synthesis_form} · {tr.llm_calls} LLM call(s) · "
        f"{tr.total_ms:.0f} ms[/dim]"
    )
    if tr.error:
        console.print(f"[red]error[/red] {tr.error}")


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this package's commands to the main app (and the `eval` group)."""

    @app.command("ask")
    def ask(
        question: str = typer.Argument(..., help="The question, in de, fr, it or en."),
        thread: str = typer.Option(
            None, "--thread", help="Conversation id (kept across calls); a new one when omitted."
        ),
        planner: str = typer.Option(
            None, "--planner", help="offline or llm (default: from SHABGRAPH_PLANNER)"
        ),
        as_of: str = typer.Option(None, "--as-of", help="Reference date YYYY-MM-DD."),
        as_json: bool = typer.Option(
            False, "--json", help="Print answer, trace, records and citations as JSON."
        ),
        rounds: int = typer.Option(None, "--max-rounds", help="Reflection rounds at most."),
    ) -> None:
        """Ask the agent one question (follow-ups: pass the same --thread)."""
        thread_id = thread or f"cli-{uuid.uuid4().hex[:8]}"
        asyncio.run(_run([question], thread_id, _planner(planner), _date(as_of), as_json, rounds))
        if not thread:
            console.print(f"[dim]follow up with --thread {thread_id}[/dim]")

    @app.command("chat")
    def chat(
        thread: str = typer.Option(None, "--thread", help="Conversation id to resume."),
        planner: str = typer.Option(None, "--planner", help="offline or llm"),
        as_of: str = typer.Option(None, "--as-of", help="Reference date YYYY-MM-DD."),
    ) -> None:
        """A terminal conversation on one thread."""
        thread_id = thread or f"chat-{uuid.uuid4().hex[:8]}"
        asyncio.run(_run(None, thread_id, _planner(planner), _date(as_of), False, None))


def _date(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise typer.BadParameter(f"--as-of must be YYYY-MM-DD, got {value!r}") from exc
