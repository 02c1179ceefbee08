"""The read-only Cypher sandbox: checks a query before it may run.

Defence in depth, each layer enough on its own for writes:
1. lexical rules on the query with string literals and comments blanked out (one statement,
   no write or admin keyword, no LOAD CSV / USE / PROFILE / IN TRANSACTIONS, procedures and
   namespaced functions only from an allowlist, bounded variable-length paths, ASCII only
   outside literals);
2. a work budget (tools.sandbox_budget): what one row's expressions can build (nested ranges
   and comprehensions, strings and lists grown by `+` or `replace()`, large literals) and the
   rows literal UNWINDs multiply, because Neo4j neither interrupts nor counts an expression;
3. `EXPLAIN`: the planner's query type must be `r` (read only), no plan operator may write,
   load, or call a procedure outside the allowlist, the estimated row count must stay below a
   ceiling, and no cartesian product may join two unanchored scans (`MATCH (a), (b), (c)` on
   a small graph stays under any row ceiling and is still quadratic on the real one);
4. at run time (tools.runner): a READ transaction (the kernel refuses writes), a driver
   transaction timeout, a row cap; on the server (shabgraph.neo4j_server) a memory cap per
   transaction below the heap and a total cap for all of them.
"""

from __future__ import annotations

import re
from typing import Any, Final

import neo4j
from neo4j.exceptions import CypherSyntaxError, Neo4jError

from shabgraph.errors import CypherRejected
from tools.base import ToolContext
from tools.sandbox_budget import check_budget

ALLOWED_PROCEDURES: Final = frozenset(
    {
        "db.index.fulltext.querynodes",
        "db.index.fulltext.queryrelationships",
        "db.labels",
        "db.relationshiptypes",
        "db.propertykeys",
        "db.schema.visualization",
        "db.schema.nodetypeproperties",
        "db.schema.reltypeproperties",
    }
)
"""Read-only procedures an agent may call (lower case)."""

ALLOWED_FUNCTIONS: Final = frozenset(
    {
        "date.truncate",
        "date.realtime",
        "date.statement",
        "date.transaction",
        "datetime.truncate",
        "datetime.fromepoch",
        "datetime.fromepochmillis",
        "duration.between",
        "duration.inmonths",
        "duration.indays",
        "duration.inseconds",
        "point.distance",
        "point.withinbbox",
        "vector.similarity.cosine",
        "vector.similarity.euclidean",
    }
)
"""Namespaced functions an agent may call (lower case); un-namespaced built-ins are all allowed."""

FORBIDDEN_KEYWORDS: Final = (
    "CREATE",
    "MERGE",
    "DELETE",
    "DETACH",
    "SET",
    "REMOVE",
    "DROP",
    "FOREACH",
    "LOAD",
    "CSV",
    "PROFILE",
    "EXPLAIN",
    "USE",
    "TRANSACTIONS",
    "GRANT",
    "DENY",
    "REVOKE",
    "ALTER",
    "RENAME",
    "START",
    "STOP",
    "TERMINATE",
    "SHOW",
    "ENABLE",
    "DISABLE",
    "FINISH",
    "INSERT",
    "IMPORT",
    "PERIODIC",
    "COMMIT",
    "ROLLBACK",
    "BEGIN",
    "REDUCE",
)
"""Keywords that have no place in a read query (checked outside literals and comments).

`REDUCE` is here because Neo4j evaluates an expression in one step that a transaction timeout
does not interrupt: `reduce(s = '', x IN big | s + x)` keeps a core busy after its timeout."""

WRITE_OPERATORS: Final = frozenset(
    {
        "create",
        "merge",
        "delete",
        "detachdelete",
        "setproperty",
        "setproperties",
        "setlabels",
        "removelabels",
        "setnodeproperty",
        "setnodeproperties",
        "setnodepropertiesfrommap",
        "setrelationshipproperty",
        "setrelationshipproperties",
        "setrelationshippropertiesfrommap",
        "setpropertiesfrommap",
        "foreach",
        "loadcsv",
        "transactionforeach",
        "transactionapply",
    }
)
"""Plan operators (name without `@db`, lower case) that betray a write, a load or batching."""

MAX_RANGE: Final = 10_000
"""Longest `range()` accepted: list expressions run inside one step the timeout cannot stop."""
MAX_VAR_LENGTH: Final = 6
"""Upper bound allowed on a variable-length pattern (`*1..6`)."""
MAX_ESTIMATED_ROWS: Final = 5_000_000.0
"""Largest planner row estimate accepted for any operator (cartesian products exceed it)."""
MAX_QUERY_CHARS: Final = 10_000
"""Longest query text accepted."""
JOIN_OPERATORS: Final = frozenset({"cartesianproduct", "apply"})
"""Plan operators that run their right side once per row of their left side."""

_TOKEN = re.compile(
    r"""(?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
    r"""|(?P<tick>`(?:[^`]|``)*`)"""
    r"""|(?P<line>//[^\n]*)"""
    r"""|(?P<block>/\*.*?\*/)""",
    re.DOTALL,
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PROC = re.compile(r"\bCALL\s+([A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_]\w*)*)", re.IGNORECASE)
_FUNC = re.compile(r"(?<![\w.$])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\s*\(")
_VARLEN = re.compile(r"\*\s*(\d*)\s*(\.\.)?\s*(\d*)")
_QPP_RANGE = re.compile(r"\)\s*\{\s*(\d*)\s*(,)?\s*(\d*)\s*\}")
_QPP_SHORT = re.compile(r"[)>\-]\s*[+*]\s*(?=[(<\-])")
_RANGE = re.compile(r"\brange\s*\(([^()]*)\)", re.IGNORECASE)
_INT = re.compile(r"^\s*-?\d+\s*$")
_QUOTED_CALLABLE = re.compile(r"`N`\s*(\(|\.\s*[A-Za-z_`])|\bCALL\s+`N`", re.IGNORECASE)


def skeleton(query: str) -> str:
    """The query with string literals, quoted names and comments replaced by neutral tokens.

    Raises CypherRejected when a literal or comment is left open (an unclassifiable query).
    """
    out = _TOKEN.sub(
        lambda m: " 'S' " if m.group("str") else (" `N` " if m.group("tick") else " "), query
    )
    if re.search(r"['\"`]|/\*", out.replace(" 'S' ", " ").replace(" `N` ", " ")):
        raise CypherRejected(
            "The query has an unterminated string, name or comment.", "unclassifiable"
        )
    return out


def lexical_check(query: str) -> str:
    """Apply the lexical rules; return the normalised single statement (no trailing `;`)."""
    if len(query) > MAX_QUERY_CHARS:
        raise CypherRejected(f"The query is longer than {MAX_QUERY_CHARS} characters.", "too_long")
    text = query.strip()
    if not text:
        raise CypherRejected("The query is empty.", "empty")
    code = skeleton(text)
    if any(ord(ch) > 127 for ch in code):
        raise CypherRejected(
            "Non-ASCII characters outside string literals are not accepted.", "unicode"
        )
    body = code.rstrip().rstrip(";")
    if ";" in body:
        raise CypherRejected("Only one statement per query is accepted.", "multiple_statements")
    words = {w.upper() for w in _WORD.findall(re.sub(r"'S'|`N`", " ", body))}
    bad = [k for k in FORBIDDEN_KEYWORDS if k in words]
    if bad:
        raise CypherRejected(
            f"Read-only sandbox: '{bad[0]}' is not allowed.", f"keyword:{bad[0].lower()}"
        )
    for match in _PROC.finditer(body):
        name = re.sub(r"\s+", "", match.group(1)).lower()
        if name not in ALLOWED_PROCEDURES:
            raise CypherRejected(
                f"Procedure '{name}' is not on the sandbox allowlist.", "procedure"
            )
    for match in _FUNC.finditer(_PROC.sub("CALL proc", body)):
        name = match.group(1).lower()
        if name not in ALLOWED_FUNCTIONS:
            raise CypherRejected(f"Function '{name}' is not on the sandbox allowlist.", "function")
    _check_ranges(body)
    check_budget(text)
    if _QUOTED_CALLABLE.search(body):
        raise CypherRejected(
            "Quoted names are not accepted for procedures or functions.", "procedure"
        )
    for match in _QPP_RANGE.finditer(body):
        low, comma, high = match.groups()
        upper = int(high) if high else (None if comma else int(low or 0))
        if upper is None or upper > MAX_VAR_LENGTH:
            raise CypherRejected(
                f"Quantified paths need an upper bound of at most {MAX_VAR_LENGTH}.",
                "unbounded_path",
            )
    if _QPP_SHORT.search(body):
        raise CypherRejected(
            f"Unbounded path quantifiers (+, *) are not accepted; use {{1,{MAX_VAR_LENGTH}}}.",
            "unbounded_path",
        )
    for match in _VARLEN.finditer(body):
        if not _inside_relationship(body, match.start()):
            continue
        low, dots, high = match.groups()
        upper = int(high) if high else (None if dots or not low else int(low))
        if upper is None or upper > MAX_VAR_LENGTH:
            raise CypherRejected(
                f"Variable-length patterns need an upper bound of at most {MAX_VAR_LENGTH} hops "
                f"(e.g. *1..{min(3, MAX_VAR_LENGTH)}).",
                "unbounded_path",
            )
    return text.rstrip().rstrip(";").rstrip()


def _check_ranges(body: str) -> None:
    """`range()` only with integer literals and at most MAX_RANGE elements."""
    calls = len(re.findall(r"\brange\s*\(", body, re.IGNORECASE))
    if calls != len(_RANGE.findall(body)):
        raise CypherRejected("range() needs integer literal bounds.", "range")
    for match in _RANGE.finditer(body):
        args = match.group(1).split(",")
        if not 2 <= len(args) <= 3 or not all(_INT.match(a) for a in args):
            raise CypherRejected(
                "range() needs integer literal bounds (no parameters or expressions).", "range"
            )
        low, high = int(args[0]), int(args[1])
        step = abs(int(args[2])) if len(args) == 3 else 1
        if step == 0 or abs(high - low) // step + 1 > MAX_RANGE:
            raise CypherRejected(f"range() may produce at most {MAX_RANGE} values.", "range")


def _inside_relationship(code: str, pos: int) -> bool:
    """True when position `pos` lies inside a `[...]` relationship pattern (not a multiplication)."""
    opened = code.rfind("[", 0, pos)
    return (
        opened != -1
        and code.rfind("]", 0, pos) < opened
        and "-" in code[max(0, opened - 2) : opened]
    )


def _walk(plan: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every operator of an EXPLAIN plan (the driver gives nested dicts)."""
    stack, out = [plan], []
    while stack:
        node = stack.pop()
        if node:
            out.append(node)
            stack.extend(node.get("children") or [])
    return out


def _scans(plan: dict[str, Any]) -> bool:
    """True when the sub-plan reads a whole label, relationship type, index or the graph
    (and no LIMIT caps what it passes on)."""
    names = [str(op.get("operatorType", "")).split("@")[0].lower() for op in _walk(plan)]
    return any(n.endswith("scan") for n in names) and not any(
        n in ("limit", "top", "top1", "partialtop") for n in names
    )


def plan_check(ctx: ToolContext, statement: str, params: dict[str, Any]) -> str:
    """EXPLAIN the statement (nothing runs); reject anything but a bounded read. Returns the type."""
    try:
        with ctx.driver.session(database=ctx.database, default_access_mode=neo4j.READ_ACCESS) as s:
            summary = s.run(f"EXPLAIN {statement}", params).consume()
    except CypherSyntaxError as exc:
        raise CypherRejected(f"The query does not parse: {exc.message}", "syntax") from exc
    except Neo4jError as exc:
        raise CypherRejected(f"The planner refused the query: {exc.message}", "planner") from exc
    query_type = summary.query_type
    if query_type != "r":
        raise CypherRejected(
            f"Only read queries may run (planner says type '{query_type}').",
            f"query_type:{query_type}",
        )
    for op in _walk(summary.plan):
        name = str(op.get("operatorType", "")).split("@")[0].lower()
        args = op.get("args", {}) or {}
        if name in WRITE_OPERATORS:
            raise CypherRejected(
                f"The plan contains a '{op.get('operatorType')}' step.", "plan_operator"
            )
        if name == "procedurecall":
            detail = str(args.get("Details", "")).lower()
            proc = detail.split("(")[0].strip()
            if proc not in ALLOWED_PROCEDURES:
                raise CypherRejected(
                    f"Procedure '{proc}' is not on the sandbox allowlist.", "procedure"
                )
        if name in JOIN_OPERATORS and all(_scans(c) for c in op.get("children") or [{}, {}]):
            raise CypherRejected(
                "The query joins two whole scans (a cartesian product over the graph): connect "
                "the patterns, or anchor one side on an id, a name or a canton.",
                "cartesian_product",
            )
        estimate = float(args.get("EstimatedRows", 0.0) or 0.0)
        if estimate > MAX_ESTIMATED_ROWS:
            raise CypherRejected(
                f"The planner estimates {estimate:,.0f} rows at step '{op.get('operatorType')}': "
                "connect the patterns (no cartesian products), filter earlier, or add a LIMIT.",
                "too_expensive",
            )
    return str(query_type)


def check_query(ctx: ToolContext, query: str, params: dict[str, Any] | None = None) -> str:
    """All pre-execution checks; returns the statement to run or raises CypherRejected."""
    statement = lexical_check(query)
    plan_check(ctx, statement, params or {})
    return statement
