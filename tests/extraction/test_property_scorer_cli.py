"""Property test (never raises, always schema-valid), the scorer, and the two commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evals.extraction_scorer import render, score
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.models import CompanyMention, ExtractionRecord, PersonMention
from ingestion.extraction.rules import RulesExtractor
from tests.conftest import EXTRACTION_SCHEMA, REPO

pytestmark = pytest.mark.unit

SCHEMA = json.loads(EXTRACTION_SCHEMA.read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
RULES = RulesExtractor()
# Fragments of real conventions, so random text also reaches the block and prose parsers.
FRAGMENTS = st.sampled_from(
    [
        "Eingetragene Personen: ",
        "Ausgeschiedene Personen und erloschene Unterschriften: ",
        "Personne(s) inscrite(s): ",
        "Persone iscritte: ",
        ", von ",
        ", in ",
        ", à ",
        ", de ",
        "; ",
        ". ",
        "[bisher: ",
        "]",
        "(",
        ")",
        "mit Einzelunterschrift",
        "avec signature collective à deux",
        "Signature individuelle a été conférée à ",
        "La procuration de ",
        " est radiée",
        "Fusion: Übernahme der Aktiven und Passiven der ",
        " (CHE-123.456.789)",
        "Muster AG",
        "Associé-gérant: ",
        "cittadino italiano",
        "deutscher Staatsangehöriger",
        ", und ",
        "Dr. ",
    ]
)
TEXT = st.lists(st.one_of(FRAGMENTS, st.text(max_size=30)), max_size=25).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, language=st.sampled_from([None, "de", "fr", "it", "rm"]))
def test_rules_never_raise_and_stay_schema_valid(text: str, language: str | None) -> None:
    rec = RULES.extract(ExtractionInput(id="p", text=text, language=language))  # type: ignore[arg-type]
    assert rec.error is None, rec.error
    VALIDATOR.validate(rec.model_dump(mode="json"))


def _rec(
    persons: list[PersonMention],
    companies: list[CompanyMention],
    events: list[str],
    lang: str = "de",
) -> ExtractionRecord:
    return ExtractionRecord(
        id="s",
        language=lang,
        persons=persons,
        companies=companies,  # type: ignore[arg-type]
        events=events,
    )  # type: ignore[arg-type]


def test_scorer_fuzzy_one_to_one_and_relations() -> None:
    gold = _rec(
        [
            PersonMention(
                family_name="Müller", given_names="Hans Peter", roles=["chair", "partner"]
            ),
            PersonMention(family_name="Rossi", given_names="Maria", roles=["board_member"]),
        ],
        [CompanyMention(name="Revisio SA", roles=["auditor"])],
        ["officer_change"],
    )
    pred = _rec(
        [
            PersonMention(family_name="Hans Peter", given_names="Muller", roles=["chair"]),
            PersonMention(family_name="Hans Peter", given_names="Müller", roles=["chair"]),
        ],
        [CompanyMention(name="Revisio AG", roles=["auditor"])],
        ["officer_change", "other"],
    )
    r = score([gold], [pred]).overall
    assert (r.persons.tp, r.persons.pred, r.persons.gold) == (1, 2, 2), (
        "one-to-one, order/accent-insensitive"
    )
    assert (r.companies.tp, r.companies.gold) == (1, 1), "SA and AG are the same legal form"
    assert (r.roles.tp, r.roles.pred, r.roles.gold) == (2, 2, 3)
    assert (r.relations.tp, r.relations.pred, r.relations.gold) == (2, 3, 4)
    assert r.events.precision == 0.5 and r.events.recall == 1.0
    assert "Persons" in render(score([gold], [pred])) and "== de" in render(score([gold], [pred]))


def test_scorer_missing_prediction_counts_as_empty() -> None:
    gold = _rec([PersonMention(family_name="A", given_names="B")], [], ["registration"])
    report = score([gold], [])
    assert report.missing == ["s"] and report.overall.persons.recall == 0.0


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SHABGRAPH_LLM_BASE_URL="")
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )


@pytest.mark.slow  # two CLI subprocesses (interpreter start-up dominates)
def test_cli_extract_keeps_every_line_and_eval(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        "\n".join(
            [
                json.dumps(
                    {
                        "id": "a",
                        "text": "Muster AG, in Exempel. Eingetragene Personen: Fiktiv, Fritz, "
                        "von Bern, in Thun, Präsident, mit Einzelunterschrift.",
                    }
                ),
                "{not json",
                json.dumps({"id": "c"}),
                json.dumps({"id": "d", "text": "Kurz."}),
            ]
        )
        + "\n"
    )
    out = tmp_path / "out.jsonl"
    res = _cli("extract", str(src), "-o", str(out))
    assert res.returncode == 0, res.stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["id"] for x in lines] == ["a", "line-2", "c", "d"]
    assert lines[0]["persons"][0]["family_name"] == "Fiktiv"
    assert "error" in lines[1] and "error" in lines[2] and "error" not in lines[3]
    for x in lines:
        VALIDATOR.validate(x)
    res = _cli("eval", "extraction", "--gold", str(out), "--pred", str(out))
    assert res.returncode == 0, res.stderr
    assert "Persons                   1.000  1.000  1.000" in res.stdout
