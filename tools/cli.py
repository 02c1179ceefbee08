"""Commands of the `tools` package, added to `shabgraph` by `register`."""

from __future__ import annotations

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this package's commands to the main app (and the `eval` group)."""
