"""Killed mid-way, the next run completes the graph to exactly the uninterrupted result."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from neo4j import Driver

from ingestion.graph.checksum import graph_checksum
from shabgraph.settings import Settings
from tests.conftest import REPO, settings_env, wipe
from tests.graph import corpus

# The child exits abruptly (no clean-up, no flush) once `after` write batches are committed.
SCRIPT = """
import os
from shabgraph import db
from tests.conftest import test_settings
from tests.graph import corpus
written = 0
def crash():
    global written
    written += 1
    if written >= {after}:
        os._exit(137)
with db.open_driver(test_settings()) as driver:
    corpus.ingest(driver, after_write=crash)
"""


def _killed_run(settings: Settings, after: int) -> int:
    env = settings_env(settings) | {"PYTHONPATH": str(REPO)}
    for key in ("SHABGRAPH_TEST_INSTANCE", "SHABGRAPH_TEST_BOLT_PORT", "SHABGRAPH_TEST_HTTP_PORT"):
        if key in os.environ:
            env[key] = os.environ[key]
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(after=after)],
        env=env,
        cwd=REPO,
        timeout=120,
        capture_output=True,
        text=True,
    )
    return proc.returncode


@pytest.mark.slow
@pytest.mark.parametrize("after", [1, 3, 5])
def test_resume_after_kill_converges(
    clean_db: Driver, neo4j_settings: Settings, after: int
) -> None:
    corpus.ingest(clean_db)
    expected = graph_checksum(clean_db)
    wipe(clean_db)
    assert _killed_run(neo4j_settings, after) == 137  # really killed mid-way
    partial = graph_checksum(clean_db)
    assert partial != expected
    corpus.ingest(clean_db)
    assert graph_checksum(clean_db) == expected
