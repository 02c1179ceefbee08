"""Fixtures of the real-model tests: one llama-server per session, settings that point at it.

Every test here is marked `llm_real` (and `slow`). They run only when the marker expression names
`llm_real` (`make test-llm`, `pytest -m llm_real tests/llm_real`): pyproject's addopts leave them
out of a plain run, and the hook below also drops them from runs with another `-m` (test-unit).

The session fixture builds the rig on first use (cached afterwards) and skips, with the reason,
only where it cannot be built here (no cmake, no compiler, no registry); a checksum mismatch or a
failed build fails. The server is stopped by its pid at session end, whatever happened.
Per-call latencies are collected with `timings` and printed in the terminal summary, beside the
load average (the machine is shared, so a latency without the load means little).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts, load_fixture_graph
from shabgraph.settings import Settings
from tests.conftest import test_settings
from tests.llm_real import artifacts as A
from tests.llm_real import server as S
from tests.ui.conftest import data_layer  # noqa: F401  (the UI test's recording data layer)

HERE = Path(__file__).resolve().parent
CALL_TIMEOUT_S = 300.0
"""LLM timeout of the tests that expect an answer: a 0.5B model on 2 busy cores is slow."""
TIMINGS: list[tuple[str, float, str]] = []
"""(what, seconds, load average) of each measured call, for the terminal summary."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    wanted = "llm_real" in (config.option.markexpr or "")
    for item in items:
        if Path(str(item.fspath)).resolve().is_relative_to(HERE):
            item.add_marker(pytest.mark.llm_real)
            item.add_marker(pytest.mark.slow)
            (keep if wanted else drop).append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not TIMINGS:
        return
    terminalreporter.section(
        f"real-model latencies ({A.MODEL_NAME}, llama-server -t {S.threads()})"
    )
    for what, seconds, load in TIMINGS:
        terminalreporter.line(f"{what:<44} {seconds:7.1f} s   load {load}")


def load() -> str:
    """The 1-minute load average now."""
    return f"{os.getloadavg()[0]:.1f}"


def timed(what: str, seconds: float) -> None:
    """Record one measured call for the summary."""
    TIMINGS.append((what, seconds, load()))


@pytest.fixture(scope="session")
def rig() -> tuple[Path, Path]:
    """(llama-server, model) from the cache, built first when absent."""
    started = time.monotonic()
    try:
        paths = A.ensure()
    except A.RigUnavailable as exc:
        pytest.skip(f"the llama.cpp rig cannot be built here: {exc}")
    except A.RigError as exc:
        pytest.fail(f"the llama.cpp rig failed: {exc}", pytrace=False)
    if time.monotonic() - started > 60:
        timed("rig build (download + cmake)", time.monotonic() - started)
    return paths


@pytest.fixture(scope="session")
def llm_server(rig: tuple[Path, Path]) -> Iterator[S.Server]:
    """The session's server on a free port, stopped by pid at the end."""
    try:
        server = S.start(*rig)
    except A.RigError as exc:
        pytest.fail(f"llama-server did not start: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def private_server(rig: tuple[Path, Path]) -> Iterator[S.Server]:
    """A server of the test's own (to kill mid-turn without hurting the others)."""
    server = S.start(*rig)
    try:
        yield server
    finally:
        server.stop()


def settings_for(server: S.Server, base: Settings, **update: object) -> Settings:
    """`base` with the LLM fields pointing at `server`."""
    fields = {
        "llm_base_url": server.base_url,
        "llm_model": server.model,
        "llm_api_key": None,
        "llm_timeout": CALL_TIMEOUT_S,
        "planner": "llm",
        **update,
    }
    return base.model_copy(update=fields)


@pytest.fixture
def llm_settings(llm_server: S.Server, tmp_path: Path) -> Settings:
    """Test settings (Neo4j of the test instance, a private data dir) on the session's server."""
    return settings_for(llm_server, test_settings(), data_dir=tmp_path)


@pytest.fixture(scope="session")
def facts(driver: Driver, neo4j_settings: Settings) -> FixtureFacts:
    """The fictional fixture graph, loaded into the test instance (the agent tests read it)."""
    return load_fixture_graph(driver, neo4j_settings.neo4j_database)
