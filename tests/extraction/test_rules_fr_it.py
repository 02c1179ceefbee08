"""French (labelled blocks and Geneva/Vaud prose) and Italian notices (fictitious)."""

from __future__ import annotations

import pytest

from tests.extraction.conftest import person

pytestmark = pytest.mark.unit


def test_fr_labelled_block_and_previous(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Exemple Services Sàrl, à Sion, CHE-123.123.123, société à responsabilité limitée (No. FOSC 10 "
        "du 15.01.2026, Publ. 1006000010). Personne(s) et signature(s) radiée(s): Ancien, Albert, de "
        "Sion, à Sion, associé, sans droit de signature, pour 10 parts sociales de CHF 100.00. "
        "Inscription ou modification de personne(s): Nouveau, Jean-Marc, ressortissant français, à "
        "Evian-les-Bains (FR), associé et gérant, avec signature individuelle, pour 200 parts sociales "
        "de CHF 100.00 [précédemment: associé, avec signature collective à deux]; Durand, Léa, "
        "citoyenne italienne, à Monthey, gérante, avec signature collective à deux."
    )
    assert rec.language == "fr"
    assert person(rec, "Ancien").action == "removed" and person(rec, "Ancien").signature == "none"
    jm = person(rec, "Nouveau")
    assert jm.nationality == "France" and jm.residence == "Evian-les-Bains (FR)"
    assert jm.roles == ["partner", "managing_director"] and jm.signature == "individual"
    assert jm.previous == {
        "roles": ["partner"],
        "role_text": "associé",
        "signature": "collective_two",
    }
    assert person(rec, "Durand").nationality == "Italie"
    assert {"officer_change", "signature_change"} <= set(rec.events)


def test_geneva_prose(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Lac Léman Conseils SA, à Genève, CHE-321.321.321 (FOSC du 10.02.2026, p. 0/1006000011). "
        "La procuration de Dupont Marie Claire est radiée. Signature collective à deux a été conférée à "
        "Martin Paul, de France, à Annemasse, FRA, Rochat Léon, de Vallorbe, à Nyon, et Weber "
        "Ute, d'Allemagne, à Carouge."
    )
    dupont = person(rec, "Dupont")
    assert dupont.action == "removed" and dupont.roles == ["authorized_signatory"]
    martin = person(rec, "Martin")
    assert martin.nationality == "France" and martin.residence == "Annemasse, FRA"
    assert martin.signature == "collective_two" and martin.roles == ["authorized_signatory"]
    rochat = person(rec, "Rochat")
    assert rochat.origin == "Vallorbe" and rochat.nationality is None
    assert person(rec, "Weber").nationality == "Allemagne"
    assert set(rec.events) == {"officer_change", "signature_change"}


def test_vaud_role_label_and_company_partner(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Atelier Modèle Sàrl, à Morges, CHE-456.456.456. Nouvelle société à responsabilité limitée. "
        "Statuts: 2 mars 2026. But: menuiserie. Capital social: CHF 20'000. Associée: Bois Groupe SA "
        "(CHE-789.789.789), à Lausanne, avec 10 parts de CHF 1'000. Associé-gérant: Favre Luc, de "
        "Bex, à Morges, pour 10 parts de CHF 1'000 avec signature individuelle. Selon déclaration du "
        "2 mars 2026, il est renoncé à un contrôle restreint."
    )
    [c] = rec.companies
    assert (c.name, c.uid, c.seat, c.roles) == (
        "Bois Groupe SA",
        "CHE-789.789.789",
        "Lausanne",
        ["partner"],
    )
    favre = person(rec, "Favre")
    assert favre.given_names == "Luc" and favre.roles == ["partner", "managing_director"]
    assert favre.signature == "individual"
    assert rec.events == ["registration"]


def test_fr_bankruptcy_deletion(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Fermé SA, en liquidation, à Genève, CHE-654.654.654 (FOSC du 02.01.2026, p. "
        "0/1006000012). La procédure de faillite ayant été clôturée par jugement du "
        "01.03.2026, la société est radiée d'office."
    )
    assert set(rec.events) == {"deletion", "bankruptcy"}
    assert rec.subject is not None and rec.subject.name == "Fermé SA, en liquidation"


def test_it_blocks(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Esempio Servizi SA, in Bellinzona, CHE-987.987.987, società anonima (FUSC no. 20 del "
        "29.01.2026, Pubbl. 1006000013). Persone dimissionarie e firme cancellate: Vecchi, Vittorio, "
        "da Lugano, in Lugano, presidente, con firma collettiva a due. Nuove persone iscritte o "
        "modifiche: Nuovi, Nadia, cittadina italiana, in Como (IT), presidente, con firma individuale "
        "[finora: membro, con firma collettiva a due]; Rossi, Marco, da Locarno, in Minusio, "
        "procuratore, con procura collettiva a due."
    )
    assert rec.language == "it"
    assert person(rec, "Vecchi").action == "removed" and person(rec, "Vecchi").origin == "Lugano"
    nadia = person(rec, "Nuovi")
    assert (
        nadia.nationality == "Italia"
        and nadia.roles == ["chair"]
        and nadia.signature == "individual"
    )
    assert nadia.previous == {
        "roles": ["board_member"],
        "role_text": "membro",
        "signature": "collective_two",
    }
    rossi = person(rec, "Rossi")
    assert rossi.roles == ["authorized_signatory"] and rossi.signature == "collective_procuration"


def test_it_branch_head_office_and_merger(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Filiale Prova Sagl, in Biasca, CHE-147.147.147, Via Centrale 1, 6710 Biasca, succursale "
        "svizzera (Nuova iscrizione). Numero di identificazione della sede principale: CHE-258.258.258. "
        "Ditta della sede principale: Prova Madre Sagl. Natura giuridica della sede principale: "
        "Società a garanzia limitata. Sede principale: Airolo."
    )
    [ho] = rec.companies
    assert (ho.name, ho.uid, ho.seat, ho.roles) == (
        "Prova Madre Sagl",
        "CHE-258.258.258",
        "Airolo",
        ["head_office"],
    )
    assert set(rec.events) == {"registration", "branch"}
    merged = extract(
        "Grande SA, in Lugano, CHE-369.369.369, società anonima (FUSC no. 3 del 06.01.2026, Pubbl. "
        "1006000014). Fusione: ripresa di attivi e passivi della Piccola SA, in Agno (CHE-159.159.159), "
        "secondo contratto di fusione del 01.02.2026."
    )
    [c] = merged.companies
    assert (c.name, c.seat, c.roles) == ("Piccola SA", "Agno", ["merger_absorbed"])
    assert "merger" in merged.events
