"""UIDs: every real spelling parses to one form, check digits computed by hand."""

from __future__ import annotations

import pytest

from shabgraph.register import uid

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("first_eight", "digit"),
    [
        ("15932666", 3),  # 5+20+27+6+14+36+30+24 = 162, 162 % 11 = 8, 11 - 8 = 3
        ("12345678", 8),  # 168 % 11 = 3
        ("10000000", 6),  # 5 % 11 = 5
        ("11472321", 7),
        ("10000016", None),  # 34 % 11 = 1: no valid ninth digit
    ],
)
def test_check_digit(first_eight, digit):
    assert uid.check_digit(first_eight) == digit


def test_remainder_zero_gives_zero():
    # 22 = 2 * 11: 4*2 (weight of digit 2) + 7*2 (digit 5) = 22
    assert uid.check_digit("02002000") == 0


@pytest.mark.parametrize(
    "text",
    [
        "CHE-159.326.663",
        "CHE159326663",
        "CHE.159.326.663",
        "CHE 159 326 663",
        "che-159.326.663",
        "CHE-159.326.663 MWST",
        "CHE-159.326.663 TVA",
        "CHE-159.326.663?",
        " CHE-159326663 ",
    ],
)
def test_spellings_parse_to_one_valid_form(text):
    assert uid.parse_uid(text) == "CHE-159.326.663"
    assert uid.check_uid(text) == ("CHE-159.326.663", True)
    assert uid.normalise_uid(text) == ("CHE-159.326.663", True)
    assert uid.is_valid(text)


def test_wrong_check_digit_is_kept_and_flagged():
    assert uid.check_uid("CHE-159.326.664") == ("CHE-159.326.664", False)
    assert not uid.is_valid("CHE-159.326.664")
    assert not any(uid.is_valid(f"CHE10000016{d}") for d in range(10))


def test_text_that_is_no_uid():
    assert uid.parse_uid("CH-020.7.000.695-4") is None
    assert uid.check_uid(None) == (None, False)
    assert uid.normalise_uid(" CHE-12.34 ") == ("CHE-12.34", False)


def test_administrative_prefix_is_kept():
    assert uid.parse_uid("ADM-159.326.663") == "ADM-159.326.663"


def test_format():
    assert uid.format_uid("159326663") == "CHE-159.326.663"
    assert uid.format_uid("159326663", "adm") == "ADM-159.326.663"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Wer steckt hinter CHE-159.326.663?", "CHE-159.326.663"),
        ("who is che.159.326.663", "CHE-159.326.663"),
        ("UID CHE 159 326 663, Zürich", "CHE-159.326.663"),
        ("(CHE159326663)", "CHE-159.326.663"),
        ("CHE-159.326.6631", None),  # ten digits: not a UID
        ("XCHE-159.326.663", None),
        ("no uid here 159.326.663", None),
    ],
)
def test_find_in_free_text(text, found):
    assert uid.find_uid(text) == found


def test_remove_uids():
    assert uid.remove_uids("a CHE-159.326.663 b") == "a   b"


def test_code13():
    assert uid.parse_code13("CH-020.7.000.695-4") == "CH02070006954"
    assert uid.parse_code13("CHE-159.326.663") is None
    assert uid.parse_code13("CH-12") is None
    assert uid.normalise_code13("CH-035.7.015.999-0") == "CH03570159990"
    assert uid.normalise_code13("CH-217-3530982-8") == "CH21735309828"
    assert uid.normalise_code13(" CH-12 ") == "CH-12"


def test_printed_forms_to_embed_in_phrase_patterns():
    import re

    assert re.fullmatch(uid.CANONICAL_UID, "CHE-159.326.663")
    assert not re.fullmatch(uid.CANONICAL_UID, "CHE159326663")
    assert re.fullmatch(uid.CODE13_TEXT, "CH-020.7.000.695-4")
    assert re.fullmatch(uid.CODE13_TEXT, "CH-217-3530982-8")
