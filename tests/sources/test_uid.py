"""UID normalisation and check digit, as the source readers use them (shabgraph.register.uid)."""

from __future__ import annotations

import pytest

from shabgraph.register.uid import check_digit as uid_check_digit
from shabgraph.register.uid import normalise_code13, normalise_uid


@pytest.mark.parametrize(
    "text",
    [
        "CHE-159.326.663",
        "CHE159326663",
        "che 159 326 663",
        "CHE-159.326.663 MWST",
        "CHE-159.326.663?",
        " CHE-159326663 ",
    ],
)
def test_spellings_of_a_valid_uid_normalise_to_one_form(text):
    assert normalise_uid(text) == ("CHE-159.326.663", True)


def test_wrong_check_digit_is_kept_and_flagged():
    assert normalise_uid("CHE-159.326.664") == ("CHE-159.326.664", False)


def test_unparseable_uid_is_kept_as_written():
    assert normalise_uid(" CHE-12.34 ") == ("CHE-12.34", False)


def test_check_digit_rules():
    assert uid_check_digit("15932666") == 3
    # r = 1 has no valid check digit: find such a prefix and check that no UID with it validates
    prefix = next(
        f"{n:08d}"
        for n in range(10_000_000, 10_100_000)
        if sum(int(d) * w for d, w in zip(f"{n:08d}", (5, 4, 3, 2, 7, 6, 5, 4), strict=True)) % 11
        == 1
    )
    assert uid_check_digit(prefix) is None
    assert not any(normalise_uid(f"CHE{prefix}{d}")[1] for d in range(10))


def test_code13_compact_form():
    assert normalise_code13("CH-035.7.015.999-0") == "CH03570159990"
    assert normalise_code13("CH-217-3530982-8") == "CH21735309828"
