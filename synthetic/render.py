"""One notice being written: its text segments and, in lockstep, the truth of every mention.

Every surface string written into the text is the one recorded in the mention, so the ground
truth cannot drift from the text. Person entries come in the two styles of the register: headed
lists (`Family, Given, von X, in Y, function, signature`) and the running prose of Geneva, Vaud
and Neuchâtel (`Family Given, de X, à Y`).
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from synthetic import names, phrases
from synthetic.model import Company, Person
from synthetic.vocab import Vocab

VARIANT_RATE = 0.12
"""Share of person mentions written in a variant spelling."""


class Notice:
    """Text and mentions of one publication under construction."""

    def __init__(
        self,
        rng: random.Random,
        vocab: Vocab,
        lang: str,
        canton: str,
        style: str,
        pub_number: str,
        journal_date: date,
    ) -> None:
        self.rng = rng
        self.vocab = vocab
        self.lang = lang
        self.canton = canton
        self.style = style
        self.pub_number = pub_number
        self.journal_date = journal_date
        self.parts: list[str] = []
        self.mentions: list[dict[str, Any]] = []
        self.event_types: list[str] = []
        self.counterparts: list[dict[str, str]] = []
        self.judgement_date: date | None = None

    # -- plumbing ---------------------------------------------------------------------------
    def add(self, sentence: str) -> None:
        """Append a sentence or labelled segment (ends with a full stop)."""
        self.parts.append(sentence)

    def event(self, *labels: str) -> None:
        """Record event labels (extraction-schema names), once each."""
        for label in labels:
            if label not in self.event_types:
                self.event_types.append(label)

    def text(self) -> str:
        """The publication text."""
        return " ".join(self.parts)

    def _mention(self, **fields: Any) -> None:
        base = {
            "pub_number": self.pub_number,
            "seq": len(self.mentions),
            "kind": None,
            "entity_id": None,
            "family_name": None,
            "given_names": None,
            "name": None,
            "uid": None,
            "seat": None,
            "origin": None,
            "nationality": None,
            "residence": None,
            "role": None,
            "roles": [],
            "role_text": None,
            "signature": None,
            "action": None,
            "previous": None,
            "variant": [],
            # Per mention: a register-prose notice writes what it has no sentence for as lists.
            "style": "list" if self.style == "register" else self.style,
        }
        base.update(fields)
        self.mentions.append(base)

    # -- companies --------------------------------------------------------------------------
    def subject(self, company: Company, name: str | None = None) -> None:
        """Record the subject company mention (its name as written at the head)."""
        self._mention(
            kind="company",
            entity_id=company.id,
            name=name or company.name,
            uid=company.uid,
            seat=company.seat,
            role="subject",
            roles=["subject"],
        )

    def company_ref(
        self,
        ref: tuple[str, str, str | None, str],
        role: str,
        action: str | None = "registered",
        with_uid: bool = True,
        seat: bool = True,
        role_text: str | None = None,
    ) -> str:
        """`Name (CHE-…), in Seat` for ref = (id, name, uid, seat); records the mention."""
        cid, name, uid, where = ref
        uid = uid if with_uid else None
        text = name + (f" ({uid})" if uid else "")
        if seat:
            text += f", {phrases.IN[self.lang]} {where}"
        self._mention(
            kind="company",
            entity_id=cid,
            name=name,
            uid=uid,
            seat=where if seat else None,
            role=role,
            roles=[role],
            role_text=role_text,
            action=action,
        )
        return text

    # -- persons ----------------------------------------------------------------------------
    def _surface(self, person: Person) -> tuple[str, str, list[str]]:
        if self.rng.random() < VARIANT_RATE:
            family, given, kinds = names.pick_variant(person.family, person.given, self.rng)
        else:
            family, given, kinds = person.family, person.given, []
        if kinds:
            key = (family, given)
            entry = person.variants.get(key)
            if entry is None:
                person.variants[key] = {
                    "family_name": family,
                    "given_names": given,
                    "kinds": kinds,
                    "count": 1,
                }
            else:
                entry["count"] += 1
        if not person.pubs or person.pubs[-1] != self.pub_number:
            person.pubs.append(self.pub_number)
        return family, given, kinds

    def _publish_residence(self, person: Person) -> None:
        last = person.residences[-1] if person.residences else None
        if last is None or last["value"] != person.residence:
            if last is not None:
                last["valid_to"] = self.journal_date.isoformat()
            person.residences.append(
                {
                    "value": person.residence,
                    "country": person.residence_country,
                    "valid_from": self.journal_date.isoformat(),
                    "valid_to": None,
                    "pub": self.pub_number,
                }
            )

    def _origin(self, person: Person, prose: bool) -> tuple[str, str | None, str | None]:
        """(text, origin as written, nationality country name)."""
        lang = self.lang
        if person.origin:
            return (
                phrases.origin_text(lang, person.origin),
                f" {phrases.AND[lang]} ".join(person.origin),
                None,
            )
        if person.nationality:
            nat = self.vocab.nationalities[person.nationality]
            country = nat["country"][lang]
            if prose and lang == "fr":
                return nat["fr_prose"], None, country
            return nat[lang][0 if person.sex == "m" else 1], None, country
        return phrases.STATELESS[lang], None, None

    def role_words(self, key: str, person: Person | None) -> str | None:
        """Function words of `key` in this notice's language, agreeing with the holder."""
        words: list[str | None] = self.vocab.roles[key][self.lang]
        chosen = words[1 if person is not None and person.sex == "f" else 0]
        if self.style == "prose" and chosen in phrases.PROSE_ROLE_WORDS:
            return phrases.PROSE_ROLE_WORDS[chosen]
        return chosen

    def _residence_text(self, person: Person) -> str:
        """The residence as this notice writes it (Geneva prose: `Cranves-Sales, FRA`)."""
        country = person.residence_country
        if (
            self.style == "prose"
            and self.canton == "GE"
            and country != "CH"
            and country in phrases.ISO3
            and person.residence.endswith(f" ({country})")
        ):
            return f"{person.residence[: -len(country) - 3]}, {phrases.ISO3[country]}"
        return person.residence

    def person(
        self,
        person: Person,
        key: str,
        signature: str,
        action: str,
        *,
        details: bool = True,
        shares: int = 0,
        limited_sum: float | None = None,
        previous: dict[str, Any] | None = None,
        prev_text: str | None = None,
        with_role: bool = True,
        with_signature: bool = True,
        role_text: str | None = None,
        prev_word: str | None = None,
        family_first: bool = False,
    ) -> str:
        """One person entry in the notice's style; records the mention; returns the text.

        `family_first`: the name as the registers' prose writes it (`Family Given`)."""
        family, given, kinds = self._surface(person)
        prose = self.style == "prose"
        name = f"{family} {given}" if prose or family_first else f"{family}, {given}"
        pieces = [name]
        origin = nationality = residence = None
        if details:
            otext, origin, nationality = self._origin(person, prose)
            pieces.append(otext)
            residence = self._residence_text(person)
            pieces.append(f"{phrases.IN[self.lang]} {residence}")
            self._publish_residence(person)
        words = self.role_words(key, person)
        if words and with_role:
            pieces.append(words)
        elif not with_role:
            words = role_text
        sig_text = (
            phrases.SIGNATURES[self.lang][signature]
            if with_signature and signature in phrases.SIGNATURES[self.lang]
            else None
        )
        if shares and prose:
            share_text = phrases.PROSE_SHARES.format(n=shares)
            pieces.append(f"{share_text} {sig_text}" if sig_text else share_text)
        else:
            if sig_text:
                pieces.append(sig_text)
            if shares:
                pieces.append(phrases.SHARES[self.lang].format(n=shares))
        if limited_sum:
            pieces.append(phrases.LIMITED_SUM[self.lang].format(x=phrases.chf(limited_sum)[4:]))
        text = ", ".join(pieces)
        if prev_text:
            text += f" [{prev_word or phrases.PREVIOUS[self.lang]}: {prev_text}]"
        roles = list(self.vocab.roles[key]["roles"])
        self._mention(
            kind="person",
            entity_id=person.id,
            family_name=family,
            given_names=given,
            origin=origin,
            nationality=nationality,
            residence=residence,
            role=roles[0],
            roles=roles,
            role_text=words,
            signature=signature,
            action=action,
            previous=previous,
            variant=kinds,
            # A register-prose notice keeps headed lists for what it has no sentence for.
            **({"style": "register"} if family_first and not prose else {}),
        )
        return text

    def block(self, heading: str, entries: list[str]) -> None:
        """A headed person block: `Heading: a; b; c.`"""
        if entries:
            self.add(f"{phrases.HEADINGS[self.lang][heading]}: {'; '.join(entries)}.")
