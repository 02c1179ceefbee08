"""The synthetic corpus: shape, conventions, ground truth consistency, determinism."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from shabgraph.errors import InputError
from shabgraph.register.uid import check_digit, is_valid
from synthetic import generate
from synthetic.names import pick_variant, transliteration
from tests.synthetic.conftest import N, publications, read_jsonl

UID_RE = re.compile(r"CHE-\d{3}\.\d{3}\.\d{3}")


def test_uid_check_digit_matches_real_uids() -> None:
    # real UIDs from the n8n fixture validate; a changed last digit does not
    for uid in ("CHE-159.326.663", "CHE-282.686.396", "CHE-114.759.617", "CHE-333.736.078"):
        assert is_valid(uid)
    assert not is_valid("CHE-159.326.664")
    assert check_digit("11472321") is not None


def test_variant_functions() -> None:
    import random

    assert transliteration("Müller", "Jürg") == ("Mueller", "Juerg")
    assert transliteration("Favre", "Jean") is None
    fam, giv, kinds = pick_variant("Favre", "Jean", random.Random(1))
    assert (fam, giv, kinds) == ("Favre", "Jean", [])


def test_page_shape_and_counts(corpus) -> None:  # type: ignore[no-untyped-def]
    out, summary = corpus
    files = sorted((out / "notices").glob("*.json"))
    assert len(files) == summary.files == (N + 999) // 1000
    page = json.loads(files[0].read_text(encoding="utf-8"))
    assert page["_generator"] == "shabgraph" and page["total"] == N
    assert len(page["content"]) == 1000
    pubs = publications(out)
    assert len(pubs) == N == summary.notices
    numbers = [p["meta"]["publicationNumber"] for p in pubs]
    assert len(set(numbers)) == N
    assert all(re.fullmatch(r"HR0[123]-\d{10}", x) for x in numbers)
    for p in pubs[:300]:
        meta, content = p["meta"], p["content"]
        assert meta["subRubric"] == meta["publicationNumber"][:4]
        block = content.get("commonsNew") or content["commonsActual"]
        assert is_valid(block["company"]["uid"])
        name = (content.get("commonsActual") or block)["company"]["name"]
        text = content["publicationText"]
        # a correction opens with the sentence citing the corrected journal entry
        assert text.startswith(name) or (
            text.startswith(("Berichtigung ", "Rectification ", "Complemento "))
            and f". {name}, " in text
        )
        if meta["subRubric"] != "HR01":
            assert content["lastFosc"]["lastFoscSequence"] in content["publicationText"]


def test_languages_in_real_proportions(corpus) -> None:  # type: ignore[no-untyped-def]
    _out, summary = corpus
    share = {k: v / summary.notices for k, v in summary.by_language.items()}
    assert 0.55 < share["de"] < 0.70
    assert 0.23 < share["fr"] < 0.37
    assert 0.04 < share["it"] < 0.11


def test_cantons_match_language(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    for p in publications(out):
        canton, lang = p["meta"]["cantons"][0], p["meta"]["language"]
        if canton in ("GE", "VD", "NE", "JU"):
            assert lang == "fr"
        elif canton == "TI":
            assert lang == "it"
        elif canton in ("ZH", "LU", "ZG", "AG", "SG", "BS", "BL"):
            assert lang == "de"


def test_conventions_occur(corpus) -> None:  # type: ignore[no-untyped-def]
    out, summary = corpus
    text = "\n".join(p["content"]["publicationText"] for p in publications(out))
    for needle in (
        "Eingetragene Personen neu oder mutierend: ",
        "Ausgeschiedene Personen und erloschene Unterschriften: ",
        "Personne(s) inscrite(s): ",
        "Persone iscritte: ",
        "[bisher: ",
        "[précédemment: ",
        "[finora: ",
        "(Neueintragung)",
        "(Nuova iscrizione)",
        "Fusion: Übernahme der Aktiven und Passiven der ",
        "est conférée à ",
        "n'est plus ",
        "Identifikationsnummer Hauptsitz: ",
        "Konkurs",
        "radiée",
        "cancellata",
        "Firma neu: ",
        "Nouvelle raison sociale: ",
    ):
        assert needle in text, needle
    assert re.search(r"\(SHAB Nr\. \d+ vom \d\d\.\d\d\.\d{4}, Publ\. \d{10}\)", text)
    assert re.search(r"\(FOSC du \d\d\.\d\d\.\d{4}, p\. 0/\d{10}\)", text)
    assert re.search(r"\(Nr\. FUSC \d+ del \d\d\.\d\d\.\d{4}, Pubbl\. \d{10}\)", text)
    assert re.search(r"CHF \d{1,3}'\d{3}", text)
    assert summary.prose_notices > 0.03 * summary.notices


def test_every_legal_form_and_event(corpus) -> None:  # type: ignore[no-untyped-def]
    out, summary = corpus
    forms = {
        c["legal_form"]
        for c in read_jsonl(out / "truth" / "companies.jsonl")
        if c["kind"] != "foreign"
    }
    assert {"0101", "0103", "0104", "0106", "0107", "0108", "0109", "0110", "0151", "0111"} <= forms
    for label in (
        "registration",
        "deletion",
        "merger",
        "asset_transfer",
        "bankruptcy",
        "liquidation",
        "seat_change",
        "name_change",
        "capital_change",
        "officer_change",
        "auditor_change",
        "branch",
        "legal_form_change",
        "correction",
        "demerger",
    ):
        assert summary.by_event.get(label, 0) > 0, label


def test_mentions_are_substrings_of_text(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    texts = {
        p["meta"]["publicationNumber"]: p["content"]["publicationText"] for p in publications(out)
    }
    mentions = read_jsonl(out / "truth" / "mentions.jsonl")
    assert {m["pub_number"] for m in mentions} == set(texts)
    for m in mentions:
        t = texts[m["pub_number"]]
        if m["kind"] == "person":
            sep = " " if m["style"] in ("prose", "register") else ", "
            assert f"{m['family_name']}{sep}{m['given_names']}" in t, m
            for key in ("origin", "residence"):
                if m[key]:
                    assert m[key] in t
        else:
            assert m["name"] in t, m


def test_truth_is_consistent(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    companies = {c["id"]: c for c in read_jsonl(out / "truth" / "companies.jsonl")}
    persons = {p["id"]: p for p in read_jsonl(out / "truth" / "persons.jsonl")}
    events = read_jsonl(out / "truth" / "events.jsonl")
    roles = read_jsonl(out / "truth" / "roles.jsonl")
    mentions = read_jsonl(out / "truth" / "mentions.jsonl")
    assert len(events) == N
    for m in mentions:
        assert m["entity_id"] in (companies if m["kind"] == "company" else persons)
    for r in roles:
        assert r["company_id"] in companies
        assert r["holder_id"] in (persons if r["holder_kind"] == "person" else companies)
        if r["valid_to"]:
            assert r["valid_from"] <= r["valid_to"]
    for e in events:
        assert e["subject_id"] in companies
        for cp in e["counterparts"]:
            assert cp["id"] in companies
    uids = [c["uid"] for c in companies.values() if c["uid"]]
    assert len(uids) == len(set(uids)) and all(is_valid(u) for u in uids)
    deleted = [c for c in companies.values() if c["status"] == "deleted"]
    assert deleted and all(c["deleted_on"] and c["names"][-1]["valid_to"] for c in deleted)
    merged = [c for c in companies.values() if c["merged_into"]]
    assert merged and all(companies[c["merged_into"]]["kind"] == "company" for c in merged)
    movers = [p for p in persons.values() if len(p["residences"]) > 1]
    assert movers
    companies_of: dict[str, set[str]] = {}
    for r in roles:
        if r["holder_kind"] == "person":
            companies_of.setdefault(r["holder_id"], set()).add(r["company_id"])
    assert sum(1 for held in companies_of.values() if len(held) > 1) > 20


def test_homonyms_and_variants_occur(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    persons = read_jsonl(out / "truth" / "persons.jsonl")
    by_key: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for p in persons:
        by_key.setdefault(p["homonym_key"], []).append(p)
    homonyms = [g for g in by_key.values() if len(g) > 1]
    assert len(homonyms) > 20
    for group in homonyms:
        idents = {(tuple(p["origin"] or ()), p["nationality"]) for p in group}
        assert len(idents) > 1 or len(group) > len(idents)
    kinds = Counter(k for p in persons for v in p["variants"] for k in v["kinds"])
    for kind in ("transliteration", "given_order", "given_first_only", "double_family_part"):
        assert kinds[kind] > 0, kind
    mentions = read_jsonl(out / "truth" / "mentions.jsonl")
    assert any(m["style"] == "prose" and m["kind"] == "person" for m in mentions)


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    def digest(folder: Path) -> str:
        h = hashlib.sha256()
        for f in sorted(folder.rglob("*")):
            if f.is_file() and f.name != "manifest.json":
                h.update(f.relative_to(folder).as_posix().encode())
                h.update(f.read_bytes())
        return h.hexdigest()

    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    generate(700, 5, a)
    generate(700, 5, b)
    generate(700, 6, c)
    assert digest(a) == digest(b)
    assert digest(a) != digest(c)


def test_refuses_a_non_empty_folder_and_bad_n(tmp_path: Path) -> None:
    generate(50, 1, tmp_path)
    before = sorted(p.name for p in (tmp_path / "notices").iterdir())
    with pytest.raises(InputError):
        generate(50, 1, tmp_path)
    assert sorted(p.name for p in (tmp_path / "notices").iterdir()) == before
    with pytest.raises(InputError):
        generate(0, 1, tmp_path / "x")


def test_corrections_cite_the_corrected_entry_and_fix_the_role(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    texts = {
        p["meta"]["publicationNumber"]: p["content"]["publicationText"] for p in publications(out)
    }
    events = {e["pub_number"]: e for e in read_jsonl(out / "truth" / "events.jsonl")}
    fixes = [e for e in events.values() if "correction" in e["event_types"]]
    assert len({e["language"] for e in fixes}) == 3
    lead = {
        "de": "Berichtigung des Tagesregistereintrages Nr. ",
        "fr": "Rectification de l'inscription au journal no ",
        "it": "Complemento all'iscrizione del registro giornaliero no. ",
    }
    word = {"de": "[nicht: ", "fr": "[non: ", "it": "[non: "}
    for e in fixes:
        assert texts[e["pub_number"]].startswith(lead[e["language"]])
        assert word[e["language"]] in texts[e["pub_number"]]
    mentions = [
        m
        for m in read_jsonl(out / "truth" / "mentions.jsonl")
        if m["pub_number"] in {e["pub_number"] for e in fixes} and m["kind"] == "person"
    ]
    corrected = {
        r["corrected_by"]: r for r in read_jsonl(out / "truth" / "roles.jsonl") if r["corrected_by"]
    }
    for m in mentions:
        role = corrected[m["pub_number"]]
        assert role["holder_id"] == m["entity_id"]
        # the interval carries the corrected value from its start; the mention the wrong one
        assert role["signature"] == m["signature"] != m["previous"]["signature"]
        assert role["corrected_from"] == m["previous"]
        assert role["opened_by"] < m["pub_number"]


def test_demergers_come_in_pairs(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    splits = [
        e for e in read_jsonl(out / "truth" / "events.jsonl") if "demerger" in e["event_types"]
    ]
    assert splits
    givers = {
        (e["subject_id"], e["counterparts"][0]["id"])
        for e in splits
        if e["counterparts"][0]["role"] == "asset_buyer"
    }
    takers = {
        (e["counterparts"][0]["id"], e["subject_id"])
        for e in splits
        if e["counterparts"][0]["role"] == "asset_seller"
    }
    assert givers and givers == takers


def test_geneva_prose_follows_real_notices(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    ge = [
        p["content"]["publicationText"] for p in publications(out) if p["meta"]["cantons"] == ["GE"]
    ]
    text = "\n".join(ge)
    # HR02-1006747585, HR01-1006740640: perfect tense grants, shares before the signature
    assert re.search(r"(Signature|Procuration) [a-zé ]+ a été conférée à [A-Z]", text)
    assert re.search(r"-gérante?: [^:]+, pour \d+ parts de CHF 100 avec signature", text)
    assert "est conférée à" not in text
