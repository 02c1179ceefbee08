"""Bad input goes to rejects with a reason and a location; the rest of the batch goes on."""

from __future__ import annotations

import copy

import orjson

from ingestion.publication import Publication
from ingestion.sources import Reject, read_paths
from tests.sources.conftest import DAILY_DIR, XML_DIR, write


def _split(items):
    items = list(items)
    pubs = [i for i in items if isinstance(i, Publication)]
    rejects = [i for i in items if isinstance(i, Reject)]
    return pubs, rejects


def test_truncated_api_page_keeps_the_complete_records(tmp_path, api_records):
    data = orjson.dumps({"content": api_records, "total": 8}, option=orjson.OPT_INDENT_2)
    cut = write(tmp_path / "cut.json", data[: int(len(data) * 0.7)])
    pubs, rejects = _split(read_paths([cut]))
    assert 3 <= len(pubs) < 8
    assert [p.number for p in pubs] == [r["meta"]["publicationNumber"] for r in api_records][
        : len(pubs)
    ]
    assert [r.reason for r in rejects] == ["truncated"]
    assert rejects[0].location.startswith(f"/content/{len(pubs)}")


def test_one_malformed_record_in_the_middle_loses_only_that_record(tmp_path, api_records):
    parts = [orjson.dumps(r).decode() for r in api_records]
    parts[2] = parts[2].replace('"meta":{', '"meta":{,,', 1)
    bad = write(tmp_path / "bad.json", '{"content": [' + ",\n".join(parts) + '], "total": 8}')
    pubs, rejects = _split(read_paths([bad]))
    assert len(pubs) == 7
    assert [r.reason for r in rejects] == ["malformed_json"]
    assert rejects[0].location.startswith("/content/2")


def test_wrong_encoding_rejects_the_record_not_the_file(tmp_path, api_records):
    parts = [orjson.dumps(r) for r in api_records]
    parts[1] = parts[1].replace(b"Nearivo", "Nearivo\xe9".encode("latin-1"), 1)
    bad = write(tmp_path / "latin.json", b'{"content": [' + b",".join(parts) + b"]}")
    pubs, rejects = _split(read_paths([bad]))
    assert len(pubs) == 7 and [r.reason for r in rejects] == ["encoding"]


def test_record_without_text_and_missing_ids(tmp_path, api_records):
    no_text = copy.deepcopy(api_records[0])
    no_text["content"]["publicationText"] = "  "
    no_id = copy.deepcopy(api_records[1])
    del no_id["meta"]["id"]
    bad_date = copy.deepcopy(api_records[2])
    bad_date["meta"]["publicationDate"] = "26.08.2026"
    other_rubric = copy.deepcopy(api_records[3])
    other_rubric["meta"]["rubric"] = "KK"
    doc = {"content": [no_text, no_id, bad_date, other_rubric, *api_records[4:]]}
    pubs, rejects = _split(read_paths([write(tmp_path / "p.json", orjson.dumps(doc))]))
    assert len(pubs) == 4
    assert [(r.reason, r.location) for r in rejects] == [
        ("no_text", "/content/0"),
        ("invalid_record", "/content/1"),
        ("invalid_record", "/content/2"),
        ("not_commercial_register", "/content/3"),
    ]
    assert "publicationText" in rejects[0].detail and rejects[0].excerpt


def test_duplicate_publication_is_rejected_once(tmp_path, api_records):
    first = write(tmp_path / "a.json", orjson.dumps({"content": api_records[:3]}))
    again = write(tmp_path / "b.json", orjson.dumps({"content": api_records[2:4]}))
    pubs, rejects = _split(read_paths([first, again]))
    assert len(pubs) == 4
    assert [r.reason for r in rejects] == ["duplicate"]
    assert str(first) in rejects[0].detail


def test_malformed_and_truncated_xml_and_unknown_schema(tmp_path):
    good = (XML_DIR / "body-HR02.xml").read_bytes()
    truncated = write(tmp_path / "t.xml", good[: len(good) // 2])
    malformed = write(tmp_path / "m.xml", good.replace(b"</meta>", b"</mta>", 1))
    future = write(tmp_path / "f.xml", good.replace(b"/shab/1.26/", b"/shab/2.3/"))
    old = write(tmp_path / "o.xml", good.replace(b"/shab/1.26/", b"/shab/1.7/"))
    oldest_ok = write(tmp_path / "ok.xml", good.replace(b"/shab/1.26/", b"/shab/1.8/"))
    items = list(read_paths([truncated, malformed, future, old, oldest_ok]))
    assert [getattr(i, "reason", "ok") for i in items] == [
        "truncated",
        "malformed_xml",
        "unknown_schema",
        "unknown_schema",
        "ok",
    ]


def test_zefix_daily_bad_lines(tmp_path):
    lines = (DAILY_DIR / "17-005").read_bytes().split(b"\r\n")
    lines = [line for line in lines if line]
    assert len(lines) == 5
    undecodable = lines[1].replace(b"Lugano", b"Lug\x81no", 1)
    short = b"\t".join(lines[2].split(b"\t")[:10])
    utf8 = lines[3].decode("cp1252").encode("utf-8")
    no_text = b"\t".join(c if i != 22 else b"  " for i, c in enumerate(lines[4].split(b"\t")))
    cut = lines[0][: len(lines[0]) // 2]
    data = b"\r\n".join([lines[0], undecodable, short, utf8, no_text, cut])
    items = list(read_paths([write(tmp_path / "17-005", data)]))
    assert [getattr(i, "reason", "ok") for i in items] == [
        "ok",
        "encoding",
        "invalid_record",
        "ok",
        "no_text",
        "truncated",
    ]
    assert items[1].location == "line 2"
    assert "encoding_utf8" in items[3].flags and items[3].after.name == "Restaurant du Stade Sàrl"


def test_unknown_files_and_json_shapes(tmp_path, api_records):
    binary = write(tmp_path / "x.bin", b"\x00\x01\x02 not a notice")
    shape = write(tmp_path / "shape.json", b'{"hello": "world"}')
    empty = write(tmp_path / "empty.json", b"")  # a download cut before its first byte
    good = write(tmp_path / "good.json", orjson.dumps(api_records[0]))
    items = list(read_paths([binary, shape, empty, good]))
    assert [getattr(i, "reason", "ok") for i in items] == [
        "unknown_format",
        "unknown_format",
        "truncated",
        "ok",
    ]


def test_folder_walk_skips_hidden_and_docs(tmp_path, api_records):
    write(tmp_path / "d" / "page.json", orjson.dumps({"content": api_records[:2]}))
    write(tmp_path / "d" / ".harvest-state.json", b"{}")
    write(tmp_path / "d" / "SOURCE.md", b"# notes")
    items = list(read_paths([tmp_path / "d"]))
    assert len(items) == 2 and all(isinstance(i, Publication) for i in items)
