"""Orthographic variants of person names, as small pure functions.

Each variant function returns the written (family, given) or None when it does not apply; the
generator records which kinds it used in the mention's truth.
"""

from __future__ import annotations

import random

from shabgraph.register.folding import fold_accents, strip_accents

_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def homonym_key(family: str, given: str) -> str:
    """`müller|thomas peter` -> `muller|thomas peter`."""
    return f"{fold_accents(family)}|{fold_accents(given)}"


def transliteration(family: str, given: str) -> tuple[str, str] | None:
    """Umlauts written as ae/oe/ue (Müller -> Mueller)."""
    f2, g2 = family.translate(_TRANSLIT), given.translate(_TRANSLIT)
    return (f2, g2) if (f2, g2) != (family, given) else None


def accent_drop(family: str, given: str) -> tuple[str, str] | None:
    """Accents other than umlauts dropped (Jérôme -> Jerome)."""

    def strip(s: str) -> str:
        out = []
        for ch in s:
            if ch in "äöüÄÖÜ":
                out.append(ch)
                continue
            out.append(strip_accents(ch))
        return "".join(out)

    f2, g2 = strip(family), strip(given)
    return (f2, g2) if (f2, g2) != (family, given) else None


def double_family_part(family: str, given: str, rng: random.Random) -> tuple[str, str] | None:
    """A double family name written with a space or only its first part."""
    if "-" not in family:
        return None
    first, _, rest = family.partition("-")
    return (first if rng.random() < 0.5 else f"{first} {rest}"), given


def given_order(family: str, given: str) -> tuple[str, str] | None:
    """The first two given names swapped."""
    parts = given.split(" ")
    if len(parts) < 2:
        return None
    parts[0], parts[1] = parts[1], parts[0]
    return family, " ".join(parts)


def given_first_only(family: str, given: str) -> tuple[str, str] | None:
    """Only the first given name."""
    parts = given.split(" ")
    return (family, parts[0]) if len(parts) > 1 else None


def pick_variant(family: str, given: str, rng: random.Random) -> tuple[str, str, list[str]]:
    """One applicable variant chosen at random: (family, given, kinds); kinds empty if none."""
    options: list[tuple[str, tuple[str, str]]] = []
    for kind, fn in (
        ("transliteration", transliteration),
        ("accent_drop", accent_drop),
        ("given_order", given_order),
        ("given_first_only", given_first_only),
    ):
        out = fn(family, given)
        if out is not None:
            options.append((kind, out))
    dbl = double_family_part(family, given, rng)
    if dbl is not None:
        options.append(("double_family_part", dbl))
    if not options:
        return family, given, []
    kind, (f2, g2) = options[rng.randrange(len(options))]
    return f2, g2, [kind]
