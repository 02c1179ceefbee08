"""The graph-build field group of the settings: workers, writers and the input limits.

A mixin of the one `Settings` class (shabgraph/settings.py), which reads these fields from the
environment like all others. The limits are many and only the parsers and the ingest read them:
a record past one becomes a reject, never an abort.
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field


class IngestFields(BaseModel):
    """How `shabgraph ingest` and the demo graph build run, and what input they accept."""

    # --- graph build ------------------------------------------------------------------------
    ingest_workers: int | None = Field(default=None, validation_alias="SHABGRAPH_INGEST_WORKERS")
    """Processes that read and extract notices (at least 1); unset means one per core, at most 4."""
    ingest_writers: int = Field(default=2, validation_alias="SHABGRAPH_INGEST_WRITERS")
    """Threads writing batches to Neo4j in parallel (at least 1)."""
    trace_memory: bool = Field(default=False, validation_alias="SHABGRAPH_TRACE_MEMORY")
    """Trace Python allocations during ingest and report the peak in the summary."""
    demo_notices: int = Field(default=20_000, ge=1, validation_alias="SHABGRAPH_DEMO_NOTICES")
    """Synthetic notices of the demo graph `shabgraph up` loads into an empty database."""

    # --- input limits (parse and ingest): a record past one becomes a reject, never an abort ---
    ingest_max_file_bytes: int = Field(
        default=1 << 30, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_FILE_BYTES"
    )
    """Largest input file read (files are read whole; real API pages are a few MB)."""
    ingest_max_record_bytes: int = Field(
        default=1 << 20, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_RECORD_BYTES"
    )
    """Largest single record (JSON object, JSON line, daily-file line); real ones stay below 50 kB."""
    ingest_max_depth: int = Field(default=32, ge=4, validation_alias="SHABGRAPH_INGEST_MAX_DEPTH")
    """Deepest nesting of a JSON or XML record (real publications nest about 8 levels)."""
    ingest_max_text_chars: int = Field(
        default=100_000, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_TEXT_CHARS"
    )
    """Longest notice text (real notices stay below 20,000 characters)."""
    ingest_max_word_chars: int = Field(
        default=1_000, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_WORD_CHARS"
    )
    """Longest run without a space in a notice text (names taken from it are indexed)."""
    ingest_max_purpose_chars: int = Field(
        default=20_000, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_PURPOSE_CHARS"
    )
    """Longest purpose text of a company block."""
    ingest_max_name_chars: int = Field(
        default=500, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_NAME_CHARS"
    )
    """Longest company name or translation (the UID register allows 255 characters)."""
    ingest_max_address_chars: int = Field(
        default=200, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_ADDRESS_CHARS"
    )
    """Longest address part (eCH-0010 allows 60 characters per line)."""
    ingest_max_value_chars: int = Field(
        default=200, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_VALUE_CHARS"
    )
    """Longest short value: ids, numbers, UIDs, seats, codes, office names."""
    ingest_max_list_items: int = Field(
        default=200, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_LIST_ITEMS"
    )
    """Most items of one list field (cantons, translations, auditors, change flags)."""
    ingest_min_date: date = Field(
        default=date(1883, 1, 1), validation_alias="SHABGRAPH_INGEST_MIN_DATE"
    )
    """Earliest date a record may state (the commercial-register gazette began in 1883)."""
    ingest_max_future_days: int = Field(
        default=366, ge=0, validation_alias="SHABGRAPH_INGEST_MAX_FUTURE_DAYS"
    )
    """Days after today a record's date may lie (clock skew, synthetic calendars to year end)."""
