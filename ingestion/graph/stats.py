"""`shabgraph stats`: node and edge counts in the layout of the paper's Table S2."""

from __future__ import annotations

from typing import Final

from neo4j import Driver
from pydantic import BaseModel
from rich.table import Table

from shabgraph.db import read

NODE_COUNTS: Final = """
MATCH (n) WHERE n:Company OR n:Person OR n:Event OR n:NameHub OR n:CompanyState
WITH CASE WHEN n:Company THEN 'Company' WHEN n:Person THEN 'Person' WHEN n:Event THEN 'Event'
          WHEN n:NameHub THEN 'NameHub' ELSE 'CompanyState' END AS label,
     CASE WHEN n:Company AND n.strength = 'weak' AND EXISTS { (n)-[:SAME_AS]->() }
          THEN 'absorbed' ELSE n.strength END AS strength
RETURN label, strength, count(*) AS n
"""
EDGE_COUNTS: Final = "MATCH ()-[r]->() RETURN type(r) AS type, count(r) AS n"
ORDER: Final = ("Company", "Person", "Event", "NameHub", "CompanyState")


class GraphStats(BaseModel):
    """Counts of the graph."""

    nodes: dict[str, dict[str, int]]
    """label -> strength (strong / weak / absorbed / n/a) -> count."""
    edges: dict[str, int]
    """relationship type -> count."""

    @property
    def total_nodes(self) -> int:
        """All nodes."""
        return sum(sum(v.values()) for v in self.nodes.values())

    @property
    def total_edges(self) -> int:
        """All relationships."""
        return sum(self.edges.values())


def graph_stats(driver: Driver, database: str = "neo4j") -> GraphStats:
    """Count nodes by label and strength, edges by type."""
    nodes: dict[str, dict[str, int]] = {label: {} for label in ORDER}
    for r in read(driver, database, NODE_COUNTS):
        nodes[r["label"]][r["strength"] or "n/a"] = r["n"]
    edges = {r["type"]: r["n"] for r in read(driver, database, EDGE_COUNTS)}
    return GraphStats(nodes=nodes, edges=dict(sorted(edges.items())))


def stats_table(stats: GraphStats) -> Table:
    """Table S2: Node type | Strong | Weak | Total, then total nodes and edges."""
    table = Table(title="Graph size (layout of Table S2)")
    for col in ("Node type", "Strong", "Weak", "Total"):
        table.add_column(col, justify="left" if col == "Node type" else "right")
    for label in ORDER:
        counts = stats.nodes[label]
        total = sum(counts.values())
        if label in ("Company", "Person"):
            weak = counts.get("weak", 0)
            absorbed = counts.get("absorbed", 0)
            weak_txt = f"{weak:,}" + (f" (+{absorbed:,} absorbed)" if absorbed else "")
            table.add_row(label, f"{counts.get('strong', 0):,}", weak_txt, f"{total:,}")
        else:
            table.add_row(label, "N/A", "N/A", f"{total:,}")
    table.add_row("Total Nodes", "", "", f"{stats.total_nodes:,}", end_section=True)
    for rel, n in stats.edges.items():
        table.add_row(f"  {rel}", "", "", f"{n:,}")
    table.add_row("Total Edges", "", "", f"{stats.total_edges:,}")
    return table
