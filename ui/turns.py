# mypy: disallow-untyped-calls=False
# (Chainlit's own methods, `send`, `user_session.get` and the like, are unannotated; every
# function of ours is typed, which strict's `disallow_untyped_defs` still checks.)
"""One chat turn on screen: stream the agent, show its audit steps, the answer, its evidence.

Also the dossier and network views, which answers and the network drawing open through actions.
Every function takes the `Runtime` it needs; Chainlit's context comes from the running session.
"""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

import chainlit as cl

from graph_agent.result import EntityRef, TurnResult
from shabgraph.markdown import (
    code_span,
    escape_inline,
    mark_controls,
    notice_ref,
    sanitize_markdown,
    stream_safe,
)
from ui.agent_bridge import AgentOptions, event_text, is_turn_result
from ui.compat import StoredMetadataMessage, refresh_step
from ui.dossier import Dossier, EntityHit, dossier_markdown, load_dossier, search_entities
from ui.error_report import report_turn_error
from ui.network import NetworkGraph, evidence_subgraph, graph_from_records, neighbourhood
from ui.notices import fetch_notices, notice_markdown
from ui.render import cited_numbers, turn_views
from ui.runtime import Runtime

STREAM_CHUNK = 24
STREAM_PARTS = 6
MAX_ENTITY_ACTIONS = 4


async def run_turn(
    rt: Runtime, question: str, options: AgentOptions, focus: EntityRef | None, as_of: date | None
) -> TurnResult:
    """Ask the agent: its progress as bullets of the run step, its text into the answer message."""
    agent = await rt.agent(options)
    thread_id = cl.context.session.thread_id
    # Made before the run step opens: a message made inside it would be nested in it.
    answer = AnswerMessage(content="")
    result: TurnResult | None = None
    try:
        async with cl.Step(name="graph agent", type="run", show_input=False) as parent:
            parent.output = "working…"
            progress: list[str] = []
            async for item in agent.astream(
                question,
                thread_id,
                selected_entity=focus,
                as_of=as_of,
                on_token=answer.stream_safe_token,
            ):
                if is_turn_result(item):
                    result = item
                    break
                # Agent-composed lines, with data inside (names, reasons): kept to one line,
                # whatever a value could abuse neutralised.
                progress.append(sanitize_markdown(" ".join(event_text(item).split())))
                parent.output = "\n".join(f"- {line}" for line in progress[-8:])
                await refresh_step(parent)
            if result is None:
                raise RuntimeError("the agent stream ended without a result")
            for view in turn_views(result):
                step = cl.Step(
                    name=view.name,
                    type=view.type,
                    parent_id=parent.id,
                    metadata=view.metadata,
                    show_input="json" if view.input else False,
                )
                step.input = view.input
                step.output = view.output
                step.is_error = view.is_error
                await step.send()
            parent.output = (
                f"{len(result.trace.steps)} tool calls · "
                f"{len(result.records)} records · {result.trace.total_ms:.0f} ms"
            )
    except BaseException:
        if answer.streaming:  # take back a half-written answer; the error message follows
            await answer.remove()
        raise
    await present_answer(rt, result, answer)
    await report_turn_error(result)
    return result


async def present_answer(rt: Runtime, result: TurnResult, msg: AnswerMessage) -> None:
    """Finish the answer message: its final text, cited notices (side view), network, actions.

    The LLM planner has streamed its text into `msg` already; the result's text is the one that
    counts (it replaces a streamed text that failed the citation check). An answer nothing
    streamed (the offline planner) is sent in a few chunks, for the typing effect at a fraction
    of the socket messages that word-sized tokens cost.
    """
    driver = await rt.get_driver()
    numbers = cited_numbers(result)
    notices = await asyncio.to_thread(fetch_notices, driver, rt.settings.neo4j_database, numbers)
    # The answer's Markdown is composed from data: whatever a value could still abuse (an
    # image, raw HTML, a link elsewhere) is neutralised here, whoever wrote the text.
    answer = sanitize_markdown(result.answer)
    missing = [n for n in numbers if n not in answer]
    if missing:
        answer += "\n\n**Sources** " + ", ".join(notice_ref(n) for n in missing)
    elements: list[Any] = [
        cl.Text(name=n, content=notice_markdown(notices[n]), display="side", mime="text/markdown")
        for n in numbers
        if n in notices
    ]
    if wants_network(result):
        graph = await answer_network(rt, result)
        if graph.nodes:
            elements.append(network_element(graph))
    await msg.flush_stream()
    if not msg.streaming:
        chunk = max(STREAM_CHUNK, -(-len(answer) // STREAM_PARTS))
        for i in range(0, len(answer), chunk):
            await msg.stream_token(answer[i : i + chunk])
    msg.content = answer
    msg.elements = elements
    msg.actions = answer_actions(result)
    # Set after streaming, so the stream's start does not carry it to the browser.
    msg.metadata = {
        "turn": result.model_dump(mode="json"),
        "notices": {k: v.model_dump() for k, v in notices.items()},
    }
    await msg.send()


class AnswerMessage(StoredMetadataMessage):
    """An answer: its metadata (the turn for the export, ~20 kB) is stored but not sent.

    Tokens an LLM streams are shown as they come, before the final (sanitised) text replaces
    them: `stream_safe_token` makes sure no image forms in between (`stream_safe`).
    """

    held: str = ""

    async def stream_safe_token(self, token: str) -> None:
        """Stream `token`, an image-opening `![` escaped, a trailing `!` kept for the next."""
        send, self.held = stream_safe(self.held, token)
        if send:
            await self.stream_token(send)

    async def flush_stream(self) -> None:
        """Send what `stream_safe_token` held back at the end of the stream."""
        if self.held:
            held, self.held = self.held, ""
            await self.stream_token(held)


def wants_network(result: TurnResult) -> bool:
    """Draw the network inline when the agent explored relationships."""
    return result.trace.synthesis_form == "network" or any(
        s.tool == "explore_network" and s.outcome == "evidence" for s in result.trace.steps
    )


async def answer_network(rt: Runtime, result: TurnResult) -> NetworkGraph:
    """What explore_network returned, else the evidence subgraph of the answer's entities."""
    records = [r for s in result.trace.steps if s.tool == "explore_network" for r in s.records]
    graph = graph_from_records("Relationships found", records)
    if graph.nodes:
        return graph
    driver = await rt.get_driver()
    ids = [e.id for e in result.entities]
    return await asyncio.to_thread(
        evidence_subgraph, driver, rt.settings.neo4j_database, ids, "Evidence subgraph"
    )


def network_element(graph: NetworkGraph) -> cl.CustomElement:
    """The NetworkView custom element (public/elements/NetworkView.jsx)."""
    return cl.CustomElement(name="NetworkView", props=graph.model_dump(), display="inline")


def answer_actions(result: TurnResult) -> list[cl.Action]:
    """Buttons under an answer: open each resolved entity's dossier, export the thread."""
    actions = [
        cl.Action(
            name="open_dossier",
            label=f"Dossier: {mark_controls(e.name)}",
            icon="folder-open",
            payload={"id": e.id, "kind": e.kind, "name": e.name},
        )
        for e in result.entities[:MAX_ENTITY_ACTIONS]
    ]
    actions.append(cl.Action(name="export_thread", label="Export", icon="download", payload={}))
    return actions


async def show_search(rt: Runtime, text: str) -> None:
    """Search companies and persons; open the dossier at once when there is one hit."""
    driver = await rt.get_driver()
    hits: list[EntityHit] = await asyncio.to_thread(
        search_entities, driver, rt.settings.neo4j_database, text
    )
    if len(hits) == 1:
        await show_dossier(rt, hits[0].id, hits[0].kind)
        return
    if not hits:
        await cl.Message(content=f"No company or person matches **{escape_inline(text)}**.").send()
        return
    lines = [
        f"- {escape_inline(h.name)} ({escape_inline(h.kind)}"
        f"{', ' + escape_inline(h.uid) if h.uid else ''}"
        f"{', ' + escape_inline(h.detail) if h.detail else ''})"
        for h in hits
    ]
    await cl.Message(
        content=f"{len(hits)} matches for **{escape_inline(text)}**:\n" + "\n".join(lines),
        actions=[
            cl.Action(
                name="open_dossier",
                label=mark_controls(h.name),
                icon="folder-open",
                payload={"id": h.id, "kind": h.kind, "name": h.name},
            )
            for h in hits
        ],
    ).send()


async def show_dossier(rt: Runtime, entity_id: str, kind: str) -> Dossier | None:
    """Send the dossier of one entity, with buttons to focus the chat on it or draw its network."""
    driver = await rt.get_driver()
    dossier = await asyncio.to_thread(
        load_dossier,
        driver,
        rt.settings.neo4j_database,
        entity_id,
        "person" if kind == "person" else "company",
    )
    if dossier is None:
        await cl.Message(content=f"No dossier found for {code_span(entity_id)}.").send()
        return None
    payload = {"id": dossier.id, "kind": dossier.kind, "name": dossier.name}
    await cl.Message(
        content=dossier_markdown(dossier),
        actions=[
            cl.Action(
                name="focus_entity",
                label=f"Ask about {mark_controls(dossier.name)}",
                icon="message-circle",
                payload=payload,
            ),
            cl.Action(name="show_network", label="Network view", icon="share-2", payload=payload),
        ],
    ).send()
    return dossier


async def show_network(rt: Runtime, entity_id: str, name: str) -> NetworkGraph:
    """Draw up to two hops of relationships around one entity."""
    driver = await rt.get_driver()
    graph = await asyncio.to_thread(
        neighbourhood, driver, rt.settings.neo4j_database, entity_id, f"Network of {name}"
    )
    await cl.Message(
        content=f"Network of **{escape_inline(name)}**: {len(graph.nodes)} nodes, "
        f"{len(graph.edges)} relationships. Click a node for its dossier.",
        elements=[network_element(graph)],
    ).send()
    return graph
