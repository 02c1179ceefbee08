"""Rules-extractor throughput and peak memory (issue 4: >= 2,000 notices/s on one core).

    .venv/bin/python benchmarks/bench_extraction.py --synthetic DIR   # a `shabgraph generate` folder
    .venv/bin/python benchmarks/bench_extraction.py --notices 100000  # generates one into a temp dir
    .venv/bin/python benchmarks/bench_extraction.py --real 100000     # the real dev inputs, repeated

Prints notices/s, peak RSS and the share of notices with persons; one process, one core.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.rules import RulesExtractor

REPO = Path(__file__).resolve().parent.parent
console = Console()


def synthetic_inputs(folder: Path) -> Iterator[ExtractionInput]:
    """The notices of a `shabgraph generate` folder as extractor inputs."""
    for page in sorted((folder / "notices").glob("*.json")):
        for pub in json.loads(page.read_text(encoding="utf-8"))["content"]:
            meta, content = pub["meta"], pub["content"]
            yield ExtractionInput(
                id=meta["publicationNumber"],
                text=content.get("publicationText") or "",
                language=meta.get("language"),
            )


def real_inputs(n: int) -> list[ExtractionInput]:
    """The real dev inputs repeated up to `n` notices."""
    path = REPO / "tests" / "data" / "gold" / "inputs_dev.jsonl"
    base = [
        ExtractionInput.model_validate_json(line) for line in path.read_text().splitlines() if line
    ]
    return [base[i % len(base)].model_copy(update={"id": f"r{i}"}) for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--synthetic", type=Path, help="folder written by `shabgraph generate`")
    ap.add_argument("--notices", type=int, default=0, help="generate this many synthetic notices")
    ap.add_argument("--real", type=int, default=0, help="repeat the real dev inputs to this many")
    args = ap.parse_args()
    tmp = None
    if args.real:
        inputs, source = real_inputs(args.real), f"real dev inputs repeated to {args.real}"
    else:
        folder = args.synthetic
        if folder is None:
            tmp = tempfile.TemporaryDirectory()
            folder = Path(tmp.name) / "corpus"
            n = args.notices or 100_000
            console.print(f"generating {n} synthetic notices ...")
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "cli",
                    "generate",
                    "--notices",
                    str(n),
                    "--out",
                    str(folder),
                ],
                check=True,
                cwd=REPO,
            )
        inputs, source = list(synthetic_inputs(folder)), f"synthetic {folder}"
    rules = RulesExtractor()
    with_persons = errors = 0
    start, cpu = time.perf_counter(), time.process_time()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("extract", total=len(inputs))
        for i, inp in enumerate(inputs):
            rec = rules.extract(inp)
            with_persons += bool(rec.persons)
            errors += rec.error is not None
            if i % 1000 == 0:
                progress.update(task, completed=i)
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    console.print(f"source: {source}")
    # CPU time is the one-core figure; wall time also counts other processes on a shared machine.
    console.print(f"notices: {len(inputs)}  wall: {seconds:.1f} s  cpu: {cpu_seconds:.1f} s")
    console.print(
        f"throughput: {len(inputs) / cpu_seconds:,.0f} notices/s per core (cpu time; target "
        f">= 2,000), {len(inputs) / seconds:,.0f} notices/s wall"
    )
    console.print(
        f"peak RSS: {peak_mb:,.0f} MiB (inputs held in memory)  "
        f"with persons: {with_persons / max(1, len(inputs)):.1%}  error records: {errors}"
    )
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
