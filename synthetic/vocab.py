"""The vocabularies (names, places, company words, roles) read from `data/*.json`.

Loaded on first use, never at import time; `load()` is cached, so every generator run in one
process shares one read-only copy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from shabgraph.register import legal_forms

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Place:
    """A Swiss municipality."""

    name: str
    """Name as written in notices (`Küsnacht ZH`)."""
    zip_code: str
    """Postcode."""
    canton: str
    """Canton code."""
    lang: str
    """Official language of the place (de, fr, it)."""


@dataclass(frozen=True)
class Vocab:
    """All vocabularies of the generator."""

    places: tuple[Place, ...]
    """Swiss municipalities."""
    places_by_canton: dict[str, tuple[Place, ...]]
    """Municipalities of each canton."""
    places_by_lang: dict[str, tuple[Place, ...]]
    """Municipalities of each language."""
    foreign_places: tuple[tuple[str, str], ...]
    """(town, ISO country) abroad."""
    canton_weights: dict[str, float]
    """Share of notices by canton."""
    canton_names: dict[str, str]
    """Canton code -> name."""
    offices: dict[str, str]
    """Register office name template by language."""
    streets: dict[str, tuple[str, ...]]
    """Street names by language."""
    names: dict[str, Any]
    """names.json."""
    nationalities: dict[str, Any]
    """nationalities.json `nationalities`."""
    nationality_weights: dict[str, float]
    """Share of foreign nationalities."""
    companies: dict[str, Any]
    """companies.json."""
    roles: dict[str, Any]
    """roles.json `roles`."""
    role_sets: dict[str, list[list[Any]]]
    """roles.json `role_sets`."""
    rotation: dict[str, list[str]]
    """roles.json `rotation`: functions that change hands in mutations, by legal form."""
    audited_forms: frozenset[str]
    """Legal forms that may have an auditor."""


def _read(name: str) -> dict[str, Any]:
    with (DATA / name).open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def _companies() -> dict[str, Any]:
    """companies.json, each legal form's weight completed with the register's name and
    abbreviation per language (`shabgraph.register.legal_forms`), the foreign forms too."""
    data = _read("companies.json")
    forms = {}
    for code, weight in data["legal_form_weights"].items():
        form = legal_forms.by_code(code)
        if form is None:
            raise ValueError(f"companies.json: {code} is no legal form of the register")
        forms[code] = {"weight": weight, "label": form.names, "suffix": form.abbreviations}
    return {**data, "legal_forms": forms, "foreign_forms": list(legal_forms.FOREIGN_FORMS)}


@cache
def load() -> Vocab:
    """Read and index the data files (once per process)."""
    p = _read("places.json")
    places = tuple(Place(*row.split("|")) for row in p["places"])
    by_canton: dict[str, list[Place]] = {}
    by_lang: dict[str, list[Place]] = {}
    for pl in places:
        by_canton.setdefault(pl.canton, []).append(pl)
        by_lang.setdefault(pl.lang, []).append(pl)
    foreign = tuple(tuple(row.split("|")) for row in p["foreign_places"])
    nat = _read("nationalities.json")
    roles = _read("roles.json")
    return Vocab(
        places=places,
        places_by_canton={k: tuple(v) for k, v in by_canton.items()},
        places_by_lang={k: tuple(v) for k, v in by_lang.items()},
        foreign_places=foreign,
        canton_weights=p["canton_weights"],
        canton_names=p["canton_names"],
        offices=p["canton_offices"],
        streets={k: tuple(v) for k, v in p["streets"].items()},
        names=_read("names.json"),
        nationalities=nat["nationalities"],
        nationality_weights=nat["weights"],
        companies=_companies(),
        roles=roles["roles"],
        role_sets=roles["role_sets"],
        rotation=roles["rotation"],
        audited_forms=frozenset(roles["audited_forms"]),
    )
