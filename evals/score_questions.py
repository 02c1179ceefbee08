#!/usr/bin/env python3
"""Score the agent's answers to real-notice questions (evals/data/questions/*.jsonl).

An answer is right when every `must_contain` group has at least one alternative in it and no
`must_not_contain` string is in it. Matching ignores case, accents, apostrophe styles and runs of
white space. Echoed tool calls such as `search_companies(query='...')` are removed first, so a
question's own words repeated in a "searched for" line earn nothing.

Run from the project root, on a graph built from the real notices alone
(`shabgraph ingest tests/data/real`):

    python evals/score_questions.py evals/data/questions/real_dev.jsonl   # asks `shabgraph ask --json`
    python evals/score_questions.py QUESTIONS.jsonl --answers A.jsonl      # lines {"id": ..., "answer": ...}
    options: --cli PATH (default: .venv/bin/shabgraph, else shabgraph on PATH), --json,
             --fails N (print the first N failures with their answers), --only TYPE
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
import unicodedata
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

CALL_ECHO = re.compile(r"\b[a-z][a-z_]*\((?:[^()]|\([^()]*\))*\)")


def norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", text or "")
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    return re.sub(r"\s+", " ", text.lower())


def judge(q: dict[str, Any], answer: str) -> tuple[bool, str]:
    """(right, why) for one answer."""
    a = norm(CALL_ECHO.sub(" ", answer or ""))
    for group in q.get("must_contain") or []:
        if not any(norm(alt) in a for alt in group):
            return False, f"lacks any of {group[:4]}"
    for bad in q.get("must_not_contain") or []:
        if norm(bad) in a:
            return False, f"contains {bad!r}"
    return True, "ok"


def find_cli(given: str | None) -> str:
    if given:
        return given
    local = Path(".venv/bin/shabgraph")
    if local.exists():
        return str(local)
    found = shutil.which("shabgraph")
    if not found:
        sys.exit(
            "no shabgraph command: run from the project root after `make setup`, or pass --cli"
        )
    return found


def ask(cli: str, question: str, thread: str) -> tuple[str, float, str | None]:
    t = time.monotonic()
    try:
        r = subprocess.run(
            [cli, "ask", question, "--thread", thread, "--json"],
            capture_output=True,
            text=True,
            timeout=300,
        )
    except subprocess.TimeoutExpired:
        return "", time.monotonic() - t, "timeout"
    dt = time.monotonic() - t
    if r.returncode != 0:
        return "", dt, f"exit {r.returncode}: {r.stderr.strip()[-200:]}"
    try:
        return json.loads(r.stdout).get("answer", ""), dt, None
    except json.JSONDecodeError:
        return "", dt, "not JSON: " + r.stdout.strip()[-200:]


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("questions")
    p.add_argument("--answers")
    p.add_argument("--cli")
    p.add_argument("--json", action="store_true")
    p.add_argument("--fails", type=int, default=0)
    p.add_argument("--only")
    args = p.parse_args()

    qs = [
        json.loads(line)
        for line in Path(args.questions).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    if args.only:
        qs = [q for q in qs if q["type"] == args.only]
    given: dict[str, str] = {}
    if args.answers:
        for line in Path(args.answers).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                given[row["id"]] = row.get("answer", "")
    cli = "" if args.answers else find_cli(args.cli)

    rows: list[dict[str, Any]] = []
    for q in qs:
        err, dt = None, 0.0
        if args.answers:
            answer = given.get(q["id"], "")
        else:
            thread = "score-" + uuid.uuid4().hex[:10]
            for turn in (q.get("turns") or [])[:-1]:
                ask(cli, turn, thread)
            answer, dt, err = ask(cli, q["question"], thread)
        right, why = judge(q, answer) if err is None else (False, err)
        rows.append(
            {
                "id": q["id"],
                "type": q["type"],
                "language": q["language"],
                "right": right,
                "why": why,
                "error": err,
                "seconds": round(dt, 2),
                "answer": answer,
            }
        )

    def share(sel: list[dict[str, Any]]) -> str:
        return f"{sum(r['right'] for r in sel)}/{len(sel)}" if sel else "-"

    by_type: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    by_lang: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_type[r["type"]].append(r)
        by_lang[r["language"]].append(r)
    n_right = sum(r["right"] for r in rows)
    by_type_share = {k: share(v) for k, v in sorted(by_type.items())}
    by_lang_share = {k: share(v) for k, v in sorted(by_lang.items())}
    summary = {
        "questions": len(rows),
        "right": n_right,
        "accuracy": round(n_right / len(rows), 3) if rows else 0.0,
        "errors": sum(1 for r in rows if r["error"]),
        "by_type": by_type_share,
        "by_language": by_lang_share,
        "failed": [r["id"] for r in rows if not r["right"]],
    }
    if args.json:
        print(json.dumps({"summary": summary, "rows": rows}, ensure_ascii=False))
    else:
        for r in [r for r in rows if not r["right"]][: args.fails]:
            q = next(x for x in qs if x["id"] == r["id"])
            print(
                f"--- {r['id']} [{r['type']}/{r['language']}] {q['question']}\n    {r['why']}\n    "
                + r["answer"][:600].replace("\n", "\n    ")
            )
        print("by type:     " + ", ".join(f"{k} {v}" for k, v in by_type_share.items()))
        print("by language: " + ", ".join(f"{k} {v}" for k, v in by_lang_share.items()))
        print(
            f"accuracy {summary['accuracy']:.3f} ({n_right}/{len(rows)}), errors {summary['errors']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
