# mypy: disallow-untyped-calls=False
# (Chainlit's own methods, `send`, `user_session.get` and the like, are unannotated; every
# function of ours is typed, which strict's `disallow_untyped_defs` still checks.)
"""The Chainlit callbacks: thread store, settings, starters, messages, actions, sharing.

Login, logout and the checks in front of Chainlit's routes are registered by `ui.login`,
which this module imports.

Imported by the top-level `app.py`. Importing it registers callbacks and reads the environment;
it connects to nothing (the thread store's schema is created at app start-up, the Neo4j driver
on the first question).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import date
from typing import Any

import chainlit as cl
from chainlit.data import get_data_layer
from chainlit.input_widget import Select, Slider, TextInput
from chainlit.types import CommandDict, ThreadDict

import ui.login  # noqa: F401  (registers login, logout and the request checks)
from graph_agent.result import EntityRef
from shabgraph.errors import ShabgraphError
from shabgraph.markdown import escape_inline
from ui.agent_bridge import AgentOptions
from ui.compat import skip_step_sleeps
from ui.dossier import search_entities
from ui.error_report import report_error
from ui.export import export_files
from ui.paths import files_dir, thread_db_url
from ui.persistence import create_schema, parse_json_field
from ui.runtime import Runtime, close_runtime, runtime
from ui.sharing import can_view
from ui.storage import LocalStorageClient
from ui.thread_store import ThreadStore
from ui.turns import run_turn, show_dossier, show_network, show_search

log = logging.getLogger("shabgraph.ui")

# One per language the registry publishes in, plus English; registry-wide, so they work on any graph.
STARTERS = [
    ("Löschungen im Kanton Zürich", "Wie viele Firmen wurden 2024 im Kanton Zürich gelöscht?"),
    (
        "Fusions dans le canton de Vaud",
        "Quelles sociétés ont fusionné dans le canton de Vaud en 2024 ?",
    ),
    ("Nuove iscrizioni in Ticino", "Quante società sono state iscritte in Ticino nel 2025?"),
    ("Board changes", "Which companies in Bern changed their board of directors in 2025?"),
]
COMMANDS: list[CommandDict] = [
    {
        "id": "Dossier",
        "icon": "folder-search",
        "description": "Open a company or person dossier",
        "button": False,
        "persistent": False,
        "selected": False,
    },
    {
        "id": "Network",
        "icon": "share-2",
        "description": "Draw the network around an entity",
        "button": False,
        "persistent": False,
        "selected": False,
    },
    {
        "id": "Global",
        "icon": "globe",
        "description": "Stop focusing on one entity",
        "button": False,
        "persistent": False,
        "selected": False,
    },
    {
        "id": "Export",
        "icon": "download",
        "description": "Export this thread (Markdown + JSON)",
        "button": False,
        "persistent": False,
        "selected": False,
    },
]


@cl.data_layer
def data_layer() -> ThreadStore:
    rt = runtime()
    storage = LocalStorageClient(files_dir(rt.settings))
    return ThreadStore(thread_db_url(rt.settings), storage_provider=storage)


@cl.on_app_startup
async def startup() -> None:
    rt = runtime()
    if not skip_step_sleeps():
        log.warning("Chainlit's step sleeps could not be skipped (Chainlit changed?)")
    tables = await create_schema(thread_db_url(rt.settings))
    log.info("thread store ready (%s)", ", ".join(tables))


@cl.on_app_shutdown
async def shutdown() -> None:
    await close_runtime()


@cl.set_starters
async def starters(user: cl.User | None = None, language: str | None = None) -> list[cl.Starter]:
    return [cl.Starter(label=label, message=message) for label, message in STARTERS]


def settings_widgets(planner: str, max_rounds: int, as_of: str) -> cl.ChatSettings:
    return cl.ChatSettings(
        [
            Select(
                id="planner",
                label="Planner",
                values=["offline", "llm"],
                initial_value=planner,
                description="offline = deterministic rules; llm = the configured endpoint",
            ),
            Slider(
                id="max_rounds", label="Reflection limit", initial=max_rounds, min=0, max=8, step=1
            ),
            TextInput(id="as_of", label="As of (YYYY-MM-DD, empty = today)", initial=as_of),
        ]
    )


@cl.on_chat_start
async def chat_start() -> None:
    rt = runtime()
    await apply_settings(
        await settings_widgets(
            rt.settings.effective_planner, rt.settings.max_reflection_rounds, ""
        ).send()
    )
    await cl.context.emitter.set_commands(COMMANDS)


@cl.on_chat_resume
async def chat_resume(thread: ThreadDict) -> None:
    rt = runtime()
    meta = parse_json_field(thread.get("metadata")) or {}
    saved = (meta.get("chat_settings") if isinstance(meta, dict) else None) or {}
    planner = saved.get("planner") or rt.settings.effective_planner
    rounds = int(saved.get("max_rounds", rt.settings.max_reflection_rounds))
    await apply_settings(await settings_widgets(planner, rounds, saved.get("as_of") or "").send())
    focus = meta.get("focus") if isinstance(meta, dict) else None
    cl.user_session.set("focus", EntityRef.model_validate(focus) if focus else None)
    await cl.context.emitter.set_commands(COMMANDS)


@cl.on_settings_update
async def apply_settings(values: dict[str, Any]) -> None:
    cl.user_session.set("chat_settings", dict(values))


def options_from(values: dict[str, Any], rt: Runtime) -> tuple[AgentOptions, date | None]:
    """Agent options and as_of date from the chat settings; bad input raises a clear error."""
    planner = values.get("planner") or rt.settings.effective_planner
    if planner == "llm" and not rt.settings.llm_configured:
        raise ShabgraphError(
            "the llm planner needs an endpoint",
            hint="set SHABGRAPH_LLM_BASE_URL, or pick the offline planner",
        )
    raw = (values.get("as_of") or "").strip()
    try:
        as_of = date.fromisoformat(raw) if raw else None
    except ValueError as exc:
        raise ShabgraphError(f"'{raw}' is not a date", hint="write it as YYYY-MM-DD") from exc
    return AgentOptions(
        planner=planner, max_rounds=int(values.get("max_rounds", rt.settings.max_reflection_rounds))
    ), as_of


@cl.on_message
async def on_message(message: cl.Message) -> None:
    rt = runtime()
    text = message.content.strip()
    command = message.command or ""
    if not command and text.startswith("/"):
        command, _, text = text[1:].partition(" ")
        text = text.strip()
    try:
        match command.lower():
            case "dossier":
                await show_search(rt, text)
            case "network":
                await network_command(rt, text)
            case "export":
                await export_thread()
            case "global":
                await set_focus(None)
            case _:
                options, as_of = options_from(cl.user_session.get("chat_settings") or {}, rt)
                await run_turn(rt, text, options, cl.user_session.get("focus"), as_of)
    except Exception as exc:  # every failure reaches the user as a message with an id
        await report_error(exc)


async def network_command(rt: Runtime, text: str) -> None:
    focus: EntityRef | None = cl.user_session.get("focus")
    if not text and focus:
        await show_network(rt, focus.id, focus.name)
        return
    hits = await asyncio.to_thread(
        search_entities, await rt.get_driver(), rt.settings.neo4j_database, text, 1
    )
    if not hits:
        await cl.Message(content=f"No company or person matches **{escape_inline(text)}**.").send()
        return
    await show_network(rt, hits[0].id, hits[0].name)


async def set_focus(entity: EntityRef | None, *, announce: bool = True) -> None:
    """Make follow-up questions about `entity` (kept in the thread for resumes)."""
    cl.user_session.set("focus", entity)
    layer = get_data_layer()
    if layer:
        await layer.update_thread(
            cl.context.session.thread_id,
            metadata={"focus": entity.model_dump() if entity else None},
        )
    if announce:
        text = (
            f"Questions now concern **{escape_inline(entity.name)}** ({escape_inline(entity.kind)})."
            if entity
            else "No entity selected: questions concern the whole registry."
        )
        await cl.Message(content=text).send()


@cl.action_callback("open_dossier")
async def open_dossier(action: cl.Action) -> None:
    try:
        await show_dossier(runtime(), str(action.payload["id"]), str(action.payload.get("kind")))
    except Exception as exc:
        await report_error(exc)


@cl.action_callback("focus_entity")
async def focus_entity(action: cl.Action) -> None:
    p = action.payload
    await set_focus(
        EntityRef(id=p["id"], kind=p.get("kind", "company"), name=p.get("name", p["id"]))
    )


@cl.action_callback("show_network")
async def network_action(action: cl.Action) -> None:
    try:
        await show_network(runtime(), str(action.payload["id"]), str(action.payload.get("name")))
    except Exception as exc:
        await report_error(exc)


@cl.action_callback("export_thread")
async def export_action(action: cl.Action) -> None:
    try:
        await export_thread()
    except Exception as exc:
        await report_error(exc)


async def export_thread() -> None:
    """Send the thread as Markdown and JSON files (rebuilt from the thread store)."""
    layer = get_data_layer()
    thread = await layer.get_thread(cl.context.session.thread_id) if layer else None
    if not thread:
        await cl.Message(content="Nothing to export yet: ask a question first.").send()
        return
    files = export_files(dict(thread))
    await cl.Message(
        content="Export of this thread (answers, traces, records, cited notices):",
        elements=[
            cl.File(
                name=name,
                content=data,
                mime="text/markdown" if name.endswith(".md") else "application/json",
            )
            for name, data in files.items()
        ],
    ).send()


@cl.on_shared_thread_view
async def shared_view(thread: ThreadDict, viewer: cl.User | None) -> bool:
    allowed, reason = can_view(dict(thread), viewer.identifier if viewer else None)
    log.info("shared view of %s by %s: %s", thread.get("id"), viewer and viewer.identifier, reason)
    return allowed
