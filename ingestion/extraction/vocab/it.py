"""Italian vocabulary (FUSC conventions, Ticino and Grisons)."""

from __future__ import annotations

from ingestion.extraction.vocab.given_names import ITALIAN, OTHER
from ingestion.extraction.vocab.model import Vocabulary
from shabgraph.register.nationalities import ADJECTIVE_COUNTRIES, STATELESS

_COUNCIL = r"(?: del consiglio(?: di amministrazione| di fondazione| direttivo)?| del comitato)?"
# A transaction counterpart: a name up to its UID in brackets, or (no UID) up to its seat clause.
_CP = (
    r"(?P<body>(?!CHF)[«\"A-Z].{0,150}?(?:\((?:IDI )?(?:CHE|CH)-[\d.\-]+\)"
    r"|(?=,? (?:in|a|con sede in|con sede a) [A-Z][^,.]*[,.])))"
)

# The form of a sole proprietorship named before a counterpart ("dalla ditta individuale X"): no
# part of its name ("società" is left: it opens many names, "Società cooperativa X").
_FORM_WORD = r"(?:(?:ditta individuale|impresa individuale) )?"

VOCAB = Vocabulary(
    lang="it",
    markers=(
        "di",
        "della",
        "il",
        "e",
        "con",
        "società",
        "la",
        "del",
        "per",
        "è",
        "Scopo",
        "firma",
        "finora",
        "iscritte",
        "delle",
        "sede",
        "nonché",
        "gli",
    ),
    person_headings=(
        (r"Nuove persone iscritte o modifiche", "registered"),
        (r"Persone dimissionarie e firme cancellate", "removed"),
        (r"Persone iscritte", "registered"),
        (r"Persone dimissionarie", "removed"),
        (r"Firme cancellate", "removed"),
    ),
    origin_prefixes=("da ", "di ", "d'", "attinente di "),
    residence_prefixes=(
        "in ",
        "a ",
        "domiciliato a ",
        "domiciliata a ",
        "domiciliato in ",
        "domiciliata in ",
        "residente a ",
        "residente in ",
    ),
    # "da e in Lugano", or the place written twice ("da Lugano e in Lugano").
    origin_and_residence=(
        r"^(?:(?:da|di) e (?:in|a) |(?=(?:da|di) (?P<p>.+?),? (?:e )?(?:in|a) (?P=p)$)(?:da|di) .+?,? (?:e )?(?:in|a) )"
        r"(?P<place>.+)$"
    ),
    nationality_patterns=(
        r"^(?:cittadin[oaie]|di nazionalità) (?P<adj>[\w-]+)$",
        r"^(?:da|di|dalla|dal|dall') ?(?P<country>.+)$",
    ),
    nationalities=ADJECTIVE_COUNTRIES["it"],
    stateless=STATELESS["it"],
    role_patterns=(
        (r"(?:direttore|direttrice|gerente) della succursale", "branch_manager"),
        (r"vice-?president(?:e|essa)" + _COUNCIL, "vice_chair"),
        (r"president(?:e|essa) (?:della gerenza|dei gerenti)", "managing_director"),
        (r"president(?:e|essa|i)" + _COUNCIL, "chair"),
        (r"membr[oi] della direzione(?: generale)?", "member"),
        (
            r"(?:vice)?diret(?:tore|trice|tori|trici)(?: generale)?|delegat[oaie]"
            + _COUNCIL
            + r"|ceo",
            "director",
        ),
        (r"gerent[ei]", "managing_director"),
        (r"segretari[oa]", "secretary"),
        (r"accomandant[ei]", "limited_partner"),
        (r"soci[oa]?(?: illimitatamente responsabil[ei])?|accomandatari[oa]", "partner"),
        (r"titolare", "owner"),
        (r"liquidat(?:ore|rice|ori|rici)", "liquidator"),
        (r"ufficio di revisione|revisore|organo di revisione", "auditor"),
        (r"fondat(?:ore|rice)", "founder"),
        (r"procurat(?:ore|rice|ori|rici)", "authorized_signatory"),
        (r"cassiere|tesoriere", "other"),
        (
            r"membr[oi]"
            + _COUNCIL
            + r"|amministrat(?:ore|rice|ori|rici)(?: unic[oa])?|consiglier[ei]",
            "board_member",
        ),
    ),
    signature_patterns=(
        (r"procur[ae] collettiv[ae](?: a due)?", "collective_procuration"),
        (r"procur[ae] individual[ei]", "individual_procuration"),
        (r"firm[ae] individual[ei]|firma(?:no)? individualmente", "individual"),
        (
            r"firm[ae] collettiv[ae](?: a due)?|firma(?:no)? collettivamente(?: a due)?",
            "collective_two",
        ),
        (r"senza (?:diritto di )?firma", "none"),
    ),
    previous_markers=("finora", "precedentemente"),
    correction_markers=("non",),
    alias_markers=("detto", "detta", "nata", "nato", "vedova"),
    share_markers=(r"^con (?:una|\d[\d']*) quot[ae]", r"^con (?:una|\d[\d']*) part[ei]"),
    distributive=(r"^(?:entrambi|entrambe|tutti(?: e \w+)?|tutte(?: e \w+)?)\b",),
    event_cues=(
        (
            r"Statuti modificati|Modifica degli statuti|Nuovi statuti|[Mm]odifica statutaria",
            "statutes_change",
        ),
        (r"Nuovo scopo:|Scopo nuovo:", "purpose_change"),
        (r"Nuova ragione sociale:|Nuova ditta:|Nuovo nome:", "name_change"),
        # The liquidation runs under the name with "in liquidazione": the name changes.
        (r"(?:effettuata|avviene|condotta) sotto la (?:ditta|ragione sociale)\b", "name_change"),
        (r"Nuova sede:|Trasferimento della sede", "seat_change"),
        (r"Nuovo recapito:|Nuovo indirizzo:|Recapito nuovo:", "address_change"),
        (
            # "La fusione avviene senza aumento del capitale": no change of the capital.
            r"Nuovo capitale|[Cc]apitale(?: azionario| sociale| di dotazione| di partecipazione)? nuovo|"
            r"(?<!senza )[Aa]umento (?:\w+ )?del capitale|(?<!senza )[Rr]iduzione (?:\w+ )?del capitale",
            "capital_change",
        ),
        (r"[Cc]apitale(?: azionario| sociale)?: [^\[]{0,40}\[finora", "capital_change"),
        # "Il capitale sociale è stato aumentato da CHF … a CHF …", "viene ridotto a CHF …".
        (
            r"[Cc]apitale\s(?:azionario|sociale|di partecipazione) (?:è stato |viene |fu )?"
            r"(?:aumentato|ridotto|portato|elevato|diminuito)(?![\w-])",
            "capital_change",
        ),
        (r"Nuova forma giuridica|Trasformazione:", "legal_form_change"),
        (r"\b[Ff]usione\b(?!\s+dei\s+comuni)", "merger"),
        (r"\b[Ss]cissione\b", "demerger"),
        (
            r"[Tt]rasferimento di patrimonio|[Cc]onferimento in natura|[Aa]ssunzione di beni",
            "asset_transfer",
        ),
        (r"fallimento", "bankruptcy"),
        (r"revoca del fallimento|fallimento\s+(?:\w+\s+){0,4}revocato", "bankruptcy_revoked"),
        (r"sciolta", "dissolution"),
        (r"(?<!in )\b[Ll]iquidazione\b", "liquidation"),
        (r"^Rettifica|\bRettifica de|\[non:|^Complemento", "correction"),
        (r"[Aa]utorità di vigilanza|[Rr]egolamento", "other"),
        (r"revisione limitata|[Uu]fficio di revisione:", "auditor_change"),
    ),
    deletion_cues=(
        r"(?:società|ragione sociale|ditta|fondazione|associazione|succursale|cooperativa|impresa)\b"
        r"(?:[^.]|\.(?=\d)){0,120}?\b(?:è|viene|viene pertanto|è stata)\s+cancellat[ao]",
    ),
    removal_cues=(
        r"\bcancellat[aoie]\b",
        r"\bnon è più\b",
        r"\bnon sono più\b",
        r"\bdimissionari[oaie]?\b",
        r"\bestint[aoie]\b",
        r"\b[Dd]imissioni\b",
        r"\bdimess[oaie]\b",
        r"\bcessato (?:le sue |le loro )?funzioni",
        r"\bnon (?:fa|fanno) più parte\b",
    ),
    grant_cues=(r"\bconferit[aoie]\b", r"\bnominat[aoie]\b"),
    removal_templates=(
        (
            # The noun names the right that ended: procura (collettiva a due), firma, poteri.
            r"(?:[Ll][ae] (?:procur|firm)[ae]|[Ii] poteri) (?:(?:collettiv|individual)[aeio] )?(?:a due )?"
            r"(?:conferit[aeio] (?:a |alla |al )|di |del |della |dei )(?P<names>.+?) (?:è|sono) "
            r"(?:stat[aeio] )?(?:cancellat|estint)[aeio]\b",
            "authorized_signatory",
        ),
        (r"^(?P<names>[^;]+?),? (?:non è|non sono) più (?P<role>[^;,.]+)", None),
        (r"^(?P<names>.+?),? (?:(?:è|sono) )?dimissionari[oaie]?\b", None),
        (
            r"^(?P<names>[^;]+?),? non (?:fa|fanno) più parte (?P<role>(?:del|della|dell') ?[^;,.]+)",
            None,
        ),
        (
            # "Dimissioni del presidente X; la sua firma è estinta": the function before the name.
            r"^[Dd]imissioni (?:del |della |dell'|dei |delle |degli |di )(?P<role>[a-z'-]+(?: [a-z'-]+){0,3}) "
            r"(?P<names>[A-Z][^;]*?)(?=;|$)",
            None,
        ),
        (
            r"^(?P<names>[^;]+?),? (?:ha|hanno) cessato (?:le sue |le loro )?funzioni"
            r"(?: di (?P<role>[^;,.]+))?",
            None,
        ),
    ),
    auditor_labels=(r"(?:Nuovo )?[Uu]fficio di revisione:", r"Revisore:"),
    auditor_removed=(
        r"[Ll]'ufficio di revisione (?P<body>.+?),? (?:è cancellato|non è più|è dimissionario|si è dimesso)",
        r"\bin sostituzione (?:di |della |del |dell')(?P<body>[A-Z«\"](?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
        r"[Uu]fficio di revisione:? (?:[Nn]uovo: (?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?\. )?[Cc]ancellato: (?P<body>(?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
    ),
    head_office_patterns=(
        r"Numero di identificazione della sede principale: (?P<uid>CHE-\d{3}\.\d{3}\.\d{3})",
        r"Ditta della sede principale: (?P<name>.+)",
        r"(?:^|\. ?)Sede principale(?: nuova)?: (?P<name>[^,]+?), (?:con sede )?(?:in|a) (?P<seat>[^,(]+(?:\([A-Z]{2}\))?)"
        r"(?: ?\((?:IDI )?(?P<uid>CHE-\d{3}\.\d{3}\.\d{3})\))?",
        r"(?:^|\. ?)Sede principale(?: a| in)?: (?P<seat>.+)",
        r"succursale della (?:società )?(?P<name>[^,]+?), (?:con sede )?in (?P<seat>[^,.(]+)",
        r"^Sotto questa (?:ditta|ragione sociale),? (?:la |il |l')(?:società anonima |società a garanzia limitata |"
        r"società cooperativa |fondazione |associazione |società )?(?P<name>[^,]+?), con sede (?:in|a) "
        r"(?P<seat>[^,(]+(?:\([A-Z]{2}\))?)",
    ),
    transaction_patterns=(
        (
            r"[Rr]ipresa (?:di|degli) attivi e passivi (?:di|della|del|dell') ?(?P<body>.+?)(?:,? secondo|,? giusta|$)",
            "merger_absorbed",
        ),
        (
            r"attivi e (?:i )?passivi(?: \([^)]*\))? (?:sono |vengono )?(?:ripresi|trasferiti|passano)(?: per fusione)? "
            r"(?:da|dalla|dal|dall'|alla|al|all') ?(?P<body>.+?)(?:,? secondo|$)",
            "merger_absorbing",
        ),
        (
            r"\bincorpora(?:zione)? (?:per fusione )?(?:della |del |dell'|di |la |il |l')?" + _CP,
            "merger_absorbed",
        ),
        (
            r"\bincorporat[ao] (?:per fusione )?(?:nella |nel |nell'|in |dalla |dal )" + _CP,
            "merger_absorbing",
        ),
        (
            r"[Tt]rasferimento di attivi e passivi\b.{0,300}?\b(?:alla |al |all'|a )" + _CP,
            "asset_buyer",
        ),
        (
            r"[Rr]ipresa di attivi e passivi nell'ambito\b.{0,300}?\b(?:dalla |dal |dall'|da |della |del |dell'|di )"
            + _FORM_WORD
            + _CP,
            "asset_seller",
        ),
        (
            r"[Tt]rasferimento di patrimonio.{0,300}?\btrasferisce\b.{0,300}?\b(?:a|alla|al) "
            + _CP,
            "asset_buyer",
        ),
        (
            r"(?:[Tt]rasferimento di patrimonio|[Aa]ssunzione di beni|[Cc]onferimento in natura).{0,300}?"
            r"\b(?:riprende|assume|rileva)\b.{0,300}?\b(?:da|dalla|dal|della|di) "
            + _FORM_WORD
            + _CP,
            "asset_seller",
        ),
    ),
    transaction_triggers=(
        "attivi",
        "incorpora",
        "patrimonio",
        "conferimento",
        "assunzione di beni",
    ),
    registration_cues=(
        r"\([Nn]uova iscrizione\)",
        r"^Nuova (?:società|ditta|succursale)\b(?!:)",
        r"\. Nuova (?:società|ditta|succursale)\b(?!:)",
        # "Nuova fondazione.", "Nuova associazione.", "Nuovo ente.": a sentence of "new" and the
        # kind of the entity (words of its form, no comma) is the entry; with a colon it
        # names a new value ("Nuova ditta: …").
        r"(?:^|\. )Nuova (?=(?:fondazione|associazione|cooperativa|impresa|istituzione)"
        r"(?:\s+[\w'’-]+){0,6}\s*[.;])",
        r"(?:^|\. )Nuovo (?=(?:ente|istituto)(?:\s+[\w'’-]+){0,6}\s*[.;])",
        r"^Sotto questa (?:ditta|ragione sociale)\b",
    ),
    name_change=(
        r"Nuova ragione sociale: (?P<value>.+)",
        r"Nuova ditta: (?P<value>.+)",
        r"(?:effettuata|avviene|condotta) sotto la (?:ditta|ragione sociale):? (?P<value>.+?) (?=dal|dalla|dai|da)\b",
    ),
    seat_change=(r"Nuova sede: (?P<value>.+)",),
    legal_forms=(
        r"SA",
        r"Sagl",
        r"Società anonima",
        r"cooperativa",
        r"fondazione",
        r"associazione",
        r"Holding",
        r"Fiduciaria",
        r"Revisioni",
        r"AG",
        r"GmbH",
        r"& Co\.?",
        r"& Cie\.?",
    ),
    given_names=ITALIAN | OTHER,
    list_labels=(
        r"\bfirmano\b",
        r"\bnominat[oaie]\b",
        r"\biscritt[oaie]\b",
        r"\belett[oaie]\b",
        r"\bdimissionari[oaie]?\b",
        r"^Persone\b",
        r"^Cancellat[oaie]$",
        r"^Dimissioni$",
        r"^Nuovo$",
    ),
    organ_roles=(
        (
            r"\b(?:amministrazione|consiglio di amministrazione|consiglio di fondazione|comitato)\b",
            "board_member",
        ),
        (r"\b(?:gerenza|direzione)\b", "managing_director"),
    ),
    qualifiers=r"^(?:(?:quale|come|in qualità di|nuov[oaie]|altr[oaie])\s+)+",
    previous_inline=r"^(?:finora|sinora|fino ad ora|precedentemente|già) (?!iscritt)(?P<rest>.+)$",
    entered_before=r"^già iscritt[oaie]$",
    now_verbs=(
        r"^(?:(?:è|sono) (?:ora |adesso |ormai )?(?:nominat[oaie] |elett[oaie] )?|diventa |nominat[oaie] |"
        r"elett[oaie] )"
    ),
    list_subjects=r"^(?:entramb[ie]|ess[ie]|tutti e \w+|tutte e \w+|i quali|le quali)\b",
    preambles=(
        r"^(?:Per decisione|Con decisione|Secondo (?:decisione|verbale)|Giusta decisione|In seguito a)\b"
        r"[^,;:]{0,200}?[,:]\s+(?=(?:de |di |da |von )?[A-Z])"
        r"|^(?:Iscrizione|Nomina|Elezione) (?:di |d')(?=[A-Z][^,]*, )"
    ),
    list_prepositions=("di", "da", "del", "della", "a"),
    entry_labels=((r"[Nn]uov[oa]", "registered"), (r"[Cc]ancellat[oa]|[Pp]recedente", "removed")),
    auditor_replaced=r"^in sostituzione (?:di |della |del |dell')",
    plural_verbs=r"^(?:sono stat[ie]|sono|restano|rimangono) (?!più\b)",
    share_transfers=(
        r"\b(?:[Ll]e sue|[Ll]e loro|[Ll]e|[Ll]a sua|[Ll]a) (?:\d[\d']* )?(?:quot[ae](?: sociali?)?|part[ei] sociali?)\b"
        r"[^;]{0,120}? (?:sono|sono state|vengono|è|è stata) (?:cedut|trasferit)[ae] (?:a |al |alla )(?=[A-Z]|de |di |da )"
        r"|\b(?:cede|cedono|ha ceduto|hanno ceduto) (?:le sue|le loro|\d[\d']*|una) quot[ae](?: sociali?)?"
        r"[^;]{0,60}? a (?=[A-Z]|de |di |da )"
    ),
    form_descriptions=(
        r"(?:una? )?(?:società )?(?:anonima|a responsabilità limitata|per azioni|"
        r"in accomandita(?: semplice| per azioni)?|in nome collettivo|cooperativa)(?: di diritto \w+)?|"
        r"di diritto \w+"
    ),
    appoint_verbs=r"\b(?:ha|hanno) (?:nominato|designato|eletto) (?=[A-Z]|de |di |da |von )",
)
