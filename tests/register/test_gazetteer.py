"""The canton of a place the notices write without a qualifier, from the shipped gazetteer.

Real Swiss place names are reference data here, not fixtures: the table is GeoNames'."""

from __future__ import annotations

import pytest

from shabgraph.register.cantons import CANTONS
from shabgraph.register.places import GAZETTEER, POSTAL_LOCALITIES, gazetteer, place_canton

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("place", "canton"),
    [
        ("Sursee", "LU"),
        ("Frauenfeld", "TG"),  # a capital
        ("Köniz", "BE"),
        ("Koeniz", "BE"),  # umlaut spelt out
        ("Einsiedeln", "SZ"),
        ("Genf", "GE"),  # exonym, named like its canton
        ("Küsnacht ZH", "ZH"),  # the qualifier first
        ("Wangen SZ", "SZ"),
        ("Rothenburg", "LU"),  # only in the postal table
        ("Versoix", "GE"),  # GeoNames wins where the postal area crosses the border
    ],
)
def test_places_get_their_canton(place: str, canton: str) -> None:
    assert place_canton(place) == canton


@pytest.mark.parametrize(
    "place",
    [
        "Wangen",  # several cantons: left to the qualifier the register adds
        "Buchs",
        "Kappel",  # the postal table writes it qualified ("Kappel SO"): shared by others
        "München (DE)",  # abroad
        "Paris, FRA",
        "Atlantis",  # unknown
        "",
    ],
)
def test_places_in_several_or_no_cantons_get_none(place: str) -> None:
    assert place_canton(place) is None


def test_the_gazetteer_is_data_with_its_source_and_only_canton_codes() -> None:
    header = [ln for ln in GAZETTEER.read_text(encoding="utf-8").splitlines() if ln.startswith("#")]
    assert any("GeoNames" in ln and "CC BY 4.0" in ln for ln in header)
    table = gazetteer()
    assert len(table) > 1500
    assert set(table.values()) <= set(CANTONS)


def test_the_postal_table_names_its_source_licence_and_weakness() -> None:
    header = [
        ln
        for ln in POSTAL_LOCALITIES.read_text(encoding="utf-8").splitlines()
        if ln.startswith("#")
    ]
    text = " ".join(header)
    assert "ODbL" in text and "countrystatecity-postal-codes" in text and "97 %" in text
