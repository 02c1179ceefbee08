"""Birth and death of register entries: registrations (branches included), liquidation,
bankruptcy, mergers and deletions, each written as the notices the register publishes."""

from __future__ import annotations

from datetime import timedelta

from synthetic import phrases
from synthetic.model import Company, close_history
from synthetic.officers import appoint_liquidator, write_new_officers
from synthetic.simulator import Simulator, fmt_date
from synthetic.vocab import Place

CAPITALS = {
    "0106": (100_000, 100_000, 250_000, 500_000, 1_000_000),
    "0105": (100_000, 500_000),
    "0107": (20_000, 20_000, 20_000, 50_000, 100_000),
}


def _suffix(sim: Simulator, form: str, lang: str) -> str | None:
    suffix: str | None = sim.vocab.companies["legal_forms"][form]["suffix"].get(lang)
    return suffix


def _name(sim: Simulator, form: str, lang: str, sector: str) -> tuple[str, list[str]]:
    """A fictitious company name and its translations."""
    r = sim.rng
    stem = sim.pop.stem()
    word = sim.vocab.companies["sectors"][sector][lang]
    if form in ("0108", "0109", "0110"):
        kind = sim.vocab.companies["nonprofit_words"][form][lang]
        return (f"{kind} {stem}" if r.random() < 0.6 else f"{stem} {kind}"), []
    if form in ("0101", "0103", "0104"):
        fam = sim.vocab.names["family"][lang]
        f1, f2 = fam[r.randrange(len(fam))], fam[r.randrange(len(fam))]
        if form == "0101":
            return f"{word} {f1}", []
        if form == "0103" and f1 != f2:
            return f"{f1} & {f2} {word}", []
        return f"{f1} & {'Cie' if lang == 'fr' else 'Co.'} {word}", []
    suffix = _suffix(sim, form, lang)
    roll = r.random()
    if roll < 0.3:
        translations = []
        if form in ("0106", "0107") and r.random() < 0.25:
            translations = [
                f"{stem} {_suffix(sim, form, other)}"
                for other in ("de", "fr", "it")
                if other != lang and _suffix(sim, form, other) != suffix
            ]
        return f"{stem} {suffix}", translations
    if roll < 0.75:
        return f"{stem} {word} {suffix}", []
    return f"{word} {stem} {suffix}", []


def register(sim: Simulator, head: Company | None = None) -> Company:
    """HR01: a new entry (a branch of `head` when given), with its first officers."""
    r = sim.rng
    pop = sim.pop
    foreign_head: Company | None = None
    if head is not None:
        form = "0151"
        canton = pop.draw_canton()
    else:
        form = pop.draw_form()
        canton = pop.draw_canton()
        if form == "0151":
            head = pop.pick_company(
                lambda c: (
                    c.legal_form in ("0106", "0107")
                    and c.status == "active"
                    and c.kind == "company"
                )
            )
            if head is None:
                form = "0107"
    place = pop.place_in(canton)
    lang = place.lang
    sectors = list(sim.vocab.companies["sectors"])
    sector = head.sector if head is not None else sectors[r.randrange(len(sectors))]
    if form == "0151":
        assert head is not None
        branch_word = {"de": "Zweigniederlassung", "fr": "succursale de", "it": "succursale di"}[
            lang
        ]
        name = (
            head.base_name if r.random() < 0.5 else f"{head.base_name}, {branch_word} {place.name}"
        )
        translations: list[str] = []
    elif form == "0111":
        town, country = sim.vocab.foreign_places[r.randrange(len(sim.vocab.foreign_places))]
        forms = sim.vocab.companies["foreign_forms"]
        fname = f"{pop.stem()} {forms[r.randrange(len(forms))]}"
        fplace = Place(name=f"{town} ({country})", zip_code="", canton=canton, lang=lang)
        foreign_head = pop.new_company("foreign", "", fplace, fname, sector)
        branch_word = {"de": "Zweigniederlassung", "fr": "succursale de", "it": "succursale di"}[
            lang
        ]
        name, translations = f"{fname}, {branch_word} {place.name}", []
    else:
        name, translations = _name(sim, form, lang, sector)
    kind = "branch" if form in ("0151", "0111") else "company"
    c = pop.new_company(kind, form, place, name, sector, translations)
    if head is not None:
        c.head_office_id = head.id
        head.branch_ids.append(c.id)
        c.purpose = head.purpose
    elif foreign_head is not None:
        c.head_office_id = foreign_head.id
        c.purpose = sim.vocab.companies["sectors"][sector]["purpose"][lang]
    elif form in ("0108", "0109", "0110"):
        c.purpose = sim.vocab.companies["nonprofit_purpose"][form][lang]
    else:
        c.purpose = sim.vocab.companies["sectors"][sector]["purpose"][lang]
    if form in CAPITALS:
        options = CAPITALS[form]
        c.capital = float(options[r.randrange(len(options))])

    notice, skel = sim.begin(c, "HR01")
    sim.head(notice, c, new_entry=True)
    notice.event("registration")
    L = phrases.LABELS[lang]
    statutes = notice.journal_date - timedelta(days=r.randint(5, 60))
    if kind == "branch":
        _branch_lines(sim, notice, c, head or foreign_head)
        notice.event("branch")
    else:
        if form == "0110":
            notice.add(f"{L['deed']}{':' if lang != 'fr' else ''} {fmt_date(statutes)}.")
        elif form not in ("0101", "0103", "0104"):
            notice.add(f"{L['statutes']}{':' if lang != 'fr' else ''} {fmt_date(statutes)}.")
        notice.add(f"{L['purpose']}: {c.purpose}")
        if c.capital:
            label = phrases.CAPITAL_LABEL[form][lang]
            amount = (
                phrases.chf_plain(c.capital) if notice.style == "prose" else phrases.chf(c.capital)
            )
            notice.add(f"{label}: {amount}.")
        if form in ("0106", "0107", "0105", "0108"):
            notice.add(L["organ"])
    # a new GmbH/AG without auditor says so; audited forms otherwise get one
    audited = form in sim.vocab.audited_forms or form == "0107"
    auditor = None
    if audited:
        if r.random() < 0.45 or form in ("0110", "0108"):
            auditor = sim.pop.pick_company(
                lambda x: (
                    x.sector == "fiduciary"
                    and x.id != c.id
                    and x.status == "active"
                    and x.kind == "company"
                )
            )
        if auditor is None and form in ("0106", "0107"):
            c.opting_out = True
            notice.add(phrases.OPTING_OUT[lang].format(d=fmt_date(statutes)))
    write_new_officers(sim, notice, c, auditor)
    sim.set_state(c, "names", c.name, notice, translations=c.translations)
    sim.set_state(c, "seats", c.seat, notice)
    sim.set_state(c, "legal_forms", c.legal_form, notice)
    sim.set_state(c, "statuses", "active", notice)
    if c.capital:
        sim.set_state(c, "capitals", c.capital, notice, paid=c.capital, currency="CHF")
    sim.set_address(c, notice)
    if c.purpose:
        sim.set_state(c, "purposes", c.purpose, notice)
    c.truth["registered_on"] = notice.journal_date.isoformat()
    c.truth["registered_pub"] = notice.pub_number
    c.truth["head_office_id"] = c.head_office_id
    sim.finish(notice, skel, c, None, sim.commons(c))
    return c


def _branch_lines(sim: Simulator, notice, c: Company, head: Company | None) -> None:  # type: ignore[no-untyped-def]
    assert head is not None
    lang = notice.lang
    ref = (head.id, head.name, head.uid, head.seat)
    if head.uid:
        intro = {
            "de": "Identifikationsnummer Hauptsitz",
            "fr": "Numéro d'identification du siège principal",
            "it": "Numero di identificazione della sede principale",
        }[lang]
        notice.add(f"{intro}: {head.uid}.")
    firm = {
        "de": "Firma Hauptsitz",
        "fr": "Raison sociale du siège principal",
        "it": "Ditta della sede principale",
    }[lang]
    seat = {"de": "Hauptsitz", "fr": "Siège principal à", "it": "Sede principale"}[lang]
    notice.add(f"{firm}: {head.name}.")
    notice._mention(
        kind="company",
        entity_id=ref[0],
        name=head.name,
        uid=head.uid,
        seat=head.seat,
        role="head_office",
        roles=["head_office"],
        action="registered",
    )
    notice.add(f"{seat}: {head.seat}.")
    notice.counterparts.append({"id": head.id, "role": "head_office"})


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
