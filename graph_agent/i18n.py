"""The fixed phrases of template answers in German, French, Italian and English."""

from __future__ import annotations

from typing import Final

PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "count": "**{n}** {what} match{filters}.",
        "companies": "companies", "events": "notices",
        "top": "Ranking by {metric}{filters}:",
        "dossier": "Dossier of **{name}**",
        "timeline": "Timeline of **{name}**",
        "network": "Connections of **{name}**",
        "text": "Notices whose text matches '{q}':",
        "homonyms": "Several entities are named **{name}**; which one do you mean?",
        "negative": "I found no matching record for {what}.",
        "searched": "Searched: {steps}; period: {period}; sources: {sources}.",
        "all_dates": "all dates", "sources_all": "structured register data and notice texts",
        "sources_structured": "structured register data only (weak text mentions ignored)",
        "absence": "This does not mean that none exists: only that these records hold none.",
        "records": "Records used: {n}; notices: {pubs}.",
        "error": "The question could not be answered: {msg}",
        "as_of": " as of {d}", "carried": "(about {name}, from the conversation)",
        "since": "since", "until": "until", "none_current": "no earlier holder recorded",
        "in": "in", "filters_none": "",
    },
    "de": {
        "count": "**{n}** {what} entsprechen{filters}.",
        "companies": "Firmen", "events": "Meldungen",
        "top": "Rangliste nach {metric}{filters}:",
        "dossier": "Dossier zu **{name}**",
        "timeline": "Chronik von **{name}**",
        "network": "Verbindungen von **{name}**",
        "text": "Meldungen, deren Text zu '{q}' passt:",
        "homonyms": "Mehrere Einträge heissen **{name}**; welcher ist gemeint?",
        "negative": "Ich habe keinen passenden Eintrag für {what} gefunden.",
        "searched": "Gesucht: {steps}; Zeitraum: {period}; Quellen: {sources}.",
        "all_dates": "alle Daten", "sources_all": "strukturierte Registerdaten und Meldungstexte",
        "sources_structured": "nur strukturierte Registerdaten (schwache Textnennungen ignoriert)",
        "absence": "Das heisst nicht, dass es keinen gibt: nur, dass diese Daten keinen enthalten.",
        "records": "Verwendete Datensätze: {n}; Meldungen: {pubs}.",
        "error": "Die Frage konnte nicht beantwortet werden: {msg}",
        "as_of": " per {d}", "carried": "(zu {name}, aus dem Gespräch)",
        "since": "seit", "until": "bis", "none_current": "kein früherer Inhaber erfasst",
        "in": "in", "filters_none": "",
    },
    "fr": {
        "count": "**{n}** {what} correspondent{filters}.",
        "companies": "sociétés", "events": "publications",
        "top": "Classement par {metric}{filters} :",
        "dossier": "Dossier de **{name}**",
        "timeline": "Chronologie de **{name}**",
        "network": "Liens de **{name}**",
        "text": "Publications dont le texte correspond à « {q} » :",
        "homonyms": "Plusieurs entités s'appellent **{name}** ; laquelle voulez-vous dire ?",
        "negative": "Je n'ai trouvé aucun enregistrement correspondant pour {what}.",
        "searched": "Recherché : {steps} ; période : {period} ; sources : {sources}.",
        "all_dates": "toutes dates", "sources_all": "données structurées du registre et textes",
        "sources_structured": "données structurées seulement (mentions textuelles ignorées)",
        "absence": "Cela ne prouve pas qu'il n'en existe pas : ces données n'en contiennent pas.",
        "records": "Enregistrements utilisés : {n} ; publications : {pubs}.",
        "error": "La question n'a pas pu être traitée : {msg}",
        "as_of": " au {d}", "carried": "(à propos de {name}, repris de la conversation)",
        "since": "depuis", "until": "jusqu'au", "none_current": "aucun titulaire antérieur",
        "in": "à", "filters_none": "",
    },
    "it": {
        "count": "**{n}** {what} corrispondono{filters}.",
        "companies": "società", "events": "pubblicazioni",
        "top": "Classifica per {metric}{filters}:",
        "dossier": "Scheda di **{name}**",
        "timeline": "Cronologia di **{name}**",
        "network": "Collegamenti di **{name}**",
        "text": "Pubblicazioni il cui testo corrisponde a «{q}»:",
        "homonyms": "Più entità si chiamano **{name}**; quale intende?",
        "negative": "Non ho trovato alcun record corrispondente per {what}.",
        "searched": "Cercato: {steps}; periodo: {period}; fonti: {sources}.",
        "all_dates": "tutte le date", "sources_all": "dati strutturati del registro e testi",
        "sources_structured": "solo dati strutturati (menzioni testuali ignorate)",
        "absence": "Ciò non prova che non esista: solo che questi dati non ne contengono.",
        "records": "Record utilizzati: {n}; pubblicazioni: {pubs}.",
        "error": "Non è stato possibile rispondere: {msg}",
        "as_of": " al {d}", "carried": "(su {name}, dalla conversazione)",
        "since": "dal", "until": "fino al", "none_current": "nessun titolare precedente",
        "in": "a", "filters_none": "",
    },
}


def t(lang: str, key: str, **kwargs: object) -> str:
    """A phrase in the question's language (English when unknown), formatted."""
    table = PHRASES.get(lang, PHRASES["en"])
    return table.get(key, PHRASES["en"][key]).format(**kwargs)
