"""Benchmark: generate N synthetic notices and ingest them end to end.

Prints per-stage wall time and throughput, total time, CPU time (this process, its parse/extract
worker processes, and the Neo4j server: the machine is shared, so wall time alone says little),
peak Python memory (max RSS of this process, which keeps the rows between stages, and of the
largest worker) and the graph's size.
Run it against its own Neo4j instance, e.g.

    SHABGRAPH_NEO4J_INSTANCE=bench SHABGRAPH_NEO4J_BOLT_PORT=7724 SHABGRAPH_NEO4J_HTTP_PORT=7524 \
    SHABGRAPH_NEO4J_PAGECACHE=4g SHABGRAPH_NEO4J_HEAP=4g .venv/bin/shabgraph neo4j start
    SHABGRAPH_NEO4J_INSTANCE=bench SHABGRAPH_NEO4J_BOLT_PORT=7724 SHABGRAPH_NEO4J_HTTP_PORT=7524 \
    .venv/bin/python -m benchmarks.bench_ingest --notices 100000 --wipe --eval

It wipes the benchmark database only with --wipe (never point it at data you want to keep).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

from neo4j import Driver
from rich.console import Console

from ingestion.graph.pipeline import ingest_paths, summary_table
from ingestion.graph.stats import graph_stats, stats_table
from shabgraph import db, schema
from shabgraph.settings import Settings


def _wipe(driver: Driver, database: str) -> None:
    with driver.session(database=database) as session:
        session.run(
            "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
        ).consume()


def _server_cpu(settings: Settings) -> float | None:
    """CPU seconds used so far by the instance's Neo4j server (Linux /proc), if it is ours."""
    try:
        pid = int((settings.instance_dir / "run" / "shabgraph.pid").read_text().strip())
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, ValueError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notices", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--corpus", type=Path, default=None, help="reuse/generate here")
    parser.add_argument("--wipe", action="store_true", help="empty the database first")
    parser.add_argument("--eval", action="store_true", help="also print the resolution table")
    args = parser.parse_args()
    console = Console(stderr=True)
    settings = Settings()
    corpus = args.corpus or settings.data_dir / "bench" / f"synthetic-{args.notices}-{args.seed}"
    t0 = time.perf_counter()
    if not (corpus / "manifest.json").exists():
        from synthetic import generate

        generate(args.notices, args.seed, corpus)
    t_gen = time.perf_counter() - t0
    with db.open_driver(settings) as driver:
        if args.wipe:
            _wipe(driver, settings.neo4j_database)
        schema.apply_schema(driver, settings.neo4j_database)
        from ingestion.graph.stages.derived import refresh_derived

        t1, cpu1, srv1 = time.perf_counter(), time.process_time(), _server_cpu(settings)
        summary = ingest_paths(
            [corpus / "notices"], driver, settings.neo4j_database, "rules", console
        )
        t_derived = time.perf_counter()
        refresh_derived(driver, settings.neo4j_database)  # `shabgraph ingest` runs it too
        t_derived = time.perf_counter() - t_derived
        t_ingest = time.perf_counter() - t1
        cpu_main = time.process_time() - cpu1
        srv2 = _server_cpu(settings)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        stats = graph_stats(driver, settings.neo4j_database)
        console.print(summary_table(summary))
        console.print(stats_table(stats))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"notices            {summary.notices:,}")
        print(f"generate           {t_gen:8.1f} s (skipped when the corpus exists)")
        for stage, secs in summary.stage_seconds.items():
            cpu = summary.stage_cpu_seconds.get(stage, 0.0)
            print(
                f"ingest:{stage:<11} {secs:8.1f} s  {summary.notices / max(secs, 1e-9):10,.0f} "
                f"notices/s  (main-process CPU {cpu:.1f} s)"
            )
        print(f"derived counts     {t_derived:8.1f} s  (the derived-counts stage)")
        print(
            f"ingest total       {t_ingest:8.1f} s  {summary.notices / t_ingest:10,.0f} notices/s"
        )
        print(f"end to end         {t_gen + t_ingest:8.1f} s")
        server = f"{srv2 - srv1:.1f} s" if srv1 is not None and srv2 is not None else "n/a"
        workers_cpu = children.ru_utime + children.ru_stime
        print(
            f"CPU time           main {cpu_main:.1f} s, workers {workers_cpu:.1f} s, "
            f"Neo4j {server}  (wall {t_ingest:.1f} s; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
        )
        print(
            f"peak memory (RSS)  {peak:8.0f} MiB main, {children.ru_maxrss / 1024:.0f} MiB "
            "largest worker"
        )
        print(f"graph              {stats.total_nodes:,} nodes, {stats.total_edges:,} edges")
        if args.eval:
            from evals.resolution import evaluate, report_tables

            report = evaluate(driver, settings.neo4j_database, corpus, 1000)
            for table in report_tables(report):
                Console(width=160).print(table)  # a pipe gets 80 columns: figures cut


if __name__ == "__main__":
    main()
