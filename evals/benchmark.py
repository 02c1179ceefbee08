"""The benchmark file format: typed records, a JSON Schema, and a JSONL reader/writer.

One JSONL file holds one suite. Every line is either a `Question` (graph-seeded and curated
suites) or a `Conversation` (the conversational suite), told apart by `kind`. Curated files are
meant to be written by hand, so the reader reports the line and the field of every mistake.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from shabgraph.errors import InputError

SCHEMA_VERSION = 1
"""Bumped whenever a field changes meaning; the reader refuses newer files."""

Suite = Literal["graph-seeded", "conversational", "curated"]
SUITES: tuple[Suite, ...] = ("graph-seeded", "conversational", "curated")
TaskType = Literal["direct", "namehub", "temporal", "network", "as_of", "aggregate"]
Language = Literal["de", "fr", "it", "en"]
FactKind = Literal["entity_id", "uid", "name", "value", "date", "number", "pub_number"]


class ReferenceFact(BaseModel):
    """One fact a correct answer must contain."""

    kind: FactKind
    """How it is matched: dates and numbers by value, names by tokens, the rest as text."""
    value: str
    """The canonical value (ISO date, plain number, UID `CHE-123.456.789`, name)."""
    alternatives: list[str] = Field(default_factory=list)
    """Other accepted forms (translations of a name, an earlier spelling)."""
    label: str = ""
    """What the fact is (e.g. `seat`, `capital`): for reports only."""


class Question(BaseModel):
    """A single-turn benchmark question with its reference answer."""

    kind: Literal["question"] = "question"
    """Record discriminator."""
    schema_version: int = SCHEMA_VERSION
    """Format version of the record."""
    id: str
    """Stable id, unique within the file."""
    suite: Suite
    """Suite it belongs to (`graph-seeded` or `curated`)."""
    text: str
    """The question as a user would type it."""
    language: Language
    """Language of `text`."""
    task_type: TaskType
    """Task family (the paper's three plus network, as-of and aggregate)."""
    difficulty: Literal[1, 2, 3]
    """1 easy (exact name), 2 medium (variant spelling or two hops), 3 hard (ambiguity, history)."""
    reference_answer: str
    """A short correct answer in words."""
    facts: list[ReferenceFact] = Field(min_length=1)
    """Facts a correct answer must contain; correctness is the share present."""
    expected_tools: list[str] = Field(default_factory=list)
    """Tools a good trajectory calls; the first is the expected first call."""
    entities: list[str] = Field(default_factory=list)
    """Ground-truth ids of the entities the question is about (for resolution diagnostics)."""
    notes: str = ""
    """Free remarks of the author or generator."""


class Turn(BaseModel):
    """One turn of a conversation."""

    text: str
    """The user's message."""
    reference_answer: str
    """A short correct answer."""
    facts: list[ReferenceFact] = Field(min_length=1)
    """Facts a correct answer must contain."""
    needs_context: bool = False
    """True when the turn can only be answered with what earlier turns established."""
    memory: Literal["entity", "temporal", "fact"] | None = None
    """Kind of memory the turn tests (co-reference to an entity, a date, a prior fact)."""
    expected_tools: list[str] = Field(default_factory=list)
    """Tools of which at least one should be called (tool-transition accuracy)."""


class Conversation(BaseModel):
    """A multi-turn conversation with co-reference between turns."""

    kind: Literal["conversation"] = "conversation"
    """Record discriminator."""
    schema_version: int = SCHEMA_VERSION
    """Format version of the record."""
    id: str
    """Stable id, unique within the file."""
    suite: Suite = "conversational"
    """Always `conversational`."""
    language: Language
    """Language of the turns."""
    task_type: TaskType = "direct"
    """Dominant task family."""
    difficulty: Literal[1, 2, 3] = 2
    """Overall difficulty."""
    turns: list[Turn] = Field(min_length=2, max_length=8)
    """Turns in order."""
    entities: list[str] = Field(default_factory=list)
    """Ground-truth ids of the entities the conversation is about."""


BenchmarkRecord = Annotated[Question | Conversation, Field(discriminator="kind")]
_ADAPTER: TypeAdapter[Question | Conversation] = TypeAdapter(BenchmarkRecord)


def json_schema() -> dict[str, object]:
    """The JSON Schema of one benchmark line (shipped as evals/data/benchmark.schema.json)."""
    schema = _ADAPTER.json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "shabgraph benchmark record"
    return schema


def parse_line(line: str, where: str) -> Question | Conversation:
    """Validate one JSONL line; errors name the place and the offending field."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from exc
    if isinstance(data, dict) and int(data.get("schema_version", SCHEMA_VERSION)) > SCHEMA_VERSION:
        raise InputError(
            f"{where}: schema_version {data['schema_version']} is newer than {SCHEMA_VERSION}",
            hint="update shabgraph",
        )
    if isinstance(data, dict) and "kind" not in data:
        # Hand-written lines may leave out the discriminator: turns make a conversation.
        data["kind"] = "conversation" if "turns" in data else "question"
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "record"
        raise InputError(
            f"{where}: field `{field}`: {first['msg']} "
            f"({exc.error_count()} problem(s) in this record)"
        ) from exc


def load(path: Path) -> list[Question | Conversation]:
    """Read a benchmark JSONL file (blank lines and `//` comment lines are skipped)."""
    if not path.exists():
        raise InputError(f"benchmark file {path} does not exist")
    records: list[Question | Conversation] = []
    seen: set[str] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        record = parse_line(line, f"{path.name}:{number}")
        if record.id in seen:
            raise InputError(f"{path.name}:{number}: duplicate id {record.id!r}")
        seen.add(record.id)
        records.append(record)
    if not records:
        raise InputError(f"benchmark file {path} holds no records")
    return records


def dump(records: Iterable[Question | Conversation], path: Path) -> int:
    """Write records as JSONL (atomically: a crash never leaves half a file); return the count."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    count = 0
    with tmp.open("w", encoding="utf-8") as fh:
        for record in records:
            fh.write(record.model_dump_json(exclude_defaults=False) + "\n")
            count += 1
    tmp.replace(path)
    return count


def questions(records: Sequence[Question | Conversation]) -> list[Question]:
    """The single-turn questions of a loaded file."""
    return [r for r in records if isinstance(r, Question)]


def conversations(records: Sequence[Question | Conversation]) -> list[Conversation]:
    """The conversations of a loaded file."""
    return [r for r in records if isinstance(r, Conversation)]
