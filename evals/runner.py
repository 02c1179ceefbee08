"""Drive every system over every item of a suite and score the answers.

Questions are asked in fresh threads; the turns of a conversation share one thread so the agent
can carry context over. Records are appended to `records.jsonl` as they are scored, so an
interrupted run keeps what it measured.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

from evals.benchmark import Conversation, Question, ReferenceFact
from evals.judge import Judge
from evals.metrics import fact_score, token_recall
from evals.records import ItemRecord, SystemOutput
from evals.systems import FlatSystem, System


def score(
    system: System,
    suite: str,
    item_id: str,
    turn: int | None,
    text: str,
    language: str,
    task_type: str,
    difficulty: int,
    reference: str,
    facts: Sequence[ReferenceFact],
    expected_tools: list[str],
    needs_context: bool,
    output: SystemOutput,
    judge: Judge | None = None,
) -> ItemRecord:
    """One scored record: deterministic metrics always, the judge's when one is given."""
    correctness, reasons = fact_score(facts, output.answer)
    evidence, _ = fact_score(facts, output.context)
    recall, _ = token_recall(reference, output.context)
    judged = (
        judge.score_all(text, output.answer, reference, output.context)
        if judge and not output.error
        else {}
    )
    return ItemRecord(
        system=system.name,
        family=system.family,
        suite=suite,
        item_id=item_id,
        turn=turn,
        question=text,
        language=language,
        task_type=task_type,
        difficulty=difficulty,
        needs_context=needs_context,
        expected_tools=expected_tools,
        output=output,
        correctness=correctness,
        fact_reasons=reasons,
        evidence=evidence,
        token_recall=recall,
        judge=judged,
    )


def _sweep(
    system: System, facts: Sequence[ReferenceFact], reference: str
) -> dict[str, dict[str, float]]:
    """Retrieval-depth metrics of a flat system's last answer (empty for graph systems)."""
    if not isinstance(system, FlatSystem):
        return {}
    out: dict[str, dict[str, float]] = {}
    for k, o in system.last_sweep.items():
        out[str(k)] = {
            "correctness": fact_score(facts, o.answer)[0],
            "token_recall": token_recall(reference, o.context)[0],
            "retrieved": float(o.retrieved),
        }
    return out


class Runner:
    """Runs systems over items and writes scored records as it goes."""

    def __init__(
        self,
        systems: Sequence[System],
        records_path: Path,
        judge: Judge | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        self.systems = list(systems)
        self.records_path = records_path
        self.judge = judge
        self.progress = progress or (lambda _label: None)
        self.run_id = uuid.uuid4().hex[:8]
        records_path.parent.mkdir(parents=True, exist_ok=True)

    def _write(self, record: ItemRecord) -> ItemRecord:
        with self.records_path.open("a", encoding="utf-8") as fh:
            fh.write(record.model_dump_json() + "\n")
        return record

    async def question(self, system: System, q: Question) -> ItemRecord:
        """Ask one question in a fresh thread."""
        output = await system.answer(q.text, f"eval-{self.run_id}-{system.name}-{q.id}")
        record = score(
            system,
            q.suite,
            q.id,
            None,
            q.text,
            q.language,
            q.task_type,
            q.difficulty,
            q.reference_answer,
            q.facts,
            q.expected_tools,
            False,
            output,
            self.judge,
        )
        record.by_k = _sweep(system, q.facts, q.reference_answer)
        return self._write(record)

    async def conversation(self, system: System, c: Conversation) -> list[ItemRecord]:
        """Ask every turn of a conversation in one thread."""
        thread = f"eval-{self.run_id}-{system.name}-{c.id}"
        out = []
        for index, turn in enumerate(c.turns):
            output = await system.answer(turn.text, thread)
            record = score(
                system,
                c.suite,
                c.id,
                index,
                turn.text,
                c.language,
                c.task_type,
                c.difficulty,
                turn.reference_answer,
                turn.facts,
                turn.expected_tools,
                turn.needs_context,
                output,
                self.judge,
            )
            record.by_k = _sweep(system, turn.facts, turn.reference_answer)
            out.append(self._write(record))
        return out

    async def run(self, items: Sequence[Question | Conversation]) -> list[ItemRecord]:
        """Every system over every item; progress is reported once per (system, item)."""
        records: list[ItemRecord] = []
        for system in self.systems:
            for item in items:
                if isinstance(item, Conversation):
                    records.extend(await self.conversation(system, item))
                else:
                    records.append(await self.question(system, item))
                self.progress(f"{system.name}: {item.id}")
        return records
