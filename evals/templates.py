"""Question wordings of the generated benchmarks, in German, French, Italian and English.

Pure data. Every template key is used by `evals.seeded`; `{…}` fields are filled there.
Wordings are the questions an investigator would type, not tuned to any planner's keywords.
"""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("de", "fr", "it", "en")

Q: Final[dict[str, dict[str, str]]] = {
    # --- direct entity data ---------------------------------------------------------------
    "seat": {
        "de": "Wo hat die Firma {name} ihren Sitz?",
        "fr": "Quel est le siège de la société {name} ?",
        "it": "Qual è la sede della società {name}?",
        "en": "Where is the company {name} based?",
    },
    "uid": {
        "de": "Wie lautet die UID der Firma {name}?",
        "fr": "Quel est le numéro IDE de {name} ?",
        "it": "Qual è il numero IDI di {name}?",
        "en": "What is the UID of {name}?",
    },
    "capital": {
        "de": "Wie hoch ist das Kapital der Firma {name}?",
        "fr": "Quel est le capital de la société {name} ?",
        "it": "A quanto ammonta il capitale della società {name}?",
        "en": "What is the share capital of {name}?",
    },
    "by_uid": {
        "de": "Welche Firma hat die UID {uid} und wo ist ihr Sitz?",
        "fr": "Quelle société porte le numéro IDE {uid} et où est son siège ?",
        "it": "Quale società ha il numero IDI {uid} e dove ha sede?",
        "en": "Which company has the UID {uid}, and where is it based?",
    },
    "by_old_name": {
        "de": "Wie heisst die frühere {old} heute und wo ist ihr Sitz?",
        "fr": "Comment s'appelle aujourd'hui l'ancienne {old} et où est son siège ?",
        "it": "Come si chiama oggi l'ex {old} e dove ha sede?",
        "en": "What is the former {old} called today, and where is it based?",
    },
    # --- NameHub entity resolution ----------------------------------------------------------
    "person_companies": {
        "de": "In welchen Firmen hat {person} eine Funktion?",
        "fr": "Dans quelles sociétés {person} exerce-t-il ou elle une fonction ?",
        "it": "In quali società {person} ricopre una funzione?",
        "en": "In which companies does {person} hold a position?",
    },
    "homonyms": {
        "de": "Wie viele verschiedene Personen namens {person} gibt es, und in welchen Firmen "
        "sind sie tätig?",
        "fr": "Combien de personnes différentes s'appellent {person}, et dans quelles sociétés "
        "sont-elles actives ?",
        "it": "Quante persone diverse si chiamano {person}, e in quali società sono attive?",
        "en": "How many different persons named {person} are there, and in which companies "
        "are they active?",
    },
    # --- temporal history -------------------------------------------------------------------
    "registered": {
        "de": "Wann wurde {name} im Handelsregister eingetragen?",
        "fr": "Quand la société {name} a-t-elle été inscrite au registre du commerce ?",
        "it": "Quando è stata iscritta nel registro di commercio la società {name}?",
        "en": "When was {name} registered in the commercial register?",
    },
    "seat_move": {
        "de": "Wann hat {name} den Sitz nach {seat} verlegt, und wo war der Sitz vorher?",
        "fr": "Quand la société {name} a-t-elle transféré son siège à {seat}, et où était-il "
        "avant ?",
        "it": "Quando la società {name} ha trasferito la sede a {seat}, e dove era prima?",
        "en": "When did {name} move its seat to {seat}, and where was it based before?",
    },
    "name_history": {
        "de": "Welche Namen hatte die Firma {name} im Lauf der Zeit?",
        "fr": "Quels noms la société {name} a-t-elle portés au fil du temps ? Montre l'historique.",
        "it": "Quali nomi ha avuto la società {name} nel corso del tempo? Mostra la storia.",
        "en": "What names has {name} had over time? Show its history.",
    },
    # --- network ----------------------------------------------------------------------------
    "auditor": {
        "de": "Wer ist die Revisionsstelle von {name}?",
        "fr": "Quel est l'organe de révision de {name} ?",
        "it": "Chi è l'ufficio di revisione di {name}?",
        "en": "Who is the auditor of {name}?",
    },
    "head_office": {
        "de": "Was ist der Hauptsitz der Zweigniederlassung {name}?",
        "fr": "Quel est le siège principal de la succursale {name} ?",
        "it": "Qual è la sede principale della succursale {name}?",
        "en": "What is the head office of the branch {name}?",
    },
    "officers": {
        "de": "Welche Personen haben derzeit eine Funktion bei {name}?",
        "fr": "Quelles personnes exercent actuellement une fonction auprès de {name} ?",
        "it": "Quali persone ricoprono attualmente una funzione presso {name}?",
        "en": "Which persons currently hold a position at {name}?",
    },
    "merged_into": {
        "de": "Mit welcher Firma wurde {name} fusioniert?",
        "fr": "Avec quelle société {name} a-t-elle fusionné ?",
        "it": "Con quale società si è fusa {name}?",
        "en": "Into which company was {name} merged?",
    },
    # --- as-of ------------------------------------------------------------------------------
    "capital_as_of": {
        "de": "Wie hoch war das Kapital von {name} am {date}?",
        "fr": "Quel était le capital de {name} au {date} ?",
        "it": "Qual era il capitale di {name} al {date}?",
        "en": "What was the share capital of {name} on {date}?",
    },
    "seat_as_of": {
        "de": "Wo hatte {name} am {date} ihren Sitz?",
        "fr": "Où se trouvait le siège de {name} au {date} ?",
        "it": "Dove aveva sede {name} al {date}?",
        "en": "Where was {name} based on {date}?",
    },
    "officers_as_of": {
        "de": "Welche Personen hatten am {date} eine Funktion bei {name}?",
        "fr": "Quelles personnes exerçaient une fonction auprès de {name} au {date} ?",
        "it": "Quali persone ricoprivano una funzione presso {name} al {date}?",
        "en": "Which persons held a position at {name} on {date}?",
    },
    # --- aggregate --------------------------------------------------------------------------
    "count_registrations": {
        "de": "Wie viele Neueintragungen wurden {year} im Kanton {canton} publiziert?",
        "fr": "Combien de nouvelles inscriptions ont été publiées en {year} dans le canton "
        "{canton} ?",
        "it": "Quante nuove iscrizioni sono state pubblicate nel {year} nel cantone {canton}?",
        "en": "How many new registrations were published in canton {canton} in {year}?",
    },
    "count_event_year": {
        "de": "Wie viele Meldungen zu {event} wurden {year} publiziert?",
        "fr": "Combien d'avis de {event} ont été publiés en {year} ?",
        "it": "Quanti avvisi di {event} sono stati pubblicati nel {year}?",
        "en": "How many {event} notices were published in {year}?",
    },
    "count_event_canton_year": {
        "de": "Wie viele Meldungen zu {event} wurden {year} im Kanton {canton} publiziert?",
        "fr": "Combien d'avis de {event} ont été publiés en {year} dans le canton {canton} ?",
        "it": "Quanti avvisi di {event} sono stati pubblicati nel {year} nel cantone {canton}?",
        "en": "How many {event} notices were published in canton {canton} in {year}?",
    },
    # --- conversational follow-ups (co-reference to the entity of an earlier turn) ---------
    "about": {
        "de": "Erzähl mir etwas über die Firma {name}.",
        "fr": "Parle-moi de la société {name}.",
        "it": "Parlami della società {name}.",
        "en": "Tell me about {name}.",
    },
    "its_officers": {
        "de": "Wer hat bei dieser Firma eine Funktion?",
        "fr": "Qui exerce une fonction dans cette société ?",
        "it": "Chi ricopre una funzione in questa società?",
        "en": "Who holds a position at this company?",
    },
    "its_registration": {
        "de": "Wann wurde sie eingetragen?",
        "fr": "Quand a-t-elle été inscrite ?",
        "it": "Quando è stata iscritta?",
        "en": "When was it registered?",
    },
    "its_former_seat": {
        "de": "Wo war ihr Sitz vorher?",
        "fr": "Où était son siège avant ?",
        "it": "Dove era la sua sede prima?",
        "en": "Where was its seat before?",
    },
    "its_capital": {
        "de": "Und wie hoch ist ihr Kapital?",
        "fr": "Et quel est son capital ?",
        "it": "E qual è il suo capitale?",
        "en": "And what is its share capital?",
    },
}

EVENT_WORDS: Final[dict[str, dict[str, str]]] = {
    "bankruptcy": {"de": "Konkurs", "fr": "faillite", "it": "fallimento", "en": "bankruptcy"},
    "merger": {"de": "Fusion", "fr": "fusion", "it": "fusione", "en": "merger"},
    "liquidation": {
        "de": "Liquidation",
        "fr": "liquidation",
        "it": "liquidazione",
        "en": "liquidation",
    },
    "deletion": {"de": "Löschung", "fr": "radiation", "it": "cancellazione", "en": "deletion"},
}


def date_text(iso: str, language: str) -> str:
    """A date as a user of that language writes it (`12.03.2021`, or ISO in English)."""
    if language == "en":
        return iso
    year, month, day = iso.split("-")
    return f"{day}.{month}.{year}"
