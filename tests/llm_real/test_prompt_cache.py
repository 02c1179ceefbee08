"""The long prompt parts are a constant prefix, so llama-server reads them once (prompt caching).

The router's and the act step's system texts (with the routed tools' schemas after the act's)
do not change from turn to turn; what changes (focus, entities, results, question) comes last.
On a CPU server every prompt token costs (12-25 tokens/s under load), so the second turn must
evaluate only a small part of each prompt: the server's log says how many tokens each request
evaluated and how long its prompt was. With `llm_phrasing=auto` the cited draft is kept and the
turn makes no phrasing call.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from tests.llm_real.conftest import timed
from tests.llm_real.server import Server
from tests.llm_real.test_agent_turn import BOARD, assert_cited_answer_about_the_holding

pytestmark = pytest.mark.asyncio(loop_scope="session")

EVALUATED = re.compile(r"task (\d+) \| prompt eval time = .*?/\s+(\d+) tokens")
GENERATED = re.compile(r"task (\d+) \|\s+eval time = .*?/\s+(\d+) tokens")
RELEASED = re.compile(r"task (\d+) \| stop processing: n_tokens = (\d+)")
SHARE = 0.3
"""At most this share of a cached request's prompt may be evaluated again (the changing tail)."""


def requests(log: str) -> dict[int, tuple[int, int]]:
    """task -> (prompt tokens evaluated, prompt length) of every finished request in the log."""
    evaluated = {int(t): int(n) for t, n in EVALUATED.findall(log)}
    generated = {int(t): int(n) for t, n in GENERATED.findall(log)}
    return {
        int(t): (evaluated[int(t)], int(n) - generated.get(int(t), 0))
        for t, n in RELEASED.findall(log)
        if int(t) in evaluated
    }


async def test_the_second_turn_reads_its_long_prompts_from_the_cache(
    facts: FixtureFacts, driver: Driver, llm_settings: Settings, llm_server: Server
) -> None:
    settings = llm_settings.model_copy(update={"llm_phrasing": "auto"})
    async with open_checkpointer(settings) as saver:
        agent = AgentService(settings, driver, saver, planner="llm")
        await agent.ask(BOARD, "cache-1")
        before = set(requests(Path(llm_server.log).read_text(errors="replace")))
        started = time.perf_counter()
        res = await agent.ask(BOARD, "cache-2")  # same question, fresh thread: same prompts
        timed("agent turn, prompts cached (2nd)", time.perf_counter() - started)
    after = requests(Path(llm_server.log).read_text(errors="replace"))
    second = {t: v for t, v in after.items() if t not in before}
    assert res.trace.error is None, res.answer
    assert_cited_answer_about_the_holding(res, facts)
    assert len(second) == res.trace.llm_calls >= 1  # no phrasing call: the draft is cited
    for task, (evaluated, prompt) in second.items():
        assert evaluated <= SHARE * prompt, (task, evaluated, prompt)
