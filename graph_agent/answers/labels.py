"""Field labels and the attribute / namesake sentences of template answers, in de/fr/it/en.

`i18n.PHRASES` holds the fixed sentences of every answer; this module holds the words that name
record fields (dossier lines, table headers, state rows) and the sentences of the attribute and
homonym-survey answers, so every line of an answer follows the question's language.
"""

from __future__ import annotations

from typing import Final

LABELS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "uid": "UID",
        "legal_form": "legal form",
        "legal_form_label": "legal form",
        "seat": "seat",
        "canton": "canton",
        "residence": "residence",
        "origin": "origin",
        "status": "status",
        "capital": "capital",
        "purpose": "purpose",
        "address": "address",
        "registered_on": "registered on",
        "deleted_on": "deleted on",
        "name": "name",
        "former_seat": "former seat",
        "old_number": "earlier register number",
        "registered": "registered",
        "sources": "sources",
        "links": "links",
        "relation": "relation",
        "role": "role",
        "valid_from": "from",
        "valid_to": "to",
        "pub_date": "published",
        "event_types": "events",
        "count": "count",
        "current_name": "name today",
    },
    "de": {
        "uid": "UID",
        "legal_form": "Rechtsform",
        "legal_form_label": "Rechtsform",
        "seat": "Sitz",
        "canton": "Kanton",
        "residence": "Wohnort",
        "origin": "Heimatort",
        "status": "Status",
        "capital": "Kapital",
        "purpose": "Zweck",
        "address": "Adresse",
        "registered_on": "eingetragen am",
        "deleted_on": "gelöscht am",
        "name": "Name",
        "former_seat": "früherer Sitz",
        "old_number": "frühere Registernummer",
        "registered": "eingetragen",
        "sources": "Quellen",
        "links": "Verbindungen",
        "relation": "Beziehung",
        "role": "Funktion",
        "valid_from": "von",
        "valid_to": "bis",
        "pub_date": "publiziert",
        "event_types": "Ereignisse",
        "count": "Anzahl",
        "current_name": "heutiger Name",
    },
    "fr": {
        "uid": "IDE",
        "legal_form": "forme juridique",
        "legal_form_label": "forme juridique",
        "seat": "siège",
        "canton": "canton",
        "residence": "domicile",
        "origin": "origine",
        "status": "statut",
        "capital": "capital",
        "purpose": "but",
        "address": "adresse",
        "registered_on": "inscrite le",
        "deleted_on": "radiée le",
        "name": "nom",
        "former_seat": "ancien siège",
        "old_number": "ancien numéro de registre",
        "registered": "inscription",
        "sources": "sources",
        "links": "liens",
        "relation": "relation",
        "role": "fonction",
        "valid_from": "du",
        "valid_to": "au",
        "pub_date": "publié",
        "event_types": "événements",
        "count": "nombre",
        "current_name": "raison sociale actuelle",
    },
    "it": {
        "uid": "IDI",
        "legal_form": "forma giuridica",
        "legal_form_label": "forma giuridica",
        "seat": "sede",
        "canton": "cantone",
        "residence": "domicilio",
        "origin": "attinenza",
        "status": "stato",
        "capital": "capitale",
        "purpose": "scopo",
        "address": "indirizzo",
        "registered_on": "iscritta il",
        "deleted_on": "cancellata il",
        "name": "nome",
        "former_seat": "sede precedente",
        "old_number": "numero di registro precedente",
        "registered": "iscrizione",
        "sources": "fonti",
        "links": "collegamenti",
        "relation": "relazione",
        "role": "funzione",
        "valid_from": "dal",
        "valid_to": "al",
        "pub_date": "pubblicato",
        "event_types": "eventi",
        "count": "numero",
        "current_name": "ditta attuale",
    },
}
"""Record field -> label; a field without a label keeps its key (with spaces for underscores)."""

SENTENCES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "registered_on": "registered on {d} (published {p})",
        "seat_moved": "seat moved on {d} (published {p})",
        "on": "on {d}",
        "today": "{old} is today called **{name}**, seat {seat}",
        "namesakes": "The register holds {n} distinct persons named **{name}**:",
        "more": "… {n} more",
    },
    "de": {
        "registered_on": "eingetragen am {d} (publiziert am {p})",
        "seat_moved": "Sitz verlegt am {d} (publiziert am {p})",
        "on": "am {d}",
        "today": "{old} heisst heute **{name}**, Sitz {seat}",
        "namesakes": "Im Register stehen {n} verschiedene Personen namens **{name}**:",
        "more": "… {n} weitere",
    },
    "fr": {
        "registered_on": "inscrite le {d} (publiée le {p})",
        "seat_moved": "siège transféré le {d} (publié le {p})",
        "on": "au {d}",
        "today": "{old} s'appelle aujourd'hui **{name}**, siège à {seat}",
        "namesakes": "Le registre compte {n} personnes distinctes nommées **{name}** :",
        "more": "… {n} de plus",
    },
    "it": {
        "registered_on": "iscritta il {d} (pubblicata il {p})",
        "seat_moved": "sede trasferita il {d} (pubblicata il {p})",
        "on": "al {d}",
        "today": "{old} si chiama oggi **{name}**, sede a {seat}",
        "namesakes": "Nel registro figurano {n} persone distinte di nome **{name}**:",
        "more": "… altri {n}",
    },
}
"""Sentences of the attribute and homonym-survey answers."""


def label(lang: str, key: str) -> str:
    """A field's label in the question's language (English, then the bare key, as fallback)."""
    table = LABELS.get(lang, LABELS["en"])
    return table.get(key) or LABELS["en"].get(key) or key.replace("_", " ")


def say(lang: str, key: str, **kwargs: object) -> str:
    """An attribute or survey sentence in the question's language, formatted."""
    table = SENTENCES.get(lang, SENTENCES["en"])
    return table.get(key, SENTENCES["en"][key]).format(**kwargs)
