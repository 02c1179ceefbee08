"""German notices, current and 2001-2017 conventions (fictitious persons and companies)."""

from __future__ import annotations

import pytest

from tests.extraction.conftest import person

pytestmark = pytest.mark.unit

NEW_GMBH = (
    "Bergblick Muster GmbH, in Beispielwil (ZH), CHE-101.202.303, Dorfstrasse 1, 8000 Beispielwil, "
    "Gesellschaft mit beschränkter Haftung (Neueintragung). Statutendatum: 01.02.2026. Zweck: Handel "
    "mit Waren aller Art. Stammkapital: CHF 20'000.00. Eingetragene Personen: Muster-Meier, Hans Peter, "
    "von St. Gallen und Wil SG, in Zürich, Gesellschafter und Geschäftsführer, mit Einzelunterschrift, "
    "mit 150 Stammanteilen zu je CHF 100.00; Beispiel, Dr. Anna, deutsche Staatsangehörige, in Konstanz "
    "(DE), Gesellschafterin, ohne Zeichnungsberechtigung, mit 50 Stammanteilen zu je CHF 100.00; "
    "Prüfwerk Revision AG (CHE-111.222.333), in Bern, Revisionsstelle."
)

MUTATION = (
    "Fiktiv Holding AG, in Musterstadt, CHE-222.333.444, Aktiengesellschaft (SHAB Nr. 12 vom "
    "19.01.2026, Publ. 1006000001). Ausgeschiedene Personen und erloschene Unterschriften: Alt, Otto, "
    "von Bern, in Thun, Präsident des Verwaltungsrates, mit Kollektivunterschrift zu zweien; Kasse, "
    "Karl, von Uri, in Altdorf UR, mit Kollektivprokura zu zweien. Eingetragene Personen neu oder "
    "mutierend: Neu, Nora, von Basel, in Riehen, Präsidentin des Verwaltungsrates, mit "
    "Kollektivunterschrift zu zweien [bisher: Mitglied des Verwaltungsrates, ohne "
    "Zeichnungsberechtigung]; Beispiel, Berta, österreichische Staatsangehörige, in Wien (AT), "
    "Vizepräsidentin des Verwaltungsrates, mit Einzelunterschrift; Probst, Paul, von Chur, in "
    "Luzern, Mitglied der Geschäftsleitung, mit Einzelprokura."
)

OLD_STYLE = (
    "Musterbau AG, in Exempelberg, Bau von Häusern, Aktiengesellschaft (SHAB Nr. 100 vom "
    "01. 06. 2001, S. 4000). Eingetragene Personen: Fritz Fiktiv, von Exempelberg, in Oberdorf, "
    "Präsident, mit Einzelunterschrift, und Heidi von Testburg, von und in Unterdorf, Mitglied, "
    "mit Kollektivunterschrift zu zweien.Verfügung 1. Anmeldung 2. Protokoll"
)


def test_new_gmbh_labelled_block(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(NEW_GMBH)
    assert rec.language == "de"
    assert rec.subject is not None and rec.subject.uid == "CHE-101.202.303"
    assert rec.subject.seat == "Beispielwil (ZH)"
    hp = person(rec, "Muster-Meier")
    assert hp.given_names == "Hans Peter"
    assert hp.origin == "St. Gallen und Wil SG" and hp.residence == "Zürich"
    assert hp.roles == ["partner", "managing_director"] and hp.signature == "individual"
    anna = person(rec, "Beispiel")
    assert anna.given_names == "Anna", "titles are dropped"
    assert anna.nationality == "Deutschland" and anna.origin is None
    assert anna.residence == "Konstanz (DE)" and anna.signature == "none"
    [auditor] = rec.companies
    assert (auditor.name, auditor.uid, auditor.seat) == (
        "Prüfwerk Revision AG",
        "CHE-111.222.333",
        "Bern",
    )
    assert auditor.roles == ["auditor"]
    assert rec.events == ["registration"]


def test_mutation_removed_registered_previous(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(MUTATION)
    assert person(rec, "Alt").action == "removed"
    assert person(rec, "Alt").roles == ["chair"]
    kasse = person(rec, "Kasse")
    assert kasse.roles == ["authorized_signatory"] and kasse.signature == "collective_procuration"
    neu = person(rec, "Neu")
    assert neu.action == "registered" and neu.roles == ["chair"]
    assert neu.previous == {
        "roles": ["board_member"],
        "role_text": "Mitglied des Verwaltungsrates",
        "signature": "none",
    }
    assert person(rec, "Beispiel").roles == ["vice_chair"]
    assert person(rec, "Beispiel").nationality == "Österreich"
    probst = person(rec, "Probst")
    assert probst.roles == ["member"] and probst.signature == "individual_procuration"
    assert {"officer_change", "signature_change"} <= set(rec.events)
    assert "registration" not in rec.events


def test_old_style_given_name_first(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(OLD_STYLE)
    fritz = person(rec, "Fiktiv")
    assert (
        fritz.given_names == "Fritz"
        and fritz.origin == "Exempelberg"
        and fritz.residence == "Oberdorf"
    )
    heidi = person(rec, "von Testburg")
    assert heidi.given_names == "Heidi"
    assert heidi.origin == heidi.residence == "Unterdorf"
    assert heidi.roles == ["board_member"] and heidi.signature == "collective_two"
    assert rec.events == ["officer_change"]


def test_merger_and_deletion(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Übernehmer AG, in Musterstadt, CHE-333.444.555, Aktiengesellschaft (SHAB Nr. 5 vom 08.01.2026, "
        "Publ. 1006000002). Fusion: Übernahme der Aktiven und Passiven der Kleinfirma GmbH, in Dorfen "
        "(CHE-444.555.666), gemäss Fusionsvertrag vom 01.03.2026 und Bilanz per 31.12.2025."
    )
    [c] = rec.companies
    assert (c.name, c.seat, c.uid, c.roles) == (
        "Kleinfirma GmbH",
        "Dorfen",
        "CHE-444.555.666",
        ["merger_absorbed"],
    )
    assert "merger" in rec.events
    gone = extract(
        "Kleinfirma GmbH, in Dorfen, CHE-444.555.666, Gesellschaft mit beschränkter Haftung "
        "(SHAB Nr. 5 vom 08.01.2026, Publ. 1006000003). Die Gesellschaft wird gelöscht."
    )
    assert gone.events == ["deletion"]


def test_branch_prose_signatures(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Filiale Test AG, in Nebenort, Bernstrasse 1. Unter dieser Firma hat die Aktiengesellschaft "
        "Filiale Test AG, mit Sitz in Hauptort, eingetragen im Handelsregister des Kantons Bern, eine "
        "Zweigniederlassung errichtet. Für die Zweigniederlassung zeichnen mit Einzelunterschrift Erster "
        "Emil, von Bern, in Hauptort, Präsident; mit Kollektivunterschrift zu zweien Zweiter Zora, von "
        "Biel, in Lyss, und Dritter Dario, von Aarau, in Brugg, beide Verwaltungsratsmitglieder; mit "
        "Einzelprokura Vierter Vera, von Olten, in Solothurn."
    )
    assert person(rec, "Erster").roles == ["chair"]
    assert person(rec, "Zweiter").roles == ["board_member"]
    assert person(rec, "Dritter").signature == "collective_two"
    assert person(rec, "Vierter").roles == ["authorized_signatory"]
    assert person(rec, "Vierter").signature == "individual_procuration"
    [ho] = rec.companies
    assert ho.roles == ["head_office"] and ho.seat == "Hauptort"
    assert set(rec.events) == {"registration", "branch"}


def test_auditor_prose_removed(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Muster AG, in Exempel, Handel (SHAB Nr. 1 vom 03.01.2001, S. 1). Die bisherige "
        "Revisionsstelle Zahlen Treuhand AG, in Zug, ist weggefallen."
    )
    [c] = rec.companies
    assert (c.name, c.seat, c.action, c.roles) == (
        "Zahlen Treuhand AG",
        "Zug",
        "removed",
        ["auditor"],
    )
    assert rec.events == ["auditor_change"]


def test_bankruptcy_events(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Pleite GmbH, in Exempel, CHE-555.666.777, Gesellschaft mit beschränkter Haftung "
        "(SHAB Nr. 1 vom 05.01.2026, Publ. 1006000004). Mit Entscheid vom 01.02.2026 hat der "
        "Konkursrichter über die Gesellschaft den Konkurs eröffnet; sie ist aufgelöst."
    )
    assert {"bankruptcy", "dissolution"} <= set(rec.events)
    assert rec.persons == [] and rec.companies == []
