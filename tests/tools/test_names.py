"""The tools compute exactly the NameHub keys ingestion writes (one shared module, shabgraph.register.folding)."""

from __future__ import annotations

import re

import pytest

from ingestion.graph import normalize as ingestion
from tools.normalize import fuzzy_lucene_query, hub_keys
from tools.search import rank_candidates

COMPANY_NAMES = [
    "Müller AG",
    "Mueller AG",
    "Muller AG",
    "MÜLLER AG",
    "Mu\u0308ller AG",  # decomposed ü
    "Meier-Müller AG",
    "Meier Mueller SA",
    "Société Anonyme X SA",
    "X SA",
    "X GmbH in Liquidation",
    "X SA en liquidation",
    "X Sagl in liquidazione",
    "Fondazione Y",
    "Stiftung Y",
    "Zweigniederlassung",
    "Alpha AG, Zweigniederlassung Genf",
    "Alpha SA, succursale de Genève",
    "Crème Brûlée Sàrl",
    "L'Atelier d'Art Sàrl",
    "L’Atelier d’Art Sarl",
    "Müller & Co",
    "Müller + Partner AG",
    "Ørsted Cæsar Œuvre AG",
    "Straße & Söhne GmbH",
    "Häuer AG",
    "Gesellschaft mit beschränkter Haftung",
    "Genossenschaft",
    "Raiffeisenbank Aare-Reuss",
    "Caffè Bar dell'Orso Sagl",
    "Noël & Zoë SA",
]
PERSONS = [  # (family name, given names)
    ("Müller", "Hans"),
    ("Mueller", "Hans"),
    ("Muller", "Hans"),
    ("MÜLLER", "Hans Peter"),
    ("Meier-Müller", "Anna"),
    ("In-Albon", "Anna"),
    ("d'Ambrosio", "Luca"),
    ("D’Ambrosio", "Luca"),
    ("Dubois", "Jean-François"),
    ("De la Fontaine", "Noël"),
    ("Co", "Li"),
    ("Sa", "Ana"),
    ("Ørsted", "Søren"),
    ("Straßer", "Jürg"),
    ("Rüegg", "Urs"),
    ("Rueegg", "Urs"),
    ("Nüesch", "Eva"),
]


@pytest.mark.parametrize("name", COMPANY_NAMES)
def test_company_key_is_the_ingestion_key(name: str) -> None:
    assert hub_keys(name)[0] == ingestion.company_hub_key(name)


@pytest.mark.parametrize(("family", "given"), PERSONS)
def test_person_key_is_the_ingestion_key_in_any_order(family: str, given: str) -> None:
    key = ingestion.person_hub_key(family, given)
    for typed in (f"{given} {family}", f"{family} {given}", f"{family.upper()}, {given}"):
        assert hub_keys(typed)[1] == key


def test_spellings_share_one_key() -> None:
    assert (
        len(
            {
                hub_keys(n)[0]
                for n in (
                    "Müller AG",
                    "Mueller AG",
                    "Muller AG",
                    "Müller & Co",
                    "MÜLLER SA",
                    "Mu\u0308ller GmbH",
                )
            }
        )
        == 1
    )
    assert hub_keys("Meier-Müller AG")[0] == "company:meier muller"
    # An umlaut before an e folds like its spelled-out form (a single ue -> u pass did not).
    assert len({hub_keys(f"Urs {n}")[1] for n in ("Rüegg", "Rueegg", "Ruegg", "RÜEGG")}) == 1
    assert len({hub_keys(n)[0] for n in ("Nüesch AG", "Nueesch AG", "Nuesch AG")}) == 1
    assert (
        hub_keys("Société Anonyme X SA")[0] == hub_keys("X GmbH in Liquidation")[0] == "company:x"
    )
    assert hub_keys("Fondazione Y")[0] == "company:y"
    assert hub_keys("Alpha AG, Zweigniederlassung Genf")[0] == "company:alpha genf"
    assert hub_keys("Zweigniederlassung")[0] == "company:zweigniederlassung"  # nothing else left
    assert hub_keys("L'Atelier d'Art Sàrl") == hub_keys("L’Atelier d’Art Sarl")
    # Person keys keep every token: "In" of In-Albon is a name here, not "in Liquidation".
    assert hub_keys("Anna In-Albon")[1] == "person:albon anna in"
    assert hub_keys("&, -") == []


def _exact_terms(lucene: str) -> set[str]:
    """The plain terms of a Lucene query (no field, fuzzy or prefix operator)."""
    return {
        t
        for t in re.split(r"[()\s]+", lucene)
        if t and t not in ("OR", "AND") and not re.search(r"[~*:\\]", t)
    }


@pytest.mark.parametrize("name", COMPANY_NAMES + [f"{g} {f}" for f, g in PERSONS])
def test_lucene_query_holds_every_key_token(name: str) -> None:
    """The NameHub full-text search can hit the key field exactly, whatever the spelling."""
    terms = _exact_terms(fuzzy_lucene_query(name, fuzzy_fields=("display", "key"), max_edits=1))
    company_key, person_key = hub_keys(name)
    assert set(company_key.removeprefix("company:").split()) <= terms
    # Legal-form words are left out of the query: the person key may hold more.
    assert set(person_key.removeprefix("person:").split()) & terms


def _row(hub_display: str, via: str) -> dict[str, object]:
    return {
        "id": "CHE-277.248.702",
        "kind": "company",
        "name": "Pramont Schreinerei AG",
        "names": ["Pramont Schreinerei AG"],
        "variants": [""],
        "uid": "CHE-277.248.702",
        "seat": "Zug",
        "strength": "strong",
        "purpose": "Schreinerei",
        "hub_key": None,
        "hub_displays": [hub_display],
        "vias": [via],
        "ft_score": 3.0,
        "pubs": ["P1"],
    }


def test_rank_merges_the_rows_of_one_entity() -> None:
    """Rows of one entity reached through two hubs become one record, best score, all reasons."""
    rows = [
        _row("Alpma Schreinerei", "hub_key"),
        _row("Alpma AG", "namehub"),
        {
            **_row("", "fulltext"),
            "id": "CHE-999.999.999",
            "name": "Alpmatt GmbH",
            "names": ["Alpmatt GmbH"],
            "uid": "CHE-999.999.999",
        },
    ]
    ranked = rank_candidates("Alpma", rows, limit=10)
    assert [r["id"] for r in ranked] == ["CHE-277.248.702", "CHE-999.999.999"]
    top = ranked[0]
    assert top["score"] == 90.0  # the former name's hub, matched exactly (namehub weight)
    assert top["reason"].split("; ") == [
        "namehub exact 'Alpma AG'",
        "namehub contained 'Alpma Schreinerei'",
    ]
    assert top["matched_via"] == ["hub_key", "namehub"]
    assert "hub_displays" not in top and "reasons" not in top
