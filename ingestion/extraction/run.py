"""The bodies of the extraction commands: file handling, progress bar and summary."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ingestion.extraction.backends import Extractor, get_extractor
from ingestion.extraction.inputs import BadLine, ExtractionInput, read_inputs
from ingestion.extraction.models import ExtractionRecord
from shabgraph.errors import InputError
from shabgraph.settings import Settings

console = Console(stderr=True)


def _count_lines(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.strip())


CHUNK = 256
"""Input lines handled per step: bad lines keep their place, memory stays flat."""


def run_extract(input_path: Path, output: Path, backend: str) -> None:
    """Extract every input line into `output` (written to a temp file, renamed when complete)."""
    if not input_path.is_file():
        raise InputError(f"input file not found: {input_path}", "give a JSONL file of notices")
    extractor = get_extractor(backend, Settings())
    total = _count_lines(input_path)
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_suffix(output.suffix + f".{os.getpid()}.part")
    stats: Counter[str] = Counter()
    with (
        tmp.open("w", encoding="utf-8") as out,
        Progress(
            TextColumn("extract"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        ) as progress,
    ):
        task = progress.add_task("extract", total=total)
        chunk: list[ExtractionInput | BadLine] = []
        for item in read_inputs(input_path):
            chunk.append(item)
            if len(chunk) >= CHUNK:
                _flush(chunk, extractor, out, stats)
                progress.advance(task, len(chunk))
                chunk = []
        if chunk:
            _flush(chunk, extractor, out, stats)
            progress.advance(task, len(chunk))
    tmp.replace(output)
    console.print(
        f"{stats['records']} records -> {output} ({backend}): {stats['persons']} persons, "
        f"{stats['companies']} companies, {stats['errors']} error records"
    )


def _flush(
    chunk: list[ExtractionInput | BadLine], extractor: Extractor, out: TextIO, stats: Counter[str]
) -> None:
    good = [i for i in chunk if isinstance(i, ExtractionInput)]
    records = iter(extractor.extract_many(good))
    for item in chunk:
        if isinstance(item, BadLine):
            _write(out, ExtractionRecord(id=item.id, error=item.error), stats)
        else:
            rec = next(records, None)
            _write(
                out, rec or ExtractionRecord(id=item.id, error="backend returned no record"), stats
            )


def _write(out: TextIO, rec: ExtractionRecord, stats: Counter[str]) -> None:
    out.write(json.dumps(rec.model_dump(mode="json"), ensure_ascii=False) + "\n")
    stats["records"] += 1
    stats["persons"] += len(rec.persons)
    stats["companies"] += len(rec.companies)
    stats["errors"] += rec.error is not None
