"""A small, fictitious ground truth in the format of docs/synthetic-corpus.md, for evals tests.

Written by hand-rolled rules (not by the project's generator) so the benchmark generator can be
tested on its own; every name is invented.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

STEMS = [
    "Alvora",
    "Brenta",
    "Cimaro",
    "Delvin",
    "Ervato",
    "Fontal",
    "Galdo",
    "Hermin",
    "Ilvaro",
    "Jorva",
    "Kestel",
    "Lumbra",
    "Morven",
    "Nardo",
    "Olvita",
    "Pervin",
    "Quarto",
    "Rendal",
    "Silvan",
    "Tarvo",
    "Ulmer",
    "Vesta",
    "Wendal",
    "Xandor",
    "Yselt",
    "Zorin",
    "Aquila",
    "Bellin",
    "Corvat",
    "Dunmar",
]
SEATS = [
    ("Zürich", "ZH"),
    ("Genève", "GE"),
    ("Lugano", "TI"),
    ("Bern", "BE"),
    ("Basel", "BS"),
    ("Lausanne", "VD"),
    ("Luzern", "LU"),
    ("Sion", "VS"),
]
GIVEN = ["Anna", "Marco", "Lea", "Jonas", "Chiara", "Luc", "Sara", "Tim", "Nora", "Elia"]
FAMILY = [
    "Brunner",
    "Rochat",
    "Bernasconi",
    "Keller",
    "Favre",
    "Rossi",
    "Huber",
    "Girard",
    "Müller",
    "Bär",
]
FORMS = {"0106": "AG", "0107": "GmbH"}


def _uid(n: int) -> str:
    digits = f"{100000000 + n * 7919:09d}"[-9:]
    return f"CHE-{digits[:3]}.{digits[3:6]}.{digits[6:]}"


def build(folder: Path, seed: int = 1) -> Path:
    """Write truth/*.jsonl under `folder`; return the truth folder."""
    rng = random.Random(seed)
    truth = folder / "truth"
    truth.mkdir(parents=True, exist_ok=True)
    companies: list[dict[str, Any]] = []
    persons: dict[str, dict[str, Any]] = {}
    roles: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    pub = 1000000000

    def new_pub(day: str, canton: str, cid: str, rubric: str, types: list[str]) -> str:
        nonlocal pub
        pub += 1
        number = f"{rubric}-{pub}"
        events.append(
            {
                "pub_number": number,
                "sub_rubric": rubric,
                "language": "de",
                "canton": canton,
                "publication_date": day,
                "journal_date": day,
                "subject_id": cid,
                "event_types": types,
                "counterparts": [],
            }
        )
        return number

    for i in range(1, 13):
        fam, giv = FAMILY[i % len(FAMILY)], GIVEN[i % len(GIVEN)]
        variants = (
            [
                {
                    "family_name": fam.replace("ü", "ue").replace("ä", "ae"),
                    "given_names": giv,
                    "kinds": ["transliteration"],
                    "count": 1,
                }
            ]
            if "ü" in fam or "ä" in fam
            else []
        )
        persons[f"P{i:07d}"] = {
            "id": f"P{i:07d}",
            "family_name": fam,
            "given_names": giv,
            "origin": ["Bern"],
            "nationality": None,
            "homonym_key": f"{fam.lower()}|{giv.lower()}",
            "variants": variants,
            "residences": [],
            "pubs": [],
        }
    # Two homonyms of P0000001, told apart by origin.
    for j, origin in ((13, "Chur"), (14, "Aarau")):
        clone = dict(persons["P0000001"], id=f"P{j:07d}", origin=[origin], variants=[])
        persons[clone["id"]] = clone

    for i, stem in enumerate(STEMS, start=1):
        cid = f"C{i:07d}"
        form = "0106" if i % 2 else "0107"
        seat, canton = SEATS[i % len(SEATS)]
        year = 2016 + i % 8
        reg_day = f"{year}-0{1 + i % 9}-1{i % 9}"
        reg_pub = new_pub(reg_day, canton, cid, "HR01", ["registration"])
        names = [
            {
                "value": f"{stem} {FORMS[form]}",
                "translations": [],
                "valid_from": reg_day,
                "valid_to": None,
                "pub": reg_pub,
            }
        ]
        seats = [{"value": seat, "valid_from": reg_day, "valid_to": None, "pub": reg_pub}]
        capitals = [
            {
                "value": 100000.0 * (1 + i % 3),
                "paid": 100000.0,
                "currency": "CHF",
                "valid_from": reg_day,
                "valid_to": None,
                "pub": reg_pub,
            }
        ]
        pubs = [reg_pub]
        if i % 3 == 0:  # renamed and moved
            day = f"{year + 2}-05-20"
            p = new_pub(day, canton, cid, "HR02", ["name_change", "seat_change"])
            names[0]["valid_to"] = day
            names.append(
                {
                    "value": f"{stem} Holding {FORMS[form]}",
                    "translations": [],
                    "valid_from": day,
                    "valid_to": None,
                    "pub": p,
                }
            )
            new_seat = SEATS[(i + 3) % len(SEATS)][0]
            seats[0]["valid_to"] = day
            seats.append({"value": new_seat, "valid_from": day, "valid_to": None, "pub": p})
            pubs.append(p)
        if i % 4 == 0:  # capital increase
            day = f"{year + 1}-11-02"
            p = new_pub(day, canton, cid, "HR02", ["capital_change"])
            capitals[0]["valid_to"] = day
            capitals.append(
                {
                    "value": capitals[0]["value"] * 2,
                    "paid": 0.0,
                    "currency": "CHF",
                    "valid_from": day,
                    "valid_to": None,
                    "pub": p,
                }
            )
            pubs.append(p)
        company = {
            "id": cid,
            "kind": "company",
            "uid": _uid(i),
            "legal_form": form,
            "canton": canton,
            "status": "active",
            "registered_on": reg_day,
            "registered_pub": reg_pub,
            "deleted_on": None,
            "head_office_id": None,
            "merged_into": None,
            "names": names,
            "seats": seats,
            "capitals": capitals,
            "pubs": pubs,
        }
        if i % 7 == 0 and i > 1:
            company["merged_into"] = "C0000001"
            company["status"] = "deleted"
            new_pub(f"{year + 3}-03-03", canton, cid, "HR03", ["deletion", "merger"])
        if i % 11 == 0:
            company["kind"] = "branch"
            company["head_office_id"] = "C0000002"
        if i % 5 == 0 and i > 5:
            roles.append(
                {
                    "holder_id": "C0000005",
                    "holder_kind": "company",
                    "company_id": cid,
                    "roles": ["auditor"],
                    "valid_from": reg_day,
                    "valid_to": None,
                }
            )
        holders = [f"P{1 + (i + k) % 12:07d}" for k in range(1 + i % 3)]
        for k, pid in enumerate(holders):
            closed = k == 0 and i % 2 == 0
            roles.append(
                {
                    "holder_id": pid,
                    "holder_kind": "person",
                    "company_id": cid,
                    "roles": ["board_member"],
                    "valid_from": reg_day,
                    "valid_to": f"{year + 4}-06-30" if closed else None,
                }
            )
        companies.append(company)
    for j in (13, 14):
        roles.append(
            {
                "holder_id": f"P{j:07d}",
                "holder_kind": "person",
                "company_id": f"C{j + 5:07d}",
                "roles": ["partner"],
                "valid_from": "2020-01-01",
                "valid_to": None,
            }
        )
    rng.shuffle(companies)
    for name, rows in (
        ("companies", companies),
        ("persons", list(persons.values())),
        ("roles", roles),
        ("events", events),
        ("mentions", []),
    ):
        with (truth / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return truth
