"""German vocabulary (SHAB / Zefix conventions, current and 2001-2017)."""

from __future__ import annotations

from ingestion.extraction.vocab.given_names import GERMAN, OTHER
from ingestion.extraction.vocab.model import Vocabulary
from shabgraph.register.nationalities import ADJECTIVE_COUNTRIES, STATELESS

_BODY = r"(?: de[sr] [\w-]+)?"
# A transaction counterpart: a name up to its UID in brackets, or (no UID) up to its seat clause.
_CP = (
    # Not a founding clause ("bei der Gründung von der X GmbH"): the company follows it.
    r"(?P<body>(?!CHF|Gründung\b|Errichtung\b)[A-ZÄÖÜ\"«].{0,150}?(?:\((?:UID )?(?:CHE|CH)-[\d.\-]+\)"
    r"|(?=,? (?:in|mit Sitz in) [A-ZÄÖÜ][^,.]*[,.])))"
)

# The form of a sole proprietorship or partnership named before a counterpart ("von der
# Einzelunternehmung X"): no part of its name. Not "Stiftung", "Genossenschaft": those words
# open many names ("der Stiftung X" names the foundation "Stiftung X").
_FORM_WORD = r"(?:(?:Einzelunternehmung|Einzelunternehmen|Einzelfirma|Firma) )?"

VOCAB = Vocabulary(
    lang="de",
    markers=(
        "und",
        "der",
        "die",
        "des",
        "mit",
        "von",
        "wird",
        "Gesellschaft",
        "Zweck",
        "neu",
        "Personen",
        "Unterschrift",
        "bisher",
        "Stiftung",
        "gemäss",
        "für",
        "ist",
        "auf",
    ),
    person_headings=(
        (r"Eingetragene Personen neu oder mutierend", "registered"),
        (r"Ausgeschiedene Personen und erloschene Unterschriften", "removed"),
        (r"Neu eingetragene Personen", "registered"),
        (r"Eingetragene Personen", "registered"),
        (r"Ausgeschiedene Personen", "removed"),
        (r"Erloschene Unterschriften", "removed"),
    ),
    origin_prefixes=("von ",),
    residence_prefixes=("in ", "wohnhaft in "),
    origin_and_residence=r"^von und in (?P<place>.+)$",
    nationality_patterns=(
        r"^(?P<adj>[\w-]+) Staatsangehörige[rn]?$",
        r"^Staatsangehörige[rn]? (?:von |des |der )?(?P<country>.+)$",
    ),
    nationalities=ADJECTIVE_COUNTRIES["de"],
    stateless=STATELESS["de"],
    role_patterns=(
        (
            r"leiter(?:in)? der zweigniederlassung|filialleiter(?:in)?|zweigniederlassungsleiter(?:in)?",
            "branch_manager",
        ),
        (r"vize-?präsident(?:in)?" + _BODY + r"|vizeobmann|vizeobfrau", "vice_chair"),
        (
            r"(?:präsident(?:in)?|vorsitzende[rn]?|mitglied(?:er)?) der geschäftsführung",
            "managing_director",
        ),
        (r"präsident(?:in)?" + _BODY + r"|obmann|obfrau|vorsitzende[rn]?" + _BODY, "chair"),
        (
            r"mitglied(?:er)? der (?:geschäftsleitung|direktion)|geschäftsleitungsmitglied(?:er)?",
            "member",
        ),
        (
            r"(?:stellvertretende[rn]? |vize)?direktor(?:in|innen|en)?|generaldirektor(?:in|en)?|"
            r"delegierte[rn]?" + _BODY + r"|ceo",
            "director",
        ),
        (r"geschäftsführe(?:r(?:in)?|nde[rn]?)", "managing_director"),
        (r"sekretär(?:in)?|aktuar(?:in)?|protokollführer(?:in)?", "secretary"),
        (r"kommanditär(?:in)?|kommanditist(?:in)?", "limited_partner"),
        (
            r"(?:unbeschränkt haftende[rn]? |kollektiv)?gesellschafter(?:in)?|teilhaber(?:in)?|"
            r"komplementär(?:in)?",
            "partner",
        ),
        (r"inhaber(?:in)?", "owner"),
        (r"liquidator(?:in|innen|en)?", "liquidator"),
        (r"revisionsstelle|revisor(?:in)?|kontrollstelle", "auditor"),
        (r"stifter(?:in)?|gründer(?:in)?", "founder"),
        (
            r"prokurist(?:in|innen|en)?|zeichnungsberechtigte[rn]?|bevollmächtigte[rn]?",
            "authorized_signatory",
        ),
        (r"kassier(?:in)?|quästor(?:in)?|kassie?rer(?:in)?", "other"),
        (
            r"mitglied(?:er)?" + _BODY + r"|verwaltungsrat(?:smitglied(?:er)?)?|verwaltungsrätin|"
            r"stiftungsrat(?:smitglied(?:er)?)?|stiftungsrätin|vorstandsmitglied(?:er)?|beisitzer(?:in)?|"
            r"sr|vr|verwalter(?:in)?",
            "board_member",
        ),
    ),
    signature_patterns=(
        (r"kollektivprokura(?: zu zweien)?", "collective_procuration"),
        (r"einzelprokura", "individual_procuration"),
        (
            r"einzelunterschrift(?:en)?|einzelzeichnungsberechtigung|zeichne[nt]? (?:\w+ )?einzeln",
            "individual",
        ),
        (
            r"kollektivunterschrift(?:en)?(?: zu zweien)?|kollektivzeichnungsberechtigung|"
            r"kollektiv zu zweien",
            "collective_two",
        ),
        (r"ohne zeichnungsberechtigung|ohne unterschrift", "none"),
    ),
    previous_markers=("bisher",),
    correction_markers=("nicht",),
    alias_markers=("genannt", "geb.", "geborene", "verw.", "verwitwete"),
    share_markers=(
        r"^mit (?:einer?|\d[\d']*) Stamm",
        r"^mit (?:einer?|\d[\d']*) (?:Kommandit|Anteil)",
        r"^mit einer Kommanditsumme",
        r"^Kommanditsumme",
    ),
    distributive=(r"^(?:beide|alle(?: \w+)?|je)\b",),
    event_cues=(
        (
            r"Statutenänderung|Urkundenänderung|Änderung der Statuten|Statuten wurden (?:\w+ )?geändert",
            "statutes_change",
        ),
        (r"Zweck neu:", "purpose_change"),
        (r"Firma neu:|Neue Firma:", "name_change"),
        # The liquidation runs under the name with "in Liquidation": the name changes.
        (r"(?:erfolgt|wird durchgeführt) unter der Firma\b", "name_change"),
        (r"Sitz neu:|Sitzverlegung", "seat_change"),
        (r"Domizil neu:|Adresse neu:|Postadresse neu:|Domizil:", "address_change"),
        (
            # "Die Fusion erfolgt ohne Kapitalerhöhung": no change of the capital.
            r"[Kk]apital neu:|Neues (?:Aktien|Stamm|Genossenschafts|Partizipations|Dotations)?[Kk]apital\b|"
            r"(?<!ohne )(?<!keine )Kapitalerhöhung|(?<!ohne )(?<!keine )Kapitalherabsetzung|Kapitalband|"
            r"Liberierung \w+ neu",
            "capital_change",
        ),
        (r"[Kk]apital: CHF [^\[]{0,40}\[bisher", "capital_change"),
        # "hat das Stammkapital von CHF … auf CHF … erhöht": the verb closes the sentence.
        # (`api[tT]al`: the gate keys on the verbs, rarer than "Kapital", see gates.needles.)
        (
            r"[Kk]api[tT]al(?![\w-])(?:[^.\[]|\.\d){0,200}?(?<![\w-])(?:erhöht|herabgesetzt)"
            r"(?![\w-])",
            "capital_change",
        ),
        (r"Rechtsform neu:|Umwandlung:", "legal_form_change"),
        (r"\bFusion(?:svertrag)?\b(?!\s+der\s+(?:politischen\s+)?Gemeinden)", "merger"),
        (r"\b(?:Ab)?[Ss]paltung", "demerger"),
        (
            r"Vermögensübertragung|Sacheinlage|Sachübernahme|Übertragung von Aktiven und Passiven",
            "asset_transfer",
        ),
        (r"Konkurs", "bankruptcy"),
        (
            r"Widerruf des Konkurses|Konkurs\w*\s+(?:\w+\s+){0,4}(?:widerrufen|aufgehoben)",
            "bankruptcy_revoked",
        ),
        (r"aufgelöst", "dissolution"),
        (r"(?<!in )\bLiquidation\b", "liquidation"),
        (r"^Berichtigung|\bBerichtigung des|\[nicht:", "correction"),
        (
            r"Aufsichtsbehörde|Reglement|Gestrichene Angaben|Gestrichener Hinweis|"
            r"Organisation neu: (?!\[Streichung)",
            "other",
        ),
        # The register strikes an entry of its own motion: a correction of the register, not news.
        (r"\[Streichung\b[^\]]{0,80}?\bvon Amtes wegen", "correction"),
        (
            r"eingeschränkte Revision|ohne Revisionsstelle|bisherige Revisionsstelle|Revisionsstelle(?: neu)?:",
            "auditor_change",
        ),
    ),
    deletion_cues=(
        # `[^.]` or the period of a UID or a date inside the clause.
        r"(?:Gesellschaft|Firma|Stiftung|Genossenschaft|Verein|Zweigniederlassung|Einzelunternehmen|"
        r"Einzelfirma|Unternehmen|Rechtseinheit)\b(?:[^.]|\.(?=\d)){0,160}?\bgelöscht",
        r"Löschung der (?:Gesellschaft|Firma|Rechtseinheit)",
    ),
    removal_cues=(
        r"\bist nicht mehr\b",
        r"\bsind nicht mehr\b",
        r"\berloschen\b",
        r"\bausgeschieden\b",
        r"\bzurückgetreten\b",
        r"\b(?:[Rr]ücktritte?|[Aa]ustritte?)\b",
        r"\bgehör(?:t|en) nicht mehr\b",
        r"\bGestrichen\b",  # no `^` here: an anchor in the joined cues costs every scan dearly
    ),
    grant_cues=(r"\berteilt\b", r"\bzeichnen\b", r"\bzeichnet\b"),
    removal_templates=(
        (
            # The noun names the right that ended: Prokura, Kollektivprokura, Einzelunterschrift,
            # Kollektivunterschriften zu zweien, Zeichnungsberechtigung.
            r"[Dd]ie (?:[A-ZÄÖÜ]?[a-zäöü]+)?(?:[Pp]rokur(?:a|en)|[Uu]nterschrift(?:en)?|"
            r"[Zz]eichnungsberechtigung(?:en)?)(?: zu zweien)? (?:von |des |der )(?P<names>.+?) (?:ist|sind) erloschen",
            "authorized_signatory",
        ),
        (
            # "Die an A und B erteilte Kollektivprokura ist erloschen"
            r"[Dd]ie (?:an|für) (?P<names>.+?) erteilten? (?:[A-ZÄÖÜ]?[a-zäöü]+)?(?:[Pp]rokur(?:a|en)|"
            r"[Uu]nterschrift(?:en)?)(?: zu zweien)? (?:ist|sind) erloschen",
            "authorized_signatory",
        ),
        (r"^(?P<names>.+?),? (?:ist|sind) nicht mehr (?P<role>[^;,.]+)", None),
        (r"^(?P<names>.+?),? gehör(?:t|en) nicht mehr (?P<role>(?:dem|der) [^;,.]+?) an\b", None),
        (
            r"^(?P<names>.+?),? (?:ist|sind) als (?P<role>[^;,.]+?) (?:ausgeschieden|zurückgetreten)",
            None,
        ),
        (
            r"^(?P<names>.+?),? (?:ist|sind) (?:aus (?:dem|der) [^;,.]+ )?(?:ausgeschieden|zurückgetreten)",
            None,
        ),
    ),
    auditor_labels=(r"(?:Neue )?Revisionsstelle(?: neu)?:", r"Kontrollstelle:"),
    auditor_removed=(
        r"[Dd]ie bisherige Revisionsstelle (?P<body>.+?),? ist (?:weggefallen|ausgeschieden|gestrichen|gelöscht)",
        r"[Dd]ie Revisionsstelle (?P<body>.+?),? ist (?:weggefallen|ausgeschieden|gestrichen|gelöscht|"
        r"zurückgetreten)",
        r"(?:^|\. )Gestrichen: (?:Revisionsstelle:? )(?P<body>(?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
        r"Revisionsstelle:? (?:[Nn]eu: (?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?\. )?Gestrichen: (?P<body>(?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
        r"\b(?:anstelle (?:von |der |des )|in Ersetzung (?:von |der |des ))(?P<body>[A-ZÄÖÜ](?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
    ),
    head_office_patterns=(
        r"Identifikationsnummer (?:des )?Hauptsitz(?:es)?: (?P<uid>CHE-\d{3}\.\d{3}\.\d{3})",
        r"Firma (?:des )?Hauptsitz(?:es)?: (?P<name>.+)",
        r"Firma der Hauptniederlassung: (?P<name>.+)",
        r"Sitz (?:des Hauptsitzes|der Hauptniederlassung): (?P<seat>.+)",
        r"(?:^|\. ?)Hauptsitz(?: neu)?: (?P<name>[^,]+?), (?:mit Sitz )?in (?P<seat>[^,(]+(?:\([A-Z]{2}\))?)"
        r"(?: ?\((?:UID )?(?P<uid>CHE-\d{3}\.\d{3}\.\d{3})\))?",
        # A separate pattern, so its needle is the whole word (a common prefix "Haupt" would
        # let every "Hauptstrasse" through the substring gate).
        r"(?:^|\. ?)Hauptniederlassung(?: neu)?: (?P<name>[^,]+?), (?:mit Sitz )?in (?P<seat>[^,(]+(?:\([A-Z]{2}\))?)",
        r"(?:^|\. ?)Hauptsitz(?: in)?: (?P<seat>.+)",
        r"hat die (?:Aktiengesellschaft|Gesellschaft mit beschränkter Haftung|Genossenschaft|Stiftung|"
        r"Kollektivgesellschaft|Kommanditgesellschaft|Firma|Gesellschaft|Einzelunternehmung)?\s*"
        r"(?P<name>[^,]+?), mit Sitz in (?P<seat>[^,]+),",
        r"Zweigniederlassung der (?P<name>[^,]+?), (?:mit Sitz )?in (?P<seat>[^,.(]+)",
    ),
    transaction_patterns=(
        (
            r"Übernahme der Aktiven und Passiven (?:der |des |von )?(?P<body>.+?)(?:,? gem[äa]ss|$)",
            "merger_absorbed",
        ),
        (
            r"Aktiven und (?:Passiven|Verbindlichkeiten)(?: \([^)]*\))? (?:gehen|gingen|sind) (?:infolge Fusion )?"
            r"(?:auf|an) (?:die |den |das )?(?P<body>.+?) über",
            "merger_absorbing",
        ),
        (
            r"(?:infolge|durch) Fusion mit (?:der |dem |die |den )?(?P<body>.+?) gelöscht",
            "merger_absorbing",
        ),
        (
            # "Fusion: Die Gesellschaft übernimmt die Aktiven und Passiven der X AG": absorbed.
            r"Fusion\b.{0,200}?übernimmt (?:\w+ )?die Aktiven und Passiven (?:der |des |von )?"
            r"(?P<body>.+?)(?:,? gem[äa]ss|$)",
            "merger_absorbed",
        ),
        (
            r"(?:übernimmt|Übernahme von Aktiven und Passiven)\b.{0,300}?\b(?:von der|von dem|vom|von|der) "
            + _FORM_WORD
            + _CP,
            "asset_seller",
        ),
        (
            r"(?:überträgt|Übertragung von Aktiven und Passiven)\b.{0,300}?\b(?:auf|an) (?:die |den |das )?"
            + _FORM_WORD
            + _CP,
            "asset_buyer",
        ),
    ),
    transaction_triggers=("aktiven", "übernimmt", "überträgt", "fusion"),
    registration_cues=(
        r"\(Neueintragung\)",
        r"\bNeueintragung\b",
        r"Zweigniederlassung errichtet",
        r"^Unter dieser Firma (?:besteht|hat|ist)",
        # "Neue Stiftung.", "Neuer Verein.", "Neues Einzelunternehmen.": a sentence of "new"
        # and the kind of the entity (words of its form, no comma) is the entry; with a
        # colon it names a new value ("Neue Firma: …"), a name is followed by its seat.
        r"(?:^|\. )Neue (?=(?:[A-ZÄÖÜ][a-zäöüß]+)?(?:[Ss]tiftung|[Gg]enossenschaft"
        r"|[Gg]esellschaft|Zweigniederlassung|Einzelunternehmung|Einzelfirma)"
        r"(?:\s+[\w'’-]+){0,6}\s*[.;])",
        r"(?:^|\. )Neuer (?=(?:[A-ZÄÖÜ][a-zäöüß]+)?[Vv]erein(?:\s+[\w'’-]+){0,6}\s*[.;])",
        r"(?:^|\. )Neues (?=(?:Einzelunternehmen|Unternehmen|Institut)"
        r"(?:\s+[\w'’-]+){0,6}\s*[.;])",
    ),
    name_change=(
        r"Firma neu: (?P<value>.+)",
        r"Neue Firma: (?P<value>.+)",
        r"(?:erfolgt|wird durchgeführt) unter der Firma (?P<value>.+?) (?=durch|von)\b",
    ),
    seat_change=(r"Sitz neu: (?P<value>.+)",),
    legal_forms=(
        r"AG",
        r"GmbH",
        r"KG",
        r"Aktiengesellschaft",
        r"Genossenschaft",
        r"Stiftung",
        r"Verein",
        r"Holding",
        r"Treuhand",
        r"Revision(?:en|s)?",
        r"& Co\.?",
        r"& Cie\.?",
        r"Partner",
        r"Kollektivgesellschaft",
        r"Kommanditgesellschaft",
    ),
    given_names=GERMAN | OTHER,
    list_labels=(
        r"\bzeichne[nt]?\b",
        r"\bgewählt\b",
        r"\beingetragen\b",
        r"\bausgeschieden\b",
        r"\bzurückgetreten\b",
        r"^(?:Eingetragene )?Personen\b",
        r"^Gestrichen(?:e Personen)?$",
        r"^(?:Rücktritte?|Austritte?)$",
        r"^Neu$",
    ),
    organ_roles=(
        (
            r"\b(?:verwaltung|verwaltungsrat|vorstand|stiftungsrat|verwaltungsrates|vorstandes)\b",
            "board_member",
        ),
        (r"\bgeschäftsführung\b", "managing_director"),
    ),
    qualifiers=r"^(?:(?:als|neu|neue[rsn]?|weitere[rsn]?|bisherige[rsn]?)\s+)+",
    previous_inline=r"^bisher (?!eingetragen)(?P<rest>.+)$",
    entered_before=r"^bisher eingetragen$",
    now_verbs=(
        r"^(?:(?:ist|wird|wurde) (?:jetzt |nun |neu |neu gewählt als |gewählt als |ernannt zum |nun auch )?"
        r"|zeichnet (?:neu |nun |jetzt )?(?=\w)|neu "
        # "X, von Y, wohnt neu in Z": a new residence.
        r"|wohnt (?:neu |nun |jetzt |neu |heute )?(?=in ))(?!eingetragen)"
    ),
    list_subjects=r"^(?:beide|sie|alle(?: \w+)?|diese)\b",
    preambles=(
        r"^(?:Gemäss|Laut|Gestützt auf|Aufgrund|Auf Grund|Mit|Durch|Infolge|Nach)\b[^:;]{0,200}?:\s+"
        r"(?=(?:von |van |de |du |di |da )?[A-ZÄÖÜ])"
        # "Neu zeichnet X, von …, in …, Direktor, mit …": the verb before the person.
        r"|^(?:Neu |Ferner |Weiter )?zeichne[nt] (?:neu )?(?=(?:von |van |de )?[A-ZÄÖÜ][^,]*, )"
        r"|^Neu (?:ist|sind|wurde gewählt|wurden gewählt) (?=(?:von |van |de )?[A-ZÄÖÜ][^,]*, )"
    ),
    list_prepositions=("von", "des", "der", "an"),
    entry_labels=((r"[Nn]eu", "registered"), (r"[Gg]estrichen|[Bb]isher", "removed")),
    auditor_replaced=r"^(?:anstelle|in Ersetzung) (?:von |der |des )",
    plural_verbs=r"^(?:wurden|sind|bleiben|werden) (?!nicht\b)",
    share_transfers=(
        r"\b(?:[Ss]eine|[Ii]hre|[Dd]ie|[Dd]eren) (?:\d[\d']* )?Stammanteile?\b[^;]{0,120}? "
        r"(?:wurden|werden|wurde|wird|sind|ist|gingen|gehen|ging|geht) (?:übertragen|abgetreten|über) an "
        r"(?=[A-ZÄÖÜ]|von |van |de )"
        r"|\bStammanteile?\b[^;]{0,120}? (?:sind|wurden|werden|wurde|wird|ist|hat|haben) an "
        r"(?P<names>[A-ZÄÖÜ][^;]*?|(?:von|van|de) [^;]*?) (?:übertragen|abgetreten)(?: worden)?\b"
    ),
    form_descriptions=(
        r"(?:eine |einer )?(?:Gesellschaft mit beschränkter Haftung|Aktiengesellschaft|"
        r"Kommanditgesellschaft|Kollektivgesellschaft|Genossenschaft|Gesellschaft|Stiftung)"
        r"(?: (?:nach|des) [\w ]{0,40}?Rechts?\b| \w+ Rechts\b)|(?:nach|des) \w+ Rechts?\b"
    ),
    appoint_verbs=r"\b(?:wurde|wurden) (?:neu )?(?:gewählt|ernannt|bestellt)(?::)? (?=[A-ZÄÖÜ]|von |van |de )",
)
