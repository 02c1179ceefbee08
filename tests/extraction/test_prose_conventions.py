"""The prose conventions of the older and bilingual registers (issue 16), one test per convention
and language, on invented notices (no name, company or notice of a data file)."""

from __future__ import annotations

import pytest

from ingestion.extraction.models import ExtractionRecord
from tests.extraction.conftest import person

pytestmark = pytest.mark.unit

DE_HEAD = (
    "Muster Bau AG, in Ittigen, CHE-100.000.009, Aktiengesellschaft (SHAB Nr. 1 vom 03.01.2014). "
)
FR_HEAD = "Exemple Conseil SA, à Bulle, CHE-100.000.009, société anonyme (FOSC du 03.01.2014). "
IT_HEAD = "Esempio Servizi SA, in Locarno, CHE-100.000.009, società anonima (FUSC del 03.01.2014). "


def companies(rec: ExtractionRecord) -> dict[str, list[str]]:
    return {c.name: [*c.roles, c.action] for c in rec.companies}


# --- several officers, one common verb ---------------------------------------------------------


def test_de_officers_with_functions_then_one_verb(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Gfeller Anton, von Worb, in Muri bei Bern, Präsident; Tanner Vreni, von "
        "Biglen, in Worb, Mitglied, sind zurückgetreten; ihre Unterschriften sind erloschen."
    )
    assert [(p.family_name, p.given_names, p.roles, p.action) for p in rec.persons] == [
        ("Gfeller", "Anton", ["chair"], "removed"),
        ("Tanner", "Vreni", ["board_member"], "removed"),
    ]
    assert person(rec, "Tanner").origin == "Biglen"


def test_fr_officers_then_common_verb(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Grivel Paul, de Sâles, à Bulle, président, et Menoud Alice, de Vuadens, à "
        "Riaz, secrétaire, ont démissionné; leurs signatures sont radiées."
    )
    assert {(p.family_name, p.given_names, p.action) for p in rec.persons} == {
        ("Grivel", "Paul", "removed"),
        ("Menoud", "Alice", "removed"),
    }
    assert person(rec, "Menoud").roles == ["secretary"]


def test_it_officers_then_common_verb_and_ended_signature(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        IT_HEAD + "Pedrazzi Enea, da Cevio, in Locarno, presidente, e Rusconi Nora, da Brione, "
        "in Minusio, membro, sono dimissionari; le loro firme sono estinte."
    )
    assert {(p.family_name, p.given_names, p.action) for p in rec.persons} == {
        ("Pedrazzi", "Enea", "removed"),
        ("Rusconi", "Nora", "removed"),
    }
    assert person(rec, "Pedrazzi").roles == ["chair"]


def test_de_verb_with_own_ended_right(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Häfliger Urs, Präsident, ist aus dem Verwaltungsrat ausgeschieden; seine "
        "Einzelunterschrift ist erloschen."
    )
    urs = person(rec, "Häfliger")
    assert urs.roles == ["chair"] and urs.signature == "individual" and urs.action == "removed"


def test_de_removal_list_label(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Aus dem Vorstand sind ausgeschieden: Kohler Beat, Präsident; Rösti Ida, "
        "Aktuarin. Ihre Unterschriften sind erloschen."
    )
    assert [(p.family_name, p.roles, p.action) for p in rec.persons] == [
        ("Kohler", ["chair"], "removed"),
        ("Rösti", ["secretary"], "removed"),
    ]


# --- expiry sentences, family name first -------------------------------------------------------


def test_de_collective_procuration_of_three_expires(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Die Kollektivprokura von Zaugg Erich, Lüthi Maria Theresa und Wenger Ruedi "
        "ist erloschen."
    )
    assert [(p.family_name, p.given_names) for p in rec.persons] == [
        ("Zaugg", "Erich"),
        ("Lüthi", "Maria Theresa"),
        ("Wenger", "Ruedi"),
    ]
    assert {p.signature for p in rec.persons} == {"collective_procuration"}
    assert {p.action for p in rec.persons} == {"removed"}
    assert "signature_change" in rec.events


def test_de_repeated_von_is_the_preposition_not_a_particle(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(DE_HEAD + "Die Unterschrift von Rohrer Lea und von Sutter Kilian ist erloschen.")
    assert [(p.family_name, p.given_names) for p in rec.persons] == [
        ("Rohrer", "Lea"),
        ("Sutter", "Kilian"),
    ]


def test_de_particle_inside_an_unrepeated_list(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Die Unterschriften von Graf Monika, von Gunten Peter und Hasler Beat sind "
        "erloschen."
    )
    assert [(p.family_name, p.given_names) for p in rec.persons] == [
        ("Graf", "Monika"),
        ("von Gunten", "Peter"),
        ("Hasler", "Beat"),
    ]


def test_de_plural_collective_signatures_expire(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Die Kollektivunterschriften zu zweien von Imhof Jana und Bieri Luca sind "
        "erloschen."
    )
    assert {p.signature for p in rec.persons} == {"collective_two"}
    assert len(rec.persons) == 2


def test_fr_signatures_with_repeated_de_and_a_particle(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Les signatures de Currat Louis, de Pasquier Anne-Marie et de de Weck Henri "
        "sont radiées."
    )
    assert [(p.family_name, p.given_names) for p in rec.persons] == [
        ("Currat", "Louis"),
        ("Pasquier", "Anne-Marie"),
        ("de Weck", "Henri"),
    ]
    assert {p.roles[0] for p in rec.persons} == {"authorized_signatory"}


def test_fr_collective_procuration_radiated(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "La procuration collective à deux de Magnin Yves et Sciboz Léa est radiée."
    )
    assert {p.signature for p in rec.persons} == {"collective_procuration"}
    assert {p.family_name for p in rec.persons} == {"Magnin", "Sciboz"}


def test_it_signatures_with_functions_extinguished(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        IT_HEAD + "Le firme di Cattaneo Ivo, presidente, e di Balli Sara, membro, sono estinte."
    )
    assert [(p.family_name, p.roles) for p in rec.persons] == [
        ("Cattaneo", ["chair"]),
        ("Balli", ["board_member"]),
    ]


def test_a_second_sentence_completes_the_expired_person(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Die Unterschrift von Kunz Lara ist erloschen. Kunz Lara ist nicht mehr "
        "Vizepräsidentin."
    )
    assert person(rec, "Kunz").roles == ["vice_chair"]


# --- "bisher …, zeichnet neu", "déjà inscrit, est désormais", "già iscritto, è ora" -------------


def test_de_bisher_then_new_function(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Stucki Karin, von Worb, in Bern, bisher Mitglied, ist jetzt Präsidentin; "
        "Jost Reto, von Vechigen, in Worb, bisher Mitglied ohne Zeichnungsberechtigung, zeichnet "
        "neu kollektiv zu zweien."
    )
    karin = person(rec, "Stucki")
    assert karin.roles == ["chair"]
    assert karin.previous == {"roles": ["board_member"], "role_text": "Mitglied"}
    reto = person(rec, "Jost")
    assert reto.roles == ["board_member"] and reto.signature == "collective_two"
    assert reto.previous == {"signature": "none"}


def test_fr_jusquici_then_desormais(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Overney Luc, de Gruyères, à Broc, jusqu'ici fondé de procuration, est "
        "désormais directeur avec signature collective à deux."
    )
    luc = person(rec, "Overney")
    assert luc.roles == ["director"] and luc.signature == "collective_two"
    assert luc.previous == {"roles": ["authorized_signatory"], "role_text": "fondé de procuration"}
    assert "signature_change" in rec.events


def test_it_gia_iscritto_e_ora(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        IT_HEAD + "Bassi Fulvio, da Gordola, in Tenero, già iscritto, è ora presidente con firma "
        "individuale [finora: membro con firma collettiva a due]."
    )
    fulvio = person(rec, "Bassi")
    assert fulvio.origin == "Gordola" and fulvio.residence == "Tenero"
    assert fulvio.roles == ["chair"] and fulvio.signature == "individual"
    assert [p.family_name for p in rec.persons] == ["Bassi"]  # "da Gordola" is no by-phrase


def test_a_sentence_about_both_gives_them_the_signature(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Ryser Timo, von Worb, in Bern, bisher Mitglied, ist jetzt Vizepräsident; "
        "Aebi Nina, von Biglen, in Worb, bisher Sekretärin, ist nun Präsidentin. Beide zeichnen "
        "weiterhin kollektiv zu zweien."
    )
    assert {p.signature for p in rec.persons} == {"collective_two"}


def test_fr_lesquels_signent_for_the_list(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Nouveaux administrateurs: Dousse Marc, de Bulle, à Riaz, président, et "
        "Ruffieux Eva, de Charmey, à Bulle, membre, lesquels signent collectivement à deux."
    )
    assert {p.signature for p in rec.persons} == {"collective_two"}
    # The chair of the board is not listed as a plain member too.
    assert person(rec, "Dousse").roles == ["chair"]
    assert person(rec, "Ruffieux").roles == ["board_member"]


# --- list labels -------------------------------------------------------------------------------


def test_de_signing_label_with_right_and_two_persons(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Neu zeichnen mit Kollektivprokura zu zweien: von Arb Nadine, von Oberbipp, "
        "in Wangen an der Aare, und Leuenberger Tim, von Melchnau und Gondiswil, in Langenthal."
    )
    nadine = person(rec, "von Arb")
    assert nadine.given_names == "Nadine" and nadine.origin == "Oberbipp"
    tim = person(rec, "Leuenberger")
    assert tim.origin == "Melchnau und Gondiswil" and tim.residence == "Langenthal"
    assert {p.signature for p in rec.persons} == {"collective_procuration"}
    assert {p.roles[0] for p in rec.persons} == {"authorized_signatory"}


def test_de_elected_into_the_board_label(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Neu in den Verwaltungsrat gewählt: Schär Paul, von Eriz, in Thun, als "
        "Präsident mit Einzelunterschrift; Blaser Ida, von Eriz, in Steffisburg, als Mitglied mit "
        "Kollektivunterschrift zu zweien."
    )
    assert (person(rec, "Schär").roles, person(rec, "Schär").signature) == (["chair"], "individual")
    assert (person(rec, "Blaser").roles, person(rec, "Blaser").signature) == (
        ["board_member"],
        "collective_two",
    )


def test_de_persons_new_or_changing_list(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Muster Werk GmbH, in Ittigen, CHE-100.000.009, Gesellschaft mit beschränkter Haftung "
        "(SHAB Nr. 1 vom 03.01.2014). Personen neu oder mutierend: Kobel, Sina, von Lauperswil, "
        "in Ittigen, Geschäftsführerin, mit Einzelunterschrift."
    )
    sina = person(rec, "Kobel")
    assert sina.given_names == "Sina" and sina.roles == ["managing_director"]


def test_fr_new_chair_label_with_signature(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Nouveau président avec signature individuelle: Rime Noé, de Bulle, à Vuadens."
    )
    noe = person(rec, "Rime")
    assert (noe.roles, noe.signature) == (["chair"], "individual")


def test_it_granted_to_two_with_repeated_a(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        IT_HEAD + "Firma collettiva a due è conferita a Gianoni Dario, da Cevio, in Losone, e a "
        "Moretti Ilaria, cittadina italiana, in Ascona."
    )
    assert [(p.family_name, p.given_names) for p in rec.persons] == [
        ("Gianoni", "Dario"),
        ("Moretti", "Ilaria"),
    ]
    assert person(rec, "Moretti").nationality == "Italia"


def test_fr_closing_signature_of_a_role_list(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Exemple Atelier Sàrl, à Bulle, CHE-100.000.009. Associés-gérants: de Buman Igor, de "
        "Fribourg, à Marly, pour 10 parts de CHF 100, et Castella Zoé, de Bulle, à Riaz, pour 10 "
        "parts de CHF 100, avec signature collective à deux."
    )
    assert person(rec, "de Buman").given_names == "Igor"
    assert {p.signature for p in rec.persons} == {"collective_two"}


# --- false positives ---------------------------------------------------------------------------


def test_de_resolution_preamble_is_no_name(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Gemäss Beschluss der Generalversammlung vom 02.02.2014: Rüegg Hans, von "
        "Wald ZH, in Rüti ZH, Präsident, mit Einzelunterschrift, ist zurückgetreten; seine "
        "Unterschrift ist erloschen."
    )
    assert [(p.family_name, p.given_names, p.action) for p in rec.persons] == [
        ("Rüegg", "Hans", "removed")
    ]


def test_fr_decision_preamble_then_named_director(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Par décision du conseil d'administration de Exemple Conseil SA du 01.12.2013, "
        "Jaquet Rémy, de Bulle, à Morlon, est nommé directeur avec signature collective à deux."
    )
    remy = person(rec, "Jaquet")
    assert (remy.roles, remy.signature) == (["director"], "collective_two")
    assert len(rec.persons) == 1 and rec.companies == []


def test_it_liquidator_named_by_function_in_a_by_phrase(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        IT_HEAD + "La liquidazione è effettuata sotto la ditta Esempio Servizi SA in liquidazione "
        "dal membro del consiglio Fumagalli Teo, da Losone, in Ascona, nominato liquidatore, con "
        "firma individuale."
    )
    assert [p.family_name for p in rec.persons] == ["Fumagalli"]
    teo = person(rec, "Fumagalli")
    assert set(teo.roles) == {"board_member", "liquidator"} and teo.signature == "individual"
    assert "name_change" in rec.events


def test_de_founding_clause_is_no_part_of_the_seller(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Muster Küchen AG, in Lyss, CHE-100.000.009, Aktiengesellschaft (Neueintragung). "
        "Sacheinlage: Die Gesellschaft übernimmt bei der Gründung von der Muster Möbel GmbH, in "
        "Aarberg (CHE-100.000.017), Maschinen zum Preis von CHF 50'000.00."
    )
    assert companies(rec) == {"Muster Möbel GmbH": ["asset_seller", "registered"]}


# --- companies in roles ------------------------------------------------------------------------


def test_de_auditor_struck_with_function_word(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Revisionsstelle neu: Prüfwerk Seeland AG, in Biel/Bienne. Gestrichen: "
        "Revisionsstelle Kontrolle Jura GmbH, in Moutier."
    )
    assert companies(rec) == {
        "Prüfwerk Seeland AG": ["auditor", "registered"],
        "Kontrolle Jura GmbH": ["auditor", "removed"],
    }


def test_de_auditor_resigned_in_prose(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Die Revisionsstelle Prüfwerk Emme AG, in Burgdorf, ist zurückgetreten. Als neue "
        "Revisionsstelle wurde gewählt: Kontrolle Aare GmbH, in Thun."
    )
    assert companies(rec) == {
        "Prüfwerk Emme AG": ["auditor", "removed"],
        "Kontrolle Aare GmbH": ["auditor", "registered"],
    }
    assert "auditor_change" in rec.events


def test_fr_and_it_auditor_replaced(extract) -> None:  # type: ignore[no-untyped-def]
    fr = extract(
        FR_HEAD + "Organe de révision: Audit Sarine SA, à Fribourg, en remplacement de Contrôle "
        "Glâne Sàrl, à Romont."
    )
    assert companies(fr) == {
        "Audit Sarine SA": ["auditor", "registered"],
        "Contrôle Glâne Sàrl": ["auditor", "removed"],
    }
    it = extract(
        IT_HEAD + "Ufficio di revisione: Revisioni Verbano SA, in Locarno, in sostituzione di "
        "Controlli Maggia Sagl, in Cevio."
    )
    assert companies(it)["Controlli Maggia Sagl"] == ["auditor", "removed"]


def test_fr_head_office_in_the_founding_sentence(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Exemple Conseil SA, succursale de Bulle, à Bulle, CHE-100.000.009. Sous cette raison "
        "sociale, la société anonyme Exemple Conseil SA, avec siège à Nyon, a créé une succursale "
        "à Bulle. Signature individuelle pour la succursale: Borcard Ugo, de Bulle, à Riaz, "
        "directeur de la succursale."
    )
    assert companies(rec) == {"Exemple Conseil SA": ["head_office", "registered"]}
    ugo = person(rec, "Borcard")
    assert (ugo.roles, ugo.signature) == (["branch_manager"], "individual")


def test_de_foreign_head_office_renamed(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Beispiel Handel B.V., Rotterdam, Zweigniederlassung Basel, in Basel, CHE-100.000.009, "
        "Zweigniederlassung ausländischer Gesellschaft (SHAB Nr. 1 vom 03.01.2014). Hauptsitz "
        "neu: Beispiel Trade B.V., in Rotterdam (NL), eingetragen bei der Kamer van Koophandel "
        "unter Nr. 11112222."
    )
    head = [c for c in rec.companies if "head_office" in c.roles]
    assert [(c.name, c.seat, c.uid) for c in head] == [
        ("Beispiel Trade B.V.", "Rotterdam (NL)", None)
    ]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        (
            "Muster Bau AG, Zweigniederlassung Thun, in Thun, CHE-100.000.009, Zweigniederlassung. "
            "Die Zweigniederlassung der Muster Bau AG, in Ittigen (CHE-100.000.017), wird "
            "infolge Aufhebung im Handelsregister gelöscht.",
            "de",
        ),
        (
            "Exemple Conseil SA, succursale de Bulle, à Bulle, CHE-100.000.009, succursale. La "
            "succursale de Exemple Conseil SA, à Nyon (CHE-100.000.017), est radiée par suite de "
            "fermeture.",
            "fr",
        ),
    ],
)
def test_branch_deleted_with_head_office_uid_in_the_clause(extract, text: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    rec = extract(text, language=lang)
    assert set(rec.events) == {"deletion", "branch"}
    assert [c.roles for c in rec.companies] == [["head_office"]]


# --- name order --------------------------------------------------------------------------------


def test_family_first_prose_with_two_given_names(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Für die Gesellschaft zeichnen neu kollektiv zu zweien: Werner Konrad, von "
        "Worb, in Bern, Direktor; Otto Daniel, von Biglen, in Worb, Vizedirektor."
    )
    assert [(p.family_name, p.given_names, p.roles) for p in rec.persons] == [
        ("Werner", "Konrad", ["director"]),
        ("Otto", "Daniel", ["director"]),
    ]
    assert {p.signature for p in rec.persons} == {"collective_two"}


# --- particles and home towns ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "Muster Bau AG, in Ittigen, CHE-100.000.009, Aktiengesellschaft. Eingetragene "
            "Personen: von Wyl, Ruth, von und in Sarnen, Mitglied, mit Kollektivunterschrift zu "
            "zweien; Wyss, Emil, von Wattenwil und Thun, in Egg, Präsident, mit Einzelunterschrift.",
            "de",
            [
                ("von Wyl", "Ruth", "Sarnen", "Sarnen"),
                ("Wyss", "Emil", "Wattenwil und Thun", "Egg"),
            ],
        ),
        (
            "Exemple SA, à Sion, CHE-100.000.009. Fumeaux Jean, de Conthey et Vétroz, à Sion, "
            "administrateur, avec signature individuelle.",
            "fr",
            [("Fumeaux", "Jean", "Conthey et Vétroz", "Sion")],
        ),
        (
            "Esempio SA, in Biasca, CHE-100.000.009. Persone iscritte: Negri, Aldo, da Biasca e "
            "Malvaglia, in Biasca, membro, con firma collettiva a due.",
            "it",
            [("Negri", "Aldo", "Biasca e Malvaglia", "Biasca")],
        ),
        (
            "Muster Bau AG, in Ittigen, CHE-100.000.009, Aktiengesellschaft. Neu zeichnet mit "
            "Einzelunterschrift: von Wattenwil Anna, von Bern, in Thun.",
            "de",
            [("von Wattenwil", "Anna", "Bern", "Thun")],
        ),
    ],
)
def test_particles_double_home_towns_and_von_und_in(  # type: ignore[no-untyped-def]
    extract, text: str, lang: str, expected: list[tuple[str, str, str, str]]
) -> None:
    rec = extract(text, language=lang)
    assert [(p.family_name, p.given_names, p.origin, p.residence) for p in rec.persons] == expected


# --- further prose forms -----------------------------------------------------------------------


def test_de_expiry_then_grant_in_one_sentence(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Die Einzelprokura von Moser Iris ist erloschen; neu wurde Einzelprokura erteilt "
        "an Wälti Jonas, von Rüderswil, in Zollbrück."
    )
    assert [(p.family_name, p.action, p.signature) for p in rec.persons] == [
        ("Moser", "removed", "individual_procuration"),
        ("Wälti", "registered", "individual_procuration"),
    ]


def test_de_verb_before_the_person(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Neu zeichnet Ryf Elias, von Wynau, in Roggwil BE, Vizedirektor, mit "
        "Kollektivprokura zu zweien."
    )
    elias = person(rec, "Ryf")
    assert (elias.roles, elias.signature, elias.residence) == (
        ["director"],
        "collective_procuration",
        "Roggwil BE",
    )


def test_de_long_election_label_keeps_function_and_right(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        DE_HEAD + "Als neues Mitglied des Verwaltungsrates mit Kollektivunterschrift zu zweien "
        "wurde gewählt: Gasser Lena, von Oberhofen am Thunersee, in Hilterfingen."
    )
    lena = person(rec, "Gasser")
    assert (lena.roles, lena.signature) == (["board_member"], "collective_two")


def test_de_resignations_label_is_a_removal(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(DE_HEAD + "Rücktritte: Maurer Ivo, Präsident; Frei Ana, Mitglied.")
    assert {p.action for p in rec.persons} == {"removed"} and len(rec.persons) == 2


def test_fr_appointed_by_the_board(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "Le conseil d'administration a nommé Bugnon Théo, de Vuadens, à Bulle, "
        "directeur, avec signature collective à deux."
    )
    theo = person(rec, "Bugnon")
    assert (theo.roles, theo.signature, theo.action) == (
        ["director"],
        "collective_two",
        "registered",
    )


def test_fr_procuration_granted_to_two_radiated(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        FR_HEAD + "La procuration collective à deux conférée à Oberson Paul et à Chofflon Mia "
        "est radiée."
    )
    assert [(p.family_name, p.given_names, p.action) for p in rec.persons] == [
        ("Oberson", "Paul", "removed"),
        ("Chofflon", "Mia", "removed"),
    ]


def test_auditor_label_with_new_and_struck_entries(extract) -> None:  # type: ignore[no-untyped-def]
    fr = extract(
        FR_HEAD + "Organe de révision: nouveau: Audit Veveyse SA, à Châtel-Saint-Denis; radié: "
        "Contrôle Broye Sàrl, à Estavayer."
    )
    assert companies(fr) == {
        "Audit Veveyse SA": ["auditor", "registered"],
        "Contrôle Broye Sàrl": ["auditor", "removed"],
    }
    de = extract(
        DE_HEAD + "Revisionsstelle: Neu: Prüfwerk Gürbetal AG, in Belp. Gestrichen: Kontrolle "
        "Aaretal GmbH, in Münsingen."
    )
    assert companies(de) == {
        "Prüfwerk Gürbetal AG": ["auditor", "registered"],
        "Kontrolle Aaretal GmbH": ["auditor", "removed"],
    }


def test_de_head_office_label_with_seat_and_uid(extract) -> None:  # type: ignore[no-untyped-def]
    rec = extract(
        "Muster Bau AG, Zweigniederlassung Thun, in Thun, CHE-100.000.009, Zweigniederlassung "
        "(Neueintragung). Hauptsitz: Muster Bau AG, in Ittigen (CHE-100.000.017)."
    )
    head = [c for c in rec.companies if "head_office" in c.roles]
    assert [(c.name, c.seat, c.uid) for c in head] == [
        ("Muster Bau AG", "Ittigen", "CHE-100.000.017")
    ]
