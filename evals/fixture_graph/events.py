"""The fixture's 24 notices (see the package docstring for the story they tell)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

D = dt.date

# --- events: key -> (pub_number, pub_date, journal_date, canton, language, subject, types, text)
# `involved`: (entity key, roles, role_text, signature, action)
EVENT_ROWS: Final[list[dict[str, Any]]] = [
    dict(
        key="E01",
        pub="HR01-1900000001",
        pub_date=D(2015, 3, 10),
        jd=D(2015, 3, 5),
        canton="ZH",
        lang="de",
        subject="alpenblick",
        types=["registration"],
        text="Alpenblick Beteiligungen AG, in Zürich, CHE-100.000.012, Bahnhofstrasse 10, 8001 Zürich, "
        "Aktiengesellschaft (Neueintragung). Zweck: Erwerb, Halten und Verwalten von Beteiligungen "
        "an Unternehmen im In- und Ausland. Aktienkapital: CHF 1'000'000.00. Eingetragene Personen: "
        "Müller, Hans, von Luzern, in Zürich, Präsident des Verwaltungsrates, mit Einzelunterschrift; "
        "Keller, Peter, von Zürich, in Zürich, Mitglied des Verwaltungsrates, mit Kollektivunterschrift zu zweien.",
        involved=[
            ("mueller", ["chair"], "Präsident des Verwaltungsrates", "individual", "registered"),
            (
                "keller",
                ["board_member"],
                "Mitglied des Verwaltungsrates",
                "collective_two",
                "registered",
            ),
        ],
    ),
    dict(
        key="E02",
        pub="HR02-1900000002",
        pub_date=D(2018, 9, 12),
        jd=D(2018, 9, 7),
        canton="ZH",
        lang="de",
        subject="alpenblick",
        types=["name_change", "capital_change", "statutes_change"],
        text="Alpenblick Holding AG, in Zürich, CHE-100.000.012, Aktiengesellschaft. Statuten geändert. "
        "Firma neu: Alpenblick Holding AG [bisher: Alpenblick Beteiligungen AG]. "
        "Aktienkapital neu: CHF 5'000'000.00 [bisher: CHF 1'000'000.00].",
        involved=[],
    ),
    dict(
        key="E03",
        pub="HR02-1900000003",
        pub_date=D(2020, 6, 19),
        jd=D(2020, 6, 15),
        canton="ZH",
        lang="de",
        subject="alpenblick",
        types=["officer_change", "auditor_change"],
        text="Alpenblick Holding AG, in Zürich, CHE-100.000.012, Aktiengesellschaft. Ausgeschiedene Personen "
        "und erloschene Unterschriften: Keller, Peter, von Zürich, in Zürich, Mitglied des "
        "Verwaltungsrates, mit Kollektivunterschrift zu zweien. Eingetragene Personen neu oder "
        "mutierend: Frei, Sandra, von Winterthur, in Winterthur, Mitglied des Verwaltungsrates, mit "
        "Kollektivunterschrift zu zweien; Nordlicht Treuhand, in Baar, Revisionsstelle.",
        involved=[
            (
                "keller",
                ["board_member"],
                "Mitglied des Verwaltungsrates",
                "collective_two",
                "removed",
            ),
            (
                "frei",
                ["board_member"],
                "Mitglied des Verwaltungsrates",
                "collective_two",
                "registered",
            ),
            ("nordlicht", ["auditor"], "Revisionsstelle", "unknown", "registered"),
        ],
    ),
    dict(
        key="E04",
        pub="HR01-1900000004",
        pub_date=D(2019, 2, 1),
        jd=D(2019, 1, 28),
        canton="GE",
        lang="fr",
        subject="branch_ge",
        types=["registration", "branch"],
        text="Alpenblick Holding AG, Zweigniederlassung Genf, à Genève, CHE-100.000.029, rue du Rhône 42, "
        "1204 Genève, succursale (nouvelle inscription). Siège principal: Alpenblick Holding AG, à "
        "Zurich. But: gestion de participations pour la Suisse romande. Personne(s) inscrite(s): "
        "Meier, Anna, de Genève, à Genève, directrice de la succursale, avec signature individuelle.",
        involved=[
            (
                "meier_ge",
                ["branch_manager"],
                "directrice de la succursale",
                "individual",
                "registered",
            ),
            ("alpenblick", ["head_office"], "Siège principal", "unknown", "registered"),
        ],
    ),
    dict(
        key="E05",
        pub="HR01-1900000005",
        pub_date=D(2021, 5, 3),
        jd=D(2021, 4, 28),
        canton="TI",
        lang="it",
        subject="branch_ti",
        types=["registration", "branch"],
        text="Alpenblick Holding AG, succursale di Lugano, in Lugano, CHE-100.000.035, Via Nassa 5, 6900 "
        "Lugano, succursale (nuova iscrizione). Sede principale: Alpenblick Holding AG, in Zurigo. "
        "Scopo: gestione di partecipazioni per la Svizzera italiana. Persone iscritte: Rossi, Marco, "
        "da Lugano, in Bellinzona, direttore della succursale, con firma individuale.",
        involved=[
            ("rossi", ["branch_manager"], "direttore della succursale", "individual", "registered"),
            ("alpenblick", ["head_office"], "Sede principale", "unknown", "registered"),
        ],
    ),
    dict(
        key="E06",
        pub="HR01-1900000006",
        pub_date=D(2016, 4, 20),
        jd=D(2016, 4, 15),
        canton="BE",
        lang="de",
        subject="bergkristall",
        types=["registration"],
        text="Bergkristall Software GmbH, in Bern, CHE-100.000.041, Marktgasse 3, 3011 Bern, Gesellschaft "
        "mit beschränkter Haftung (Neueintragung). Zweck: Entwicklung und Vertrieb von Software. "
        "Stammkapital: CHF 20'000.00. Eingetragene Personen: Meier, Anna, von Bern, in Bern, "
        "Gesellschafterin und Geschäftsführerin, mit Einzelunterschrift.",
        involved=[
            (
                "meier_be",
                ["partner", "managing_director"],
                "Gesellschafterin und Geschäftsführerin",
                "individual",
                "registered",
            )
        ],
    ),
    dict(
        key="E07",
        pub="HR01-1900000007",
        pub_date=D(2017, 8, 1),
        jd=D(2017, 7, 27),
        canton="BE",
        lang="de",
        subject="kristallnetz",
        types=["registration"],
        text="Kristallnetz Informatik AG, in Bern, CHE-100.000.058, Spitalgasse 20, 3011 Bern, "
        "Aktiengesellschaft (Neueintragung). Zweck: Informatikdienstleistungen, Netzwerkbau und "
        "Beratung. Aktienkapital: CHF 250'000.00. Eingetragene Personen: Meier, Anna, von Bern, in "
        "Bern, Präsidentin des Verwaltungsrates, mit Einzelunterschrift; Treuhand Sonnenberg, in Zug, "
        "Revisionsstelle.",
        involved=[
            ("meier_be", ["chair"], "Präsidentin des Verwaltungsrates", "individual", "registered"),
            ("sonnenberg_weak", ["auditor"], "Revisionsstelle", "unknown", "registered"),
        ],
    ),
    dict(
        key="E08",
        pub="HR02-1900000008",
        pub_date=D(2022, 11, 15),
        jd=D(2022, 11, 10),
        canton="BE",
        lang="de",
        subject="kristallnetz",
        types=["merger"],
        text="Kristallnetz Informatik AG, in Bern, CHE-100.000.058, Aktiengesellschaft. Fusion: Übernahme "
        "der Aktiven und Passiven der Bergkristall Software GmbH, in Bern (CHE-100.000.041), gemäss "
        "Fusionsvertrag vom 01.11.2022 und Bilanz per 30.06.2022. Aktiven von CHF 180'000.00 und "
        "Passiven von CHF 60'000.00 gehen auf die übernehmende Gesellschaft über.",
        involved=[("bergkristall", ["merger_absorbed"], "Fusion", "unknown", "registered")],
    ),
    dict(
        key="E09",
        pub="HR03-1900000009",
        pub_date=D(2022, 11, 15),
        jd=D(2022, 11, 10),
        canton="BE",
        lang="de",
        subject="bergkristall",
        types=["deletion", "merger", "officer_change"],
        text="Bergkristall Software GmbH, in Bern, CHE-100.000.041, Gesellschaft mit beschränkter Haftung. "
        "Die Gesellschaft ist infolge Fusion mit der Kristallnetz Informatik AG, in Bern, gelöscht. "
        "Ausgeschiedene Personen und erloschene Unterschriften: Meier, Anna, von Bern, in Bern, "
        "Gesellschafterin und Geschäftsführerin, mit Einzelunterschrift.",
        involved=[
            ("kristallnetz", ["merger_absorbing"], "Fusion", "unknown", "registered"),
            (
                "meier_be",
                ["partner", "managing_director"],
                "Gesellschafterin und Geschäftsführerin",
                "individual",
                "removed",
            ),
        ],
    ),
    dict(
        key="E10",
        pub="HR01-1900000010",
        pub_date=D(2014, 1, 15),
        jd=D(2014, 1, 10),
        canton="VD",
        lang="fr",
        subject="leman",
        types=["registration"],
        text="Lac Léman Logistique SA, à Lausanne, CHE-100.000.064, avenue de la Gare 12, 1003 Lausanne, "
        "société anonyme (nouvelle inscription). But: transport, entreposage et logistique de "
        "marchandises. Capital-actions: CHF 100'000.00. Personne(s) inscrite(s): Dubois, Claire, de "
        "Lausanne, à Lausanne, administratrice unique, avec signature individuelle.",
        involved=[
            ("dubois", ["board_member"], "administratrice unique", "individual", "registered")
        ],
    ),
    dict(
        key="E11",
        pub="HR01-1900000011",
        pub_date=D(2019, 3, 1),
        jd=D(2019, 2, 25),
        canton="VS",
        lang="fr",
        subject="rhone",
        types=["registration"],
        text="Rhône Transports Sàrl, à Sion, CHE-100.000.070, rue de Lausanne 8, 1950 Sion, société à "
        "responsabilité limitée (nouvelle inscription). But: transports routiers et déménagements. "
        "Capital social: CHF 40'000.00. Personne(s) inscrite(s): Favre, Jean-Pierre, de Sion, à Sion, "
        "associé gérant, avec signature individuelle.",
        involved=[
            (
                "favre",
                ["partner", "managing_director"],
                "associé gérant",
                "individual",
                "registered",
            )
        ],
    ),
    dict(
        key="E12",
        pub="HR02-1900000012",
        pub_date=D(2021, 9, 10),
        jd=D(2021, 9, 6),
        canton="VD",
        lang="fr",
        subject="leman",
        types=["asset_transfer", "officer_change"],
        text="Lac Léman Logistique SA, à Lausanne, CHE-100.000.064, société anonyme. Transfert de "
        "patrimoine: selon contrat du 30.08.2021, la société transfère des actifs pour CHF 350'000.00 "
        "et des passifs pour CHF 120'000.00 à Rhône Transports Sàrl, à Sion (CHE-100.000.070). "
        "Personne(s) et signature(s) radiée(s): Dubois, Claire, de Lausanne, à Lausanne, "
        "administratrice unique, avec signature individuelle. Inscription ou modification de "
        "personne(s): Favre, Jean-Pierre, de Sion, à Sion, administrateur unique, avec signature individuelle.",
        involved=[
            ("dubois", ["board_member"], "administratrice unique", "individual", "removed"),
            ("favre", ["board_member"], "administrateur unique", "individual", "registered"),
            ("rhone", ["asset_buyer"], "Transfert de patrimoine", "unknown", "registered"),
        ],
    ),
    dict(
        key="E13",
        pub="HR02-1900000013",
        pub_date=D(2021, 9, 20),
        jd=D(2021, 9, 15),
        canton="VS",
        lang="fr",
        subject="rhone",
        types=["asset_transfer", "officer_change"],
        text="Rhône Transports Sàrl, à Sion, CHE-100.000.070, société à responsabilité limitée. Reprise de "
        "patrimoine: la société reprend des actifs de Lac Léman Logistique SA, à Lausanne "
        "(CHE-100.000.064). Inscription ou modification de personne(s): Dubois, Claire, de Lausanne, "
        "à Lausanne, gérante, avec signature collective à deux.",
        involved=[
            ("leman", ["asset_seller"], "Reprise de patrimoine", "unknown", "registered"),
            ("dubois", ["managing_director"], "gérante", "collective_two", "registered"),
        ],
    ),
    dict(
        key="E14",
        pub="HR01-1900000014",
        pub_date=D(2012, 5, 10),
        jd=D(2012, 5, 7),
        canton="LU",
        lang="de",
        subject="muellerbau",
        types=["registration"],
        text="Müller Bau GmbH, in Luzern, CHE-100.000.087, Industriestrasse 7, 6005 Luzern, Gesellschaft "
        "mit beschränkter Haftung (Neueintragung). Zweck: Ausführung von Hoch- und Tiefbauarbeiten. "
        "Stammkapital: CHF 50'000.00. Eingetragene Personen: Müller, Hans, von Luzern, in Zürich, "
        "Gesellschafter und Geschäftsführer, mit Einzelunterschrift, mit 400 Stammanteilen zu je "
        "CHF 100.00; Schmid, Beat, von Luzern, in Kriens, Gesellschafter, mit Kollektivunterschrift "
        "zu zweien, mit 100 Stammanteilen zu je CHF 100.00.",
        involved=[
            (
                "mueller",
                ["partner", "managing_director"],
                "Gesellschafter und Geschäftsführer",
                "individual",
                "registered",
            ),
            ("schmid", ["partner"], "Gesellschafter", "collective_two", "registered"),
        ],
    ),
    dict(
        key="E15",
        pub="HR02-1900000015",
        pub_date=D(2016, 2, 2),
        jd=D(2016, 1, 28),
        canton="LU",
        lang="de",
        subject="muellerbau",
        types=["officer_change"],
        text="Müller Bau GmbH, in Luzern, CHE-100.000.087, Gesellschaft mit beschränkter Haftung. "
        "Ausgeschiedene Personen und erloschene Unterschriften: Schmid, Beat, von Luzern, in Kriens, "
        "Gesellschafter, mit Kollektivunterschrift zu zweien. Eingetragene Personen neu oder "
        "mutierend: Müller, Hans, von Luzern, in Zürich, Gesellschafter und Geschäftsführer, mit "
        "Einzelunterschrift, mit 500 Stammanteilen zu je CHF 100.00 [bisher: mit 400 Stammanteilen].",
        involved=[("schmid", ["partner"], "Gesellschafter", "collective_two", "removed")],
    ),
    dict(
        key="E16",
        pub="HR02-1900000016",
        pub_date=D(2018, 7, 3),
        jd=D(2018, 6, 28),
        canton="LU",
        lang="de",
        subject="muellerbau",
        types=["officer_change"],
        text="Müller Bau GmbH, in Luzern, CHE-100.000.087, Gesellschaft mit beschränkter Haftung. "
        "Eingetragene Personen neu oder mutierend: Schmid, Beat, von Luzern und Horw, in Horw, "
        "Geschäftsführer, mit Kollektivunterschrift zu zweien [bisher: von Luzern, in Kriens].",
        involved=[
            ("schmid", ["managing_director"], "Geschäftsführer", "collective_two", "registered")
        ],
        # what this notice writes of a person where it differs from the person's first notice
        places={
            "schmid": {"residence": "Horw", "prev_residence": "Kriens", "origin": "Luzern und Horw"}
        },
    ),
    dict(
        key="E17",
        pub="HR02-1900000017",
        pub_date=D(2023, 3, 15),
        jd=D(2023, 3, 10),
        canton="LU",
        lang="de",
        subject="muellerbau",
        types=["bankruptcy", "dissolution"],
        text="Müller Bau GmbH, in Luzern, CHE-100.000.087, Gesellschaft mit beschränkter Haftung. Die "
        "Gesellschaft ist mit Entscheid des Konkursgerichts vom 06.03.2023 infolge Konkurses aufgelöst worden.",
        involved=[],
    ),
    dict(
        key="E18",
        pub="HR03-1900000018",
        pub_date=D(2024, 1, 22),
        jd=D(2024, 1, 17),
        canton="LU",
        lang="de",
        subject="muellerbau",
        types=["deletion", "bankruptcy"],
        text="Müller Bau GmbH, in Luzern, CHE-100.000.087, Gesellschaft mit beschränkter Haftung. Das "
        "Konkursverfahren ist mit Entscheid vom 10.01.2024 als geschlossen erklärt worden. Die "
        "Gesellschaft wird von Amtes wegen gelöscht.",
        involved=[],
    ),
    dict(
        key="E19",
        pub="HR01-1900000019",
        pub_date=D(2013, 6, 3),
        jd=D(2013, 5, 29),
        canton="TI",
        lang="it",
        subject="ticino",
        types=["registration"],
        text="Verde Giardini Sagl, in Locarno, CHE-100.000.093, Via Cittadella 4, 6600 Locarno, società a "
        "garanzia limitata (nuova iscrizione). Scopo: progettazione e manutenzione di giardini e spazi "
        "verdi. Capitale sociale: CHF 30'000.00. Persone iscritte: Bernasconi, Luca, da Mendrisio, in "
        "Locarno, socio e gerente, con firma individuale; Rossi, Marco, da Lugano, in Bellinzona, "
        "socio, senza diritto di firma.",
        involved=[
            (
                "bernasconi",
                ["partner", "managing_director"],
                "socio e gerente",
                "individual",
                "registered",
            ),
            ("rossi", ["partner"], "socio", "none", "registered"),
        ],
    ),
    dict(
        key="E20",
        pub="HR02-1900000020",
        pub_date=D(2019, 10, 7),
        jd=D(2019, 10, 2),
        canton="TI",
        lang="it",
        subject="ticino",
        types=["name_change", "seat_change", "address_change", "officer_change"],
        text="Ticino Verde Sagl, in Bellinzona, CHE-100.000.093, società a garanzia limitata. Nuova ditta: "
        "Ticino Verde Sagl [finora: Verde Giardini Sagl]. Nuova sede: Bellinzona [finora: Locarno]. "
        "Nuovo recapito: Viale Stazione 15, 6500 Bellinzona. Persone dimissionarie e firme cancellate: "
        "Bernasconi, Luca, da Mendrisio, in Locarno, socio e gerente, con firma individuale. Persone "
        "iscritte o modifiche: Rossi, Marco, da Lugano, in Bellinzona, socio e gerente, con firma "
        "individuale [finora: socio senza diritto di firma]; Mueller, Hans, da Lucerna, in Zurigo, "
        "con procura collettiva a due.",
        involved=[
            (
                "bernasconi",
                ["partner", "managing_director"],
                "socio e gerente",
                "individual",
                "removed",
            ),
            (
                "rossi",
                ["partner", "managing_director"],
                "socio e gerente",
                "individual",
                "registered",
            ),
            (
                "mueller_weak",
                ["authorized_signatory"],
                "procura collettiva a due",
                "collective_procuration",
                "registered",
            ),
        ],
    ),
    dict(
        key="E21",
        pub="ZEFIX-2005-0314-0021",
        pub_date=D(2005, 3, 14),
        jd=D(2005, 3, 9),
        canton="BS",
        lang="de",
        subject="sonnenhalde",
        types=["registration"],
        text="Stiftung Sonnenhalde, in Basel, CH-270.7.000.123-4, Stiftung (Neueintragung). Zweck: Förderung "
        "der Alterspflege und Betrieb eines Wohnheims in Basel. Eingetragene Personen: Brunner, Thomas, "
        "von Basel, in Basel, Präsident des Stiftungsrates, mit Kollektivunterschrift zu zweien; "
        "Brunner-Vogt, Elisabeth, von Basel und Bern, in Riehen, Mitglied des Stiftungsrates, mit "
        "Kollektivunterschrift zu zweien.",
        involved=[
            ("brunner", ["chair"], "Präsident des Stiftungsrates", "collective_two", "registered"),
            (
                "brunner_vogt",
                ["board_member"],
                "Mitglied des Stiftungsrates",
                "collective_two",
                "registered",
            ),
        ],
    ),
    dict(
        key="E22",
        pub="HR02-1900000022",
        pub_date=D(2020, 1, 15),
        jd=D(2020, 1, 10),
        canton="BS",
        lang="de",
        subject="sonnenhalde",
        types=["purpose_change", "address_change"],
        text="Stiftung Sonnenhalde, in Basel, CH-270.7.000.123-4, Stiftung. Zweck neu: Förderung der "
        "Alterspflege, Betrieb von Wohnheimen und Spitex-Diensten in der Region Basel. Domizil "
        "neu: c/o Thomas Brunner, Rheinweg 3, 4058 Basel.",
        involved=[],
    ),
    dict(
        key="E23",
        pub="HR01-1900000023",
        pub_date=D(2010, 11, 11),
        jd=D(2010, 11, 8),
        canton="ZG",
        lang="de",
        subject="sonnenberg",
        types=["registration"],
        text="Treuhand Sonnenberg AG, in Zug, CHE-100.000.101, Baarerstrasse 50, 6300 Zug, "
        "Aktiengesellschaft (Neueintragung). Zweck: Treuhand, Buchführung und Revision. "
        "Aktienkapital: CHF 150'000.00. Eingetragene Personen: Zimmermann, Urs, von Zug, in Zug, "
        "Präsident des Verwaltungsrates, mit Einzelunterschrift; Müller, Hans, von Luzern, in Zürich, "
        "Mitglied des Verwaltungsrates, mit Kollektivunterschrift zu zweien.",
        involved=[
            ("zimmermann", ["chair"], "Präsident des Verwaltungsrates", "individual", "registered"),
            (
                "mueller",
                ["board_member"],
                "Mitglied des Verwaltungsrates",
                "collective_two",
                "registered",
            ),
        ],
    ),
    dict(
        key="E24",
        pub="HR02-1900000024",
        pub_date=D(2019, 4, 4),
        jd=D(2019, 4, 1),
        canton="ZG",
        lang="de",
        subject="sonnenberg",
        types=["officer_change"],
        text="Treuhand Sonnenberg AG, in Zug, CHE-100.000.101, Aktiengesellschaft. Ausgeschiedene Personen "
        "und erloschene Unterschriften: Huber, Karl, von Glarus, in Zug, Prokurist, mit "
        "Kollektivprokura zu zweien.",
        involved=[
            ("huber", ["authorized_signatory"], "Prokurist", "collective_procuration", "removed")
        ],
    ),
]

EVENTS: Final = {row["key"]: row for row in EVENT_ROWS}
"""The 24 notices, by key `E01`..`E24` (pub numbers in `EVENTS[k]["pub"]`)."""
PUB: Final = {k: row["pub"] for k, row in EVENTS.items()}
"""Event key -> publication number."""
