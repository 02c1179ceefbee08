"""An extra app process (tests, load benchmark) must not touch the live app's files.

Chainlit keeps session files in `<app root>/.files` and deletes that folder when it stops; an
extra app started from the project root deleted the live UI's folder, whose answers then failed
with FileNotFoundError (issue 17, finding 5). Extra apps get their own app root per run.
"""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest

from benchmarks.ui_server import start_app
from shabgraph.project import PROJECT_ROOT
from shabgraph.settings import Settings

pytestmark = pytest.mark.slow
PORT = 8716


def test_stopping_an_extra_app_keeps_the_live_apps_files(tmp_path: Path) -> None:
    live = PROJECT_ROOT / ".files" / f"live-session-{uuid.uuid4().hex[:8]}"
    live.mkdir(parents=True)
    (live / "answer.md").write_text("a live session's file")
    try:
        server = start_app(Settings(), PORT, tmp_path / "run")
        own = server.app_root / ".files"
        assert own.is_dir() and own.resolve() != (PROJECT_ROOT / ".files").resolve()
        server.stop()
        assert (live / "answer.md").read_text() == "a live session's file"
        assert not own.exists()  # the extra app cleaned up its own folder only
    finally:
        shutil.rmtree(live, ignore_errors=True)
