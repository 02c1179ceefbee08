"""The birth of register entries: HR01 registrations (branches included) with fictitious names.

Kept apart from the ends of entries (synthetic/lifecycle.py) because a registration draws the
whole company (form, name, seat, capital, first officers) while the other events only change one;
the name and capital rules are shared with the mutations that rename or convert a company.
"""

from __future__ import annotations

from datetime import timedelta

from synthetic import phrases
from synthetic.model import Company
from synthetic.officers import write_new_officers
from synthetic.simulator import Simulator, fmt_date
from synthetic.vocab import Place

CAPITALS = {
    "0106": (100_000, 100_000, 250_000, 500_000, 1_000_000),
    "0105": (100_000, 500_000),
    "0107": (20_000, 20_000, 20_000, 50_000, 100_000),
}


def form_suffix(sim: Simulator, form: str, lang: str) -> str | None:
    suffix: str | None = sim.vocab.companies["legal_forms"][form]["suffix"].get(lang)
    return suffix


def company_name(sim: Simulator, form: str, lang: str, sector: str) -> tuple[str, list[str]]:
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
    suffix = form_suffix(sim, form, lang)
    roll = r.random()
    if roll < 0.3:
        translations = []
        if form in ("0106", "0107") and r.random() < 0.25:
            translations = [
                f"{stem} {form_suffix(sim, form, other)}"
                for other in ("de", "fr", "it")
                if other != lang and form_suffix(sim, form, other) != suffix
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
        name, translations = company_name(sim, form, lang, sector)
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
