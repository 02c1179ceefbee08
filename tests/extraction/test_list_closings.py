"""Lists of persons closed by a common verb or clause (`…; leurs signatures sont radiées`,
`ne font plus partie du conseil`, `gehören nicht mehr dem Verwaltungsrat an`, `démissionnaires`),
coordinated names (`de A et B`, `A und B`) and the function that closes a coordination, in
the three languages, on invented notices (issue 16)."""

from __future__ import annotations

import pytest

from tests.extraction.conftest import Company, Person, facts

pytestmark = pytest.mark.unit

DE = "Zbinden Holz AG, in Düdingen, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 10 vom 15.01.2014, Publ. 123). "
FR = "Atelier Vuilleumier SA, à Bulle, CHE-111.222.333, société anonyme (FOSC no 10 du 15.01.2014, p. 0). "
IT = "Ferramenta Bernasconi SA, in Mendrisio, CHE-111.222.333, società anonima (FUSC no. 10 del 15.01.2014, p. 0). "

FR = "Atelier Vuilleumier SA, à Bulle, CHE-111.222.333, société anonyme (FOSC no 10 du 15.01.2014, p. 0). "
IT = "Ferramenta Bernasconi SA, in Mendrisio, CHE-111.222.333, società anonima (FUSC no. 10 del 15.01.2014, p. 0). "
CASES = [
    pytest.param(
        "fr",
        FR
        + (
            "Romanens Gilbert, de Sorens, à Bulle, Savary Hélène, de Sâles, à Riaz, et Pittet "
            "Marcel, de Vuippens, à Marsens, ne sont plus administrateurs; leurs signatures sont "
            "radiées."
        ),
        [
            ("Pittet", "Marcel", ("board_member",), "removed"),
            ("Romanens", "Gilbert", ("board_member",), "removed"),
            ("Savary", "Hélène", ("board_member",), "removed"),
        ],
        [],
        id="fr-close-1",
    ),
    pytest.param(
        "fr",
        FR
        + (
            "Administrateurs sortants: Romanens Gilbert, de Sorens, à Bulle, président, et Savary "
            "Hélène, de Sâles, à Riaz; leurs signatures sont radiées."
        ),
        [
            ("Romanens", "Gilbert", ("chair",), "removed"),
            ("Savary", "Hélène", ("board_member",), "removed"),
        ],
        [],
        id="fr-close-2",
    ),
    pytest.param(
        "fr",
        FR
        + (
            "Romanens Gilbert, président, et Savary Hélène, secrétaire, ont démissionné; leurs "
            "signatures sont radiées. Nouveau président: Pittet Marcel, de Vuippens, à Marsens, "
            "avec signature collective à deux."
        ),
        [
            ("Pittet", "Marcel", ("chair",), "registered"),
            ("Romanens", "Gilbert", ("chair",), "removed"),
            ("Savary", "Hélène", ("secretary",), "removed"),
        ],
        [],
        id="fr-close-4",
    ),
    pytest.param(
        "fr",
        FR + ("La signature de Romanens Gilbert et Savary Hélène est radiée."),
        [
            ("Romanens", "Gilbert", ("authorized_signatory",), "removed"),
            ("Savary", "Hélène", ("authorized_signatory",), "removed"),
        ],
        [],
        id="fr-coord-1",
    ),
    pytest.param(
        "fr",
        FR
        + ("Les signatures de Romanens Gilbert et Savary Hélène, administrateurs, sont radiées."),
        [
            ("Romanens", "Gilbert", ("board_member",), "removed"),
            ("Savary", "Hélène", ("board_member",), "removed"),
        ],
        [],
        id="fr-de-coord-2",
    ),
    pytest.param(
        "fr",
        FR
        + (
            "Personnes radiées: Romanens Gilbert, de Sorens, à Bulle, Savary Hélène, de Sâles, à "
            "Riaz; leurs signatures sont radiées."
        ),
        [("Romanens", "Gilbert", (), "removed"), ("Savary", "Hélène", (), "removed")],
        [],
        id="fr-b2-4",
    ),
    pytest.param(
        "fr",
        FR
        + (
            "Gremaud Luc et Dafflon Marie ne font plus partie du conseil d'administration; leurs "
            "signatures sont radiées."
        ),
        [
            ("Dafflon", "Marie", ("board_member",), "removed"),
            ("Gremaud", "Luc", ("board_member",), "removed"),
        ],
        [],
        id="fr-b3-1",
    ),
    pytest.param(
        "fr",
        (
            "Genève Conseils SA, à Genève, CHE-111.222.333, société anonyme (FOSC du 15.01.2013). "
            "Administrateur: Fontaine Olivier, de Genève, à Lancy, avec signature individuelle, "
            "inscrit, démissionnaire, ses pouvoirs sont radiés. Morel Claire, de France, à "
            "Annemasse, FRA, est nommée administratrice avec signature individuelle."
        ),
        [
            ("Fontaine", "Olivier", ("board_member",), "removed"),
            ("Morel", "Claire", ("board_member",), "registered"),
        ],
        [],
        id="fr-b5-2",
    ),
    pytest.param(
        "fr",
        (
            "Lausanne Services SA, à Lausanne, CHE-111.222.333, société anonyme (FOSC du "
            "15.01.2013). Conseil d'administration: Chappuis Marc, président, et Pilet Sonia, "
            "membre, démissionnaires; leurs signatures sont radiées."
        ),
        [
            ("Chappuis", "Marc", ("chair",), "removed"),
            ("Pilet", "Sonia", ("board_member",), "removed"),
        ],
        [],
        id="fr-b5-4",
    ),
    pytest.param(
        "de",
        DE
        + ("Die Kollektivprokura von Aebischer Bruno, Jungo Monika und Riedo Armin ist erloschen."),
        [
            ("Aebischer", "Bruno", ("authorized_signatory",), "removed"),
            ("Jungo", "Monika", ("authorized_signatory",), "removed"),
            ("Riedo", "Armin", ("authorized_signatory",), "removed"),
        ],
        [],
        id="de-close-3",
    ),
    pytest.param(
        "de",
        DE
        + (
            "Kolly Pius und Riedo Armin gehören nicht mehr dem Verwaltungsrat an; ihre "
            "Unterschriften sind erloschen."
        ),
        [
            ("Kolly", "Pius", ("board_member",), "removed"),
            ("Riedo", "Armin", ("board_member",), "removed"),
        ],
        [],
        id="de-b3-1",
    ),
    pytest.param(
        "it",
        IT + ("La procura collettiva a due di Bernasconi Aldo e Crivelli Marta è estinta."),
        [
            ("Bernasconi", "Aldo", ("authorized_signatory",), "removed"),
            ("Crivelli", "Marta", ("authorized_signatory",), "removed"),
        ],
        [],
        id="it-close-3",
    ),
    pytest.param(
        "it",
        IT
        + (
            "Bernasconi Aldo e Crivelli Marta non fanno più parte del consiglio di "
            "amministrazione; le loro firme sono estinte."
        ),
        [
            ("Bernasconi", "Aldo", ("board_member",), "removed"),
            ("Crivelli", "Marta", ("board_member",), "removed"),
        ],
        [],
        id="it-b3-1",
    ),
    pytest.param(
        "it",
        IT + ("Dimissioni del presidente Bernasconi Aldo; la sua firma è estinta."),
        [("Bernasconi", "Aldo", ("chair",), "removed")],
        [],
        id="it-b3-2",
    ),
]


@pytest.mark.parametrize(("lang", "text", "persons", "companies"), CASES)
def test_list_closing(
    lang: str, text: str, persons: list[Person], companies: list[Company]
) -> None:
    assert facts(text, lang) == (persons, companies)
