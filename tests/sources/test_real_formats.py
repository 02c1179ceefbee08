"""Every real file parses without reject, and the structured fields match the published blocks."""

from __future__ import annotations

from datetime import date

import orjson

from ingestion.publication import Publication
from ingestion.sources import Reject, read_paths
from tests.sources.conftest import API_FIXTURE, DAILY_DIR, GOLD_INPUTS, REST_FILE, XML_DIR


def test_every_real_file_parses_without_reject(real_items):
    rejects = [i for i in real_items if isinstance(i, Reject)]
    assert rejects == []
    formats = sorted({i.source.format for i in real_items})
    assert formats == ["amtsblatt_json", "amtsblatt_xml", "zefix_daily", "zefix_rest"]
    # 8 API records, 2 XML exports, 66 old daily notices, 1 REST notice
    assert len(real_items) == 77


def test_text_matches_gold_inputs_for_every_annotated_notice(real_by_number):
    gold = [orjson.loads(line) for line in GOLD_INPUTS.read_bytes().splitlines() if line]
    assert len(gold) == 76
    for record in gold:
        pub = real_by_number[record["id"]]
        assert pub.text == record["text"], record["id"]
        if "subject" in record:
            assert pub.subject is not None
            assert pub.subject.name == record["subject"]["name"]
            assert pub.subject.uid == record["subject"]["uid"]
            assert pub.subject.seat == record["subject"]["seat"]


def test_api_json_fields_agree_with_commons_blocks(real_by_number, api_records):
    for raw in api_records:
        pub = real_by_number[raw["meta"]["publicationNumber"]]
        assert pub.id == raw["meta"]["id"]
        assert pub.sub_rubric == raw["meta"]["subRubric"]
        assert pub.language == raw["meta"]["language"]
        assert pub.cantons == raw["meta"]["cantons"]
        assert pub.journal_number == raw["content"]["journalNumber"]
        for key, block in (("commonsNew", pub.after), ("commonsActual", pub.before)):
            published = raw["content"].get(key)
            if published is None:
                assert block is None
                continue
            assert block is not None
            company = published["company"]
            assert block.name == company["name"]
            assert block.uid == company["uid"] and block.uid_valid is True
            assert block.seat == company["seat"]
            assert block.legal_form == company["legalForm"]
            assert block.code13 == company["code13"]
            assert block.address is not None
            assert block.address.zip_code == company["address"]["swissZipCode"]
            assert block.purpose == published.get("purpose")


def test_api_json_specific_values(real_by_number):
    conversion = real_by_number["HR02-1006740255"]
    assert conversion.before.legal_form == "0107" and conversion.after.legal_form == "0106"
    assert conversion.before.capital.nominal == 20000.0 and conversion.before.capital.paid is None
    assert conversion.after.capital.nominal == 114285.71
    assert conversion.before.seat == "Au (SG)" and conversion.after.seat == "St. Margrethen"
    assert conversion.before.address.line1 == "c/o TM4u GmbH"
    assert conversion.publication_date == date(2026, 8, 26)
    assert conversion.journal_date == date(2026, 8, 21)
    assert conversion.previous_number == "1006529604"
    assert conversion.previous_date == date(2026, 1, 6)
    assert conversion.transaction.kind == "update"
    assert "nameChanged" in conversion.transaction.changes
    assert "capitalChanged.nominal" in conversion.transaction.changes
    assert "statusChanged.bankruptcy.dissolution" not in conversion.transaction.changes
    assert conversion.registration_office == "Amt für Handelsregister und Notariate Kanton SG"

    nearivo = real_by_number["HR01-1006740173"]
    assert nearivo.after.translations == ["Nearivo Sàrl", "Nearivo Sagl", "Nearivo Ltd liab Co"]
    assert nearivo.after.opting_out is True
    assert nearivo.transaction.kind == "registration"
    assert nearivo.gazette_id == "1006740173"

    deletion = real_by_number["HR03-1006740618"]
    assert deletion.after is None and deletion.before.name == "Nakanes Sàrl, en liquidation"
    assert deletion.before.capital.nominal == 20000.0  # a single object here, a list elsewhere
    assert deletion.transaction.kind == "deletion"
    assert deletion.transaction.deletion_date == date(2026, 8, 21)

    foundation = real_by_number["HR02-1006740292"]
    assert [a.name for a in foundation.after.auditors] == ["Wehrli Treuhand AG"]
    assert foundation.after.auditors[0].uid == "CHE-480.307.051"  # written without dots

    branch = real_by_number["HR01-1006740383"]
    assert branch.after.legal_form == "0151"
    assert branch.after.head_office.uid == "CHE-112.785.035"


def test_xml_exports_agree_with_their_elements(real_by_number):
    mutation = real_by_number["HR02-1006747585"]
    assert mutation.source.format == "amtsblatt_xml"
    assert mutation.id == "de8f0150-4c89-4374-8c39-31c6fc9fa661"
    assert mutation.cantons == ["GE"]
    assert mutation.journal_number == "21590" and mutation.journal_date == date(2026, 8, 31)
    assert mutation.after.translations == [
        "Rysaffe Verwaltungsratsmitglieder GmbH",
        "Rysaffe Directors LLC",
    ]
    assert mutation.after.capital.nominal == 20000.0 and mutation.after.capital.paid == 20000.0
    assert mutation.after.opting_out is False
    assert mutation.previous_number == "1006662803"
    assert mutation.transaction.changes == ["others"]
    deletion = real_by_number["HR03-1006747607"]
    assert deletion.before.uid == "CHE-423.126.163" and deletion.after is None
    assert deletion.transaction.deletion_date == date(2026, 8, 31)
    assert XML_DIR.exists()


def test_zefix_daily_columns_and_markup(real_by_number):
    new_entry = real_by_number["ZEFIX-2001-01-31-601097"]
    assert new_entry.sub_rubric == "HR01" and new_entry.transaction.kind == "registration"
    assert new_entry.journal_date == date(2001, 1, 22) and new_entry.journal_number == "177"
    assert new_entry.after.name == "Kälin & Partner Bauingenieure/Planer GmbH"
    assert new_entry.after.seat == "Wangen (SZ)"
    assert new_entry.after.code13 == "CH00710003059"
    assert new_entry.cantons == ["SZ"] and new_entry.language == "de"

    moved = real_by_number["ZEFIX-2017-01-09-1268712"]
    assert moved.before.seat == "Montana" and moved.after.seat == "Crans-Montana"
    assert moved.after.uid == "CHE-384.220.069" and moved.after.legal_form == "0107"
    assert moved.after.address.street == "Route de Crans-Montana"
    assert moved.after.address.zip_code == "3963"
    assert moved.previous_number == "2920731" and moved.previous_date == date(2016, 6, 29)
    assert moved.gazette_id == "3270279"

    deleted = real_by_number["ZEFIX-2005-06-20-275904"]
    assert deleted.sub_rubric == "HR03" and deleted.after is None
    assert deleted.before.code13 == "CH21701370321"

    translated = real_by_number["ZEFIX-2004-02-26-738038"]
    assert translated.after.translations == ["Telelan SA"]
    assert translated.previous_number is None  # the date cited is the head office's notice

    old_ref = real_by_number["ZEFIX-2005-01-17-279826"]
    assert old_ref.previous_number == "302428" and old_ref.previous_date == date(2002, 1, 18)
    assert "<" not in old_ref.text and "\xa0" not in old_ref.text
    assert all(
        p.source.path.startswith(str(DAILY_DIR))
        for p in real_by_number.values()
        if p.source.format == "zefix_daily"
    )


def test_zefix_rest_record():
    [pub] = list(read_paths([REST_FILE]))
    assert isinstance(pub, Publication)
    assert pub.id == "ZEFIX-2025-06-12-1452904" and pub.gazette_id == "1006354417"
    assert pub.text.startswith("Actor IQ SA, à Martigny, CHE-279.438.550, société anonyme")
    assert "<FT" not in pub.text
    assert pub.after.uid == "CHE-279.438.550" and pub.after.legal_form == "0106"
    assert pub.after.code13 == "CH62130097348"
    assert pub.journal_date == date(2025, 6, 6) and pub.cantons == ["VS"]
    assert pub.previous_number == "1004983769"


def test_api_list_response_and_single_object_shapes(tmp_path, api_records):
    from tests.sources.conftest import write

    listed = write(tmp_path / "page.json", orjson.dumps({"content": api_records[:3], "total": 3}))
    single = write(tmp_path / "one.json", orjson.dumps(api_records[3]))
    bare = write(tmp_path / "bare.json", orjson.dumps(api_records[4:6]))
    lines = write(tmp_path / "many.jsonl", b"\n".join(orjson.dumps(r) for r in api_records[6:]))
    items = list(read_paths([listed, single, bare, lines]))
    assert all(isinstance(i, Publication) for i in items)
    assert [i.number for i in items] == [r["meta"]["publicationNumber"] for r in api_records]
    assert items[0].source.location == "/content/0"
    assert items[4].source.location == "/0"


def test_synthetic_marker_sets_the_format(tmp_path, api_records):
    from tests.sources.conftest import write

    doc = {"_generator": "shabgraph", "content": api_records[:2], "total": 2}
    items = list(read_paths([write(tmp_path / "synthetic.json", orjson.dumps(doc))]))
    assert [i.source.format for i in items] == ["synthetic", "synthetic"]
    assert API_FIXTURE.exists()
