"""Places as the register writes them: one folded key per place, and the country of a residence.

Notices, users and the build write one municipality many ways: with or without accents or
umlauts (`Zürich`, `Zuerich`, `Zurich`), with a canton or country qualifier (`Reinach (BL)`,
`Wangen SZ`, `Cranves-Sales, FRA`). The key is the folded tokens (`folding.tokens`) without the
trailing qualifier, so every spelling lands on one key; the build stores the keys of residences,
origins and seats, and the tools fold what the user typed with the same function.

A residence abroad carries its country as the qualifier (`München (DE)`, `Paris, FRA`) or names
the country (`London, Vereinigtes Königreich`); a Swiss one carries a canton code or nothing.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from functools import lru_cache
from pathlib import Path
from typing import Final

from shabgraph.register.cantons import CANTONS, canton_code
from shabgraph.register.folding import tokens
from shabgraph.register.nationalities import COUNTRY_WORDS, nationality_code

SWITZERLAND: Final = frozenset({"CH", "CHE", "SUISSE", "SCHWEIZ", "SVIZZERA", "SWITZERLAND"})
"""The ways a residence's qualifier names Switzerland."""

ALPHA3: Final = {
    "DEU": "DE", "FRA": "FR", "ITA": "IT", "AUT": "AT", "GBR": "GB", "USA": "US", "ESP": "ES",
    "PRT": "PT", "NLD": "NL", "BEL": "BE", "POL": "PL", "ROU": "RO", "RUS": "RU", "TUR": "TR",
    "CHN": "CN", "LIE": "LI", "SWE": "SE", "HUN": "HU", "CZE": "CZ", "HRV": "HR", "SRB": "RS",
    "IND": "IN", "BRA": "BR", "LUX": "LU", "MCO": "MC", "DNK": "DK", "NOR": "NO", "FIN": "FI",
    "IRL": "IE", "GRC": "GR", "CAN": "CA", "AUS": "AU", "JPN": "JP", "SGP": "SG", "ARE": "AE",
}  # fmt: skip
"""ISO 3166 alpha-3 codes (the form of newer notices: `Paris, FRA`) -> alpha-2."""

EXONYMS: Final = (
    ("zurich", "zurigo"),
    ("bern", "berne", "berna"),
    ("luzern", "lucerne", "lucerna"),
    ("fribourg", "freiburg", "friburgo"),
    ("solothurn", "soleure", "soletta"),
    ("basel", "bale", "basilea", "basle"),
    ("schaffhausen", "schaffhouse", "sciaffusa"),
    ("st gallen", "saint gall", "san gallo", "sankt gallen"),
    ("chur", "coire", "coira"),
    ("biel", "bienne", "biel bienne"),
    ("sion", "sitten"),
    ("neuchatel", "neuenburg"),
    ("geneve", "genf", "ginevra", "geneva"),
    ("zug", "zoug", "zugo"),
    ("lugano",),
    ("locarno", "luggarus"),
    ("bellinzona", "bellenz"),
    ("delemont", "delsberg"),
    ("morat", "murten"),
    ("thun", "thoune"),
    ("lausanne", "losanna"),
    ("aarau", "arau"),
    ("martigny", "martinach"),
    ("sierre", "siders"),
    ("brig", "brigue", "briga"),
    ("glarus", "glaris"),
    ("schwyz", "schwytz", "svitto"),
    ("altdorf", "altorf"),
)
"""The names one Swiss town has in the register's languages (folded `place_norm` keys): a
residence written `à Berne` is the `Bern` of a German question."""

_QUALIFIER: Final = re.compile(r"(?:\(\s*([A-Za-z]{1,3})\s*\)|,\s*([A-Z]{2,3})|\s([A-Z]{2,3}))\s*$")


ABBREVIATIONS: Final = {"dev": "devant"}
"""Words the register shortens inside place names ("Vuisternens-dev.-Romont")."""


@lru_cache(maxsize=1 << 16)  # places repeat across millions of mentions
def place_norm(place: str | None) -> str:
    """Normalised place: folded tokens without a trailing canton or country qualifier."""
    text = place or ""
    # "Reinach (BL)", "Cranves-Sales, FRA", "Wangen SZ": a 2-3 letter code written at the end;
    # a short word of the name stays ("Collina d'Oro")
    while (m := _QUALIFIER.search(text)) and m.start() > 0:
        text = text[: m.start()]
    toks = [ABBREVIATIONS.get(t, t) for t in tokens(text)]
    while len(toks) > 1 and toks[-1].upper() in CANTONS:
        toks = toks[:-1]  # "wangen sz", typed in lower case
    return " ".join(toks)


@lru_cache(maxsize=1 << 16)  # places repeat across millions of mentions
def place_set(places: str | None) -> frozenset[str]:
    """Normalised places of an origin list ("Basel und Zürich", "Bern, Thun")."""
    if not places:
        return frozenset()
    parts = re.split(r"\s*(?:,|;|\bund\b|\bet\b|\be\b|/)\s*", places)
    return frozenset(p for p in (place_norm(x) for x in parts) if p)


def merged_places(a: AbstractSet[str], b: AbstractSet[str]) -> bool:
    """Normalised places of which one is a part of the other's hyphenated name: municipalities
    that merged take the joined names ("Berg" became "Tal-Berg"), so an origin written
    before the merger and one after name the same place."""
    return any(x in y.split("-") or y in x.split("-") for x in a for y in b if x != y)


def same_place(a: str, b: str) -> bool:
    """True when two written places are one town: the same key, or its name in another language
    (`Ginevra` and `Genève`; `Zurich` and `Zürich`). Two spellings of one town are never two places."""
    ka, kb = place_norm(a), place_norm(b)
    return bool(ka) and (ka == kb or any(ka in g and kb in g for g in EXONYMS))


def place_variants(place: str | None) -> list[str]:
    """The keys a typed place may be stored under: its own and its other-language names."""
    key = place_norm(place)
    if not key:
        return []
    return sorted({key, *next((g for g in EXONYMS if key in g), ())})


def _with_leading_words(keys: set[str]) -> list[str]:
    """The keys and their leading words (`zurich altstetten` -> also `zurich`): a place named by
    its first words (`Bern` for `Bern-Bümpliz`) is then an equality look-up, sorted."""
    out = set(keys)
    for key in keys:
        words = key.split()
        out.update(" ".join(words[:n]) for n in range(1, len(words)))
    return sorted(out)


def place_keys(*places: str | None) -> list[str]:
    """The keys of single places (residences), with their leading words, sorted."""
    return _with_leading_words({key for key in map(place_norm, places) if key})


def origin_keys(*origins: str | None) -> list[str]:
    """The keys of origins, each possibly a list ("Basel und Zürich"), with their leading words,
    sorted."""
    return _with_leading_words({key for origin in origins for key in place_set(origin)})


CAPITALS: Final = {
    "basel": "BS", "bale": "BS", "basilea": "BS", "sion": "VS", "sitten": "VS", "chur": "GR",
    "coire": "GR", "coira": "GR", "bellinzona": "TI", "aarau": "AG", "frauenfeld": "TG",
    "herisau": "AR", "appenzell": "AI", "liestal": "BL", "delemont": "JU", "delsberg": "JU",
    "sarnen": "OW", "stans": "NW", "lausanne": "VD",
}  # fmt: skip
"""Canton capitals whose name is not the canton's (Zürich, Bern, Luzern, Genève … are)."""


def place_canton(place: str | None) -> str | None:
    """The canton of a Swiss place: the qualifier its writing carries (`Wangen SZ`), a town named
    like its canton (`Luzern`, `Zugo`, `Genève`), a canton capital (`Sion`), or the gazetteer
    when the name belongs to one canton only (`Sursee`)."""
    if not place or residence_country(place):
        return None
    code = seat_canton(place)
    if code:
        return code
    key = place_norm(place)
    if len(key) < 3 or key.upper() in CANTONS:
        return None
    return CAPITALS.get(key) or canton_code(key) or gazetteer().get(key)


GAZETTEER: Final = Path(__file__).parent / "data" / "ch_places.tsv"
"""Swiss places and their cantons (GeoNames, places of 500 or more inhabitants; see its header)."""
POSTAL_LOCALITIES: Final = Path(__file__).parent / "data" / "ch_postal_localities.tsv"
"""Swiss postal localities and their cantons: read for the names GeoNames lacks (see its header)."""


def _table(path: Path) -> dict[str, str]:
    """Place key -> canton code of one table, for the keys that name places in one canton."""
    cantons: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, code = line.partition("\t")
            # a name the table itself qualifies ("Wangen SZ") is shared by places elsewhere
            qualified = seat_canton(name) is not None
            cantons.setdefault(place_norm(name), set()).update(
                {code.strip(), "?"} if qualified else {code.strip()}
            )
    return {key: next(iter(codes)) for key, codes in cantons.items() if len(codes) == 1 and key}


@lru_cache(maxsize=1)
def gazetteer() -> dict[str, str]:
    """Place key -> canton code, for the keys that name places in one canton only.

    GeoNames first; the postal table adds the names GeoNames lacks (smaller municipalities), as
    its canton follows the postal area it is the weaker source. A name used in several cantons
    (`Wangen`, `Buchs`) is left out: the register qualifies those (`Wangen SZ`), and a guess
    would put a person in the wrong canton."""
    first = _table(GAZETTEER)
    second = _table(POSTAL_LOCALITIES)
    return {**{k: v for k, v in second.items() if k not in first}, **first}


@lru_cache(maxsize=1)
def place_names() -> frozenset[str]:
    """Every Swiss place key of both tables, those in several cantons included."""
    keys: set[str] = set()
    for path in (GAZETTEER, POSTAL_LOCALITIES):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                keys.add(place_norm(line.partition("\t")[0]))
    return frozenset(k for k in keys if len(k) > 2)


def is_place(word: str | None) -> bool:
    """The word names a Swiss place (`Ebikon`, `Buchs`), in any canton."""
    return bool(word) and place_norm(word) in place_names()


def seat_canton(seat: str | None) -> str | None:
    """The canton code a seat is qualified with (`Baar (ZG)`, `Wangen SZ`), else None."""
    m = _QUALIFIER.search(seat.strip()) if seat else None
    code = (m[1] or m[2] or m[3] or "").upper() if m else ""
    return code if code in CANTONS else None


@lru_cache(maxsize=1 << 16)
def residence_country(residence: str | None, nationality: str | None = None) -> str | None:
    """The ISO code of the country of a residence abroad, None for Switzerland or unknown.

    A qualifier that is a country code and no canton code is a country (`(DE)`, `, FRA`); a code
    that is both (`FR` Fribourg or France, `BE`, `LU`, `SG`, ...) counts as the country only when
    it is the person's own `nationality` code; a named country (`London, Vereinigtes Königreich`)
    counts as well.
    """
    if not residence:
        return None
    text = residence.strip()
    if m := _QUALIFIER.search(text):
        code = (m[1] or m[2] or m[3] or "").upper()
        if code in SWITZERLAND:
            return None
        if len(code) == 3:
            return ALPHA3.get(code)
        if len(code) == 2 and code.isalpha():
            if code not in CANTONS:
                return code
            nat = nationality_code(nationality)
            return code if nat == code else None
        return None
    # a country written out: after the last comma or in brackets ("Zandvoort (Pays-Bas)")
    bracket = re.search(r"\(([^()]+)\)\s*$", text)
    parts = [p for p in re.split(r"\s*,\s*", bracket[1] if bracket else text) if p]
    if len(parts) > 1 or bracket:
        code = nationality_code(parts[-1])
        if code in COUNTRY_WORDS:
            return code
    return None
