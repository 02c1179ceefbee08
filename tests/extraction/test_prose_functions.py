"""Functions and appointments in prose (issue 16): a role label over entries without places,
`Démission de l'administrateur X`, `Inscription de X`, `Neu ist X`, a plural verb naming the
function of a whole list (`ont été nommés administrateurs`, `sono stati nominati membri`,
`wurden als Mitglieder gewählt`), an organ left (`aus dem Verwaltungsrat`), courtesy titles
and given-first names; invented notices."""

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
            "Administrateurs: Romanens Gilbert, président, Savary Hélène, secrétaire, et Pittet "
            "Marcel, membre; tous trois avec signature collective à deux."
        ),
        [
            ("Pittet", "Marcel", ("board_member",), "registered"),
            ("Romanens", "Gilbert", ("chair",), "registered"),
            ("Savary", "Hélène", ("board_member", "secretary"), "registered"),
        ],
        [],
        id="fr-b2-1",
    ),
    pytest.param(
        "fr",
        FR + ("Démission de l'administrateur Romanens Gilbert; sa signature est radiée."),
        [("Romanens", "Gilbert", ("board_member",), "removed")],
        [],
        id="fr-b2-3",
    ),
    pytest.param(
        "fr",
        (
            "Lausanne Services SA, à Lausanne, CHE-111.222.333, société anonyme (FOSC du "
            "15.01.2013). Inscription de Chappuis Marc, de Lutry, à Pully, directeur, avec "
            "signature collective à deux."
        ),
        [("Chappuis", "Marc", ("director",), "registered")],
        [],
        id="fr-b5-5",
    ),
    pytest.param(
        "fr",
        FR + ("La signature de M. Jean Dupont et de Mme Marie Favre est radiée."),
        [
            ("Dupont", "Jean", ("authorized_signatory",), "removed"),
            ("Favre", "Marie", ("authorized_signatory",), "removed"),
        ],
        [],
        id="fr-b7-2",
    ),
    pytest.param(
        "fr",
        FR
        + (
            "Pittet Marcel, de Vuippens, à Marsens, et Gremaud Luc, de Bulle, à Bulle, ont été "
            "nommés administrateurs; ils signent collectivement à deux."
        ),
        [
            ("Gremaud", "Luc", ("board_member",), "registered"),
            ("Pittet", "Marcel", ("board_member",), "registered"),
        ],
        [],
        id="fr-b7-6",
    ),
    pytest.param(
        "de",
        DE
        + (
            "Kolly Pius und Riedo Armin sind aus dem Verwaltungsrat ausgeschieden. Ihre "
            "Unterschriften sind erloschen."
        ),
        [
            ("Kolly", "Pius", ("board_member",), "removed"),
            ("Riedo", "Armin", ("board_member",), "removed"),
        ],
        [],
        id="de-b2-12",
    ),
    pytest.param(
        "de",
        DE
        + (
            "Neu ist Kolly Pius, von Rechthalten, in Tafers, Mitglied mit Kollektivunterschrift "
            "zu zweien."
        ),
        [("Kolly", "Pius", ("board_member",), "registered")],
        [],
        id="de-b5-5",
    ),
    pytest.param(
        "de",
        DE
        + (
            "Die Kollektivunterschrift zu zweien von Peter von Gunten und Anna Kolly ist erloschen."
        ),
        [
            ("Kolly", "Anna", ("authorized_signatory",), "removed"),
            ("von Gunten", "Peter", ("authorized_signatory",), "removed"),
        ],
        [],
        id="de-b7-2",
    ),
    pytest.param(
        "de",
        DE
        + (
            "Kolly Pius, von Rechthalten, in Tafers, und Riedo Armin, von Tafers, in Düdingen, "
            "wurden als Mitglieder des Verwaltungsrates gewählt; sie zeichnen kollektiv zu "
            "zweien."
        ),
        [
            ("Kolly", "Pius", ("board_member",), "registered"),
            ("Riedo", "Armin", ("board_member",), "registered"),
        ],
        [],
        id="de-b7-3",
    ),
    pytest.param(
        "it",
        IT
        + (
            "Amministratori: Bernasconi Aldo, da Mendrisio, in Chiasso, presidente, e Crivelli "
            "Marta, da Stabio, in Novazzano, segretaria; entrambi con firma collettiva a due."
        ),
        [
            ("Bernasconi", "Aldo", ("chair",), "registered"),
            ("Crivelli", "Marta", ("board_member", "secretary"), "registered"),
        ],
        [],
        id="it-b2-3",
    ),
    pytest.param(
        "it",
        IT + ("Le firme di Aldo Bernasconi e Marta Crivelli sono estinte."),
        [
            ("Bernasconi", "Aldo", ("authorized_signatory",), "removed"),
            ("Crivelli", "Marta", ("authorized_signatory",), "removed"),
        ],
        [],
        id="it-b7-1",
    ),
    pytest.param(
        "it",
        IT
        + (
            "Rusca Elio, da Balerna, in Chiasso, e Crivelli Marta, da Stabio, in Novazzano, sono "
            "stati nominati membri del consiglio di amministrazione con firma collettiva a due."
        ),
        [
            ("Crivelli", "Marta", ("board_member",), "registered"),
            ("Rusca", "Elio", ("board_member",), "registered"),
        ],
        [],
        id="it-b7-2",
    ),
]


@pytest.mark.parametrize(("lang", "text", "persons", "companies"), CASES)
def test_prose_function(
    lang: str, text: str, persons: list[Person], companies: list[Company]
) -> None:
    assert facts(text, lang) == (persons, companies)
