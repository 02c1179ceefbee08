"""Question reading rules that hold for phrasings never seen: replace verbs and their direction,
split German verbs, identity questions in a conversation, branches named before their head
office, abbreviated legal forms ending a name, questions about how two entities are linked."""

from __future__ import annotations

import pytest

from graph_agent.answers.common import shared_companies
from graph_agent.answers.fact_text import communications_in, person_segment, shares_in
from graph_agent.answers.mention_match import matches_mention, other_form_of
from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.attribute_words import without_still_registered
from graph_agent.planners.offline.fact_plan import several_companies
from graph_agent.planners.offline.mentions import branch_first, mentions
from graph_agent.planners.offline.people_plan import LINK_RE
from graph_agent.planners.offline.slots import fold
from tools.acronyms import is_acronym
from tools.acronyms import matches as acronym_matches


@pytest.mark.parametrize(
    ("question", "cue"),
    [
        ("und wen hat sie abgelöst?", "before"),
        ("wer hat sie abgelöst?", "successor"),
        ("Auf wen folgte er?", "before"),
        ("Wer folgte ihr?", "successor"),
        ("Whom did she replace?", "before"),
        ("Who did Paula Muster succeed?", "before"),
        ("Who replaced her?", "successor"),
        ("Qui a-t-elle remplacé ?", "before"),
        ("Qui l'a remplacée ?", "successor"),
        ("Chi ha lei sostituito?", "before"),
        ("Al posto di chi è entrata?", "before"),
        ("Chi l'ha sostituita?", "successor"),
    ],
)
def test_a_replace_verb_asks_the_predecessor_when_the_holder_is_its_subject(
    question: str, cue: str
) -> None:
    cues = understand(question).cues
    assert cue in cues
    assert ({"before", "successor"} - {cue}).isdisjoint(cues)


@pytest.mark.parametrize(
    ("question", "cue"),
    [
        ("Wer schied 2020 aus dem Vorstand der Muster AG aus?", "left"),
        ("Wer trat 2019 in den Verwaltungsrat der Muster AG ein?", "joined"),
        ("Wer kam 2018 neu hinzu?", "joined"),
        ("Wer trat im Mai zurück?", "left"),
        ("Wer wurde 2020 in den Stiftungsrat gewählt?", "joined"),
        ("Qui a démissionné en 2020 ?", "left"),
        ("Chi si è ritirato nel 2020?", "left"),
        ("Who stood down in 2020?", "left"),
    ],
)
def test_joining_and_leaving_verbs_split_or_not(question: str, cue: str) -> None:
    cues = understand(question).cues
    assert cue in cues
    assert ({"joined", "left"} - {cue}).isdisjoint(cues)


def test_an_identity_question_naming_someone_new_inherits_nothing() -> None:
    history = [{"question": "Where does Paula Muster live?"}]
    assert understand("Who is Kurt Beispiel?", history).facts == ()
    assert not understand("Who is Kurt Beispiel?", history).inherited
    assert understand("Wer ist Kurt Beispiel?", history).facts == ()
    # a bare name keeps the fact asked, a pronoun keeps the entity
    assert understand("And Kurt Beispiel?", history).facts == ("residence",)
    assert understand("who is she?", [{"question": "Who is the chair of Muster AG?"}]).role == (
        "chair"
    )


@pytest.mark.parametrize(
    ("question", "name"),
    [
        (
            "Wer leitet die Zweigniederlassung Thun der Muster AG?",
            "Muster AG, Zweigniederlassung Thun",
        ),
        (
            "Chi dirige la succursale di Locarno della Muster SA?",
            "Muster SA, succursale di Locarno",
        ),
        ("Qui dirige la succursale de Sion d'Exemple SA ?", "Exemple SA, succursale de Sion"),
        ("Who runs the Basel branch of Muster AG?", "Muster AG, Zweigniederlassung Basel"),
    ],
)
def test_a_branch_named_before_its_head_office_is_put_in_the_register_order(
    question: str, name: str
) -> None:
    assert name in branch_first(question)
    assert mentions(question)[0].text == name


def test_an_abbreviated_legal_form_closes_a_company_name() -> None:
    names = [m.text for m in mentions("Wer folgte bei der Muster AG auf Paula Beispiel?")]
    assert names == ["Muster AG", "Paula Beispiel"]
    # lower-case words before the form, and the register's liquidation tail, stay in the name
    assert mentions("Wer leitet die Alpina swiss travel Sàrl?")[0].text == (
        "Alpina swiss travel Sàrl"
    )
    assert mentions("Wer liquidiert die Muster AG in Liquidation?")[0].text == (
        "Muster AG in Liquidation"
    )


def test_a_branch_in_another_language_and_its_canton_name_match() -> None:
    rec = {"name": "Muster AG, Zweigniederlassung Genf"}
    assert matches_mention("Muster AG, succursale de Genève", rec)
    assert not matches_mention("Beispiel AG, succursale de Sion", rec)


def test_a_mention_with_every_name_word_under_another_form_points_at_the_entity() -> None:
    rec = {"kind": "company", "name": "Tannzapfen Holz GmbH"}
    assert other_form_of(["Tannzapfen Holz AG in Basel"], rec) == "other legal form"
    assert other_form_of(["Tannzapfen AG"], rec) is None  # "Holz" is missing
    assert other_form_of(["Tannzapfen AG", "Holz Basel"], rec) is None  # one mention must hold all
    assert other_form_of(["Tannzapfen Holz"], {"kind": "person", "name": "Tannzapfen Holz"}) is None


@pytest.mark.parametrize(
    ("question", "after"),
    [
        ("Quando è uscito Marco Muster dalla Beispiel Sagl?", False),
        ("Chi firma dal 2019 per la Beispiel Sagl?", True),
        ("Chi è gerente dalla costituzione?", True),
        ("Chi firma dopo l'uscita di Marco Muster?", True),
    ],
)
def test_italian_dal_is_since_only_before_a_time(question: str, after: bool) -> None:
    assert understand(question).has("after") is after


@pytest.mark.parametrize(
    ("folded", "left"),
    [
        ("sind sie noch eingetragen?", "sind sie ?"),
        ("are they still being registered", "are they "),
        ("elles sont toujours inscrites", "elles sont "),
        ("wann wurde sie eingetragen", "wann wurde sie eingetragen"),
    ],
)
def test_still_registered_is_taken_out_of_the_cues(folded: str, left: str) -> None:
    assert without_still_registered(folded).split() == left.split()


@pytest.mark.parametrize(
    ("question", "hit"),
    [
        ("Was verbindet Paula Muster und Kurt Beispiel?", True),
        ("Sind die beiden bei derselben Firma?", True),
        ("Quel lien entre Paula Muster et Kurt Beispiel ?", True),
        ("Quel rapport entre A et B ?", True),
        ("Che legame c'è tra A e B?", True),
        ("How are A and B connected?", True),
        ("Wer sitzt im Verwaltungsrat der Muster AG?", False),
        ("Quel est le rapport de révision ?", False),
    ],
)
def test_link_words(question: str, hit: bool) -> None:
    assert (LINK_RE.search(question) is not None) is hit


def _person(pid: str, name: str, roles: list[tuple[str, str, str]]) -> list[dict[str, object]]:
    ent = {"record_type": "entity", "anchor": True, "id": pid, "kind": "person", "name": name}
    return [
        ent,
        *(
            {
                "record_type": "role",
                "direction": "out",
                "other_id": cid,
                "other_name": cname,
                "role_text": text,
                "valid_from": "2020-01-01",
                "pubs": [],
            }
            for cid, cname, text in roles
        ),
    ]


def test_two_persons_share_the_companies_both_hold_roles_at() -> None:
    a = _person(
        "p1", "Paula Muster", [("c1", "Muster AG", "Präsidentin"), ("c2", "Beta GmbH", "GF")]
    )
    b = _person("p2", "Kurt Beispiel", [("c1", "Muster AG", "Mitglied")])
    text, used, nothing = shared_companies("de", a, b, {})
    assert text.startswith("**Paula Muster** und **Kurt Beispiel** sind beide bei 1 Firma")
    assert "**Muster AG**" in text and "Beta GmbH" not in text
    assert "Präsidentin" in text and "Mitglied" in text
    assert not nothing and len(used) == 2
    c = _person("p3", "Eva Leer", [("c9", "Gamma SA", "gérante")])
    text, _used, nothing = shared_companies("en", a, c, {})
    assert nothing and text.startswith("The notices name no company at which both")


@pytest.mark.parametrize(
    ("acronym", "name", "hit"),
    [
        ("SKS", "Stiftung für Konsumentenschutz", True),
        ("ZKB", "Zürcher Kantonalbank", True),
        ("MBG", "Muster Bau GmbH", True),
        ("SKS", "Stiftung Sonnenhalde", False),
        ("AB", "Alpenblick Holding AG", False),
        ("SKS", "Schmid Keller", False),
    ],
)
def test_an_acronym_is_read_as_the_initials_of_the_name(acronym: str, name: str, hit: bool) -> None:
    assert is_acronym(acronym)
    assert acronym_matches(acronym, name) is hit
    assert matches_mention(acronym, {"name": name}) is hit


def test_words_that_are_no_acronym() -> None:
    assert not is_acronym("Sks") and not is_acronym("ABCDEFG") and not is_acronym("S")


def test_the_communications_clause_as_label_or_sentence() -> None:
    text = (
        "Muster Sagl, in Lugano, CHE-100.000.999, società a garanzia limitata. Organo di "
        "pubblicazione: FUSC. Le comunicazioni della società ai soci avvengono per lettera "
        "raccomandata. Con dichiarazione del 1.1.2020 la società rinuncia a una revisione."
    )
    assert communications_in(text) == [
        "Organo di pubblicazione: FUSC",
        "Le comunicazioni della società ai soci avvengono per lettera raccomandata",
    ]
    assert communications_in("Communication aux actionnaires: par écrit ou par courriel.") == [
        "Communication aux actionnaires: par écrit ou par courriel"
    ]
    assert understand("Wie macht die Muster AG ihre Mitteilungen an die Aktionäre?").main == (
        "communications"
    )
    assert understand("How does Muster SA communicate with its shareholders?").facts[0] == (
        "communications"
    )


def test_a_persons_entry_ends_with_its_sentence() -> None:
    text = (
        "Ausgeschiedene Personen: Muster, Kurt, von Bern, in Thun, Gesellschafter, mit "
        "Kollektivunterschrift zu zweien. Eingetragene Personen: Beispiel, Paula, von Bern, "
        "mit 500 Stammanteilen zu je CHF 100.00."
    )
    assert shares_in(person_segment(text, "Muster", "Kurt")) is None
    assert shares_in(person_segment(text, "Beispiel", "Paula")) == (
        "mit 500 Stammanteilen zu je CHF 100.00"
    )
    assert person_segment("Grüninger, Dr. Thomas, von Basel.", "Grüninger", "Thomas")


def test_fact_phrases_and_slips() -> None:
    assert understand("What was the old register number of Muster AG?").facts == ("uid",)
    assert understand("De quand datent les statuts de Muster SA ?").facts == ("statutes",)
    assert understand("Quel est le statut de Muster SA ?").facts == ("status",)
    assert understand("Is Muster AG still registered?").facts == ("status",)
    assert understand("Welche Organisation hat die UID CHE-100.000.012?").role is None


@pytest.mark.parametrize(
    ("question", "name", "place"),
    [
        ("street address of the Alpenblick branch in Lugano?", "Alpenblick", "Lugano"),
        ("Wann wurde die Musterwerk Filiale in Baden eröffnet?", "Musterwerk", "Baden"),
        ("La Beispiel succursale à Sion existe-t-elle encore ?", "Beispiel", "Sion"),  # article
    ],
)
def test_a_branch_word_after_a_name_is_no_part_of_it(question: str, name: str, place: str) -> None:
    first = mentions(question)[0]
    assert (first.text, first.place) == (name, place)


@pytest.mark.parametrize(
    ("question", "several"),
    [
        ("Wer ist in mehr als einer Stiftung eingetragen?", True),
        ("Quelles personnes siègent dans plusieurs conseils ?", True),
        ("Chi è iscritto in più di una società?", True),
        ("Is anybody on more than one board?", True),
        ("Wie viele Firmen haben mehrere Zweigniederlassungen?", False),  # no person asked
        ("Which companies have several branches?", False),
    ],
)
def test_persons_at_several_companies(question: str, several: bool) -> None:
    assert several_companies(fold(question)) is several


@pytest.mark.parametrize(
    ("question", "fact", "cue"),
    [
        ("Wer ist 2015 bei der Beispiel AG gegangen?", None, "left"),
        ("Wann ist Muster bei der Beispiel-Stiftung raus?", None, "left"),
        ("Was ist 2013 bei der Beispiel AG gelaufen?", "happened", None),
        ("When did Hans Muster stop being chair of Beispiel AG?", None, "left"),
        ("Quand Muster est-il parti de Beispiel SA ?", None, "left"),
        ("Cosa è avvenuto nel 2012 alla Beispiel SA?", "happened", None),
        ("Who came onto the board of Beispiel AG in 2019?", None, "joined"),
        ("Wer ist 2019 bei der Beispiel AG eingestiegen?", None, "joined"),
    ],
)
def test_everyday_words_for_leaving_joining_and_happening(
    question: str, fact: str | None, cue: str | None
) -> None:
    ask = understand(question)
    assert fact is None or fact in ask.facts
    assert cue is None or cue in ask.cues


def test_a_possessive_after_lower_case_words_opens_another_name() -> None:
    texts = [m.text for m in mentions("When did Hans Muster stop being Beispiel's president?")]
    assert sorted(texts) == ["Beispiel", "Hans Muster"]
    assert [m.text for m in mentions("Is Alpina swiss travel Sàrl still active?")] == [
        "Alpina swiss travel Sàrl"
    ]
