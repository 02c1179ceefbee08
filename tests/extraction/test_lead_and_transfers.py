"""Conventions of issue 16, round 3, in the three languages (invented notices): a home town
with an article (`du Locle`, `des Bois`), a prose entry with a function and no place, a
partner's shares handed on (`ses parts sont cédées à`, `Stammanteile … übertragen an`, `quote
cedute a`), a function written before the name with a new residence (`Le président X, de Y, est
désormais domicilié à Z`), and the capital events (`Capitale azionario nuovo`, a merger `ohne
Kapitalerhöhung`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ingestion.extraction.models import ExtractionRecord
from tests.extraction.conftest import Person, facts, person

pytestmark = pytest.mark.unit

DE_AG = "Zbinden Holz AG, in Düdingen, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 10 vom 15.01.2014, Publ. 123). "
FR_SA = "Atelier Vuilleumier SA, à Bulle, CHE-111.222.333, société anonyme (FOSC no 10 du 15.01.2014, p. 0). "
IT_SA = "Ferramenta Bernasconi SA, in Mendrisio, CHE-111.222.333, società anonima (FUSC no. 10 del 15.01.2014, p. 0). "
DE_GMBH = "Zbinden Holz GmbH, in Düdingen, CHE-111.222.333, Gesellschaft mit beschränkter Haftung (SHAB Nr. 10 vom 15.01.2014, Publ. 123). "
FR_SARL = "Atelier Vuilleumier Sàrl, à Bulle, CHE-111.222.333, société à responsabilité limitée (FOSC no 10 du 15.01.2014, p. 0). "
IT_SAGL = "Ferramenta Bernasconi Sagl, in Mendrisio, CHE-111.222.333, società a garanzia limitata (FUSC no. 10 del 15.01.2014, p. 0). "


@pytest.mark.parametrize(
    ("lang", "text", "family", "given", "origin", "residence"),
    [
        pytest.param(
            "fr",
            FR_SA + "Personne(s) inscrite(s): Perrenoud Léon, du Locle, à La Chaux-de-Fonds, "
            "administrateur, avec signature individuelle.",
            "Perrenoud",
            "Léon",
            "Locle",
            "La Chaux-de-Fonds",
            id="fr-du-block",
        ),
        pytest.param(
            "fr",
            FR_SA + "Nouvel administrateur: Gindrat Paul, des Bois, à Delémont, avec signature "
            "collective à deux.",
            "Gindrat",
            "Paul",
            "Bois",
            "Delémont",
            id="fr-des-label",
        ),
        pytest.param(
            "fr",
            FR_SA + "Signature collective à deux a été conférée à Jaquet Marc, du Chenit, au "
            "Sentier, directeur.",
            "Jaquet",
            "Marc",
            "Chenit",
            "Sentier",
            id="fr-du-grant",
        ),
        pytest.param(
            "de",
            DE_AG + "Eingetragene Personen neu oder mutierend: Aebi, Walter, von Le Locle, in "
            "Biel/Bienne, Mitglied, mit Kollektivunterschrift zu zweien.",
            "Aebi",
            "Walter",
            "Le Locle",
            "Biel/Bienne",
            id="de-von-article-place",
        ),
        pytest.param(
            "it",
            IT_SA + "Persone iscritte: Cattaneo Dario, di Breno, a Lugano, membro, con firma "
            "collettiva a due.",
            "Cattaneo",
            "Dario",
            "Breno",
            "Lugano",
            id="it-di",
        ),
    ],
)
def test_home_town_with_an_article_is_an_origin(
    extract: Callable[..., ExtractionRecord],
    lang: str,
    text: str,
    family: str,
    given: str,
    origin: str,
    residence: str,
) -> None:
    rec = extract(text, lang)
    assert len(rec.persons) == 1
    p = person(rec, family)
    assert (p.given_names, p.origin, p.residence) == (given, origin, residence)


def test_du_opening_an_entry_stays_a_family_name() -> None:
    """A list opens with a name: `du Pasquier` first in an entry is a family name."""
    text = FR_SA + (
        "Personne(s) inscrite(s): du Pasquier Claire, de Neuchâtel, à Peseux, administratrice, "
        "avec signature individuelle."
    )
    assert facts(text, "fr")[0] == [("du Pasquier", "Claire", ("board_member",), "registered")]


OFFICER_CASES = [
    pytest.param(
        "fr",
        FR_SARL + "Nicolet Serge, associé-gérant, pour 20 parts de CHF 1'000, avec signature "
        "individuelle.",
        [("Nicolet", "Serge", ("managing_director", "partner"), "registered")],
        id="fr-parts",
    ),
    pytest.param(
        "fr",
        FR_SARL + "Nicolet Serge, associé-gérant, pour 20 parts de CHF 1'000 [précédemment: "
        "associé, pour 10 parts de CHF 1'000], avec signature individuelle.",
        [("Nicolet", "Serge", ("managing_director", "partner"), "registered")],
        id="fr-parts-previous",
    ),
    pytest.param(
        "de",
        DE_GMBH + "Kaeser Urs, Gesellschafter und Geschäftsführer, mit 20 Stammanteilen zu je "
        "CHF 1'000, mit Einzelunterschrift.",
        [("Kaeser", "Urs", ("managing_director", "partner"), "registered")],
        id="de-stammanteile",
    ),
    pytest.param(
        "it",
        IT_SAGL + "Pedrazzini Luca, socio e gerente, con 20 quote da CHF 1'000, con firma "
        "individuale.",
        [("Pedrazzini", "Luca", ("managing_director", "partner"), "registered")],
        id="it-quote",
    ),
]


@pytest.mark.parametrize(("lang", "text", "persons"), OFFICER_CASES)
def test_prose_entry_with_a_function_and_no_place(
    lang: str, text: str, persons: list[Person]
) -> None:
    assert facts(text, lang)[0] == persons


def test_function_and_signature_without_a_name_field_is_nobody() -> None:
    """A sentence about the company, not an entry: `Die Gesellschaft, …` names no person."""
    text = DE_GMBH + "Die Gesellschaft, Geschäftsführerin, mit Einzelunterschrift."
    assert facts(text, "de")[0] == []


TRANSFER_CASES = [
    pytest.param(
        "fr",
        FR_SARL + "Droz Henri, associé, n'est plus associé; ses parts sont cédées à Mauron "
        "Olivier, associé gérant, de Fribourg, à Marly, avec signature individuelle.",
        [
            ("Droz", "Henri", ("partner",), "removed"),
            ("Mauron", "Olivier", ("managing_director", "partner"), "registered"),
        ],
        id="fr-cedees-entry",
    ),
    pytest.param(
        "fr",
        FR_SARL + "Droz Henri n'est plus associé; ses parts sont cédées à Mauron Olivier.",
        [
            ("Droz", "Henri", ("partner",), "removed"),
            ("Mauron", "Olivier", ("partner",), "registered"),
        ],
        id="fr-cedees-bare-name",
    ),
    pytest.param(
        "de",
        DE_GMBH + "Kaeser Urs ist nicht mehr Gesellschafter; seine Stammanteile wurden "
        "übertragen an Lüthi Beat, von Langnau im Emmental, in Burgdorf, Gesellschafter und "
        "Geschäftsführer, mit Einzelunterschrift.",
        [
            ("Kaeser", "Urs", ("partner",), "removed"),
            ("Lüthi", "Beat", ("managing_director", "partner"), "registered"),
        ],
        id="de-uebertragen-an",
    ),
    pytest.param(
        "de",
        DE_GMBH + "Die Stammanteile von Kaeser Urs sind an Lüthi Beat übertragen worden.",
        [("Lüthi", "Beat", ("partner",), "registered")],
        id="de-verb-last",
    ),
    pytest.param(
        "it",
        IT_SAGL + "Pedrazzini Luca non è più socio; le sue quote sono cedute a Ferrari Nadia, "
        "da Biasca, a Bellinzona, socia e gerente, con firma individuale.",
        [
            ("Ferrari", "Nadia", ("managing_director", "partner"), "registered"),
            ("Pedrazzini", "Luca", ("partner",), "removed"),
        ],
        id="it-cedute-a",
    ),
]


@pytest.mark.parametrize(("lang", "text", "persons"), TRANSFER_CASES)
def test_share_transfer_names_the_receiving_partner(
    lang: str, text: str, persons: list[Person]
) -> None:
    assert facts(text, lang)[0] == persons


def test_share_transfer_receiver_keeps_places(extract: Callable[..., ExtractionRecord]) -> None:
    rec = extract(TRANSFER_CASES[4].values[1], "it")
    p = person(rec, "Ferrari")
    assert (p.origin, p.residence, p.signature) == ("Biasca", "Bellinzona", "individual")


LEAD_CASES = [
    pytest.param(
        "fr",
        FR_SA + "Le président Favre Jacques, de Gruyères, est désormais domicilié à Marly.",
        ("Favre", "Jacques", ("chair",), "Gruyères", "Marly", "unknown"),
        id="fr-domicilie",
    ),
    pytest.param(
        "fr",
        FR_SA + "L'administrateur Favre Jacques, de Gruyères, à Marly, signe désormais "
        "collectivement à deux.",
        ("Favre", "Jacques", ("board_member",), "Gruyères", "Marly", "collective_two"),
        id="fr-elided-article",
    ),
    pytest.param(
        "de",
        DE_AG + "Der Präsident Huber Kurt, von Worb, wohnt neu in Thun.",
        ("Huber", "Kurt", ("chair",), "Worb", "Thun", "unknown"),
        id="de-wohnt-neu",
    ),
    pytest.param(
        "it",
        IT_SA + "Il presidente Rossi Mario, da Lugano, è ora domiciliato a Locarno.",
        ("Rossi", "Mario", ("chair",), "Lugano", "Locarno", "unknown"),
        id="it-domiciliato",
    ),
    pytest.param(
        "it",
        IT_SA + "La segretaria Rossi Maria, da Lugano, è ora domiciliata a Locarno, con firma "
        "collettiva a due.",
        ("Rossi", "Maria", ("secretary",), "Lugano", "Locarno", "collective_two"),
        id="it-signature",
    ),
]


@pytest.mark.parametrize(("lang", "text", "expected"), LEAD_CASES)
def test_function_written_before_the_name(
    extract: Callable[..., ExtractionRecord],
    lang: str,
    text: str,
    expected: tuple[str, str, tuple[str, ...], str, str, str],
) -> None:
    rec = extract(text, lang)
    assert len(rec.persons) == 1
    p = rec.persons[0]
    got = (
        p.family_name,
        p.given_names,
        tuple(sorted(p.roles)),
        p.origin,
        p.residence,
        p.signature,
    )
    assert got == expected
    assert p.action == "registered"
    assert rec.events == ["officer_change"]


def test_function_before_the_name_of_a_removal() -> None:
    text = DE_AG + "Der Präsident Huber Kurt ist zurückgetreten."
    assert facts(text, "de")[0] == [("Huber", "Kurt", ("chair",), "removed")]


def test_function_before_no_name_is_no_person() -> None:
    """`Le président signe individuellement`: no name after the function."""
    text = FR_SA + "Le président du conseil d'administration signe individuellement."
    assert facts(text, "fr")[0] == []


@pytest.mark.parametrize(
    ("lang", "text", "events"),
    [
        pytest.param(
            "it",
            IT_SA + "Capitale azionario nuovo: CHF 200'000.",
            ["capital_change"],
            id="it-nuovo",
        ),
        pytest.param(
            "fr",
            FR_SA + "Capital-actions nouveau: CHF 200'000.",
            ["capital_change"],
            id="fr-nouveau",
        ),
        pytest.param(
            "de", DE_AG + "Neues Aktienkapital: CHF 200'000.", ["capital_change"], id="de-neues"
        ),
        pytest.param(
            "de",
            DE_AG + "Fusion: Die Gesellschaft übernimmt die Aktiven und Passiven der Muster "
            "Immobilien AG, in Thun (CHE-222.333.444), gemäss Fusionsvertrag vom 01.02.2014. Die "
            "Fusion erfolgt ohne Kapitalerhöhung.",
            ["merger"],
            id="de-merger-ohne",
        ),
        pytest.param(
            "fr",
            FR_SA + "Fusion: reprise des actifs et passifs de Muster Immobilier SA, à Bulle "
            "(CHE-222.333.444), selon contrat de fusion du 01.02.2014. La fusion s'opère sans "
            "augmentation du capital.",
            ["merger"],
            id="fr-merger-sans",
        ),
        pytest.param(
            "it",
            IT_SA + "Fusione: ripresa degli attivi e passivi della Muster Immobili SA, a Chiasso "
            "(CHE-222.333.444), secondo contratto di fusione del 01.02.2014. La fusione avviene "
            "senza aumento del capitale.",
            ["merger"],
            id="it-merger-senza",
        ),
        pytest.param(
            "de",
            DE_AG + "Kapitalerhöhung: Aktienkapital neu: CHF 300'000.",
            ["capital_change"],
            id="de-real-increase",
        ),
    ],
)
def test_capital_events(
    extract: Callable[..., ExtractionRecord], lang: str, text: str, events: list[str]
) -> None:
    assert extract(text, lang).events == events
