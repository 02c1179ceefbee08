"""Parse throughput (publications a second) and peak memory of `read_paths`.

Usage: `python benchmarks/bench_parse.py [CORPUS_DIR] [--notices N]`. With a folder (e.g. the
output of `shabgraph generate --notices 100000`) it parses that; without, it first writes N
notices (default 100,000) copied from the recorded real API publications with fresh ids, in API
pages of 2,000, to a temporary folder. Prints notices/s for parsing alone and for parsing plus
writing JSONL, and the peak resident memory of the process.
"""

from __future__ import annotations

import argparse
import copy
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ingestion.publication import Publication
from ingestion.sources import read_paths

FIXTURE = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "data"
    / "real"
    / "amtsblattportal-n8n-fixture-2026-08-26"
    / "publications_hr_2026-08-26.json"
)
PAGE = 2000


def write_corpus(folder: Path, notices: int) -> None:
    """`notices` copies of the real records, fresh ids, in API list pages of 2,000."""
    records = orjson.loads(FIXTURE.read_bytes())["publications"]
    page: list[dict[str, Any]] = []
    for n in range(notices):
        rec = copy.deepcopy(records[n % len(records)])
        rec["meta"]["id"] = f"bench-{n:09d}"
        rec["meta"]["publicationNumber"] = f"HR02-{2_000_000_000 + n}"
        page.append(rec)
        if len(page) == PAGE or n == notices - 1:
            (folder / f"page-{n // PAGE:05d}.json").write_bytes(
                orjson.dumps({"content": page, "total": notices})
            )
            page = []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path)
    parser.add_argument("--notices", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = args.corpus
        if corpus is None:
            corpus = Path(tmp) / "corpus"
            corpus.mkdir()
            write_corpus(corpus, args.notices)
            print(f"corpus: {args.notices} copies of the real API records in {corpus}")
        t0, c0 = time.perf_counter(), time.process_time()
        pubs = rejects = 0
        for item in read_paths([corpus]):
            if isinstance(item, Publication):
                pubs += 1
            else:
                rejects += 1
        parse_s, parse_cpu = time.perf_counter() - t0, time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        with open(Path(tmp) / "out.jsonl", "w", encoding="utf-8") as out:
            for item in read_paths([corpus]):
                out.write(item.model_dump_json() + "\n")
        write_s, write_cpu = time.perf_counter() - t0, time.process_time() - c0
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"publications: {pubs}, rejects: {rejects}")
    # CPU time is what one core delivers; wall time also counts other processes on a shared box
    print(
        f"parse only:        {parse_s:7.2f} s wall {pubs / parse_s:8.0f}/s, "
        f"{parse_cpu:7.2f} s CPU {pubs / parse_cpu:8.0f} publications/s"
    )
    print(
        f"parse + JSONL out: {write_s:7.2f} s wall {pubs / write_s:8.0f}/s, "
        f"{write_cpu:7.2f} s CPU {pubs / write_cpu:8.0f} publications/s"
    )
    print(f"peak RSS: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
