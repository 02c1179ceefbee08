"""The 26 cantons: their official two-letter codes and their names in de/fr/it/en.

Companies are filed by canton code (`ZH`, `GE`, `TI`); questions and notices name a canton in
any of the four languages (`Genf`, `Genève`, `Ginevra`, `Geneva`). Names are given folded (lower
case, no accents: `fold_accents`), the form they are looked up in.
"""

from __future__ import annotations

from typing import Final

CANTONS: Final = (
    "ZH", "BE", "LU", "UR", "SZ", "OW", "NW", "GL", "ZG", "FR", "SO", "BS", "BL",
    "SH", "AR", "AI", "SG", "GR", "AG", "TG", "TI", "VD", "VS", "NE", "GE", "JU",
)  # fmt: skip
"""Canton codes in the constitution's order."""

CANTON_NAMES: Final[dict[str, str]] = {
    "zurich": "ZH",
    "bern": "BE",
    "berne": "BE",
    "berna": "BE",
    "luzern": "LU",
    "lucerne": "LU",
    "zug": "ZG",
    "zoug": "ZG",
    "fribourg": "FR",
    "freiburg": "FR",
    "solothurn": "SO",
    "basel-stadt": "BS",
    "bale-ville": "BS",
    "basel-landschaft": "BL",
    "st. gallen": "SG",
    "st gallen": "SG",
    "saint-gall": "SG",
    "graubunden": "GR",
    "grisons": "GR",
    "aargau": "AG",
    "argovie": "AG",
    "thurgau": "TG",
    "ticino": "TI",
    "tessin": "TI",
    "vaud": "VD",
    "waadt": "VD",
    "valais": "VS",
    "wallis": "VS",
    "vallese": "VS",
    "neuchatel": "NE",
    "neuenburg": "NE",
    "geneve": "GE",
    "genf": "GE",
    "ginevra": "GE",
    "geneva": "GE",
    "jura": "JU",
    "schwyz": "SZ",
    "uri": "UR",
    "glarus": "GL",
    "schaffhausen": "SH",
    "obwalden": "OW",
    "nidwalden": "NW",
}
"""Folded canton name -> code (German, French, Italian and English names)."""


def canton_code(text: str) -> str | None:
    """The code of a canton written as a code (`zh`) or a folded name (`geneve`), else None."""
    word = text.strip()
    if word.upper() in CANTONS:
        return word.upper()
    return CANTON_NAMES.get(word.lower())
