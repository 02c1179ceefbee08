"""Coercion of published values and the Zefix markup."""

from __future__ import annotations

from datetime import date

import pytest

from ingestion.sources.detect import detect
from ingestion.sources.fields import guess_language, optional_float, parse_date, split_translations
from ingestion.sources.zefix_markup import plain_text, tagged_fields


def test_dates_in_every_spelling():
    for text in ("2026-08-26T00:00:00.000Z", "2026-08-26", "2026-08-26 00:00:00"):
        assert parse_date(text) == date(2026, 8, 26)
    with pytest.raises(ValueError):
        parse_date("26.08.2026")


def test_amounts_and_translations():
    assert optional_float("20'000.00") == 20000.0 and optional_float(None) is None
    assert split_translations("(A AG) (B (Schweiz) SA)") == ["A AG", "B (Schweiz) SA"]
    assert split_translations(" [Telelan SA]") == ["Telelan SA"]


def test_markup_removed_and_fields_kept():
    raw = "<F>Umbau AG<E>, in <S>Altendorf,<E> <I>CH-130.0.002.901-2<E>, x.<B>Beleg<E>"
    assert plain_text(raw) == "Umbau AG, in Altendorf, CH-130.0.002.901-2, x.Beleg"
    assert tagged_fields(raw)["F"] == ["Umbau AG"] and tagged_fields(raw)["S"] == ["Altendorf,"]
    rest = '<FT TYPE="F">Actor IQ SA</FT>, à <FT TYPE="S">Martigny</FT>'
    assert plain_text(rest) == "Actor IQ SA, à Martigny"
    assert tagged_fields(rest) == {"F": ["Actor IQ SA"], "S": ["Martigny"]}


def test_language_guess():
    assert (
        guess_language("Die Gesellschaft wird gelöscht, mit Einzelunterschrift und der")[0] == "de"
    )
    assert guess_language("La société est radiée, avec signature individuelle et la")[0] == "fr"
    assert guess_language("")[0] is None


def test_format_detection(tmp_path):
    assert detect(tmp_path / "a.json", b'{"content": []}') == "json"
    assert detect(tmp_path / "a", b'{"a": 1}\n{"a": 2}\n') == "jsonl"
    assert detect(tmp_path / "a", b"\xef\xbb\xbf<?xml version='1.0'?>") == "xml"
    assert detect(tmp_path / "01-021", b"\t".join([b"x"] * 23)) == "zefix_daily"
    assert detect(tmp_path / "a.bin", b"\x00\x01") == "unknown"
