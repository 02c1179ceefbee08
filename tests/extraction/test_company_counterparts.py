"""Companies beside the subject (issue 16): head offices of Swiss and foreign branches
(`Sotto questa ditta la società …`, `Firma der Hauptniederlassung`, a legal form written out
after the name), merger and contribution counterparts (`übernimmt die Aktiven und Passiven der …`,
`von der Einzelunternehmung X`, `Apport en nature … de l'entreprise individuelle X`), auditors
replaced; invented notices."""

from __future__ import annotations

import pytest

from tests.extraction.conftest import Company, Person, facts

pytestmark = pytest.mark.unit

DE = "Zbinden Holz AG, in Düdingen, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 10 vom 15.01.2014, Publ. 123). "
FR = "Atelier Vuilleumier SA, à Bulle, CHE-111.222.333, société anonyme (FOSC no 10 du 15.01.2014, p. 0). "
DE26 = "Zbinden Holz AG, in Düdingen, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 10 vom 15.01.2026, Publ. 1006000001). "

CASES = [
    pytest.param(
        "de",
        DE26
        + (
            "Vermögensübertragung: Die Gesellschaft überträgt gemäss Vertrag vom 10.01.2026 "
            "Aktiven von CHF 50'000.00 und Passiven von CHF 10'000.00 auf die Stiftung "
            "Sensebrücke (CHE-222.333.444), in Tafers."
        ),
        [],
        [("Stiftung Sensebrücke", ("asset_buyer",), "registered")],
        id="de-foundation-keeps-its-name",
    ),
    pytest.param(
        "de",
        DE26
        + (
            "Vermögensübertragung: Die Gesellschaft übernimmt gemäss Vertrag vom 10.01.2026 "
            "Aktiven von CHF 50'000.00 und Passiven von CHF 10'000.00 der Genossenschaft "
            "Holzverwertung Sense (CHE-222.333.444), in Tafers."
        ),
        [],
        [("Genossenschaft Holzverwertung Sense", ("asset_seller",), "registered")],
        id="de-cooperative-keeps-its-name",
    ),
    pytest.param(
        "it",
        (
            "Ferramenta Bernasconi SA, succursale di Lugano, in Lugano, CHE-111.222.333, "
            "succursale (nuova iscrizione). Sotto questa ditta la società anonima Ferramenta "
            "Bernasconi SA, con sede in Mendrisio, ha costituito una succursale a Lugano. Persone "
            "iscritte: Crivelli, Marta, da Stabio, in Novazzano, direttrice della succursale, con "
            "firma individuale."
        ),
        [("Crivelli", "Marta", ("branch_manager",), "registered")],
        [("Ferramenta Bernasconi SA", ("head_office",), "registered")],
        id="it-branch-1",
    ),
    pytest.param(
        "it",
        (
            "Lombarda Impianti S.r.l., Milano, succursale di Lugano, in Lugano, CHE-111.222.333, "
            "succursale estera (nuova iscrizione). Ditta della sede principale: Lombarda Impianti "
            "S.r.l. a responsabilità limitata di diritto italiano, con sede a Milano (IT). "
            "Persone iscritte: Colombo, Giorgio, cittadino italiano, in Milano (IT), direttore "
            "della succursale, con firma individuale."
        ),
        [("Colombo", "Giorgio", ("branch_manager",), "registered")],
        [("Lombarda Impianti S.r.l.", ("head_office",), "registered")],
        id="it-branch-foreign-1",
    ),
    pytest.param(
        "de",
        (
            "Schwarzwald Technik GmbH, Freiburg im Breisgau, Zweigniederlassung Basel, in Basel, "
            "CHE-111.222.333, Zweigniederlassung ausländischer Gesellschaft (Neueintragung). "
            "Firma der Hauptniederlassung: Schwarzwald Technik GmbH. Rechtsform: Gesellschaft mit "
            "beschränkter Haftung nach deutschem Recht. Sitz der Hauptniederlassung: Freiburg im "
            "Breisgau (DE). Eingetragene Personen: Hummel, Jörg, deutscher Staatsangehöriger, in "
            "Lörrach (DE), Leiter der Zweigniederlassung, mit Einzelunterschrift."
        ),
        [("Hummel", "Jörg", ("branch_manager",), "registered")],
        [("Schwarzwald Technik GmbH", ("head_office",), "registered")],
        id="de-branch-foreign-1",
    ),
    pytest.param(
        "fr",
        (
            "Savoie Bois SAS, Annecy, succursale de Genève, à Genève, CHE-111.222.333, succursale "
            "d'une société étrangère (nouvelle inscription). Raison sociale du siège principal: "
            "Savoie Bois SAS, société par actions simplifiée de droit français. Siège principal: "
            "Annecy (FR). Personne(s) inscrite(s): Dupraz, Julien, ressortissant français, à "
            "Annecy (FR), directeur de la succursale, avec signature individuelle."
        ),
        [("Dupraz", "Julien", ("branch_manager",), "registered")],
        [("Savoie Bois SAS", ("head_office",), "registered")],
        id="fr-branch-foreign-1",
    ),
    pytest.param(
        "de",
        DE26
        + (
            "Fusion: Die Gesellschaft übernimmt die Aktiven und Passiven der Holz Sense GmbH, in "
            "Tafers (CHE-222.333.444), gemäss Fusionsvertrag vom 10.01.2026 und Bilanz per "
            "31.12.2025. Aktiven von CHF 500'000.00 und Passiven (Fremdkapital) von CHF "
            "300'000.00 gehen auf die übernehmende Gesellschaft über."
        ),
        [],
        [("Holz Sense GmbH", ("merger_absorbed",), "registered")],
        id="de-b4-fusion",
    ),
    pytest.param(
        "de",
        (
            "Zbinden Holz GmbH, in Düdingen, CHE-111.222.333, Gesellschaft mit beschränkter "
            "Haftung (Neueintragung). Statutendatum: 10.01.2026. Zweck: Holzbau. Stammkapital: "
            "CHF 20'000.00. Sacheinlage: Die Gesellschaft übernimmt bei der Gründung gemäss "
            "Sacheinlagevertrag vom 10.01.2026 von der Einzelunternehmung Zbinden Holzbau, in "
            "Düdingen (CHE-222.333.444), Aktiven von CHF 80'000.00 und Passiven von CHF "
            "60'000.00, wofür 200 Stammanteile zu CHF 100.00 ausgegeben werden. Eingetragene "
            "Personen: Zbinden, Erich, von Plaffeien, in Düdingen, Gesellschafter und "
            "Geschäftsführer, mit Einzelunterschrift, mit 200 Stammanteilen zu je CHF 100.00."
        ),
        [("Zbinden", "Erich", ("managing_director", "partner"), "registered")],
        [("Zbinden Holzbau", ("asset_seller",), "registered")],
        id="de-b4-sach",
    ),
    pytest.param(
        "it",
        (
            "Ferramenta Bernasconi Sagl, in Mendrisio, CHE-111.222.333, società a garanzia "
            "limitata (nuova iscrizione). Conferimento in natura: la società riprende alla "
            "costituzione, secondo contratto del 10.01.2026, dalla ditta individuale Bernasconi "
            "Aldo, in Mendrisio (CHE-222.333.444), attivi per CHF 50'000.00 e passivi per CHF "
            "30'000.00. Persone iscritte: Bernasconi, Aldo, da Mendrisio, in Chiasso, socio e "
            "gerente, con firma individuale, con 200 quote da CHF 100.00."
        ),
        [("Bernasconi", "Aldo", ("managing_director", "partner"), "registered")],
        [("Bernasconi Aldo", ("asset_seller",), "registered")],
        id="it-b4-conf",
    ),
    pytest.param(
        "fr",
        (
            "Atelier Vuilleumier Sàrl, à Bulle, CHE-111.222.333, société à responsabilité limitée "
            "(nouvelle inscription). Apport en nature: la société reprend, selon contrat du "
            "10.01.2026, de l'entreprise individuelle Vuilleumier Denis, à Bulle "
            "(CHE-222.333.444), des actifs pour CHF 50'000 et des passifs pour CHF 30'000. "
            "Personne(s) inscrite(s): Vuilleumier, Denis, de Bulle, à Riaz, associé et gérant, "
            "avec signature individuelle, pour 200 parts sociales de CHF 100."
        ),
        [("Vuilleumier", "Denis", ("managing_director", "partner"), "registered")],
        [("Vuilleumier Denis", ("asset_seller",), "registered")],
        id="fr-b4-apport",
    ),
    pytest.param(
        "de",
        (
            "Holz Sense GmbH, in Tafers, CHE-222.333.444, Gesellschaft mit beschränkter Haftung "
            "(SHAB Nr. 10 vom 15.01.2026). Fusion: Aktiven und Passiven gehen infolge Fusion auf "
            "die Zbinden Holz AG, in Düdingen (CHE-111.222.333), über. Die Gesellschaft wird "
            "gelöscht."
        ),
        [],
        [("Zbinden Holz AG", ("merger_absorbing",), "registered")],
        id="de-b4-absorbed",
    ),
    pytest.param(
        "fr",
        (
            "Menuiserie Gruyère Sàrl, à Bulle, CHE-222.333.444, société à responsabilité limitée "
            "(FOSC du 15.01.2026). Fusion: les actifs et passifs sont repris par Atelier "
            "Vuilleumier SA, à Bulle (CHE-111.222.333). La société est radiée."
        ),
        [],
        [("Atelier Vuilleumier SA", ("merger_absorbing",), "registered")],
        id="fr-b4-absorbed",
    ),
    pytest.param(
        "de",
        DE
        + (
            "Revisionsstelle neu: Revisia Freiburg GmbH (CHE-222.333.444), in Freiburg. "
            "Gestrichen: Treuhand Sense AG, in Tafers."
        ),
        [],
        [
            ("Revisia Freiburg GmbH", ("auditor",), "registered"),
            ("Treuhand Sense AG", ("auditor",), "removed"),
        ],
        id="de-b2-8",
    ),
    pytest.param(
        "fr",
        FR
        + (
            "Organe de révision: Contrôle Léman Sàrl, à Vevey, en remplacement de Fiduciaire "
            "Gruyère SA, à Bulle."
        ),
        [],
        [
            ("Contrôle Léman Sàrl", ("auditor",), "registered"),
            ("Fiduciaire Gruyère SA", ("auditor",), "removed"),
        ],
        id="fr-b2-6",
    ),
    pytest.param(
        "it",
        (
            "Ferramenta Bernasconi SA, in Mendrisio, CHE-111.222.333, società anonima (FUSC del "
            "15.01.2014). La società è sciolta. Persone iscritte: Fiduciaria Mendrisiotto Sagl "
            "(CHE-222.333.444), in Mendrisio, liquidatrice, con firma individuale."
        ),
        [],
        [("Fiduciaria Mendrisiotto Sagl", ("liquidator",), "registered")],
        id="it-b2-5",
    ),
]


@pytest.mark.parametrize(("lang", "text", "persons", "companies"), CASES)
def test_company_counterpart(
    lang: str, text: str, persons: list[Person], companies: list[Company]
) -> None:
    assert facts(text, lang) == (persons, companies)
