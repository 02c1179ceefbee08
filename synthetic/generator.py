"""`generate()`: the simulation loop that writes a synthetic corpus with its ground truth."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, Field

from shabgraph.errors import InputError
from synthetic import lifecycle, mutations, registration
from synthetic.model import Company
from synthetic.simulator import Simulator
from synthetic.vocab import load
from synthetic.writer import CorpusWriter

GENERATOR_VERSION = "2"
MAX_COMPANIES = 12_000
"""Bound of the live working set; reached at about 96 k notices, so 1 M notices need no more memory than 100 k."""


class Summary(BaseModel):
    """What one `generate` run wrote."""

    out_dir: str
    """Output folder."""
    seed: int
    """Seed used."""
    notices: int
    """Publications written."""
    files: int
    """Notice page files written."""
    by_language: dict[str, int] = Field(default_factory=dict)
    """Publications per language."""
    by_sub_rubric: dict[str, int] = Field(default_factory=dict)
    """Publications per sub-rubric."""
    by_event: dict[str, int] = Field(default_factory=dict)
    """Publications per event label."""
    prose_notices: int = 0
    """Notices written in the Geneva/Vaud/Neuchâtel prose style."""
    truth_counts: dict[str, int] = Field(default_factory=dict)
    """Lines per truth file."""
    homonyms: int = 0
    """Persons created with the name of another person."""
    seconds: float = 0.0
    """Wall time."""


TERMINAL = ("liquidation", "bankruptcy", "deletion", "merger", "branch", "demerger")
TERMINAL_WEIGHTS = (4.0, 3.0, 1.5, 2.0, 2.0, 0.6)
MUTATION_WEIGHT = 85.0


def _step(sim: Simulator) -> None:
    """Write the next notice (or the few notices of one event)."""
    r = sim.rng
    pop = sim.pop
    active = len(pop.active)
    p_reg = max(0.12, 1.0 - active / sim.target)
    if active < 5 or (active < sim.target * 1.15 and r.random() < p_reg):
        registration.register(sim)
        return
    c = pop.companies[pop.active.pick(r)]
    need = lifecycle.notices_needed(c)
    if c.status in ("in_liquidation", "bankrupt"):
        if r.random() < 0.85 and sim.remaining >= need:
            lifecycle.delete(
                sim, c, "liquidation" if c.status == "in_liquidation" else "bankruptcy"
            )
        else:
            mutations.mutate(sim, c)
        return
    boost = 3.0 if active > sim.target else 1.0
    choice = r.choices(
        ("mutation", *TERMINAL), (MUTATION_WEIGHT, *(w * boost for w in TERMINAL_WEIGHTS))
    )[0]
    is_branch = c.kind == "branch"
    corp = c.legal_form in ("0106", "0107") and not is_branch
    if choice == "liquidation" and not is_branch:
        lifecycle.dissolve(sim, c, bankruptcy=False)
    elif choice == "bankruptcy" and not is_branch and c.legal_form not in ("0109", "0110"):
        lifecycle.dissolve(sim, c, bankruptcy=True)
    elif (
        choice == "deletion"
        and sim.remaining >= need
        and (is_branch or c.legal_form in ("0101", "0103", "0104", "0109"))
    ):
        lifecycle.delete(sim, c, "branch_closed" if is_branch else "ex_officio")
    elif choice == "merger" and corp and sim.remaining >= 2:
        other = pop.pick_company(
            lambda x: (
                x.id != c.id
                and x.kind == "company"
                and x.status == "active"
                and not x.branch_ids
                and x.legal_form in ("0106", "0107")
            )
        )
        if other is None:
            mutations.mutate(sim, c)
        else:
            lifecycle.merge(sim, c, other)
    elif choice == "demerger" and corp and sim.remaining >= 2:
        other = pop.pick_company(
            lambda x: (
                x.id != c.id
                and x.kind == "company"
                and x.status == "active"
                and x.legal_form in ("0106", "0107")
            )
        )
        if other is None:
            mutations.mutate(sim, c)
        else:
            lifecycle.demerge(sim, c, other)
    elif choice == "branch" and corp:
        registration.register(sim, head=c)
    else:
        mutations.mutate(sim, c)


def generate(
    n: int,
    seed: int,
    out_dir: Path,
    progress: Callable[[int], None] | None = None,
    max_companies: int = MAX_COMPANIES,
) -> Summary:
    """Write `n` synthetic notices and their ground truth under `out_dir`.

    `progress`, if given, is called with the number of notices written since its last call.
    """
    if n <= 0:
        raise InputError(f"--notices must be positive, got {n}")
    out_dir = Path(out_dir)
    if (out_dir / "notices").exists() and any((out_dir / "notices").iterdir()):
        raise InputError(
            f"{out_dir}/notices already holds files",
            "choose an empty folder: a corpus is never mixed with another",
        )
    started = time.perf_counter()
    rng = random.Random(seed)
    writer = CorpusWriter(out_dir, seed, n)
    sim = Simulator(rng, load(), writer, n, max_companies)
    reported = 0
    while sim.count < n:
        sim.tick()
        _step(sim)
        if progress is not None and sim.count - reported >= 500:
            progress(sim.count - reported)
            reported = sim.count
    sim.drain()
    if progress is not None and sim.count > reported:
        progress(sim.count - reported)
    summary = Summary(
        out_dir=str(out_dir),
        seed=seed,
        notices=sim.count,
        files=0,
        by_language=dict(sorted(sim.by_language.items())),
        by_sub_rubric=dict(sorted(sim.by_sub_rubric.items())),
        by_event=dict(sorted(sim.by_event.items())),
        prose_notices=sim.prose_notices,
        homonyms=sim.pop.homonyms,
    )
    writer.close(
        {
            "generator": "shabgraph",
            "generator_version": GENERATOR_VERSION,
            "seed": seed,
            "notices": n,
            "max_companies": max_companies,
            **summary.model_dump(
                include={"by_language", "by_sub_rubric", "by_event", "prose_notices", "homonyms"}
            ),
        }
    )
    summary.files = len(writer.files)
    summary.truth_counts = dict(writer.counts)
    summary.seconds = round(time.perf_counter() - started, 2)
    return summary


__all__ = ["Company", "Summary", "generate"]
