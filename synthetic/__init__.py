"""The synthetic SHAB corpus with ground truth (`shabgraph generate`).

`generate(n, seed, out_dir, progress=None) -> Summary`; see docs/synthetic-corpus.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from synthetic.generator import Summary, generate

__all__ = ["Summary", "generate"]


def __getattr__(name: str) -> Any:
    # lazy: importing the package (e.g. for `shabgraph --help`) loads no generator code
    if name in __all__:
        from synthetic import generator

        return getattr(generator, name)
    raise AttributeError(name)
