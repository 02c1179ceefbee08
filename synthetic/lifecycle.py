"""The end of register entries: liquidation, bankruptcy, mergers, demergers and deletions, each
written as the notices the register publishes (registrations are in synthetic/registration.py)."""

from __future__ import annotations

from datetime import timedelta

from synthetic import phrases
from synthetic.model import Company, close_history
from synthetic.officers import appoint_liquidator
from synthetic.simulator import Simulator, fmt_date


def _close_all(sim: Simulator, c: Company, notice, reason: str) -> None:  # type: ignore[no-untyped-def]
    for h in list(c.holdings):
        sim.close_role(c, h, notice.journal_date, notice.pub_number, reason)


def delete(sim: Simulator, c: Company, reason: str, counterpart: Company | None = None) -> None:
    """HR03: the entry is deleted; its branches follow in their own notices."""
    r = sim.rng
    lang = c.lang
    before = sim.commons(c)
    notice, skel = sim.begin(c, "HR03")
    sim.head(notice, c, new_entry=False)
    notice.event("deletion")
    if reason == "liquidation":
        notice.event("liquidation")
        notice.add(
            {
                "de": "Die Liquidation ist beendet. Die Gesellschaft wird gelöscht.",
                "fr": "Sa liquidation étant terminée, la société est radiée.",
                "it": "La liquidazione è terminata. La società è cancellata.",
            }[lang]
        )
    elif reason == "bankruptcy":
        notice.event("bankruptcy")
        when = notice.journal_date - timedelta(days=r.randint(3, 20))
        notice.judgement_date = when
        notice.add(
            {
                "de": f"Das Konkursverfahren wurde mit Entscheid vom {fmt_date(when)} als geschlossen erklärt. Die Gesellschaft wird von Amtes wegen gelöscht.",
                "fr": f"La procédure de faillite ayant été clôturée par jugement du {fmt_date(when)}, la société est radiée d'office.",
                "it": f"La procedura di fallimento è stata chiusa con decreto del {fmt_date(when)}. La società è cancellata d'ufficio.",
            }[lang]
        )
    elif reason == "merger":
        assert counterpart is not None
        notice.event("merger")
        ref = notice.company_ref(
            (counterpart.id, counterpart.name, counterpart.uid, counterpart.seat),
            "merger_absorbing",
        )
        notice.counterparts.append({"id": counterpart.id, "role": "merger_absorbing"})
        notice.add(
            {
                "de": f"Fusion: Die Aktiven und Passiven (Fremdkapital) gehen infolge Fusion auf die {ref}, über. Die Gesellschaft wird gelöscht.",
                "fr": f"Fusion: les actifs et passifs (capitaux étrangers) sont repris par {ref}, par suite de fusion. La société est radiée.",
                "it": f"Fusione: gli attivi e i passivi (capitale di terzi) passano per fusione alla {ref}. La società è cancellata.",
            }[lang]
        )
    elif reason == "branch_closed":
        notice.event("branch")
        notice.add(
            {
                "de": "Die Zweigniederlassung wird gelöscht.",
                "fr": "La succursale est radiée.",
                "it": "La succursale è cancellata.",
            }[lang]
        )
    else:
        notice.add(
            {
                "de": "Die Firma wird infolge Aufgabe der Geschäftstätigkeit gelöscht.",
                "fr": "L'entreprise est radiée par suite de cessation d'activité.",
                "it": "La ditta è cancellata per cessazione dell'attività.",
            }[lang]
        )
    _close_all(sim, c, notice, "deletion")
    c.status = "deleted"
    sim.set_state(c, "statuses", "deleted", notice)
    for attr in ("names", "seats", "capitals", "addresses", "legal_forms", "purposes"):
        close_history(c.truth[attr], notice.journal_date)
    c.truth["statuses"][-1]["valid_to"] = None
    c.truth.update(
        deleted_on=notice.journal_date.isoformat(),
        deleted_pub=notice.pub_number,
        deletion_reason=reason,
    )
    if counterpart is not None and reason == "merger":
        c.truth["merged_into"] = counterpart.id
    sim.finish(notice, skel, c, before, None)
    head = sim.pop.companies.get(c.head_office_id or "")
    if head is not None:
        if c.id in head.branch_ids:
            head.branch_ids.remove(c.id)
        if head.kind == "foreign":
            sim.pop.finish_company(head)
    sim.pop.finish_company(c)
    for bid in list(c.branch_ids):
        branch = sim.pop.companies.get(bid)
        if branch is not None and sim.remaining > 0:
            delete(sim, branch, "branch_closed")


def notices_needed(c: Company) -> int:
    """How many notices deleting `c` takes (its branches are deleted with it)."""
    return 1 + len(c.branch_ids)


def dissolve(sim: Simulator, c: Company, bankruptcy: bool) -> None:
    """HR02: dissolution by resolution (liquidation) or by a bankruptcy judgement."""
    r = sim.rng
    lang = c.lang
    before = sim.commons(c)
    notice, skel = sim.begin(c, "HR02")
    sim.head(notice, c, new_entry=False)
    suffix = {"de": " in Liquidation", "fr": ", en liquidation", "it": " in liquidazione"}[lang]
    new_name = c.base_name + suffix
    when = notice.journal_date - timedelta(days=r.randint(2, 25))
    if bankruptcy:
        notice.judgement_date = when
        notice.event("bankruptcy", "dissolution", "name_change")
        notice.add(
            {
                "de": f"Mit Entscheid vom {fmt_date(when)} hat das Konkursgericht über die Gesellschaft den Konkurs eröffnet. Die Gesellschaft ist dadurch aufgelöst. Firma neu: {new_name}.",
                "fr": f"La société est dissoute par suite de faillite prononcée par jugement du {fmt_date(when)}. Par conséquent, sa raison sociale devient: {new_name}.",
                "it": f"Con decreto del {fmt_date(when)} il pretore ha dichiarato il fallimento della società. La società è sciolta. Nuova ditta: {new_name}.",
            }[lang]
        )
        c.status = "bankrupt"
    else:
        notice.event("liquidation", "dissolution", "name_change")
        notice.add(
            {
                "de": f"Die Gesellschaft ist mit Beschluss vom {fmt_date(when)} aufgelöst. Firma neu: {new_name}.",
                "fr": f"La société est dissoute par décision de l'assemblée du {fmt_date(when)}. Nouvelle raison sociale: {new_name}.",
                "it": f"La società è sciolta con decisione del {fmt_date(when)}. Nuova ditta: {new_name}.",
            }[lang]
        )
        c.status = "in_liquidation"
    c.name = new_name
    c.translations = []
    notice.subject(c, new_name)
    if not bankruptcy:
        appoint_liquidator(sim, notice, c)
    sim.set_state(c, "names", c.name, notice, translations=[])
    sim.set_state(c, "statuses", c.status, notice)
    sim.finish(
        notice,
        skel,
        c,
        before,
        sim.commons(c),
        changes={"nameChanged", "bankruptcy" if bankruptcy else "liquidation"},
    )


def merge(sim: Simulator, absorbing: Company, absorbed: Company) -> None:
    """Two notices: the absorbing company takes over assets and liabilities; the other is deleted."""
    r = sim.rng
    lang = absorbing.lang
    before = sim.commons(absorbing)
    notice, skel = sim.begin(absorbing, "HR02")
    sim.head(notice, absorbing, new_entry=False)
    notice.event("merger")
    contract = notice.journal_date - timedelta(days=r.randint(10, 60))
    balance = contract.replace(day=1) - timedelta(days=1)
    assets = r.randint(50, 5000) * 1000.0 + r.randint(0, 99) * 10.37
    liabilities = round(assets * r.uniform(0.2, 0.9), 2)
    ref = notice.company_ref(
        (absorbed.id, absorbed.name, absorbed.uid, absorbed.seat), "merger_absorbed"
    )
    notice.counterparts.append({"id": absorbed.id, "role": "merger_absorbed"})
    a, p = phrases.chf(assets), phrases.chf(liabilities)
    notice.add(
        {
            "de": f"Fusion: Übernahme der Aktiven und Passiven der {ref}, gemäss Fusionsvertrag vom {fmt_date(contract)} und Bilanz per {fmt_date(balance)}. Aktiven von {a} und Passiven (Fremdkapital) von {p} gehen auf die Gesellschaft über.",
            "fr": f"Fusion: reprise des actifs et passifs de {ref}, selon contrat de fusion du {fmt_date(contract)} et bilan au {fmt_date(balance)}. Actifs de {a} et passifs (capitaux étrangers) de {p} sont transférés à la société.",
            "it": f"Fusione: ripresa di attivi e passivi della {ref}, secondo contratto di fusione del {fmt_date(contract)} e bilancio al {fmt_date(balance)}. Attivi di {a} e passivi (capitale di terzi) di {p} passano alla società.",
        }[lang]
    )
    sim.finish(notice, skel, absorbing, before, sim.commons(absorbing), changes={"other"})
    delete(sim, absorbed, "merger", counterpart=absorbing)


DEMERGER_TEXT = {
    "de": (
        "Abspaltung: Übertragung von Aktiven und Passiven im Rahmen einer Abspaltung gemäss "
        "Spaltungsvertrag vom {d} und Spaltungsbilanz per {b} auf die {ref}. Aktiven von {a} und "
        "Passiven (Fremdkapital) von {p} gehen auf die übernehmende Gesellschaft über.",
        "Abspaltung: Übernahme von Aktiven und Passiven im Rahmen einer Abspaltung gemäss "
        "Spaltungsvertrag vom {d} und Spaltungsbilanz per {b} von der {ref}. Aktiven von {a} und "
        "Passiven (Fremdkapital) von {p} gehen auf die Gesellschaft über.",
    ),
    "fr": (
        "Scission: transfert d'actifs et de passifs dans le cadre d'une scission selon contrat "
        "de scission du {d} et bilan de scission au {b} à {ref}. Actifs de {a} et passifs "
        "(capitaux étrangers) de {p} sont transférés à la société reprenante.",
        "Scission: reprise d'actifs et de passifs dans le cadre d'une scission selon contrat de "
        "scission du {d} et bilan de scission au {b} de {ref}. Actifs de {a} et passifs "
        "(capitaux étrangers) de {p} sont transférés à la société.",
    ),
    "it": (
        "Scissione: trasferimento di attivi e passivi nell'ambito di una scissione secondo "
        "contratto di scissione del {d} e bilancio di scissione al {b} alla {ref}. Attivi di {a} "
        "e passivi (capitale di terzi) di {p} passano alla società assuntrice.",
        "Scissione: ripresa di attivi e passivi nell'ambito di una scissione secondo contratto "
        "di scissione del {d} e bilancio di scissione al {b} della {ref}. Attivi di {a} e "
        "passivi (capitale di terzi) di {p} passano alla società.",
    ),
}


def demerge(sim: Simulator, giver: Company, taker: Company) -> None:
    """Two notices of a split-off (Abspaltung): `giver` transfers part of its assets to `taker`.

    Both companies live on. Counterparts are `asset_buyer` (in the giver's notice) and
    `asset_seller` (in the taker's), the extraction schema having no demerger-specific role.
    """
    r = sim.rng
    contract = sim.today - timedelta(days=r.randint(15, 60))
    balance = contract.replace(day=1) - timedelta(days=1)
    assets = r.randint(50, 5000) * 1000.0
    a, p = phrases.chf(assets), phrases.chf(round(assets * r.uniform(0.1, 0.8), 2))
    for subject, other, role, which in (
        (giver, taker, "asset_buyer", 0),
        (taker, giver, "asset_seller", 1),
    ):
        before = sim.commons(subject)
        notice, skel = sim.begin(subject, "HR02")
        sim.head(notice, subject, new_entry=False)
        notice.event("demerger")
        ref = notice.company_ref((other.id, other.name, other.uid, other.seat), role)
        notice.counterparts.append({"id": other.id, "role": role})
        notice.add(
            DEMERGER_TEXT[notice.lang][which].format(
                d=fmt_date(contract), b=fmt_date(balance), ref=ref, a=a, p=p
            )
        )
        sim.finish(notice, skel, subject, before, sim.commons(subject), changes={"other"})
