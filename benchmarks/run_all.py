"""`make bench`: the quick, server-free benchmarks in one go, then how to run the graph ones.

Generation, parsing and extraction need no Neo4j and take a few minutes on 100 k notices. The
graph benchmarks (ingest, tools, agent, UI load) need a server with a large graph and are run by
hand; their commands are printed at the end.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

GRAPH_BENCHMARKS = """
Graph benchmarks (need a running Neo4j; point SHABGRAPH_NEO4J_* or NEO4J_URI at it):
  python -m benchmarks.bench_ingest --notices 100000 --corpus DIR --wipe --eval
  python -m benchmarks.bench_tools --calls 200
  python -m benchmarks.bench_agent --n 200
  python -m benchmarks.bench_ui_load --sessions 20 --seconds 60
"""


def _run(*args: str) -> None:
    print(f"\n$ python -m {' '.join(args)}", flush=True)
    subprocess.run([sys.executable, "-m", *args], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="The server-free benchmarks in one go.")
    parser.add_argument("--notices", type=int, default=100_000, help="synthetic corpus size")
    notices = str(parser.parse_args().notices)
    with tempfile.TemporaryDirectory(prefix="shabgraph-bench-") as tmp:
        _run("benchmarks.bench_generate", "--notices", notices, "--keep", tmp)
        corpus = Path(tmp) / f"syn-{notices}"
        _run("benchmarks.bench_parse", str(corpus / "notices"))
        _run("benchmarks.bench_extraction", "--synthetic", str(corpus))
    print(GRAPH_BENCHMARKS)


if __name__ == "__main__":
    main()
