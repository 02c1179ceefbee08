"""French vocabulary (FOSC; labelled blocks and the prose of Geneva, Vaud, Neuchâtel, Valais)."""

from __future__ import annotations

from ingestion.extraction.vocab.given_names import FRENCH, OTHER
from ingestion.extraction.vocab.model import Vocabulary
from shabgraph.register.nationalities import ADJECTIVE_COUNTRIES, STATELESS

_COUNCIL = r"(?: du conseil(?: d'administration| de fondation| de direction)?| du comité| de l'administration| de la fondation)?"
# A transaction counterpart: a name up to its UID in brackets, or (no UID) up to its seat clause.
_CP = (
    r"(?P<body>(?!CHF)[«\"A-ZÉ].{0,150}?(?:\((?:IDE )?(?:CHE|CH)-[\d.\-]+\)"
    r"|(?=,? (?:à|avec siège à) [A-ZÉ][^,.]*[,.])))"
)

VOCAB = Vocabulary(
    lang="fr",
    markers=(
        "de",
        "la",
        "le",
        "les",
        "et",
        "à",
        "avec",
        "société",
        "du",
        "des",
        "est",
        "pour",
        "But",
        "signature",
        "radiée",
        "précédemment",
        "une",
        "au",
    ),
    person_headings=(
        (r"Inscription ou modification de personne\(s\)", "registered"),
        (r"Personne\(s\) et signature\(s\) radiée\(s\)", "removed"),
        (r"Personne\(s\) inscrite\(s\)", "registered"),
        (r"Personnes? et signatures? radiées?", "removed"),
        (r"Personnes? inscrites?", "registered"),
        (r"Personnes? radiées?", "removed"),
        (r"Signatures? radiées?", "removed"),
    ),
    # "du Locle", "des Bois": a home town whose name has an article (a list opens with a name,
    # so "du Pasquier Jean" first in an entry stays a family name).
    origin_prefixes=("de ", "d'", "d’", "du ", "des ", "originaire de "),
    residence_prefixes=(
        "à ",
        "au ",
        "aux ",
        "domicilié à ",
        "domiciliée à ",
        "domiciliés à ",
        "domicilié au ",
        "domiciliée au ",
    ),
    # "de et à Genève", or the place written twice ("de Genève, domicilié à Genève").
    origin_and_residence=(
        r"^(?:(?:de|d'|d’) et à |(?=(?:de|d'|d’) ?(?P<p>.+?),? (?:et )?(?:domicilié|domiciliée)? ?à (?P=p)$)"
        r"(?:de|d'|d’) ?.+?,? (?:et )?(?:domicilié|domiciliée)? ?à )(?P<place>.+)$"
    ),
    nationality_patterns=(
        r"^(?:citoyen|citoyenne|ressortissant|ressortissante)s? (?P<adj>[\w-]+)$",
        r"^de nationalité (?P<adj>[\w-]+)$",
        r"^(?:de|du|des|d') ?(?P<country>.+)$",
    ),
    nationalities=ADJECTIVE_COUNTRIES["fr"],
    stateless=STATELESS["fr"],
    role_patterns=(
        (r"(?:directeur|directrice|chef|gérante?) de la succursale", "branch_manager"),
        (r"vice-?présidente?" + _COUNCIL, "vice_chair"),
        (r"présidente? (?:des gérants|de la gérance)", "managing_director"),
        (r"présidente?" + _COUNCIL, "chair"),
        (r"membres? de la direction(?: générale)?|membres? du comité de direction", "member"),
        (
            r"(?:sous-)?directeurs?(?: général| adjoint)?|(?:sous-)?directrices?(?: générale| adjointe)?|"
            r"déléguée?s?" + _COUNCIL + r"|ceo",
            "director",
        ),
        (r"(?:co)?gérante?s?", "managing_director"),
        (r"secrétaires?(?: hors conseil)?", "secretary"),
        (r"commanditaires?", "limited_partner"),
        (r"associée?s?(?: indéfiniment responsables?)?|commanditée?", "partner"),
        (r"titulaire", "owner"),
        (r"liquidat(?:eur|rice)s?", "liquidator"),
        (r"organe de révision|réviseu(?:r|se)|organe de contrôle", "auditor"),
        (r"fondat(?:eur|rice)s?", "founder"),
        (
            r"fondée? de procuration|fondés de procuration|personne autorisée à signer|mandataire commercial",
            "authorized_signatory",
        ),
        (r"caissi(?:er|ère)|trésori(?:er|ère)", "other"),
        (
            r"membres?" + _COUNCIL + r"|administrat(?:eur|rice)s?(?: unique)?|conseill(?:er|ère)",
            "board_member",
        ),
    ),
    signature_patterns=(
        (r"procurations? collectives?(?: à deux)?", "collective_procuration"),
        (r"procurations? individuelles?", "individual_procuration"),
        (
            r"signatures? individuelles?|sign(?:e|ent) (?:désormais |dorénavant )?individuellement",
            "individual",
        ),
        (
            r"signatures? collectives?(?: à deux)?|"
            r"sign(?:e|ent) (?:désormais |dorénavant )?collectivement(?: à deux)?",
            "collective_two",
        ),
        (r"sans (?:droit de |pouvoir de )?signature", "none"),
    ),
    previous_markers=("précédemment", "precedemment", "anciennement"),
    correction_markers=("non", "et non"),
    alias_markers=("dit", "dite", "née", "né", "veuve"),
    share_markers=(
        r"^(?:pour|avec) (?:une?|\d[\d']*) parts?",
        r"^(?:pour|avec) (?:une?|\d[\d']*) parts? sociales?",
        r"^commandite de",
    ),
    distributive=(
        r"^(?:les (?:deux|trois|quatre|cinq)|tous (?:deux|trois|les \w+)|toutes (?:deux|trois))\b",
    ),
    event_cues=(
        (
            r"Modification des statuts|Nouveaux statuts|Statuts modifiés|[Ss]tatuts (?:ont été )?modifiés",
            "statutes_change",
        ),
        (r"Nouveau but:|But modifié", "purpose_change"),
        (
            r"Nouvelle raison sociale:|raison sociale devient|Nouveau nom:|sous la raison sociale:",
            "name_change",
        ),
        (r"Nouveau siège:|Siège transféré|Transfert du siège", "seat_change"),
        (
            r"Nouvelle adresse:|Adresse de liquidation:|Nouveau domicile:|Nouvelle adresse postale",
            "address_change",
        ),
        (
            # "La fusion s'opère sans augmentation du capital": no change of the capital.
            r"Nouveau capital|[Cc]apital(?:-actions|-participation| social| de dotation)? nouveau|"
            r"(?<!sans )[Aa]ugmentation (?:\w+ )?du capital|(?<!sans )[Rr]éduction (?:\w+ )?du capital|"
            r"[Cc]apital-actions porté|[Cc]apital social porté|marge de fluctuation",
            "capital_change",
        ),
        (r"[Cc]apital(?:-actions| social)?: [^\[]{0,40}\[précédemment", "capital_change"),
        # "Le capital social a été porté de CHF … à CHF …", "est réduit à CHF …".
        (
            r"[Cc]apital(?:-actions| social) (?:a été |est |sont |ont été )?"
            r"(?:porté|augmenté|réduit|ramené|élevé|diminué)e?s?(?![\w-])",
            "capital_change",
        ),
        (r"Nouvelle forme juridique|Transformation:", "legal_form_change"),
        (r"\b[Ff]usion\b(?!\s+des\s+communes)", "merger"),
        (r"\b[Ss]cission\b", "demerger"),
        (
            r"[Tt]ransfert de patrimoine|(?<!clauses d')(?<!clause d')[Aa]pport en nature|[Rr]eprise de biens",
            "asset_transfer",
        ),
        (r"faillite", "bankruptcy"),
        (r"faillite\s+(?:\w+\s+){0,4}révoquée|révocation de la faillite", "bankruptcy_revoked"),
        (r"dissoute", "dissolution"),
        (r"(?<!en )(?<!in )\b[Ll]iquidation\b", "liquidation"),
        (r"^Rectification|\bRectification de|\[non:|^Complément", "correction"),
        (r"[Aa]utorité de surveillance|[Rr]èglement", "other"),
        (
            r"contrôle restreint|révision restreinte|[Oo]rgane de révision:|[Rr]éviseur:",
            "auditor_change",
        ),
    ),
    deletion_cues=(
        r"(?:^|[Ll]a |[Ll]'|[Cc]ette |[Ll]adite )(?:société|raison sociale|raison de commerce|entreprise|fondation|"
        r"association|succursale|coopérative|entité)\b(?:[^.;]|\.(?=\d)){0,120}?\b(?:est|a été|sont)\s+radiée?s?",
        r"radiée? d'office",
    ),
    removal_cues=(
        r"\bradiée?s?\b",
        r"\bn'est plus\b",
        r"\bne sont plus\b",
        r"\bdémission",
        r"\bsortante?s?\b",
        r"\bcessé (?:ses|leurs) fonctions",
        r"\bne (?:fait|font) plus partie\b",
    ),
    grant_cues=(r"\bconférée?s?\b", r"\battribuée?s?\b", r"\bnommée?s?\b", r"\bélue?s?\b"),
    removal_templates=(
        (
            # The noun names the right that ended: procuration (collective à deux), signature(s).
            r"[Ll](?:a|es) (?:procuration|signature|pouvoir)s? (?:(?:collective|individuelle)s? )?"
            r"(?:à deux )?(?:(?:conférée?s?|accordée?s?) (?:à |aux )|de |d'|des )(?P<names>.+?) "
            r"(?:est|a été|sont|ont été) radié(?:e|s|es)?\b",
            "authorized_signatory",
        ),
        (
            r"^(?:M\. |Mme |Monsieur |Madame )?(?P<names>[^;]+?),? (?:n'est|ne sont) plus (?P<role>[^;,.]+)",
            None,
        ),
        (
            r"^(?:M\. |Mme )?(?P<names>[^;]+?),? (?:a|ont) cessé (?:ses|leurs) fonctions"
            r"(?: (?:de |d')(?P<role>[^;,.]+))?",
            None,
        ),
        (r"^(?:M\. |Mme )?(?P<names>[^;]+?),? (?:(?:est|sont) )?démissionnaires?\b", None),
        (
            r"^(?:M\. |Mme )?(?P<names>[^;]+?),? ne (?:fait|font) plus partie (?P<role>(?:du|de la|de l') ?[^;,.]+)",
            None,
        ),
        (
            # "Démission de l'administrateur X; sa signature est radiée": the function first.
            r"^[Dd]émissions? (?:de l'|du |de la |des |de )(?P<role>[a-zéèê'-]+(?: [a-zéèê'-]+){0,3}) "
            r"(?P<names>[A-ZÉ][^;]*?)(?=;|$)",
            None,
        ),
        (
            r"^(?:M\. |Mme )?(?P<names>[^;]+?),? (?:a|ont) démissionné(?: de (?:ses|leurs) fonctions)?"
            r"(?: (?:de |d')(?P<role>[^;,.]+))?",
            None,
        ),
    ),
    auditor_labels=(
        r"(?:Nouvel )?[Oo]rgane de révision(?: nouveau)?:",
        r"(?:Nouveau )?[Rr]éviseur:",
        r"Organe de contrôle:",
    ),
    auditor_removed=(
        r"[Ll]'organe de révision (?P<body>.+?),? (?:est radié|n'est plus|a démissionné)",
        r"[Ll]e réviseur (?P<body>.+?),? (?:est radié|n'est plus|a démissionné)",
        r"\ben remplacement (?:de |du |d')(?:la |l')?(?P<body>[A-ZÉ«\"](?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
        r"(?:[Oo]rgane de révision|[Rr]éviseur)(?: radié)?:? (?:[Nn]ouveau: (?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?\. )?[Rr]adié: (?P<body>(?:[^.]|\.(?! )|(?<=\bCo)\. |(?<=\bCie)\. )+?)(?=(?<!\bCo)(?<!\bCie)\.(?: |$)|$)",
    ),
    head_office_patterns=(
        r"Numéro d'identification du siège principal: (?P<uid>CHE-\d{3}\.\d{3}\.\d{3})",
        r"Raison (?:sociale|de commerce) du siège principal: (?P<name>.+)",
        r"(?:^|\. ?)(?:Société mère|Siège principal)(?: nouveau)?: (?P<name>[^,]+?), (?:avec siège )?à (?P<seat>[^,(]+(?:\([A-Z]{2}\))?)"
        r"(?: ?\((?:IDE )?(?P<uid>CHE-\d{3}\.\d{3}\.\d{3})\))?",
        r"(?:^|\. ?)Siège principal(?: à)?: (?P<seat>.+)",
        r"succursale de (?:la société |l'association |la fondation )?(?P<name>[^,]+?), (?:dont le siège est |avec siège )?à (?P<seat>[^,.(]+)",
        r"^Sous cette raison (?:sociale|de commerce),? (?:la |l'|le )(?:société anonyme |société à responsabilité limitée |"
        r"société coopérative |fondation |association |société )?(?P<name>[^,]+?), (?:avec siège|dont le siège est) à "
        r"(?P<seat>[^,(]+(?:\([A-Z]{2}\))?)",
    ),
    transaction_patterns=(
        (
            r"[Rr]eprise des actifs et passifs (?:de |du |d')(?:la |l')?(?P<body>.+?)(?:,? selon|,? conformément|$)",
            "merger_absorbed",
        ),
        (
            r"\babsorbe (?:par voie de fusion )?(?:la société |l'association |la fondation )?"
            + _CP,
            "merger_absorbed",
        ),
        (
            r"(?:actifs et passifs|l'actif et le passif)(?: \([^)]*\))? (?:sont |ont été )?(?:repris|reprise|transférés) "
            r"par (?:la |l')?(?P<body>.+?)(?:,? selon|$)",
            "merger_absorbing",
        ),
        (
            r"(?:absorbée par|absorption par) (?:la |l')?(?P<body>.+?)(?:,? selon|$)",
            "merger_absorbing",
        ),
        (
            r"\b[Aa]pport\b.{0,300}?\b(?:de|du) (?:la |l'|l’)?(?:entreprise individuelle |société |raison individuelle )?"
            + _CP,
            "asset_seller",
        ),
        (
            r"(?:[Tt]ransfert de patrimoine.{0,300}?\b(?:transfère|a transféré)|[Tt]ransfert d'actifs et (?:de )?passifs)"
            r"\b.{0,300}?\bà (?:la |l')?" + _CP,
            "asset_buyer",
        ),
        (
            r"(?:[Tt]ransfert de patrimoine.{0,300}?\b(?:reprend|a repris)|[Rr]eprise d'actifs et (?:de )?passifs)"
            r"\b.{0,300}?\b(?:de|du) (?:la |l')?" + _CP,
            "asset_seller",
        ),
    ),
    transaction_triggers=("actifs", "l'actif", "absorb", "apport", "patrimoine"),
    registration_cues=(
        r"\([Nn]ouvelle inscription\)",
        r"^Nouvelle (?:société|entreprise|fondation|association|succursale|coopérative)",
        r"\. Nouvelle (?:société|entreprise|fondation|association|succursale|coopérative)",
        # "Nouvelle raison individuelle.", "Nouvel établissement.": a sentence of "new" and the
        # kind of the entity (words of its form, no comma) is the entry.
        r"(?:^|\. )Nouvelle (?=(?:raison individuelle|institution|caisse)"
        r"(?:\s+[\w'’-]+){0,6}\s*[.;])",
        r"(?:^|\. )Nouvel (?=(?:établissement|institut)(?:\s+[\w'’-]+){0,6}\s*[.;])",
        r"^Sous (?:cette|la) raison (?:sociale|de commerce)",
    ),
    name_change=(
        r"Nouvelle raison sociale: (?P<value>.+)",
        r"raison sociale devient: (?P<value>.+)",
        r"sous la raison sociale: (?P<value>.+?), par\b",
        r"Nouveau nom: (?P<value>.+)",
    ),
    seat_change=(r"Nouveau siège: (?P<value>.+)",),
    legal_forms=(
        r"SA",
        r"S\.A\.",
        r"Sàrl",
        r"S\.à r\.l\.",
        r"SNC",
        r"société anonyme",
        r"société coopérative",
        r"Fiduciaire",
        r"Fondation",
        r"Association",
        r"Holding",
        r"& Cie\.?",
        r"& Co\.?",
        r"Révision",
        r"Audit",
        r"AG",
    ),
    given_names=FRENCH | OTHER,
    list_labels=(
        r"\bsignent\b",
        r"\bnommée?s?\b",
        r"\binscrite?s?\b",
        r"\bélue?s?\b",
        r"\bsortante?s?\b",
        r"\bdémissionnaires?\b",
        r"^Personnes?\b",
        r"^Radiée?s?$",
        r"^Démissions?$",
        r"^Nouveau$",
    ),
    organ_roles=(
        (
            r"\b(?:administration|conseil d'administration|conseil de fondation|comité)\b",
            "board_member",
        ),
        (r"\b(?:gérance|direction)\b", "managing_director"),
    ),
    qualifiers=r"^(?:(?:comme|en qualité de|nouvel(?:le)?s?|nouveaux|nouveau|autres?)\s+)+",
    previous_inline=r"^(?:jusqu'ici|jusqu'à présent|précédemment|auparavant|anciennement) (?P<rest>.+)$",
    entered_before=r"^déjà inscrite?s?$",
    now_verbs=(
        r"^(?:(?:est|sont) (?:désormais |maintenant |dorénavant |à présent )?(?:nommée?s? |élue?s? )?"
        r"|devient |signe (?:désormais |dorénavant )?(?=avec)|nommée? |élue? "
        # "X, de Y, réside désormais à Z": a new residence.
        r"|(?:réside|demeure|habite) (?:désormais |dorénavant |maintenant )?(?=à |au ))"
    ),
    list_subjects=r"^(?:lesquel(?:le)?s|ils|elles|tous (?:deux|trois)|toutes (?:deux|trois)|les (?:deux|trois))\b",
    preambles=(
        r"^(?:Par décision|Selon (?:décision|procès-verbal)|Suite à|Conformément à|Lors de)\b[^,;:]{0,200}?[,:]\s+"
        r"(?=(?:de |du |di |da |von )?[A-ZÉ])"
        # "Inscription de X, de …, à …, directeur": the entry's own noun before the person.
        r"|^(?:Inscription|Nomination|Élection|Election) (?:de |d')(?=[A-ZÉ][^,]*, )"
    ),
    list_prepositions=("de", "d'", "des", "à"),
    entry_labels=(
        (r"[Nn]ouvel(?:le)?|[Nn]ouveau", "registered"),
        (r"[Rr]adiée?|[Aa]ncien(?:ne)?", "removed"),
    ),
    auditor_replaced=r"^en remplacement (?:de |du |d')",
    plural_verbs=r"^(?:ont été|sont|ont|restent|demeurent) (?!plus\b)",
    share_transfers=(
        r"\b(?:[Ss]es|[Ll]eurs|[Ll]es|[Ss]a|[Ll]a) (?:\d[\d']* )?(?:parts?(?: sociales?)?|quote-parts?)\b"
        r"[^;]{0,120}? (?:sont|ont été|est|a été) (?:cédée?s?|transférée?s?) (?:à |aux )(?=[A-ZÉ]|de |du |d')"
        r"|\b(?:cède|cèdent|a cédé|ont cédé) (?:ses|leurs|toutes ses|\d[\d']*|une?) parts?(?: sociales?)?"
        r"[^;]{0,60}? à (?=[A-ZÉ]|de |du |d')"
    ),
    form_descriptions=(
        r"(?:une? )?(?:société (?:anonyme|à responsabilité limitée|par actions(?: simplifiée)?|"
        r"en nom collectif|en commandite(?: simple| par actions)?|coopérative|civile)|fondation|association)"
        r"(?: (?:de|selon le) droit \w+)?|(?:de|selon le) droit \w+"
    ),
    appoint_verbs=r"\b(?:a|ont) (?:nommé|désigné|élu|appelé)(?: en qualité de \w+)? (?=[A-ZÉ]|de |du |d')",
)
