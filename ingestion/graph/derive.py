"""From resolved mentions to graph rows: person profiles, INVOLVED_IN, HOLDS_ROLE and the
transaction edges between companies (pure functions, no I/O)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any, Final

from ingestion.graph.facts import ContributionRow, contribution_props
from ingestion.graph.normalize import (
    company_hub_key,
    origin_keys,
    person_hub_key,
    person_norm,
    place_canton,
    place_keys,
    place_norm,
    residence_country,
    stable_id,
)
from ingestion.graph.persons import Profile, display_name
from ingestion.graph.roles import RoleMention, role_intervals
from ingestion.graph.rows import CompanyRow, PersonRow

# Transaction role of a named company -> (edge type, direction); "out" = named -> subject.
TRANSACTION_EDGES: Final = {
    "head_office": (("HEAD_OFFICE_OF", "out"),),
    "branch": (("HEAD_OFFICE_OF", "in"),),
    "merger_absorbed": (("MERGED_INTO", "out"),),
    "merger_absorbing": (("MERGED_INTO", "in"),),
    "asset_seller": (("TRANSFERRED_TO", "out"), ("ACQUIRED_FROM", "in")),
    "asset_buyer": (("TRANSFERRED_TO", "in"), ("ACQUIRED_FROM", "out")),
}


def _role_rows(
    holder: str,
    by_company: dict[str, list[RoleMention]],
    shares: dict[str, dict[str, ContributionRow]] | None = None,
) -> list[dict[str, Any]]:
    """HOLDS_ROLE rows; `shares` maps company -> notice -> the contribution it states, and each
    interval carries the latest one stated in its own notices."""
    rows = []
    for company, mentions in sorted(by_company.items()):
        stated = (shares or {}).get(company, {})
        for iv in role_intervals(mentions):
            props: dict[str, Any] = dict(iv)
            props["current"] = iv["valid_to"] is None
            props["holder"] = holder
            latest = max(
                (p for p in iv["pubs"] if p in stated), key=_pub_order(mentions), default=None
            )
            props.update(contribution_props(stated[latest] if latest else None))
            props["shares_pub"] = latest
            rows.append({"holder": holder, "company": company, "props": props})
    return rows


def _pub_order(mentions: Sequence[RoleMention]) -> Any:
    order = {m.pub_number: (m.date, m.pub_number) for m in mentions}
    return lambda pub: order.get(pub, (None, pub))


def person_rows(
    block: str, profile: Profile, companies: dict[tuple[str, int], str]
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Person node, INVOLVED_IN rows and HOLDS_ROLE rows of one resolved profile.

    `companies` maps a mention key (pub, idx) to the subject company of its notice.
    """
    ms = sorted(profile.mentions, key=lambda m: (m.date, m.pub_number, m.idx))
    first = ms[0]
    pid = stable_id("p", block, first.pub_number, first.idx)
    family, given, hub_key = display_name(profile)
    earlier = earlier_names(ms)
    spellings = sorted(
        {(m.family_name, m.given_names or "") for m in ms} | {(f, g or "") for f, g, _ in earlier}
    )
    hubs = sorted({person_hub_key(f, g): f"{g} {f}".strip() for f, g in spellings}.items())
    origins = Counter(m.origin for m in ms if m.origin)
    nats = Counter(m.nationality for m in ms if m.nationality)
    residences = residence_history(ms)
    pubs = sorted({m.pub_number for m in ms})
    props = {
        "id": pid,
        "family_name": family,
        "given_names": given,
        "full_name": f"{given or ''} {family}".strip(),
        "name_variants_text": " | ".join(f"{g} {f}".strip() for f, g in spellings),
        "name_norm": person_norm(family, given),
        "hub_key": hub_key,
        "block_key": block,
        "origin": origins.most_common(1)[0][0] if origins else None,
        "nationality": nats.most_common(1)[0][0] if nats else None,
        "residence": residences[-1] if residences else None,
        "residences": residences,
        **place_props(ms, residences),
        "earlier_names": sorted({f"{g or ''} {f}".strip() for f, g, _ in earlier}),
        "name_changes": [
            f"{g or ''} {f}".strip() + f" -> {now} ({m.pub_number}, {m.date.isoformat()})"
            for f, g, m in earlier
            for now in [f"{m.given_names or ''} {m.family_name}".strip()]
        ],
        "strength": "strong" if len(pubs) >= 2 else "weak",
        "merge_reason": "; ".join(profile.reasons) if profile.reasons else "single mention",
        "mentions": len(ms),
        "pubs": pubs,
    }
    person = {"props": props, "hubs": [{"key": k, "display": d} for k, d in hubs]}
    involved = [{"holder": pid, "pub": m.pub_number, "props": _person_mention_props(m)} for m in ms]
    by_company: dict[str, list[RoleMention]] = defaultdict(list)
    shares: dict[str, dict[str, ContributionRow]] = defaultdict(dict)
    for m in ms:
        company = companies.get((m.pub_number, m.idx))
        if company:
            by_company[company].append(_role_mention(m))
            if m.contribution:
                shares[company][m.pub_number] = m.contribution
    return person, involved, _role_rows(pid, by_company, shares)


def earlier_names(ms: Sequence[PersonRow]) -> list[tuple[str, str | None, PersonRow]]:
    """(family, given, the notice) of every earlier name a notice gives ("Muster-Beispiel,
    Anna, [bisher: Muster, Anna]"), in date order, each once."""
    out: list[tuple[str, str | None, PersonRow]] = []
    seen: set[tuple[str, str | None]] = set()
    for m in ms:
        if m.prev_family and (m.prev_family, m.prev_given) not in seen:
            seen.add((m.prev_family, m.prev_given))
            out.append((m.prev_family, m.prev_given, m))
    return out


def residence_history(ms: Sequence[PersonRow]) -> list[str]:
    """The residences of a person in date order, each once in a row; an earlier residence a
    notice names ("[bisher: in X]", "précédemment à X") comes before that notice's own."""
    residences: list[str] = []
    for m in ms:
        for place in (m.prev_residence, m.residence):
            if place and (not residences or residences[-1] != place):
                if place == m.prev_residence and place in residences:
                    continue  # a former residence already seen is no new move
                residences.append(place)
    return residences


def place_props(ms: Sequence[PersonRow], residences: list[str]) -> dict[str, Any]:
    """The folded place keys the list filters compare (`shabgraph.register.places`): every
    residence and origin the notices gave, and the country of the latest residence when it is
    abroad (null in Switzerland or when the notices do not say)."""
    nats = Counter(m.nationality for m in ms if m.nationality)
    return {
        "residence_keys": place_keys(*residences),
        "origin_keys": origin_keys(*(m.origin for m in ms)),
        "residence_country": residence_country(
            residences[-1] if residences else None, nats.most_common(1)[0][0] if nats else None
        ),
        "residence_key": place_norm(residences[-1]) or None if residences else None,
        # completed in the derived stage from the firms seated there (stages/derived.py)
        "residence_canton": place_canton(residences[-1]) if residences else None,
    }


def _role_mention(m: PersonRow | CompanyRow) -> RoleMention:
    if isinstance(m, PersonRow):
        return RoleMention(
            m.date,
            m.pub_date,
            m.pub_number,
            m.idx,
            m.roles,
            m.prev_roles,
            m.role_text,
            m.signature,
            m.action,
            m.prev_signature,
            m.correction,
        )
    return RoleMention(
        m.date, m.pub_date, m.pub_number, m.idx, m.roles, (), m.role_text, "none", m.action
    )


def _person_mention_props(m: PersonRow) -> dict[str, Any]:
    return {
        "mention": m.idx,
        "family_name": m.family_name,
        "given_names": m.given_names,
        "origin": m.origin,
        "nationality": m.nationality,
        "residence": m.residence,
        "prev_residence": m.prev_residence,
        "role": m.roles[0] if m.roles else None,
        "roles": list(m.roles),
        "prev_roles": list(m.prev_roles),
        "role_text": m.role_text,
        "signature": m.signature,
        "action": m.action,
        "prev_signature": m.prev_signature,
        "correction": m.correction,
        "prev_family_name": m.prev_family,
        "prev_given_names": m.prev_given,
        **contribution_props(m.contribution),
        "pubs": [m.pub_number],
    }


def company_mention_props(m: CompanyRow) -> dict[str, Any]:
    """INVOLVED_IN properties of one company mention (the mention as written)."""
    return {
        "mention": m.idx,
        "name": m.name,
        "uid": m.uid,
        "seat": m.seat,
        "role": m.roles[0] if m.roles else None,
        "roles": list(m.roles),
        "role_text": m.role_text,
        "signature": "none",
        "action": m.action,
        "hub_key": company_hub_key(m.name),
        **contribution_props(m.contribution),
        "pubs": [m.pub_number],
    }


def holder_rows(
    holder: str, mentions: Sequence[tuple[CompanyRow, str]]
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """HOLDS_ROLE rows and transaction-edge rows derived from one company holder's mentions."""
    by_company: dict[str, list[RoleMention]] = defaultdict(list)
    shares: dict[str, dict[str, ContributionRow]] = defaultdict(dict)
    links: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for m, subject in mentions:
        if not subject or subject == holder:
            continue
        if any(r not in TRANSACTION_EDGES for r in m.roles):
            by_company[subject].append(_role_mention(m))
            if m.contribution:
                shares[subject][m.pub_number] = m.contribution
        for role in m.roles:
            for rel, direction in TRANSACTION_EDGES.get(role, ()):
                src, dst = (holder, subject) if direction == "out" else (subject, holder)
                links[rel].append(
                    {
                        "src": src,
                        "dst": dst,
                        "holder": holder,
                        "pub": m.pub_number,
                        "props": {"date": m.date, "pubs": [m.pub_number], "role": role},
                    }
                )
    if "HEAD_OFFICE_OF" in links:
        links["HEAD_OFFICE_OF"] = _one_per_pair(links["HEAD_OFFICE_OF"])
    return _role_rows(holder, by_company, shares), dict(links)


def _one_per_pair(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A head office heads its branch once, however many notices say so: one edge per pair,
    dated and keyed by the first notice, citing them all."""
    by_pair: dict[tuple[str, str], dict[str, Any]] = {}
    for row in sorted(rows, key=lambda r: (r["props"]["date"], r["pub"])):
        first = by_pair.setdefault(
            (row["src"], row["dst"]), {**row, "props": {**row["props"], "pubs": []}}
        )
        if row["pub"] not in first["props"]["pubs"]:
            first["props"]["pubs"].append(row["pub"])
    for row in by_pair.values():
        row["props"]["pubs"].sort()
    return list(by_pair.values())
