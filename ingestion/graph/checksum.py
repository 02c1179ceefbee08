"""A content checksum of the whole graph: equal graphs (same nodes, edges and properties) give
equal digests, whatever order they were written in. Used to prove resume and idempotence."""

from __future__ import annotations

import hashlib
from typing import Any, Final

from neo4j import Driver

from shabgraph.db import read

NODES: Final = """
MATCH (n) RETURN labels(n) AS labels, properties(n) AS props
"""
EDGES: Final = """
MATCH (a)-[r]->(b)
RETURN type(r) AS type, coalesce(a.id, a.pub_number, a.key) AS src,
       coalesce(b.id, b.pub_number, b.key) AS dst, properties(r) AS props
"""


def _canon(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_canon(v)}" for k, v in sorted(value.items())) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_canon(v) for v in value) + "]"
    return repr(str(value)) if value is not None else "null"


def graph_checksum(driver: Driver, database: str = "neo4j") -> tuple[int, int, str]:
    """(node count, edge count, sha256 of the sorted canonical node and edge lines)."""
    lines = sorted(
        _canon(sorted(r["labels"])) + _canon(r["props"]) for r in read(driver, database, NODES)
    )
    edges = sorted(
        r["type"] + _canon([r["src"], r["dst"], r["props"]]) for r in read(driver, database, EDGES)
    )
    digest = hashlib.sha256("\n".join(lines + edges).encode()).hexdigest()
    return len(lines), len(edges), digest
