"""Folding and name keys: exact forms."""

from __future__ import annotations

import pytest

from shabgraph.register import folding

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Müller", "muller"),
        ("Mueller", "muller"),
        ("MÜLLER", "muller"),
        ("Mu\u0308ller", "muller"),
        ("Rüegg", "rugg"),
        ("Rueegg", "rugg"),
        ("Strasse", "strasse"),
        ("Straße", "strasse"),
        ("Søren Æbelø", "soren abelo"),
        ("Genève", "geneve"),
    ],
)
def test_fold(text, folded):
    assert folding.fold(text) == folded


def test_strip_accents_keeps_case_and_umlaut_spellings():
    assert folding.strip_accents("Zürich Genève Mueller") == "Zurich Geneve Mueller"


def test_fold_accents_is_the_word_list_form():
    assert folding.fold_accents("Größte Société’s GMBH") == "grosste societe's gmbh"
    assert folding.fold_accents("Mueller") == "mueller"


def test_fold_words():
    assert folding.fold_words("Müller & Co., «Zürich»") == "muller co zurich"


def test_company_keys_drop_legal_forms():
    assert folding.company_hub_key("Müller AG") == "company:muller"
    assert folding.company_hub_key("Mueller SA en liquidation") == "company:muller"
    assert folding.company_norm("Alpha Beta GmbH") == "alpha beta"
    assert folding.company_tokens("Genossenschaft") == ["genossenschaft"]


def test_person_keys_are_order_insensitive():
    assert folding.person_hub_key("Müller", "Hans") == "person:hans muller"
    assert folding.person_hub_key("Hans Mueller", None) == "person:hans muller"
    assert folding.person_norm("Müller", "Hans Peter") == "hans peter muller"


def test_has_any_matches_at_word_starts():
    assert folding.has_any("die konkursverfahren", ("konkurs",)) == "konkurs"
    assert folding.has_any("bankkonkurs", ("konkurs",)) is None
    assert folding.has_any("the ago", ("ag ",)) is None
    assert folding.has_any("muller ag", ("ag ",)) == "ag "
