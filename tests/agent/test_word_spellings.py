"""One folded form for every word list (umlaut spellings, apostrophes), the Swiss-German words,
and the mention rules for names written with a fact phrase, a form before "de", a gloss after an
acronym, a currency or a country. Fictional names and own phrasing throughout."""

from __future__ import annotations

import pytest

from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.language import detect_language, is_language_word
from graph_agent.planners.offline.mentions import cut_variants, lower_mentions, mentions
from graph_agent.planners.offline.slots import fill_slots
from shabgraph.register.folding import has_any, match_key, word_pattern

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("spellings", "key"),
    [
        (("Geschäftsführerin", "Geschaeftsfuehrerin", "Geschaftsfuhrerin"), "geschaftsfuhrerin"),
        (("Löschung", "Loeschung", "LOSCHUNG"), "loschung"),
        (("Straße", "Strasse"), "strasse"),
        (("l’adresse", "l`adresse", "l'adresse"), "l'adresse"),
        (("quei", "quei"), "quei"),  # the e of "qu" is no umlaut: Italian "quei" stays apart
    ],
)
def test_match_key_is_one_form_for_all_spellings(spellings: tuple[str, ...], key: str) -> None:
    assert {match_key(s) for s in spellings} == {key}


def test_word_pattern_keeps_positions_of_the_folded_text() -> None:
    text = "wer ist praesident der tannhof ag"
    m = word_pattern("prasident").search(text)
    assert m is not None and text[m.start() : m.end()] == "praesident"
    assert word_pattern("fruher").search("fruehere inhaber") is not None
    assert word_pattern("aktuell").search("die aktuelle adresse") is not None


def test_has_any_finds_entries_in_every_umlaut_spelling() -> None:
    assert has_any("wann wurde sie geloescht?", ("geloscht",)) == "geloscht"
    assert has_any("die groessten firmen", ("grosste",)) == "grosste"
    assert has_any("neuen eintrag", ("neue ",)) is None  # a word end stays a word end


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Wer ist Verwaltungsratspraesident der Tannhof AG?", "chair"),
        ("Wer war frueher Praesidentin der Stiftung Lindenmatt?", "chair"),
        ("Wer isch dr Chef vo dr Tannhof GmbH?", "managing_director"),
        ("Wer sind d Gsellschafter vo dr Sonnhang GmbH?", "partner"),
        ("Wär het Prokura bi dr Bergblick AG?", "authorized_signatory"),
    ],
)
def test_role_words_in_spelled_umlauts_and_swiss_german(question: str, role: str) -> None:
    assert understand(question).role == role


def test_swiss_german_reads_as_german_and_names_the_firm() -> None:
    question = "Isch dr Kunz Peter dr einzig Gsellschafter vo dr Felsegg GmbH z Brugg?"
    assert detect_language(question)[0] == "de"
    found = {m.text: m.place for m in mentions(question)}
    assert "Kunz Peter" in found
    assert found["Felsegg GmbH"] == "Brugg"
    assert "Isch" not in " ".join(found)


def test_swiss_german_time_and_registration_words() -> None:
    assert "registered" in understand("Wänn isch d Sonnegg GmbH gründet worde?").facts
    assert fill_slots("Was isch bi dr Tannhof AG fruener gsi?").past


def test_a_fact_phrase_before_von_is_no_part_of_the_name() -> None:
    found = mentions("Letzte Adresse von Urs Tannegger Malerei in Olten?")
    assert found[0].text == "Urs Tannegger Malerei"
    assert found[0].place == "Olten"


def test_a_legal_form_before_de_and_an_acronym_before_a_gloss() -> None:
    assert cut_variants("SA de Mollard") == ["Mollard"]
    assert cut_variants("ZVB consumer rights association") == ["ZVB"]


def test_currency_and_country_are_no_names() -> None:
    assert mentions("Welche Firmen haben ein Kapital von CHF 50'000?") == []
    assert [m.text for m in mentions("Was geschah bei ZVB 2019?")] == ["ZVB"]
    assert mentions("Wer von ihnen wohnt in Frankreich?") == []


def test_lower_case_names_skip_common_words() -> None:
    assert is_language_word("publiés") and is_language_word("published")
    assert lower_mentions("nombre d'avis publiés en 2019 et 2020 ensemble ?") == []
    bare = mentions("greta wyssbrod tannhof?")
    assert [m.text for m in bare] == ["greta wyssbrod tannhof"]
    assert cut_variants("greta wyssbrod tannhof") == ["greta wyssbrod", "tannhof"]
