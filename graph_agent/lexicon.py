"""Words the offline planner reads questions with, in German, French, Italian and English.

Pure data: every list is matched on the lower-cased, accent-folded question (see `slots.fold`),
so entries are written folded too (no accents, `ss` for `ß`).
"""

from __future__ import annotations

from typing import Final

STOPWORDS: Final[dict[str, frozenset[str]]] = {
    "de": frozenset(["der", "die", "das", "und", "ist", "wer", "wie", "viele", "welche", "was", "von", "mit", "im", "in", "am", "fur", "hat", "war", "sind", "den", "dem", "des", "eine", "einer", "ein", "gibt", "es", "seine", "ihre", "alle", "sitz", "firma", "gesellschaft", "vorher", "wurde", "wann", "zeige", "liste"]),
    "fr": frozenset(["le", "la", "les", "et", "est", "qui", "quel", "quelle", "quels", "quelles", "combien", "de", "du", "des", "un", "une", "dans", "a", "au", "aux", "ses", "son", "sa", "sont", "ont", "societe", "entreprise", "quand", "montre", "liste", "avant", "etait"]),
    "it": frozenset(["il", "lo", "la", "gli", "le", "e", "chi", "quale", "quali", "quanti", "quante", "di", "del", "della", "dei", "delle", "un", "una", "nel", "nella", "con", "ha", "sono", "suoi", "sue", "suo", "sua", "societa", "ditta", "quando", "mostra", "elenco", "prima", "era"]),
    "en": frozenset(["the", "and", "is", "who", "what", "which", "how", "many", "of", "in", "with", "has", "was", "are", "his", "her", "its", "their", "a", "an", "company", "firm", "when", "show", "list", "before", "did", "does"]),
}

# Phrases that make a question a macro-level count.
COUNT_WORDS: Final = ("how many", "number of", "count ", "wie viele", "wieviele", "anzahl",
                      "combien", "nombre de", "quanti", "quante", "numero di")
# Phrases that make it a ranking.
TOP_WORDS: Final = ("top ", "largest", "biggest", "highest", "most ", "ranking", "groesste",
                    "grosste", "grossten", "groessten", "hochste", "hochsten", "meisten",
                    "rangliste", "plus grand", "plus grosse", "plus eleve", "le plus",
                    "classement", "piu grand", "piu alt", "maggior", "classifica")
HISTORY_WORDS: Final = ("history", "timeline", "was called", "was named", "hiess", "hies ",
                        "s'appelait", "si chiamava", "called on", "named on", "storico", "chronolog", "when was", "when did", "changes",
                        "what happened", "events", "geschichte", "verlauf", "chronik", "wann ",
                        "anderungen", "ereignisse", "was geschah", "historique", "quand ",
                        "changements", "evenements", "storia", "cronologia", "quando ",
                        "modifiche", "eventi", "registered", "eingetragen", "inscrite",
                        "iscritta", "deleted", "geloscht", "radiee", "cancellata")
PAST_WORDS: Final = ("previous", "previously", "before", "former", "earlier", "used to",
                     "vorher", "fruher", "ehemalig", "bisher", "zuvor", "avant", "precedent",
                     "ancien", "anterieur", "prima", "precedente", "ex ", "in passato")
NETWORK_WORDS: Final = ("board", "director", "officer", "mandate", "branch", "head office",
                        "merged", "merger", "connected", "network", "members", "who runs",
                        "who manages", "signator", "auditor", "president", "manager",
                        "partner", "roles", "positions", "related", "linked",
                        "verwaltungsrat", "mandat", "zweigniederlassung", "filiale",
                        "hauptsitz", "fusion", "fusioniert", "netzwerk", "verbunden",
                        "prasident", "geschaftsfuhrer", "revisionsstelle", "zeichnungs",
                        "gesellschafter", "mitglied", "funktion", "stiftungsrat", "conseil d'administration",
                        "administrateur", "succursale", "siege principal", "reseau", "lie ",
                        "liee", "president", "gerant", "organe de revision", "associe",
                        "fonction", "consiglio di amministrazione", "amministrator",
                        "succursal", "sede principale", "fusione", "rete", "collegat",
                        "presidente", "gerente", "ufficio di revisione", "socio", "funzion",
                        "cariche", "incarichi")
TEXT_WORDS: Final = ("mention", "containing", "contain", "text of", "the phrase", "wording",
                     "erwahn", "enthalt", "wortlaut", "im text", "mentionn", "contenant",
                     "contiennent", "le texte", "menzion", "contenent", "contengono",
                     "nel testo", "full text", "volltext", "plein texte", "testo")
LOOKUP_WORDS: Final = ("who is", "what is", "find ", "look up", "search", "uid of",
                       "which company", "wer ist", "was ist", "finde", "suche", "welche firma",
                       "qui est", "qu'est-ce", "trouve", "cherche", "quelle societe",
                       "chi e", "che cos", "cos'e", "trova", "cerca", "quale societa", "tell me about",
                       "erzahl", "parle-moi", "parlami", "dossier", "profile", "profil")
# Words that point back at an earlier entity.
OTHER_WORDS: Final = ("other", "andere", "anderen", "weitere", "autres", "autre", "altri",
                      "altre", "else", "sonst", "d'autres")
FOLLOW_UP_WORDS: Final = ("his ", "her ", "its ", "their ", " he ", " she ", " it ", "this company",
                          "that company", "this person", "the same", "other mandates",
                          "sein ", "seine ", "seiner ", "ihre ", "ihr ", "ihrer ", "dessen",
                          "deren", "diese firma", "dieser firma", "diese gesellschaft",
                          "dieselbe", "er ", "sie ", "ses ", "son ", "sa ", "leur", "cette societe",
                          "cette personne", "elle ", "suoi ", "sue ", "suo ", "sua ",
                          "questa societa", "questa persona", "lui ", "lei ", "dort", "there",
                          "vorher", "avant", "prima", "previously", "before", "also ",
                          "auch ", "aussi", "anche", "other ", "andere", "autres", "altri", "altre")

# Aspects of a neighbourhood; the first matching aspect wins.
ASPECTS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("head_office", ("head office", "hauptsitz", "siege principal", "sede principale")),
    ("branches", ("branch", "zweigniederlassung", "filiale", "succursal")),
    ("mergers", ("merge", "fusion", "absorbed", "ubernommen", "absorbe", "incorporat")),
    ("transfers", ("transfer", "vermogensubertragung", "transfert", "trasferimento",
                   "acquired", "acquis", "erworben", "acquisit")),
    ("mandates", ("which companies", "welche firmen", "quelles societes", "quali societa",
                  "in welchen firmen", "dans quelles", "in quali", "mandate", "mandat", "positions", "roles", "other compan", "andere firmen",
                  "autres societes", "altre societa", "incarichi", "cariche", "sits on",
                  "funktionen", "fonctions", "funzioni")),
    ("board", ("board", "director", "officer", "verwaltungsrat", "geschaftsfuhr", "organe",
               "conseil", "administrat", "consiglio", "amministrat", "gerant", "gerente",
               "who runs", "who manages", "members", "persons", "personen", "personnes",
               "persone", "signator", "zeichnungs", "signature", "president", "stiftungsrat",
               "soci ", "gesellschafterin",
               "prasident", "presidente", "auditor", "revision", "revisione", "partner",
               "gesellschafter", "associe", "socio")),
)

# Roles, folded, mapped to the coarse role names of the graph model.
ROLES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("chair", ("president", "prasident", "presidente", "chair", "vorsitz")),
    ("auditor", ("auditor", "revisionsstelle", "organe de revision", "ufficio di revisione",
                 "revisore")),
    ("branch_manager", ("branch manager", "directrice de la succursale", "direttore della",
                        "filialleiter", "leiter der zweigniederlassung")),
    ("managing_director", ("managing director", "geschaftsfuhrer", "gerant", "gerante",
                           "gerente", "manager", "directeur", "direttore")),
    ("board_member", ("board member", "mitglied des verwaltungsrates", "membre du conseil",
                      "membro del consiglio", "administrateur", "amministratore")),
    ("partner", ("partner", "gesellschafter", "associe", "socio")),
    ("authorized_signatory", ("signator", "prokurist", "zeichnungsberechtigt", "procuration",
                              "procuratore", "procura")),
)

METRICS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("capital", ("capital", "kapital", "capitale", "aktienkapital", "stammkapital")),
    ("mandates", ("which companies", "welche firmen", "quelles societes", "quali societa",
                  "in welchen firmen", "dans quelles", "in quali", "mandate", "mandat", "mandats", "mandati", "incarichi", "roles", "positions",
                  "funktionen", "fonctions", "cariche", "seats")),
    ("events", ("events", "notices", "publications", "ereignisse", "meldungen", "avis ", "d'avis",
                "avvisi",
                "publikationen", "evenements", "publications", "eventi", "pubblicazioni",
                "activity", "aktivitat", "activite", "attivita")),
)

EVENT_TYPES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("bankruptcy", ("bankrupt", "konkurs", "faillite", "fallimento", "fallit")),
    ("liquidation", ("liquidat", "liquidaz")),
    ("merger", ("merger", "merged", "fusion", "fusione", "fusionn")),
    ("asset_transfer", ("asset transfer", "vermogensubertragung", "transfert de patrimoine",
                        "trasferimento di patrimonio")),
    ("deletion", ("deletion", "deleted", "loschung", "geloscht", "radiation", "radiee",
                  "radiees", "cancellazion", "cancellat", "struck off")),
    ("seat_change", ("seat change", "moved", "sitzverlegung", "sitz neu", "transfert de siege",
                     "nouveau siege", "trasferimento della sede", "relocat")),
    ("name_change", ("name change", "renamed", "namensanderung", "firma neu",
                     "changement de raison", "nouvelle raison", "cambiamento di ditta")),
    ("capital_change", ("capital increase", "capital change", "kapitalerhohung",
                        "augmentation du capital", "aumento del capitale")),
    ("registration", ("new registration", "registrations", "newly registered", "founded",
                      "founding", "neueintragung", "gegrundet", "neu eingetragen",
                      "gegrundete", "nouvelles inscriptions", "inscription", "inscrit", "fondee",
                      "iscritt", "registriert", "neu eingetragen", "nuove", "neugegrundet",
                      "fondees", "nuove iscrizioni", "iscrizion", "fondat", "registered")),
    ("officer_change", ("board change", "officer change", "personnel change", "personelle",
                        "changements au conseil", "cambiamenti nel consiglio")),
    ("dissolution", ("dissolution", "dissolved", "aufgelost", "dissoute", "sciolt")),
    ("purpose_change", ("purpose change", "zweckanderung", "changement de but",
                        "modifica dello scopo")),
    ("address_change", ("address change", "domizilanderung", "changement d'adresse",
                        "nuovo recapito")),
)

SUB_RUBRICS: Final = {"registration": "HR01", "deletion": "HR03"}

LEGAL_FORMS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("0107", ("gmbh", "sarl", "sagl", "limited liability")),
    ("0106", (" ag", "aktiengesellschaft", " sa", "societe anonyme", "societa anonima",
              "stock corporation", "companies limited by shares")),
    ("0108", ("genossenschaft", "cooperative", "cooperativa")),
    ("0109", ("verein", "association", "associazione")),
    ("0110", ("stiftung", "foundation", "fondation", "fondazione")),
    ("0101", ("einzelunternehmen", "sole proprietorship", "entreprise individuelle",
              "ditta individuale")),
    ("0103", ("kollektivgesellschaft", "general partnership", "societe en nom collectif",
              "societa in nome collettivo")),
)

# Legal-form words that end a company name (used to find entity spans).
NAME_SUFFIXES: Final = frozenset({"ag", "sa", "gmbh", "sarl", "sàrl", "sagl", "ltd", "inc",
                                  "genossenschaft", "stiftung", "verein", "kg", "co", "se",
                                  "holding", "fondation", "fondazione", "association"})

CANTONS: Final = ("ZH", "BE", "LU", "UR", "SZ", "OW", "NW", "GL", "ZG", "FR", "SO", "BS", "BL",
                  "SH", "AR", "AI", "SG", "GR", "AG", "TG", "TI", "VD", "VS", "NE", "GE", "JU")
CANTON_NAMES: Final[dict[str, str]] = {
    "zurich": "ZH", "bern": "BE", "berne": "BE", "berna": "BE", "luzern": "LU", "lucerne": "LU",
    "zug": "ZG", "zoug": "ZG", "fribourg": "FR", "freiburg": "FR", "solothurn": "SO",
    "basel-stadt": "BS", "bale-ville": "BS", "basel-landschaft": "BL", "st. gallen": "SG",
    "st gallen": "SG", "saint-gall": "SG", "graubunden": "GR", "grisons": "GR", "aargau": "AG",
    "argovie": "AG", "thurgau": "TG", "ticino": "TI", "tessin": "TI", "vaud": "VD", "waadt": "VD",
    "valais": "VS", "wallis": "VS", "vallese": "VS", "neuchatel": "NE", "neuenburg": "NE",
    "geneve": "GE", "genf": "GE", "ginevra": "GE", "geneva": "GE", "jura": "JU",
    "schwyz": "SZ", "uri": "UR", "glarus": "GL", "schaffhausen": "SH", "obwalden": "OW",
    "nidwalden": "NW",
}

MONTHS: Final[dict[str, int]] = {
    "january": 1, "januar": 1, "janvier": 1, "gennaio": 1, "february": 2, "februar": 2,
    "fevrier": 2, "febbraio": 2, "march": 3, "marz": 3, "mars": 3, "marzo": 3, "april": 4,
    "avril": 4, "aprile": 4, "may": 5, "mai": 5, "maggio": 5, "june": 6, "juni": 6, "juin": 6,
    "giugno": 6, "july": 7, "juli": 7, "juillet": 7, "luglio": 7, "august": 8, "aout": 8,
    "agosto": 8, "september": 9, "septembre": 9, "settembre": 9, "october": 10, "oktober": 10,
    "octobre": 10, "ottobre": 10, "november": 11, "novembre": 11, "december": 12,
    "dezember": 12, "decembre": 12, "dicembre": 12,
}

# Words that are never part of an entity span even when capitalised.
NOT_NAME: Final = frozenset(
    ["who", "what", "which", "how", "when", "where", "is", "are", "was", "were", "the", "a", "an", "show", "list", "find", "tell", "give", "me", "about", "wer", "was", "welche", "welcher", "wie", "wann", "wo", "ist", "sind", "war", "zeige", "liste", "finde", "gib", "mir", "uber", "die", "der", "das", "qui", "que", "quel", "quelle", "quels", "quelles", "comment", "quand", "ou", "est", "sont", "etait", "montre", "liste", "trouve", "donne", "moi", "sur", "le", "la", "les", "chi", "che", "quale", "quali", "come", "quando", "dove", "e", "sono", "era", "mostra", "elenco", "trova", "dammi", "su", "il", "lo", "gli", "and", "und", "et", "of", "von", "de", "di", "da", "du", "des", "del", "della", "in", "im", "a", "au", "à", "board", "verwaltungsrat", "history", "geschichte", "historique", "storia", "branches", "succursales", "mandates", "mandats", "mandati", "how", "many", "wie", "viele", "combien", "quanti", "quante", "top", "does", "did", "has", "hat", "a-t-il", "his", "her", "its", "sein", "seine", "ses", "son", "sa", "suoi", "sua", "president", "prasident", "presidente", "uid", "dossier", "profile", "profil", "companies", "firmen", "societes", "societa", "notices",
     # question and cue words that start a sentence or are capitalised nouns in German
     "qual", "dans", "avec", "con", "into", "mit", "bei", "for", "per", "pour", "chez", "presso",
     "firma", "personen", "person", "kapital", "funktion", "funktionen", "sitz", "handelsregister",
     "erzahl", "erzahle", "parle-moi", "parlami", "parle", "moi", "etwas", "uber", "welchen",
     "where", "wo", "ou", "dove", "combien", "quanti", "meldungen", "kanton", "canton", "cantone",
     "revisionsstelle", "hauptsitz", "namen", "name", "noms", "nomi", "idi", "ide", "numero",
     "nummer", "societe", "entreprise", "personnes", "persone", "und", "e", "et", "and", "wann",
     "quand", "quando", "when", "neueintragungen", "publiziert", "welcher", "tell"])
