"""`shabgraph ingest --extractor llm | hybrid`: the ingest path builds its backend with the one
factory (`get_extractor`) and writes what the chat model answered into the real graph.

The chat model is the suite's scripted one, handed to `ingest_paths` in place of the configured
endpoint: everything else (factory, cache, read stage, resolution, writes) is the product's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from ingestion.graph.pipeline import ingest_paths
from shabgraph.db import read
from shabgraph.settings import Settings
from synthetic import generate
from tests.conftest import REPO, settings_env
from tests.fakes.chat import ScriptedChatModel

pytestmark = pytest.mark.integration

NOTICES = 8
ANSWER: dict[str, Any] = {
    "events": ["officer_change"],
    "persons": [
        {
            "family_name": "Fiktiv",
            "given_names": "Fritz",
            "roles": ["member"],
            "signature": "individual",
            "action": "registered",
        }
    ],
    "companies": [],
}
# A convention the rules do not know (the person after an unlabelled verb phrase): the hybrid
# backend must send this notice, and only this one, to the model.
UNCOVERED = (
    "Muster AG, in Exempel, CHE-111.111.111, Aktiengesellschaft. "
    "Gewählt wurde Fiktiv Fritz, von Bern, in Thun, als Berater."
)
PERSON_EVENTS = """
MATCH (p:Person)-[:INVOLVED_IN]->(e:Event)
RETURN p.family_name AS family, e.pub_number AS pub
"""


def _corpus(tmp_path: Path) -> tuple[Path, str]:
    """A small synthetic corpus whose first notice has the uncovered text; (folder, its pub)."""
    folder = tmp_path / "corpus"
    generate(NOTICES, 5, folder)
    first = sorted((folder / "notices").iterdir())[0]
    doc = json.loads(first.read_text(encoding="utf-8"))
    pub = doc["content"][0]
    pub["content"]["publicationText"] = UNCOVERED
    first.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return folder / "notices", pub["meta"]["publicationNumber"]


def _settings(tmp_path: Path) -> Settings:
    # A fresh data_dir: an empty answer cache, so every call reaches the scripted model.
    return Settings(SHABGRAPH_DATA_DIR=tmp_path / "data", SHABGRAPH_LLM_MODEL="scripted")


def test_ingest_with_the_llm_extractor(clean_db: Driver, tmp_path: Path) -> None:
    notices, _ = _corpus(tmp_path)
    fake = ScriptedChatModel(script=[ANSWER] * NOTICES)
    summary = ingest_paths(
        [notices],
        clean_db,
        "neo4j",
        "llm",
        show_progress=False,
        settings=_settings(tmp_path),
        model=fake,
    )
    assert summary.notices == NOTICES
    assert len(fake.calls) == NOTICES  # every notice went to the model, once
    rows = read(clean_db, "neo4j", PERSON_EVENTS)
    # The rules would have found the corpus's own officers: only the model's person is there.
    assert {r["family"] for r in rows} == {"Fiktiv"}
    assert len({r["pub"] for r in rows}) == NOTICES


def test_ingest_with_the_hybrid_extractor(clean_db: Driver, tmp_path: Path) -> None:
    notices, uncovered_pub = _corpus(tmp_path)
    fake = ScriptedChatModel(script=[ANSWER])
    summary = ingest_paths(
        [notices],
        clean_db,
        "neo4j",
        "hybrid",
        show_progress=False,
        settings=_settings(tmp_path),
        model=fake,
    )
    assert summary.notices == NOTICES
    assert len(fake.calls) == 1  # the rules covered every other notice
    rows = read(clean_db, "neo4j", PERSON_EVENTS)
    assert {r["pub"] for r in rows if r["family"] == "Fiktiv"} == {uncovered_pub}
    # The other notices keep the rules' persons.
    assert {r["family"] for r in rows} - {"Fiktiv"}
    assert {r["pub"] for r in rows} - {uncovered_pub}


@pytest.mark.parametrize("extractor", ["llm", "hybrid"])
def test_the_ingest_command_builds_the_llm_backends_with_the_one_factory(
    clean_db: Driver, neo4j_settings: Settings, tmp_path: Path, extractor: str
) -> None:
    # Without an endpoint the factory refuses with a configuration error, naming the setting:
    # the command reached `get_extractor` (before, `llm` died of a TypeError, `hybrid` of a
    # missing module).
    notices, _ = _corpus(tmp_path)
    env = settings_env(neo4j_settings) | {
        "SHABGRAPH_LLM_BASE_URL": "",
        "SHABGRAPH_DATA_DIR": str(tmp_path / "data"),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "cli", "ingest", "--extractor", extractor, str(notices)],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode != 0
    assert f"the {extractor} extractor needs SHABGRAPH_LLM_BASE_URL" in proc.stderr
    assert "Traceback" not in proc.stderr
