"""Benchmark of `shabgraph generate`: throughput and peak memory at one or more corpus sizes.

Usage: python benchmarks/bench_generate.py [--notices 100000 1000000] [--seed 1] [--keep DIR]
Each size runs in a fresh subprocess so that its peak RSS is its own. Target: 1 M notices in
under 10 minutes, and no more peak memory at 1 M than at 100 k. Besides wall time it prints the
process CPU time: on the shared 2-core machine wall time mostly measures the other users' load,
CPU time what the generator itself costs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import json, resource, sys, time
from pathlib import Path
from synthetic import generate
n, seed, out = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
t = time.perf_counter()
c = time.process_time()
s = generate(n, seed, out)
dt = time.perf_counter() - t
cpu = time.process_time() - c
size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
print(json.dumps({"notices": s.notices, "seconds": round(dt, 1),
                  "per_second": round(s.notices / dt), "cpu_seconds": round(cpu, 1),
                  "per_cpu_second": round(s.notices / cpu), "peak_rss_mb":
                  round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
                  "output_mb": round(size / 2**20), "truth": s.truth_counts}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--notices", type=int, nargs="+", default=[100_000])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=Path, default=None, help="keep the corpora under this folder")
    args = ap.parse_args()
    rows = []
    for n in args.notices:
        with tempfile.TemporaryDirectory() as tmp:
            out = (args.keep or Path(tmp)) / f"syn-{n}"
            res = subprocess.run(
                [sys.executable, "-c", CHILD, str(n), str(args.seed), str(out)],
                check=True,
                capture_output=True,
                text=True,
            )
            row = json.loads(res.stdout.strip().splitlines()[-1])
            rows.append(row)
            print(
                f"{n:>9} notices  {row['seconds']:>7.1f} s  {row['per_second']:>6} notices/s  "
                f"CPU {row['cpu_seconds']:>7.1f} s  {row['per_cpu_second']:>6} notices/CPU-s  "
                f"peak RSS {row['peak_rss_mb']:>5} MB  output {row['output_mb']:>6} MB",
                flush=True,
            )
    if len(rows) > 1:
        print(
            f"peak memory ratio largest/smallest: "
            f"{rows[-1]['peak_rss_mb'] / rows[0]['peak_rss_mb']:.2f}"
        )
    if rows:
        row = rows[-1]
        per_m = row["seconds"] * 1_000_000 / row["notices"]
        cpu_m = row["cpu_seconds"] * 1_000_000 / row["notices"]
        print(
            f"1 M notices at this rate: {per_m / 60:.1f} min wall, {cpu_m / 60:.1f} min CPU "
            f"(target < 10 min)"
        )


if __name__ == "__main__":
    main()
