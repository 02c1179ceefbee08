"""Correction notices: the register fixes an entry of the company's previous notice.

Real form (Italian, ZEFIX-2017-01-09-1271188): "Complemento all'iscrizione del registro
giornaliero no. 9'933 del 13.07.2016, pubblicato sul FUSC no. 137 del 18.07.2016. <head>.
Nuove persone iscritte o modifiche: Family, Given, ..., con firma individuale [non: ...]."
Here the corrected item is the signature of a person registered by the previous notice. Truth:
the mention keeps what this notice writes (`previous.signature` = the corrected-away value, as
the extraction schema asks); the role interval takes the corrected signature from its start and
records `corrected_by` / `corrected_from` (the earlier notice's mention still shows what it said).
"""

from __future__ import annotations

from synthetic import phrases
from synthetic.model import Company
from synthetic.simulator import Simulator, fmt_date


def _thousands(number: str) -> str:
    return f"{int(number):,}".replace(",", "'")


def correct(sim: Simulator, c: Company) -> bool:
    """Publish a correction of the company's last notice; False if it has nothing to correct."""
    if c.last_pub is None or c.last_pub_date is None or c.last_journal is None:
        return False
    candidates = [
        h
        for h in c.holdings
        if h.holder_kind == "person"
        and h.opened_by == c.last_pub
        and len(sim.vocab.roles[h.key]["signatures"]) > 1
    ]
    if not candidates:
        return False
    r = sim.rng
    h = candidates[r.randrange(len(candidates))]
    options = [s for s in sim.vocab.roles[h.key]["signatures"] if s != h.signature]
    new_sig = str(options[r.randrange(len(options))])
    old_sig = h.signature
    before = sim.commons(c)
    notice, skel = sim.begin(c, "HR02")
    lang = notice.lang
    notice.add(
        phrases.CORRECTION_LEAD[lang].format(
            jn=_thousands(c.last_journal_number or "1"),
            jd=fmt_date(c.last_journal),
            issue=sim.issues[c.last_pub_date],
            pd=fmt_date(c.last_pub_date),
        )
    )
    sim.head(notice, c, new_entry=False)
    person = sim.pop.persons[h.holder_id]
    old_text = phrases.SIGNATURES[lang][old_sig]
    entry = notice.person(
        person,
        h.key,
        new_sig,
        "registered",
        shares=h.shares,
        previous={"signature": old_sig},
        prev_text=old_text,
        prev_word=phrases.CORRECTED[lang],
    )
    if notice.style == "prose":
        notice.add(f"{entry}.")
    else:
        notice.block("changed", [entry])
    h.corrected_by, h.corrected_from = notice.pub_number, {"signature": old_sig}
    h.signature = new_sig
    notice.event("correction", "officer_change", "signature_change")
    sim.finish(notice, skel, c, before, sim.commons(c), changes={"officer"})
    return True
