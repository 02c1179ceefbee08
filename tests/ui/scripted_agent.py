"""A scripted agent for the UI tests: real Cypher on the test graph, fixed routing rules.

It exists so the UI can be tested (traces, dossiers, network, resume) independently of the
agent's answers. Its per-thread memory lives in a JSON file, like a checkpointer, so a test can
tell whether the UI resumed the same thread id after a restart. With the `llm` planner it writes
its answer word by word to `on_token`, as the LLM planner streams its synthesis.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph_agent.result import Citation, EntityRef, RouteDecision, ToolStep, Trace, TurnResult
from shabgraph import db
from shabgraph.settings import Settings
from tools.base import QueryTrace
from ui.agent_bridge import AgentOptions

FIND = """
CALL db.index.fulltext.queryNodes('company_fulltext', $q) YIELD node, score
RETURN node.id AS id, node.name AS name, node.uid AS uid, node.seat AS seat, node.pubs AS pubs
ORDER BY score DESC LIMIT 5
"""
OFFICERS = """
MATCH (p:Person)-[r:HOLDS_ROLE]->(c:Company {id: $id})
RETURN p.id AS person_id, p.full_name AS person_name, r.role_text AS role,
       r.signature AS signature, toString(r.valid_from) AS valid_from, r.pubs AS pubs
ORDER BY p.full_name
"""
NETWORK = """
MATCH (c:Company {id: $id})-[r:HOLDS_ROLE|HEAD_OFFICE_OF]-(o)
OPTIONAL MATCH (o)-[r2:HOLDS_ROLE]->(c2:Company) WHERE c2 <> c
RETURN c.id AS source_id, c.name AS source_name, o.id AS target_id,
       coalesce(o.name, o.full_name) AS target_name, type(r) AS relation, r.role AS role,
       c2.id AS third_id, c2.name AS third_name, r.pubs AS pubs
"""
MEMORY_LOCK = threading.Lock()
WORDS = re.compile(r"\b[A-ZÄÖÜ][\wäöüéèà-]+")
TOKEN = re.compile(r"\S+\s*|\s+")
"""Word-sized pieces that join back to the text, as an LLM's stream does."""


class ScriptedAgent:
    """Answers from fixed rules with real queries, so every trace shows real Cypher and rows."""

    def __init__(self, driver: Driver, database: str, memory: Path, options: AgentOptions) -> None:
        self.driver, self.database, self.memory, self.options = driver, database, memory, options

    def remember(self, thread_id: str, entity: EntityRef | None = None) -> EntityRef | None:
        with MEMORY_LOCK:
            return self._remember(thread_id, entity)

    def _remember(self, thread_id: str, entity: EntityRef | None) -> EntityRef | None:
        data = json.loads(self.memory.read_text()) if self.memory.exists() else {}
        if entity is not None:
            data[thread_id] = entity.model_dump()
            self.memory.parent.mkdir(parents=True, exist_ok=True)
            self.memory.write_text(json.dumps(data))
        raw = data.get(thread_id)
        return EntityRef.model_validate(raw) if raw else None

    def run(self, tool: str, rnd: int, cypher: str, **params: Any) -> ToolStep:
        t0 = time.perf_counter()
        rows = db.read(self.driver, self.database, cypher, **params)
        ms = (time.perf_counter() - t0) * 1000
        return ToolStep(
            round=rnd,
            tool=tool,
            args=params,
            outcome="evidence" if rows else "empty",
            message=f"{len(rows)} rows",
            rows=len(rows),
            ms=ms,
            records=rows,
            queries=[QueryTrace(cypher=cypher.strip(), params=params, rows=len(rows), ms=ms)],
        )

    def answer(self, question: str, thread_id: str, selected: EntityRef | None) -> TurnResult:
        t0 = time.perf_counter()
        words = [
            w
            for w in WORDS.findall(question)
            if w.lower() not in {"wer", "who", "show", "which", "quelles", "quante"}
        ]
        steps: list[ToolStep] = []
        focus = selected
        if words and not selected:
            step = self.run("search_companies", 1, FIND, q=" ".join(words[:6]))
            steps.append(step)
            if step.records:
                top = step.records[0]
                focus = EntityRef(id=top["id"], kind="company", name=top["name"], uid=top["uid"])
        focus = focus or self.remember(thread_id)
        network = "network" in question.lower() or "netz" in question.lower()
        if focus is None:
            intent, form, answer = (
                "entity_disambiguation",
                "negative",
                "I found no matching company.",
            )
        elif network:
            steps.append(self.run("explore_network", len(steps) + 1, NETWORK, id=focus.id))
            intent, form = "network_exploration", "network"
            names = sorted({r["target_name"] for r in steps[-1].records})
            answer = f"{focus.name} is connected to {', '.join(names)} [HR01-1000000003]."
        else:
            steps.append(self.run("get_officers", len(steps) + 1, OFFICERS, id=focus.id))
            intent, form = "entity_disambiguation", "table"
            rows = steps[-1].records
            answer = f"{focus.name} has {len(rows)} officers: " + "; ".join(
                f"{r['person_name']} ({r['role']}) [{r['pubs'][0]}]" for r in rows
            )
        records = steps[-1].records if steps else []
        pubs = list(dict.fromkeys(p for r in records for p in (r.get("pubs") or [])))
        if focus is not None:
            self.remember(thread_id, focus)
        trace = Trace(
            question=question,
            planner=self.options.planner,
            route=RouteDecision(
                intent=intent,
                allowed_tools=[s.tool for s in steps] or ["search_companies"],
                reason="scripted rule",
            ),
            carried_over=[selected] if selected else [],
            steps=steps,
            synthesis_form=form,
            reflections=[],
            total_ms=(time.perf_counter() - t0) * 1000,
        )
        return TurnResult(
            thread_id=thread_id,
            answer=answer,
            trace=trace,
            records=records,
            citations=[Citation(pub_number=p) for p in pubs],
            entities=[focus] if focus else [],
        )

    async def astream(
        self,
        question: str,
        thread_id: str,
        *,
        selected_entity: EntityRef | None = None,
        as_of: date | None = None,
        on_token: Callable[[str], Awaitable[None]] | None = None,
    ) -> AsyncIterator[Any]:
        yield {"message": "routing the question"}
        result = await asyncio.to_thread(self.answer, question, thread_id, selected_entity)
        yield {"message": f"{len(result.trace.steps)} tool calls done"}
        if self.options.planner == "llm" and on_token is not None:
            for token in TOKEN.findall(result.answer):
                await on_token(token)
        yield {"type": "answer", "form": result.trace.synthesis_form}
        yield result


def create_agent(
    settings: Settings, driver: Driver, checkpointer: Any, options: AgentOptions
) -> ScriptedAgent:
    """Factory named by SHABGRAPH_UI_AGENT_FACTORY=tests.ui.scripted_agent:create_agent."""
    return ScriptedAgent(
        driver, settings.neo4j_database, settings.data_dir / "ui" / "scripted-memory.json", options
    )
