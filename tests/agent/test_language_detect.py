"""The language of a question (offline planner): shared words decide nothing, words proper to one
language first, then morphology; register names (firms, places) never decide.

Every question here is written for this test; names are fictional.
"""

from __future__ import annotations

import pytest

from graph_agent.planners.offline.language import (
    detect_language,
    evidence,
    has_language_words,
    tokens,
)
from graph_agent.planners.offline.slots import fill_slots

QUESTIONS = [
    # --- short questions whose only listed word is shared ("in", "a", "per", "con")
    ("Quali persone abitano in Ticino?", "it"),
    ("Quali società hanno sede in Vallese?", "it"),
    ("anyone living in canton Zug?", "en"),
    ("anybody living in Geneva?", "en"),
    ("Quelles personnes vivent à Berne ?", "fr"),
    ("Wer wohnt in Basel?", "de"),
    ("Quante ditte con sede a Lugano?", "it"),
    ("Imprese per cantone?", "it"),
    # --- terse keyword queries
    ("Sitz Muster AG?", "de"),
    ("Revisionsstelle Beispiel GmbH", "de"),
    ("capitale sociale Rossi SA?", "it"),
    ("soci Alfa Sagl", "it"),
    ("siège Dupont SA ?", "fr"),
    ("associés Lemaire Sàrl", "fr"),
    ("directors of Muster AG", "en"),
    ("UID number Beispiel GmbH", "en"),
    ("numero IDE du Garage Bonvin ?", "fr"),
    ("Zweck?", "de"),
    # --- without accents
    ("Qui sont les administrateurs de la societe Muster SA ?", "fr"),
    ("Quand la societe a-t-elle ete radiee ?", "fr"),
    ("Quale e la sede della Beispiel SA?", "it"),
    ("Perche la ditta e stata cancellata?", "it"),
    ("Wer ist Geschaftsfuhrer der Muster GmbH?", "de"),
    ("Welche Firmen wurden geloscht?", "de"),
    # --- a German firm name in a French, Italian or English question
    ("Qui dirige la Bäckerei zur Sonne GmbH ?", "fr"),
    ("Qui est le président de la Müller Holzbau AG ?", "fr"),
    ("Chi sono i soci della Schreinerei Meier und Söhne GmbH?", "it"),
    ("Chi firma per la Gebrüder Huber Transporte AG?", "it"),
    ("Who signs for Gebrüder Huber Transporte AG?", "en"),
    ("Who runs the Stiftung Alpenblick?", "en"),
    ("What's Holzwerk Sägerei AG's UID?", "en"),
    # --- a French or Italian name in a German or English question
    ("Wer ist Präsident der Boulangerie du Lac SA?", "de"),
    ("Wie hoch ist das Kapital der Ristorante della Piazza Sagl?", "de"),
    ("Who manages Boulangerie du Lac SA?", "en"),
    # --- inflected question words
    ("Quali sono i gerenti?", "it"),
    ("Quanti membri ha il consiglio?", "it"),
    ("Quelles sont les succursales ?", "fr"),
    ("Combien d'associés a la société ?", "fr"),
    ("Welche Personen zeichnen einzeln?", "de"),
    ("Wieviele Zweigniederlassungen gibt es?", "de"),
    ("Whose signature is required?", "en"),
    ("Which companies were deleted in 2019?", "en"),
    # --- longer questions
    (
        "Ich prüfe einen Vertrag, den Anna Beispiel für die Muster Immobilien AG unterschrieben "
        "hat. Darf sie die Gesellschaft allein vertreten?",
        "de",
    ),
    (
        "Je voudrais savoir qui siège au conseil d'administration de la Fiduciaire Exemple SA "
        "et depuis quand.",
        "fr",
    ),
    (
        "Vorrei sapere chi rappresenta la Costruzioni Esempio SA e con quale tipo di firma.",
        "it",
    ),
    (
        "I'm checking a supplier: has Example Logistics AG changed its address since 2020?",
        "en",
    ),
    ("Did the company move its seat to another canton?", "en"),
    ("La société a-t-elle changé de but depuis sa fondation ?", "fr"),
    ("L'azienda è ancora attiva o è stata sciolta?", "it"),
    ("Hat die Gesellschaft ihren Sitz verlegt?", "de"),
    # --- conversation follow-ups of one language
    ("Und die Adresse?", "de"),
    ("E l'indirizzo?", "it"),
    ("Et l'adresse ?", "fr"),
    ("And the address?", "en"),
]


@pytest.mark.parametrize(("question", "lang"), QUESTIONS)
def test_the_language_of_a_question(question: str, lang: str) -> None:
    assert fill_slots(question).language == lang


def test_the_table_is_large_and_covers_the_four_languages() -> None:
    langs = [lang for _q, lang in QUESTIONS]
    assert len(QUESTIONS) >= 40
    assert {lang: langs.count(lang) >= 10 for lang in ("de", "fr", "it", "en")} == {
        "de": True,
        "fr": True,
        "it": True,
        "en": True,
    }


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("in liquidazione", "it"),  # "in" shared, -zione Italian
        ("in auflösung", "de"),  # umlaut and -ung
        ("a fusionné", "fr"),  # a final é outside Italian's -ché
        ("in trading", "en"),
        ("per attività", "it"),  # a final à
        ("le persone", "it"),  # "le" shared; no French plural -s
    ],
)
def test_morphology_breaks_a_tie_of_shared_words(text: str, lang: str) -> None:
    assert detect_language(text)[0] == lang


def test_shared_words_count_for_no_language() -> None:
    ev = evidence(tokens("in a per con la le il"), names_gone=False)
    assert (dict(+ev.words), ev.any()) == ({}, False)
    assert not has_language_words("in Zürich?")
    assert has_language_words("und in Zürich?")


def test_names_only_have_no_language() -> None:
    assert not has_language_words("Muster Holding AG")
    assert not has_language_words("Stiftung Lindenbühl")  # German endings, but a name
    assert not has_language_words("hans beispiel muster")  # lower-case names: no known word
    assert detect_language("hans beispiel muster")[0] == "de"  # the register's first language


def test_codes_in_capitals_decide_nothing_but_language_acronyms_do() -> None:
    # "CHE" is the UID prefix, not Italian "che"; "IDE" is French, "IDI" Italian
    assert fill_slots("CHE UID of Muster AG?").language == "en"
    assert fill_slots("IDE Muster SA ?").language == "fr"
    assert fill_slots("IDI Muster SA?").language == "it"
    assert fill_slots("VR Muster AG?").language == "de"


def test_elisions_and_contractions_are_words() -> None:
    assert [t.folded for t in tokens("Qu'est-ce que l'IDE d'une société ?")] == [
        "qu'",
        "est-ce",
        "que",
        "l'",
        "ide",
        "d'",
        "une",
        "societe",
    ]
    assert [t.folded for t in tokens("What's Muster's UID?")] == [
        "what",
        "'s",
        "muster",
        "'s",
        "uid",
    ]
    assert detect_language("dell'azienda")[0] == "it"
    assert detect_language("qu'elle")[0] == "fr"


def test_the_pronoun_i_is_english_the_article_i_italian() -> None:
    assert detect_language("Can I see the notices?")[0] == "en"
    assert detect_language("Chi sono i soci?")[0] == "it"
    assert detect_language("sono i gerenti")[0] == "it"


def test_uids_are_not_words() -> None:
    assert [t.folded for t in tokens("che-123.456.789 sede?")] == ["sede"]


@pytest.mark.parametrize(
    ("turn", "own"),
    [
        ("and the auditor?", True),  # an English turn in a German conversation is English
        ("e il revisore?", True),
        ("Muster Holding AG?", False),  # a name alone keeps the conversation's language
        ("in Lugano?", False),  # only a shared word
        ("UID?", False),
    ],
)
def test_a_turn_has_its_own_language_only_with_words_of_one(turn: str, own: bool) -> None:
    assert has_language_words(turn) is own


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("faillites 2022 ?", "fr"),  # an inflected form of a listed word
        ("fallimenti 2022?", "it"),
        ("bankruptcies 2022?", "en"),
        ("Konkurse 2022?", "de"),
        ("Hans Muster mandates?", "en"),  # English "mandate" + s before German "Mandat" + es
        ("persone domiciliate in Ticino", "it"),
    ],
)
def test_inflected_register_words_tell_the_language(question: str, lang: str) -> None:
    assert fill_slots(question).language == lang
