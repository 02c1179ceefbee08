"""The extractor's input record and how to read it (JSONL lines, parsed publications)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ValidationError

from ingestion.extraction.models import Subject
from ingestion.publication import Publication


class ExtractionInput(BaseModel):
    """One notice to extract: `{"id", "text", "language"?, "subject"?}`."""

    id: str
    """Publication number or other stable id; copied to the output record."""
    text: str
    """The plain notice text (markup removed)."""
    language: Literal["de", "fr", "it", "rm", "en"] | None = None
    """Language as published (may not match the text); None for old notices."""
    subject: Subject | None = None
    """The subject company as published in the structured block, when there is one."""


def input_from_publication(pub: Publication) -> ExtractionInput:
    """The extractor input of a parsed publication (its number is the id)."""
    block = pub.subject
    subject = (
        Subject(name=block.name, uid=block.uid or block.code13, seat=block.seat) if block else None
    )
    language = pub.language if pub.language in ("de", "fr", "it", "rm", "en") else None
    return ExtractionInput(id=pub.number, text=pub.text, language=language, subject=subject)  # type: ignore[arg-type]


class BadLine(BaseModel):
    """An input line that could not be read; it still yields one (error) output record."""

    id: str
    """The line's id when one could be read, else `line-<n>`."""
    error: str
    """Why it could not be read."""


def read_inputs(path: Path) -> Iterator[ExtractionInput | BadLine]:
    """Each line of a JSONL file as an input, or as a `BadLine` (never skipped, never raising)."""
    with path.open(encoding="utf-8", errors="replace") as fh:
        for n, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                yield BadLine(id=f"line-{n}", error=f"line {n}: invalid JSON ({exc.msg})")
                continue
            try:
                yield ExtractionInput.model_validate(data)
            except ValidationError as exc:
                ident = (
                    str(data.get("id"))
                    if isinstance(data, dict) and data.get("id")
                    else f"line-{n}"
                )
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "record"
                yield BadLine(id=ident, error=f"line {n}: {where}: {first['msg']}")
