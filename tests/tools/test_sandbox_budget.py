"""The work budget on its own (no server): what it refuses, and what it must keep accepting."""

from __future__ import annotations

import importlib
import re

import pytest

from shabgraph.errors import CypherRejected
from tests.tools.test_sandbox import READS
from tools.sandbox_budget import check_budget

TOOL_MODULES = [
    "tools.analytics",
    "tools.event_counts",
    "tools.facts",
    "tools.history",
    "tools.listing",
    "tools.network",
    "tools.search",
    "tools.text_search",
]

ACCEPTED = [
    "MATCH (c:Company) RETURN [x IN c.pubs WHERE x IS NOT NULL] AS pubs",
    "MATCH p = (a:Person)-[:HOLDS_ROLE*1..3]-(b) "
    "RETURN [n IN nodes(p) | n.name + ' (' + n.canton + ')'] AS names",
    "MATCH (c:Company) RETURN size([(c)<-[:HOLDS_ROLE]-(p) | p.full_name]) AS n",
    "MATCH (c:Company) WITH collect(c.name) AS names RETURN names[0..10] AS some",
    "MATCH (e:Event) WITH e ORDER BY e.pub_date DESC LIMIT 10 "
    "RETURN collect({pub: e.pub_number, text: substring(e.text, 0, 200)}) AS events",
    "MATCH (c:Company) WHERE any(t IN c.pubs WHERE t STARTS WITH 'HR') RETURN c.name AS n",
    "UNWIND range(1, 10000) AS i RETURN i",
    "RETURN size([x IN range(1, 500) | [y IN range(1, 500) | y]]) AS n",
    "MATCH (c:Company) RETURN CASE WHEN c.capital IS NULL THEN 'n/a' ELSE toString(c.capital) "
    "END AS cap",
    "MATCH (c:Company) RETURN c{.name, .canton, pubs: c.pubs[0..3]} AS c",
    "WITH $ids AS ids UNWIND ids AS id MATCH (c:Company {id: id}) RETURN c.name AS n",
    "RETURN replace($text, 'a', 'b') AS t",
    "MATCH (c:Company) WHERE c.name =~ '(?i).*ag' AND NOT c.status IS NULL RETURN c.name AS n",
]

REFUSED = [
    ("RETURN size([x IN range(1,10000) | [y IN range(1,10000) | y]])", "100,000,000"),
    ("WITH range(1, 10000) AS r RETURN [x IN r | r] AS rr", "100,000,000 values"),
    ("MATCH (c:Company) WITH collect(c) AS cs RETURN [a IN cs | cs] AS n", "data x data"),
    ("WITH 'a' AS s " + "WITH s + 0 * 0 + s AS s " * 24 + "RETURN s", "in one step"),
    ("WITH 'aa' AS s " + "WITH replace(s, 'a', s) AS s " * 6 + "RETURN s", "in one step"),
    ("UNWIND range(1, 5000) AS x UNWIND range(1, 5000) AS y RETURN x", "25,000,000 rows"),
    ("UNWIND range(1, 5000) AS x RETURN collect([y IN range(1, 5000) | y])", "collect()"),
    ("RETURN any(x IN range(1, 5000) WHERE any(y IN range(1, 5000) WHERE x = y))", "steps"),
    ("RETURN " + "[x IN [1] | " * 7 + "1" + "]" * 7, "nest at most"),
    ("RETURN " + "(" * 3000 + "1" + ")" * 3000, "too deeply"),
]


def test_legitimate_reads_are_within_budget() -> None:
    for query, _params in READS:
        check_budget(query)
    for query in ACCEPTED:
        check_budget(query)


@pytest.mark.parametrize(("query", "message"), REFUSED)
def test_over_budget_is_refused(query: str, message: str) -> None:
    with pytest.raises(CypherRejected) as exc:
        check_budget(query)
    assert exc.value.reason == "too_much_work" and message in exc.value.message


def test_every_tool_query_is_within_budget() -> None:
    """The predefined tools' own Cypher (templates filled with harmless values) passes too,
    so the budget's model of sizes does not refuse the shapes the project itself writes."""
    seen = 0
    for name in TOOL_MODULES:
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, str) and re.search(r"\bMATCH\b.*\bRETURN\b", value, re.S):
                check_budget(re.sub(r"%\(\w+\)[sd]", "1", value))
                seen += 1
    assert seen >= 10
