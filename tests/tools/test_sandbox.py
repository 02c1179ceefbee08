"""The read-only sandbox: >= 50 attacks refused with 0 writes and 0 runaways; reads all pass."""

from __future__ import annotations

import time

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from shabgraph.errors import CypherRejected, ToolError
from tools.base import ToolContext
from tools.cypher_tool import RunCypherArgs, run_cypher
from tools.runner import read_query
from tools.sandbox import lexical_check, plan_check

ATTACKS = [
    "CREATE (n:X) RETURN n",
    "MERGE (n:X {a: 1})",
    "MATCH (n) DETACH DELETE n",
    "MATCH (n) SET n.hacked = 1",
    "MATCH (n:Company) REMOVE n.name",
    "MATCH (c:Company) WITH c MERGE (c)-[:X]->(c)",
    "MATCH (c:Company) CALL { WITH c CREATE (:X) } RETURN c",
    "MATCH (c:Company) CALL (c) { SET c.hacked = true } RETURN count(*)",
    "FOREACH (i IN range(1, 3) | CREATE (:X))",
    "MATCH (c:Company) FOREACH (x IN [1] | SET c.hacked = true)",
    "LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row",
    "LOAD CSV WITH HEADERS FROM 'https://example.com/x.csv' AS row RETURN row",
    'load csv from "file:///etc/passwd" as r return r',
    "CALL dbms.listConfig()",
    "CALL dbms.security.createUser('x', 'y', false)",
    "CALL db.createLabel('X')",
    "CALL db.createProperty('hacked')",
    "CALL apoc.load.json('file:///etc/passwd')",
    "CALL apoc.cypher.runWrite('CREATE (:X)', {})",
    "RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN n', {}) AS x",
    "CALL db.clearQueryCaches()",
    "CREATE INDEX x_idx FOR (n:X) ON (n.a)",
    "DROP CONSTRAINT company_id",
    "CREATE CONSTRAINT x_c FOR (n:X) REQUIRE n.a IS UNIQUE",
    "MATCH (n) RETURN n; MATCH (m) DETACH DELETE m",
    "MATCH (n) RETURN count(n);CREATE (:X)",
    "USE system SHOW USERS",
    "USE neo4j MATCH (n) RETURN n",
    "PROFILE MATCH (n) RETURN n",
    "EXPLAIN CREATE (:X)",
    "MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10 ROWS",
    "MATCH (n) CALL (n) { SET n.hacked = 1 } IN TRANSACTIONS",
    "/* harmless */ CREATE (:X)",
    "MATCH (n) // harmless\nDETACH DELETE n",
    "MATCH (n)\tSET\tn.hacked=1",
    "MATCH (n)\u00a0SET n.hacked = 1",
    "MATCH (n) RETURN n\u037e CREATE (:X)",
    "\uff23\uff32\uff25\uff21\uff34\uff25 (:X)",
    "CRE\u200bATE (:X)",
    "MATCH (n) WITH n CALL { WITH n MERGE (m:X) } RETURN 1",
    "CALL db.index.fulltext.createNodeIndex('x', ['X'], ['a'])",
    "SHOW TRANSACTIONS",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "SHOW USERS",
    "ALTER USER neo4j SET PASSWORD 'x'",
    "GRANT ALL ON DATABASE * TO PUBLIC",
    "MATCH (a), (b), (c), (d), (e), (f) RETURN count(*)",
    "MATCH p = (a)-[*]-(b) RETURN count(p)",
    "MATCH p = (a)-[*1..50]-(b) RETURN count(p)",
    "MATCH p = shortestPath((a)-[*]-(b)) RETURN p",
    "MATCH ((a)-[]-(b)){1,} RETURN count(*)",
    "MATCH (a)-[r]->+(b) RETURN count(*)",
    "UNWIND range(1, 1000000000) AS x WITH x WHERE x % 7 = 0 RETURN count(x)",
    "UNWIND range(1, 100000000) AS x RETURN collect(x) AS xs",
    "RETURN reduce(s = '', x IN range(1, 100000000) | s + 'aaaa') AS s",
    "CALL `db`.`createLabel`('X')",
    "MATCH (n) RETURN n /* unterminated",
    "RETURN 'x' AS a UNION ALL CREATE (n:X) RETURN 'y' AS a",
    "WITH 1 AS x CALL { CREATE (:X) RETURN 1 AS y } RETURN y",
    "MATCH (c:Company) WHERE c.name = 'a' OR 1=1 WITH c LIMIT 1 SET c.name = 'pwned'",
    "CALL db.awaitIndexes(1000)",
    "CALL dbms.killQueries(['x'])",
    "INSERT (:X {a: 1})",
    "MATCH (a:Company), (b:Person), (e:Event), (s:CompanyState), (h:NameHub) RETURN a.id, b.id, e.text",
    "MATCH (a), (b), (c), (d), (e) RETURN a, b, c, d, e",
    "MATCH (a) WITH collect(a) AS xs UNWIND xs AS x UNWIND xs AS y UNWIND xs AS z UNWIND xs AS w "
    "RETURN x.id, y.id, z.id, w.id",
    "MATCH (e:Event) WITH collect(e.text) AS t RETURN reduce(s = '', x IN t | s + x) AS s",
    "RETURN [x IN range(1, $n) | x] AS xs",
    "RETURN size([x IN range(0, 100000000, 1) | toString(x)]) AS n",
    "MATCH p = (a)-[*1..6]-(b) RETURN count(p)",
]

# Attacks that the static layers let through on purpose because the runtime layer bounds them
# (the row cap stops streaming rows, the timeout stops long expansions, the count store answers
# count(*) of a cartesian product); they must still write nothing and stop. A cartesian product
# of whole scans is refused by the plan check since issue 17 (tests/tools/test_sandbox_attacks).
BOUNDED_AT_RUNTIME = {
    "MATCH (a), (b), (c), (d), (e), (f) RETURN count(*)",
    "MATCH (a) WITH collect(a) AS xs UNWIND xs AS x UNWIND xs AS y UNWIND xs AS z UNWIND xs AS w "
    "RETURN x.id, y.id, z.id, w.id",
    "MATCH p = (a)-[*1..6]-(b) RETURN count(p)",
}

READS = [
    ("MATCH (c:Company) RETURN c.name AS name ORDER BY name", {}),
    ("MATCH (c:Company {canton: $canton}) RETURN c.name AS name, c.pubs AS pubs", {"canton": "ZH"}),
    (
        "MATCH (p:Person)-[r:HOLDS_ROLE]->(c:Company) WHERE r.valid_to IS NULL "
        "RETURN p.full_name AS p, c.name AS c",
        {},
    ),
    (
        "MATCH (e:Event) WHERE 'merger' IN e.event_types RETURN e.pub_number AS pub_number "
        "ORDER BY pub_number",
        {},
    ),
    (
        "MATCH (c:Company)-[:HAS_EVENT]->(e) RETURN c.name AS name, count(e) AS n ORDER BY n DESC LIMIT 5",
        {},
    ),
    (
        "CALL db.index.fulltext.queryNodes('event_text', 'Fusion') YIELD node, score "
        "RETURN node.pub_number AS pub_number, score",
        {},
    ),
    ("CALL db.labels() YIELD label RETURN label", {}),
    (
        "MATCH p = (a:Person)-[:HOLDS_ROLE*1..2]-(b) WHERE a.id = $id RETURN length(p) AS len LIMIT 50",
        {"id": "p:mueller-luzern"},
    ),
    (
        "MATCH (n:Company) WHERE n.name CONTAINS 'CREATE' OR n.name = 'DELETE; DROP' RETURN n.name",
        {},
    ),
    ("MATCH (c:Company) // a comment that says CREATE\nRETURN count(c) AS n", {}),
    ("MATCH (c:Company) WHERE c.name STARTS WITH 'Müller' RETURN c.name AS name", {}),
    ("MATCH (c:Company) RETURN c.canton AS canton, count(*) AS n ORDER BY canton", {}),
    (
        "MATCH (c:Company) WITH c, size([(c)<-[:HOLDS_ROLE]-() | 1]) AS k "
        "RETURN c.name AS name, k ORDER BY k DESC LIMIT 3",
        {},
    ),
    ("MATCH (c:Company) WHERE EXISTS { (c)<-[:MERGED_INTO]-() } RETURN c.name AS name", {}),
    (
        "MATCH (c:Company) CALL (c) { MATCH (c)-[:HAS_EVENT]->(e) RETURN count(e) AS n } "
        "RETURN c.name AS name, n ORDER BY n DESC LIMIT 3",
        {},
    ),
    (
        "MATCH (a:Company)-[:HEAD_OFFICE_OF]->(b) RETURN a.name AS a, collect(b.name) AS branches",
        {},
    ),
    ("UNWIND [1, 2, 3] AS x RETURN x * 2 AS y", {}),
    ("MATCH (e:Event) RETURN e.pub_date.year AS year, count(*) AS n ORDER BY year", {}),
    (
        "MATCH (s:CompanyState) WHERE s.valid_from <= date('2018-01-01') AND "
        "(s.valid_to IS NULL OR s.valid_to > date('2018-01-01')) RETURN s.id AS id",
        {},
    ),
    ("MATCH (c:Company) RETURN c.name AS name ORDER BY c.capital DESC LIMIT 3;", {}),
    ("RETURN duration.between(date('2020-01-01'), date('2021-01-01')) AS d", {}),
    (
        "MATCH (c:Company {id: $id})<-[r:HOLDS_ROLE]-(p) WHERE r.valid_from <= date($d) "
        "RETURN p.full_name AS name",
        {"id": "CHE-100.000.012", "d": "2021-03-01"},
    ),
    (
        "MATCH (a:Company)-[:MERGED_INTO|TRANSFERRED_TO]->(b:Company) RETURN a.name AS a, b.name AS b",
        {},
    ),
]

COUNTS = "MATCH (n) WITH count(n) AS nodes MATCH ()-[r]->() RETURN nodes, count(r) AS rels"
TAMPER = "MATCH (n) WHERE n:X OR n.hacked IS NOT NULL OR n.name = 'pwned' RETURN count(n) AS n"
TIMEOUT_S = 2.0


def _state(driver: Driver) -> tuple[int, int, int, int]:
    row = driver.execute_query(COUNTS).records[0]
    tampered = driver.execute_query(TAMPER).records[0]["n"]
    indexes = len(driver.execute_query("SHOW INDEXES YIELD name").records)
    return row["nodes"], row["rels"], tampered, indexes


def test_corpus_sizes() -> None:
    assert len(ATTACKS) >= 50 and len(set(ATTACKS)) == len(ATTACKS)


RUNNING = (
    "SHOW TRANSACTIONS YIELD currentQuery, status "
    "WHERE NOT currentQuery STARTS WITH 'SHOW TRANSACTIONS' RETURN currentQuery, status"
)


def test_attacks_are_refused_without_writes_or_runaways(
    driver: Driver, fixture_graph: FixtureFacts
) -> None:
    ctx = ToolContext(driver=driver, timeout_s=TIMEOUT_S)
    before = _state(driver)
    slow, ran = [], set()
    for attack in ATTACKS:
        started = time.perf_counter()
        result = run_cypher(ctx, RunCypherArgs(query=attack))
        elapsed = time.perf_counter() - started
        if result.outcome != "error":
            ran.add(attack)
            assert result.truncated or len(result.records) <= 1, attack
        if elapsed > TIMEOUT_S + 3:
            slow.append((attack, round(elapsed, 1)))
    after = _state(driver)
    assert ran <= BOUNDED_AT_RUNTIME
    assert slow == []
    assert after == before
    assert before[2] == 0
    # No attack keeps running on the server after its call returned (terminated != stopped).
    time.sleep(0.5)
    assert [r.data() for r in driver.execute_query(RUNNING).records] == []


def test_legitimate_reads_pass(driver: Driver, fixture_graph: FixtureFacts) -> None:
    ctx = ToolContext(driver=driver, timeout_s=TIMEOUT_S)
    failed = []
    for query, params in READS:
        result = run_cypher(ctx, RunCypherArgs(query=query, params=params))
        if result.outcome == "error":
            failed.append((query, result.message))
    assert failed == []


def test_refusal_names_the_rule(driver: Driver, fixture_graph: FixtureFacts) -> None:
    ctx = ToolContext(driver=driver)
    result = run_cypher(
        ctx, RunCypherArgs(query="LOAD CSV FROM 'file:///etc/passwd' AS r RETURN r")
    )
    assert result.outcome == "error" and "keyword:load" in result.message
    assert result.queries == [] and result.records == []


def test_result_of_a_read_carries_trace_and_pubs(
    driver: Driver, fixture_graph: FixtureFacts
) -> None:
    ctx = ToolContext(driver=driver)
    query = (
        "MATCH (c:Company {id: $id})-[:HAS_EVENT]->(e:Event) "
        "RETURN e.pub_number AS pub_number ORDER BY pub_number"
    )
    result = run_cypher(ctx, RunCypherArgs(query=query, params={"id": fixture_graph.ids["ticino"]}))
    assert result.outcome == "evidence"
    assert result.citations == [fixture_graph.pub["E19"], fixture_graph.pub["E20"]]
    trace = result.queries[0]
    assert trace.cypher == query and trace.params == {"id": "CHE-100.000.093"} and trace.rows == 2


def test_row_cap_truncates(driver: Driver, fixture_graph: FixtureFacts) -> None:
    ctx = ToolContext(driver=driver, max_rows=5)
    result = run_cypher(
        ctx, RunCypherArgs(query="MATCH (e:Event) RETURN e.pub_number AS pub_number")
    )
    assert len(result.records) == 5 and result.truncated and result.queries[0].truncated


def test_empty_is_not_an_error(driver: Driver, fixture_graph: FixtureFacts) -> None:
    ctx = ToolContext(driver=driver)
    result = run_cypher(
        ctx, RunCypherArgs(query="MATCH (c:Company {id: 'none'}) RETURN c.name AS n")
    )
    assert result.outcome == "empty" and "no rows" in result.message


@pytest.mark.parametrize(
    "query", ["CREATE (:X)", "MATCH (n) SET n.hacked = 1", "CREATE INDEX y_idx FOR (n:Y) ON (n.a)"]
)
def test_each_layer_refuses_writes_on_its_own(
    driver: Driver, fixture_graph: FixtureFacts, query: str
) -> None:
    ctx = ToolContext(driver=driver)
    with pytest.raises(CypherRejected):
        lexical_check(query)
    with pytest.raises(CypherRejected):
        plan_check(ctx, query, {})
    with pytest.raises(ToolError):
        read_query(ctx, query, {})
    assert _state(driver)[2] == 0


def test_explain_catches_what_the_lexer_misses(driver: Driver, fixture_graph: FixtureFacts) -> None:
    ctx = ToolContext(driver=driver)
    # Syntactically odd but lexically clean: only the planner can classify it.
    with pytest.raises(CypherRejected) as exc:
        plan_check(ctx, "MATCH (n RETURN n", {})
    assert exc.value.reason == "syntax"
    with pytest.raises(CypherRejected) as exc:
        plan_check(ctx, "MATCH (a), (b), (c), (d), (e) RETURN a, b, c, d, e", {})
    assert exc.value.reason == "too_expensive"
