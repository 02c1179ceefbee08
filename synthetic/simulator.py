"""The simulation clock and the publishing of one notice: API-shaped JSON plus truth lines.

`Simulator` owns the random generator, the population and the writer; the event modules
(`lifecycle.py`, `mutations.py`) call `begin()` to open a notice for a company, write its text
through `render.Notice`, and `finish()` to publish it.
"""

from __future__ import annotations

import random
import uuid
from datetime import date
from typing import Any

from synthetic import phrases
from synthetic.dates import api_ts, dmy, issue_numbers, working_days
from synthetic.model import Company, Holding, Person, set_value
from synthetic.population import Population
from synthetic.register_prose import uses_register_prose
from synthetic.render import Notice
from synthetic.vocab import Vocab
from synthetic.writer import CorpusWriter

PROSE_CANTONS = frozenset({"GE", "VD", "NE"})
PROSE_RATE = 0.88
"""Share of French notices of Geneva, Vaud and Neuchâtel written as running prose."""

CHANGE_FLAGS = (
    "nameChanged",
    "uidChanged",
    "legalStatusChanged",
    "seatChanged",
    "addressChanged",
    "purposeChanged",
)


class Simulator:
    """Clock, population and output of one generator run."""

    def __init__(
        self, rng: random.Random, vocab: Vocab, writer: CorpusWriter, n: int, max_companies: int
    ) -> None:
        self.rng = rng
        self.vocab = vocab
        self.writer = writer
        self.n = n
        self.days = working_days()
        self.issues = issue_numbers(self.days)
        self.count = 0
        self.day_index = 0
        self._seq = 1_000_000_000
        self._journal: dict[tuple[str, int], int] = {}
        self.target = max(40, min(max_companies, n // 8))
        self.pop = Population(
            rng,
            vocab,
            max_companies=self.target,
            on_company_done=self._company_done,
            on_person_done=self._person_done,
        )
        self.by_language: dict[str, int] = {}
        self.by_sub_rubric: dict[str, int] = {}
        self.by_event: dict[str, int] = {}
        self.prose_notices = 0

    # -- clock ------------------------------------------------------------------------------
    @property
    def remaining(self) -> int:
        return self.n - self.count

    @property
    def today(self) -> date:
        return self.days[self.day_index]

    def tick(self) -> None:
        """Move the clock to the day of the next notice (notices spread evenly over the days)."""
        self.day_index = min(len(self.days) - 1, self.count * len(self.days) // max(1, self.n))

    # -- notices ----------------------------------------------------------------------------
    def begin(self, company: Company, sub: str) -> tuple[Notice, dict[str, Any]]:
        """Open a notice about `company`; returns the builder and its publication skeleton."""
        self._seq += self.rng.randint(1, 3)
        number = f"{sub}-{self._seq:010d}"
        lag = self.rng.randint(2, 5)
        journal = self.days[max(0, self.day_index - lag)]
        if company.last_journal and journal < company.last_journal:
            journal = company.last_journal
        lang = company.lang
        prose = lang == "fr" and company.canton in PROSE_CANTONS and self.rng.random() < PROSE_RATE
        # The older registers of the bilingual cantons wrote their mutations as sentences.
        register = (
            not prose and sub == "HR02" and uses_register_prose(lang, company.canton, self.rng)
        )
        notice = Notice(
            self.rng,
            self.vocab,
            lang,
            company.canton,
            "prose" if prose else "register" if register else "list",
            number,
            journal,
        )
        key = (company.canton, journal.year)
        self._journal[key] = self._journal.get(key, 0) + self.rng.randint(1, 40)
        skeleton = {
            "number": number,
            "sub": sub,
            "journal": journal,
            "journal_number": str(self._journal[key]),
        }
        return notice, skeleton

    def head(self, notice: Notice, company: Company, new_entry: bool) -> None:
        """The head sentence: name, seat, UID, (address,) legal form, reference."""
        lang = notice.lang
        c = company
        notice.subject(c)
        label = self.vocab.companies["legal_forms"][c.legal_form]["label"][lang]
        transl = "".join(f" ({t})" for t in c.translations)
        where = f"{phrases.IN[lang]} {c.seat}"
        addr = c.address.one_line() if c.address else ""
        if new_entry:
            if notice.style == "prose":
                notice.add(f"{c.name}{transl}, {where}, {addr}, {c.uid}. Nouvelle {label}.")
            else:
                notice.add(
                    f"{c.name}{transl}, {where}, {c.uid}, {addr}, {label} "
                    f"{phrases.NEW_ENTRY[lang]}."
                )
            return
        assert c.last_pub is not None and c.last_pub_date is not None
        ref = phrases.previous_ref(
            lang, c.canton, self.issues[c.last_pub_date], c.last_pub_date, c.last_pub[5:]
        )
        if lang == "fr" and c.canton == "GE":
            notice.add(f"{c.name}, {where}, {c.uid} {ref}.")
        else:
            notice.add(f"{c.name}, {where}, {c.uid}, {label} {ref}.")

    def commons(self, c: Company) -> dict[str, Any]:
        """The `commonsActual` / `commonsNew` block of the company as it stands."""
        assert c.uid is not None
        digits = c.uid[4:].replace(".", "")
        comp: dict[str, Any] = {"name": c.name}
        if c.translations:
            comp["translations"] = " ".join(f"({t})" for t in c.translations)
        comp.update(
            {
                "uid": c.uid,
                "uidOrganisationId": digits,
                "uidOrganisationIdCategorie": "CHE",
                "code13": c.code13,
                "seat": c.seat,
                "legalForm": c.legal_form,
                "noAddress": c.address is None,
            }
        )
        if c.address is not None:
            a = c.address
            addr: dict[str, Any] = {"addressLine1": a.line1} if a.line1 else {}
            addr.update(
                {
                    "street": a.street,
                    "houseNumber": a.number,
                    "swissZipCode": a.zip_code,
                    "town": a.town,
                }
            )
            comp["address"] = addr
        block: dict[str, Any] = {"company": comp}
        if c.purpose:
            block["purpose"] = c.purpose
        if c.capital:
            block["capital"] = [{"nominal": c.capital, "paid": c.capital}]
        revision: dict[str, Any] = {"optingOut": c.opting_out}
        auditor = next((h for h in c.holdings if h.key == "auditor" and h.ref), None)
        if auditor is not None and auditor.ref is not None:
            name, uid, _seat = auditor.ref
            revision["revisionCompany"] = [
                {
                    "name": name,
                    "country": "CH",
                    "uid": (uid or "").replace("-", "").replace(".", ""),
                    "uidOrganisationId": (uid or "")[4:].replace(".", ""),
                    "uidOrganisationIdCategorie": "CHE",
                }
            ]
        block["revision"] = revision
        if c.head_office_id:
            head = self.pop.companies.get(c.head_office_id)
            if head is not None:
                ho: dict[str, Any] = {
                    "name": head.name,
                    "country": "CH" if head.kind != "foreign" else head.seat[-3:-1],
                }
                if head.uid:
                    ho.update(
                        {
                            "uid": head.uid,
                            "uidOrganisationId": head.uid[4:].replace(".", ""),
                            "uidOrganisationIdCategorie": "CHE",
                        }
                    )
                block["headOffice"] = ho
        return block

    def finish(
        self,
        notice: Notice,
        skel: dict[str, Any],
        company: Company,
        before: dict[str, Any] | None,
        after: dict[str, Any] | None,
        changes: set[str] | None = None,
        title_suffix: str = "",
    ) -> None:
        """Publish the notice: page JSON, event and mention truth, company bookkeeping."""
        sub, number, journal = skel["sub"], skel["number"], skel["journal"]
        lang = notice.lang
        subject_name = (before or after or {}).get("company", {}).get("name", company.name)
        titles = {
            k: f"{v} {subject_name}, {(before or after or {})['company']['seat']}{title_suffix}"
            for k, v in phrases.TITLES[sub].items()
        }
        meta = {
            "id": str(uuid.UUID(int=self.rng.getrandbits(128), version=4)),
            "rubric": "HR",
            "subRubric": sub,
            "language": lang,
            "publicationNumber": number,
            "publicationState": "PUBLISHED",
            "publicationDate": api_ts(self.today),
            "primaryTenantCode": "shab",
            "cantons": [company.canton],
            "title": titles,
        }
        content: dict[str, Any] = {}
        if before is not None:
            content["commonsActual"] = before
        if company.last_pub and company.last_pub_date and sub != "HR01":
            content["lastFosc"] = {
                "lastFoscDate": api_ts(company.last_pub_date),
                "lastFoscNumber": self.issues[company.last_pub_date],
                "lastFoscSequence": company.last_pub[5:],
            }
        office = self.vocab.offices[lang].format(canton=self.vocab.canton_names[company.canton])
        content.update(
            {
                "publicationText": notice.text(),
                "journalNumber": skel["journal_number"],
                "journalDate": api_ts(journal),
                "senderOffice": {"officeName": office},
            }
        )
        if sub == "HR01":
            content["transaction"] = {"registration": True}
        elif sub == "HR03":
            content["transaction"] = {"delete": {"deletionDate": api_ts(journal)}}
        else:
            ch = changes or set()
            flags: dict[str, Any] = {"others": bool(ch & {"officer", "auditor", "other"})}
            for flag in CHANGE_FLAGS:
                flags[flag] = flag in ch
            cap = "capitalChanged" in ch
            flags["capitalChanged"] = {"nominal": cap, "paid": cap, "other": False}
            flags["statusChanged"] = {
                "bankruptcy": {
                    "dissolution": "bankruptcy" in ch,
                    "dismissal": False,
                    "revocation": False,
                    "cancellation": False,
                    "summary": False,
                },
                "liquidation": {
                    "dissolution": {
                        "nonExceptional": "liquidation" in ch,
                        "or731b": False,
                        "hregv153b": False,
                    },
                    "revocation": False,
                },
                "suspension": False,
                "reentry": False,
                "reapplication": False,
            }
            content["transaction"] = {"update": {"changements": flags}}
        if after is not None:
            content["commonsNew"] = after
        self.writer.publication({"meta": meta, "content": content})
        self.writer.truth(
            "events",
            {
                "pub_number": number,
                "pub_id": meta["id"],
                "file": self.writer.current_file,
                "sub_rubric": sub,
                "language": lang,
                "canton": company.canton,
                "style": notice.style,
                "publication_date": self.today.isoformat(),
                "journal_date": journal.isoformat(),
                "journal_number": skel["journal_number"],
                "subject_id": company.id,
                "event_types": notice.event_types,
                "counterparts": notice.counterparts,
                "judgement_date": notice.judgement_date.isoformat()
                if notice.judgement_date
                else None,
            },
        )
        for m in notice.mentions:
            self.writer.truth("mentions", m)
        company.truth["pubs"].append(number)
        company.last_pub, company.last_pub_date, company.last_journal = number, self.today, journal
        company.last_journal_number = skel["journal_number"]
        self.count += 1
        self.by_language[lang] = self.by_language.get(lang, 0) + 1
        self.by_sub_rubric[sub] = self.by_sub_rubric.get(sub, 0) + 1
        for e in notice.event_types:
            self.by_event[e] = self.by_event.get(e, 0) + 1
        if notice.style == "prose":
            self.prose_notices += 1

    # -- roles ------------------------------------------------------------------------------
    def open_role(
        self,
        company: Company,
        notice: Notice,
        key: str,
        signature: str,
        person: Person | None = None,
        holder: Company | None = None,
        shares: int = 0,
    ) -> Holding:
        """Start a function interval (truth written when it closes)."""
        if person is not None:
            h = Holding(
                holder_id=person.id,
                holder_kind="person",
                key=key,
                signature=signature,
                valid_from=notice.journal_date,
                opened_by=notice.pub_number,
                words=notice.role_words(key, person),
                residence=person.residence,
                shares=shares,
            )
            self.pop.take_role(person)
        else:
            assert holder is not None
            h = Holding(
                holder_id=holder.id,
                holder_kind="company",
                key=key,
                signature=signature,
                valid_from=notice.journal_date,
                opened_by=notice.pub_number,
                words=notice.role_words(key, None),
                shares=shares,
                ref=(holder.name, holder.uid, holder.seat),
            )
        company.holdings.append(h)
        return h

    def close_role(
        self, company: Company, h: Holding, when: date | None, pub: str | None, reason: str | None
    ) -> None:
        """End a function interval and write its truth line."""
        if h not in company.holdings:
            return  # already closed by another change of the same notice
        company.holdings.remove(h)
        self.writer.truth(
            "roles",
            {
                "holder_id": h.holder_id,
                "holder_kind": h.holder_kind,
                "company_id": company.id,
                "roles": self.vocab.roles[h.key]["roles"],
                "role_key": h.key,
                "role_words": h.words,
                "signature": h.signature,
                "valid_from": h.valid_from.isoformat(),
                "valid_to": when.isoformat() if when else None,
                "opened_by": h.opened_by,
                "closed_by": pub,
                "close_reason": reason,
                "corrected_by": h.corrected_by,
                "corrected_from": h.corrected_from,
            },
        )
        if h.holder_kind == "person" and when is not None:
            self.pop.drop_role(h.holder_id)

    def set_state(
        self, company: Company, attr: str, value: Any, notice: Notice, **extra: Any
    ) -> None:
        """Record a new value of a company attribute in its truth history."""
        set_value(company.truth[attr], value, notice.journal_date, notice.pub_number, **extra)

    def set_address(self, company: Company, notice: Notice) -> None:
        """Record the company's current address (one line plus its parts) in its history."""
        a = company.address
        if a is None:
            return
        self.set_state(
            company,
            "addresses",
            a.one_line(),
            notice,
            line1=a.line1,
            street=a.street,
            house_number=a.number,
            zip_code=a.zip_code,
            town=a.town,
        )

    # -- end of life ------------------------------------------------------------------------
    def _company_done(self, company: Company) -> None:
        self.writer.truth("companies", company.to_truth())

    def _person_done(self, person: Person) -> None:
        self.writer.truth("persons", person.to_truth(self.pop.homonym_key(person)))

    def drain(self) -> None:
        """Write the truth of everything still live (open roles, companies, persons)."""
        for company in list(self.pop.companies.values()):
            for h in list(company.holdings):
                self.close_role(company, h, None, None, None)
        for company in list(self.pop.companies.values()):
            self.writer.truth("companies", company.to_truth())
        for person in list(self.pop.persons.values()):
            self._person_done(person)


def fmt_date(d: date) -> str:
    """Register date format (re-exported for the event modules)."""
    return dmy(d)
