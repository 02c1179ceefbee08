"""Commands of `ingestion.graph`."""

from __future__ import annotations

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add this module's commands to the main app (and the `eval` group)."""
