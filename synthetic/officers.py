"""Functions in a company: who is registered, removed or changed, written in either style.

`write_changes` is the one place that turns planned officer changes into text (headed blocks or
Geneva prose), opens and closes the role intervals, and sets the event labels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from synthetic import phrases
from synthetic.model import Company, Holding, Person
from synthetic.register_prose import RegisterProse
from synthetic.render import Notice
from synthetic.simulator import Simulator

SIGNING = frozenset(
    {"individual", "collective_two", "individual_procuration", "collective_procuration"}
)


@dataclass
class Plan:
    """Officer changes of one notice."""

    added: list[tuple[Person | Company, str, str, int]] = field(default_factory=list)
    """(holder, function key, signature, shares) to register."""
    removed: list[Holding] = field(default_factory=list)
    """Open holdings that end."""
    changed: list[tuple[Holding, str, str]] = field(default_factory=list)
    """(holding, new key, new signature)."""
    moved: list[tuple[Holding, str]] = field(default_factory=list)
    """(holding, residence as published before) for persons who moved."""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _prev_text(notice: Notice, prev: dict[str, Any], old_words: str | None) -> str:
    parts = []
    if "residence" in prev:
        parts.append(f"{phrases.IN[notice.lang]} {prev['residence']}")
    if "role_text" in prev and old_words:
        parts.append(old_words)
    if "signature" in prev:
        parts.append(phrases.SIGNATURES[notice.lang][prev["signature"]])
    return ", ".join(parts)


def _join_fr(entries: list[str]) -> str:
    return entries[0] if len(entries) == 1 else ", ".join(entries[:-1]) + ", et " + entries[-1]


def draw_signature(sim: Simulator, key: str) -> str:
    options = sim.vocab.roles[key]["signatures"]
    return str(options[sim.rng.randrange(len(options))])


def write_changes(sim: Simulator, notice: Notice, c: Company, plan: Plan) -> None:
    """Render the plan, update role intervals, record events."""
    prose = notice.style == "prose"
    lang = notice.lang
    # Register prose (issue 16): what it has a sentence for; the rest stays a headed list.
    reg = RegisterProse(lang) if notice.style == "register" else None
    removed_entries: list[str] = []
    changed_entries: list[str] = []
    sentences: list[str] = []
    for h in plan.removed:
        if h.holder_kind == "company":
            assert h.ref is not None
            ref = notice.company_ref(
                (h.holder_id, *h.ref), h.key, action="removed", role_text=h.words
            )
            notice.event("auditor_change" if h.key == "auditor" else "officer_change")
            if reg is not None and h.key == "auditor":
                reg.auditors_out.append(ref)
            elif prose:
                sentences.append(f"{h.ref[0]} n'est plus {h.words}.")
                notice.mentions[-1]["seat"] = None
                notice.mentions[-1]["uid"] = None
            else:
                removed_entries.append(f"{ref}, {h.words}")
        else:
            p = sim.pop.persons[h.holder_id]
            notice.event("officer_change")
            if h.signature in SIGNING:
                notice.event("signature_change")
            if reg is not None and (h.words or h.signature in SIGNING):
                if h.words:
                    reg.officers_out.append(
                        notice.person(
                            p,
                            h.key,
                            h.signature,
                            "removed",
                            with_signature=False,
                            family_first=True,
                        )
                    )
                    reg.signed_out |= h.signature in SIGNING
                    reg.female_out = p.sex == "f"
                else:
                    reg.expired.setdefault(h.signature, []).append(
                        notice.person(
                            p,
                            h.key,
                            h.signature,
                            "removed",
                            details=False,
                            with_role=False,
                            with_signature=False,
                            family_first=True,
                        )
                    )
            elif prose:
                entry = notice.person(
                    p,
                    h.key,
                    h.signature,
                    "removed",
                    details=False,
                    with_role=False,
                    with_signature=False,
                    role_text=h.words,
                )
                if h.words:
                    tail = "; sa signature est radiée" if h.signature in SIGNING else ""
                    sentences.append(f"{entry} n'est plus {h.words}{tail}.")
                elif "procuration" in h.signature:
                    sentences.append(f"La procuration de {entry} est radiée.")
                else:
                    sentences.append(f"La signature de {entry} est radiée.")
            else:
                removed_entries.append(
                    notice.person(p, h.key, h.signature, "removed", shares=h.shares)
                )
    for h, key, sig in plan.changed:
        p = sim.pop.persons[h.holder_id]
        prev: dict[str, Any] = {}
        if key != h.key:
            prev["roles"] = sim.vocab.roles[h.key]["roles"]
            prev["role_text"] = h.words
        if sig != h.signature:
            prev["signature"] = h.signature
            notice.event("signature_change")
        if p.residence != h.residence and h.residence:
            prev["residence"] = h.residence
        notice.event("officer_change")
        old_words = h.words
        # open before closing: a person whose last role closes may be retired at once
        new = sim.open_role(c, notice, key, sig, person=p, shares=h.shares)
        sim.close_role(c, h, notice.journal_date, notice.pub_number, "changed")
        ptext = _prev_text(notice, prev, old_words)
        # German writes the earlier values inline ("bisher Mitglied mit Einzelunterschrift", one
        # field); a changed residence would need a comma, so that change keeps the bracket.
        inline = lang != "de" or "residence" not in prev
        changes = set(prev) & {"role_text", "signature"}
        if reg is not None and new.words and old_words and changes and inline:
            entry = notice.person(
                p,
                key,
                sig,
                "registered",
                with_role=False,
                with_signature=False,
                previous=prev or None,
                role_text=new.words,
                family_first=True,
            )
            old = ptext
            if lang == "de":
                old = " ".join(
                    ([old_words] if "role_text" in prev else [])
                    + ([phrases.SIGNATURES[lang][prev["signature"]]] if "signature" in prev else [])
                )
            sig_text = phrases.SIGNATURES[lang].get(sig)
            reg.change(entry, new.words, old, sig_text, p.sex == "f", "role_text" in prev)
            continue
        if prose:
            entry = notice.person(
                p,
                key,
                sig,
                "registered",
                with_role=False,
                previous=prev or None,
                role_text=new.words,
            )
            words = f", désormais {new.words}" if new.words else ""
            sentences.append(f"{entry}{words} [{phrases.PREVIOUS[lang]}: {ptext}].")
        else:
            changed_entries.append(
                notice.person(
                    p,
                    key,
                    sig,
                    "registered",
                    shares=h.shares,
                    previous=prev or None,
                    prev_text=ptext,
                )
            )
    for h, old_res in plan.moved:
        p = sim.pop.persons[h.holder_id]
        notice.event("officer_change")
        prev = {"residence": old_res}
        ptext = f"{phrases.IN[lang]} {old_res}"
        h.residence = p.residence
        entry = notice.person(
            p, h.key, h.signature, "registered", shares=h.shares, previous=prev, prev_text=ptext
        )
        if prose:
            sentences.append(f"{entry}.")
        else:
            changed_entries.append(entry)
    grants: dict[str, list[str]] = {}
    for holder, key, sig, shares in plan.added:
        if isinstance(holder, Company):
            h = sim.open_role(c, notice, key, sig, holder=holder, shares=shares)
            ref = notice.company_ref(
                (holder.id, holder.name, holder.uid, holder.seat), key, role_text=h.words
            )
            notice.event("auditor_change" if key == "auditor" else "officer_change")
            if reg is not None and key == "auditor":
                reg.auditors_in.append(ref)
            elif prose:
                share_text = f", {phrases.PROSE_SHARES.format(n=shares)}" if shares else ""
                sentences.append(f"{_cap(h.words or '')}: {ref}{share_text}.")
            else:
                share_text = f", {phrases.SHARES[lang].format(n=shares)}" if shares else ""
                changed_entries.append(f"{ref}, {h.words}{share_text}")
            continue
        h = sim.open_role(c, notice, key, sig, person=holder, shares=shares)
        notice.event("officer_change")
        if sig in SIGNING:
            notice.event("signature_change")
        if reg is not None and sig in SIGNING:
            reg.granted.setdefault(sig, []).append(
                notice.person(
                    holder,
                    key,
                    sig,
                    "registered",
                    with_signature=False,
                    shares=shares,
                    family_first=True,
                )
            )
        elif prose and not h.words and sig in phrases.PROSE_GRANT:
            grants.setdefault(sig, []).append(
                notice.person(holder, key, sig, "registered", with_role=False, with_signature=False)
            )
        elif prose:
            title = _cap(h.words or "")
            entry = notice.person(
                holder, key, sig, "registered", with_role=False, shares=shares, role_text=title
            )
            sentences.append(f"{title}: {entry}.")
        else:
            changed_entries.append(notice.person(holder, key, sig, "registered", shares=shares))
    for sig, entries in grants.items():
        verb = phrases.PROSE_GRANT_VERB.get(notice.canton, phrases.PROSE_GRANT_VERB_DEFAULT)
        sentences.append(f"{phrases.PROSE_GRANT[sig]} {verb} {_join_fr(entries)}.")
    # closed last: a person whose last role ends may be retired from the pool at once
    for h in plan.removed:
        sim.close_role(c, h, notice.journal_date, notice.pub_number, "removed")
    if reg is not None:
        for s in reg.sentences(sim.rng):
            notice.add(s)
    if prose:
        for s in sentences:
            notice.add(s)
    else:
        notice.block("removed", removed_entries)
        notice.block("new" if notice.pub_number.startswith("HR01") else "changed", changed_entries)


def write_new_officers(sim: Simulator, notice: Notice, c: Company, auditor: Company | None) -> None:
    """The founders and first officers of a new entry."""
    r = sim.rng
    plan = Plan()
    exclude: set[str] = set()
    planned: list[tuple[str, int]] = []
    for key, lo, hi in sim.vocab.role_sets[c.legal_form]:
        planned.extend((key, 0) for _ in range(r.randint(lo, hi)))
    share_roles = [i for i, (k, _) in enumerate(planned) if sim.vocab.roles[k].get("shares")]
    if share_roles and c.capital:
        parts = int(c.capital // 100)
        for n, i in enumerate(share_roles):
            left = len(share_roles) - n
            take = parts if left == 1 else max(1, parts // left)
            planned[i] = (planned[i][0], take)
            parts -= take
    for key, shares in planned:
        if key == "gmbh_partner" and r.random() < 0.08:
            corp = sim.pop.pick_company(
                lambda x: (
                    x.legal_form in ("0106", "0107")
                    and x.id != c.id
                    and x.status == "active"
                    and x.kind == "company"
                )
            )
            if corp is not None:
                plan.added.append((corp, key, "none", shares))
                continue
        person = sim.pop.holder(c.lang, exclude)
        exclude.add(person.id)
        plan.added.append((person, key, draw_signature(sim, key), shares))
    if auditor is not None:
        plan.added.append((auditor, "auditor", "none", 0))
    write_changes(sim, notice, c, plan)


def appoint_liquidator(sim: Simulator, notice: Notice, c: Company) -> None:
    """Liquidation: one officer becomes liquidator, the other signatures end."""
    persons = [h for h in c.holdings if h.holder_kind == "person"]
    plan = Plan()
    if persons:
        keep = persons[sim.rng.randrange(len(persons))]
        plan.changed.append((keep, "liquidator", "individual"))
        plan.removed.extend(h for h in persons if h is not keep and h.signature in SIGNING)
    else:
        plan.added.append((sim.pop.holder(c.lang, set()), "liquidator", "individual", 0))
    write_changes(sim, notice, c, plan)
