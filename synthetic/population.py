"""The bounded working set of live companies and persons, and how new ones are drawn.

Deleted companies and retired persons (no open function, pool full) are written to the truth
files and dropped, so memory stops growing once the working set is full.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections import deque
from collections.abc import Callable
from typing import Any

from synthetic import names
from synthetic.model import Address, Company, Person
from synthetic.uid import UidIssuer
from synthetic.vocab import Place, Vocab

HOMONYM_RATE = 0.05
"""Share of new persons who get the name of an existing person (a homonym)."""
REUSE_RATE = 0.22
"""Share of new functions given to a person already in the pool (multiple mandates)."""
FOREIGN_RATE = 0.24
"""Share of new persons with a foreign nationality."""


class _Picker:
    """A list with O(1) removal by swap, for uniform random picks."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, key: str) -> None:
        self.index[key] = len(self.items)
        self.items.append(key)

    def remove(self, key: str) -> None:
        i = self.index.pop(key, None)
        if i is None:
            return
        last = self.items.pop()
        if i < len(self.items):
            self.items[i] = last
            self.index[last] = i

    def pick(self, rng: random.Random) -> str:
        return self.items[rng.randrange(len(self.items))]

    def __len__(self) -> int:
        return len(self.items)


def _cumulative(weights: dict[str, float]) -> tuple[list[str], list[float]]:
    keys = list(weights)
    return keys, list(itertools.accumulate(weights[k] for k in keys))


def _weighted(rng: random.Random, table: tuple[list[str], list[float]]) -> str:
    keys, cum = table
    return keys[bisect.bisect_right(cum, rng.random() * cum[-1])]


class Population:
    """Live companies and persons, with the rules that draw new ones."""

    def __init__(
        self,
        rng: random.Random,
        vocab: Vocab,
        max_companies: int,
        on_company_done: Callable[[Company], None],
        on_person_done: Callable[[Person], None],
    ) -> None:
        self.rng = rng
        self.vocab = vocab
        self.max_companies = max_companies
        self.max_persons = max_companies * 3
        self.companies: dict[str, Company] = {}
        self.active = _Picker()
        self.persons: dict[str, Person] = {}
        self.person_pick = _Picker()
        self.busy = _Picker()  # persons holding at least one function
        self.idle: deque[str] = deque()
        self._company_seq = 0
        self._person_seq = 0
        self.uids = UidIssuer(rng.randrange(10**9))
        self._cantons = _cumulative(vocab.canton_weights)
        self._forms = _cumulative(
            {k: v["weight"] for k, v in vocab.companies["legal_forms"].items()}
        )
        self._nats = _cumulative(vocab.nationality_weights)
        self._on_company_done = on_company_done
        self._on_person_done = on_person_done
        self.homonyms = 0

    # -- companies --------------------------------------------------------------------------
    def draw_canton(self) -> str:
        return _weighted(self.rng, self._cantons)

    def draw_form(self) -> str:
        return _weighted(self.rng, self._forms)

    def place_in(self, canton: str) -> Place:
        options = self.vocab.places_by_canton[canton]
        return options[self.rng.randrange(len(options))]

    def address(self, place: Place) -> Address:
        streets = self.vocab.streets[place.lang]
        line1 = None
        if self.rng.random() < 0.12:
            line1 = f"c/o {self.stem()} {'Treuhand AG' if place.lang == 'de' else 'Fiduciaire SA'}"
        return Address(
            street=streets[self.rng.randrange(len(streets))],
            number=str(self.rng.randint(1, 120)),
            zip_code=place.zip_code,
            town=place.name,
            line1=line1,
        )

    def stem(self) -> str:
        c = self.vocab.companies
        r = self.rng
        parts = [c["stem_start"][r.randrange(len(c["stem_start"]))]]
        if r.random() < 0.6:
            parts.append(c["stem_mid"][r.randrange(len(c["stem_mid"]))])
        parts.append(c["stem_end"][r.randrange(len(c["stem_end"]))])
        return "".join(parts)

    def new_company(
        self,
        kind: str,
        legal_form: str,
        place: Place,
        name: str,
        sector: str,
        translations: list[str] | None = None,
    ) -> Company:
        """A new company in the working set (not yet published)."""
        self._company_seq += 1
        cid = f"C{self._company_seq:07d}"
        foreign = kind == "foreign"
        code13 = (
            None
            if foreign
            else f"CH{self.rng.randint(100, 999)}{self.rng.randint(0, 10**8 - 1):08d}"
        )
        company = Company(
            id=cid,
            kind=kind,
            uid=None if foreign else self.uids.next(),
            code13=code13,
            legal_form=legal_form,
            canton=place.canton,
            lang=place.lang,
            sector=sector,
            name=name,
            base_name=name,
            translations=translations or [],
            seat=place.name,
            address=None if foreign else self.address(place),
            purpose=None,
            capital=None,
        )
        company.truth = {
            "registered_on": None,
            "registered_pub": None,
            "deleted_on": None,
            "deleted_pub": None,
            "deletion_reason": None,
            "head_office_id": None,
            "merged_into": None,
            "names": [],
            "seats": [],
            "capitals": [],
            "addresses": [],
            "legal_forms": [],
            "purposes": [],
            "statuses": [],
            "pubs": [],
        }
        self.companies[cid] = company
        if not foreign:
            self.active.add(cid)
        return company

    def finish_company(self, company: Company) -> None:
        """A deleted company leaves the working set (its truth line is written)."""
        self.active.remove(company.id)
        self.companies.pop(company.id, None)
        self._on_company_done(company)

    def pick_company(self, accept: Callable[[Company], bool], tries: int = 12) -> Company | None:
        """A random live company satisfying `accept`, or None."""
        if not len(self.active):
            return None
        for _ in range(tries):
            c = self.companies[self.active.pick(self.rng)]
            if accept(c):
                return c
        return None

    # -- persons ----------------------------------------------------------------------------
    def _given(self, group: str, sex: str) -> str:
        g = self.vocab.names["given"][group][sex]
        first = g[self.rng.randrange(len(g))]
        if self.rng.random() < 0.3:
            m = self.vocab.names["middle"][group][sex]
            second = m[self.rng.randrange(len(m))]
            if second != first:
                return f"{first} {second}"
        return str(first)

    def _swiss_origin(self, lang: str) -> list[str]:
        pool = self.vocab.places_by_lang[lang] if self.rng.random() < 0.8 else self.vocab.places
        first = pool[self.rng.randrange(len(pool))].name
        if self.rng.random() < 0.15:
            second = self.vocab.places[self.rng.randrange(len(self.vocab.places))].name
            if second != first:
                return [first, second]
        return [first]

    def _residence(self, lang: str) -> tuple[str, str]:
        if self.rng.random() < 0.05:
            town, country = self.vocab.foreign_places[
                self.rng.randrange(len(self.vocab.foreign_places))
            ]
            return f"{town} ({country})", country
        pool = self.vocab.places_by_lang[lang] if self.rng.random() < 0.85 else self.vocab.places
        return pool[self.rng.randrange(len(pool))].name, "CH"

    def new_person(self, lang: str) -> Person:
        """A new person; sometimes a homonym of a person already in the pool."""
        r = self.rng
        fam = self.vocab.names["family"]
        sex = "m" if r.random() < 0.62 else "f"
        origin: list[str] | None = None
        nationality: str | None = None
        roll = r.random()
        if roll < FOREIGN_RATE:
            nationality = _weighted(r, self._nats)
            group = self.vocab.names["nationality_given_group"][nationality]
            family_pool = fam[nationality]
        elif roll < FOREIGN_RATE + 0.004:
            group, family_pool = lang, fam[lang]  # stateless: neither origin nor nationality
        else:
            origin = self._swiss_origin(lang)
            group, family_pool = lang, fam[lang]
        family = family_pool[r.randrange(len(family_pool))]
        if origin and r.random() < 0.12:
            other = fam[lang][r.randrange(len(fam[lang]))]
            if other != family and " " not in other and " " not in family:
                family = f"{family}-{other}"
        given = self._given(group, sex)
        if len(self.person_pick) and r.random() < HOMONYM_RATE:
            twin = self.persons[self.person_pick.pick(r)]
            family, given, sex = twin.family, twin.given, twin.sex
            # a homonym always differs in origin or nationality
            if twin.origin:
                origin = [p for p in self._swiss_origin(lang) if p not in twin.origin] or None
                if origin is None:
                    nationality = _weighted(r, self._nats)
            else:
                origin, nationality = self._swiss_origin(lang), None
            self.homonyms += 1
        residence, country = self._residence(lang)
        self._person_seq += 1
        person = Person(
            id=f"P{self._person_seq:07d}",
            family=family,
            given=given,
            sex=sex,
            origin=origin,
            nationality=nationality,
            residence=residence,
            residence_country=country,
        )
        self.persons[person.id] = person
        self.person_pick.add(person.id)
        return person

    def holder(self, lang: str, exclude: set[str]) -> Person:
        """A person for a new function: often someone who already holds mandates."""
        if len(self.busy) and self.rng.random() < REUSE_RATE:
            for _ in range(4):
                p = self.persons[self.busy.pick(self.rng)]
                if p.id not in exclude:
                    return p
        return self.new_person(lang)

    def take_role(self, person: Person) -> None:
        if person.open_roles == 0:
            self.busy.add(person.id)
        person.open_roles += 1

    def drop_role(self, person_id: str) -> None:
        person = self.persons.get(person_id)
        if person is None:
            return
        person.open_roles -= 1
        if person.open_roles == 0:
            self.busy.remove(person_id)
            self.idle.append(person_id)
        self.retire()

    def retire(self) -> None:
        """Write out idle persons while the pool is over its bound."""
        while len(self.persons) > self.max_persons and self.idle:
            pid = self.idle.popleft()
            person = self.persons.get(pid)
            if person is None or person.open_roles:
                continue
            self.forget_person(person)

    def forget_person(self, person: Person) -> None:
        del self.persons[person.id]
        self.person_pick.remove(person.id)
        self.busy.remove(person.id)
        self._on_person_done(person)

    def homonym_key(self, person: Person) -> str:
        return names.homonym_key(person.family, person.given)

    def drain(self) -> list[Any]:
        """Everything still live, for the final truth lines (companies, then persons)."""
        return [*self.companies.values(), *self.persons.values()]
