"""`shabgraph eval run` end to end: load suites, prepare baselines, run systems, write the report."""

from __future__ import annotations

import asyncio
import json
import platform
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, cast

from neo4j import Driver

from evals import benchmark
from evals.benchmark import SUITES, Conversation, Question
from evals.embedder import Embedder, make_embedder
from evals.judge import Judge
from evals.records import ItemRecord
from evals.report import write_report
from evals.runner import Runner
from evals.summary import summarise
from evals.systems import (
    FLAT,
    SWITCHES,
    SYSTEMS,
    AgentSystem,
    FlatSystem,
    System,
    make_agent_service,
    memory_checkpointer,
)
from shabgraph import db
from shabgraph.errors import InputError
from shabgraph.llm import chat_model
from shabgraph.project import PROJECT_ROOT
from shabgraph.settings import Settings

DATA_DIR = Path(__file__).resolve().parent / "data"
SUITE_FILES = {
    "graph-seeded": "graph_seeded.jsonl",
    "conversational": "conversational.jsonl",
    "curated": "curated_real.jsonl",
}
GRAPH_SIZE = "MATCH (n) RETURN count(n) AS nodes"
EVENT_COUNT = "MATCH (e:Event) RETURN count(e) AS events"


@dataclass
class RunConfig:
    """What one `eval run` does."""

    suites: list[str]
    """Suites to run."""
    systems: list[str]
    """Systems to run."""
    out_dir: Path
    """Report folder."""
    bench_dir: Path = DATA_DIR
    """Folder with the suite files."""
    limit: int | None = None
    """Items per suite at most (smoke runs)."""
    judge: bool = True
    """Use the LLM judge when an LLM is configured."""
    meta: dict[str, Any] = field(default_factory=dict)
    """Extra lines for the report header."""
    corpus: Path | None = None
    """Synthetic corpus folder (with truth/) the graph was built from: tier-1 resolution."""


def parse_systems(value: str) -> list[str]:
    """`full,dense` -> ["full", "dense"]; unknown names are an input error."""
    names = [v.strip() for v in value.split(",") if v.strip()]
    unknown = [n for n in names if n not in SYSTEMS]
    if unknown or not names:
        raise InputError(
            f"unknown system(s): {', '.join(unknown) or '(none)'}",
            hint=f"choose from {', '.join(SYSTEMS)}",
        )
    return names


def parse_suites(value: str) -> list[str]:
    """`all` or one suite name."""
    if value == "all":
        return list(SUITES)
    if value not in SUITES:
        raise InputError(f"unknown suite {value!r}", hint=f"choose all or {', '.join(SUITES)}")
    return [value]


def load_suite(bench_dir: Path, suite: str, limit: int | None) -> list[Question | Conversation]:
    """A suite's items (`limit` of them, evenly spread over the file, when given)."""
    path = bench_dir / SUITE_FILES[suite]
    if not path.exists() and (DATA_DIR / SUITE_FILES[suite]).exists():
        path = DATA_DIR / SUITE_FILES[suite]  # e.g. the shipped curated set beside generated suites
    items = benchmark.load(path)
    if not limit or limit >= len(items):
        return items
    # An even spread, not the first N: files are sorted by task type and a prefix would hold one.
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


# The development gold of the real notices, kept in the repository with the other test data.
GOLD_DIR = PROJECT_ROOT / "tests" / "data" / "gold"


def tier1_lines(settings: Settings, driver: Driver, corpus: Path | None = None) -> list[str]:
    """Tier 1: extraction on the dev gold and resolution through their packages' functions."""
    from evals.tier1 import extraction_lines, resolution_lines

    lines: list[str] = []
    gold_dir = GOLD_DIR
    if gold_dir.is_dir():
        try:
            lines += [*extraction_lines(settings, gold_dir), ""]
        except Exception as exc:  # tier 1 must not cost the whole report
            lines += [f"(tier-1 extraction failed: {type(exc).__name__}: {exc})", ""]
    else:
        lines += [f"(tier-1 extraction not run: no gold folder {gold_dir})", ""]
    try:
        lines += [*resolution_lines(driver, settings.neo4j_database, corpus), ""]
    except Exception as exc:  # tier 1 must not cost the whole report
        lines += [f"(tier-1 resolution failed: {type(exc).__name__}: {exc})", ""]
    return lines


def build_systems(
    names: Sequence[str], settings: Settings, driver: Driver, embedder: Embedder | None
) -> list[System]:
    """The requested systems, graph systems sharing one in-memory checkpointer."""
    systems: list[System] = []
    checkpointer = memory_checkpointer() if any(n in SWITCHES for n in names) else None
    for name in names:
        if name in FLAT:
            assert embedder is not None  # the caller builds one whenever a flat system runs
            mode = cast(Literal["dense", "lexical", "hybrid"], name)
            systems.append(FlatSystem(mode, driver, settings.neo4j_database, embedder))
        else:
            service = make_agent_service(settings, driver, checkpointer, SWITCHES[name])
            systems.append(AgentSystem(name, service))
    return systems


def make_judge(settings: Settings, data_dir: Path) -> Judge | None:
    """The LLM judge when an endpoint is configured, else None."""
    if not settings.llm_configured:
        return None
    model = chat_model(settings, purpose="the evaluation judge", max_retries=2)
    return Judge(model, settings.llm_model, data_dir / "judge-cache")


def run_evaluation(
    settings: Settings,
    driver: Driver,
    config: RunConfig,
    progress: Callable[[str, int, int], None] | None = None,
) -> list[Path]:
    """Run every configured suite and system, then write the report; return the files written.

    `progress(label, done, total)` drives the CLI's bar (embedding first, then the questions).
    """
    report = progress or (lambda _label, _done, _total: None)
    suites = {s: load_suite(config.bench_dir, s, config.limit) for s in config.suites}
    embedder = make_embedder(settings) if any(s in FLAT for s in config.systems) else None
    if embedder is not None:
        from evals.baselines import ensure_embeddings

        ensure_embeddings(
            driver,
            settings.neo4j_database,
            embedder,
            progress=lambda d, t: report("embedding notices", d, t),
        )
    systems = build_systems(config.systems, settings, driver, embedder)
    judge = make_judge(settings, settings.data_dir) if config.judge else None
    config.out_dir.mkdir(parents=True, exist_ok=True)
    records_path = config.out_dir / "records.jsonl"
    records_path.unlink(missing_ok=True)
    total = len(systems) * sum(len(items) for items in suites.values())
    done = 0

    def tick(label: str) -> None:
        nonlocal done
        done += 1
        report(label, done, total)

    runner = Runner(systems, records_path, judge, tick)
    started = time.perf_counter()

    async def run_all() -> list[ItemRecord]:
        # One event loop for all suites: the agent's graph and checkpointer stay on it.
        out: list[ItemRecord] = []
        for items in suites.values():
            out += await runner.run(items)
        return out

    records = asyncio.run(run_all())
    latencies: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in records:
        latencies[r.suite][r.system].append(r.output.latency_ms)
    meta = {
        "date": datetime.now().isoformat(timespec="seconds"),
        "planner": settings.effective_planner,
        "embedder": embedder.name if embedder else "–",
        "judge": judge.model_name if judge else "off (no LLM configured)",
        "graph": f"{_count(driver, settings, GRAPH_SIZE)} nodes, "
        f"{_count(driver, settings, EVENT_COUNT)} notices",
        "suites": ", ".join(f"{s} ({len(i)} items)" for s, i in suites.items()),
        "systems": ", ".join(s.name for s in systems),
        "run time": f"{time.perf_counter() - started:.0f} s",
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        **config.meta,
    }
    return [
        records_path,
        *write_report(
            config.out_dir,
            summarise(records),
            meta,
            {k: dict(v) for k, v in latencies.items()},
            tier1_lines(settings, driver, config.corpus),
        ),
    ]


def rerender(
    settings: Settings, driver: Driver, out_dir: Path, corpus: Path | None = None
) -> list[Path]:
    """Write the report again from a folder's `records.jsonl` (no system is run again).

    The header comes from the folder's `summary.json`; tier 1 is recomputed on the graph.
    """
    records_path = out_dir / "records.jsonl"
    if not records_path.is_file():
        raise InputError(f"no records.jsonl in {out_dir}", "run `shabgraph eval run` first")
    records = load_records(records_path)
    summary = out_dir / "summary.json"
    meta = (
        json.loads(summary.read_text(encoding="utf-8")).get("meta", {}) if summary.is_file() else {}
    )
    latencies: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in records:
        latencies[r.suite][r.system].append(r.output.latency_ms)
    return write_report(
        out_dir,
        summarise(records),
        meta,
        {k: dict(v) for k, v in latencies.items()},
        tier1_lines(settings, driver, corpus),
    )


def _count(driver: Driver, settings: Settings, query: str) -> int:
    row = db.read(driver, settings.neo4j_database, query)[0]
    return int(next(iter(row.values())))


def load_records(path: Path) -> list[ItemRecord]:
    """Read a `records.jsonl` back (to re-render a report without re-running)."""
    return [
        ItemRecord.model_validate(json.loads(line))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
