"""`shabgraph parse`: JSONL out, rejects with reason and location, summary, bad paths."""

from __future__ import annotations

import orjson
from typer.testing import CliRunner

from cli.main import app
from tests.sources.conftest import REAL, write


def test_parse_writes_publications_rejects_and_summary(tmp_path, api_records):
    bad = write(
        tmp_path / "in" / "bad.json",
        b'{"content": ['
        + orjson.dumps(api_records[0])
        + b', {"meta": {"id": "x", "publicationNumber": "HR02-1"}, "content": {}}]}',
    )
    out = tmp_path / "out" / "pubs.jsonl"
    result = CliRunner().invoke(app, ["parse", str(REAL), str(bad), "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    # the first record of bad.json repeats a real one: a duplicate, not a second publication
    assert len(lines) == 77
    rejects = [
        orjson.loads(line)
        for line in (tmp_path / "out" / "pubs.rejects.jsonl").read_text().splitlines()
    ]
    assert sorted(r["reason"] for r in rejects) == ["duplicate", "no_text"]
    assert {r["location"] for r in rejects} == {"/content/0", "/content/1"}
    assert "77 publications" in result.output and "2 rejected" in result.output
    assert "zefix_daily" in result.output and "HR03" in result.output


def test_parse_missing_path_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(
        app, ["parse", str(tmp_path / "nope"), "--out", str(tmp_path / "o.jsonl")]
    )
    assert result.exit_code != 0
    assert "not found" in str(result.exception)
    assert not (tmp_path / "o.jsonl").exists()
