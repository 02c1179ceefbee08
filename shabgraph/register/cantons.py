"""The 26 cantons: their official two-letter codes and their names in de/fr/it/en.

Companies are filed by canton code (`ZH`, `GE`, `TI`); questions and notices name a canton in
any of the four languages (`Genf`, `Genève`, `Ginevra`, `Geneva`). Names are given folded (lower
case, no accents: `fold_accents`), the form they are looked up in.
"""

from __future__ import annotations

import re
from typing import Final

from shabgraph.register.folding import fold, fold_accents

CANTONS: Final = (
    "ZH", "BE", "LU", "UR", "SZ", "OW", "NW", "GL", "ZG", "FR", "SO", "BS", "BL",
    "SH", "AR", "AI", "SG", "GR", "AG", "TG", "TI", "VD", "VS", "NE", "GE", "JU",
)  # fmt: skip
"""Canton codes in the constitution's order."""

CANTON_NAMES: Final[dict[str, str]] = {
    "zurich": "ZH",
    "zuerich": "ZH",
    "zurigo": "ZH",
    "bern": "BE",
    "berne": "BE",
    "berna": "BE",
    "luzern": "LU",
    "lucerne": "LU",
    "lucerna": "LU",
    "uri": "UR",
    "schwyz": "SZ",
    "schwytz": "SZ",
    "svitto": "SZ",
    "obwalden": "OW",
    "obwald": "OW",
    "obvaldo": "OW",
    "nidwalden": "NW",
    "nidwald": "NW",
    "nidvaldo": "NW",
    "glarus": "GL",
    "glaris": "GL",
    "glarona": "GL",
    "zug": "ZG",
    "zoug": "ZG",
    "zugo": "ZG",
    "fribourg": "FR",
    "freiburg": "FR",
    "friburgo": "FR",
    "solothurn": "SO",
    "soleure": "SO",
    "soletta": "SO",
    "basel-stadt": "BS",
    "basel stadt": "BS",
    "baselstadt": "BS",
    "bale-ville": "BS",
    "bale ville": "BS",
    "basilea citta": "BS",
    "basel-city": "BS",
    "basel-landschaft": "BL",
    "basel landschaft": "BL",
    "baselland": "BL",
    "basel-land": "BL",
    "bale-campagne": "BL",
    "bale campagne": "BL",
    "basilea campagna": "BL",
    "basel-country": "BL",
    "schaffhausen": "SH",
    "schaffhouse": "SH",
    "sciaffusa": "SH",
    "appenzell ausserrhoden": "AR",
    "ausserrhoden": "AR",
    "appenzell rhodes-exterieures": "AR",
    "appenzello esterno": "AR",
    "appenzell outer rhodes": "AR",
    "appenzell innerrhoden": "AI",
    "innerrhoden": "AI",
    "appenzell rhodes-interieures": "AI",
    "appenzello interno": "AI",
    "appenzell inner rhodes": "AI",
    "st. gallen": "SG",
    "st gallen": "SG",
    "sankt gallen": "SG",
    "saint-gall": "SG",
    "st-gall": "SG",
    "st. gall": "SG",
    "san gallo": "SG",
    "graubunden": "GR",
    "graubuenden": "GR",
    "grisons": "GR",
    "grigioni": "GR",
    "grischun": "GR",
    "aargau": "AG",
    "argovie": "AG",
    "argovia": "AG",
    "thurgau": "TG",
    "thurgovie": "TG",
    "turgovia": "TG",
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
    "giura": "JU",
}
"""Folded canton name -> code: the official German, French and Italian names, the Romansh and
English ones where they differ, and the short forms the register and users write (`Baselland`,
`Ausserrhoden`, `St. Gallen` / `St-Gall`, `Zuerich` for `Zürich`)."""

_BY_FOLD: Final[dict[str, str]] = {fold(name): code for name, code in CANTON_NAMES.items()}
"""The same names in `fold`'s form (umlaut spellings folded too: `Neuenburg` -> `neunburg`)."""


def canton_code(text: str) -> str | None:
    """The code of a canton written as a code (`zh`) or a folded name (`geneve`), else None."""
    word = text.strip()
    if word.upper() in CANTONS:
        return word.upper()
    return CANTON_NAMES.get(fold_accents(word)) or _BY_FOLD.get(fold(word))


CANTON_ADJECTIVES: Final[dict[str, str]] = {
    "zurcher": "ZH", "zuercher": "ZH", "zurichois": "ZH", "zurighes": "ZH",
    "berner": "BE", "bernois": "BE", "bernes": "BE",
    "luzerner": "LU", "lucernois": "LU", "lucernes": "LU",
    "urner": "UR", "uranais": "UR",
    "schwyzer": "SZ", "schwytzois": "SZ", "svittes": "SZ",
    "obwaldner": "OW", "nidwaldner": "NW",
    "glarner": "GL", "glaronais": "GL", "glarones": "GL",
    "zuger": "ZG", "zougois": "ZG", "zughes": "ZG",
    "fribourgeois": "FR", "freiburger": "FR", "friburghes": "FR",
    "solothurner": "SO", "soleurois": "SO", "solettes": "SO",
    "basler": "BS", "balois": "BS", "basiles": "BS",
    "schaffhauser": "SH", "schaffhousois": "SH", "sciaffusan": "SH",
    "appenzeller": "AR", "appenzellois": "AR", "appenzelles": "AR",
    "st. galler": "SG", "sankt galler": "SG", "saint-gallois": "SG", "st-gallois": "SG",
    "sangalles": "SG",
    "bundner": "GR", "buendner": "GR", "grison": "GR", "grigiones": "GR",
    "aargauer": "AG", "argovien": "AG", "argovies": "AG",
    "thurgauer": "TG", "thurgovien": "TG", "turgovies": "TG",
    "tessiner": "TI", "tessinois": "TI", "ticines": "TI",
    "waadtlander": "VD", "waadtlaender": "VD", "vaudois": "VD", "vodes": "VD",
    "walliser": "VS", "valaisan": "VS", "vallesan": "VS",
    "neuenburger": "NE", "neuchatelois": "NE", "neocastellan": "NE",
    "genfer": "GE", "genevois": "GE", "ginevrin": "GE", "genevan": "GE",
    "jurassien": "JU", "jurassisch": "JU", "giurassian": "JU",
}  # fmt: skip
"""How the languages name a canton's people and things, folded, as stems (`ticines` reads
`ticinese` and `ticinesi`, `vaudois` `vaudoise`): "le imprese ticinesi", "die Berner
Firmen", "les sociétés vaudoises". `Basler` is read as Basel-Stadt, `Appenzeller` as
Ausserrhoden (the larger half)."""

_ADJECTIVE_RE: Final = re.compile(
    r"(?<![a-z])("
    + "|".join(sorted(map(re.escape, CANTON_ADJECTIVES), key=len, reverse=True))
    + r")[a-z]*"
)


def canton_of_adjective(folded: str) -> str | None:
    """The canton a folded text names by its adjective ("imprese ticinesi" -> TI), else None."""
    m = _ADJECTIVE_RE.search(folded)
    return CANTON_ADJECTIVES[m[1]] if m else None
