"""The import contracts of pyproject.toml hold, and no two product modules import each other.

import-linter checks the layers (foundation at the bottom, the CLI on top) and the forbidden
imports. Cycles are checked here because a layer contract cannot see them inside one package:
an import placed inside a function to dodge a cycle is still a cycle, and grimp sees it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import grimp
import pytest
from importlinter.cli import lint_imports

from shabgraph.project import PROJECT_ROOT

pytestmark = pytest.mark.unit

PRODUCT = (
    "shabgraph",
    "ingestion",
    "tools",
    "synthetic",
    "graph_agent",
    "mcp_server",
    "ui",
    "evals",
    "cli",
)
"""The packages of the product (benchmarks and tests sit outside and may import them all)."""


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The components of a directed graph with more than one node, or a node importing itself
    (Tarjan's algorithm, iterative: the product has hundreds of modules)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    components.append(sorted(component))
    return components


def test_tarjan_finds_cycles_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert sorted(strongly_connected(graph)) == [["a", "b", "c"], ["e"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def test_import_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(PROJECT_ROOT)
    assert lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True) == 0


def test_no_import_cycles_in_the_product() -> None:
    graph = grimp.build_graph(*PRODUCT, exclude_type_checking_imports=True, cache_dir=None)
    imports = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    cycles = strongly_connected(imports)
    assert cycles == [], "import cycles (function-level imports included):\n" + "\n".join(
        " <-> ".join(c) for c in cycles
    )
