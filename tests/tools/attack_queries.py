"""Read queries that try to exhaust the server's memory or time (issue 17, finding 1).

`REFUSED` must be stopped before they run (lexical rules, work budget, EXPLAIN); `CAPPED` may
pass the checks because the runtime bounds them (driver timeout, memory cap, row cap), and must
fail or finish fast. None writes; all are valid Cypher (the test rejects a `syntax` refusal).
"""

from __future__ import annotations

BIG = "x" * 2000
"""A long string literal, the seed of the string-building attacks."""

FINDING_1 = "RETURN size([x IN range(1,10000) | [y IN range(1,10000) | y]])"
"""The query of the issue, verbatim: it filled the 1 GiB heap and the JVM exited."""


def _doubling(seed: str, steps: int, op: str = "s + s") -> str:
    return (
        f"WITH {seed} AS s " + " ".join(f"WITH {op} AS s" for _ in range(steps)) + " RETURN size(s)"
    )


NESTED_RANGES = [
    FINDING_1,
    "RETURN size([x IN range(1, 10000) | [y IN range(1, 10000) | x * y]]) AS n",
    "RETURN [x IN range(1, 5000) | [y IN range(1, 5000) | y]][0][0] AS n",
    "RETURN size([x IN range(1, 2000) | [y IN range(1, 2000) | toString(y)]]) AS n",
    "RETURN size([x IN range(1, 200) | [y IN range(1, 200) | [z IN range(1, 200) | z]]]) AS n",
    "RETURN size([a IN range(1, 50) | [b IN range(1, 50) | [c IN range(1, 50) | "
    "[d IN range(1, 50) | d]]]]) AS n",
    "RETURN size([x IN range(1, 10000) WHERE size([y IN range(1, 10000) WHERE y > x]) > 0]) AS n",
    "RETURN any(x IN range(1, 10000) WHERE any(y IN range(1, 10000) WHERE x * y = -1)) AS found",
    "RETURN all(x IN range(1, 10000) WHERE none(y IN range(1, 10000) WHERE y = -x)) AS ok",
    "RETURN single(x IN range(1, 10000) WHERE size([y IN range(1, 10000) | y]) = x) AS s",
    "RETURN [x IN range(1, 10000) | range(1, 10000)][9999][9999] AS n",
    "RETURN size([x IN range(1, 10000) | {a: range(1, 10000)}]) AS n",
    "RETURN size([x IN range(1, 10000) | [x, range(1, 10000)]]) AS n",
    "RETURN size([x IN range(0, 10000, 1) | [y IN range(10000, 0, -1) | y]]) AS n",
    "RETURN size([x IN range(-5000, 5000) | [y IN range(-5000, 5000) | y]]) AS n",
    "WITH range(1, 10000) AS r RETURN size([x IN r | [y IN r | y]]) AS n",
    "WITH range(1, 10000) AS r RETURN size([x IN r | r]) AS n",
    "WITH range(1, 10000) AS r WITH [x IN r | r] AS rr RETURN rr AS big",
    "WITH range(1, 10000) AS r RETURN [x IN r | r + r][0] AS n",
    "WITH [x IN range(1, 10000) | x] AS a, [y IN range(1, 10000) | y] AS b "
    "RETURN size([i IN a | b]) AS n",
    "RETURN CASE WHEN true THEN [x IN range(1, 10000) | range(1, 10000)] END AS big",
    "RETURN coalesce(null, [x IN range(1, 10000) | range(1, 10000)]) AS big",
    "RETURN size(reverse([x IN range(1, 10000) | range(1, 10000)])) AS n",
    "RETURN size(tail([x IN range(1, 10000) | range(1, 10000)])) AS n",
    "RETURN [x IN range(1, 10000) | range(1, 10000)][0..2] AS some",
    "RETURN size([x IN range(1, 10000) | [y IN range(1, 10000) | y]]) AS n // comment",
    "/* a harmless comment */ RETURN size([x IN RANGE(1, 10000) | [y IN RANGE(1, 10000) | y]])",
    "RETURN size([x IN range(1,10000)|[y IN range(1,10000)|y]])",
    "RETURN size(\n  [x IN range(1, 10000) |\n    [y IN range(1, 10000) | y]\n  ]\n) AS n",
    "RETURN size([`x` IN range(1, 10000) | [`y` IN range(1, 10000) | `y`]]) AS n",
]

PRODUCTS_AND_UNWIND = [
    "UNWIND range(1, 10000) AS x UNWIND range(1, 10000) AS y RETURN count(*) AS n",
    "UNWIND range(1, 10000) AS x UNWIND range(1, 10000) AS y RETURN collect(x + y) AS xs",
    "UNWIND range(1, 2000) AS x UNWIND range(1, 2000) AS y UNWIND range(1, 2000) AS z "
    "RETURN count(*) AS n",
    "UNWIND range(1, 10000) AS x WITH x UNWIND range(1, 10000) AS y RETURN max(x * y) AS m",
    "UNWIND range(1, 10000) AS x RETURN size(collect([y IN range(1, 10000) | y])) AS n",
    "UNWIND range(1, 10000) AS x WITH collect(range(1, 10000)) AS xs RETURN size(xs) AS n",
    "UNWIND [x IN range(1, 10000) | range(1, 10000)] AS r UNWIND r AS y RETURN count(y) AS n",
    "UNWIND range(1, 10000) AS x UNWIND [x, x + 1, x + 2] AS y UNWIND range(1, 1000) AS z "
    "RETURN count(*) AS n",
    "UNWIND range(1, 10000) AS x CALL { UNWIND range(1, 10000) AS y RETURN y } "
    "RETURN count(*) AS n",
    "UNWIND range(1, 10000) AS x RETURN COUNT { UNWIND range(1, 10000) AS y RETURN y } AS n",
    "UNWIND range(1, 10000) AS x RETURN COLLECT { UNWIND range(1, 10000) AS y RETURN y } AS ys",
    "RETURN EXISTS { UNWIND range(1, 10000) AS x UNWIND range(1, 10000) AS y "
    "WITH x, y WHERE x * y < 0 RETURN x } AS e",
    "UNWIND range(1, 10000) AS x WITH x ORDER BY x DESC UNWIND range(1, 10000) AS y "
    "RETURN y ORDER BY y LIMIT 1",
    "UNWIND range(1, 10000) AS a UNWIND range(1, 10000) AS b WITH DISTINCT a * b AS p "
    "RETURN count(p) AS n",
    "UNWIND range(1, 10000) AS x WITH collect(x) AS xs RETURN size([a IN xs | xs]) AS n",
    "UNWIND range(1, 10000) AS x WITH collect(x) AS xs UNWIND xs AS a UNWIND xs AS b "
    "RETURN count(*) AS n",
]

STRINGS = [
    _doubling("'a'", 40),
    _doubling("'abcdefghij'", 30),
    _doubling(f"'{BIG}'", 12),
    _doubling("'a'", 40, "s || s"),
    _doubling("'aa'", 8, "replace(s, 'a', s)"),
    _doubling("'aaaaaaaaaa'", 5, "replace(s, 'a', s + s)"),
    _doubling("'ab'", 30, "s + toUpper(s)"),
    _doubling("'ab'", 30, "reverse(s) + s"),
    _doubling("'a'", 30, "s + 'x' + s"),
    _doubling("[1]", 40, "s + s"),
    _doubling("['a', 'b']", 30, "s + reverse(s)"),
    _doubling("[1]", 30, "[s, s]"),
    _doubling("{a: 1}", 30, "{l: s, r: s}"),
    _doubling("'ab'", 30, "s + toString(size(s)) + s"),
    _doubling("'ab'", 30, "coalesce(s, '') + s"),
    _doubling("'ab'", 30, "CASE WHEN size(s) > 0 THEN s + s ELSE s END"),
    "RETURN size([x IN range(1, 10000) | '" + BIG + "']) AS n",
    "RETURN size([x IN range(1, 10000) | '" + BIG + "' + toString(x)]) AS n",
    "WITH '" + BIG + "' AS s RETURN size([x IN range(1, 10000) | s + s]) AS n",
    "WITH '" + BIG + "' AS s RETURN size(replace(s, 'x', s)) AS n",
    "WITH '" + BIG + "' AS s RETURN size(split(replace(s, 'x', s), '')) AS n",
    "WITH '" + BIG + "' AS s WITH split(s, '') AS cs RETURN size([c IN cs | s]) AS n",
    "WITH 'a,b,c,d,e,f,g,h,i,j' AS s WITH s + s + s + s + s + s + s + s AS s "
    "WITH s + s + s + s + s + s + s + s AS s WITH s + s + s + s + s + s + s + s AS s "
    "WITH s + s + s + s + s + s + s + s AS s WITH s + s + s + s + s + s + s + s AS s "
    "WITH s + s + s + s + s + s + s + s AS s WITH s + s + s + s + s + s + s + s AS s "
    "RETURN size(s)",
    "WITH 'a' AS s WITH s + 0 * 0 + s AS s WITH s + 0 * 0 + s AS s WITH s + 0 * 0 + s AS s "
    "WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s "
    "WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s "
    "WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s "
    "WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s "
    "WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s WITH s + 0*0 + s AS s "
    "RETURN size(s)",
    "RETURN reduce(s = '', x IN range(1, 10000) | s + '" + BIG[:200] + "') AS s",
    "RETURN REDUCE(acc = [], x IN range(1, 10000) | acc + range(1, 100)) AS big",
]

DATA_SIZED = [
    "MATCH (e:Event) WITH collect(e.text) AS t RETURN size([a IN t | t]) AS n",
    "MATCH (e:Event) WITH collect(e) AS es RETURN size([a IN es | [b IN es | b.text]]) AS n",
    "MATCH (n) WITH collect(n) AS ns RETURN size([a IN ns | [b IN ns | [c IN ns | 1]]]) AS n",
    "MATCH (e:Event) WITH collect(e.text) AS t RETURN size([x IN range(1, 10000) | t]) AS n",
    "MATCH (e:Event) RETURN size([x IN range(1, 10000) | e.text]) AS n",
    "MATCH (e:Event) WITH e.text AS s RETURN size(replace(s, ' ', s)) AS n",
    "MATCH (n) WITH collect(n) AS ns WITH ns + ns AS ns WITH ns + ns AS ns "
    "RETURN size([a IN ns | ns]) AS n",
    "MATCH (c:Company) WITH collect(c.name) AS names "
    "RETURN [a IN names WHERE any(b IN names WHERE b <> a AND b CONTAINS a)] AS dupes",
    "MATCH (c:Company) WHERE size([x IN range(1, 10000) | [y IN range(1, 10000) | y]]) > 0 "
    "RETURN c.name AS name",
    "MATCH (c:Company) WHERE any(x IN range(1, 10000) WHERE any(y IN range(1, 10000) "
    "WHERE x + y = -1)) RETURN c.name AS name",
    "MATCH (c:Company) WITH collect(c) AS cs MATCH (e:Event) "
    "WHERE size([a IN cs | [b IN cs | a.name + b.name]]) > 0 RETURN count(e) AS n",
    "MATCH (c:Company) RETURN [(c)-[*1..3]-(x) | [(x)-[*1..3]-(y) | [(y)--(z) | z.name]]] AS deep",
    "MATCH (c:Company) WITH collect(c) AS cs RETURN [a IN cs | [(a)--(x) | cs]] AS n",
    "MATCH (a:Company) WITH collect(a) AS xs RETURN size(xs + [x IN xs | xs]) AS n",
    "MATCH (e:Event) WITH collect(e.text) AS t RETURN size(t + [x IN range(1, 10000) | t]) AS n",
    "WITH $ids AS ids RETURN size([a IN ids | [b IN ids | a + b]]) AS n",
    "MATCH (e:Event) RETURN {texts: [x IN range(1, 5000) | e.text]} AS m",
    "MATCH (p:Person) RETURN p{.*, copies: [x IN range(1, 10000) | p.full_name]} AS m",
]

PATHS_AND_PRODUCTS = [
    "MATCH (a), (b), (c) RETURN a.id, b.id, c.id",
    "MATCH (a), (b) RETURN a.id AS a, b.id AS b",
    "MATCH (a), (b), (c) RETURN collect([a.id, b.id, c.id]) AS triples",
    "MATCH (a), (b), (c) WITH a, b, c WHERE a <> b RETURN count(DISTINCT [a, b, c]) AS n",
    "MATCH (a:Company), (b:Person) RETURN collect(a.name + b.full_name) AS pairs",
    "MATCH (a) MATCH (b) MATCH (c) RETURN a.id, b.id, c.id",
    "MATCH (a) CALL { MATCH (b) RETURN b } RETURN a.id, b.id",
    "MATCH (a:Event), (b:Event) WHERE a.text <> b.text RETURN a.pub_number, b.pub_number",
    "MATCH p = (a)-[*]-(b) RETURN count(p) AS n",
    "MATCH p = (a)-[*1..]-(b) RETURN count(p) AS n",
    "MATCH p = (a)-[*..100]-(b) RETURN count(p) AS n",
    "MATCH p = (a)-[*0..20]-(b) RETURN count(p) AS n",
    "MATCH p = (a)-[:HOLDS_ROLE*]-(b) RETURN count(p) AS n",
    "MATCH p = (a)-[r*7]-(b) RETURN count(p) AS n",
    "MATCH ((a)--(b)){1,100} RETURN count(*) AS n",
    "MATCH ((a)--(b))+ RETURN count(*) AS n",
    "MATCH ((a)--(b)){0,} RETURN count(*) AS n",
    "MATCH (a)(()--()){2,} (b) RETURN count(*) AS n",
    "MATCH p = shortestPath((a)-[*]-(b)) RETURN length(p) AS n",
    "MATCH p = allShortestPaths((a)-[*]-(b)) RETURN count(p) AS n",
    "MATCH (a), (b) MATCH p = shortestPath((a)-[*1..6]-(b)) RETURN count(p) AS n",
    "MATCH (a), (b) WITH a, b MATCH p = allShortestPaths((a)-[*1..6]-(b)) RETURN count(p) AS n",
    "MATCH p = SHORTEST 1000000 (a)-[]-+(b) RETURN count(p) AS n",
    "MATCH p = ANY SHORTEST (a)-[*]-(b) RETURN count(p) AS n",
]

PROCEDURES = [
    "CALL apoc.coll.flatten([x IN range(1, 10) | x]) YIELD value RETURN value",
    "RETURN apoc.text.repeat('a', 1000000000) AS s",
    "RETURN apoc.coll.fill('a', 1000000000) AS xs",
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'RETURN 1', {}) YIELD total RETURN total",
    "CALL apoc.path.expand(null, '', '', 0, -1) YIELD path RETURN path",
    "RETURN apoc.coll.combinations(range(1, 100), 50) AS xs",
    "CALL db.index.fulltext.queryNodes('event_text', '*') YIELD node "
    "WITH collect(node) AS ns RETURN size([a IN ns | ns]) AS n",
    "CALL dbms.queryJmx('*:*') YIELD attributes RETURN attributes",
    "CALL gds.graph.project('g', '*', '*')",
    "CALL db.stats.collect('QUERIES')",
    "CALL dbms.setConfigValue('db.memory.transaction.max', '0')",
    "CALL db.schema.visualization() YIELD nodes WITH nodes "
    "RETURN size([a IN range(1, 10000) | [b IN range(1, 10000) | nodes]]) AS n",
]

LITERALS = [
    "WITH [" + ",".join(["1"] * 2000) + "] AS l RETURN size([a IN l | [b IN l | b]]) AS n",
    "WITH ["
    + ",".join(["1"] * 1500)
    + "] AS l RETURN size([a IN l | [b IN l | [c IN l | c]]]) AS n",
    "UNWIND [" + ",".join(["1"] * 1500) + "] AS a UNWIND [" + ",".join(["2"] * 1500) + "] AS b "
    "RETURN count(*) AS n",
    "WITH ["
    + ",".join([f"'{BIG[:40]}'"] * 150)
    + "] AS l RETURN size([a IN l | [b IN l | l]]) AS n",
    "RETURN size([" + ",".join(["range(1, 10000)"] * 150) + "]) AS n",
]

REFUSED = NESTED_RANGES + PRODUCTS_AND_UNWIND + STRINGS + DATA_SIZED + PATHS_AND_PRODUCTS
REFUSED += PROCEDURES + LITERALS
"""Each must be refused by the sandbox before anything runs."""

CAPPED = [
    "MATCH (a)-[*1..6]-(b)-[*1..6]-(c) RETURN count(*) AS n",
    "MATCH (a) WITH collect(a) AS xs UNWIND xs AS x UNWIND xs AS y "
    "MATCH p = shortestPath((x)-[*1..6]-(y)) RETURN count(p) AS n",
    "MATCH (a), (b), (c), (d), (e), (f) RETURN count(*) AS n",
    "MATCH p = (a)-[*1..6]-(b) RETURN count(p) AS n",
    "MATCH p = (a)-[*1..6]-(b) RETURN collect(p) AS ps",
    "MATCH (a) WITH collect(a) AS xs UNWIND xs AS x UNWIND xs AS y UNWIND xs AS z "
    "RETURN count(*) AS n",
    "MATCH (a) WITH collect(a) AS xs UNWIND xs AS x UNWIND xs AS y UNWIND xs AS z "
    "RETURN collect([x.id, y.id, z.id]) AS triples",
    "UNWIND range(1, 1000) AS x UNWIND range(1, 1000) AS y RETURN count(*) AS n",
    "UNWIND range(1, 1000) AS x UNWIND range(1, 1000) AS y RETURN x, y",
    "UNWIND range(1, 1000) AS x MATCH (n) MATCH (m)-[*1..4]-(k) RETURN count(*) AS n",
    "MATCH (c:Company {id: 'none'}) MATCH (a) RETURN count(a) AS n",
    "RETURN size([x IN range(1, 1000) | [y IN range(1, 1000) | y]]) AS n",
]
"""Each may pass the checks; it must then stop at the timeout, the memory cap or the row cap."""
