"""Fixtures of the source-parser tests: paths to the real notices and parsed copies of them."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from ingestion.publication import Publication
from ingestion.sources import Reject, read_paths
from tests.conftest import GOLD, REAL_NOTICES

REAL = REAL_NOTICES
API_FIXTURE = REAL / "amtsblattportal-n8n-fixture-2026-08-26" / "publications_hr_2026-08-26.json"
XML_DIR = REAL / "amtsblattportal-swissco-fixtures-2026-09-03"
DAILY_DIR = REAL / "zefix-daily-2001-2017-renenyffenegger" / "raw"
REST_FILE = REAL / "zefix-rest-example-snowflake-dbt" / "example_zefix_document.json"
GOLD_INPUTS = GOLD / "inputs_dev.jsonl"


@pytest.fixture(scope="session")
def real_items() -> list[Publication | Reject]:
    """Everything read from the real data folder, in order."""
    items = list(read_paths([REAL]))
    assert items, f"no real notices read from {REAL}"
    return items


@pytest.fixture(scope="session")
def real_by_number(real_items: list[Publication | Reject]) -> dict[str, Publication]:
    """Real publications by number."""
    return {p.number: p for p in real_items if isinstance(p, Publication)}


@pytest.fixture(scope="session")
def api_records() -> list[dict]:
    """The raw publication objects of the recorded API fixture."""
    return orjson.loads(API_FIXTURE.read_bytes())["publications"]


def write(path: Path, data: bytes | str) -> Path:
    """Write a test file and return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path
