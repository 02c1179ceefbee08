"""The LLM extractor's prompt and schema carry the issue-16 conventions, and its answers are
tidied by them (scripted chat model, no network)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingestion.extraction.cache import ExtractionCache
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.llm import LLMExtractor, NoticeExtraction
from ingestion.extraction.models import Subject
from tests.fakes.chat import ScriptedChatModel

pytestmark = pytest.mark.unit

NOTICE = (
    "Beispiel Druck AG, in Murten, CHE-100.000.009, Aktiengesellschaft (SHAB Nr. 3 vom "
    "04.02.2014). Die Kollektivprokura von Etter Lina, Pauchard Rolf und von Känel Mia ist "
    "erloschen. Revisionsstelle neu: Prüfhaus Murten AG, in Murten. Gestrichen: Revisionsstelle "
    "Kontrolle Broye GmbH, in Avenches."
)
ANSWER = {
    "subject": {"name": "Beispiel Druck AG", "uid": "CHE-100.000.009", "seat": "Murten"},
    "events": ["officer_change", "auditor_change", "signature_change"],
    "persons": [
        {
            "family_name": family,
            "given_names": given,
            "roles": ["authorized_signatory"],
            "signature": "collective_procuration",
            "action": "removed",
        }
        for family, given in (("Etter", "Lina"), ("Pauchard", "Rolf"), ("von Känel", "Mia"))
    ]
    # The model named one person twice: the tidy step keeps one.
    + [
        {
            "family_name": "Etter",
            "given_names": "Lina",
            "roles": ["authorized_signatory"],
            "signature": "collective_procuration",
            "action": "removed",
        }
    ],
    "companies": [
        {"name": "Prüfhaus Murten AG", "seat": "Murten", "roles": ["auditor"]},
        {
            "name": "Kontrolle Broye GmbH",
            "seat": "Avenches",
            "roles": ["auditor"],
            "action": "removed",
        },
        # The subject named again is no company of the notice.
        {"name": "Beispiel Druck AG", "roles": ["other"]},
    ],
}


def _extract(tmp_path: Path, answer: dict) -> tuple[list, ScriptedChatModel]:  # type: ignore[type-arg]
    fake = ScriptedChatModel(script=[answer])
    llm = LLMExtractor(fake, ExtractionCache(tmp_path / "cache"), "fake-model", retry_wait=False)
    inp = ExtractionInput(
        id="n1", text=NOTICE, language="de", subject=Subject(name="Beispiel Druck AG")
    )
    return list(llm.extract_many([inp])), fake


def test_the_prompt_sent_names_every_convention(tmp_path: Path) -> None:
    _, fake = _extract(tmp_path, ANSWER)
    system = str(fake.calls[0][0].content)
    for cue in (
        "sind zurückgetreten",  # several officers, one verb
        "ont démissionné",
        "sono dimissionari",
        "family name first",  # expiry lists
        "Kollektivprokura = collective_procuration",
        "bisher Mitglied, ist jetzt",  # earlier values in prose
        "Personen neu oder mutierend",  # list labels
        "von und in X",  # particles and home towns
        "Walter Peter",  # name order
        "en remplacement de",  # companies in roles
        "Société mère",
        "Gründung von der",  # false positives
    ):
        assert cue in system, cue
    assert NOTICE in str(fake.calls[0][1].content)


def test_the_schema_carries_the_conventions() -> None:
    props = NoticeExtraction.model_json_schema()["properties"]
    assert "family name first" in props["persons"]["description"]
    assert "home towns" in props["persons"]["description"]
    assert "en remplacement de" in props["companies"]["description"]
    assert "never the subject itself" in props["companies"]["description"]


def test_an_expiry_answer_is_kept_per_person_and_tidied(tmp_path: Path) -> None:
    (rec,), _ = _extract(tmp_path, ANSWER)
    assert [(p.family_name, p.given_names) for p in rec.persons] == [
        ("Etter", "Lina"),
        ("Pauchard", "Rolf"),
        ("von Känel", "Mia"),
    ]
    assert {p.signature for p in rec.persons} == {"collective_procuration"}
    assert [(c.name, c.action) for c in rec.companies] == [
        ("Prüfhaus Murten AG", "registered"),
        ("Kontrolle Broye GmbH", "removed"),
    ]


def test_a_branch_may_name_its_head_office_under_the_subject_name(tmp_path: Path) -> None:
    answer = {
        "companies": [{"name": "Beispiel Druck AG", "roles": ["head_office"], "seat": "Bern"}],
    }
    (rec,), _ = _extract(tmp_path, answer)
    assert [c.roles for c in rec.companies] == [["head_office"]]
