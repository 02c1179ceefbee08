"""Hand-written fictitious notices for the conventions of shab-notices.md and the "hard cases"
of extraction-schema.md that the language-specific test files do not already cover."""

from __future__ import annotations

import pytest

from ingestion.extraction.lexicon import is_given_name
from ingestion.extraction.models import ExtractionRecord
from ingestion.extraction.names import split_name
from ingestion.extraction.prose import parse_sentence
from tests.extraction.conftest import person

pytestmark = pytest.mark.unit


def company(rec: ExtractionRecord, name: str):  # type: ignore[no-untyped-def]
    """The one company of `rec` with this name."""
    found = [c for c in rec.companies if c.name == name]
    assert len(found) == 1, [(c.name, c.roles) for c in rec.companies]
    return found[0]


# --- German conventions --------------------------------------------------------------------------


def test_bilingual_canton_german_text_with_language_fr(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Brunnmatt Holzbau AG, in Murten, CHE-104.205.306, Aktiengesellschaft (SHAB Nr. 45 vom "
        "05.03.2024, Publ. 1005900001). Eingetragene Personen neu oder mutierend:  Zaugg, Ueli, von "
        "Kerzers, in Murten, Mitglied des Verwaltungsrates, mit Kollektivunterschrift zu zweien "
        "[bisher:  in Ried bei Kerzers]; Perroud, Anne, von Cressier FR, in Courtepin, "
        "Vizedirektorin, mit Kollektivprokura zu zweien.",
        language="fr",
    )
    assert rec.language == "de"
    zaugg = person(rec, "Zaugg")
    assert (
        zaugg.previous == {"residence": "Ried bei Kerzers"} and zaugg.signature == "collective_two"
    )
    perroud = person(rec, "Perroud")
    assert perroud.roles == ["director"] and perroud.signature == "collective_procuration"


def test_old_notice_uid_question_mark_glued_documents_spaced_date(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Fichtenhof Genossenschaft, in Wangen SZ, CH-130.5.000.111-2, Genossenschaft (SHAB Nr. 111 "
        "vom 12. 06. 2001, S. 4401). Eingetragene Personen: Kälin, Beat sen., von Einsiedeln, in "
        "Wangen SZ, Obmann, mit Kollektivunterschrift zu zweien; Kälin, Beat jun., von Einsiedeln, in "
        "Lachen, Beisitzer, ohne Zeichnungsberechtigung; Ochsner, Rita, staatenlos, in Siebnen, "
        "Kassierin, mit Einzelprokura; Zahlwerk Revisions AG (CHE-109.876.543)?, in Pfäffikon SZ, "
        "Revisionsstelle.Verfügung 1. Anmeldung"
    )
    assert rec.subject is not None and rec.subject.name == "Fichtenhof Genossenschaft"
    given = {p.given_names: p for p in rec.persons if p.family_name == "Kälin"}
    assert given["Beat sen."].roles == ["chair"] and given["Beat jun."].roles == ["board_member"]
    rita = person(rec, "Ochsner")
    assert rita.nationality == "staatenlos" and rita.origin is None
    assert rita.roles == ["other"] and rita.role_text == "Kassierin"
    assert rita.signature == "individual_procuration"
    auditor = company(rec, "Zahlwerk Revisions AG")
    assert auditor.uid == "CHE-109.876.543" and auditor.roles == ["auditor"]
    assert len(rec.persons) == 3  # nothing read from the glued document list
    assert "auditor_change" in rec.events


def test_correction_nicht_goes_into_previous(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Berichtigung des Tagesregistereintrages Nr. 4321 vom 02.02.2024, publiziert im SHAB Nr. 25 "
        "vom 06.02.2024. Glarnerland Treuhand GmbH, in Glarus, CHE-111.222.333, Gesellschaft mit "
        "beschränkter Haftung (SHAB Nr. 25 vom 06.02.2024, Publ. 1005900002). Eingetragene Personen "
        "neu oder mutierend: Tschudi, Kaspar, von Glarus Nord, in Näfels, Geschäftsführer, mit "
        "Kollektivunterschrift zu zweien [nicht: mit Einzelunterschrift].",
        language="de",
    )
    assert rec.subject is not None and rec.subject.name == "Glarnerland Treuhand GmbH"
    assert person(rec, "Tschudi").previous == {"signature": "individual"}
    assert "correction" in rec.events


@pytest.mark.parametrize(("registration", "expected"), [(False, True), (True, False)])
def test_opting_out_is_auditor_change_only_in_a_mutation(
    extract,
    registration: bool,  # type: ignore[no-untyped-def]
    expected: bool,
) -> None:
    ref = "(Neueintragung)" if registration else "(SHAB Nr. 60 vom 26.03.2024, Publ. 1005900004)"
    rec = extract(
        f"Rebberg Weine GmbH, in Twann, CHE-333.444.555, Gesellschaft mit beschränkter Haftung {ref}. "
        "Gemäss Erklärung vom 10.03.2024 wird auf die eingeschränkte Revision verzichtet. Eingetragene "
        "Personen: Imobersteg, Nadia, von Spiez, in Thun, Gesellschafterin und Geschäftsführerin, mit "
        "Einzelunterschrift, mit 200 Stammanteilen zu je CHF 100.00.",
        language="de",
    )
    assert ("auditor_change" in rec.events) is expected
    assert ("registration" in rec.events) is registration


def test_branch_registration_and_deletion(extract) -> None:  # type: ignore[no-untyped-def]
    new = extract(
        "Alpwerk AG, Zweigniederlassung Chur, in Chur, CHE-555.666.777, Zweigniederlassung "
        "(Neueintragung). Identifikationsnummer Hauptsitz: CHE-666.777.888. Firma Hauptsitz: Alpwerk "
        "AG. Hauptsitz: Landquart. Eingetragene Personen: Casutt, Gian, von Falera, in Chur, Leiter der "
        "Zweigniederlassung, mit Einzelunterschrift.",
        language="de",
    )
    head = company(new, "Alpwerk AG")
    assert (
        head.roles == ["head_office"] and head.uid == "CHE-666.777.888" and head.seat == "Landquart"
    )
    assert {"registration", "branch"} <= set(new.events)
    assert person(new, "Casutt").roles == ["branch_manager"]
    gone = extract(
        "Alpwerk AG, Zweigniederlassung Chur, in Chur, CHE-555.666.777, Zweigniederlassung (SHAB Nr. "
        "70 vom 10.04.2024, Publ. 1005900005). Die Zweigniederlassung wird infolge Aufgabe der "
        "Geschäftstätigkeit gelöscht.",
        language="de",
    )
    assert {"deletion", "branch"} <= set(gone.events)


def test_french_branch_name_is_not_a_head_office(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Bergwerk Sàrl, succursale de Sion, à Sierre, CHE-181.292.303, succursale (No. FOSC 12 du "
        "18.01.2024, Publ. 1005900020). Nouvelle adresse: Rue du Bourg 3, 3960 Sierre.",
        language="fr",
    )
    assert rec.companies == []


def test_german_prose_removal_and_transfer_without_uid(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Bergquelle Getränke GmbH, in Sarnen, CHE-141.252.363, Gesellschaft mit beschränkter Haftung "
        "(SHAB Nr. 100 vom 24.05.2024, Publ. 1005900011). Vermögensübertragung: Die Gesellschaft "
        "übernimmt gemäss Vertrag vom 20.05.2024 Aktiven von CHF 100'000.00 und Passiven von CHF "
        "20'000.00 der Muster Holz GmbH, in Alpnach. Imboden Kurt ist nicht mehr Geschäftsführer; "
        "seine Unterschrift ist erloschen.",
        language="de",
    )
    seller = company(rec, "Muster Holz GmbH")
    assert seller.roles == ["asset_seller"] and seller.seat == "Alpnach"
    kurt = person(rec, "Imboden")
    assert kurt.action == "removed" and kurt.roles == ["managing_director"]
    assert {"asset_transfer", "officer_change"} <= set(rec.events)


def test_demerger_counterpart_is_not_an_asset_transfer_event(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Talboden AG, in Uster, CHE-191.202.313, Aktiengesellschaft (SHAB Nr. 5 vom 08.01.2024, Publ. "
        "1005900021). Abspaltung: Übertragung von Aktiven und Passiven im Rahmen einer Abspaltung "
        "gemäss Spaltungsvertrag vom 02.01.2024 auf die Talboden Immobilien AG (CHE-202.313.424), in "
        "Uster. Aktiven von CHF 500'000.00 gehen auf die übernehmende Gesellschaft über.",
        language="de",
    )
    assert company(rec, "Talboden Immobilien AG").roles == ["asset_buyer"]
    assert "demerger" in rec.events and "asset_transfer" not in rec.events


# --- French and Italian prose ----------------------------------------------------------------------


def test_en_liquidation_rename_and_liquidator_company(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Atelier Lémanique SA, à Nyon, CHE-777.888.999, société anonyme (No. FOSC 80 du 24.04.2024, "
        "Publ. 1005900006). La société est dissoute par décision de l'assemblée générale du "
        "15. 04. 2024. Nouvelle raison sociale: Atelier Lémanique SA en liquidation. Liquidatrice: "
        "Fiduciaire Exemplaire SA, à Lausanne. Pittet Olivier n'est plus administrateur; sa signature "
        "est radiée.",
        language="fr",
    )
    assert rec.subject is not None and rec.subject.name == "Atelier Lémanique SA en liquidation"
    assert {"name_change", "liquidation", "dissolution", "officer_change"} <= set(rec.events)
    liq = company(rec, "Fiduciaire Exemplaire SA")
    assert liq.roles == ["liquidator"] and liq.seat == "Lausanne"
    olivier = person(rec, "Pittet")
    assert olivier.given_names == "Olivier" and olivier.action == "removed"
    assert olivier.roles == ["board_member"]


def test_bankruptcy_rename_is_not_a_liquidation(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Dachdecker Beispiel GmbH, in Aarau, CHE-212.323.434, Gesellschaft mit beschränkter Haftung "
        "(SHAB Nr. 7 vom 10.01.2024, Publ. 1005900022). Mit Entscheid vom 05.02.2024 hat das "
        "Konkursgericht über die Gesellschaft den Konkurs eröffnet. Die Gesellschaft ist dadurch "
        "aufgelöst. Firma neu: Dachdecker Beispiel GmbH in Liquidation.",
        language="de",
    )
    assert {"bankruptcy", "dissolution", "name_change"} <= set(rec.events)
    assert "liquidation" not in rec.events


def test_french_prose_removal_forms(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Bureau Technique Jurassien Sàrl, à Delémont, CHE-888.999.111 (FOSC du 02.05.2024, p. "
        "0/1005900007). Cuenat Jean-Paul, démissionnaire, n'est plus gérant. Les pouvoirs de "
        "Froidevaux Mireille, fondée de procuration, sont radiés. Girardin Luc a cessé ses fonctions "
        "de directeur. La signature de de Montvallon Claire est radiée. Jean-Pierre Exempleton, de "
        "Porrentruy, à Courgenay, avec signature collective à deux [précédemment: avec signature "
        "individuelle].",
        language="fr",
    )
    assert {p.family_name for p in rec.persons} == {
        "Cuenat",
        "Froidevaux",
        "Girardin",
        "de Montvallon",
        "Exempleton",
    }
    assert person(rec, "Cuenat").roles == ["managing_director"]
    assert person(rec, "Froidevaux").roles == ["authorized_signatory"]
    assert person(rec, "Girardin").roles == ["director"]
    claire = person(rec, "de Montvallon")
    assert claire.given_names == "Claire" and claire.roles == ["authorized_signatory"]
    assert all(p.action == "removed" for p in rec.persons if p.family_name != "Exempleton")
    jp = person(rec, "Exempleton")
    assert jp.given_names == "Jean-Pierre" and jp.action == "registered"
    assert jp.residence == "Courgenay" and jp.previous == {"signature": "individual"}


def test_italian_prose_removal_and_incorporation(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Ceresio Consulenze SA, in Lugano, CHE-121.232.343, società anonima (Nr. FUSC 95 del "
        "17.05.2024, Pubbl. 1005900009). Fusione: incorporazione della Trasporti Esempio Sagl, in "
        "Giubiasco, secondo contratto di fusione del 15.05.2024. Pedrazzini Marco non è più membro del "
        "consiglio d'amministrazione; la sua firma è cancellata. Bernasconi Giulia, dimissionaria, "
        "è cancellata.",
        language="it",
    )
    absorbed = company(rec, "Trasporti Esempio Sagl")
    assert absorbed.roles == ["merger_absorbed"] and absorbed.seat == "Giubiasco"
    assert person(rec, "Pedrazzini").roles == ["board_member"]
    assert person(rec, "Bernasconi").given_names == "Giulia"
    assert all(p.action == "removed" for p in rec.persons) and len(rec.persons) == 2
    assert {"merger", "officer_change"} <= set(rec.events)


def test_french_absorption_and_nationalities(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Vignobles du Lavaux SA, à Lutry, CHE-151.262.373, société anonyme (No. FOSC 101 du "
        "27.05.2024, Publ. 1005900012). Fusion: la société absorbe par voie de fusion Caves Exemple SA, "
        "à Cully, selon contrat de fusion du 10.05.2024. Administrateur: Rossi Matteo, ressortissant "
        "italien, à Vevey, avec signature collective à deux.",
        language="fr",
    )
    assert company(rec, "Caves Exemple SA").roles == ["merger_absorbed"]
    assert person(rec, "Rossi").nationality == "Italie"
    assert "merger" in rec.events


def test_liquidator_company_named_in_prose(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Horlogerie Exemple SA en liquidation, à Genève, CHE-171.282.393 (FOSC du 03.06.2024, p. "
        "0/1005900014). Fiduciaire du Rhône SA, à Genève, a été nommée liquidatrice avec signature "
        "individuelle.",
        language="fr",
    )
    liq = company(rec, "Fiduciaire du Rhône SA")
    assert liq.roles == ["liquidator"] and liq.seat == "Genève"
    assert rec.persons == []


def test_italian_cittadino_and_correction_non(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Complemento all'iscrizione del registro giornaliero no. 1'234 del 03.03.2024, pubblicato sul "
        "FUSC no. 46 del 06.03.2024. Valmaggia Servizi SA, in Maggia, CHE-222.333.444, società "
        "anonima (Nr. FUSC 46 del 06.03.2024, Pubbl. 1005900003). Nuove persone iscritte o modifiche: "
        "Dazio, Lorenza, cittadina italiana, in Cevio, membro del consiglio d'amministrazione, con "
        "firma collettiva a due [non: con firma individuale].",
        language="it",
    )
    lorenza = person(rec, "Dazio")
    assert lorenza.nationality == "Italia" and lorenza.previous == {"signature": "individual"}
    assert "correction" in rec.events


# --- Name order in prose ---------------------------------------------------------------------------


def test_prose_name_order_from_given_name_vocabulary(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Les Tilleuls Immobilier SA, à Morges, CHE-131.242.353 (No. FOSC 99 du 23.05.2024, Publ. "
        "1005900010). Administratrice: Brechbühl Saskia Esther Charlotte, de Berne, à Morges, avec "
        "signature collective à deux. Administrateur: de Prévalle Anne Sophie, ressortissante belge, à "
        "Nyon, avec signature collective à deux. Signature individuelle est conférée à Marc-Antoine "
        "Vuilleumier, de La Chaux-de-Fonds, à Rolle.",
        language="fr",
    )
    assert person(rec, "Brechbühl").given_names == "Saskia Esther Charlotte"
    prevalle = person(rec, "de Prévalle")
    assert prevalle.given_names == "Anne Sophie" and prevalle.nationality == "Belgique"
    assert person(rec, "Vuilleumier").given_names == "Marc-Antoine"


@pytest.mark.parametrize(
    ("written", "order", "family", "given"),
    [
        ("Scheidegger Saskia Esther", "family_first", "Scheidegger", "Saskia Esther"),
        ("Jean-Pierre Dupasquier", "family_first", "Dupasquier", "Jean-Pierre"),
        ("Meier Keller Anna", "family_first", "Meier Keller", "Anna"),
        ("von Gunten Hans Peter", "family_first", "von Gunten", "Hans Peter"),
        ("Hans Peter von Gunten", "given_first", "von Gunten", "Hans Peter"),
        ("della Casa Giulia", "family_first", "della Casa", "Giulia"),
        ("Muster Urs jun.", "family_first", "Muster", "Urs jun."),
        ("Quarz Blum", "family_first", "Quarz", "Blum"),  # no known given name: the order decides
        ("Quarz Blum", "given_first", "Blum", "Quarz"),
    ],
)
def test_split_name(written: str, order: str, family: str, given: str) -> None:
    assert split_name([written], order) == (family, given)  # type: ignore[arg-type]


def test_given_name_lookup_folds_accents_and_hyphens() -> None:
    assert is_given_name("Jerome") and is_given_name("Jérôme") and is_given_name("Anne-Marie")
    assert not is_given_name("Dupasquier") and not is_given_name("Anne-Dupasquier")


@pytest.mark.parametrize(
    ("sentence", "lang", "expected"),
    [
        (
            "Dupasquier Marc, de Genève, à Lancy, est nommé administrateur avec signature collective à deux.",
            "fr",
            [("Dupasquier", "Marc", ["board_member"], "registered")],
        ),
        (
            "Administrateurs sortants: Favre Louis et Rochat Anne.",
            "fr",
            [
                ("Favre", "Louis", ["board_member"], "removed"),
                ("Rochat", "Anne", ["board_member"], "removed"),
            ],
        ),
        (
            "Beispiel Hans ist als Präsident ausgeschieden; seine Unterschrift ist erloschen.",
            "de",
            [("Beispiel", "Hans", ["chair"], "removed")],
        ),
        (
            "Rossi Mario, cittadino italiano, in Como, è stato nominato gerente con firma individuale.",
            "it",
            [("Rossi", "Mario", ["managing_director"], "registered")],
        ),
        ("La société n'est plus soumise à un contrôle restreint.", "fr", []),
        ("Die Gesellschaft ist nicht mehr im Handelsregister eingetragen.", "de", []),
        ("But: Le commerce de vins et spiritueux.", "fr", []),
    ],
)
def test_prose_sentences(
    sentence: str, lang: str, expected: list[tuple[str, str, list[str], str]]
) -> None:
    got = [
        (m.family_name, m.given_names, m.roles, m.action)
        for m in parse_sentence(sentence, lang, False)
        if hasattr(m, "family_name")
    ]
    assert got == expected
