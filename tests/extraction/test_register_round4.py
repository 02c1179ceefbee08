"""Conventions of round 4, in the three languages (invented notices): the other forms of a new
entry (`Neue Stiftung.`, `Nouvelle fondation.`, `Nuova associazione.`), an auditor firm whose
name holds a role word (`& Associés SA`, `Partner AG`, `& Soci SA`), successive capital states
in one sentence, a `;`-list after a role label (a family name no longer glued to the place
before it), and the earlier name a `[bisher: …]` bracket gives."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ingestion.extraction.facts.capital_steps import CapitalSteps, capital_steps
from ingestion.extraction.fields import classify, is_firm_name
from ingestion.extraction.models import ExtractionRecord, PersonMention
from tests.extraction.conftest import facts

pytestmark = pytest.mark.unit

DE_AG = "Zbinden Holz AG, in Düdingen, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 10 vom 15.01.2014, Publ. 123). "
FR_SA = "Atelier Vuilleumier SA, à Bulle, CHE-111.222.333, société anonyme (FOSC no 10 du 15.01.2014, p. 0). "
IT_SA = "Ferramenta Bernasconi SA, in Mendrisio, CHE-111.222.333, società anonima (FUSC no. 10 del 15.01.2014, p. 0). "
DE_GMBH = "Zbinden Holz GmbH, in Düdingen, CHE-111.222.333, Gesellschaft mit beschränkter Haftung (SHAB Nr. 10 vom 15.01.2014, Publ. 123). "
FR_SARL = "Atelier Vuilleumier Sàrl, à Bulle, CHE-111.222.333, société à responsabilité limitée (FOSC no 10 du 15.01.2014, p. 0). "
IT_SAGL = "Ferramenta Bernasconi Sagl, in Mendrisio, CHE-111.222.333, società a garanzia limitata (FUSC no. 10 del 15.01.2014, p. 0). "

# --- 1. a new entry written as "new" + the kind of the entity --------------------------------


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        pytest.param(
            "de",
            "Stiftung Alpenblick, in Spiez, Seestrasse 4, 3700 Spiez. Neue Stiftung. Datum der "
            "Urkunde: 02.03.2011. Zweck: Betrieb eines Ferienheims. Stiftungsrat: Zbinden, Karl, "
            "von Düdingen, in Spiez, Präsident, mit Kollektivunterschrift zu zweien.",
            id="de-stiftung",
        ),
        pytest.param(
            "de",
            "Musikverein Seeblick, in Spiez. Neuer Verein. Statuten: 02.03.2011. Vorstand: "
            "Zbinden, Karl, von Düdingen, in Spiez, Präsident, mit Einzelunterschrift.",
            id="de-verein",
        ),
        pytest.param(
            "de",
            "Wohnbaugenossenschaft Seeblick, in Spiez. Neue Wohnbaugenossenschaft. Statuten: "
            "02.03.2011. Verwaltung: Zbinden, Karl, von Düdingen, in Spiez, Präsident, mit "
            "Kollektivunterschrift zu zweien.",
            id="de-compound",
        ),
        pytest.param(
            "de",
            "Zbinden Holz GmbH, in Düdingen. Neue Gesellschaft mit beschränkter Haftung. "
            "Statuten: 02.03.2011. Eingetragene Personen: Zbinden, Karl, von Düdingen, in Spiez, "
            "Gesellschafter und Geschäftsführer, mit Einzelunterschrift.",
            id="de-gmbh",
        ),
        pytest.param(
            "fr",
            "Fondation Vuilleumier, à Bulle. Nouvelle fondation. Acte de fondation: 02.03.2011. "
            "Conseil de fondation: Vuilleumier Paul, de Bulle, à Riaz, président, avec signature "
            "collective à deux.",
            id="fr-fondation",
        ),
        pytest.param(
            "fr",
            "Chœur du Moléson, à Bulle. Nouvelle association. Statuts: 02.03.2011. Comité: "
            "Vuilleumier Paul, de Bulle, à Riaz, président, avec signature individuelle.",
            id="fr-association",
        ),
        pytest.param(
            "fr",
            "Vuilleumier Paul, à Bulle. Nouvelle raison individuelle. But: menuiserie. Personne "
            "inscrite: Vuilleumier Paul, de Bulle, à Riaz, titulaire, avec signature individuelle.",
            id="fr-raison-individuelle",
        ),
        pytest.param(
            "it",
            "Fondazione Bernasconi, in Mendrisio, Via Lunga 2, 6850 Mendrisio. Nuova fondazione. "
            "Data dell'atto di fondazione: 02.03.2011. Consiglio di fondazione: Bernasconi "
            "Luigi, da Mendrisio, in Chiasso, presidente, con firma collettiva a due.",
            id="it-fondazione",
        ),
        pytest.param(
            "it",
            "Coro Monte Generoso, in Mendrisio. Nuova associazione. Statuti del 02.03.2011. "
            "Comitato: Bernasconi Luigi, da Mendrisio, in Chiasso, presidente, con firma "
            "individuale.",
            id="it-associazione",
        ),
        pytest.param(
            "it",
            "Cooperativa Alpe Bernasconi, in Mendrisio. Nuova cooperativa. Statuti del "
            "02.03.2011. Amministrazione: Bernasconi Luigi, da Mendrisio, in Chiasso, presidente, "
            "con firma collettiva a due.",
            id="it-cooperativa",
        ),
    ],
)
def test_new_entry_forms(extract: Callable[..., ExtractionRecord], lang: str, text: str) -> None:
    # The officers of a new entry are part of the entry, not a change.
    assert extract(text, lang).events == ["registration"]


@pytest.mark.parametrize(
    ("lang", "text", "events"),
    [
        pytest.param("de", DE_AG + "Neue Firma: Zbinden Bau AG.", ["name_change"], id="de-firma"),
        pytest.param(
            "it", IT_SA + "Nuova ditta: Bernasconi Ferro SA.", ["name_change"], id="it-ditta"
        ),
        pytest.param(
            "de",
            "Neue Treuhandgesellschaft Düdingen AG, in Düdingen, CHE-111.222.333, "
            "Aktiengesellschaft (SHAB Nr. 10 vom 15.01.2014, Publ. 123). Domizil neu: "
            "Hauptgasse 1, 3186 Düdingen.",
            ["address_change"],
            id="de-name-opens-with-neue",
        ),
        pytest.param(
            "de",
            DE_GMBH + "Neue Gesellschafterin: Zbinden, Erika, von Düdingen, in Spiez, mit 20 "
            "Stammanteilen zu je CHF 1'000.00.",
            ["officer_change"],
            id="de-gesellschafterin",
        ),
    ],
)
def test_new_entry_negatives(
    extract: Callable[..., ExtractionRecord], lang: str, text: str, events: list[str]
) -> None:
    assert extract(text, lang).events == events


# --- 2. an auditor firm whose name holds a role word ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text", "name", "seat", "action"),
    [
        pytest.param(
            "fr",
            FR_SA + "Organe de révision: Fiduciaire Gremaud & Associés SA, à Fribourg.Pièces "
            "justificatives: procès-verbal.",
            "Fiduciaire Gremaud & Associés SA",
            "Fribourg",
            "registered",
            id="fr-label-glued-sentence",
        ),
        pytest.param(
            "fr",
            FR_SA + "Inscription ou modification de personne(s): Gremaud Associés SA, à Fribourg, "
            "organe de révision.",
            "Gremaud Associés SA",
            "Fribourg",
            "registered",
            id="fr-block",
        ),
        pytest.param(
            "fr",
            FR_SA + "Personne(s) et signature(s) radiée(s): Fiduciaire Gremaud & Associés SA, à "
            "Fribourg, organe de révision.",
            "Fiduciaire Gremaud & Associés SA",
            "Fribourg",
            "removed",
            id="fr-block-removed",
        ),
        pytest.param(
            "fr",
            FR_SA + "Organe de révision: Gremaud & Associés, à Fribourg.",
            "Gremaud & Associés",
            "Fribourg",
            "registered",
            id="fr-no-legal-form",
        ),
        pytest.param(
            "de",
            DE_AG + "Revisionsstelle: Treuhand Zbinden Partner AG, in Freiburg.",
            "Treuhand Zbinden Partner AG",
            "Freiburg",
            "registered",
            id="de-label",
        ),
        pytest.param(
            "it",
            IT_SA + "Ufficio di revisione: Studio Fiduciario Bernasconi & Soci SA, in Chiasso.",
            "Studio Fiduciario Bernasconi & Soci SA",
            "Chiasso",
            "registered",
            id="it-label",
        ),
        pytest.param(
            "it",
            IT_SA + "Persone iscritte: Bernasconi Soci Sagl, in Chiasso, ufficio di revisione.",
            "Bernasconi Soci Sagl",
            "Chiasso",
            "registered",
            id="it-block",
        ),
    ],
)
def test_auditor_firm_with_role_word(
    extract: Callable[..., ExtractionRecord],
    lang: str,
    text: str,
    name: str,
    seat: str,
    action: str,
) -> None:
    rec = extract(text, lang)
    assert [(c.name, c.seat, c.roles, c.action) for c in rec.companies] == [
        (name, seat, ["auditor"], action)
    ]
    assert rec.persons == []
    assert rec.events == ["auditor_change"]


@pytest.mark.parametrize(
    ("field", "firm"),
    [
        ("Fiduciaire Gremaud & Associés SA", True),
        ("Treuhand Zbinden Partner AG", True),
        ("Studio Rossi e Associati SA", True),
        ("Fiduciaire de la Gare Associés Sàrl", True),
        ("Delegierter der Zbinden Holding AG", False),  # a function naming a firm
        ("Präsident & Delegierter", False),
        ("associé gérant", False),
        ("Präsident", False),
    ],
)
def test_is_firm_name(field: str, firm: bool) -> None:
    assert is_firm_name(field) is firm


def test_function_naming_a_firm_stays_a_function(
    extract: Callable[..., ExtractionRecord],
) -> None:
    rec = extract(
        DE_AG + "Eingetragene Personen neu oder mutierend: Zbinden, Karl, von Düdingen, in Spiez, "
        "Mitglied, Delegierter der Zbinden Holding AG, mit Kollektivunterschrift zu zweien.",
        "de",
    )
    assert [(p.family_name, p.roles, p.role_text) for p in rec.persons] == [
        ("Zbinden", ["board_member", "director"], "Mitglied, Delegierter der Zbinden Holding AG")
    ]
    assert classify("Delegierter der Zbinden Holding AG", "de").kind == "role"


# --- 3. successive capital states in one sentence ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Die Gesellschafterversammlung hat das Stammkapital von CHF 20'000.00 auf CHF "
            "60'000.00 und später auf CHF 75'000.00 erhöht.",
            [CapitalSteps("quota", 20000.0, (60000.0, 75000.0), "CHF", 38)],
            id="de-von-auf-und-spaeter",
        ),
        pytest.param(
            "Umwandlung: Die Gesellschaft hat das Stammkapital auf CHF 40'000.00 und "
            "anschliessend auf CHF 52'500.00 erhöht und wird gemäss Umwandlungsplan mit Aktiven "
            "von CHF 90'000.00 und Passiven von CHF 30'000.00 in eine Aktiengesellschaft "
            "umgewandelt.",
            [CapitalSteps("quota", None, (40000.0, 52500.0), "CHF", 37)],
            id="de-balance-figures-are-no-states",
        ),
        pytest.param(
            "Das Aktienkapital wurde um CHF 50'000.00 auf CHF 150'000.00 erhöht.",
            [CapitalSteps("share", None, (150000.0,), "CHF", 4)],
            id="de-um-is-by",
        ),
        pytest.param(
            "Le capital-actions a été porté de CHF 100'000.00 à CHF 200'000.00 puis à CHF "
            "260'000.00.",
            [CapitalSteps("share", 100000.0, (200000.0, 260000.0), "CHF", 3)],
            id="fr-puis",
        ),
        pytest.param(
            "Le capital social a été augmenté de CHF 20'000.00 à CHF 30'000.00, et ensuite à "
            "CHF 45'000.00.",
            [CapitalSteps("quota", 20000.0, (30000.0, 45000.0), "CHF", 3)],
            id="fr-et-ensuite",
        ),
        pytest.param(
            "Il capitale azionario è stato aumentato da CHF 100'000.00 a CHF 150'000.00 e poi a "
            "CHF 210'000.00.",
            [CapitalSteps("share", 100000.0, (150000.0, 210000.0), "CHF", 3)],
            id="it-e-poi",
        ),
        pytest.param(
            "Il capitale sociale è stato ridotto a CHF 20'000.00.",
            [CapitalSteps("quota", None, (20000.0,), "CHF", 3)],
            id="it-one-state",
        ),
        pytest.param("Le capital social est augmenté de CHF 10'000.00.", [], id="fr-by-only"),
        pytest.param("Aktienkapital neu: CHF 300'000.00.", [], id="de-label-no-verb"),
        pytest.param(
            "Aktienkapital: CHF 300'000.00 [bisher: CHF 100'000.00 und später CHF 200'000.00 "
            "erhöht].",
            [],
            id="bracket-is-no-state",
        ),
    ],
)
def test_capital_steps(text: str, expected: list[CapitalSteps]) -> None:
    assert capital_steps(text) == expected


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        pytest.param(
            "de",
            DE_GMBH + "Die Gesellschafterversammlung hat das Stammkapital von CHF 20'000.00 auf "
            "CHF 60'000.00 und später auf CHF 75'000.00 erhöht.",
            id="de",
        ),
        pytest.param(
            "fr",
            FR_SA + "Le capital-actions a été porté de CHF 100'000.00 à CHF 200'000.00 puis à "
            "CHF 260'000.00.",
            id="fr",
        ),
        pytest.param(
            "it",
            IT_SAGL + "Il capitale sociale è stato aumentato da CHF 20'000.00 a CHF 50'000.00 e "
            "poi a CHF 80'000.00.",
            id="it",
        ),
    ],
)
def test_capital_prose_is_a_capital_change(
    extract: Callable[..., ExtractionRecord], lang: str, text: str
) -> None:
    assert extract(text, lang).events == ["capital_change"]


# --- 4. a `;`-list after a role label ----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        pytest.param(
            "de",
            "Zbinden & Gremaud, in Düdingen, Kollektivgesellschaft (Neueintragung). "
            "Gesellschafter: Zbinden, Karl, von Düdingen, in Spiez; Gremaud, Urs, von Bulle, in "
            "Riaz; beide mit Einzelunterschrift.",
            [
                ("Zbinden", "Karl", "Düdingen", "Spiez", "individual"),
                ("Gremaud", "Urs", "Bulle", "Riaz", "individual"),
            ],
            id="de-comma-names",
        ),
        pytest.param(
            "de",
            "Zbinden & Gremaud, in Düdingen, Kollektivgesellschaft (Neueintragung). "
            "Gesellschafter: Zbinden Karl, von Düdingen, in Spiez; Gremaud Urs, von Bulle, in "
            "Riaz; beide mit Einzelunterschrift.",
            [
                ("Zbinden", "Karl", "Düdingen", "Spiez", "individual"),
                ("Gremaud", "Urs", "Bulle", "Riaz", "individual"),
            ],
            id="de-one-field-names",
        ),
        pytest.param(
            "fr",
            "Vuilleumier & Gremaud, à Bulle, société en nom collectif (Nouvelle inscription). "
            "Associés: Vuilleumier, Paul, de Bulle, à Riaz; Gremaud, Anne, de Sion, à Bulle; "
            "tous deux avec signature individuelle.",
            [
                ("Vuilleumier", "Paul", "Bulle", "Riaz", "individual"),
                ("Gremaud", "Anne", "Sion", "Bulle", "individual"),
            ],
            id="fr",
        ),
        pytest.param(
            "it",
            "Bernasconi & Rossi, in Mendrisio, società in nome collettivo (Nuova iscrizione). "
            "Soci: Bernasconi, Luigi, da Mendrisio, in Chiasso; Rossi, Anna, da Bellinzona, in "
            "Balerna; entrambi con firma individuale.",
            [
                ("Bernasconi", "Luigi", "Mendrisio", "Chiasso", "individual"),
                ("Rossi", "Anna", "Bellinzona", "Balerna", "individual"),
            ],
            id="it",
        ),
    ],
)
def test_semicolon_list_after_role_label(
    extract: Callable[..., ExtractionRecord],
    lang: str,
    text: str,
    expected: list[tuple[str, str, str, str, str]],
) -> None:
    rec = extract(text, lang)
    assert [
        (p.family_name, p.given_names, p.origin, p.residence, p.signature) for p in rec.persons
    ] == expected
    assert all(p.roles == ["partner"] for p in rec.persons)


# --- 5. the earlier name of a `[bisher: …]` bracket ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text", "previous", "earlier"),
    [
        pytest.param(
            "de",
            DE_AG + "Eingetragene Personen neu oder mutierend: Gremaud-Zbinden, Erika, von "
            "Düdingen und Bulle, in Riaz, Aktuarin, mit Kollektivunterschrift zu zweien [bisher: "
            "Zbinden, Erika, von Düdingen, in Spiez].",
            {"family_name": "Zbinden", "origin": "Düdingen", "residence": "Spiez"},
            ("Zbinden", "Erika"),
            id="de",
        ),
        pytest.param(
            "fr",
            FR_SA + "Inscription ou modification de personne(s): Gremaud-Vuilleumier, Anne, de "
            "Bulle, à Riaz, secrétaire, avec signature collective à deux [précédemment: "
            "Vuilleumier, Anne, de Bulle, à Bulle].",
            {"family_name": "Vuilleumier", "residence": "Bulle"},
            ("Vuilleumier", "Anne"),
            id="fr",
        ),
        pytest.param(
            "it",
            IT_SA + "Persone iscritte: Rossi-Bernasconi, Anna Maria, da Mendrisio, in Chiasso, "
            "segretaria, con firma collettiva a due [finora: Bernasconi, Anna, da Mendrisio, in "
            "Mendrisio].",
            {"family_name": "Bernasconi", "given_names": "Anna", "residence": "Mendrisio"},
            ("Bernasconi", "Anna"),
            id="it-given-changed-too",
        ),
        pytest.param(
            "de",
            DE_AG + "Eingetragene Personen neu oder mutierend: Zbinden, Erika, von Düdingen, in "
            "Riaz, Präsidentin, mit Kollektivunterschrift zu zweien [bisher: in Spiez, "
            "Mitglied].",
            {"residence": "Spiez", "roles": ["board_member"], "role_text": "Mitglied"},
            None,
            id="de-name-unchanged",
        ),
    ],
)
def test_earlier_name_from_bracket(
    extract: Callable[..., ExtractionRecord],
    lang: str,
    text: str,
    previous: dict[str, object],
    earlier: tuple[str, str] | None,
) -> None:
    (person,) = extract(text, lang).persons
    assert isinstance(person, PersonMention)
    assert person.previous == previous
    assert person.earlier_name() == earlier


def test_facts_helper_still_reads_round4_notices() -> None:
    persons, companies = facts(
        FR_SA + "Organe de révision: Gremaud & Associés SA, à Fribourg.", "fr"
    )
    assert persons == []
    assert companies == [("Gremaud & Associés SA", ("auditor",), "registered")]
