"""HR02 changes of one attribute of a company: statutes, name, address, seat, purpose, capital.

Each writes its lines into the notice and the new value into the company's truth history. Kept
apart from the dispatch of synthetic/mutations.py, which also holds the changes that touch the
officers or the structure (conversions, asset transfers).
"""

from __future__ import annotations

from datetime import timedelta

from synthetic import phrases
from synthetic.model import Company
from synthetic.registration import company_name
from synthetic.render import Notice
from synthetic.simulator import Simulator, fmt_date


def amend_statutes(notice: Notice) -> None:
    """The statutes-changed line, once per notice (a change of name, seat, purpose or capital
    needs new statutes in most legal forms)."""
    if "statutes_change" in notice.event_types:
        return
    notice.event("statutes_change")
    L = phrases.LABELS[notice.lang]
    sep = "" if notice.lang == "fr" else ":"
    notice.add(f"{L['statutes_changed']}{sep} {fmt_date(notice.journal_date - timedelta(days=3))}.")


def rename(sim: Simulator, notice: Notice, c: Company) -> None:
    """A new fictitious name (and translations) under the same legal form."""
    new, transl = company_name(sim, c.legal_form, c.lang, c.sector)
    if c.legal_form not in ("0101", "0103", "0104"):
        amend_statutes(notice)
    notice.event("name_change")
    notice.add(f"{phrases.LABELS[notice.lang]['name_new']}: {new}.")
    c.name = c.base_name = new
    c.translations = transl
    notice.subject(c, new)
    sim.set_state(c, "names", new, notice, translations=transl)


def new_address(sim: Simulator, notice: Notice, c: Company) -> None:
    """A new address in the same seat."""
    place = next(p for p in sim.vocab.places if p.name == c.seat)
    c.address = sim.pop.address(place)
    notice.event("address_change")
    notice.add(f"{phrases.LABELS[notice.lang]['address_new']}: {c.address.one_line()}.")
    sim.set_address(c, notice)


def move_seat(sim: Simulator, notice: Notice, c: Company) -> None:
    """A new seat in the same canton and language (and an address there)."""
    # a move stays within the canton so that the notice's office and language stay right
    options = [
        p for p in sim.vocab.places_by_canton[c.canton] if p.name != c.seat and p.lang == c.lang
    ]
    if not options:
        new_address(sim, notice, c)
        return
    place = options[sim.rng.randrange(len(options))]
    if c.legal_form not in ("0101", "0103", "0104", "0151", "0111"):
        amend_statutes(notice)
    notice.event("seat_change")
    notice.add(f"{phrases.LABELS[notice.lang]['seat_new']}: {place.name}.")
    c.seat = place.name
    sim.set_state(c, "seats", c.seat, notice)
    new_address(sim, notice, c)


def new_purpose(sim: Simulator, notice: Notice, c: Company) -> None:
    """The purpose of a newly drawn sector (a non-profit adds it to the old one)."""
    sectors = list(sim.vocab.companies["sectors"])
    c.sector = sectors[sim.rng.randrange(len(sectors))]
    purpose = sim.vocab.companies["sectors"][c.sector]["purpose"][c.lang]
    if c.legal_form in ("0108", "0109", "0110") or purpose == c.purpose:
        purpose = f"{c.purpose} {sim.vocab.companies['sectors'][c.sector]['purpose'][c.lang]}"
    if c.legal_form not in ("0101", "0103", "0104", "0151", "0111"):
        amend_statutes(notice)
    notice.event("purpose_change")
    notice.add(f"{phrases.LABELS[notice.lang]['purpose_new']}: {purpose}")
    c.purpose = purpose
    sim.set_state(c, "purposes", purpose, notice)


def raise_capital(sim: Simulator, notice: Notice, c: Company) -> None:
    """A capital increase, fully paid."""
    old = c.capital or 0.0
    new = float(old + sim.rng.choice((10_000, 20_000, 50_000, 100_000, 250_000)))
    amend_statutes(notice)
    notice.event("capital_change")
    label = phrases.CAPITAL_LABEL[c.legal_form][notice.lang]
    prev = phrases.PREVIOUS[notice.lang]
    if notice.lang == "de":
        notice.add(
            f"{label} neu: {phrases.chf(new)} [{prev}: {phrases.chf(old)}]. "
            f"Liberierung {label} neu: {phrases.chf(new)}."
        )
    elif notice.style == "prose":
        notice.add(
            f"{label} porté de {phrases.chf_plain(old)} à {phrases.chf_plain(new)}, "
            f"entièrement libéré."
        )
    else:
        word = "Nouveau" if notice.lang == "fr" else "Nuovo"
        low = label[0].lower() + label[1:]
        notice.add(f"{word} {low}: {phrases.chf(new)} [{prev}: {phrases.chf(old)}].")
    c.capital = new
    sim.set_state(c, "capitals", new, notice, paid=new, currency="CHF")
