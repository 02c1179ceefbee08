"""Demo data for `make run`: a generated synthetic corpus, nothing else.

Loaded once: when the graph already holds notices, nothing happens. The synthetic corpus is
generated into `settings.data_dir/demo/synthetic` (kept for `shabgraph eval resolution`) and is
sized to load in about two minutes on a two-core machine. The real notices in `tests/data/real`
name real people: they are test fixtures, never demo material (`shabgraph ingest` loads them
on purpose).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from neo4j import Driver
from rich.console import Console

from shabgraph.settings import Settings

# The size is `settings.demo_notices` (20,000 by default). Measured: 20,077 notices load in
# ~116 s at 173 notices/s on the shared two-core machine (load ~10), plus ~10 s to generate them.
DEMO_SEED: Final = 7


def demo_corpus_dir(settings: Settings) -> Path:
    """Where the demo's synthetic corpus lives."""
    return settings.data_dir / "demo" / "synthetic"


def _ensure_corpus(folder: Path, notices: int, console: Console) -> None:
    """Generate the synthetic corpus unless a complete one (with its manifest) is there."""
    if (folder / "manifest.json").exists():
        return
    from synthetic import generate

    console.print(f"Generating {notices:,} synthetic notices into {folder} ...")
    generate(notices, DEMO_SEED, folder)


def ensure_demo_graph(settings: Settings, driver: Driver, console: Console) -> None:
    """Load the demo graph once; a no-op when the database already holds notices."""
    from ingestion.graph import store
    from ingestion.graph.pipeline import build_graph, summary_table

    database = settings.neo4j_database
    loaded = store.event_count(driver, database)
    # The marker tells a finished load from an interrupted one, which is simply run again
    # (ingestion is resumable); a wiped database has no notices and is loaded afresh.
    marker = settings.data_dir / "demo" / f".loaded-{settings.neo4j_instance}"
    if loaded and marker.exists():
        console.print(f"Demo data: the graph already holds {loaded:,} notices, reusing it.")
        return
    # The demo is synthetic only: the real notices name real people and stay test fixtures.
    folder = demo_corpus_dir(settings)
    _ensure_corpus(folder, settings.demo_notices, console)
    summary = build_graph([folder / "notices"], driver, database, "rules", console, settings)
    console.print(summary_table(summary))
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(f"{summary.notices}\n")
