"""Issue 17, finding 1: no read query may exhaust the server; the corpus runs against the real one.

Every query of `attack_queries` goes through `run_cypher` as the agent's would. Afterwards the
server must be the same process (its JVM start time is unchanged: it did not exit and restart),
answer `RETURN 1`, keep its heap below the maximum and have logged no OutOfMemoryError.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from shabgraph.errors import CypherRejected, ToolError
from shabgraph.settings import Settings
from tests.tools.attack_queries import BIG, CAPPED, FINDING_1, REFUSED
from tools.base import ToolContext
from tools.cypher_tool import RunCypherArgs, run_cypher
from tools.runner import read_query
from tools.sandbox import check_query, lexical_check

TIMEOUT_S = 2.0
SLACK_S = 2.5
"""Time a capped query may take beyond its timeout (the server checks timeouts every 0.5 s)."""
JMX = "CALL dbms.queryJmx($bean) YIELD attributes RETURN attributes AS a"


def _jvm(driver: Driver) -> dict[str, Any]:
    runtime = driver.execute_query(JMX, bean="java.lang:type=Runtime").records[0]["a"]
    memory = driver.execute_query(JMX, bean="java.lang:type=Memory").records[0]["a"]
    heap = memory["HeapMemoryUsage"]["value"]["properties"]
    return {"start": runtime["StartTime"]["value"], "used": heap["used"], "max": heap["max"]}


def _log_size(settings: Settings) -> dict[Path, int]:
    logs = settings.instance_dir / "logs"
    return {p: p.stat().st_size for p in logs.glob("*.log")} if settings.managed else {}


def _new_log_text(before: dict[Path, int]) -> str:
    text = []
    for path, size in before.items():
        with path.open("rb") as fh:
            fh.seek(size)
            text.append(fh.read().decode(errors="replace"))
    return "\n".join(text)


def test_corpus_size() -> None:
    assert len(REFUSED) + len(CAPPED) >= 100
    assert len(set(REFUSED + CAPPED)) == len(REFUSED) + len(CAPPED)


def test_finding_1_is_refused_before_it_runs() -> None:
    """The exact query of the issue; the lexical layers alone refuse it, no server needed."""
    with pytest.raises(CypherRejected) as exc:
        lexical_check(FINDING_1)
    assert exc.value.reason == "too_much_work"
    assert "100,000,000" in exc.value.message


def test_finding_1_through_the_tool(driver: Driver, fixture_graph: FixtureFacts) -> None:
    before = _jvm(driver)
    result = run_cypher(ToolContext(driver=driver), RunCypherArgs(query=FINDING_1))
    assert result.outcome == "error" and "too_much_work" in result.message
    assert result.queries == []
    assert _jvm(driver)["start"] == before["start"]


def test_attack_corpus_leaves_the_server_alive(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts
) -> None:
    ctx = ToolContext(driver=driver, timeout_s=TIMEOUT_S)
    before, logs = _jvm(driver), _log_size(neo4j_settings)
    ran, slow, refused_reasons = [], [], {}
    started = time.perf_counter()
    for query in REFUSED:
        try:
            check_query(ctx, query, {"ids": list(range(10))})
        except CypherRejected as exc:
            refused_reasons[query] = exc.reason
        else:
            ran.append(query)
    for query in CAPPED:
        t0 = time.perf_counter()
        result = run_cypher(ctx, RunCypherArgs(query=query))
        elapsed = time.perf_counter() - t0
        if elapsed > TIMEOUT_S + SLACK_S:
            slow.append((query, round(elapsed, 1)))
        if result.outcome != "error":
            assert result.truncated or len(result.records) <= 1, query
    total = time.perf_counter() - started
    after = _jvm(driver)
    assert ran == []
    # Each refusal is a rule, not a parse error: the corpus is valid Cypher.
    assert not {q: r for q, r in refused_reasons.items() if r in ("syntax", "planner")}
    assert slow == []
    assert after["start"] == before["start"], "the JVM restarted during the corpus"
    assert driver.execute_query("RETURN 1 AS one").records[0]["one"] == 1
    assert after["used"] < after["max"]
    assert "java.lang.OutOfMemoryError" not in _new_log_text(logs)
    assert total < 90


def test_memory_cap_stops_a_query_fast_and_once(
    driver: Driver, fixture_graph: FixtureFacts
) -> None:
    """Past the sandbox (read_query is what the predefined tools use), the server's memory cap
    stops a query that keeps a lot of rows; the runner must not retry it (the driver's retry
    of a transient error made this take 40 s, refilling the cap each time)."""
    ctx = ToolContext(driver=driver, timeout_s=30.0)
    query = (
        "UNWIND range(1, 1000) AS i UNWIND range(1, 1000) AS j "
        f"RETURN size(collect('{BIG}' + i + j)) AS n"
    )
    before = _jvm(driver)
    started = time.perf_counter()
    with pytest.raises(ToolError, match="more memory than one query may use"):
        read_query(ctx, query, {})
    assert time.perf_counter() - started < 10
    assert _jvm(driver)["start"] == before["start"]


def test_driver_timeout_stops_the_query_on_the_server(
    driver: Driver, fixture_graph: FixtureFacts
) -> None:
    ctx = ToolContext(driver=driver, timeout_s=1.0)
    query = "UNWIND range(1, 10000) AS i UNWIND range(1, 10000) AS j RETURN count(*) AS n"
    started = time.perf_counter()
    with pytest.raises(ToolError, match="longer than 1 s"):
        read_query(ctx, query, {})
    assert time.perf_counter() - started < 1.0 + SLACK_S
    time.sleep(0.5)
    running = driver.execute_query(
        "SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS 'range(1, 10000)' "
        "AND NOT currentQuery STARTS WITH 'SHOW' RETURN count(*) AS n"
    ).records[0]["n"]
    assert running == 0


def test_server_guards_are_configured(driver: Driver, neo4j_settings: Settings) -> None:
    if not neo4j_settings.managed:
        pytest.skip("an external server has its own configuration")
    rows = driver.execute_query(
        "SHOW SETTINGS YIELD name, value WHERE name IN $names RETURN name, value",
        names=[
            "db.memory.transaction.max",
            "dbms.memory.transaction.total.max",
            "server.memory.heap.max_size",
            "dbms.cypher.forbid_exhaustive_shortestpath",
        ],
    ).records
    values = {r["name"]: r["value"] for r in rows}
    heap = _jvm(driver)["max"]
    assert _mib(values["db.memory.transaction.max"]) * 2**20 <= heap / 2
    assert _mib(values["dbms.memory.transaction.total.max"]) * 2**20 < heap
    assert values["dbms.cypher.forbid_exhaustive_shortestpath"] == "true"


def _mib(value: str) -> float:
    number, unit = value[:-3], value[-3:]
    return float(number) * {"KiB": 1 / 1024, "MiB": 1, "GiB": 1024}[unit]
