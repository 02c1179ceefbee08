"""Fixture cases for the rules of the fourth tuning round, several phrasings each.

Every rule is asked in the four languages (or at least three phrasings), so that a rule which
fits one sentence only fails here: two roles in one question (each, or both at once), a
person's places over time (residence moves and origin changes, also of a role holder in a
follow-up), the co-signatories of a holder ("who signs with her?"), the clients of an audit
firm in focus ("who did they audit?"), a seat before a move known only from the move notice's
head, and a company described by its legal form and seat instead of its name. The names are
the fixture's fictitious ones (`evals.fixture_graph`).
"""

from __future__ import annotations

from tests.agent.questions import Case, Turn, one

BOTH_AT_ONCE = (
    "Wer war bei der Müller Bau GmbH gleichzeitig Gesellschafter und Geschäftsführer?",
    "Qui était à la fois associé et gérant de Müller Bau GmbH ?",
    "Who was both partner and managing director of Müller Bau GmbH at the same time?",
    "Chi era contemporaneamente socio e gerente della Müller Bau GmbH?",
    "Wer war bei der Müller Bau GmbH zugleich Gesellschafter und Geschäftsführer, und bis wann?",
)
"""Hans Müller held both roles in one entry; Beat Schmid was partner, then (later) manager."""

EACH_ROLE = (
    ("de", "Wer präsidiert die Treuhand Sonnenberg AG und wer ist dort Prokurist?"),
    ("it", "Chi presiede la Treuhand Sonnenberg AG e chi è il procuratore?"),
    ("fr", "Qui préside la Treuhand Sonnenberg AG et qui y a la procuration ?"),
    ("en", "Who chairs Treuhand Sonnenberg AG and who is its authorised signatory?"),
)
"""Urs Zimmermann chairs; Karl Huber held the procuration until 2019."""

MOVED = (
    ("de", ("Wer ist Beat Schmid?", "Wo wohnte er vorher?")),
    ("en", ("Where did Beat Schmid live before?",)),
    ("it", ("Beat Schmid", "dove abitava prima?")),
    ("fr", ("Müller Bau GmbH", "qui est le gérant ?", "et avant, il habitait où ?")),
)
"""E16 writes "in Horw [bisher: … in Kriens]"."""

ORIGIN = (
    ("de", ("Wer ist Beat Schmid?", "hat sich sein Heimatort geändert?")),
    ("fr", ("Beat Schmid", "Quel est son lieu d'origine ?")),
    ("en", ("What is Beat Schmid's place of origin?",)),
    ("it", ("Di dove è attinente Beat Schmid?",)),
)
"""E14 writes "von Luzern", E16 "von Luzern und Horw"."""

CO_SIGN = (
    ("en", "and who signs with him?"),
    ("de", "und wer zeichnet mit ihm?"),
    ("fr", "et qui signe avec lui ?"),
    ("it", "e chi firma con lui?"),
)
"""Hans Müller chairs Alpenblick alone; Sandra Frei signs jointly; Peter Keller left in 2020."""

AUDITED = (
    ("en", "who did they audit?"),
    ("de", "wen prüfen sie?"),
    ("fr", "qui révisent-ils ?"),
)
"""Nordlicht Treuhand is the auditor of Alpenblick Holding AG since 2020."""

DESCRIBED = (
    ("de", "Wer ist Präsident der Stiftung in Basel?", "Thomas Brunner"),
    ("en", "Who chairs the foundation in Basel?", "Thomas Brunner"),
    ("fr", "Qui sont les gérants de la Sàrl de Sion ?", "Jean-Pierre Favre"),
    ("de", "Wie hoch ist das Stammkapital der GmbH in Luzern?", "50'000"),
    ("it", "Chi è il presidente della società anonima di Zug?", "Urs Zimmermann"),
    ("en", "What is the UID of the logistics company in Lausanne?", "CHE-100.000.064"),
)
"""A company named by its legal form (or a business word) and its seat."""

CLAIMED_SEAT = (
    ("it", "La Stiftung Sonnenhalde ha sede a Locarno?", ("No — non a Locarno", "Basel")),
    ("de", "Hat die Müller Bau GmbH ihren Sitz in Zug?", ("Nein, nicht in Zug", "Luzern")),
    ("en", "Is Lac Léman Logistique SA based in Geneva?", ("No — not in Geneva", "Lausanne")),
    ("fr", "La société Rhône Transports Sàrl a-t-elle son siège à Sion ?", ("Oui", "Sion")),
    ("it", "Ha sede a Basilea la Stiftung Sonnenhalde?", ("Sì", "Basel")),
)
"""A yes/no question that asserts a seat: yes or no first (a town's other-language name is
the same town)."""

NOBODY_THAT_DAY = (
    ("fr", "Qui avait la procuration chez Treuhand Sonnenberg AG le 1er mai 2019 ?", "Auparavant"),
    (
        "en",
        "Who was the authorised signatory of Treuhand Sonnenberg AG on 1 May 2019?",
        "Before that",
    ),
    ("de", "Wer war am 1. Mai 2019 Prokurist der Treuhand Sonnenberg AG?", "Zuletzt davor"),
)
"""Karl Huber's procuration ended on 01.04.2019: nobody on 1 May, the last holder is named."""

NATIONALITY = (
    ("de", "Welche Staatsangehörigkeit hat Urs Zimmermann?", "Österreich"),
    ("fr", "Urs Zimmermann est de quelle nationalité ?", "Österreich"),
    ("it", "Di che nazionalità è Beat Schmid?", "Luzern und Horw"),
)
"""A foreign nationality as written; a Swiss citizen by the place(s) of origin."""

SEASONS = (
    ("en", "Who was the authorised signatory of Treuhand Sonnenberg AG in spring 2019?", ""),
    ("de", "Wer war im Herbst 2019 Prokurist der Treuhand Sonnenberg AG?", "nennen keine"),
    ("en", "As of mid-2019, who held the procuration at Treuhand Sonnenberg AG?", "name no"),
)
"""Spring (March-May) 2019 still covers Karl Huber (until 01.04.2019); autumn and mid-2019 do
not: nobody then, and he is named as the last holder before."""

LOWER_CASE = (
    ("fr", "qui presidait la stiftung sonnenhalde en mai 2021 ?", "Thomas Brunner"),
    ("fr", "comite de la stiftung sonnenhalde ?", "Brunner-Vogt"),
    ("it", "chi presiedeva la treuhand sonnenberg ag nel 2015?", "Urs Zimmermann"),
    ("de", "beat schmid müller bau gmbh?", "Müller Bau GmbH"),
)
"""Names typed in lower case, with the role words of the past tenses and committees."""

THE_OTHER = (
    ("de", "Wer ist Hans Müller dort?", "und der andere Gesellschafter, wo wohnt der?"),
    ("fr", "Qui est Hans Müller là-bas ?", "et l'autre associé, où habite-t-il ?"),
    ("en", "Who is Hans Müller there?", "and the other partner, where does he live?"),
)
"""Müller Bau GmbH had two partners: "the other" is Beat Schmid."""

RULE_CASES: tuple[Case, ...] = (
    *(
        one(f"rules_both_roles_{k}", q=q, must=("Hans Müller",), must_not=("Beat Schmid",))
        for k, q in enumerate(BOTH_AT_ONCE)
    ),
    *(
        one(f"{lang}_rules_each_role", q=q, must=("Urs Zimmermann", "Karl Huber"))
        for lang, q in EACH_ROLE
    ),
    *(
        Case(
            f"{lang}_rules_moved",
            (*tuple(Turn(q) for q in turns[:-1]), Turn(turns[-1], must=("Kriens", "Horw"))),
        )
        for lang, turns in MOVED
    ),
    *(
        Case(
            f"{lang}_rules_origin",
            (*tuple(Turn(q) for q in turns[:-1]), Turn(turns[-1], must=("Luzern und Horw",))),
        )
        for lang, turns in ORIGIN
    ),
    *(
        Case(
            f"{lang}_rules_co_sign",
            (
                Turn("Alpenblick Holding AG"),
                Turn("Who is the chair?" if lang == "en" else "Wer ist Präsident?"),
                Turn(q, must=("Hans Müller", "Sandra Frei"), must_not=("Peter Keller",)),
            ),
        )
        for lang, q in CO_SIGN
    ),
    *(
        Case(
            f"{lang}_rules_audited",
            (
                Turn("Nordlicht Treuhand"),
                Turn(q, must=("Alpenblick Holding AG", "15.06.2020")),
                Turn("until when?" if lang == "en" else "seit wann?", must=("15.06.2020",)),
            ),
        )
        for lang, q in AUDITED
    ),
    *(
        one(f"{lang}_rules_described_{k}", q=q, must=(want,))
        for k, (lang, q, want) in enumerate(DESCRIBED)
    ),
    *(
        one(f"{lang}_rules_claimed_seat_{k}", q=q, must=must)
        for k, (lang, q, must) in enumerate(CLAIMED_SEAT)
    ),
    *(
        one(f"{lang}_rules_nobody_that_day", q=q, must=(word, "Karl Huber"))
        for lang, q, word in NOBODY_THAT_DAY
    ),
    *(
        one(f"{lang}_rules_nationality_{k}", q=q, must=(want,))
        for k, (lang, q, want) in enumerate(NATIONALITY)
    ),
    *(
        one(f"{lang}_rules_season_{k}", q=q, must=("Karl Huber", none) if none else ("Karl Huber",))
        for k, (lang, q, none) in enumerate(SEASONS)
    ),
    one(
        # the second name has namesakes: the link is not read from the first person twice
        "de_rules_two_names_second_has_namesakes",
        q="Was verbindet Hans Müller und Anna Meier?",
        must=("**Hans Müller** und **Anna Meier**", "(Bern)", "(Genève)"),
        must_not=("Nur **Hans Müller**",),
    ),
    Case(
        "de_rules_auditor_uid",
        (
            Turn("Alpenblick Holding AG"),
            Turn("wer ist aktuell Revisionsstelle?", must=("Nordlicht Treuhand",)),
            Turn("und wo ist ihr Sitz?", must=("Baar",)),
        ),
    ),
    Case(
        "en_rules_chair_then_seat_of_the_company",
        (
            Turn("Alpenblick Holding AG"),
            Turn("Who is the chair?", must=("Hans Müller",)),
            Turn("and where is the seat?", must=("Zürich",), must_not=("Baar",)),
        ),
    ),
    *(
        one(f"{lang}_rules_lower_case_{k}", q=q, must=(want,))
        for k, (lang, q, want) in enumerate(LOWER_CASE)
    ),
    *(
        Case(
            f"{lang}_rules_the_other_partner",
            (
                Turn("Müller Bau GmbH"),
                Turn(first),
                Turn(then, must=("Beat Schmid", "Horw"), must_not=("**Hans Müller** («",)),
            ),
        )
        for lang, first, then in THE_OTHER
    ),
    *(
        # a branch's seat named without a branch word: the head office is meant
        one(f"{lang}_rules_head_office_not_branch", q=q, must=("Hans Müller",))
        for lang, q in (
            ("de", "Wer ist Präsident der Alpenblick in Genf?"),
            ("fr", "Qui préside Alpenblick Holding AG à Genève ?"),
        )
    ),
)
