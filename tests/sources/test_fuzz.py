"""Property-based: mutated real records never crash the parsers and never cost a good record."""

from __future__ import annotations

import copy
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingestion.publication import Publication
from ingestion.sources import PublicationReader, Reject
from tests.sources.conftest import API_FIXTURE, DAILY_DIR, XML_DIR

RECORDS = orjson.loads(API_FIXTURE.read_bytes())["publications"]
NUMBERS = [r["meta"]["publicationNumber"] for r in RECORDS]
DAILY_LINES = [line for line in (DAILY_DIR / "17-005").read_bytes().split(b"\r\n") if line]
XML = (XML_DIR / "body-HR02.xml").read_bytes()
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _read(tmp: Path, name: str, data: bytes) -> list[Publication | Reject]:
    path = tmp / name
    path.write_bytes(data)
    return list(PublicationReader().read_file(path))


def _mutate(data: bytes, kind: str, at: float, length: int, insert: bytes) -> bytes:
    i = int(at * (len(data) - 1))
    if kind == "delete":
        return data[:i] + data[i + length :]
    if kind == "insert":
        return data[:i] + insert + data[i:]
    return data[:i] + insert[:1] + data[i + 1 :] if insert else data


mutations = st.tuples(
    st.sampled_from(["delete", "insert", "replace"]),
    st.floats(min_value=0, max_value=1),
    st.integers(1, 40),
    st.binary(min_size=1, max_size=6),
)


@FUZZ
@given(victim=st.integers(0, len(RECORDS) - 1), mutation=mutations)
def test_byte_mutation_of_one_record_keeps_all_others(tmp_path_factory, victim, mutation):
    parts = [orjson.dumps(r) for r in RECORDS]
    parts[victim] = _mutate(parts[victim], *mutation)
    data = b'{"content": [' + b",\n".join(parts) + b'], "total": 8}'
    items = _read(tmp_path_factory.mktemp("f"), "page.json", data)
    good = {i.number for i in items if isinstance(i, Publication)}
    assert set(NUMBERS) - {NUMBERS[victim]} <= good


@FUZZ
@given(
    victim=st.integers(0, len(RECORDS) - 1),
    section=st.sampled_from(["meta", "content"]),
    key=st.sampled_from(
        [
            "id",
            "publicationNumber",
            "publicationDate",
            "cantons",
            "publicationText",
            "journalDate",
            "commonsNew",
            "commonsActual",
            "lastFosc",
            "transaction",
            "senderOffice",
            "language",
            "x",
        ]
    ),
    value=json_values,
)
def test_value_mutation_never_crashes(tmp_path_factory, victim, section, key, value):
    records = copy.deepcopy(RECORDS)
    records[victim][section][key] = value
    items = _read(tmp_path_factory.mktemp("v"), "page.json", orjson.dumps({"content": records}))
    assert len(items) == len(RECORDS)
    others = {i.number for k, i in enumerate(items) if k != victim}
    assert others == set(NUMBERS) - {NUMBERS[victim]}


@FUZZ
@given(mutation=mutations)
def test_xml_mutation_gives_a_publication_or_a_reject(tmp_path_factory, mutation):
    items = _read(tmp_path_factory.mktemp("x"), "p.xml", _mutate(XML, *mutation))
    assert len(items) == 1 and isinstance(items[0], Publication | Reject)


@FUZZ
@given(victim=st.integers(0, len(DAILY_LINES) - 1), mutation=mutations)
def test_daily_line_mutation_keeps_other_lines(tmp_path_factory, victim, mutation):
    lines = list(DAILY_LINES)
    lines[victim] = _mutate(lines[victim], *mutation).replace(b"\n", b" ").replace(b"\r", b" ")
    items = _read(tmp_path_factory.mktemp("d"), "17-005", b"\r\n".join(lines) + b"\r\n")
    good = [i.source.location for i in items if isinstance(i, Publication)]
    expected = {f"line {k + 1}" for k in range(len(lines)) if k != victim}
    assert expected <= set(good)


@pytest.mark.parametrize("first_byte", [b"[", b"{", b"<"])
def test_daily_file_whose_first_notice_starts_like_json_or_xml(tmp_path, first_byte):
    # Found by the fuzz test above: the file was sniffed as JSON and every good line was lost.
    lines = list(DAILY_LINES)
    lines[0] = first_byte + lines[0]
    items = _read(tmp_path, "17-005", b"\r\n".join(lines) + b"\r\n")
    good = {i.source.location for i in items if isinstance(i, Publication)}
    assert {f"line {k + 1}" for k in range(1, len(lines))} <= good
