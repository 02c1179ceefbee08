"""Assemble the generated suites: the plan of task types and levels, aggregates, conversations.

`graph_seeded(truth, n, seed)` spreads `n` questions evenly over six task types times three
difficulty levels and four languages, topping up from other cells when one runs out of suitable
entities. `conversational(truth, n, seed)` writes conversations whose follow-up turns refer back
to the entity of the first turn.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from evals import seeded as s
from evals.benchmark import Conversation, Question, ReferenceFact, TaskType, Turn
from evals.templates import EVENT_WORDS, LANGUAGES, Q
from evals.truth import Truth

EVENT_TYPES = tuple(EVENT_WORDS)


def _company(builder: s.Builder) -> s.Builder:
    return lambda truth, cid, lang: builder(truth, truth.companies[cid], lang)


# (task type, difficulty, pool, builder); pools come from `seeded.pools`, `aggregates` below.
CELLS: tuple[tuple[TaskType, int, str, s.Builder], ...] = (
    ("direct", 1, "companies", _company(s.b_seat_or_uid)),
    ("direct", 2, "uid", _company(s.b_by_uid)),
    ("direct", 3, "renamed", _company(s.b_by_old_name)),
    ("namehub", 1, "persons", s.b_person),
    ("namehub", 2, "variant_persons", s.b_person),
    ("namehub", 3, "homonyms", s.b_homonyms),
    ("temporal", 1, "registered", _company(s.b_registered)),
    ("temporal", 2, "moved", _company(s.b_seat_move)),
    ("temporal", 3, "renamed", _company(s.b_name_history)),
    ("network", 1, "auditor", _company(s.b_auditor)),
    ("network", 1, "branch", _company(s.b_head_office)),
    ("network", 2, "officers", _company(s.b_officers)),
    ("network", 3, "merged", _company(s.b_merged)),
    ("as_of", 1, "capital_hist", _company(s.b_capital_as_of)),
    ("as_of", 2, "moved", _company(s.b_seat_as_of)),
    ("as_of", 3, "companies", _company(s.b_officers_as_of)),
    ("aggregate", 1, "agg_registrations", lambda t, item, lang: _b_count(item, lang)),
    ("aggregate", 2, "agg_event_year", lambda t, item, lang: _b_count(item, lang)),
    ("aggregate", 3, "agg_event_canton_year", lambda t, item, lang: _b_count(item, lang)),
)


def aggregates(truth: Truth) -> dict[str, list[dict[str, Any]]]:
    """Counts of notices by canton, year and event type, as aggregate-question candidates."""
    regs: Counter[tuple[str, str]] = Counter()
    by_year: Counter[tuple[str, str]] = Counter()
    by_canton: Counter[tuple[str, str, str]] = Counter()
    for e in truth.events:
        year = e["publication_date"][:4]
        if e["sub_rubric"] == "HR01":
            regs[(e["canton"], year)] += 1
        for kind in set(e.get("event_types") or []) & set(EVENT_TYPES):
            by_year[(kind, year)] += 1
            by_canton[(kind, e["canton"], year)] += 1
    return {
        "agg_registrations": [
            {"key": "count_registrations", "canton": c, "year": y, "n": n}
            for (c, y), n in sorted(regs.items())
            if n >= 2
        ],
        "agg_event_year": [
            {"key": "count_event_year", "event": k, "year": y, "n": n}
            for (k, y), n in sorted(by_year.items())
            if n >= 2
        ],
        "agg_event_canton_year": [
            {"key": "count_event_canton_year", "event": k, "canton": c, "year": y, "n": n}
            for (k, c, y), n in sorted(by_canton.items())
            if n >= 2
        ],
    }


def _b_count(item: dict[str, Any], lang: str) -> s.Built:
    fields: dict[str, Any] = {k: item[k] for k in ("canton", "year") if k in item}
    if "event" in item:
        fields["event"] = EVENT_WORDS[item["event"]][lang]
    text = Q[item["key"]][lang].format(**fields)
    fact = ReferenceFact(kind="number", value=str(item["n"]), label="count")
    return text, str(item["n"]), [fact], []


def _cell_stream(
    truth: Truth, pool: list[Any], builder: s.Builder, rng: random.Random, first_lang: int
) -> Iterator[tuple[str, s.Built]]:
    order = list(pool)
    rng.shuffle(order)
    i = first_lang
    for item in order:
        lang = LANGUAGES[i % len(LANGUAGES)]
        built = builder(truth, item, lang)
        if built is not None:
            i += 1
            yield lang, built


def graph_seeded(truth: Truth, n: int = 324, seed: int = 7) -> list[Question]:
    """At least `n` questions (if the truth offers enough entities), balanced over the plan."""
    rng = random.Random(seed)
    candidates = {**s.pools(truth), **aggregates(truth)}
    streams = [
        _cell_stream(truth, candidates.get(pool, []), builder, random.Random(rng.random()), idx)
        for idx, (_t, _d, pool, builder) in enumerate(CELLS)
    ]
    quota = math.ceil(n / len(CELLS))
    out: list[Question] = []
    counts = Counter[int]()
    live = set(range(len(CELLS)))
    # Round-robin: every cell gives one question per pass until its quota or its pool runs out;
    # cells with entities left then top up what the exhausted ones could not give.
    while len(out) < n and live:
        for idx in sorted(live):
            if len(out) >= n:
                break
            if counts[idx] >= quota and any(counts[j] < quota for j in live):
                continue
            try:
                lang, (text, answer, facts, entities) = next(streams[idx])
            except StopIteration:
                live.discard(idx)
                continue
            task, diff, _pool, _b = CELLS[idx]
            counts[idx] += 1
            out.append(
                Question(
                    id=f"gs-{task}-{diff}-{counts[idx]:03d}-{idx:02d}",
                    suite="graph-seeded",
                    text=text,
                    language=lang,  # type: ignore[arg-type]
                    task_type=task,
                    difficulty=diff,  # type: ignore[arg-type]
                    reference_answer=answer,
                    facts=facts,
                    expected_tools=s.TOOLS[task],
                    entities=entities,
                )
            )
    return sorted(out, key=lambda q: q.id)


def conversational(truth: Truth, n: int = 12, seed: int = 11) -> list[Conversation]:
    """`n` conversations of 3 to 5 turns about one company each, with co-reference."""
    rng = random.Random(seed)
    pool = s.pools(truth)
    registered = set(pool["registered"])
    candidates = [cid for cid in pool["officers"] if cid in registered]
    rng.shuffle(candidates)
    out: list[Conversation] = []
    for cid in candidates:
        if len(out) >= n:
            break
        lang = LANGUAGES[len(out) % len(LANGUAGES)]
        c = truth.companies[cid]
        name = truth.current_name(cid)
        seat = ReferenceFact(kind="name", value=c["seats"][-1]["value"], label="seat")
        people = s.dedupe([s.person_fact(truth, p) for p in s.open_people(truth, cid)])
        reg = s.date_fact(truth, c["registered_on"], c["registered_pub"], "registered on")
        turns = [
            Turn(
                text=Q["about"][lang].format(name=name),
                reference_answer=f"{name}, {seat.value}",
                facts=[s.name_fact(truth, cid), seat],
                expected_tools=["search_companies"],
            ),
            Turn(
                text=Q["its_officers"][lang],
                reference_answer="; ".join(p.value for p in people),
                facts=people,
                needs_context=True,
                memory="entity",
                expected_tools=["explore_network"],
            ),
            Turn(
                text=Q["its_registration"][lang],
                reference_answer=reg.value,
                facts=[reg],
                needs_context=True,
                memory="entity",
                expected_tools=["get_node_history"],
            ),
        ]
        if len(c.get("seats") or []) >= 2:
            old = c["seats"][-2]["value"]
            turns.append(
                Turn(
                    text=Q["its_former_seat"][lang],
                    reference_answer=old,
                    facts=[ReferenceFact(kind="name", value=old, label="former seat")],
                    needs_context=True,
                    memory="temporal",
                    expected_tools=["get_node_history"],
                )
            )
        if c.get("capitals") and len(turns) < 5:
            cap = f"{float(c['capitals'][-1]['value']):.2f}"
            turns.append(
                Turn(
                    text=Q["its_capital"][lang],
                    reference_answer=f"CHF {cap}",
                    facts=[ReferenceFact(kind="number", value=cap, label="capital")],
                    needs_context=True,
                    memory="fact",
                )
            )
        out.append(
            Conversation(
                id=f"conv-{len(out) + 1:03d}",
                language=lang,  # type: ignore[arg-type]
                task_type="network",
                difficulty=2,
                turns=turns,
                entities=[cid],
            )
        )
    return out
