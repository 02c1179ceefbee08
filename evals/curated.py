"""The curated suite: real users' questions on the real notices, judged by the scorer's rule.

The questions (`evals/data/questions/real_dev.jsonl`, format in its README) are not in the
template suites' benchmark format: each carries `must_contain` groups and `must_not_contain`
strings, and `evals/score_questions.py` is the one judge of them. This module asks them of the
agent in-process (no subprocess per question, as the scorer's CLI mode does) so `eval run`
reports them beside the template suites, by kind, language and tuned/held part of the split.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from neo4j import Driver

from evals.score_questions import judge
from evals.systems import SWITCHES, make_agent_service, memory_checkpointer
from shabgraph.settings import Settings

QUESTIONS_DIR = Path(__file__).resolve().parent / "data" / "questions"
DEFAULT_QUESTIONS = QUESTIONS_DIR / "real_dev.jsonl"
SPLIT_FILE = "split.json"
UNSPLIT = "unsplit"
"""Part of a question the split does not name (any file other than the split's source)."""


def load_questions(path: Path) -> list[dict[str, Any]]:
    """One dict a non-empty line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def load_parts(questions_path: Path) -> dict[str, str]:
    """id -> part name, from the file's own split beside it.

    That is `<name>_split.json` (as `tune2_split.json` for `tune2.jsonl`), else `split.json`
    when it is that file's split (its `source`, or none given). Every list-valued key of the
    split is a part (today `tune` and `held`), so a third part needs no code change; a split
    made for another file says nothing about this one.
    """
    split_path = questions_path.parent / f"{questions_path.stem}_{SPLIT_FILE}"
    if not split_path.is_file():
        split_path = questions_path.parent / SPLIT_FILE
    if not split_path.is_file():
        return {}
    split = json.loads(split_path.read_text(encoding="utf-8"))
    if split.get("source") not in (None, questions_path.name):
        return {}
    return {qid: part for part, ids in split.items() if isinstance(ids, list) for qid in ids}


async def ask_all(
    service: Any,
    questions: Sequence[dict[str, Any]],
    progress: Callable[[str, int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Each question's earlier turns then the question, in one fresh thread; the last answer."""
    run_id = uuid.uuid4().hex[:8]
    answers: list[dict[str, Any]] = []
    for done, q in enumerate(questions, 1):
        thread = f"curated-{run_id}-{q['id']}"
        started = time.perf_counter()
        answer, error, traces = "", None, []
        try:
            for turn in (q.get("turns") or [])[:-1]:
                traces.append((await service.ask(turn, thread)).trace)
            last = await service.ask(q["question"], thread)
            answer = last.answer
            traces.append(last.trace)
        except Exception as exc:  # one failing question must not cost the suite
            error = f"{type(exc).__name__}: {exc}"
        seconds = round(time.perf_counter() - started, 3)
        answers.append(
            {
                "id": q["id"],
                "answer": answer,
                "error": error,
                "seconds": seconds,
                # LLM cost and the turns the offline planner had to decide (all turns asked)
                "llm_calls": sum(t.llm_calls for t in traces),
                "turns": len(traces),
                "fell_back_turns": sum(1 for t in traces if t.fell_back),
                "fell_back": bool(traces) and traces[-1].fell_back,
            }
        )
        if progress:
            progress(f"curated: {q['id']}", done, len(questions))
    return answers


def judged(
    questions: Sequence[dict[str, Any]], answers: Iterable[dict[str, Any]], parts: dict[str, str]
) -> list[dict[str, Any]]:
    """One row a question: its kind, language, part and the scorer's verdict."""
    by_id = {a["id"]: a for a in answers}
    rows = []
    for q in questions:
        a = by_id.get(q["id"], {"answer": "", "error": "not answered"})
        right, why = judge(q, a["answer"]) if not a.get("error") else (False, a["error"])
        rows.append(
            {
                "id": q["id"],
                "type": q["type"],
                "language": q["language"],
                "part": parts.get(q["id"], UNSPLIT),
                "right": right,
                "why": why,
            }
        )
    return rows


def aggregate(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Overall accuracy, and right/total/accuracy by kind, by language and by part."""

    def cell(sel: Sequence[dict[str, Any]]) -> dict[str, Any]:
        right = sum(1 for r in sel if r["right"])
        return {"right": right, "total": len(sel), "accuracy": round(right / len(sel), 3)}

    groups: dict[str, defaultdict[str, list[dict[str, Any]]]] = {
        "by_type": defaultdict(list),
        "by_language": defaultdict(list),
        "by_part": defaultdict(list),
    }
    for r in rows:
        groups["by_type"][r["type"]].append(r)
        groups["by_language"][r["language"]].append(r)
        groups["by_part"][r["part"]].append(r)
    overall = cell(rows) if rows else {"right": 0, "total": 0, "accuracy": 0.0}
    return {
        **overall,
        **{name: {k: cell(v) for k, v in sorted(g.items())} for name, g in groups.items()},
        "failed": [r["id"] for r in rows if not r["right"]],
    }


def markdown(summary: dict[str, Any], source: str) -> str:
    """The report as Markdown: the overall line, then one table per grouping."""
    lines = [
        f"# Curated suite: {source}",
        "",
        f"Accuracy **{summary['accuracy']:.3f}** ({summary['right']}/{summary['total']}), "
        "judged by `evals/score_questions.py` (every `must_contain` group, no `must_not_contain`).",
    ]
    for key, title in (("by_type", "kind"), ("by_language", "language"), ("by_part", "part")):
        lines += ["", f"| {title} | right | total | accuracy |", "|---|---:|---:|---:|"]
        for name, c in summary[key].items():
            lines.append(f"| {name} | {c['right']} | {c['total']} | {c['accuracy']:.3f} |")
    if summary["failed"]:
        lines += ["", "Failed: " + ", ".join(summary["failed"])]
    return "\n".join(lines) + "\n"


def run_curated(
    settings: Settings,
    driver: Driver,
    out_dir: Path,
    questions_path: Path | None = None,
    limit: int | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> list[Path]:
    """Ask, judge and write `curated_answers.jsonl`, `curated_report.json` and `.md`."""
    path = questions_path or DEFAULT_QUESTIONS
    questions = load_questions(path)
    if limit and limit < len(questions):
        # An even spread, not the first N: the file is sorted by kind.
        questions = [questions[int(i * len(questions) / limit)] for i in range(limit)]
    service = make_agent_service(settings, driver, memory_checkpointer(), SWITCHES["full"])
    answers = asyncio.run(ask_all(service, questions, progress))
    rows = judged(questions, answers, load_parts(path))
    summary = aggregate(rows)
    out_dir.mkdir(parents=True, exist_ok=True)
    answers_path = out_dir / "curated_answers.jsonl"
    answers_path.write_text(
        "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in answers), encoding="utf-8"
    )
    report_json = out_dir / "curated_report.json"
    report = {"questions": str(path), "planner": settings.effective_planner, **summary}
    report_json.write_text(
        json.dumps({**report, "rows": rows}, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    report_md = out_dir / "curated_report.md"
    report_md.write_text(markdown(summary, path.name), encoding="utf-8")
    return [answers_path, report_json, report_md]
