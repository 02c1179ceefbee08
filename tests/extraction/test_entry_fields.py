"""Fields of an entry that are no name and no function (issue 16): `de et à X` / `da e in X`
(origin and residence the same place), a home town with a canton code after `d'` / `da`, a birth
name in a field of its own (`geb. X`, `née X`, `nata X`), and an auditor's `& Co.` kept whole;
invented notices."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ingestion.extraction.fields import classify
from ingestion.extraction.models import ExtractionRecord
from tests.extraction.conftest import person

pytestmark = pytest.mark.unit

Extract = Callable[..., ExtractionRecord]


@pytest.mark.parametrize(
    ("field", "lang", "kind", "value"),
    [
        ("de et à Genève", "fr", "origin_residence", "Genève"),
        ("de Genève, domicilié à Genève", "fr", "origin_residence", "Genève"),
        ("de Genève", "fr", "origin", "Genève"),
        ("da e in Lugano", "it", "origin_residence", "Lugano"),
        ("da Lugano e in Lugano", "it", "origin_residence", "Lugano"),
        ("da Lugano e Bellinzona", "it", "origin", "Lugano e Bellinzona"),
        ("von und in Zürich", "de", "origin_residence", "Zürich"),
        ("geb. Aebischer", "de", "alias", "geb. Aebischer"),
        ("née Gremaud", "fr", "alias", "née Gremaud"),
        ("nata Bernasconi", "it", "alias", "nata Bernasconi"),
    ],
)
def test_field_kinds(field: str, lang: str, kind: str, value: str) -> None:
    fld = classify(field, lang)
    assert (fld.kind, fld.value) == (kind, value)


def test_fr_same_place_of_origin_and_residence(extract: Extract) -> None:
    rec = extract(
        "Genève Conseils SA, à Genève, CHE-111.222.333, société anonyme (FOSC du 15.01.2026). "
        "Inscription ou modification de personne(s): Favre, Jean, de et à Genève, "
        "vice-président, avec signature collective à deux."
    )
    jean = person(rec, "Favre")
    assert (jean.origin, jean.residence, jean.roles, jean.role_text) == (
        "Genève",
        "Genève",
        ["vice_chair"],
        "vice-président",
    )


def test_home_town_with_canton_code_is_no_name(extract: Extract) -> None:
    fr = extract(
        "Exemple Conseil SA, à Monthey, CHE-111.222.333, société anonyme (FOSC du 15.01.2021). "
        "Chappuis Julien, d'Ecublens VD, à Nyon, membre du conseil d'administration, a démissionné."
    )
    julien = person(fr, "Chappuis")
    assert (julien.given_names, julien.origin, julien.residence, julien.action) == (
        "Julien",
        "Ecublens VD",
        "Nyon",
        "removed",
    )
    it = extract(
        "Esempio Servizi Sagl, in Poschiavo, CHE-111.222.333, società a garanzia limitata "
        "(FUSC del 15.01.2021). Rusca Elena Anna, da Wohlen AG, in Bellinzona, socia e gerente, "
        "è dimissionaria; la firma è estinta."
    )
    elena = person(it, "Rusca")
    assert (elena.given_names, elena.origin, elena.roles) == (
        "Elena Anna",
        "Wohlen AG",
        ["partner", "managing_director"],
    )


@pytest.mark.parametrize(
    ("text", "lang", "family", "role_text"),
    [
        (
            "Zbinden Holz AG, in Düdingen, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 10 vom "
            "15.01.2026). Eingetragene Personen neu oder mutierend: Zbinden, Rosmarie, geb. "
            "Aebischer, von Plaffeien, in Düdingen, Mitglied, mit Kollektivunterschrift zu zweien.",
            "de",
            "Zbinden",
            "Mitglied",
        ),
        (
            "Atelier Vuilleumier SA, à Bulle, CHE-111.222.333, société anonyme (FOSC du "
            "15.01.2026). Inscription ou modification de personne(s): Pasquier, Anne-Marie, née "
            "Gremaud, de Bulle, à Morlon, administratrice, avec signature collective à deux.",
            "fr",
            "Pasquier",
            "administratrice",
        ),
        (
            "Ferramenta Bernasconi SA, in Mendrisio, CHE-111.222.333, società anonima (FUSC del "
            "15.01.2026). Nuove persone iscritte o modifiche di persone iscritte: Crivelli, Marta, "
            "nata Bernasconi, da Stabio, in Novazzano, membro, con firma collettiva a due.",
            "it",
            "Crivelli",
            "membro",
        ),
    ],
)
def test_birth_name_field_is_no_function(
    extract: Extract, text: str, lang: str, family: str, role_text: str
) -> None:
    p = person(extract(text, lang), family)
    assert (p.role_text, p.roles, p.signature) == (role_text, ["board_member"], "collective_two")


def test_struck_auditor_with_co_abbreviation(extract: Extract) -> None:
    rec = extract(
        "Muster Treuhand AG, in Köniz, CHE-111.222.333, Aktiengesellschaft (SHAB Nr. 107 vom "
        "01.06.2020). Gestrichen: Revisionsstelle Kolly & Co. Treuhand (CHE-222.333.444), in "
        "Buchs SG. Eingetragene Personen neu oder mutierend: Jungo, Käthi, von Zug, in Vevey, "
        "Präsidentin des Verwaltungsrates, mit Kollektivunterschrift zu zweien."
    )
    assert [(c.name, c.uid, c.seat, c.roles, c.action) for c in rec.companies] == [
        ("Kolly & Co. Treuhand", "CHE-222.333.444", "Buchs SG", ["auditor"], "removed")
    ]
