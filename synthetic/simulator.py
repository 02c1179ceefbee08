"""The simulation clock and the publishing of one notice: API-shaped JSON plus truth lines.

`Simulator` owns the random generator, the population and the writer; the event modules
(`registration.py`, `lifecycle.py`, `mutations.py`) call `begin()` to open a notice for a
company, write its text through `render.Notice`, and `finish()` to publish it (the page's JSON
layout is synthetic/publication.py, the truth of functions and states synthetic/truth_book.py).
"""

from __future__ import annotations

import random
import uuid
from datetime import date
from typing import Any

from synthetic import phrases, publication
from synthetic.dates import dmy, issue_numbers, working_days
from synthetic.model import Company, Person
from synthetic.population import Population
from synthetic.register_prose import uses_register_prose
from synthetic.render import Notice
from synthetic.truth_book import TruthBook
from synthetic.vocab import Vocab
from synthetic.writer import CorpusWriter

PROSE_CANTONS = frozenset({"GE", "VD", "NE"})
PROSE_RATE = 0.88
"""Share of French notices of Geneva, Vaud and Neuchâtel written as running prose."""


class Simulator(TruthBook):
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
        return publication.commons(c, self.pop.companies)

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
        pub_id = str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        office = self.vocab.offices[lang].format(canton=self.vocab.canton_names[company.canton])
        self.writer.publication(
            publication.page(
                notice,
                skel,
                company,
                before,
                after,
                pub_id=pub_id,
                published=self.today,
                issues=self.issues,
                office=office,
                changes=changes,
                title_suffix=title_suffix,
            )
        )
        self.writer.truth(
            "events",
            {
                "pub_number": number,
                "pub_id": pub_id,
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
