"""The agent's question set on the fixture graph: exact expected facts for each turn.

Each case is a conversation (one thread); each turn names what the answer must contain, must not
contain, which notices it must cite (event keys of `evals.fixture_graph`), and optionally the
intent and the synthesis form. Names of the fixture are fictitious.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Turn:
    """One question and what its answer must show."""

    q: str
    must: tuple[str, ...] = ()
    must_not: tuple[str, ...] = ()
    cites: tuple[str, ...] = ()
    intent: str | None = None
    form: str | None = None
    as_of: str | None = None
    selected: str | None = None  # fixture key of the entity the UI's dossier is open on
    ordered: tuple[str, ...] = ()  # event keys whose citations must appear in this order
    carried: str | None = None  # fixture key that the trace must show as carried over


@dataclass(frozen=True)
class Case:
    """A conversation."""

    name: str
    turns: tuple[Turn, ...] = field(default_factory=tuple)


def one(name: str, **kw: object) -> Case:
    return Case(name, (Turn(**kw),))  # type: ignore[arg-type]


ED, NE, EH, MA, DT = (
    "entity_disambiguation",
    "network_exploration",
    "event_history",
    "macro_analytics",
    "deep_text",
)

CASES: tuple[Case, ...] = (
    # --- entity disambiguation (lookup), four languages, misspellings, homonyms, UIDs
    one(
        "en_who_is_person",
        q="Who is Hans Müller?",
        must=("Hans Müller", "Luzern"),
        cites=("E01",),
        intent=ED,
        form="dossier",
    ),
    one(
        "de_who_is_misspelt",
        q="Wer ist Hans Muller?",
        must=("Hans Müller", "Luzern"),
        intent=ED,
        form="dossier",
    ),
    one(
        "fr_homonyms",
        q="Qui est Anna Meier ?",
        must=("Anna Meier", "Bern", "Genève", "Plusieurs"),
        intent=ED,
        form="table",
    ),
    one(
        "it_homonym_resolved_by_origin",
        q="Chi è Anna Meier di Genève?",
        must=("Anna Meier", "Zweigniederlassung Genf"),
        cites=("E04",),
        form="dossier",
    ),
    one(
        "en_uid_lookup",
        q="What is CHE-100.000.058?",
        must=("Kristallnetz Informatik AG", "Bern"),
        cites=("E07",),
        form="dossier",
    ),
    one(
        "de_company_misspelt",
        q="Was ist die Firma Alpenblik Holding?",
        must=("Alpenblick Holding AG", "Zürich"),
        form="dossier",
    ),
    one(
        "fr_company_no_accent",
        q="Trouve Lac Leman Logistique",
        must=("Lac Léman Logistique SA", "Lausanne"),
        intent=ED,
    ),
    one("it_former_name", q="Cerca Verde Giardini Sagl", must=("Ticino Verde Sagl",), intent=ED),
    one(
        "en_orphan_weak_is_negative",
        q="Tell me about Phantom Consulting",
        must=("Phantom Consulting", "search_companies", "global_text_search"),
        must_not=("does not exist",),
        form="negative",
    ),
    one(
        "de_unknown_person_negative",
        q="Wer ist Maximilian Mustermann?",
        must=("Maximilian Mustermann", "search_companies", "Zeitraum"),
        form="negative",
    ),
    # --- network exploration
    one(
        "de_board",
        q="Wer sitzt im Verwaltungsrat der Alpenblick Holding AG?",
        must=("Sandra Frei", "Hans Müller"),
        must_not=("Peter Keller",),
        cites=("E03", "E01"),
        intent=NE,
        form="table",
    ),
    one(
        "en_board",
        q="Who is on the board of Alpenblick Holding AG?",
        must=("Sandra Frei", "Hans Müller", "Nordlicht Treuhand"),
        must_not=("Peter Keller",),
        intent=NE,
    ),
    one(
        "fr_branches",
        q="Quelles sont les succursales de Alpenblick Holding AG ?",
        must=("Zweigniederlassung Genf", "succursale di Lugano"),
        cites=("E04", "E05"),
        intent=NE,
    ),
    one(
        "it_branches",
        q="Quali sono le succursali di Alpenblick Holding AG?",
        must=("Zweigniederlassung Genf", "succursale di Lugano"),
        intent=NE,
    ),
    one(
        "en_mandates_of_person",
        q="Which companies does Hans Müller hold mandates in?",
        must=("Treuhand Sonnenberg AG", "Alpenblick Holding AG"),
        cites=("E23",),
        intent=NE,
    ),
    one(
        "de_mandates_past_only",
        q="Welche Mandate hat Beat Schmid?",
        must=("Müller Bau GmbH",),
        cites=("E14",),
        intent=NE,
    ),
    one(
        "en_auditor",
        q="Who is the auditor of Kristallnetz Informatik AG?",
        must=("Treuhand Sonnenberg", "Revisionsstelle"),
        cites=("E07",),
        intent=NE,
    ),
    one(
        "de_president",
        q="Wer ist Präsident der Stiftung Sonnenhalde?",
        must=("Thomas Brunner",),
        must_not=("Elisabeth Brunner-Vogt",),
        cites=("E21",),
        intent=NE,
    ),
    one(
        "fr_current_director",
        q="Qui est l'administrateur de Lac Léman Logistique SA ?",
        must=("Jean-Pierre Favre",),
        must_not=("Claire Dubois",),
        cites=("E12",),
        intent=NE,
    ),
    one(
        "it_partners",
        q="Chi sono i soci di Ticino Verde Sagl?",
        must=("Marco Rossi",),
        must_not=("Luca Bernasconi",),
        cites=("E20",),
        intent=NE,
    ),
    one(
        "en_merger",
        q="Which company absorbed Bergkristall Software GmbH?",
        must=("Kristallnetz Informatik AG",),
        cites=("E08",),
        intent=NE,
    ),
    one(
        "fr_transfer",
        q="À qui Lac Léman Logistique SA a-t-elle transféré des actifs ?",
        must=("Rhône Transports Sàrl",),
        cites=("E12",),
        intent=NE,
    ),
    one(
        "de_head_office",
        q='Was ist der Hauptsitz von "Alpenblick Holding AG, Zweigniederlassung Genf"?',
        must=("Alpenblick Holding AG",),
        cites=("E04",),
        intent=NE,
    ),
    # --- as_of (from the question or from the caller)
    one(
        "en_board_as_of",
        q="Who was on the board of Alpenblick Holding AG on 1 March 2021?",
        must=("Sandra Frei", "Hans Müller", "01.03.2021"),
        must_not=("Peter Keller",),
    ),
    one(
        "de_board_as_of_dotted",
        q="Wer war am 1.1.2019 im Verwaltungsrat der Alpenblick Holding AG?",
        must=("Peter Keller", "Hans Müller"),
        must_not=("Sandra Frei",),
    ),
    one(
        "fr_managers_as_of",
        q="Qui étaient les gérants de Müller Bau GmbH le 1er janvier 2017 ?",
        must=("Hans Müller",),
        must_not=("Beat Schmid",),
    ),
    one(
        "it_board_before_registration",
        q="Chi era nel consiglio di Alpenblick Holding AG al 1 gennaio 2014?",
        must=("2014-01-01", "get_entity_facts"),
        must_not=("Hans Müller |",),
        form="negative",
    ),
    one(
        "en_as_of_from_caller",
        q="Who is on the board of Alpenblick Holding AG?",
        as_of="2019-01-01",
        must=("Peter Keller", "Hans Müller"),
        must_not=("Sandra Frei",),
    ),
    one(
        "de_name_as_of",
        q="Wie hiess die Ticino Verde Sagl am 1.1.2018?",
        must=("Verde Giardini Sagl", "Locarno"),
        intent=EH,
        form="timeline",
    ),
    # --- follow-ups (memory)
    Case(
        "fr_follow_up_branches",
        (
            Turn("Who is on the board of Alpenblick Holding AG?", must=("Sandra Frei",)),
            Turn(
                "et ses succursales ?",
                must=("Zweigniederlassung Genf", "succursale di Lugano"),
                carried="alpenblick",
            ),
        ),
    ),
    Case(
        "en_follow_up_other_mandates",
        (
            Turn(
                "Who is the president of Alpenblick Holding AG?",
                must=("Hans Müller",),
                must_not=("Sandra Frei",),
            ),
            Turn(
                "his other mandates",
                must=("Treuhand Sonnenberg AG",),
                must_not=("Alpenblick Holding AG |",),
                carried="mueller",
            ),
        ),
    ),
    Case(
        "de_follow_up_previous_board",
        (
            Turn("Wer ist im Verwaltungsrat der Alpenblick Holding AG?", must=("Sandra Frei",)),
            Turn(
                "Wer war vorher im Verwaltungsrat?",
                must=("Peter Keller",),
                must_not=("Sandra Frei",),
                carried="alpenblick",
            ),
        ),
    ),
    Case(
        "de_follow_up_previous_president_negative",
        (
            Turn("Wer ist im Stiftungsrat der Stiftung Sonnenhalde?", must=("Thomas Brunner",)),
            Turn(
                "wer war vorher Präsident?",
                must=("Stiftung Sonnenhalde", "get_entity_facts"),
                must_not=("Thomas Brunner |",),
                form="negative",
                carried="sonnenhalde",
            ),
        ),
    ),
    Case(
        "it_follow_up_before",
        (
            Turn("Chi sono i soci di Ticino Verde Sagl?", must=("Marco Rossi",)),
            Turn("e prima?", must=("Luca Bernasconi",), carried="ticino"),
        ),
    ),
    Case(
        "fr_follow_up_mandates",
        (
            Turn("Qui est Claire Dubois ?", must=("Claire Dubois",), form="dossier"),
            Turn("et ses mandats ?", must=("Rhône Transports Sàrl",), carried="dubois"),
        ),
    ),
    Case(
        "en_follow_up_its_auditor",
        (
            Turn("Tell me about Kristallnetz Informatik AG", must=("Kristallnetz Informatik AG",)),
            Turn("Who is its auditor?", must=("Treuhand Sonnenberg",), carried="kristallnetz"),
        ),
    ),
    Case(
        "de_history_then_partners",
        (
            Turn("Zeige die Geschichte der Müller Bau GmbH", form="timeline", cites=("E17",)),
            Turn(
                "und wer waren die Gesellschafter?",
                must=("Hans Müller", "Beat Schmid"),
                carried="muellerbau",
            ),
        ),
    ),
    Case(
        "en_new_entity_in_follow_up_thread",
        (
            Turn("Who is on the board of Alpenblick Holding AG?", must=("Sandra Frei",)),
            Turn(
                "Who is on the board of Treuhand Sonnenberg AG?",
                must=("Urs Zimmermann",),
                must_not=("Sandra Frei",),
            ),
        ),
    ),
    # --- a new explicit name wins over the carried-over entity
    Case(
        "en_who_is_new_person_after_a_fact_turn",
        (
            Turn("Where does Claire Dubois live?", must=("Lausanne",)),
            Turn(
                "Who is Marco Rossi?",
                must=("Marco Rossi", "Ticino Verde Sagl"),
                must_not=("Claire Dubois", "not named"),
                intent=ED,
            ),
            Turn(
                "And where does he live?",
                must=("**Marco Rossi**", "Bellinzona"),
                must_not=("Claire Dubois",),
            ),
        ),
    ),
    Case(
        "de_wer_ist_new_person_then_pronoun",
        (
            Turn("Wo wohnt Luca Bernasconi?", must=("Locarno",)),
            Turn(
                "Wer ist Thomas Brunner?",
                must=("Thomas Brunner", "Stiftung Sonnenhalde"),
                must_not=("Luca Bernasconi", "nicht genannt"),
            ),
            Turn(
                "Welche Funktionen hat er?",
                must=("**Thomas Brunner**", "Präsident des Stiftungsrates"),
                must_not=("Ticino Verde Sagl",),
            ),
        ),
    ),
    Case(
        "fr_et_new_person_keeps_the_fact_asked",
        (
            Turn("Où habite Marco Rossi ?", must=("Bellinzona",)),
            Turn(
                "et Sandra Frei ?",
                must=("**Sandra Frei**", "Winterthur"),
                must_not=("Marco Rossi", "Bellinzona"),
            ),
        ),
    ),
    Case(
        "it_chi_e_new_person_after_residence",
        (
            Turn("Dove abita Peter Keller?", must=("Zürich",)),
            Turn(
                "Chi è Claire Dubois?",
                must=("Claire Dubois", "Rhône Transports Sàrl"),
                must_not=("Peter Keller", "non è nominat"),
            ),
        ),
    ),
    Case(
        "de_successor_with_company_and_person_in_one_sentence",
        (
            Turn(
                "Wer folgte bei der Alpenblick Holding AG auf Peter Keller?",
                must=("Sandra Frei", "15.06.2020"),
                must_not=("Dossier",),
            ),
        ),
    ),
    # --- replace verbs: whom the holder replaced, who replaced the holder; split German verbs
    Case(
        "de_wen_hat_sie_abgeloest",
        (
            Turn(
                "Wer trat 2020 in den Verwaltungsrat der Alpenblick Holding AG ein?",
                must=("Sandra Frei", "15.06.2020"),
                must_not=("Peter Keller",),
            ),
            Turn(
                "und wen hat sie abgelöst?",
                must=("Vor Sandra Frei", "**Peter Keller**", "05.03.2015 bis 15.06.2020"),
                must_not=("Hans Müller",),
            ),
        ),
    ),
    Case(
        "en_whom_did_she_replace",
        (
            Turn("Who joined the board of Alpenblick Holding AG in 2020?", must=("Sandra Frei",)),
            Turn(
                "And whom did she replace?",
                must=("Before Sandra Frei", "**Peter Keller**"),
                must_not=("Hans Müller",),
            ),
        ),
    ),
    Case(
        "de_schied_aus_then_who_replaced_him",
        (
            Turn(
                "Wer schied 2020 aus dem Verwaltungsrat der Alpenblick Holding AG aus?",
                must=("Peter Keller", "15.06.2020"),
                must_not=("Sandra Frei",),
            ),
            Turn(
                "Und wer hat ihn ersetzt?",
                must=("Nachfolger/in von Peter Keller", "**Sandra Frei**"),
                must_not=("Nordlicht",),
            ),
        ),
    ),
    Case(
        "de_predecessor_of_the_person_in_focus",
        (
            Turn("Wer ist Sandra Frei?", must=("Sandra Frei",)),
            Turn(
                "wen hat sie abgelöst?",
                must=("Vor Sandra Frei war **Peter Keller**", "05.03.2015 bis 15.06.2020"),
                must_not=("Hans Müller",),
            ),
        ),
    ),
    Case(
        "en_successor_of_the_person_in_focus",
        (
            Turn("Who is Peter Keller?", must=("Peter Keller",)),
            Turn(
                "And who replaced him?",
                must=("Successor of Peter Keller", "**Sandra Frei**"),
                must_not=("Nordlicht",),
            ),
        ),
    ),
    one(
        "it_who_left_and_who_joined_in_a_year",
        q="Alpenblick Holding AG nel 2020: chi è uscito e chi è entrato?",
        must=(
            "Presso **Alpenblick Holding AG** (2020), 1 uscito: **Peter Keller**",
            "Presso **Alpenblick Holding AG** (2020), 2 nuovi iscritti",
            "**Sandra Frei**",
        ),
    ),
    # --- how two named entities are linked
    one(
        "de_what_links_two_persons",
        q="Was verbindet Hans Müller und Urs Zimmermann?",
        must=(
            "**Hans Müller** und **Urs Zimmermann** sind beide bei 1 Firma",
            "**Treuhand Sonnenberg AG**",
            "Mitglied des Verwaltungsrates",
            "Präsident des Verwaltungsrates",
        ),
        must_not=("Alpenblick Holding AG",),
    ),
    one(
        "it_two_persons_same_company_family_name_first",
        q="Rossi Marco e Bernasconi Luca lavorano nella stessa società?",
        must=("**Ticino Verde Sagl**", "socio e gerente"),
    ),
    one(
        "en_two_persons_not_linked",
        q="Are Claire Dubois and Peter Keller linked?",
        must=("The notices name no company at which both **Claire Dubois** and **Peter Keller**",),
    ),
    one(
        "fr_link_between_person_and_company",
        q="Quel rapport entre Marco Rossi et Ticino Verde Sagl ?",
        must=("**Marco Rossi** figure chez **Ticino Verde Sagl**", "socio e gerente", "socio"),
    ),
    # --- shares at the time asked; who signs after a holder left; still registered
    one(
        "de_shares_in_a_year_before_the_change",
        q="Wie viele Stammanteile hatte Hans Müller 2013 an der Müller Bau GmbH?",
        must=("**Hans Müller**", "mit 400 Stammanteilen zu je CHF 100.00"),
        must_not=("500 Stammanteilen",),
        cites=("E14",),
    ),
    one(
        "fr_shares_after_the_change",
        q="Combien de parts Hans Müller détenait-il dans Müller Bau GmbH en 2017 ?",
        must=("mit 500 Stammanteilen",),
        must_not=("400 Stammanteilen zu je",),
    ),
    one(
        "en_shares_of_each_partner_from_their_own_entry",
        q="How many shares did Beat Schmid hold in Müller Bau GmbH?",
        must=("**Beat Schmid**", "mit 100 Stammanteilen"),
        must_not=("500 Stammanteilen",),
    ),
    one(
        "de_who_signs_after_a_holder_left",
        q="Wer zeichnet für die Alpenblick Holding AG nach dem Austritt von Peter Keller?",
        must=("Hans Müller", "Sandra Frei"),
        must_not=("**Peter Keller**",),
    ),
    one(
        "en_still_registered_asks_the_status",
        q="Is Bergkristall Software GmbH still registered?",
        must=("Bergkristall Software GmbH", "deleted"),
        must_not=("was registered on",),
    ),
    # --- a person's other companies; a person asked about at a company
    one(
        "de_besides_one_company_nowhere_else",
        q="Ist Peter Keller ausser bei der Alpenblick Holding AG noch woanders eingetragen?",
        must=("Nein: **Peter Keller** ist in den Meldungen nur bei **Alpenblick Holding AG**",),
    ),
    one(
        "en_besides_one_company_the_others",
        q="Is Hans Müller registered anywhere besides Alpenblick Holding AG?",
        must=("2 company/companies", "Treuhand Sonnenberg AG", "Müller Bau GmbH"),
        must_not=("**Alpenblick Holding AG** (",),
    ),
    one(
        "it_who_is_a_person_at_a_company_and_where_they_live",
        q="Chi è Peter Keller nella Alpenblick Holding AG e dove abita?",
        must=("**Peter Keller**", "Mitglied des Verwaltungsrates", "in Zürich"),
    ),
    one(
        "de_persons_who_joined_are_no_audit_firm",
        q="Wie viele Personen sind 2020 bei der Alpenblick Holding AG eingetreten?",
        must=("wurde 1 neu eingetragen: **Sandra Frei**",),
        must_not=("Nordlicht Treuhand",),
    ),
    # --- an acronym for a registered name, and the entity used said
    one(
        "de_acronym_of_a_company",
        q="Wer war Geschäftsführer der MBG?",
        must=("**Müller Bau GmbH**", "Hans Müller", "(Gefunden als **Müller Bau GmbH**"),
    ),
    one(
        "en_acronym_auditor",
        q="Who audits the KIA?",
        must=("Auditor of **Kristallnetz Informatik AG**", "Treuhand Sonnenberg"),
    ),
    one(
        "fr_acronym_former_director",
        q="Qui était l'administrateur de LLL ?",
        must=("**Lac Léman Logistique SA**", "Claire Dubois"),
    ),
    # --- the holders of a role over the whole register; members of a board by residence
    one(
        "de_who_holds_a_role_anywhere",
        q="Wer hatte oder hat in den Daten eine Prokura?",
        must=("Die Daten enthalten 2 Einträge", "Karl Huber", "Hans Mueller"),
        must_not=("keinen passenden Eintrag",),
    ),
    one(
        "it_who_is_a_manager_anywhere",
        q="Chi è gerente?",
        must=("I dati contano 7 iscrizioni", "Luca Bernasconi", "Claire Dubois"),
    ),
    one(
        "de_board_members_living_in_a_place",
        q="Welche Mitglieder des Verwaltungsrates der Alpenblick Holding AG wohnen in Zürich?",
        must=(
            "Die Daten enthalten 2 Personen (Zürich, Alpenblick Holding AG): Hans Müller; Peter Keller",
        ),
        must_not=("Sandra Frei",),
    ),
    # --- a seat written as a filter of a population; a conversation opener is no name
    one(
        "it_how_many_companies_have_their_seat_in_a_town",
        q="Quante società avevano sede a Lausanne?",
        must=("I dati contano 1 società: Lac Léman Logistique SA",),
        must_not=("Non ho trovato",),
    ),
    one(
        "en_companies_based_in_a_canton_town",
        q="How many companies are based in Zug?",
        must=("The data hold 1 company (ZG): Treuhand Sonnenberg AG",),
    ),
    Case(
        "it_opener_then_follow_up",
        (
            Turn("Parliamo della Ticino Verde Sagl.", must=("Ticino Verde Sagl",)),
            Turn("Chi ne sono i soci oggi?", must=("**Marco Rossi**",), carried="ticino"),
        ),
    ),
    # --- a place that counts as home or as origin
    one(
        "de_persons_linked_to_a_place_either_way",
        q="Welche Personen haben einen Bezug zu Luzern (Heimatort oder Wohnort)?",
        # Hans Mueller's origin is written Lucerna: the same town in Italian
        must=("Die Daten enthalten 3 Personen (Luzern): Beat Schmid; Hans Mueller; Hans Müller",),
        must_not=("Peter Keller",),
    ),
    one(
        "de_persons_mit_place_zu_tun",
        q="Welche Personen haben mit Winterthur zu tun?",
        must=("Die Daten enthalten 1 Person (Winterthur): Sandra Frei",),
    ),
    # --- a branch named before its head office
    one(
        "de_who_runs_the_branch_named_first",
        q="Wer leitet die Zweigniederlassung Genf der Alpenblick Holding AG?",
        must=("Anna Meier", "directrice de la succursale"),
        must_not=("Hans Müller",),
    ),
    one(
        "fr_branch_in_another_language",
        q="Qui dirige la succursale de Genève d'Alpenblick Holding AG ?",
        must=("Anna Meier",),
        must_not=("aucune société",),
    ),
    one(
        "en_the_lugano_branch_of",
        q="Who manages the Lugano branch of Alpenblick Holding AG?",
        must=("Marco Rossi", "direttore della succursale"),
    ),
    one(
        "de_selected_entity",
        q="Wer ist im Verwaltungsrat?",
        selected="sonnenberg",
        must=("Urs Zimmermann", "Hans Müller"),
        must_not=("Karl Huber",),
        carried="sonnenberg",
    ),
    one(
        "fr_selected_entity_history",
        q="Quel est son historique ?",
        selected="leman",
        must=("Lac Léman Logistique SA",),
        cites=("E10", "E12"),
        form="timeline",
        carried="leman",
    ),
    # --- event history
    one(
        "en_history",
        q="Show me the history of Alpenblick Holding AG",
        intent=EH,
        form="timeline",
        ordered=("E01", "E02", "E04", "E03", "E05"),
    ),
    one(
        "de_history_renamed",
        q="Geschichte der Ticino Verde Sagl",
        must=("Verde Giardini Sagl",),
        ordered=("E19", "E20"),
        intent=EH,
    ),
    one(
        "fr_history_bankrupt",
        q="Historique de Müller Bau GmbH",
        must=("faillite",),  # the event in the question's language
        ordered=("E14", "E15", "E16", "E17", "E18"),
        intent=EH,
    ),
    one(
        "it_history_aliases",
        q="Cronologia di Treuhand Sonnenberg AG",
        ordered=("E23", "E07", "E24"),
        intent=EH,
    ),
    one(
        "en_what_happened",
        q="What happened to Bergkristall Software GmbH?",
        must=("deletion", "merger"),
        cites=("E06", "E09"),
        intent=EH,
    ),
    one(
        "en_when_deleted",
        q="When was Müller Bau GmbH deleted?",
        must=("2024-01-22",),
        cites=("E18",),
        must_not=("HR01-1900000014",),
        intent=EH,
    ),
    one(
        "fr_when_registered",
        q="Quand Rhône Transports Sàrl a-t-elle été inscrite ?",
        must=("2019-03-01", "inscrite le 2019-02-25 (publiée le 2019-03-01)"),
        must_not=("registered on", "published"),
        cites=("E11",),
        intent=EH,
    ),
    one(
        "de_when_registered",
        q="Wann wurde Rhône Transports Sàrl eingetragen?",
        must=("eingetragen am 2019-02-25 (publiziert am 2019-03-01)",),
        must_not=("registered on", "published"),
        cites=("E11",),
        intent=EH,
    ),
    one(
        "it_when_registered",
        q="Quando è stata iscritta Rhône Transports Sàrl?",
        must=("iscritta il 2019-02-25 (pubblicata il 2019-03-01)",),
        must_not=("registered on", "published"),
        cites=("E11",),
        intent=EH,
    ),
    one(
        "en_when_registered",
        q="When was Rhône Transports Sàrl registered?",
        must=("registered on 2019-02-25 (published 2019-03-01)",),
        cites=("E11",),
        intent=EH,
    ),
    # --- an attribute over time: the answer's lines follow the question's language
    one(
        "de_seat_before",
        q="Wo hatte die Ticino Verde Sagl vorher ihren Sitz?",
        must=("Sitz verlegt am 2019-10-02", "früherer Sitz", "Locarno"),
        must_not=("seat moved", "former seat"),
        cites=("E20", "E19"),
        intent=EH,
    ),
    one(
        "fr_seat_before",
        q="Où se trouvait le siège de Ticino Verde Sagl avant ?",
        must=("siège transféré le 2019-10-02", "ancien siège", "Locarno"),
        must_not=("seat moved", "former seat"),
        cites=("E20", "E19"),
        intent=EH,
    ),
    one(
        "it_seat_before",
        q="Dove aveva sede prima la Ticino Verde Sagl?",
        must=("sede trasferita il 2019-10-02", "sede precedente", "Locarno"),
        must_not=("seat moved", "former seat"),
        cites=("E20", "E19"),
        intent=EH,
    ),
    one(
        "en_capital_on_day",
        q="What was the capital of Alpenblick Holding AG on 1 May 2018?",
        must=("capital (on 2018-05-01)", "CHF 1'000'000.00"),
        intent=EH,
    ),
    one(
        "de_capital_on_day",
        q="Wie hoch war das Kapital der Alpenblick Holding AG am 1. Mai 2018?",
        must=("Kapital (am 2018-05-01)", "CHF 1'000'000.00"),
        must_not=("capital (on",),
        intent=EH,
    ),
    # --- homonym survey: the count sentence follows the question's language
    *(
        one(
            f"{lang}_homonym_survey",
            q=q,
            must=(
                lead,
                "Kristallnetz Informatik AG",
                "Alpenblick Holding AG, Zweigniederlassung Genf",
            ),
            must_not=() if lang == "en" else ("distinct persons",),
            cites=("E07", "E04"),
        )
        for lang, q, lead in (
            (
                "de",
                "Wie viele verschiedene Personen namens Anna Meier gibt es, und in welchen "
                "Firmen sind sie tätig?",
                "Im Register stehen 2 verschiedene Personen namens **Anna Meier**:",
            ),
            (
                "fr",
                "Combien de personnes différentes s'appellent Anna Meier, et dans quelles "
                "sociétés sont-elles actives ?",
                "Le registre compte 2 personnes distinctes nommées **Anna Meier** :",
            ),
            (
                "it",
                "Quante persone diverse si chiamano Anna Meier, e in quali società sono attive?",
                "Nel registro figurano 2 persone distinte di nome **Anna Meier**:",
            ),
            (
                "en",
                "How many different persons named Anna Meier are there, and in which companies "
                "are they active?",
                "The register holds 2 distinct persons named **Anna Meier**:",
            ),
        )
    ),
    # --- a company named by a former name: today's name and seat lead, cited
    *(
        one(
            f"{lang}_former_name_today",
            q=q,
            must=("Ticino Verde Sagl", "Bellinzona", lead),
            must_not=("former seat", "früherer Sitz", "ancien siège", "sede precedente"),
            cites=("E20",),
            form="timeline",
        )
        for lang, q, lead in (
            (
                "de",
                "Wie heisst die frühere Verde Giardini Sagl heute und wo ist ihr Sitz?",
                "Verde Giardini Sagl heisst heute **Ticino Verde Sagl**, Sitz Bellinzona [HR02-",
            ),
            (
                "fr",
                "Comment s'appelle aujourd'hui l'ancienne Verde Giardini Sagl et où est son "
                "siège ?",
                "Verde Giardini Sagl s'appelle aujourd'hui **Ticino Verde Sagl**, siège à Bellinzona",
            ),
            (
                "it",
                "Come si chiama oggi l'ex Verde Giardini Sagl e dove ha sede?",
                "Verde Giardini Sagl si chiama oggi **Ticino Verde Sagl**, sede a Bellinzona [HR02-",
            ),
            (
                "en",
                "What is the former Verde Giardini Sagl called today, and where is it based?",
                "Verde Giardini Sagl is today called **Ticino Verde Sagl**, seat Bellinzona [HR02-",
            ),
        )
    ),
    one(
        "de_person_history",
        q="Geschichte von Hans Müller",
        ordered=("E23", "E14", "E01"),
        cites=("E20",),
        intent=EH,
    ),
    # --- macro analytics
    one(
        "en_count_bankrupt",
        q="How many companies went bankrupt?",
        must=(" 1 ",),
        cites=("E17",),
        intent=MA,
        form="count",
    ),
    one(
        "de_count_deleted",
        q="Wie viele Firmen wurden gelöscht?",
        must=(" 2 ",),
        intent=MA,
        form="count",
    ),
    one("fr_count_mergers", q="Combien de fusions ?", must=(" 2 ",), cites=("E08",), intent=MA),
    one(
        "it_count_registered_year",
        q="Quante società sono state iscritte nel 2019?",
        must=(" 2 ",),
        cites=("E04", "E11"),
        intent=MA,
    ),
    one(
        "en_count_transfers",
        q="How many asset transfers were published?",
        must=(" 2 ",),
        intent=MA,
    ),
    one(
        "de_count_canton",
        q="Wie viele Konkurse gab es im Kanton Luzern?",
        must=(" 1 ", "LU"),
        intent=MA,
    ),
    one(
        "en_count_registered_canton",
        q="How many companies were registered in canton Vaud?",
        must=(" 1 ",),
        cites=("E10",),
        intent=MA,
    ),
    one(
        "en_top_capital",
        q="Top 3 companies by capital",
        intent=MA,
        form="table",
        must=("Alpenblick Holding AG", "Kristallnetz Informatik AG", "Treuhand Sonnenberg AG"),
        must_not=("Lac Léman",),
    ),
    one(
        "de_top_mandates",
        q="Welche Person hat die meisten Mandate?",
        must=("Hans Müller",),
        intent=MA,
    ),
    one(
        "fr_top_events",
        q="Quelles sont les sociétés avec le plus de publications ?",
        must=("Müller Bau GmbH",),
        intent=MA,
    ),
    one(
        "it_top_capital_canton",
        q="Le 2 società con il capitale più alto in Ticino",
        must=("Ticino Verde Sagl",),
        must_not=("Alpenblick Holding AG |",),
        intent=MA,
    ),
    # --- deep text
    one("en_text", q="Which notices mention Fusionsvertrag?", cites=("E08",), intent=DT),
    one(
        "fr_text_quoted",
        q="Quelles publications contiennent « Spitex » ?",
        cites=("E22",),
        intent=DT,
    ),
    one("de_text", q="Welche Meldungen erwähnen Konkursgericht?", cites=("E17",), intent=DT),
    one("it_text", q="Quali pubblicazioni menzionano 'giardini'?", cites=("E19",), intent=DT),
    # --- one fact about one entity, answer first (issue 15): direct, officers, as_of, history,
    # network, aggregate, negative and follow-ups, each with the exact fixture fact
    one(
        "de_fact_address",
        q="Unter welcher Adresse ist die Alpenblick Holding AG eingetragen?",
        must=("Die Adresse von **Alpenblick Holding AG**", "Bahnhofstrasse 10, 8001 Zürich"),
    ),
    one(
        "fr_fact_purpose",
        q="Quelle est l'activité de Kristallnetz Informatik AG ?",
        must=("But de **Kristallnetz Informatik AG**", "Informatikdienstleistungen"),
    ),
    one(
        "it_fact_legal_form",
        q="Che forma giuridica ha la Alpenblick Holding AG, succursale di Lugano?",
        must=("è una **succursale svizzera",),
    ),
    one(
        "en_fact_uid",
        q="What UID does Kristallnetz Informatik AG have?",
        must=("The UID of **Kristallnetz Informatik AG** is **CHE-100.000.058**",),
        cites=("E07",),
    ),
    one(
        "en_officer_and_signature",
        q="Who chairs Alpenblick Holding AG, and how does he sign?",
        must=("Hans Müller", "individual signature"),
        must_not=("Sandra Frei", "Peter Keller"),
        intent=NE,
    ),
    one(
        "de_board_in_a_year",
        q="Wer gehörte 2016 dem Verwaltungsrat der Alpenblick Holding AG an?",
        must=("Peter Keller", "Hans Müller", "(2016)"),
        must_not=("Sandra Frei",),
    ),
    one(
        "de_left_in_a_year",
        q="Wer ist 2020 aus dem Verwaltungsrat der Alpenblick Holding AG ausgeschieden?",
        must=("ist 1 ausgeschieden: **Peter Keller**",),
        must_not=("Sandra Frei",),
        cites=("E03",),
    ),
    one(
        "fr_changes_in_a_year",
        q="Qu'est-ce qui a changé chez Alpenblick Holding AG en 2018 ?",
        must=("Firma neu: Alpenblick Holding AG",),
        must_not=("HR02-1900000003",),
        cites=("E02",),
        intent=EH,
    ),
    one(
        "en_capital_over_time",
        q="How has the share capital of Alpenblick Holding AG changed over time?",
        must=("CHF 1'000'000", "CHF 5'000'000"),
    ),
    one(
        "it_head_office_with_uid",
        q="Qual è la sede principale della Alpenblick Holding AG, succursale di Lugano?",
        must=(
            "La sede principale di **Alpenblick Holding AG, succursale di Lugano**",
            "CHE-100.000.012",
        ),
        intent=NE,
    ),
    one(
        "de_list_by_canton",
        q="Welche Firmen haben ihren Sitz im Kanton Tessin, und wie viele sind es?",
        must=(
            "Die Daten enthalten 2 Firmen",
            "Ticino Verde Sagl",
            "Alpenblick Holding AG, succursale di Lugano",
        ),
        must_not=("Zweigniederlassung Genf",),
        intent=MA,
    ),
    one(
        "fr_list_deleted",
        q="Quelles sociétés ont été radiées, et combien ?",
        must=("Les données comptent 2 sociétés", "Müller Bau GmbH", "Bergkristall Software GmbH"),
        must_not=("Alpenblick",),
        intent=MA,
    ),
    one(
        "de_not_deleted",
        q="Wann wurde die Alpenblick Holding AG gelöscht?",
        must=("ist nicht gelöscht",),
        must_not=("gelöscht am",),
    ),
    one(
        "en_no_liquidator",
        q="Who was the liquidator of Kristallnetz Informatik AG?",
        must=("name no liquidator", "get_entity_facts"),
        form="negative",
    ),
    one(
        "de_unknown_company_no_uid",
        q="Welche UID hat die Gletscherblick Immobilien AG?",
        must=("keine Firma und keine Person", "Gletscherblick Immobilien AG"),
        must_not=("CHE-1",),
        form="negative",
    ),
    Case(
        "it_follow_up_since_when",
        (
            Turn("Chi è l'ufficio di revisione della Alpenblick Holding AG?", must=("Nordlicht",)),
            Turn("e da quando?", must=("Nordlicht", "dal 15.06.2020"), carried="alpenblick"),
        ),
    ),
    Case(
        "fr_follow_up_residence_of_holder",
        (
            Turn("Qui préside Alpenblick Holding AG ?", must=("Hans Müller",)),
            Turn("Et son domicile ?", must=("Hans Müller", "Luzern")),
        ),
    ),
    Case(
        "de_follow_up_successor",
        (
            Turn("Wer ist im Verwaltungsrat der Alpenblick Holding AG?", must=("Sandra Frei",)),
            Turn(
                "Und wer folgte auf Peter Keller?",
                must=("Sandra Frei",),
                must_not=("Hans Müller",),
                carried="alpenblick",
            ),
        ),
    ),
    # --- persons by name, place or nationality (network / aggregate), with their roles
    one(
        "de_persons_by_residence",
        q="Welche Personen wohnen in Winterthur, und wo sind sie eingetragen?",
        must=("Die Daten enthalten 1 Person", "Sandra Frei", "Alpenblick Holding AG"),
        must_not=("Peter Keller",),
        cites=("E03",),
        intent=MA,
    ),
    one(
        "de_persons_by_former_residence",
        q="Wer wohnte früher in Mendrisio?",
        must=("Luca Bernasconi", "Ticino Verde Sagl"),
        must_not=("Marco Rossi",),
        intent=MA,
    ),
    one(
        "en_persons_by_origin",
        q="Who has Basel as place of origin, and where are they registered?",
        must=(
            "The data hold 2 persons",
            "Thomas Brunner",
            "Elisabeth Brunner-Vogt",
            "Stiftung Sonnenhalde",
        ),
        must_not=("Hans Müller",),
        intent=MA,
    ),
    one(
        "fr_persons_by_nationality",
        q="Quelles personnes de nationalité autrichienne sont inscrites, et où ?",
        must=("Les données comptent 1 personne", "Urs Zimmermann", "Treuhand Sonnenberg AG"),
        must_not=("Hans Müller",),
        intent=MA,
    ),
    one(
        "it_persons_by_name",
        q="Quali persone di nome Meier compaiono nei dati?",
        must=("I dati contano 2 persone", "Anna Meier", "Kristallnetz Informatik AG"),
        must_not=("Hans Müller",),
        intent=MA,
    ),
    # --- time words of the four languages, capital before a change, a misspelt fact word
    one(
        "de_board_at_end_of_year",
        q="Wer sass Ende 2016 im Verwaltungsrat der Alpenblick Holding AG?",
        must=("Peter Keller",),
        must_not=("Sandra Frei",),
    ),
    one(
        "de_capital_before_increase",
        q="Wie hoch war das Kapital der Alpenblick Holding AG vor der Erhöhung?",
        must=("beträgt **CHF 1'000'000**",),
        must_not=("beträgt **CHF 5'000'000**",),
    ),
    one(
        "de_capital_misspelt",
        q="Wie hoch ist das Aktienkapiatl der Alpenblick Holding AG?",
        must=("CHF 5'000'000",),
    ),
    one(
        "de_board_succession",
        q="In welcher Reihenfolge sassen die Verwaltungsräte der Alpenblick Holding AG?",
        must=("Peter Keller", "Sandra Frei"),
    ),
    # --- officers asked with the register's words: signatures, "who is registered", "VR X"
    one(
        "de_signature_holders",
        q="Wer besitzt bei der Ticino Verde Sagl das Zeichnungsrecht?",
        must=("Marco Rossi", "Einzelunterschrift"),
        intent=NE,
    ),
    one(
        "en_people_registered_at",
        q="Who is registered at Ticino Verde Sagl?",
        must=("Marco Rossi",),
        must_not=("was registered on",),
    ),
    one(
        "de_role_word_before_name",
        q="VR Alpenblick Holding AG?",
        must=("Sandra Frei",),
        must_not=("Peter Keller",),
    ),
    # --- a person asked about at a company that never names them: a no, not the company's roles
    one(
        "de_yes_no_not_named",
        q="Ist Sandra Frei im Verwaltungsrat der Kristallnetz Informatik AG?",
        must=("Nein: **Sandra Frei** ist in den Meldungen zu **Kristallnetz Informatik AG**",),
        form="negative",
    ),
    one(
        "fr_person_never_at_company",
        q="Quand Claire Dubois est-elle entrée chez Kristallnetz Informatik AG ?",
        must=("Non : **Claire Dubois** n'apparaît pas",),
        form="negative",
    ),
    # --- what two companies share (network)
    one(
        "de_persons_at_both_companies",
        q="Welche Personen sind sowohl bei der Alpenblick Holding AG als auch bei der "
        "Treuhand Sonnenberg AG eingetragen?",
        must=(
            "Alpenblick Holding AG** sind 1 Personen eingetragen",
            "Hans Müller",
            "Mitglied des Verwaltungsrates",
        ),
        must_not=("Sandra Frei", "Urs Zimmermann"),
        intent=NE,
    ),
    one(
        "en_no_person_at_both",
        q="Which persons appear at both Kristallnetz Informatik AG and Stiftung Sonnenhalde?",
        must=("No person appears at both **Kristallnetz Informatik AG**",),
        must_not=("Anna Meier",),
    ),
    Case(
        "it_uid_of_the_head_office_just_named",
        (
            Turn(
                "Qual è la sede principale della Alpenblick Holding AG, succursale di Lugano?",
                must=("CHE-100.000.012",),
            ),
            Turn("E il suo IDI?", must=("**CHE-100.000.012**",)),
        ),
    ),
    # --- aggregate over the notices' own language
    one(
        "it_count_notices_in_italian",
        q="Quante pubblicazioni sono redatte in italiano?",
        must=("I dati contano 3 pubblicazioni", "Ticino Verde Sagl"),
        cites=("E05", "E19", "E20"),
        intent=MA,
    ),
    # --- the language of the words around a name, and of a name-only follow-up
    one(
        "en_question_about_a_french_name",
        q="Legal form of Lac Léman Logistique SA?",
        must=("**Lac Léman Logistique SA** is a",),
    ),
    Case(
        "de_name_only_follow_up_keeps_language",
        (
            Turn("Wer ist Präsident der Kristallnetz Informatik AG?", must=("Anna Meier",)),
            Turn("Ticino Verde Sagl", must=("Ticino Verde Sagl",), must_not=("Dossier of",)),
        ),
    ),
    # --- no answer
    one("en_count_none", q="How many mergers in 2010?", must=("2010",), form="negative"),
    one(
        "de_board_unknown_company",
        q="Wer ist im Verwaltungsrat der Nonexistent Phantasie AG?",
        must=("Nonexistent Phantasie AG", "search_companies"),
        form="negative",
    ),
    one(
        "it_text_none",
        q="Quali pubblicazioni menzionano 'zebra'?",
        must=("zebra",),
        form="negative",
    ),
    # --- persons at more than one company: the ranking from two companies up
    one(
        "de_several_companies",
        q="Wer ist bei mehr als einer Firma eingetragen?",
        must=("Hans Müller (3)", "Claire Dubois (2)", "bei mehr als einer Firma"),
        must_not=("Beat Schmid",),  # two entries at one company
        intent=MA,
    ),
    one(
        "en_several_boards",
        q="Which people sit on more than one board?",
        must=("Hans Müller (3)", "Claire Dubois (2)"),
        must_not=("Beat Schmid",),
        intent=MA,
    ),
    one(
        "fr_several_companies",
        q="Qui figure dans plusieurs sociétés ?",
        must=("Hans Müller (3)", "Claire Dubois (2)", "plus d'une société"),
        intent=MA,
    ),
    one(
        "it_several_companies",
        q="Chi ha cariche in più di una società?",
        must=("Hans Müller (3)", "Claire Dubois (2)", "più di una società"),
        intent=MA,
    ),
    # --- "he" after an answer that named one holder: that person's home
    Case(
        "en_holder_then_his_home",
        (
            Turn(q="Who runs Lac Léman Logistique SA?", must=("Jean-Pierre Favre",)),
            Turn(
                q="And where does he live?",
                must=("**Jean-Pierre Favre** lives in Sion",),
                must_not=("name no",),
            ),
        ),
    ),
    # --- facts the register never publishes: said so, about the entity found
    one(
        "de_turnover_unpublished",
        q="Wie hoch ist der Umsatz der Alpenblick Holding AG?",
        must=("veröffentlicht keine Geschäftszahlen", "Alpenblick Holding AG"),
    ),
    one(
        "en_staff_unpublished",
        q="How many employees does Ticino Verde Sagl have?",
        must=("does not publish", "Ticino Verde Sagl"),
    ),
    one(
        "fr_turnover_unpublished",
        q="Quel est le chiffre d'affaires de Rhône Transports Sàrl ?",
        must=("ne publie pas", "Rhône Transports Sàrl"),
    ),
    one(
        "it_profit_unpublished",
        q="Qual è stato l'utile di Müller Bau GmbH?",
        must=("non pubblica", "Müller Bau GmbH"),
    ),
)
