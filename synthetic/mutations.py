"""HR02 mutations of a live company: officers, moves, address, seat, name, purpose, capital,
auditor, legal-form conversion and asset transfers, one or two per notice (the changes of one
attribute are written by synthetic/attribute_changes.py)."""

from __future__ import annotations

from datetime import timedelta

from synthetic import corrections, phrases
from synthetic.attribute_changes import (
    amend_statutes,
    move_seat,
    new_address,
    new_purpose,
    raise_capital,
    rename,
)
from synthetic.model import Company
from synthetic.officers import Plan, draw_signature, write_changes
from synthetic.registration import CAPITALS, form_suffix
from synthetic.render import Notice
from synthetic.simulator import Simulator, fmt_date

KINDS = (
    "officer",
    "move",
    "signature",
    "address",
    "seat",
    "name",
    "purpose",
    "capital",
    "auditor",
    "conversion",
    "transfer",
)
WEIGHTS = (32, 8, 5, 9, 5, 5, 4, 6, 5, 1, 1.5)
CORRECTION_RATE = 0.04
"""Share of mutations that first try to correct the company's previous notice (few succeed)."""


def _applicable(c: Company, kind: str) -> bool:
    if kind == "capital":
        return c.legal_form in CAPITALS
    if kind == "conversion":
        return c.legal_form == "0107"
    if kind == "auditor":
        return c.legal_form in ("0106", "0107", "0108", "0110")
    if kind in ("move", "signature"):
        return any(h.holder_kind == "person" for h in c.holdings)
    if kind == "name":
        return c.legal_form not in ("0151", "0111")
    return True


def mutate(sim: Simulator, c: Company) -> None:
    """One HR02 notice with one or two changes."""
    r = sim.rng
    if r.random() < CORRECTION_RATE and corrections.correct(sim, c):
        return
    kinds = [
        k for k in r.choices(KINDS, WEIGHTS, k=2 if r.random() < 0.3 else 1) if _applicable(c, k)
    ]
    kinds = list(dict.fromkeys(kinds)) or ["officer"]
    if "conversion" in kinds:
        kinds = ["conversion"]  # a conversion rewrites the officers itself
    before = sim.commons(c)
    notice, skel = sim.begin(c, "HR02")
    sim.head(notice, c, new_entry=False)
    changes: set[str] = set()
    plan = Plan()
    old_seat = c.seat
    for kind in kinds:
        if kind == "name":
            rename(sim, notice, c)
            changes.add("nameChanged")
        elif kind == "seat":
            move_seat(sim, notice, c)
            changes.update({"seatChanged", "addressChanged"})
        elif kind == "address":
            new_address(sim, notice, c)
            changes.add("addressChanged")
        elif kind == "purpose":
            new_purpose(sim, notice, c)
            changes.add("purposeChanged")
        elif kind == "capital":
            raise_capital(sim, notice, c)
            changes.add("capitalChanged")
        elif kind == "conversion":
            _convert(sim, notice, c)
            changes.update({"legalStatusChanged", "nameChanged", "capitalChanged"})
        elif kind == "transfer":
            _transfer(sim, notice, c)
            changes.add("other")
        else:
            _plan_officers(sim, c, kind, plan)
            changes.add("auditor" if kind == "auditor" else "officer")
    write_changes(sim, notice, c, plan)
    if not notice.event_types:
        notice.event("other")
    suffix = f", {phrases.NEW_WORD['de']} {c.seat}" if c.seat != old_seat else ""
    sim.finish(notice, skel, c, before, sim.commons(c), changes=changes, title_suffix=suffix)


def _convert(sim: Simulator, notice: Notice, c: Company) -> None:
    """GmbH -> AG conversion: new form, name, capital (and a board in the officer change)."""
    lang = notice.lang
    amend_statutes(notice)
    notice.event("legal_form_change", "name_change", "capital_change")
    old_cap = c.capital or 20_000.0
    new_cap = max(100_000.0, old_cap)
    new_name = c.base_name.replace(
        f" {form_suffix(sim, '0107', lang)}", f" {form_suffix(sim, '0106', lang)}"
    )
    if new_name == c.base_name:
        new_name = f"{c.base_name} {form_suffix(sim, '0106', lang)}"
    L = phrases.LABELS[lang]
    form_label = sim.vocab.companies["legal_forms"]["0106"]["label"][lang]
    label = phrases.CAPITAL_LABEL["0106"][lang]
    prev = phrases.PREVIOUS[lang]
    intro = {
        "de": "Umwandlung: Die Gesellschaft mit beschränkter Haftung wird gemäss Umwandlungsplan vom {d} in eine Aktiengesellschaft umgewandelt.",
        "fr": "Transformation: la société à responsabilité limitée est transformée en société anonyme selon plan de transformation du {d}.",
        "it": "Trasformazione: la società a garanzia limitata è trasformata in società anonima secondo piano di trasformazione del {d}.",
    }[lang]
    notice.add(intro.format(d=fmt_date(notice.journal_date - timedelta(days=5))))
    notice.add(f"{L['name_new']}: {new_name}.")
    notice.add(f"{L['form_new']}: {form_label}.")
    notice.add(
        f"{label} {phrases.NEW_WORD[lang] if lang == 'de' else ''}".rstrip()
        + f": {phrases.chf(new_cap)} [{prev}: {phrases.chf(old_cap)}]."
    )
    c.legal_form = "0106"
    c.name = c.base_name = new_name
    c.translations = []
    c.capital = new_cap
    notice.subject(c, new_name)
    sim.set_state(c, "legal_forms", "0106", notice)
    sim.set_state(c, "names", new_name, notice, translations=[])
    sim.set_state(c, "capitals", new_cap, notice, paid=new_cap, currency="CHF")
    # partners become board members
    plan = Plan()
    for h in list(c.holdings):
        if h.holder_kind == "person" and h.key in ("partner_md", "gmbh_partner", "md"):
            plan.changed.append(
                (
                    h,
                    "chair" if not plan.changed else "board_member",
                    "individual" if not plan.changed else "collective_two",
                )
            )
    write_changes(sim, notice, c, plan)


def _transfer(sim: Simulator, notice: Notice, c: Company) -> None:
    other = sim.pop.pick_company(
        lambda x: x.id != c.id and x.status == "active" and x.kind == "company"
    )
    if other is None:
        return new_address(sim, notice, c)
    r = sim.rng
    notice.event("asset_transfer")
    buyer = r.random() < 0.5  # the subject receives (other is seller) or gives
    role = "asset_seller" if buyer else "asset_buyer"
    ref = notice.company_ref((other.id, other.name, other.uid, other.seat), role)
    notice.counterparts.append({"id": other.id, "role": role})
    assets = r.randint(20, 3000) * 1000.0
    a, p = phrases.chf(assets), phrases.chf(round(assets * r.uniform(0.1, 0.8), 2))
    d = fmt_date(notice.journal_date - timedelta(days=r.randint(5, 40)))
    if buyer:
        text = {
            "de": f"Vermögensübertragung: Die Gesellschaft übernimmt gemäss Vertrag vom {d} Aktiven von {a} und Passiven von {p} der {ref}.",
            "fr": f"Transfert de patrimoine: la société reprend selon contrat du {d} des actifs de {a} et des passifs de {p} de {ref}.",
            "it": f"Trasferimento di patrimonio: la società riprende secondo contratto del {d} attivi di {a} e passivi di {p} della {ref}.",
        }
    else:
        text = {
            "de": f"Vermögensübertragung: Die Gesellschaft überträgt gemäss Vertrag vom {d} Aktiven von {a} und Passiven von {p} auf die {ref}.",
            "fr": f"Transfert de patrimoine: la société transfère selon contrat du {d} des actifs de {a} et des passifs de {p} à {ref}.",
            "it": f"Trasferimento di patrimonio: la società trasferisce secondo contratto del {d} attivi di {a} e passivi di {p} alla {ref}.",
        }
    notice.add(text[notice.lang])
    return None


def _plan_officers(sim: Simulator, c: Company, kind: str, plan: Plan) -> None:
    r = sim.rng
    persons = [
        h
        for h in c.holdings
        if h.holder_kind == "person"
        and h not in plan.removed
        and all(h is not x[0] for x in plan.changed)
        and all(h is not x[0] for x in plan.moved)
    ]
    if kind == "auditor":
        current = next((h for h in c.holdings if h.key == "auditor"), None)
        new = sim.pop.pick_company(
            lambda x: (
                x.sector == "fiduciary"
                and x.id != c.id
                and x.status == "active"
                and x.kind == "company"
                and (current is None or x.id != current.holder_id)
            )
        )
        if current is not None:
            plan.removed.append(current)
        if new is not None:
            plan.added.append((new, "auditor", "none", 0))
            c.opting_out = False
        return
    if kind == "move" and persons:
        h = persons[r.randrange(len(persons))]
        p = sim.pop.persons[h.holder_id]
        old = h.residence or p.residence
        while p.residence == old:
            p.residence, p.residence_country = sim.pop._residence(c.lang)
        plan.moved.append((h, old))
        return
    if kind == "signature" and persons:
        h = persons[r.randrange(len(persons))]
        sig = draw_signature(sim, h.key)
        if sig == h.signature:
            sig = "collective_two" if h.signature != "collective_two" else "individual"
        plan.changed.append((h, h.key, sig))
        return
    rotation = sim.vocab.rotation[c.legal_form]
    key = rotation[r.randrange(len(rotation))]
    same = [h for h in persons if h.key == key]
    roll = r.random()
    if same and roll < 0.4:
        plan.removed.append(same[r.randrange(len(same))])
    elif same and roll < 0.55 and c.legal_form == "0106" and key == "board_member":
        h = same[r.randrange(len(same))]
        plan.changed.append((h, "vice_chair", "collective_two"))
        return
    if roll < 0.4 and r.random() < 0.5:
        return
    exclude = {h.holder_id for h in c.holdings}
    person = sim.pop.holder(c.lang, exclude)
    sig = draw_signature(sim, key)
    plan.added.append((person, key, sig, 0))
