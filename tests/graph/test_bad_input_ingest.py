"""Issue 17, finding 4, against the real Neo4j: one file mixing good notices with every kind of
bad input keeps every good notice in the graph and reports every bad one (field, reason,
location); a later run's conflicting copy is refused; a row Neo4j refuses costs only that row."""

from __future__ import annotations

import copy
from pathlib import Path

import orjson
import pytest
from neo4j import Driver
from neo4j.exceptions import ClientError
from typer.testing import CliRunner

from cli.main import app
from ingestion.graph.guard import guarded
from ingestion.graph.pipeline import ingest_paths
from shabgraph.settings import Settings
from tests.sources.conftest import API_FIXTURE, write

RECORDS = orjson.loads(API_FIXTURE.read_bytes())["publications"]
NUMBERS = [r["meta"]["publicationNumber"] for r in RECORDS]
ONE_WORKER = Settings(ingest_workers=1)


def _bad(i: int, number: str) -> dict:
    """A copy of a real record under a number of its own (so only its defect can reject it)."""
    rec = copy.deepcopy(RECORDS[i % len(RECORDS)])
    rec["meta"]["id"] = f"bad-{number}"
    rec["meta"]["publicationNumber"] = f"HR02-{number}"
    return rec


def mixed_page() -> tuple[bytes, dict[str, tuple[str, str | None]]]:
    """An API page: the 8 real records and one record per bad case, with the expected
    (reason, field) of each bad one by its position."""
    name = _bad(0, "9000000001")
    name["content"]["commonsNew"]["company"]["name"] = "Alpha " * 1700 + "AG"
    huge = _bad(1, "9000000002")
    huge["content"]["publicationText"] = "Eintrag " * (50 * 2**20 // 8)
    future = _bad(2, "9000000003")
    future["meta"]["publicationDate"] = "2999-12-31T00:00:00.000Z"
    ancient = _bad(3, "9000000004")
    ancient["meta"]["publicationDate"] = "1850-01-01"
    conflicting = copy.deepcopy(RECORDS[4])
    conflicting["content"]["publicationText"] += " Nachträglich geändert."
    parts = [orjson.dumps(r) for r in RECORDS[:4]]
    parts += [orjson.dumps(name), orjson.dumps(huge)]
    parts += [b"[" * 100_000 + b"]" * 100_000]
    parts += [orjson.dumps(r) for r in RECORDS[4:]]
    parts += [orjson.dumps(future), orjson.dumps(ancient), orjson.dumps(conflicting)]
    latin = _bad(5, "9000000005")
    parts += [
        orjson.dumps(latin).replace(b'"publicationText":"', b'"publicationText":"Z\xfcrich ', 1)
    ]
    expected = {
        "/content/4": ("too_large", "after.name"),
        "/content/5": ("too_large", "record"),
        "/content/6": ("too_deep", "record"),
        "/content/11": ("date_out_of_range", "publication_date"),
        "/content/12": ("date_out_of_range", "publication_date"),
        "/content/13": ("conflicting_duplicate", "content"),
        "/content/14": ("encoding", None),
    }
    return b'{"content": [' + b",\n".join(parts) + b'], "total": 15}', expected


def _events(driver: Driver) -> dict[str, str]:
    records, _, _ = driver.execute_query("MATCH (e:Event) RETURN e.pub_number AS n, e.text AS t")
    return {r["n"]: r["t"] for r in records}


def _rejects(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_mixed_file_keeps_every_good_notice_and_reports_every_bad_one(clean_db, tmp_path):
    data, expected = mixed_page()
    assert b'"publicationText":"Z\xfcrich ' in data  # the encoding case is really in the file
    page = write(tmp_path / "in" / "mixed.json", data)
    reject_file = tmp_path / "rejects.jsonl"
    summary = ingest_paths(
        [page], clean_db, "neo4j", show_progress=False, settings=ONE_WORKER, rejects=reject_file
    )
    events = _events(clean_db)
    assert sorted(events) == sorted(NUMBERS) and summary.notices == len(NUMBERS)
    assert events[NUMBERS[4]] == RECORDS[4]["content"]["publicationText"]
    rejects = _rejects(reject_file)
    got = {r["location"].split(" ")[0]: (r["reason"], r["field"]) for r in rejects}
    assert got == expected
    assert all(r["path"] == str(page) and r["detail"] for r in rejects)
    assert summary.reject_file == str(reject_file)
    assert sum(summary.rejects.values()) == len(expected) == len(summary.reject_examples)


def test_parse_of_the_mixed_file_never_raises(tmp_path):
    data, expected = mixed_page()
    page = write(tmp_path / "mixed.json", data)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(app, ["parse", str(page), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == len(NUMBERS)
    assert len(_rejects(tmp_path / "out.rejects.jsonl")) == len(expected)


def test_a_later_run_with_other_content_under_a_stored_number_is_refused(clean_db, tmp_path):
    first = write(tmp_path / "a.json", orjson.dumps({"content": RECORDS}))
    ingest_paths([first], clean_db, "neo4j", show_progress=False, settings=ONE_WORKER)
    before = _events(clean_db)
    edited = copy.deepcopy(RECORDS[2])
    edited["content"]["publicationText"] = "Eine ganz andere Mitteilung."
    later = write(tmp_path / "b.json", orjson.dumps({"content": [edited, RECORDS[3]]}))
    reject_file = tmp_path / "later.rejects.jsonl"
    summary = ingest_paths(
        [later], clean_db, "neo4j", show_progress=False, settings=ONE_WORKER, rejects=reject_file
    )
    assert _events(clean_db) == before
    assert dict(summary.rejects) == {"conflicting_duplicate": 1} and summary.notices == 1
    (reject,) = _rejects(reject_file)
    assert reject["location"] == "/content/0" and NUMBERS[2] in reject["detail"]
    again = ingest_paths([first], clean_db, "neo4j", show_progress=False, settings=ONE_WORKER)
    assert not again.rejects and again.notices == len(NUMBERS)  # a re-run is no conflict


def test_a_row_neo4j_refuses_is_rejected_and_its_batch_written(clean_db, tmp_path):
    # limits lifted: the 10 kB name reaches the writer, whose guard must keep the batch
    lax = Settings(ingest_workers=1, ingest_max_name_chars=10**6)
    name = copy.deepcopy(RECORDS[0])
    name["content"]["commonsNew"]["company"]["name"] = "Alpha " * 1700 + "AG"
    page = write(tmp_path / "p.json", orjson.dumps({"content": [name, *RECORDS[1:]]}))
    summary = ingest_paths([page], clean_db, "neo4j", show_progress=False, settings=lax)
    assert sorted(_events(clean_db)) == sorted(NUMBERS)
    assert dict(summary.rejects) == {"write_failed": 1}
    (reject,) = summary.reject_examples
    assert reject.field == "Company.name_norm" and reject.size == 10202
    assert "too large to index" in reject.detail and NUMBERS[0] in (reject.location or "")


def test_the_guard_raises_when_every_row_fails():
    def write_rows(rows):
        raise ClientError("broken query")

    rejected = []
    with pytest.raises(ClientError):
        guarded(write_rows, [1, 2, 3], rejected.append)
    assert not rejected

    def one_bad(rows):
        if 2 in rows:
            raise ClientError("bad row")

    guarded(one_bad, [1, 2, 3], rejected.append)
    assert [r.reason for r in rejected] == ["write_failed"]
