"""Words and sentences of fact answers in de/fr/it/en: role names, signature kinds, time spans.

An answer states the fact in the question's language; the register's own words (the role as the
notice wrote it) follow in quotes, so a reader can check them against the notice.
"""

from __future__ import annotations

from typing import Final

ROLE_NAMES: Final[dict[str, dict[str, str]]] = {
    "chair": {"de": "Präsident/in", "fr": "président", "it": "presidente", "en": "chair"},
    "vice_chair": {
        "de": "Vizepräsident/in",
        "fr": "vice-président",
        "it": "vicepresidente",
        "en": "vice-chair",
    },
    "board_member": {"de": "Mitglied", "fr": "membre", "it": "membro", "en": "member"},
    "member": {"de": "Mitglied", "fr": "membre", "it": "membro", "en": "member"},
    "managing_director": {
        "de": "Geschäftsführer/in",
        "fr": "gérant / directeur",
        "it": "gerente / direttore",
        "en": "managing director",
    },
    "partner": {"de": "Gesellschafter/in", "fr": "associé", "it": "socio", "en": "partner"},
    "owner": {"de": "Inhaber/in", "fr": "titulaire", "it": "titolare", "en": "owner"},
    "auditor": {
        "de": "Revisionsstelle",
        "fr": "organe de révision",
        "it": "ufficio di revisione",
        "en": "auditor",
    },
    "liquidator": {
        "de": "Liquidator",
        "fr": "liquidateur",
        "it": "liquidatore",
        "en": "liquidator",
    },
    "authorized_signatory": {
        "de": "Prokurist/in",
        "fr": "fondé de procuration",
        "it": "procuratore",
        "en": "authorised signatory, procuration",
    },
    "secretary": {"de": "Sekretär/in", "fr": "secrétaire", "it": "segretario", "en": "secretary"},
}

SIGNATURES: Final[dict[str, dict[str, str]]] = {
    "individual": {
        "de": "Einzelunterschrift",
        "fr": "signature individuelle",
        "it": "firma individuale",
        "en": "individual signature, signs alone",
    },
    "collective_two": {
        "de": "Kollektivunterschrift zu zweien",
        "fr": "signature collective à deux",
        "it": "firma collettiva a due",
        "en": "joint (collective) signature by two",
    },
    "individual_procuration": {
        "de": "Einzelprokura",
        "fr": "procuration individuelle",
        "it": "procura individuale",
        "en": "individual procuration",
    },
    "collective_procuration": {
        "de": "Kollektivprokura zu zweien",
        "fr": "procuration collective à deux",
        "it": "procura collettiva a due",
        "en": "joint procuration by two",
    },
    "none": {
        "de": "ohne Zeichnungsberechtigung",
        "fr": "sans droit de signature",
        "it": "senza diritto di firma",
        "en": "no signing authority",
    },
}

S: Final[dict[str, dict[str, str]]] = {
    "de": {
        "span": "vom {a} bis {b}",
        "since": "seit {a}",
        "until": "bis {b}",
        "on": "am {d}",
        "in_period": "im Zeitraum {a} – {b}",
        "used": "(Gefunden als **{name}**{seat}.)",
        "no_entity": "Ich habe in den Meldungen keine Firma und keine Person gefunden, die {what} heisst.",
        "no_fact": "Die Meldungen zu **{name}** nennen {what}.",
        "no_holder": "Die Meldungen zu **{name}** nennen keine Person und keine Firma als {role}{when}.",
        "holders": "{role} von **{name}**{when}: {who}.",
        "roles_of": "Funktionen von **{name}**: {what}.",
        "mandates": "**{name}** ist in den Meldungen bei {n} Firma/Firmen eingetragen: {what}.",
        "uid": "Die UID von **{name}** ist **{v}**.",
        "address": "Die Adresse von **{name}**{when} lautet **{v}**.",
        "seat": "Der Sitz von **{name}**{when} ist **{v}**.",
        "capital": "Das Kapital von **{name}**{when} beträgt **{v}**.",
        "purpose": "Zweck von **{name}**{when}: {v}",
        "legal_form": "**{name}** ist eine **{v}**.",
        "status_active": "**{name}** ist im Register eingetragen (aktiv); keine Meldung einer Löschung.",
        "status_deleted": "**{name}** wurde gelöscht{when}.",
        "registered": "**{name}** wurde am **{d}** eingetragen.",
        "not_deleted": "**{name}** ist nicht gelöscht: keine Meldung nennt eine Löschung (Status: aktiv).",
        "names": "**{name}** ist unter diesen Namen eingetragen: {v}.",
        "changes": "Meldungen zu **{name}**{when}: {n}.",
        "notices": "Zu **{name}** gibt es **{n}** Meldungen, vom {a} bis {b}.",
        "opting_out": "**{name}** hat keine Revisionsstelle: Verzicht auf die eingeschränkte Revision (Opting-out).",
        "supervision": "Aufsichtsbehörde von **{name}**: {v}.",
        "shares": "{who}: {v}",
        "head_office": "Der Hauptsitz von **{name}** ist **{v}**.",
        "branches": "Zweigniederlassungen von **{name}**: {v}.",
        "link": "{rel} **{v}**{when}.",
        "successor": "Nachfolger/in von {who} als {role}: {v}.",
        "predecessor": "Vor {who} war {v} {role}.",
        "left": "Ausgeschieden bei **{name}**{when}: {v}.",
        "joined": "Neu eingetragen bei **{name}**{when}: {v}.",
        "no_change": "Die Meldungen zu **{name}** zeigen{when} keine Änderung bei: {what}.",
        "evidence": "Belege",
        "now": "heute",
    },
    "fr": {
        "span": "du {a} au {b}",
        "since": "depuis le {a}",
        "until": "jusqu'au {b}",
        "on": "le {d}",
        "in_period": "sur la période {a} – {b}",
        "used": "(Trouvé comme **{name}**{seat}.)",
        "no_entity": "Je n'ai trouvé dans les publications aucune société ni personne nommée {what}.",
        "no_fact": "Les publications sur **{name}** ne mentionnent {what}.",
        "no_holder": "Les publications sur **{name}** ne mentionnent aucun {role}{when}.",
        "holders": "{role} de **{name}**{when} : {who}.",
        "roles_of": "Fonctions de **{name}** : {what}.",
        "mandates": "**{name}** figure dans les publications de {n} société/sociétés : {what}.",
        "uid": "Le numéro IDE de **{name}** est **{v}**.",
        "address": "L'adresse de **{name}**{when} est **{v}**.",
        "seat": "Le siège de **{name}**{when} est **{v}**.",
        "capital": "Le capital de **{name}**{when} est de **{v}**.",
        "purpose": "But de **{name}**{when} : {v}",
        "legal_form": "**{name}** est une **{v}**.",
        "status_active": "**{name}** est inscrite au registre (active) ; aucune radiation publiée.",
        "status_deleted": "**{name}** a été radiée{when}.",
        "registered": "**{name}** a été inscrite le **{d}**.",
        "not_deleted": "**{name}** n'est pas radiée : aucune publication ne mentionne de radiation (statut : active).",
        "names": "**{name}** est inscrite sous ces raisons sociales : {v}.",
        "changes": "Publications sur **{name}**{when} : {n}.",
        "notices": "Il y a **{n}** publications sur **{name}**, du {a} au {b}.",
        "opting_out": "**{name}** n'a pas d'organe de révision : renonciation au contrôle restreint (opting-out).",
        "supervision": "Autorité de surveillance de **{name}** : {v}.",
        "shares": "{who} : {v}",
        "head_office": "Le siège principal de **{name}** est **{v}**.",
        "branches": "Succursales de **{name}** : {v}.",
        "link": "{rel} **{v}**{when}.",
        "successor": "Successeur de {who} comme {role} : {v}.",
        "predecessor": "Avant {who}, {role} : {v}.",
        "left": "Sortis de **{name}**{when} : {v}.",
        "joined": "Nouvellement inscrits chez **{name}**{when} : {v}.",
        "no_change": "Les publications sur **{name}** ne montrent{when} aucun changement de : {what}.",
        "evidence": "Sources",
        "now": "aujourd'hui",
    },
    "it": {
        "span": "dal {a} al {b}",
        "since": "dal {a}",
        "until": "fino al {b}",
        "on": "il {d}",
        "in_period": "nel periodo {a} – {b}",
        "used": "(Trovato come **{name}**{seat}.)",
        "no_entity": "Non ho trovato nelle pubblicazioni nessuna società né persona chiamata {what}.",
        "no_fact": "Le pubblicazioni su **{name}** non indicano {what}.",
        "no_holder": "Le pubblicazioni su **{name}** non indicano nessun {role}{when}.",
        "holders": "{role} di **{name}**{when}: {who}.",
        "roles_of": "Funzioni di **{name}**: {what}.",
        "mandates": "**{name}** compare nelle pubblicazioni di {n} società: {what}.",
        "uid": "L'IDI di **{name}** è **{v}**.",
        "address": "L'indirizzo di **{name}**{when} è **{v}**.",
        "seat": "La sede di **{name}**{when} è **{v}**.",
        "capital": "Il capitale di **{name}**{when} è di **{v}**.",
        "purpose": "Scopo di **{name}**{when}: {v}",
        "legal_form": "**{name}** è una **{v}**.",
        "status_active": "**{name}** è iscritta a registro (attiva); nessuna cancellazione pubblicata.",
        "status_deleted": "**{name}** è stata cancellata{when}.",
        "registered": "**{name}** è stata iscritta il **{d}**.",
        "not_deleted": "**{name}** non è cancellata: nessuna pubblicazione indica una cancellazione (stato: attiva).",
        "names": "**{name}** è iscritta con queste ragioni sociali: {v}.",
        "changes": "Pubblicazioni su **{name}**{when}: {n}.",
        "notices": "Ci sono **{n}** pubblicazioni su **{name}**, dal {a} al {b}.",
        "opting_out": "**{name}** non ha un ufficio di revisione: rinuncia alla revisione limitata (opting-out).",
        "supervision": "Autorità di vigilanza di **{name}**: {v}.",
        "shares": "{who}: {v}",
        "head_office": "La sede principale di **{name}** è **{v}**.",
        "branches": "Succursali di **{name}**: {v}.",
        "link": "{rel} **{v}**{when}.",
        "successor": "Successore di {who} come {role}: {v}.",
        "predecessor": "Prima di {who}, {role}: {v}.",
        "left": "Usciti da **{name}**{when}: {v}.",
        "joined": "Nuovi iscritti presso **{name}**{when}: {v}.",
        "no_change": "Le pubblicazioni su **{name}** non mostrano{when} nessun cambiamento di: {what}.",
        "evidence": "Fonti",
        "now": "oggi",
    },
    "en": {
        "span": "from {a} to {b}",
        "since": "since {a}",
        "until": "until {b}",
        "on": "on {d}",
        "in_period": "in {a} – {b}",
        "used": "(Matched as **{name}**{seat}.)",
        "no_entity": "I found no company or person named {what} in the notices.",
        "no_fact": "The notices on **{name}** state {what}.",
        "no_holder": "The notices on **{name}** name no {role}{when}.",
        "holders": "{role} of **{name}**{when}: {who}.",
        "roles_of": "Roles at **{name}**: {what}.",
        "mandates": "**{name}** appears in the notices of {n} company/companies: {what}.",
        "uid": "The UID of **{name}** is **{v}**.",
        "address": "The address of **{name}**{when} is **{v}**.",
        "seat": "The seat of **{name}**{when} is **{v}**.",
        "capital": "The capital of **{name}**{when} is **{v}**.",
        "purpose": "Purpose of **{name}**{when}: {v}",
        "legal_form": "**{name}** is a **{v}**.",
        "status_active": "**{name}** is registered (active); no deletion was published.",
        "status_deleted": "**{name}** was deleted from the register{when}.",
        "registered": "**{name}** was registered on **{d}**.",
        "not_deleted": "**{name}** is not deleted: no notice records a deletion (status: active).",
        "names": "**{name}** is registered under these names: {v}.",
        "changes": "Notices on **{name}**{when}: {n}.",
        "notices": "There are **{n}** notices on **{name}**, from {a} to {b}.",
        "opting_out": "**{name}** has no auditor: it opted out of the limited audit (opting-out).",
        "supervision": "Supervisory authority of **{name}**: {v}.",
        "shares": "{who}: {v}",
        "head_office": "The head office of **{name}** is **{v}**.",
        "branches": "Branches of **{name}**: {v}.",
        "link": "{rel} **{v}**{when}.",
        "successor": "Successor of {who} as {role}: {v}.",
        "predecessor": "Before {who}, the {role} was {v}.",
        "left": "Left **{name}**{when}: {v}.",
        "joined": "Newly entered at **{name}**{when}: {v}.",
        "no_change": "The notices on **{name}** show no change of {what}{when}.",
        "evidence": "Evidence",
        "now": "today",
    },
}

FACT_NAMES: Final[dict[str, dict[str, str]]] = {
    "uid": {"de": "keine UID", "fr": "aucun numéro IDE", "it": "nessun IDI", "en": "no UID"},
    "address": {
        "de": "keine Adresse",
        "fr": "aucune adresse",
        "it": "nessun indirizzo",
        "en": "no address",
    },
    "capital": {
        "de": "kein Kapital (die Rechtsform hat keines oder es ist nicht publiziert)",
        "fr": "aucun capital (pas de capital pour cette forme ou non publié)",
        "it": "nessun capitale (questa forma non ne ha o non è pubblicato)",
        "en": "no capital (none for this legal form, or not published)",
    },
    "purpose": {"de": "keinen Zweck", "fr": "aucun but", "it": "nessuno scopo", "en": "no purpose"},
    "seat": {"de": "keinen Sitz", "fr": "aucun siège", "it": "nessuna sede", "en": "no seat"},
    "legal_form": {
        "de": "keine Rechtsform",
        "fr": "aucune forme juridique",
        "it": "nessuna forma giuridica",
        "en": "no legal form",
    },
    "auditor": {
        "de": "keine Revisionsstelle",
        "fr": "aucun organe de révision",
        "it": "nessun ufficio di revisione",
        "en": "no auditor",
    },
    "shares": {
        "de": "keine Stammanteile",
        "fr": "aucune part sociale",
        "it": "nessuna quota",
        "en": "no shares",
    },
    "supervision": {
        "de": "keine Aufsichtsbehörde",
        "fr": "aucune autorité de surveillance",
        "it": "nessuna autorità di vigilanza",
        "en": "no supervisory authority",
    },
    "bankruptcy": {
        "de": "keinen Konkurs",
        "fr": "aucune faillite",
        "it": "nessun fallimento",
        "en": "no bankruptcy",
    },
    "head_office": {
        "de": "keinen Hauptsitz",
        "fr": "aucun siège principal",
        "it": "nessuna sede principale",
        "en": "no head office",
    },
    "branches": {
        "de": "keine Zweigniederlassung",
        "fr": "aucune succursale",
        "it": "nessuna succursale",
        "en": "no branch",
    },
    "mergers": {
        "de": "keine Fusion",
        "fr": "aucune fusion",
        "it": "nessuna fusione",
        "en": "no merger",
    },
    "transfers": {
        "de": "keine Vermögensübertragung",
        "fr": "aucun transfert de patrimoine",
        "it": "nessun trasferimento di patrimonio",
        "en": "no asset transfer",
    },
    "deleted": {
        "de": "keine Löschung",
        "fr": "aucune radiation",
        "it": "nessuna cancellazione",
        "en": "no deletion",
    },
    "registered": {
        "de": "keine Eintragung",
        "fr": "aucune inscription",
        "it": "nessuna iscrizione",
        "en": "no registration",
    },
    "signature": {
        "de": "keine Zeichnungsberechtigung",
        "fr": "aucune signature",
        "it": "nessuna firma",
        "en": "no signature rule",
    },
}


def say(lang: str, key: str, **kw: object) -> str:
    """One sentence in the question's language (English when a key is missing there)."""
    table = S.get(lang) or S["en"]
    return (table.get(key) or S["en"][key]).format(**kw)


def role_name(lang: str, role: str | None) -> str:
    """The role in the question's language."""
    return (ROLE_NAMES.get(role or "") or {}).get(lang) or (role or "").replace("_", " ")


def signature_name(lang: str, code: str | None) -> str:
    """The signature kind in the question's language ('' when unknown)."""
    return (SIGNATURES.get(code or "") or {}).get(lang, "")


def fact_name(lang: str, fact: str) -> str:
    """'no auditor' and the like, for honest negatives."""
    return (FACT_NAMES.get(fact) or {}).get(lang) or fact.replace("_", " ")


def day(iso: object) -> str:
    """An ISO date as the register writes it (dd.mm.yyyy)."""
    text = str(iso or "")
    if len(text) >= 10 and text[4] == "-":
        return f"{text[8:10]}.{text[5:7]}.{text[0:4]}"
    return text


def span(lang: str, start: object, end: object) -> str:
    """An interval as words: from … to …, since …, until …."""
    if start and end:
        return say(lang, "span", a=day(start), b=day(end))
    if start:
        return say(lang, "since", a=day(start))
    if end:
        return say(lang, "until", b=day(end))
    return ""
