"""Demo data for `make run`: the real development notices plus a generated synthetic corpus.

Loaded once: when the graph already holds notices, nothing happens. The synthetic corpus is
generated into `settings.data_dir/demo/synthetic` (kept for `shabgraph eval resolution`) and is
sized to load in about two minutes on a two-core machine.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from neo4j import Driver
from rich.console import Console

from shabgraph.settings import Settings

# Measured: 20,077 notices (20k synthetic + real) load in ~116 s at 173 notices/s on the shared
# two-core machine (load ~10), plus ~10 s to generate them: "about two minutes".
DEMO_NOTICES: Final = int(os.environ.get("SHABGRAPH_DEMO_NOTICES", "20000"))
DEMO_SEED: Final = 7


def demo_corpus_dir(settings: Settings) -> Path:
    """Where the demo's synthetic corpus lives."""
    return settings.data_dir / "demo" / "synthetic"


def _ensure_corpus(folder: Path, console: Console) -> bool:
    """Generate the synthetic corpus unless a complete one (with its manifest) is there."""
    if (folder / "manifest.json").exists():
        return True
    try:
        from ingestion.synthetic import generate
    except ImportError:
        console.print("Demo data: the synthetic generator is not available; real notices only.")
        return False
    console.print(f"Generating {DEMO_NOTICES:,} synthetic notices into {folder} ...")
    generate(DEMO_NOTICES, DEMO_SEED, folder)
    return True


def ensure_demo_graph(settings: Settings, driver: Driver, console: Console) -> None:
    """Load the demo graph once; a no-op when the database already holds notices."""
    from ingestion.graph import store
    from ingestion.graph.pipeline import ingest_paths, summary_table

    database = settings.neo4j_database
    loaded = store.event_count(driver, database)
    # The marker tells a finished load from an interrupted one, which is simply run again
    # (ingestion is resumable); a wiped database has no notices and is loaded afresh.
    marker = settings.data_dir / "demo" / f".loaded-{settings.neo4j_instance}"
    if loaded and marker.exists():
        console.print(f"Demo data: the graph already holds {loaded:,} notices, reusing it.")
        return
    paths: list[Path] = []
    real = settings.shared_dir / "data" / "real"
    if real.exists():
        paths.append(real)
    folder = demo_corpus_dir(settings)
    if _ensure_corpus(folder, console):
        paths.append(folder / "notices")
    if not paths:
        console.print("Demo data: no notices found (neither real nor synthetic).")
        return
    summary = ingest_paths(paths, driver, database, "rules", console)
    from tools.precompute import refresh_derived

    refresh_derived(driver, database)  # the stored counts `shabgraph ingest` also writes
    console.print(summary_table(summary))
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(f"{summary.notices}\n")
