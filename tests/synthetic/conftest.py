"""One small corpus generated once per test session (seconds), shared by the synthetic tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from synthetic import Summary, generate

N = 4000
SEED = 11


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Summary]:
    out = tmp_path_factory.mktemp("syn")
    return out, generate(N, SEED, out)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


_PUBS: dict[Path, list[dict[str, Any]]] = {}


def publications(out: Path) -> list[dict[str, Any]]:
    """All publications of a corpus, read once per session (tests only read them)."""
    if out not in _PUBS:
        pubs: list[dict[str, Any]] = []
        for f in sorted((out / "notices").glob("*.json")):
            pubs.extend(json.loads(f.read_text(encoding="utf-8"))["content"])
        _PUBS[out] = pubs
    return _PUBS[out]
