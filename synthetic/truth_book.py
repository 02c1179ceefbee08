"""The truth the simulator keeps of functions and company states, as notices change them.

A function (an officer's, an auditor's, a partner's) is an interval: opened by one notice,
closed by another, and written to the truth only when it closes, with both notices. A company's
name, seat, address and the like are histories of values with the notice that set each. Kept
apart from the clock and the publishing (synthetic/simulator.py), whose `Simulator` inherits it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from synthetic.model import Company, Holding, Person, set_value
from synthetic.population import Population
from synthetic.render import Notice
from synthetic.vocab import Vocab
from synthetic.writer import CorpusWriter


class TruthBook:
    """Opens and closes function intervals and records company states (a `Simulator` base)."""

    pop: Population
    """The live companies and persons."""
    vocab: Vocab
    """The role vocabulary (the roles a function key stands for)."""
    writer: CorpusWriter
    """Where the truth lines go."""

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
