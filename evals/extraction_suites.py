"""The extraction suites the project scores itself on, side by side (`shabgraph eval extraction`).

- `dev-gold`: the real development notices with their gold (tests/data/gold), the rules were
  written against them, so this row guards against regressions.
- `own-dev`: hand-written notices for the conventions of issue 16, used to develop the rules.
- `own-heldout`: the third of those notices kept aside: the honest measure on unseen text.

Every suite is scored with the same rules as `evals.extraction_scorer` (fuzzy names,
coarse-compatible roles, the subject excluded from companies).
"""

from __future__ import annotations

from pathlib import Path

from evals.extraction_scorer import PRF, Report, read_records, score
from ingestion.extraction.backends import get_extractor
from ingestion.extraction.inputs import ExtractionInput, read_inputs
from shabgraph.errors import InputError
from shabgraph.settings import Settings

PROJECT_ROOT = Path(__file__).resolve().parent.parent
OWN = PROJECT_ROOT / "evals" / "data" / "extraction"
SUITES: dict[str, tuple[Path, Path]] = {
    "dev-gold": (
        PROJECT_ROOT / "tests" / "data" / "gold" / "inputs_dev.jsonl",
        PROJECT_ROOT / "tests" / "data" / "gold" / "gold_dev.jsonl",
    ),
    "own-dev": (OWN / "inputs_dev.jsonl", OWN / "gold_dev.jsonl"),
    "own-heldout": (OWN / "inputs_heldout.jsonl", OWN / "gold_heldout.jsonl"),
}
"""Suite name -> (inputs, gold)."""
ROWS = ("persons", "companies", "roles", "relations", "events")


def parse_suites(value: str) -> list[str]:
    """`all` or a comma list of suite names, in the order given."""
    names = list(SUITES) if value.strip() == "all" else [v.strip() for v in value.split(",")]
    unknown = [n for n in names if n not in SUITES]
    if unknown or not names:
        raise InputError(
            f"unknown extraction suite(s): {', '.join(unknown) or value!r}",
            f"choose from all, {', '.join(SUITES)}",
        )
    return names


def score_suite(name: str, backend: str, settings: Settings) -> Report:
    """Run `backend` on the suite's inputs and score it against the suite's gold."""
    inputs_path, gold_path = SUITES[name]
    inputs = [i for i in read_inputs(inputs_path) if isinstance(i, ExtractionInput)]
    extractor = get_extractor(backend, settings)
    return score(read_records(gold_path), list(extractor.extract_many(inputs)))


def render_suites(reports: dict[str, Report]) -> str:
    """One table, a column group (P, R, F1) per suite, a row per item."""
    names = list(reports)
    width = 22
    head = f"{'':12}" + "".join(f"{n:>{width}}" for n in names)
    sub = f"{'':12}" + "".join(f"  {'P':>6} {'R':>6} {'F1':>6}" for _ in names)
    counts = f"{'notices':12}" + "".join(f"{reports[n].overall.notices:>{width}}" for n in names)
    lines = [head, sub]
    for row in ROWS:
        cells = []
        for n in names:
            prf: PRF = getattr(reports[n].overall, row)
            cells.append(f"  {prf.precision:>6.3f} {prf.recall:>6.3f} {prf.f1:>6.3f}")
        lines.append(f"{row:12}" + "".join(cells))
    lines.append(counts)
    for n in names:
        r = reports[n]
        if r.missing or r.errors:
            lines.append(f"{n}: {len(r.missing)} missing, {len(r.errors)} error records")
    return "\n".join(lines) + "\n"


def run_suites(names: list[str], backend: str, json_out: Path | None) -> None:
    """Print the side-by-side table of the suites (stdout); optionally write the reports."""
    settings = Settings()
    reports = {n: score_suite(n, backend, settings) for n in names}
    print(render_suites(reports), end="")
    if json_out is not None:
        body = ",\n".join(f'"{n}": {r.model_dump_json(indent=1)}' for n, r in reports.items())
        json_out.write_text("{\n" + body + "\n}\n", encoding="utf-8")
