"""Fixed wording of the register in German, French and Italian (templates per language).

Only words and patterns live here; `render.py` assembles them. The headings and the entry
grammar are the ones of `docs/shab-notices.md`.
"""

from __future__ import annotations

from datetime import date

from synthetic.dates import dmy

HEADINGS = {
    "de": {
        "new": "Eingetragene Personen",
        "changed": "Eingetragene Personen neu oder mutierend",
        "removed": "Ausgeschiedene Personen und erloschene Unterschriften",
    },
    "fr": {
        "new": "Personne(s) inscrite(s)",
        "changed": "Inscription ou modification de personne(s)",
        "removed": "Personne(s) et signature(s) radiée(s)",
    },
    "it": {
        "new": "Persone iscritte",
        "changed": "Nuove persone iscritte o modifiche",
        "removed": "Persone dimissionarie e firme cancellate",
    },
}

SIGNATURES = {
    "de": {
        "individual": "mit Einzelunterschrift",
        "collective_two": "mit Kollektivunterschrift zu zweien",
        "individual_procuration": "mit Einzelprokura",
        "collective_procuration": "mit Kollektivprokura zu zweien",
        "none": "ohne Zeichnungsberechtigung",
    },
    "fr": {
        "individual": "avec signature individuelle",
        "collective_two": "avec signature collective à deux",
        "individual_procuration": "avec procuration individuelle",
        "collective_procuration": "avec procuration collective à deux",
        "none": "sans droit de signature",
    },
    "it": {
        "individual": "con firma individuale",
        "collective_two": "con firma collettiva a due",
        "individual_procuration": "con procura individuale",
        "collective_procuration": "con procura collettiva a due",
        "none": "senza diritto di firma",
    },
}

# Geneva prose: "Signature collective à deux est conférée à A, ... et B, ...".
PROSE_GRANT = {
    "individual": "Signature individuelle",
    "collective_two": "Signature collective à deux",
    "individual_procuration": "Procuration individuelle",
    "collective_procuration": "Procuration collective à deux",
}

# Real Geneva notices (HR02-1006747585) use the perfect, the older Vaud ones the present.
PROSE_GRANT_VERB = {"GE": "a été conférée à"}
PROSE_GRANT_VERB_DEFAULT = "est conférée à"

# Geneva writes a foreign residence "à Cranves-Sales, FRA" (ISO alpha-3), others "München (DE)".
ISO3 = {
    "AE": "ARE",
    "AT": "AUT",
    "DE": "DEU",
    "ES": "ESP",
    "FR": "FRA",
    "GB": "GBR",
    "IT": "ITA",
    "LI": "LIE",
    "NL": "NLD",
    "PT": "PRT",
    "SG": "SGP",
    "US": "USA",
}

# Prose shares come before the signature, without cents: "pour 200 parts de CHF 100 avec
# signature individuelle" (HR01-1006740640); partner-managers are hyphenated there.
PROSE_SHARES = "pour {n} parts de CHF 100"
PROSE_ROLE_WORDS = {
    "associé et gérant": "associé-gérant",
    "associée et gérante": "associée-gérante",
}

# Corrections: the corrected-away value in brackets, and the lead sentence citing the wrong entry
# (Italian as in the real notice ZEFIX-2017-01-09-1271188).
CORRECTED = {"de": "nicht", "fr": "non", "it": "non"}
CORRECTION_LEAD = {
    "de": "Berichtigung des Tagesregistereintrages Nr. {jn} vom {jd}, publiziert im SHAB Nr. {issue} "
    "vom {pd}.",
    "fr": "Rectification de l'inscription au journal no {jn} du {jd}, publiée dans la FOSC no "
    "{issue} du {pd}.",
    "it": "Complemento all'iscrizione del registro giornaliero no. {jn} del {jd}, pubblicato sul "
    "FUSC no. {issue} del {pd}.",
}

PREVIOUS = {"de": "bisher", "fr": "précédemment", "it": "finora"}
IN = {"de": "in", "fr": "à", "it": "in"}
AND = {"de": "und", "fr": "et", "it": "e"}
NEW_ENTRY = {"de": "(Neueintragung)", "fr": "(nouvelle inscription)", "it": "(Nuova iscrizione)"}
STATELESS = {"de": "staatenlos", "fr": "apatride", "it": "apolide"}

LABELS = {
    "de": {
        "statutes": "Statutendatum",
        "statutes_changed": "Statutenänderung",
        "deed": "Stiftungsurkunde",
        "purpose": "Zweck",
        "purpose_new": "Zweck neu",
        "name_new": "Firma neu",
        "seat_new": "Sitz neu",
        "address_new": "Domizil neu",
        "form_new": "Rechtsform neu",
        "organ": "Publikationsorgan: SHAB.",
    },
    "fr": {
        "statutes": "Statuts du",
        "statutes_changed": "Modification des statuts:",
        "deed": "Acte de fondation du",
        "purpose": "But",
        "purpose_new": "Nouveau but",
        "name_new": "Nouvelle raison sociale",
        "seat_new": "Nouveau siège",
        "address_new": "Nouvelle adresse",
        "form_new": "Nouvelle forme juridique",
        "organ": "Organe de publication: Feuille officielle suisse du commerce.",
    },
    "it": {
        "statutes": "Data dello statuto",
        "statutes_changed": "Statuti modificati",
        "deed": "Atto di fondazione",
        "purpose": "Scopo",
        "purpose_new": "Nuovo scopo",
        "name_new": "Nuova ditta",
        "seat_new": "Nuova sede",
        "address_new": "Nuovo recapito",
        "form_new": "Nuova forma giuridica",
        "organ": "Organo di pubblicazione: FUSC.",
    },
}

CAPITAL_LABEL = {  # legal form -> label by language
    "0106": {"de": "Aktienkapital", "fr": "Capital-actions", "it": "Capitale azionario"},
    "0105": {"de": "Aktienkapital", "fr": "Capital-actions", "it": "Capitale azionario"},
    "0107": {"de": "Stammkapital", "fr": "Capital social", "it": "Capitale sociale"},
}
NEW_WORD = {"de": "neu", "fr": "nouveau", "it": "nuovo"}

SHARES = {
    "de": "mit {n} Stammanteilen zu je CHF 100.00",
    "fr": "pour {n} parts sociales de CHF 100.00",
    "it": "con {n} quote da CHF 100.00",
}
LIMITED_SUM = {
    "de": "mit einer Kommanditsumme von CHF {x}",
    "fr": "pour une commandite de CHF {x}",
    "it": "con una accomandita di CHF {x}",
}

OPTING_OUT = {
    "de": "Gemäss Erklärung vom {d} wird auf eine eingeschränkte Revision verzichtet.",
    "fr": "Selon déclaration du {d}, il est renoncé à un contrôle restreint.",
    "it": "Con dichiarazione del {d} la società rinuncia a una revisione limitata.",
}


def chf(amount: float) -> str:
    """`CHF 1'000'000.00`: the register's thousands separator."""
    whole = round(amount * 100)
    francs, cents = divmod(whole, 100)
    return f"CHF {francs:,}.{cents:02d}".replace(",", "'")


def chf_plain(amount: float) -> str:
    """`CHF 20'000`, Geneva style without cents."""
    return f"CHF {int(amount):,}".replace(",", "'")


def previous_ref(lang: str, canton: str, issue: int, when: date, seq: str) -> str:
    """The head sentence's reference to the previous publication."""
    if lang == "de":
        return f"(SHAB Nr. {issue} vom {dmy(when)}, Publ. {seq})"
    if lang == "it":
        return f"(Nr. FUSC {issue} del {dmy(when)}, Pubbl. {seq})"
    if canton == "GE":
        return f"(FOSC du {dmy(when)}, p. 0/{seq})"
    return f"(No. FOSC {issue} du {dmy(when)}, Publ. {seq})"


def origin_text(lang: str, origins: list[str]) -> str:
    """`von Basel und Riehen`, `de Genève`, `d'Allschwil`, `da Lugano`."""
    places = f" {AND[lang]} ".join(origins)
    if lang == "de":
        return f"von {places}"
    if lang == "it":
        return f"da {places}"
    return f"d'{places}" if places[:1] in "AEIOUÉÈ" else f"de {places}"


TITLES = {
    "HR01": {
        "de": "Neueintragung",
        "en": "New entries",
        "it": "Nuove registrazioni",
        "fr": "Nouvelles entrées",
    },
    "HR02": {"de": "Mutation", "en": "Change", "it": "Cambiamenti", "fr": "Mutation"},
    "HR03": {"de": "Löschung", "en": "Deletion", "it": "Cancellazione", "fr": "Annulation"},
}
