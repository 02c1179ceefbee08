"""Legal forms, cantons, months, nationalities and Lucene escaping: exact table values."""

from __future__ import annotations

import pytest

from shabgraph.register import cantons, legal_forms, lucene, months, nationalities

pytestmark = pytest.mark.unit


def test_legal_form_table_is_complete_and_unique():
    codes = [f.code for f in legal_forms.LEGAL_FORMS]
    assert codes == [
        "0101", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110", "0151", "0111",
    ]  # fmt: skip
    assert all(set(f.names) == {"de", "fr", "it", "en"} for f in legal_forms.LEGAL_FORMS)


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("AG", "0106"),
        ("SA", "0106"),
        ("S.A.", "0106"),
        ("Aktiengesellschaft", "0106"),
        ("società anonima", "0106"),
        ("GmbH", "0107"),
        ("Sàrl", "0107"),
        ("Sarl", "0107"),
        ("Sagl", "0107"),
        ("S.à r.l.", "0107"),
        ("Genossenschaft", "0108"),
        ("société coopérative", "0108"),
        ("Stiftung", "0110"),
        ("fondazione", "0110"),
        ("Einzelunternehmen", "0101"),
        ("Kollektivgesellschaft", "0103"),
        ("société en nom collectif", "0103"),
        ("KG", "0104"),
        ("Verein", "0109"),
        ("succursale", "0151"),
        ("Holding", None),
    ],
)
def test_code_of_written_forms(written, code):
    assert legal_forms.code_of(written) == code


def test_labels_and_zefix_ids():
    assert legal_forms.label("0107") == "GmbH"
    assert legal_forms.label("0111") == "Zweigniederlassung ausländische Gesellschaft"
    assert legal_forms.label("9999") is None
    assert legal_forms.code_from_zefix(3) == "0106"
    assert legal_forms.code_from_zefix("10") == "0104"
    assert legal_forms.code_from_zefix("8") is None
    form = legal_forms.by_code("0107")
    assert form is not None and form.abbreviations == {"de": "GmbH", "fr": "Sàrl", "it": "Sagl"}


def test_spellings_longest_first():
    keys = list(legal_forms.spellings())
    assert keys.index("societe anonyme") < keys.index("sa")


def test_abbreviation_pattern_finds_whole_words():
    rx = legal_forms.abbreviation_pattern("0107")
    assert rx.search("Alpha Sàrl, Genève")
    assert rx.search("Alpha S.à r.l.")
    assert not rx.search("Sagliano AG")
    assert not rx.search("Alpha-GmbH-Holding")


def test_key_words_are_the_fixed_set():
    assert len(legal_forms.LEGAL_FORM_WORDS) == 49
    assert {"ag", "sagl", "liq", "filiale"} <= legal_forms.LEGAL_FORM_WORDS
    assert "nom" not in legal_forms.LEGAL_FORM_WORDS


def test_cantons():
    assert len(cantons.CANTONS) == 26 and len(set(cantons.CANTONS)) == 26
    assert cantons.canton_code("zh") == "ZH"
    assert cantons.canton_code("ginevra") == "GE"
    assert cantons.canton_code("Wallis") == "VS"
    assert cantons.canton_code("atlantis") is None
    assert set(cantons.CANTON_NAMES.values()) <= set(cantons.CANTONS)


def test_every_canton_is_named_in_the_register_languages():
    # Each canton has a name beside its code: de, fr and it differ for most of them.
    assert set(cantons.CANTON_NAMES.values()) == set(cantons.CANTONS)
    for de, fr, it, code in [
        ("Zürich", "Zurich", "Zurigo", "ZH"),
        ("Graubünden", "Grisons", "Grigioni", "GR"),
        ("Aargau", "Argovie", "Argovia", "AG"),
        ("Basel-Landschaft", "Bâle-Campagne", "Basilea Campagna", "BL"),
        ("Appenzell Innerrhoden", "Appenzell Rhodes-Intérieures", "Appenzello Interno", "AI"),
        ("Neuenburg", "Neuchâtel", "Neuchâtel", "NE"),
        ("Schwyz", "Schwytz", "Svitto", "SZ"),
    ]:
        assert {cantons.canton_code(de), cantons.canton_code(fr), cantons.canton_code(it)} == {code}


def test_canton_names_in_every_spelling():
    assert cantons.canton_code("Zuerich") == "ZH"
    assert cantons.canton_code("GRAUBUENDEN") == "GR"
    assert cantons.canton_code(" Baselland ") == "BL"
    assert cantons.canton_code("St-Gall") == cantons.canton_code("St. Gallen") == "SG"
    assert cantons.canton_code("Winterthur") is None


def test_months():
    assert months.MONTHS["marz"] == 3
    assert months.MONTHS["aout"] == 8
    assert months.MONTHS["dicembre"] == 12
    assert months.MONTHS["may"] == 5
    assert "mar" not in months.MONTHS
    assert months.month_number("Sept.") == 9
    assert months.month_number("maerz") == 3
    assert months.month_number("smarch") is None
    assert len(months.MONTHS) == 42  # 48 names, 6 written alike in two languages (april, mai, ...)
    assert all(len(names) == 12 for names in months.MONTH_NAMES.values())


def test_nationalities():
    assert nationalities.nationality_code("deutsche Staatsangehörige") == "DE"
    assert nationalities.nationality_code("Allemagne") == "DE"
    assert nationalities.nationality_code("cittadino italiano") == "IT"
    assert nationalities.nationality_code("Atlantis") == "atlantis"
    # A country of several words counts only whole: "bas" or "stati" alone is no country.
    assert nationalities.nationality_code("ressortissant des Pays-Bas") == "NL"
    assert nationalities.nationality_code("Staatsangehöriger der Vereinigten Staaten") == "US"
    assert nationalities.nationality_code("Bassi") == "bassi"
    assert nationalities.nationality_code("sono stati") == "sono stati"
    assert nationalities.nationality_code(None) is None
    assert nationalities.country_of_adjective("de", "deutsch") == "Deutschland"
    assert nationalities.country_of_adjective("fr", "allemand") == "Allemagne"
    assert nationalities.country_of_adjective("it", "tedesc") == "Germania"
    assert nationalities.STATELESS["fr"] == ("apatride",)
    assert "france" in nationalities.country_names("fr")


def test_lucene_escaping():
    assert lucene.escape_lucene('a-b (c) "d" e:f g/h') == r"a\-b \(c\) \"d\" e\:f g\/h"
    assert lucene.escape_lucene("x && y || !z") == r"x \&\& y \|\| \!z"
    assert lucene.escape_lucene("plain") == "plain"
