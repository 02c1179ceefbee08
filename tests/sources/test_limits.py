"""Issue 17, finding 4: hostile or broken bytes become rejects with field, size and location;
the parser never raises and every good record next to a bad one survives."""

from __future__ import annotations

import copy
from datetime import date

import orjson
import pytest
from typer.testing import CliRunner

from cli.main import app
from ingestion.publication import Publication, RecordLimits
from ingestion.sources import PublicationReader, Reject, read_paths
from shabgraph.settings import Settings
from tests.sources.conftest import write

LIMITS = RecordLimits.from_settings(Settings(), today=date(2026, 12, 1))
DEEP = 100_000


def _read(path):
    items = list(PublicationReader(LIMITS).read_file(path))
    pubs = [i for i in items if isinstance(i, Publication)]
    rejects = [i for i in items if isinstance(i, Reject)]
    return items, pubs, rejects


def _numbers(records):
    return [r["meta"]["publicationNumber"] for r in records]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
def test_utf16_and_bom_files_are_read(tmp_path, api_records, encoding):
    text = orjson.dumps({"content": api_records}).decode()
    _, pubs, rejects = _read(write(tmp_path / "p.json", text.encode(encoding)))
    assert [p.number for p in pubs] == _numbers(api_records) and not rejects


def test_undecodable_utf16_is_one_clear_reject(tmp_path, api_records):
    data = b"\xff\xfe" + orjson.dumps({"content": api_records}).decode().encode("utf-16-le")[:-1]
    _, pubs, rejects = _read(write(tmp_path / "p.json", data))
    assert not pubs and [r.reason for r in rejects] == ["encoding"]
    assert "utf-16-le" in rejects[0].detail


@pytest.mark.parametrize(
    "data",
    [
        bytes(range(256)) * 8,
        b"[" + bytes(range(128, 256)) * 20,
        b'{"content": [' + bytes(range(128, 256)) * 20,
        b"\x80\xff" * 3000,
    ],
    ids=["nul-bytes", "array-of-binary", "content-of-binary", "no-nul-binary"],
)
def test_binary_json_is_a_reject_that_can_be_written(tmp_path, data):
    _, pubs, rejects = _read(write(tmp_path / "b.json", data))
    assert not pubs and rejects
    for r in rejects:
        assert orjson.loads(r.model_dump_json())["reason"] in (
            "encoding",
            "malformed_json",
            "truncated",
        )


def test_parse_never_raises_on_utf16_or_binary(tmp_path, api_records):
    folder = tmp_path / "in"
    text = orjson.dumps({"content": api_records[:2]}).decode()
    write(folder / "utf16.json", text.encode("utf-16"))
    write(folder / "binary.json", b"\xff\xfe\x00\xd8" + bytes(range(256)) * 4)
    write(folder / "latin.json", b'{"content": [{"meta": {"id": "\xe9\xff"}}')
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(app, ["parse", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    rejects = tmp_path / "out.rejects.jsonl"
    assert all(orjson.loads(line)["path"] for line in rejects.read_text().splitlines())


def test_oversized_fields_are_rejected_with_field_size_and_location(tmp_path, api_records):
    name = copy.deepcopy(api_records[0])
    name["content"]["commonsNew"]["company"]["name"] = "Alpha " * 1700 + "AG"
    purpose = copy.deepcopy(api_records[3])
    purpose["content"]["commonsNew"]["purpose"] = "Handel. " * 5000
    word = copy.deepcopy(api_records[5])
    word["content"]["publicationText"] += " Müller" * 1 + "x" * 5000
    doc = {"content": [name, api_records[1], api_records[2], purpose, api_records[4], word]}
    _, pubs, rejects = _read(write(tmp_path / "p.json", orjson.dumps(doc)))
    assert [p.number for p in pubs] == _numbers([api_records[i] for i in (1, 2, 4)])
    assert [(r.reason, r.field, r.location) for r in rejects] == [
        ("too_large", "after.name", "/content/0"),
        ("too_large", "after.purpose", "/content/3"),
        ("too_large", "text", "/content/5"),
    ]
    assert rejects[0].size == 10202 and rejects[0].limit == LIMITS.name_chars
    assert "ingest_max_name_chars" in rejects[0].detail


def test_a_50_mb_single_line_notice_is_rejected_and_the_next_line_kept(tmp_path, api_records):
    huge = copy.deepcopy(api_records[0])
    huge["content"]["publicationText"] = "Eintrag " * (50 * 2**20 // 8)
    lines = [orjson.dumps(api_records[1]), orjson.dumps(huge), orjson.dumps(api_records[2])]
    _, pubs, rejects = _read(write(tmp_path / "p.jsonl", b"\n".join(lines) + b"\n"))
    assert [p.number for p in pubs] == _numbers(api_records[1:3])
    assert [(r.reason, r.field, r.location) for r in rejects] == [("too_large", "record", "line 2")]
    assert rejects[0].size > 50 * 2**20 and len(rejects[0].excerpt) <= 300


def test_an_oversized_text_inside_a_page_is_rejected(tmp_path, api_records):
    huge = copy.deepcopy(api_records[0])
    huge["content"]["publicationText"] = "Eintrag " * 20_000
    doc = {"content": [huge, *api_records[1:]]}
    _, pubs, rejects = _read(write(tmp_path / "p.json", orjson.dumps(doc)))
    assert len(pubs) == len(api_records) - 1
    assert [(r.reason, r.field, r.location) for r in rejects] == [
        ("too_large", "text", "/content/0")
    ]


@pytest.mark.parametrize(
    "nest", ["[" * DEEP + "]" * DEEP, '{"meta": {"x": ' + "[" * DEEP + "]" * DEEP + "}}"]
)
def test_a_deeply_nested_record_is_located_and_the_next_survives(tmp_path, api_records, nest):
    parts = [orjson.dumps(api_records[0]), nest.encode(), orjson.dumps(api_records[1])]
    page = write(tmp_path / "p.json", b'{"content": [' + b",".join(parts) + b"]}")
    _, pubs, rejects = _read(page)
    assert [p.number for p in pubs] == _numbers(api_records[:2])
    assert [r.reason for r in rejects] == ["too_deep"]
    assert rejects[0].location.startswith("/content/1") and rejects[0].field == "record"
    lines = write(tmp_path / "p.jsonl", b"\n".join(parts) + b"\n")
    _, pubs, rejects = _read(lines)
    assert [p.number for p in pubs] == _numbers(api_records[:2])
    assert [(r.reason, r.location) for r in rejects] == [("too_deep", "line 2")]


def test_moderate_depth_past_the_limit_is_rejected(tmp_path, api_records):
    deep = copy.deepcopy(api_records[0])
    deep["content"]["x"] = orjson.loads("[" * 40 + "]" * 40)
    _, pubs, rejects = _read(write(tmp_path / "p.json", orjson.dumps({"content": [deep]})))
    assert not pubs and [(r.reason, r.size, r.limit) for r in rejects] == [("too_deep", 33, 32)]


def test_dates_outside_the_window_are_rejected(tmp_path, api_records):
    future = copy.deepcopy(api_records[0])
    future["meta"]["publicationDate"] = "2999-12-31T00:00:00.000Z"
    ancient = copy.deepcopy(api_records[1])
    ancient["meta"]["publicationDate"] = "1850-03-01"
    journal = copy.deepcopy(api_records[2])
    journal["content"]["journalDate"] = "2999-01-01"
    doc = {"content": [future, ancient, journal, *api_records[3:]]}
    _, pubs, rejects = _read(write(tmp_path / "p.json", orjson.dumps(doc)))
    assert len(pubs) == len(api_records) - 3
    assert [(r.reason, r.field, r.location) for r in rejects] == [
        ("date_out_of_range", "publication_date", "/content/0"),
        ("date_out_of_range", "publication_date", "/content/1"),
        ("date_out_of_range", "journal_date", "/content/2"),
    ]
    assert "2999-12-31" in rejects[0].detail and "ingest_max_future_days" in rejects[0].detail


def test_same_id_with_other_content_is_a_conflicting_duplicate(tmp_path, api_records):
    edited = copy.deepcopy(api_records[0])
    edited["content"]["publicationText"] += " Geändert."
    first = write(tmp_path / "a.json", orjson.dumps({"content": api_records[:2]}))
    again = write(tmp_path / "b.json", orjson.dumps({"content": [api_records[1], edited]}))
    items = list(read_paths([first, again], LIMITS))
    rejects = [i for i in items if isinstance(i, Reject)]
    assert [(r.reason, r.location) for r in rejects] == [
        ("duplicate", "/content/0"),
        ("conflicting_duplicate", "/content/1"),
    ]
    assert rejects[1].field == "content" and str(first) in rejects[1].detail
    kept = next(i for i in items if isinstance(i, Publication) and i.id == edited["meta"]["id"])
    assert kept.text == api_records[0]["content"]["publicationText"]


def test_the_same_notice_from_json_and_reformatted_text_has_one_checksum(api_records):
    from ingestion.publication import Source
    from ingestion.sources.amtsblatt import map_publication

    src = Source(format="amtsblatt_json", path="x")
    a = map_publication(api_records[0], src)
    spaced = copy.deepcopy(api_records[0])
    spaced["content"]["publicationText"] = "  " + spaced["content"]["publicationText"].replace(
        " ", "  "
    )
    assert map_publication(spaced, src).content_checksum() == a.content_checksum()
    spaced["content"]["publicationText"] += "!"
    assert map_publication(spaced, src).content_checksum() != a.content_checksum()


def test_a_parser_fault_costs_the_rest_of_the_file_not_the_run(tmp_path, api_records, monkeypatch):
    from ingestion.sources import reader

    def broken(path, data, limits):
        yield from reader.read_json(path, data, limits)
        raise RuntimeError("boom")

    monkeypatch.setitem(reader._READERS, "json", broken)
    page = write(tmp_path / "p.json", orjson.dumps({"content": api_records[:2]}))
    _, pubs, rejects = _read(page)
    assert len(pubs) == 2 and [r.reason for r in rejects] == ["unreadable"]
    assert rejects[0].location == "after /content/1" and "RuntimeError" in rejects[0].detail


def test_a_deeply_nested_xml_publication_is_located_and_the_next_survives(tmp_path):
    from tests.sources.conftest import XML_DIR

    good = (XML_DIR / "body-HR02.xml").read_bytes()
    body = good.split(b"?>", 1)[1] if good.startswith(b"<?xml") else good
    deep = b"<publication>" + b"<a>" * DEEP + b"</a>" * DEEP + b"</publication>"
    _, pubs, rejects = _read(write(tmp_path / "w.xml", b"<wrap>" + deep + body + b"</wrap>"))
    assert [p.source.location for p in pubs] == ["/publication[1]"]
    assert [(r.reason, r.location, r.limit) for r in rejects] == [
        ("too_deep", "/publication[0]", LIMITS.depth)
    ]


def test_a_utf16_xml_export_is_read(tmp_path):
    from tests.sources.conftest import XML_DIR

    good = (XML_DIR / "body-HR02.xml").read_text(encoding="utf-8")
    body = good.split("?>", 1)[1] if good.startswith("<?xml") else good
    text = '<?xml version="1.0" encoding="UTF-16"?>' + body
    _, pubs, rejects = _read(write(tmp_path / "p.xml", text.encode("utf-16")))
    assert len(pubs) == 1 and not rejects
    assert pubs[0].text == next(iter(read_paths([XML_DIR / "body-HR02.xml"], LIMITS))).text
