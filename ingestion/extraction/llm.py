"""LLM backend: ChatOpenAI with structured output into the interchange models.

Answers are cached on disk (text + model + prompt version), requests run with bounded
concurrency and retries, and a failed notice yields an `error` record instead of an exception.
The chat model is injected, so tests drive it with a scripted fake.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from ingestion.extraction.cache import ExtractionCache
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.models import (
    CompanyMention,
    EventType,
    ExtractionRecord,
    PersonMention,
    Subject,
)
from ingestion.extraction.prompts import PROMPT_VERSION, SYSTEM_PROMPT, user_message

BATCH = 32
"""Notices sent per concurrent batch; results stream out batch by batch."""


class NoticeExtraction(BaseModel):
    """What the model fills for one notice (the record without id and error).

    The field descriptions go into the JSON schema the model answers in, so they repeat the
    conventions of the prompt where a field is filled (issue 16)."""

    subject: Subject | None = Field(
        default=None,
        description="The company the notice is about, as it stands after the notice.",
    )
    """The notice's subject after the notice."""
    events: list[EventType] = Field(
        default_factory=list,
        description="Every event the notice records; signature_change only when a pure "
        "signatory is added or removed or a person's signature right changes.",
    )
    """Events the notice records."""
    persons: list[PersonMention] = Field(
        default_factory=list,
        description="Every natural person with a function or signature right, one entry per "
        "person: each name of a prose list or an expiry sentence ('Die Prokura von A B und C D "
        "ist erloschen', 'Les signatures de A B et de C D sont radiées', 'Le firme di A B e di C "
        "D sono estinte') is its own removed person, family name first; a von/de/di repeated "
        "before each name is the preposition, a particle in the name's place is part of the "
        "family name; home towns, residences and share phrases are never names; 'X, bisher …, "
        "ist jetzt …' puts the old values in previous.",
    )
    """Natural persons with a function or signature right."""
    companies: list[CompanyMention] = Field(
        default_factory=list,
        description="Legal entities other than the subject with a role: auditors entered or "
        "removed (the one replaced, 'en remplacement de', 'Gestrichen:', 'in sostituzione di', "
        "is removed), the head office of a branch, partners and limited partners, founders, "
        "liquidators, merger and asset-transfer counterparts. Names without a leading function "
        "word or founding clause ('Gründung von der'); never the subject itself, a c/o "
        "addressee or a supervisory authority; a foreign register number is not a uid.",
    )
    """Other legal entities with a function or transaction role."""


def _key(name: str | None) -> str:
    return " ".join((name or "").lower().split())


def tidy(out: NoticeExtraction, subject: Subject | None) -> NoticeExtraction:
    """What the conventions forbid, removed from a model's answer: the subject among the
    companies (unless it is the head office of its own branch) and a person or company given
    twice with the same action."""
    names = {_key(s.name) for s in (subject, out.subject) if s is not None and s.name}
    companies, seen_c = [], set()
    for c in out.companies:
        key = (_key(c.name), c.action)
        if (key[0] in names and "head_office" not in c.roles) or key in seen_c:
            continue
        seen_c.add(key)
        companies.append(c)
    persons, seen_p = [], set()
    for p in out.persons:
        pkey = (_key(p.family_name), _key(p.given_names), p.action)
        if pkey not in seen_p:
            seen_p.add(pkey)
            persons.append(p)
    return out.model_copy(update={"companies": companies, "persons": persons})


class LLMExtractor:
    """Structured-output extraction through a chat model, cached and bounded."""

    name = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        cache: ExtractionCache,
        model_name: str,
        max_concurrency: int = 4,
        retries: int = 3,
        retry_wait: bool = True,
    ) -> None:
        self.model_name = model_name
        self.cache = cache
        self.max_concurrency = max(1, max_concurrency)
        self.calls = 0
        method: dict[str, Any] = {}
        if type(model).__name__ == "ChatOpenAI":
            method = {"method": "json_schema", "strict": False}
        structured = model.with_structured_output(NoticeExtraction, **method)
        self.runnable = structured.with_retry(
            stop_after_attempt=max(1, retries), wait_exponential_jitter=retry_wait
        )

    def _record(self, inp: ExtractionInput, data: dict[str, Any]) -> ExtractionRecord:
        out = tidy(NoticeExtraction.model_validate(data), inp.subject)
        return ExtractionRecord(
            id=inp.id,
            language=inp.language,
            subject=out.subject or inp.subject,
            events=out.events,
            persons=out.persons,
            companies=out.companies,
        )

    def extract_many(self, inputs: Iterable[ExtractionInput]) -> Iterator[ExtractionRecord]:
        """One record per input, same order; cache hits cost no call."""
        batch: list[ExtractionInput] = []
        for inp in inputs:
            batch.append(inp)
            if len(batch) >= BATCH:
                yield from self._batch(batch)
                batch = []
        if batch:
            yield from self._batch(batch)

    def _batch(self, batch: list[ExtractionInput]) -> list[ExtractionRecord]:
        keys = [self.cache.key(i.text, self.model_name, PROMPT_VERSION) for i in batch]
        results: list[ExtractionRecord | None] = [None] * len(batch)
        todo = []
        for n, (inp, key) in enumerate(zip(batch, keys, strict=True)):
            hit = self.cache.get(key)
            if hit is not None:
                results[n] = self._record(inp, hit)
            else:
                todo.append(n)
        if todo:
            prompts: list[Sequence[BaseMessage]] = [
                [
                    SystemMessage(SYSTEM_PROMPT),
                    HumanMessage(user_message(batch[n].text, batch[n].language)),
                ]
                for n in todo
            ]
            self.calls += len(prompts)
            answers = self.runnable.batch(
                prompts,  # type: ignore[arg-type]
                config={"max_concurrency": self.max_concurrency},
                return_exceptions=True,
            )
            for n, answer in zip(todo, answers, strict=True):
                inp = batch[n]
                if isinstance(answer, BaseException) or not isinstance(answer, BaseModel):
                    why = answer if isinstance(answer, BaseException) else "no structured answer"
                    results[n] = ExtractionRecord(
                        id=inp.id, language=inp.language, error=f"llm extraction failed: {why}"
                    )
                    continue
                data = answer.model_dump(mode="json")
                self.cache.put(keys[n], data)
                results[n] = self._record(inp, data)
        return [r for r in results if r is not None]
