"""One chat turn on screen (`ui.turns.run_turn`) over a mocked socket.

The agent streams on two channels: progress events become bullets of the run step, answer
tokens grow the answer message. A scripted agent on the demo graph checks the wiring; the real
agent with the LLM planner and a scripted chat model checks it end to end on the fixture graph.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any
from unittest.mock import Mock

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.result import EntityRef, TurnResult
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from tests.agent.test_llm import BOARD, board_script
from tests.fakes.chat import ScriptedChatModel
from tests.ui.conftest import chainlit_context, emitted
from ui.agent_bridge import AgentOptions
from ui.runtime import Runtime
from ui.turns import STREAM_PARTS, run_turn

LLM = AgentOptions(planner="llm", max_rounds=2)
# Not the final text: the planner's citation check replaced this draft by the cited answer.
DRAFT = ["Anna ", "Beispiel ", "sits ", "on ", "the ", "board."]


class TokenAgent:
    """Progress events around a streamed draft, then a result whose text differs from it."""

    def __init__(self, result: TurnResult, tokens: list[str], fail: bool = False) -> None:
        self.result, self.tokens, self.fail = result, tokens, fail

    async def astream(
        self,
        question: str,
        thread_id: str,
        *,
        selected_entity: EntityRef | None = None,
        as_of: date | None = None,
        on_token: Callable[[str], Awaitable[None]] | None = None,
    ) -> AsyncIterator[Any]:
        yield {"type": "route", "intent": "entity_disambiguation", "allowed_tools": ["a"]}
        for token in self.tokens:
            assert on_token is not None
            await on_token(token)
        if self.fail:
            raise RuntimeError("the endpoint went away")
        yield {"type": "answer", "form": "table"}
        yield self.result


def runtime_with(agent: Any, settings: Settings, driver: Driver) -> Runtime:
    rt = Runtime(settings=settings, users={}, driver=driver)
    rt.agents[(LLM.planner, LLM.max_rounds)] = agent
    return rt


async def test_tokens_grow_the_answer_and_progress_stays_per_event(
    demo_db: Driver, neo4j_settings: Settings, turn: TurnResult, data_layer: Mock
) -> None:
    rt = runtime_with(TokenAgent(turn, DRAFT), neo4j_settings, demo_db)
    async with chainlit_context() as ctx:
        await run_turn(rt, "Who is Anna Beispiel?", LLM, None, None)
    (start,) = emitted(ctx, "stream_start")
    tokens = emitted(ctx, "stream_token")
    assert start["type"] == "assistant_message" and start["output"] == DRAFT[0]
    assert start["parentId"] is None  # beside the run step, not inside it
    assert [t["token"] for t in tokens] == DRAFT[1:]
    assert {t["id"] for t in tokens} == {start["id"]}
    # One refresh of the run step per progress event (two), none per token.
    runs = [u for u in emitted(ctx, "update_message") if u["name"] == "graph agent"]
    assert [r["output"] for r in runs[:2]] == [
        "- route: entity_disambiguation → a",
        "- route: entity_disambiguation → a\n- answer composed (table)",
    ]
    assert all("sits" not in r["output"] for r in runs)
    # The result's text replaces the streamed draft; the turn is stored, not sent.
    final = [m for m in emitted(ctx, "new_message") if m["id"] == start["id"]]
    assert [m["output"] for m in final] == [turn.answer]
    assert final[0]["metadata"] == {}
    stored = [c.args[0] for c in data_layer.create_step.await_args_list]
    answer_row = next(s for s in stored if s["id"] == start["id"])
    assert TurnResult.model_validate(answer_row["metadata"]["turn"]) == turn
    names = [e["name"] for e in emitted(ctx, "element")]
    assert "HR01-1000000001" in names  # the cited notice, in the side view


async def test_an_answer_nothing_streamed_is_sent_in_a_few_chunks(
    demo_db: Driver, neo4j_settings: Settings, turn: TurnResult, data_layer: Mock
) -> None:
    rt = runtime_with(TokenAgent(turn, []), neo4j_settings, demo_db)
    async with chainlit_context() as ctx:
        await run_turn(rt, "Who is Anna Beispiel?", LLM, None, None)
    (start,) = emitted(ctx, "stream_start")
    pieces = [start["output"]] + [t["token"] for t in emitted(ctx, "stream_token")]
    assert "".join(pieces) == turn.answer and 1 <= len(pieces) <= STREAM_PARTS


async def test_a_failed_turn_takes_back_its_half_written_answer(
    demo_db: Driver, neo4j_settings: Settings, turn: TurnResult, data_layer: Mock
) -> None:
    rt = runtime_with(TokenAgent(turn, DRAFT[:3], fail=True), neo4j_settings, demo_db)
    async with chainlit_context() as ctx:
        with pytest.raises(RuntimeError, match="went away"):
            await run_turn(rt, "Who is Anna Beispiel?", LLM, None, None)
    (start,) = emitted(ctx, "stream_start")
    assert [d["id"] for d in emitted(ctx, "delete_message")] == [start["id"]]
    assert not [m for m in emitted(ctx, "new_message") if m["id"] == start["id"]]


async def test_the_llm_planners_tokens_reach_the_answer_message(
    fixture_db: FixtureFacts,
    driver: Driver,
    neo4j_settings: Settings,
    tmp_path: Path,
    data_layer: Mock,
) -> None:
    settings = neo4j_settings.model_copy(update={"data_dir": tmp_path})
    async with open_checkpointer(settings) as saver:
        model = ScriptedChatModel(script=board_script(), chunk_chars=5)
        agent = AgentService(settings, driver, saver, planner="llm", max_rounds=2, chat_model=model)
        async with chainlit_context() as ctx:
            result = await run_turn(runtime_with(agent, settings, driver), BOARD, LLM, None, None)
    assert result.trace.error is None and result.trace.planner == "llm", result.answer
    (start,) = emitted(ctx, "stream_start")
    tokens = [t["token"] for t in emitted(ctx, "stream_token")]
    assert len(tokens) > 10 and all(len(t) <= 5 for t in tokens)
    assert start["output"] + "".join(tokens) == result.answer
    runs = [u for u in emitted(ctx, "update_message") if u["name"] == "graph agent"]
    bullets = runs[-2]["output"].splitlines()  # the last refresh before the summary
    assert bullets[0].startswith("- route: ") and bullets[-1].startswith("- answer composed")
    # One refresh per event (the last one is the summary), none per token.
    assert len(bullets) == min(8, len(runs) - 1) < len(tokens)
    assert not any("register shows" in r["output"] for r in runs)
