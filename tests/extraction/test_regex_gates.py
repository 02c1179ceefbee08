"""The speed-ups of the rules extractor's regexes keep their matches exactly: `lead_gated` (a
lookahead on the first characters, `\\b` tested once) and `fewest_keys` (needles that contain
another needle dropped)."""

from __future__ import annotations

import re

import pytest

from ingestion.extraction.gates import fewest_keys, lead_gated, may_match, needles

pytestmark = pytest.mark.unit

TEXTS = [
    "Muster Hans ist nicht mehr Präsident; seine Unterschrift ist erloschen.",
    "Vizepräsidentin: Beispiel Anna, von Bern, in Thun.",
    "La signature de Dupont Marc est radiée. Nouveau capital: CHF 100'000.",
    "[non: Rossi] Rettifica della FUSC. Rücktritt von Meier.",
    "abc ab cd xab",
    "",
]


@pytest.mark.parametrize(
    ("pattern", "gated"),
    [
        (
            r"\bist nicht mehr\b|\b(?:[Rr]ücktritte?|[Aa]ustritte?)\b",
            r"\b(?=[ARair])(?:\bist nicht mehr\b|\b(?:[Rr]ücktritte?|[Aa]ustritte?)\b)",
        ),
        (
            r"(?P<r0>\b(?:vize-?präsident(?:in)?)\b)|(?P<r1>\b(?:präsident)\b)",
            r"\b(?=[pv])(?:(?P<r0>\b(?:vize-?präsident(?:in)?)\b)|(?P<r1>\b(?:präsident)\b))",
        ),
        (r"\[non:|^Rettifica", r"(?=[R\[])(?:\[non:|^Rettifica)"),
        (r"\bab|cd", r"(?=[ac])(?:\bab|cd)"),
        (r"(?<!sans )[Aa]ugmentation", r"(?=[Aa])(?:(?<!sans )[Aa]ugmentation)"),
        # Any character may open these, or the match may be empty, or case is ignored: unchanged.
        (r"x*", r"x*"),
        (r"\w+y", r"\w+y"),
        (r"[^a]b", r"[^a]b"),
        (r"(?i:abc)", r"(?i:abc)"),
        (r"(?i)abc", r"(?i)abc"),
    ],
)
def test_lead_gated_pattern_and_matches(pattern: str, gated: str) -> None:
    assert lead_gated(pattern) == gated
    plain, fast = re.compile(pattern), re.compile(gated)
    for text in TEXTS:
        assert [m.span() for m in plain.finditer(text)] == [m.span() for m in fast.finditer(text)]
        assert [m.lastgroup for m in plain.finditer(text)] == [
            m.lastgroup for m in fast.finditer(text)
        ]


def test_fewest_keys_drops_keys_containing_another() -> None:
    keys = frozenset({"part", " part", "quote-part", "Stammanteil", "cedut"})
    assert fewest_keys(keys) == frozenset({"part", "Stammanteil", "cedut"})
    for text in ("ses parts sont cédées", "Stammanteile", "le quote cedute", "nichts"):
        assert may_match(keys, text) == may_match(fewest_keys(keys), text)


def test_needles_are_fewest() -> None:
    assert needles(r"Hauptsitz|s Hauptsitzes|Revisionsstelle") == frozenset(
        {"Hauptsitz", "Revisionsstelle"}
    )
