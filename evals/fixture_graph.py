"""A small, hand-written graph that follows docs/graph-model.md, for tool and agent tests.

Every name is fictitious. `load_fixture_graph(driver)` wipes the database and creates the graph
with parameterised Cypher (not through ingestion), then returns `FACTS`: the data it loaded plus
hand-derived answers (`FACTS.expected`) that tests and the agent's question set assert against.

What it contains (short keys in brackets, graph ids in `FACTS.ids`):
- Alpenblick Holding AG [alpenblick] (Zürich, renamed from Alpenblick Beteiligungen AG, capital
  1M -> 5M) with two branches [branch_ge] (Genève, fr) and [branch_ti] (Lugano, it); its board
  rotates (Keller leaves, Frei joins on 2020-06-15) and a weak auditor [nordlicht] joins.
- Bergkristall Software GmbH [bergkristall] MERGED_INTO Kristallnetz Informatik AG [kristallnetz]
  (journal 2022-11-10); bergkristall is deleted.
- Lac Léman Logistique SA [leman] TRANSFERRED_TO Rhône Transports Sàrl [rhone] (asset transfer,
  fr), which ACQUIRED_FROM it; Claire Dubois moves from one to the other.
- Müller Bau GmbH [muellerbau] (Luzern): bankrupt 2023-03-10, deleted 2024-01-17; Beat Schmid
  left it and came back (two HOLDS_ROLE edges).
- Ticino Verde Sagl [ticino] (it), renamed from Verde Giardini Sagl and moved Locarno ->
  Bellinzona on 2019-10-02.
- Stiftung Sonnenhalde [sonnenhalde]: an old entry with only a register number (id `CH:...`).
- Treuhand Sonnenberg AG [sonnenberg] (Zug) and its weak text mention [sonnenberg_weak], which is
  SAME_AS it and shares its NameHub; the weak mention is auditor of kristallnetz.
- Phantom Consulting [phantom]: an orphan weak company (only IN_HUB), which search must hide.
- Hans Müller [mueller] holds mandates in alpenblick, muellerbau and sonnenberg; Hans Mueller
  [mueller_weak] (weak, "da Lucerna") shares his NameHub (transliteration variant).
- Anna Meier von Bern [meier_be] and Anna Meier de Genève [meier_ge]: homonyms in one NameHub.
- Karl Huber [huber] (weak): removed from sonnenberg without a registration (flagged edge with
  valid_from null).
Role validity is `valid_from <= d < valid_to` (null valid_to = open, null valid_from = unknown
start, counted as open); deleted companies have their roles closed by the deletion notice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Final

from neo4j import Driver

from ingestion.graph.stages.derived import refresh_derived

D = dt.date

# --- events: key -> (pub_number, pub_date, journal_date, canton, language, subject, types, text)
# `involved`: (entity key, roles, role_text, signature, action)
_EVENT_ROWS: Final[list[dict[str, Any]]] = [
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
        "Gesellschafter und Geschäftsführer, mit Einzelunterschrift; Schmid, Beat, von Luzern, in "
        "Kriens, Gesellschafter, mit Kollektivunterschrift zu zweien.",
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
        "Gesellschafter, mit Kollektivunterschrift zu zweien.",
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
        "Eingetragene Personen neu oder mutierend: Schmid, Beat, von Luzern, in Kriens, "
        "Geschäftsführer, mit Kollektivunterschrift zu zweien.",
        involved=[
            ("schmid", ["managing_director"], "Geschäftsführer", "collective_two", "registered")
        ],
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
        types=["purpose_change"],
        text="Stiftung Sonnenhalde, in Basel, CH-270.7.000.123-4, Stiftung. Zweck neu: Förderung der "
        "Alterspflege, Betrieb von Wohnheimen und Spitex-Diensten in der Region Basel.",
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

EVENTS: Final = {row["key"]: row for row in _EVENT_ROWS}
"""The 24 notices, by key `E01`..`E24` (pub numbers in `EVENTS[k]["pub"]`)."""
PUB: Final = {k: row["pub"] for k, row in EVENTS.items()}
"""Event key -> publication number."""

# --- companies: key -> properties (ids, names, state); `pubs` are derived from the events
COMPANIES: Final[dict[str, dict[str, Any]]] = {
    "alpenblick": dict(
        id="CHE-100.000.012",
        uid="CHE-100.000.012",
        strength="strong",
        name="Alpenblick Holding AG",
        old_names=["Alpenblick Beteiligungen AG"],
        name_norm="alpenblick holding",
        hub="company:alpenblick holding",
        seat="Zürich",
        canton="ZH",
        legal_form="0106",
        legal_form_label="AG",
        capital=5_000_000.0,
        purpose="Erwerb, Halten und Verwalten von Beteiligungen an Unternehmen im In- und Ausland.",
        address="Bahnhofstrasse 10, 8001 Zürich",
        status="active",
        reg="E01",
    ),
    "branch_ge": dict(
        id="CHE-100.000.029",
        uid="CHE-100.000.029",
        strength="strong",
        name="Alpenblick Holding AG, Zweigniederlassung Genf",
        old_names=[],
        name_norm="alpenblick holding zweigniederlassung genf",
        hub="company:alpenblick genf holding zweigniederlassung",
        seat="Genève",
        canton="GE",
        legal_form="0151",
        legal_form_label="Zweigniederlassung",
        capital=None,
        purpose="Gestion de participations pour la Suisse romande.",
        address="rue du Rhône 42, 1204 Genève",
        status="active",
        reg="E04",
    ),
    "branch_ti": dict(
        id="CHE-100.000.035",
        uid="CHE-100.000.035",
        strength="strong",
        name="Alpenblick Holding AG, succursale di Lugano",
        old_names=[],
        name_norm="alpenblick holding succursale di lugano",
        hub="company:alpenblick di holding lugano succursale",
        seat="Lugano",
        canton="TI",
        legal_form="0151",
        legal_form_label="Zweigniederlassung",
        capital=None,
        purpose="Gestione di partecipazioni per la Svizzera italiana.",
        address="Via Nassa 5, 6900 Lugano",
        status="active",
        reg="E05",
    ),
    "bergkristall": dict(
        id="CHE-100.000.041",
        uid="CHE-100.000.041",
        strength="strong",
        name="Bergkristall Software GmbH",
        old_names=[],
        name_norm="bergkristall software",
        hub="company:bergkristall software",
        seat="Bern",
        canton="BE",
        legal_form="0107",
        legal_form_label="GmbH",
        capital=20_000.0,
        purpose="Entwicklung und Vertrieb von Software.",
        address="Marktgasse 3, 3011 Bern",
        status="deleted",
        reg="E06",
        deleted="E09",
    ),
    "kristallnetz": dict(
        id="CHE-100.000.058",
        uid="CHE-100.000.058",
        strength="strong",
        name="Kristallnetz Informatik AG",
        old_names=[],
        name_norm="kristallnetz informatik",
        hub="company:informatik kristallnetz",
        seat="Bern",
        canton="BE",
        legal_form="0106",
        legal_form_label="AG",
        capital=250_000.0,
        purpose="Informatikdienstleistungen, Netzwerkbau und Beratung.",
        address="Spitalgasse 20, 3011 Bern",
        status="active",
        reg="E07",
    ),
    "leman": dict(
        id="CHE-100.000.064",
        uid="CHE-100.000.064",
        strength="strong",
        name="Lac Léman Logistique SA",
        old_names=[],
        name_norm="lac leman logistique",
        hub="company:lac leman logistique",
        seat="Lausanne",
        canton="VD",
        legal_form="0106",
        legal_form_label="SA",
        capital=100_000.0,
        purpose="Transport, entreposage et logistique de marchandises.",
        address="avenue de la Gare 12, 1003 Lausanne",
        status="active",
        reg="E10",
    ),
    "rhone": dict(
        id="CHE-100.000.070",
        uid="CHE-100.000.070",
        strength="strong",
        name="Rhône Transports Sàrl",
        old_names=[],
        name_norm="rhone transports",
        hub="company:rhone transports",
        seat="Sion",
        canton="VS",
        legal_form="0107",
        legal_form_label="Sàrl",
        capital=40_000.0,
        purpose="Transports routiers et déménagements.",
        address="rue de Lausanne 8, 1950 Sion",
        status="active",
        reg="E11",
    ),
    "muellerbau": dict(
        id="CHE-100.000.087",
        uid="CHE-100.000.087",
        strength="strong",
        name="Müller Bau GmbH",
        old_names=[],
        name_norm="mueller bau",
        hub="company:bau mueller",
        seat="Luzern",
        canton="LU",
        legal_form="0107",
        legal_form_label="GmbH",
        capital=50_000.0,
        purpose="Ausführung von Hoch- und Tiefbauarbeiten.",
        address="Industriestrasse 7, 6005 Luzern",
        status="deleted",
        reg="E14",
        deleted="E18",
    ),
    "ticino": dict(
        id="CHE-100.000.093",
        uid="CHE-100.000.093",
        strength="strong",
        name="Ticino Verde Sagl",
        old_names=["Verde Giardini Sagl"],
        name_norm="ticino verde",
        hub="company:ticino verde",
        seat="Bellinzona",
        canton="TI",
        legal_form="0107",
        legal_form_label="Sagl",
        capital=30_000.0,
        purpose="Progettazione e manutenzione di giardini e spazi verdi.",
        address="Viale Stazione 15, 6500 Bellinzona",
        status="active",
        reg="E19",
    ),
    "sonnenhalde": dict(
        id="CH:CH27070001234",
        uid=None,
        code13="CH27070001234",
        strength="strong",
        name="Stiftung Sonnenhalde",
        old_names=[],
        name_norm="sonnenhalde",
        hub="company:sonnenhalde",
        seat="Basel",
        canton="BS",
        legal_form="0110",
        legal_form_label="Stiftung",
        capital=None,
        purpose="Förderung der Alterspflege, Betrieb von Wohnheimen und Spitex-Diensten in der Region Basel.",
        address=None,
        status="active",
        reg="E21",
    ),
    "sonnenberg": dict(
        id="CHE-100.000.101",
        uid="CHE-100.000.101",
        strength="strong",
        name="Treuhand Sonnenberg AG",
        old_names=[],
        name_norm="treuhand sonnenberg",
        hub="company:sonnenberg treuhand",
        seat="Zug",
        canton="ZG",
        legal_form="0106",
        legal_form_label="AG",
        capital=150_000.0,
        purpose="Treuhand, Buchführung und Revision.",
        address="Baarerstrasse 50, 6300 Zug",
        status="active",
        reg="E23",
    ),
    "sonnenberg_weak": dict(
        id="wc:sonnenberg-zug",
        uid=None,
        strength="weak",
        name="Treuhand Sonnenberg",
        old_names=[],
        name_norm="treuhand sonnenberg",
        hub="company:sonnenberg treuhand",
        seat="Zug",
        canton=None,
        legal_form=None,
        legal_form_label=None,
        capital=None,
        purpose=None,
        address=None,
        status=None,
        reg=None,
    ),
    "nordlicht": dict(
        id="wc:nordlicht-baar",
        uid=None,
        strength="weak",
        name="Nordlicht Treuhand",
        old_names=[],
        name_norm="nordlicht treuhand",
        hub="company:nordlicht treuhand",
        seat="Baar",
        canton=None,
        legal_form=None,
        legal_form_label=None,
        capital=None,
        purpose=None,
        address=None,
        status=None,
        reg=None,
    ),
    "phantom": dict(
        id="wc:phantom",
        uid=None,
        strength="weak",
        name="Phantom Consulting",
        old_names=[],
        name_norm="phantom consulting",
        hub="company:consulting phantom",
        seat=None,
        canton=None,
        legal_form=None,
        legal_form_label=None,
        capital=None,
        purpose=None,
        address=None,
        status=None,
        reg=None,
    ),
}
"""14 companies: 11 strong, 3 weak (one SAME_AS a strong one, one auditor, one orphan)."""

PERSONS: Final[dict[str, dict[str, Any]]] = {
    "mueller": dict(
        id="p:mueller-luzern",
        given="Hans",
        family="Müller",
        variants=["Hans Müller", "Müller Hans"],
        norm="hans mueller",
        hub="person:hans mueller",
        origin="Luzern",
        residence="Zürich",
        strength="strong",
        merge_reason="same name, origin Luzern and residence Zürich in 3 notices",
    ),
    "mueller_weak": dict(
        id="p:mueller-lucerna",
        given="Hans",
        family="Mueller",
        variants=["Hans Mueller"],
        norm="hans mueller",
        hub="person:hans mueller",
        origin="Lucerna",
        residence="Zurigo",
        strength="weak",
        merge_reason="single mention",
    ),
    "meier_be": dict(
        id="p:meier-bern",
        given="Anna",
        family="Meier",
        variants=["Anna Meier"],
        norm="anna meier",
        hub="person:anna meier",
        origin="Bern",
        residence="Bern",
        strength="strong",
        merge_reason="same name and origin Bern in 3 notices",
    ),
    "meier_ge": dict(
        id="p:meier-geneve",
        given="Anna",
        family="Meier",
        variants=["Anna Meier"],
        norm="anna meier",
        hub="person:anna meier",
        origin="Genève",
        residence="Genève",
        strength="strong",
        merge_reason="unique origin Genève",
    ),
    "rossi": dict(
        id="p:rossi-lugano",
        given="Marco",
        family="Rossi",
        variants=["Marco Rossi"],
        norm="marco rossi",
        hub="person:marco rossi",
        origin="Lugano",
        residence="Bellinzona",
        strength="strong",
        merge_reason="same name and origin Lugano in 3 notices",
    ),
    "dubois": dict(
        id="p:dubois-lausanne",
        given="Claire",
        family="Dubois",
        variants=["Claire Dubois"],
        norm="claire dubois",
        hub="person:claire dubois",
        origin="Lausanne",
        residence="Lausanne",
        strength="strong",
        merge_reason="same name and origin Lausanne in 3 notices",
    ),
    "keller": dict(
        id="p:keller-zuerich",
        given="Peter",
        family="Keller",
        variants=["Peter Keller"],
        norm="keller peter",
        hub="person:keller peter",
        origin="Zürich",
        residence="Zürich",
        strength="strong",
        merge_reason="same name and origin in 2 notices",
    ),
    "frei": dict(
        id="p:frei-winterthur",
        given="Sandra",
        family="Frei",
        variants=["Sandra Frei"],
        norm="frei sandra",
        hub="person:frei sandra",
        origin="Winterthur",
        residence="Winterthur",
        strength="strong",
        merge_reason="unique origin Winterthur",
    ),
    "bernasconi": dict(
        id="p:bernasconi-mendrisio",
        given="Luca",
        family="Bernasconi",
        variants=["Luca Bernasconi"],
        norm="bernasconi luca",
        hub="person:bernasconi luca",
        origin="Mendrisio",
        residence="Locarno",
        strength="strong",
        merge_reason="same name and origin in 2 notices",
    ),
    "brunner": dict(
        id="p:brunner-basel",
        given="Thomas",
        family="Brunner",
        variants=["Thomas Brunner"],
        norm="brunner thomas",
        hub="person:brunner thomas",
        origin="Basel",
        residence="Basel",
        strength="strong",
        merge_reason="unique origin Basel",
    ),
    "brunner_vogt": dict(
        id="p:brunner-vogt-basel",
        given="Elisabeth",
        family="Brunner-Vogt",
        variants=["Elisabeth Brunner-Vogt"],
        norm="brunner elisabeth vogt",
        hub="person:brunner elisabeth vogt",
        origin="Basel und Bern",
        residence="Riehen",
        strength="strong",
        merge_reason="unique origin",
    ),
    "favre": dict(
        id="p:favre-sion",
        given="Jean-Pierre",
        family="Favre",
        variants=["Jean-Pierre Favre"],
        norm="favre jean pierre",
        hub="person:favre jean pierre",
        origin="Sion",
        residence="Sion",
        strength="strong",
        merge_reason="same name and origin in 2 notices",
    ),
    "schmid": dict(
        id="p:schmid-luzern",
        given="Beat",
        family="Schmid",
        variants=["Beat Schmid"],
        norm="beat schmid",
        hub="person:beat schmid",
        origin="Luzern",
        residence="Kriens",
        strength="strong",
        merge_reason="same name and origin in 3 notices",
    ),
    "zimmermann": dict(
        id="p:zimmermann-zug",
        given="Urs",
        family="Zimmermann",
        variants=["Urs Zimmermann"],
        norm="urs zimmermann",
        hub="person:urs zimmermann",
        origin="Zug",
        residence="Zug",
        strength="strong",
        merge_reason="unique origin Zug",
    ),
    "huber": dict(
        id="p:huber-glarus",
        given="Karl",
        family="Huber",
        variants=["Karl Huber"],
        norm="huber karl",
        hub="person:huber karl",
        origin="Glarus",
        residence="Zug",
        strength="weak",
        merge_reason="single mention (removal only)",
    ),
}
"""15 persons (2 weak)."""

# holder, company, roles, role_text, signature, from event, to event (None = open), flags
ROLES: Final[list[tuple[str, str, list[str], str, str, str | None, str | None, list[str]]]] = [
    (
        "mueller",
        "alpenblick",
        ["chair"],
        "Präsident des Verwaltungsrates",
        "individual",
        "E01",
        None,
        [],
    ),
    (
        "keller",
        "alpenblick",
        ["board_member"],
        "Mitglied des Verwaltungsrates",
        "collective_two",
        "E01",
        "E03",
        [],
    ),
    (
        "frei",
        "alpenblick",
        ["board_member"],
        "Mitglied des Verwaltungsrates",
        "collective_two",
        "E03",
        None,
        [],
    ),
    ("nordlicht", "alpenblick", ["auditor"], "Revisionsstelle", "unknown", "E03", None, []),
    (
        "meier_ge",
        "branch_ge",
        ["branch_manager"],
        "directrice de la succursale",
        "individual",
        "E04",
        None,
        [],
    ),
    (
        "rossi",
        "branch_ti",
        ["branch_manager"],
        "direttore della succursale",
        "individual",
        "E05",
        None,
        [],
    ),
    (
        "meier_be",
        "bergkristall",
        ["partner", "managing_director"],
        "Gesellschafterin und Geschäftsführerin",
        "individual",
        "E06",
        "E09",
        [],
    ),
    (
        "meier_be",
        "kristallnetz",
        ["chair"],
        "Präsidentin des Verwaltungsrates",
        "individual",
        "E07",
        None,
        [],
    ),
    ("sonnenberg_weak", "kristallnetz", ["auditor"], "Revisionsstelle", "unknown", "E07", None, []),
    ("dubois", "leman", ["board_member"], "administratrice unique", "individual", "E10", "E12", []),
    (
        "favre",
        "rhone",
        ["partner", "managing_director"],
        "associé gérant",
        "individual",
        "E11",
        None,
        [],
    ),
    ("favre", "leman", ["board_member"], "administrateur unique", "individual", "E12", None, []),
    ("dubois", "rhone", ["managing_director"], "gérante", "collective_two", "E13", None, []),
    (
        "mueller",
        "muellerbau",
        ["partner", "managing_director"],
        "Gesellschafter und Geschäftsführer",
        "individual",
        "E14",
        "E18",
        [],
    ),
    ("schmid", "muellerbau", ["partner"], "Gesellschafter", "collective_two", "E14", "E15", []),
    (
        "schmid",
        "muellerbau",
        ["managing_director"],
        "Geschäftsführer",
        "collective_two",
        "E16",
        "E18",
        [],
    ),
    (
        "bernasconi",
        "ticino",
        ["partner", "managing_director"],
        "socio e gerente",
        "individual",
        "E19",
        "E20",
        [],
    ),
    ("rossi", "ticino", ["partner"], "socio", "none", "E19", "E20", []),
    (
        "rossi",
        "ticino",
        ["partner", "managing_director"],
        "socio e gerente",
        "individual",
        "E20",
        None,
        [],
    ),
    (
        "mueller_weak",
        "ticino",
        ["authorized_signatory"],
        "procura collettiva a due",
        "collective_procuration",
        "E20",
        None,
        [],
    ),
    (
        "brunner",
        "sonnenhalde",
        ["chair"],
        "Präsident des Stiftungsrates",
        "collective_two",
        "E21",
        None,
        [],
    ),
    (
        "brunner_vogt",
        "sonnenhalde",
        ["board_member"],
        "Mitglied des Stiftungsrates",
        "collective_two",
        "E21",
        None,
        [],
    ),
    (
        "zimmermann",
        "sonnenberg",
        ["chair"],
        "Präsident des Verwaltungsrates",
        "individual",
        "E23",
        None,
        [],
    ),
    (
        "mueller",
        "sonnenberg",
        ["board_member"],
        "Mitglied des Verwaltungsrates",
        "collective_two",
        "E23",
        None,
        [],
    ),
    (
        "huber",
        "sonnenberg",
        ["authorized_signatory"],
        "Prokurist",
        "collective_procuration",
        None,
        "E24",
        ["removal_without_registration"],
    ),
]
"""25 HOLDS_ROLE intervals; validity dates are the journal dates of the from/to notices."""

# company, attribute, value, from event, to event
STATES: Final[list[tuple[str, str, str, str, str | None]]] = [
    ("alpenblick", "name", "Alpenblick Beteiligungen AG", "E01", "E02"),
    ("alpenblick", "name", "Alpenblick Holding AG", "E02", None),
    ("alpenblick", "capital", "1000000", "E01", "E02"),
    ("alpenblick", "capital", "5000000", "E02", None),
    ("alpenblick", "seat", "Zürich", "E01", None),
    ("ticino", "name", "Verde Giardini Sagl", "E19", "E20"),
    ("ticino", "name", "Ticino Verde Sagl", "E20", None),
    ("ticino", "seat", "Locarno", "E19", "E20"),
    ("ticino", "seat", "Bellinzona", "E20", None),
    ("muellerbau", "status", "active", "E14", "E17"),
    ("muellerbau", "status", "bankrupt", "E17", "E18"),
    ("muellerbau", "status", "deleted", "E18", None),
    ("bergkristall", "status", "active", "E06", "E09"),
    ("bergkristall", "status", "deleted", "E09", None),
    (
        "sonnenhalde",
        "purpose",
        "Förderung der Alterspflege und Betrieb eines Wohnheims in Basel.",
        "E21",
        "E22",
    ),
    ("sonnenhalde", "purpose", COMPANIES["sonnenhalde"]["purpose"], "E22", None),
]
"""16 CompanyState values (attribute history)."""

# type, from company, to company, event (date = its journal date)
STRUCTURE: Final[list[tuple[str, str, str, str]]] = [
    ("HEAD_OFFICE_OF", "alpenblick", "branch_ge", "E04"),
    ("HEAD_OFFICE_OF", "alpenblick", "branch_ti", "E05"),
    ("MERGED_INTO", "bergkristall", "kristallnetz", "E08"),
    ("TRANSFERRED_TO", "leman", "rhone", "E12"),
    ("ACQUIRED_FROM", "rhone", "leman", "E13"),
]
"""Corporate-structure edges."""


@dataclass(frozen=True)
class FixtureFacts:
    """The fixture's data and its hand-derived answers (see the module docstring)."""

    ids: dict[str, str]
    """Short key (`alpenblick`, `mueller`, ...) -> graph id (Company.id / Person.id)."""
    pub: dict[str, str]
    """Event key (`E01`..`E24`) -> publication number."""
    counts: dict[str, int]
    """Node counts by label and relationship counts by type, as loaded."""
    expected: dict[str, Any] = field(default_factory=dict)
    """Named answers, written by hand from the tables above (keys are self-explaining)."""


def _ids() -> dict[str, str]:
    out = {k: c["id"] for k, c in COMPANIES.items()}
    out.update({k: p["id"] for k, p in PERSONS.items()})
    return out


_IDS: Final = _ids()

FACTS: Final = FixtureFacts(
    ids=_IDS,
    pub=dict(PUB),
    counts={
        "Company": 14,
        "Person": 15,
        "Event": 24,
        "NameHub": 26,
        "CompanyState": 16,
        "HAS_EVENT": 24,
        "INVOLVED_IN": 36,
        "HOLDS_ROLE": 25,
        "IN_HUB": 29,
        "SAME_AS": 1,
        "HAD_STATE": 16,
        "HEAD_OFFICE_OF": 2,
        "MERGED_INTO": 1,
        "TRANSFERRED_TO": 1,
        "ACQUIRED_FROM": 1,
    },
    expected={
        # holders of HOLDS_ROLE in alpenblick valid on a date (valid_from <= d < valid_to)
        "alpenblick_roles_2019_01_01": {"mueller", "keller"},
        "alpenblick_roles_2021_03_01": {"mueller", "frei", "nordlicht"},
        "alpenblick_roles_2014_01_01": set(),
        "muellerbau_roles_2017_01_01": {"mueller"},
        "muellerbau_roles_2019_01_01": {"mueller", "schmid"},
        "muellerbau_roles_2024_06_01": set(),
        "ticino_name_2018_01_01": "Verde Giardini Sagl",
        "ticino_seat_2018_01_01": "Locarno",
        "ticino_name_2020_01_01": "Ticino Verde Sagl",
        # history of a node (subject and involved events, own and NameHub aliases), by pub_date
        "alpenblick_history": ["E01", "E02", "E04", "E03", "E05"],
        "sonnenberg_history_with_aliases": ["E23", "E07", "E24"],
        "mueller_history_with_aliases": ["E23", "E14", "E01", "E20"],
        "mueller_history_2016_01_01": ["E23", "E14", "E01"],
        # network: direct structure neighbours of alpenblick
        "alpenblick_branches": {"branch_ge", "branch_ti"},
        "mueller_companies": {"alpenblick", "muellerbau", "sonnenberg"},
        "mueller_hub_aliases": {"mueller_weak"},
        "meier_hub_homonyms": {"meier_be", "meier_ge"},
        # rankings (strong companies with a capital, descending)
        "top_capital": [
            "alpenblick",
            "kristallnetz",
            "sonnenberg",
            "leman",
            "muellerbau",
            "rhone",
            "ticino",
            "bergkristall",
        ],
        "top_mandates_first": ("mueller", 3),  # distinct companies with any HOLDS_ROLE
        "top_events_first": ("muellerbau", 5),  # HAS_EVENT count
        # counts of distinct subject companies by event type / sub-rubric
        "companies_by_event_type": {
            "registration": 11,
            "deletion": 2,
            "merger": 2,
            "asset_transfer": 2,
            "name_change": 2,
            "bankruptcy": 1,
            "officer_change": 7,
            "seat_change": 1,
            "purpose_change": 1,
            "branch": 2,
            "capital_change": 1,
            "auditor_change": 1,
            "statutes_change": 1,
            "address_change": 1,
            "dissolution": 1,
        },
        "companies_by_sub_rubric": {"HR01": 11, "HR02": 8, "HR03": 2},
        "events_by_sub_rubric": {"HR01": 11, "HR02": 11, "HR03": 2},
        "deleted_companies": {"bergkristall", "muellerbau"},
        "weak_companies": {"sonnenberg_weak", "nordlicht", "phantom"},
        "orphan_weak": {"phantom"},
        "weak_persons": {"mueller_weak", "huber"},
    },
)
"""The documented facts of the fixture graph; `load_fixture_graph` returns this object."""


# ------------------------------------------------------------------------------------ loading
WIPE = "MATCH (n) DETACH DELETE n"
CREATE_EVENTS = """
UNWIND $rows AS r
CREATE (e:Event {pub_number: r.pub_number, pub_id: r.pub_id, sub_rubric: r.sub_rubric,
  pub_date: r.pub_date, journal_date: r.journal_date, journal_number: r.journal_number,
  canton: r.canton, language: r.language, text: r.text, event_types: r.event_types,
  subject_id: r.subject_id, source: 'fixture', flags: [], pubs: [r.pub_number]})
"""
CREATE_COMPANIES = """
UNWIND $rows AS r
CREATE (c:Company) SET c = r
"""
CREATE_PERSONS = """
UNWIND $rows AS r
CREATE (p:Person) SET p = r
"""
CREATE_HUBS = """
UNWIND $rows AS r
MERGE (h:NameHub {key: r.key}) ON CREATE SET h.kind = r.kind, h.display = r.display
WITH h, r
MATCH (n {id: r.member})
CREATE (n)-[:IN_HUB]->(h)
"""
CREATE_HAS_EVENT = """
UNWIND $rows AS r
MATCH (c:Company {id: r.company}), (e:Event {pub_number: r.pub})
CREATE (c)-[:HAS_EVENT {pubs: [r.pub]}]->(e)
"""
CREATE_INVOLVED = """
UNWIND $rows AS r
MATCH (n {id: r.entity}), (e:Event {pub_number: r.pub})
CREATE (n)-[:INVOLVED_IN {role: r.roles[0], roles: r.roles, role_text: r.role_text,
  signature: r.signature, action: r.action, pubs: [r.pub]}]->(e)
"""
CREATE_ROLES = """
UNWIND $rows AS r
MATCH (h {id: r.holder}), (c:Company {id: r.company})
CREATE (h)-[x:HOLDS_ROLE]->(c) SET x = r.props
"""
CREATE_STATES = """
UNWIND $rows AS r
MATCH (c:Company {id: r.company})
CREATE (c)-[:HAD_STATE]->(s:CompanyState) SET s = r.props
"""
# Relationship types cannot be parameters: one query per type.
CREATE_REL_BY_TYPE = {
    t: f"""
UNWIND $rows AS r
MATCH (a:Company {{id: r.src}}), (b:Company {{id: r.dst}})
CREATE (a)-[x:{t}]->(b) SET x = r.props
"""
    for t in ("HEAD_OFFICE_OF", "MERGED_INTO", "TRANSFERRED_TO", "ACQUIRED_FROM", "SAME_AS")
}


def _jd(key: str | None) -> dt.date | None:
    return EVENTS[key]["jd"] if key else None


def _entity_pubs() -> dict[str, list[str]]:
    """Provenance of each company/person: the notices it is subject of or named in, by date."""
    pubs: dict[str, list[str]] = {}
    for ev in sorted(_EVENT_ROWS, key=lambda e: (e["pub_date"], e["pub"])):
        for key in [ev["subject"], *[inv[0] for inv in ev["involved"]]]:
            pubs.setdefault(key, [])
            if ev["pub"] not in pubs[key]:
                pubs[key].append(ev["pub"])
    return pubs


def _company_rows(pubs: dict[str, list[str]]) -> list[dict[str, Any]]:
    rows = []
    for key, c in COMPANIES.items():
        names = [c["name"], *c["old_names"]]
        own = pubs.get(key, [])
        dates = sorted(ev["pub_date"] for ev in _EVENT_ROWS if ev["pub"] in own)
        row = {
            "id": c["id"],
            "uid": c["uid"],
            "code13": c.get("code13"),
            "strength": c["strength"],
            "name": c["name"],
            "names": names,
            "names_text": " | ".join(names),
            "name_norm": c["name_norm"],
            "hub_key": c["hub"],
            "seat": c["seat"],
            "canton": c["canton"],
            "legal_form": c["legal_form"],
            "legal_form_label": c["legal_form_label"],
            "purpose": c["purpose"],
            "capital": c["capital"],
            "address": c["address"],
            "status": c["status"],
            "registered_on": _jd(c["reg"]),
            "deleted_on": _jd(c.get("deleted")),
            "first_pub_date": dates[0] if dates else None,
            "last_pub_date": dates[-1] if dates else None,
            "flags": [],
            "pubs": own,
        }
        rows.append({k: v for k, v in row.items() if v is not None})
    return rows


def _person_rows(pubs: dict[str, list[str]]) -> list[dict[str, Any]]:
    return [
        {
            "id": p["id"],
            "family_name": p["family"],
            "given_names": p["given"],
            "full_name": f"{p['given']} {p['family']}",
            "name_variants_text": " | ".join(p["variants"]),
            "name_norm": p["norm"],
            "hub_key": p["hub"],
            "origin": p["origin"],
            "residence": p["residence"],
            "residences": [p["residence"]],
            "strength": p["strength"],
            "merge_reason": p["merge_reason"],
            "pubs": pubs.get(key, []),
        }
        for key, p in PERSONS.items()
    ]


def _role_rows() -> list[dict[str, Any]]:
    rows = []
    for holder, company, roles, text, sig, frm, to, flags in ROLES:
        props = {
            "role": roles[0],
            "roles": roles,
            "role_text": text,
            "signature": sig,
            "valid_from": _jd(frm),
            "valid_to": _jd(to),
            "from_pub": PUB[frm] if frm else None,
            "to_pub": PUB[to] if to else None,
            "from_pub_date": EVENTS[frm]["pub_date"] if frm else None,
            "to_pub_date": EVENTS[to]["pub_date"] if to else None,
            "current": to is None,
            "flags": flags,
            "pubs": [PUB[k] for k in (frm, to) if k],
        }
        rows.append(
            {
                "holder": _IDS[holder],
                "company": _IDS[company],
                "props": {k: v for k, v in props.items() if v is not None},
            }
        )
    return rows


def _state_rows() -> list[dict[str, Any]]:
    rows = []
    for company, attr, value, frm, to in STATES:
        props = {
            "id": f"{_IDS[company]}|{attr}|{PUB[frm]}",
            "attribute": attr,
            "value": value,
            "valid_from": _jd(frm),
            "valid_to": _jd(to),
            "pub_number": PUB[frm],
            "pub_date": EVENTS[frm]["pub_date"],
            "pubs": [PUB[frm]],
        }
        rows.append(
            {"company": _IDS[company], "props": {k: v for k, v in props.items() if v is not None}}
        )
    return rows


def _structure_rows() -> dict[str, list[dict[str, Any]]]:
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in CREATE_REL_BY_TYPE}
    for rel, src, dst, ev in STRUCTURE:
        props: dict[str, Any] = {"pubs": [PUB[ev]]}
        if rel != "HEAD_OFFICE_OF":
            props.update(date=_jd(ev), pub_number=PUB[ev])
        by_type[rel].append({"src": _IDS[src], "dst": _IDS[dst], "props": props})
    by_type["SAME_AS"].append(
        {
            "src": _IDS["sonnenberg_weak"],
            "dst": _IDS["sonnenberg"],
            "props": {
                "rule": "namehub_seat",
                "score": 0.95,
                "reason": "same NameHub key and same seat (Zug)",
                "pubs": [PUB["E07"]],
            },
        }
    )
    return by_type


def load_fixture_graph(driver: Driver, database: str = "neo4j") -> FixtureFacts:
    """Wipe `database` and create the fixture graph; return its documented facts (`FACTS`)."""
    pubs = _entity_pubs()
    events = [
        {
            "pub_number": e["pub"],
            "pub_id": f"00000000-0000-0000-0000-0000000000{e['key'][1:]}",
            "sub_rubric": e["pub"][:4] if e["pub"].startswith("HR") else "HR01",
            "pub_date": e["pub_date"],
            "journal_date": e["jd"],
            "journal_number": f"J{e['key'][1:]}",
            "canton": e["canton"],
            "language": e["lang"],
            "text": e["text"],
            "event_types": e["types"],
            "subject_id": _IDS[e["subject"]],
        }
        for e in _EVENT_ROWS
    ]
    hubs = [
        {
            "key": spec["hub"],
            "kind": "company" if key in COMPANIES else "person",
            "display": spec.get("name") or f"{spec['given']} {spec['family']}",
            "member": spec["id"],
        }
        for key, spec in [*COMPANIES.items(), *PERSONS.items()]
    ]
    involved = [
        {
            "entity": _IDS[ent],
            "pub": e["pub"],
            "roles": roles,
            "role_text": text,
            "signature": sig,
            "action": action,
        }
        for e in _EVENT_ROWS
        for ent, roles, text, sig, action in e["involved"]
    ]
    has_event = [{"company": _IDS[e["subject"]], "pub": e["pub"]} for e in _EVENT_ROWS]

    def run(query: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            driver.execute_query(query, {"rows": rows}, database_=database)

    driver.execute_query(WIPE, database_=database)
    run(CREATE_EVENTS, events)
    run(CREATE_COMPANIES, _company_rows(pubs))
    run(CREATE_PERSONS, _person_rows(pubs))
    run(CREATE_HUBS, hubs)
    run(CREATE_HAS_EVENT, has_event)
    run(CREATE_INVOLVED, involved)
    run(CREATE_ROLES, _role_rows())
    run(CREATE_STATES, _state_rows())
    for rel, rows in _structure_rows().items():
        run(CREATE_REL_BY_TYPE[rel], rows)
    refresh_derived(driver, database)  # the stored counts `shabgraph ingest` writes at its end
    # Full-text indexes are eventually consistent: wait so that searches see the new nodes.
    driver.execute_query("CALL db.awaitIndexes(60)", database_=database)
    return FACTS
