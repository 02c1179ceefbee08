"""LLM backend: structured output into the interchange models, with the rules as the safety net.

The object is asked for by the strongest method the endpoint offers (a JSON schema, tool calling,
or JSON read from the text; `shabgraph.structured`, detected once per endpoint). Answers are
cached on disk (text + model + prompt version) as each notice is answered (an interrupted run keeps
every answer it got), requests run with bounded concurrency and a capped reply, a failed
request is retried, and a notice whose reply stays unusable (or whose endpoint is down) gets the
rules extractor's record instead, counted in `fallbacks`. The chat model is injected, so tests
drive it with a scripted fake.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
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
from ingestion.extraction.rules import RulesExtractor
from shabgraph.errors import LLMError, LLMUnavailable, LLMUnsupported
from shabgraph.structured import Method, Setting, StructuredCaller

log = logging.getLogger(__name__)

BATCH = 32
"""Notices sent per concurrent batch; results stream out batch by batch."""
MAX_TOKENS = 512
"""Cap on one notice's answer: a real notice's object took 91-205 tokens with the 0.5B model
(up to 2 persons each); a weak model that loops inside a list stops here, and its cut reply is
unusable, so the rules extract that notice. At about 1 token/s on a busy CPU, one runaway reply
(cap 1,024 then) was still going after 17 minutes and 595 tokens."""
DOWN_AFTER = 3
"""Notices in a row whose requests all failed (timeout, server error) before the endpoint is
taken as down: the remaining notices go to the rules without waiting on it again."""


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
    """Structured-output extraction through a chat model, cached and bounded; the rules extract
    a notice whose LLM answer is unusable."""

    name = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        cache: ExtractionCache,
        model_name: str,
        max_concurrency: int = 4,
        retries: int = 3,
        retry_wait: bool = True,
        structured: Setting = "auto",
        fallback: RulesExtractor | None = None,
    ) -> None:
        self.model_name = model_name
        """Part of the cache key."""
        self.cache = cache
        """Answers by text, model and prompt version."""
        self.max_concurrency = max(1, max_concurrency)
        """Requests in flight at most."""
        self.retries = max(1, retries)
        """Attempts per notice when a request fails (an unusable reply is not asked again)."""
        self.retry_wait = retry_wait
        """Back off between attempts (off in tests)."""
        self.caller = StructuredCaller(model, structured)
        """Asks with the strongest structured-output method the endpoint offers."""
        self.fallback = fallback or RulesExtractor()
        """Extracts the notices the LLM could not."""
        self.calls = 0
        """Requests sent."""
        self.answered = 0
        """Notices the model extracted in this run (cache hits included)."""
        self.cached = 0
        """Of those, notices served from the cache (no request)."""
        self.fallbacks: dict[str, str] = {}
        """Notice id -> why the rules extracted it instead of the LLM."""
        self.down = ""
        """Why the endpoint is taken as down (empty: it is not)."""
        self._failed_in_row = 0
        self._lock = threading.Lock()

    @property
    def method(self) -> Method:
        """The structured-output method the next request uses (after detection)."""
        return self.caller.method

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

    def _ask(self, inp: ExtractionInput) -> tuple[dict[str, Any] | None, str]:
        """(the model's answer as JSON data, else None and why)."""
        msgs: list[BaseMessage] = [
            SystemMessage(SYSTEM_PROMPT),
            HumanMessage(user_message(inp.text, inp.language)),
        ]
        error: LLMError | None = None
        for attempt in range(self.retries):
            if self.down:
                return None, f"the LLM is unavailable ({self.down})"
            got = self.caller.invoke(NoticeExtraction, msgs, MAX_TOKENS)
            with self._lock:
                self.calls += got.calls
            if got.value is not None:
                with self._lock:
                    self._failed_in_row = 0
                return got.value.model_dump(mode="json"), ""
            error = got.error
            if got.raw is not None or isinstance(error, LLMUnsupported):
                break  # the model answered (asking again gives the same), or a feature is missing
            if self.retry_wait and attempt + 1 < self.retries:
                time.sleep(min(8.0, 0.5 * 2**attempt))
        why = error.message if error else "no answer"
        if isinstance(error, LLMUnavailable):
            with self._lock:
                self._failed_in_row += 1
                if self._failed_in_row >= DOWN_AFTER and not self.down:
                    self.down = why
        return None, f"the LLM's answer was unusable ({why})"

    def _answer(self, inp: ExtractionInput, key: str) -> tuple[dict[str, Any] | None, str]:
        """`_ask`, the answer cached at once (not at the end of its batch)."""
        data, why = self._ask(inp)
        if data is not None:
            self.cache.put(key, data)
        return data, why

    def report(self) -> str:
        """One line for the ingest summary: who extracted the notices, and what it cost."""
        fell = len(self.fallbacks)
        return (
            f"llm: {self.answered + fell} notices, {self.answered} by the model "
            f"({self.cached} from its cache), {fell} fell back to the rules; "
            f"{self.calls} requests ({self.method})"
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
                self.answered += 1
                self.cached += 1
                results[n] = self._record(inp, hit)
            else:
                todo.append(n)
        if todo:
            with ThreadPoolExecutor(max_workers=self.max_concurrency) as pool:
                answers = list(
                    pool.map(self._answer, [batch[n] for n in todo], [keys[n] for n in todo])
                )
            for n, (data, why) in zip(todo, answers, strict=True):
                inp = batch[n]
                if data is None:
                    log.warning("notice %s: the rules extract it: %s", inp.id, why)
                    self.fallbacks[inp.id] = why
                    results[n] = self.fallback.extract(inp)
                    continue
                self.answered += 1
                results[n] = self._record(inp, data)
        return [r for r in results if r is not None]
